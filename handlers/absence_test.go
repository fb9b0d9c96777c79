package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/tablegames/tables/game/president"
	"github.com/tablegames/tables/room"
)

// humanTurn waits until the table waits for seat.
func humanTurn(e *env, code string, seat int) {
	e.waitRoom(code, "seat's turn", func(r *room.Room) bool {
		w := r.Table().Match.Waiting()
		return len(w) > 0 && w[0] == seat
	})
}

func TestClockPlaysForTheSlowPlayer(t *testing.T) {
	cfg := fastConfig()
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}, "clock": {"1"}})
	ws := host.dial(code)
	host.lobby(code, "do", "start")
	humanTurn(e, code, 0)
	// the clock is shown
	ws.waitFor(t, "a countdown", func(m string) bool { return strings.Contains(m, `class="clock" role="timer"`) })
	var v0 int
	e.inRoom(code, func(r *room.Room) { v0 = r.Table().Match.Version() })
	// nobody moves: after a second the table plays for Ann
	ws.waitFor(t, "the clock's move", func(m string) bool { return strings.Contains(m, "time ran out") })
	e.inRoom(code, func(r *room.Room) {
		if r.Table().Match.Version() <= v0 {
			t.Fatal("no move was made for Ann")
		}
	})
	// the move is in the log like any other
	entries, _ := e.db.Log(context.Background(), code, 0)
	found := false
	for _, en := range entries {
		found = found || strings.Contains(string(en.Entry), `"by":"clock"`)
	}
	if !found {
		t.Fatal("the clock's move is not in the log")
	}
}

func TestAbsentPlayerAutoplayTakeoverAndReturn(t *testing.T) {
	cfg := fastConfig()
	cfg.AbsentAutoplay, cfg.AbsentGrace = 20*time.Millisecond, 2*time.Second
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"}})
	bob := e.client()
	bob.join(code, "Bob")
	bob.lobby(code, "do", "ready")
	// Ann and Bob have no page open: their moves are played for them; a
	// watcher follows the table
	watcher := e.client()
	watcher.get("/")
	wsAnn := watcher.dial(code)
	host.lobby(code, "do", "start")
	// Bob never connects: his moves are played for him, then a bot takes
	// his seat
	wsAnn.waitFor(t, "Bob played for", func(m string) bool { return strings.Contains(m, "Bob is disconnected: the table plays for them") })
	wsAnn.waitFor(t, "the takeover", func(m string) bool { return strings.Contains(m, "Bob is away: a bot plays for them") })
	wsAnn.waitFor(t, "the away badge", func(m string) bool {
		return strings.Contains(m, `title="Gone: a bot plays until they are back">away</em>`)
	})
	// Bob comes back: his seat is his again
	bob.get("/t/" + code)
	wsBob := bob.dial(code)
	wsBob.waitFor(t, "Bob's hand", func(m string) bool { return strings.Contains(m, `id="p-hand"`) })
	wsAnn.waitFor(t, "Bob back", func(m string) bool { return strings.Contains(m, "Bob is back.") })
	e.inRoom(code, func(r *room.Room) {
		if r.Table().Seats[1].Away || r.Table().Seats[1].Player == "" {
			t.Fatalf("Bob's seat after return: %+v", r.Table().Seats[1])
		}
	})
}

func TestChat(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("<b>Ann</b>", url.Values{"ruleset": {"house"}, "seats": {"3"}})
	ws := host.dial(code)
	ws.waitFor(t, "the table", func(m string) bool { return strings.Contains(m, `id="lobby"`) })
	xss := `<script>alert(1)</script><img src=x onerror=alert(2)>`
	if status, body, _ := host.post("/t/"+code+"/chat", url.Values{"text": {xss}}); status != 204 {
		t.Fatalf("chat: %d %s", status, body)
	}
	msg := ws.waitFor(t, "the chat line", func(m string) bool { return strings.Contains(m, "alert(1)") })
	if strings.Contains(msg, "<script>") || strings.Contains(msg, "<img") || strings.Contains(msg, "<b>Ann") {
		t.Fatalf("chat not escaped: %s", msg)
	}
	if !strings.Contains(msg, "&lt;script&gt;") {
		t.Fatalf("escaped text missing: %s", msg)
	}
	_, page := host.get("/t/" + code)
	if strings.Contains(page, "<script>alert") || strings.Contains(page, "<b>Ann</b>") {
		t.Fatal("page shows raw markup from a name or chat")
	}
	for _, bad := range []string{"", "   ", strings.Repeat("x", 201), "bell\x07"} {
		if status, _, _ := host.post("/t/"+code+"/chat", url.Values{"text": {bad}}); status != 422 {
			t.Errorf("chat %q: %d", bad, status)
		}
	}
	// 5 messages per 10 s: the first one above plus four more pass
	for i := 0; i < 4; i++ {
		if status, _, _ := host.post("/t/"+code+"/chat", url.Values{"text": {"hi"}}); status != 204 {
			t.Fatalf("chat %d refused", i+2)
		}
	}
	status, body, hdr := host.post("/t/"+code+"/chat", url.Values{"text": {"one too many"}})
	if status != 422 || hdr.Get("X-Error-Code") != "RATE_LIMITED" {
		t.Fatalf("sixth message: %d %s", status, body)
	}
}

func dialRaw(e *env, code string, hdr http.Header) (*websocket.Conn, *http.Response, error) {
	return websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(e.http.URL, "http")+"/t/"+code+"/ws", hdr)
}

func TestWebsocketLimits(t *testing.T) {
	cfg := fastConfig()
	cfg.MaxSocketsPerIP = 3
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}})

	// a page of another site can't open the socket
	_, resp, err := dialRaw(e, code, http.Header{"Origin": {"https://evil.example"}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-origin upgrade: %v %v", err, resp)
	}
	// an unknown table
	if _, resp, err := dialRaw(e, "ZZZZ", nil); err == nil || resp.StatusCode != 404 {
		t.Fatalf("unknown table: %v", err)
	}

	// a frame over 1 KB closes the connection
	c, _, err := dialRaw(e, code, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.ReadMessage() // the table
	c.WriteMessage(websocket.TextMessage, []byte(strings.Repeat("x", 2048)))
	if _, _, err := c.ReadMessage(); !websocket.IsCloseError(err, websocket.CloseMessageTooBig) {
		t.Fatalf("oversized frame: %v", err)
	}

	// a flood: beyond the bucket, the third violation ends the connection
	f, _, err := dialRaw(e, code, nil)
	if err != nil {
		t.Fatal(err)
	}
	f.ReadMessage()
	for i := 0; i < 40; i++ {
		if f.WriteMessage(websocket.TextMessage, []byte("ping")) != nil {
			break
		}
	}
	for {
		_, _, err := f.ReadMessage()
		if err != nil {
			if !websocket.IsCloseError(err, websocket.ClosePolicyViolation) {
				t.Fatalf("flood: %v", err)
			}
			break
		}
	}

	// at most MaxSocketsPerIP per address, once the closed ones are gone
	c.Close()
	f.Close()
	waitSockets(t, e, 0)
	var open []*websocket.Conn
	for i := 0; i < 3; i++ {
		c, _, err := dialRaw(e, code, nil)
		if err != nil {
			t.Fatalf("socket %d: %v", i, err)
		}
		open = append(open, c)
	}
	if _, resp, err := dialRaw(e, code, nil); err == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("one socket too many: %v", err)
	}
	open[0].Close()
	waitSockets(t, e, 2)
	if c, _, err := dialRaw(e, code, nil); err != nil {
		t.Fatalf("a freed slot was not given back: %v", err)
	} else {
		c.Close()
	}
	for _, c := range open[1:] {
		c.Close()
	}
}

func TestShutdownClosesSocketsWith1012(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}})
	c, _, err := dialRaw(e, code, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.ReadMessage()
	go e.srv.Shutdown(context.Background())
	_, _, err = c.ReadMessage()
	if !websocket.IsCloseError(err, websocket.CloseServiceRestart) {
		t.Fatalf("closed with %v, want 1012 so browsers reconnect", err)
	}
}

func TestIdleTablesClose(t *testing.T) {
	cfg := fastConfig()
	cfg.IdleClose = time.Hour
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}})
	ws := host.dial(code)
	ws.waitFor(t, "the lobby", func(m string) bool { return strings.Contains(m, `id="lobby"`) })
	if n, err := e.srv.CloseIdle(context.Background()); err != nil || n != 0 {
		t.Fatalf("closed %d fresh tables: %v", n, err)
	}
	e.srv.rt.Now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	if n, err := e.srv.CloseIdle(context.Background()); err != nil || n != 1 {
		t.Fatalf("closed %d idle tables: %v", n, err)
	}
	if status, _ := host.get("/t/" + code); status != http.StatusNotFound {
		t.Fatalf("closed table answers %d", status)
	}
	if entries, _ := e.db.Log(context.Background(), code, 0); len(entries) == 0 {
		t.Fatal("a closed table lost its log")
	}
}

func TestTableCap(t *testing.T) {
	cfg := fastConfig()
	cfg.MaxOpenTables = 2
	e := newEnv(t, cfg)
	c := e.client()
	c.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}})
	c.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}})
	c.get("/")
	status, body, _ := c.post("/tables", url.Values{"kind": {"president"}, "name": {"Ann"}, "ruleset": {"house"}, "seats": {"3"}})
	if status != http.StatusServiceUnavailable || !strings.Contains(body, "limit of open tables") {
		t.Fatalf("third table: %d", status)
	}
	_ = president.House
}

// waitSockets waits until the server counts n websockets from loopback.
func waitSockets(t *testing.T, e *env, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		e.srv.sockets.mu.Lock()
		got := e.srv.sockets.n["127.0.0.1"]
		e.srv.sockets.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d sockets open, want %d", got, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestNeighboursCantShutTheDoor: people at a player's address (an office,
// a phone carrier's NAT) can't keep them from their own table: not by
// guessing codes until the address is limited, nor by holding every socket
// the address may open. Guessers and the other sockets stay limited.
func TestNeighboursCantShutTheDoor(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = DefaultLimits()
	cfg.MaxSocketsPerIP = 5
	e := newEnv(t, cfg)
	_, bob, code := annAndBob(e, url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}})

	// a watcher at the address holds every socket the address may open
	watcher := e.client()
	watcher.join(code, "Wes")
	for i := 0; i < cfg.MaxSocketsPerIP; i++ {
		watcher.dial(code)
	}
	waitSockets(t, e, cfg.MaxSocketsPerIP)
	if _, resp, err := watcher.dialRaw(code); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a socket beyond the address's cap: %v", err)
	}
	// and a guesser at the address runs out of tries
	guesser := e.client()
	for i := 0; i < 25; i++ {
		guesser.get("/t/ZZZZ" + string(room.CodeAlphabet[i]) + "XYZ")
	}
	if status, _ := guesser.get("/t/" + code); status != http.StatusTooManyRequests {
		t.Fatalf("the guesser after 25 misses: %d", status)
	}
	// Bob's page, his moves and his socket still work
	if status, page := bob.get("/t/" + code); status != http.StatusOK || !strings.Contains(page, "You are Bob") {
		t.Fatalf("Bob's own table after the guessing: %d", status)
	}
	if status, _, _ := bob.post("/t/"+code+"/chat", url.Values{"text": {"still here"}}); status != http.StatusNoContent {
		t.Fatalf("Bob's chat after the guessing: %d", status)
	}
	bob.dial(code) // fails the test if refused
	e.waitRoom(code, "Bob connected", func(r *room.Room) bool { return r.SeatConnected(1) })
}
