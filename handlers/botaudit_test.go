package handlers

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/room"
)

// TestBotAPIAnswersJSONOnly: what Echo refuses before a bot API handler
// runs (a body over the site's 32 KB limit, a path or a method that does
// not exist) is told to the program as the API's JSON error, not as an
// HTML page, and the table is as it was.
func TestBotAPIAnswersJSONOnly(t *testing.T) {
	e := newEnv(t, fastConfig())
	code, tokens := openRemote(t, e, "lowunique", "seats=2&clock=0")
	before := tableMark(e, code)
	huge := `{"version": 0, "move": {"kind": "ready", "x": "` + strings.Repeat("a", 40<<10) + `"}}`
	cases := []struct {
		name, method, path, body string
		status                   int
		code                     string
	}{
		{"a body over the site's limit", "POST", "/tables/" + code + "/move", huge, 413, "BAD_JSON"},
		{"no such path", "GET", "/tables/" + code + "/moves", "", 404, "NOT_FOUND"},
		{"no such method", "DELETE", "/tables/" + code + "/move", "", 405, "METHOD_NOT_ALLOWED"},
	}
	for _, tc := range cases {
		status, out := botCall(t, e, tc.method, tc.path, tokens[0], tc.body)
		if status != tc.status || out["code"] != tc.code || out["message"] == "" {
			t.Errorf("%s: %d %v, want %d %s", tc.name, status, out, tc.status, tc.code)
		}
	}
	if after := tableMark(e, code); after != before {
		t.Errorf("a refused request changed the table:\n%s\n%s", before, after)
	}
}

// TestRevokeEndsAStreamOpening: a token revoked while one of its streams
// is opening (its token checked, the stream not yet live) never gets a
// live stream: the stream is refused, not left open with a dead token.
func TestRevokeEndsAStreamOpening(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"kind": {"lowunique"}, "seats": {"2"}, "clock": {"0"}, "bots": {"on"}})
	token := host.seatRemote(code, 1, "Robo")
	var once sync.Once
	e.srv.streamAuthed = func() {
		once.Do(func() {
			if st, body, _ := host.post("/t/"+code+"/bots", url.Values{"do": {"revoke"}, "seat": {"1"}}); st != http.StatusNoContent {
				t.Errorf("revoke: %d %s", st, body)
			}
		})
	}
	req, _ := http.NewRequest("GET", e.http.URL+BotAPIPrefix+"/tables/"+code+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		// the stream must end at once: read it to its end or the deadline
		_, err := io.Copy(io.Discard, resp.Body)
		if ctx.Err() != nil {
			t.Fatalf("a stream opened as its token was revoked is still open: %v", err)
		}
		return
	}
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	if resp.StatusCode != http.StatusUnauthorized || out["code"] != "BAD_TOKEN" {
		t.Errorf("a stream opened as its token was revoked: %d %v", resp.StatusCode, out)
	}
}

// TestBotStreamsPerAddress: one address holds at most BotStreamsPerAddr
// streams open, whatever their bots (each bot its own BotStreams); past
// it, each bot has maxOwnBotStreams of its own, so others' streams at its
// address can't keep it from reconnecting (issue 40, item 11), and a
// stream past those is refused RATE_LIMITED; one closed makes room.
func TestBotStreamsPerAddress(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = DefaultLimits()
	cfg.Limits.BotStreamsPerAddr = 3
	e := newEnv(t, cfg)
	code, tokens := openRemote(t, e, "lowunique", "seats=4&clock=0")
	// a neighbour holds every stream the address may open
	var open []*http.Response
	for range 3 {
		lines, resp := streamLines(t, e, code, tokens[0])
		<-lines
		open = append(open, resp)
	}
	// each other bot still connects, on streams of its own
	for _, tok := range tokens[1:] {
		for range maxOwnBotStreams {
			lines, resp := streamLines(t, e, code, tok)
			<-lines
			open = append(open, resp)
		}
		if status, out := botCall(t, e, "GET", "/tables/"+code+"/stream", tok, ""); status != 429 || out["code"] != "RATE_LIMITED" {
			t.Fatalf("a stream past the address's cap and the bot's own: %d %v", status, out)
		}
	}
	open[len(open)-1].Body.Close() // tokens[3]'s own
	deadline := time.Now().Add(3 * time.Second)
	for {
		req, _ := http.NewRequest("GET", e.http.URL+BotAPIPrefix+"/tables/"+code+"/stream", nil)
		req.Header.Set("Authorization", "Bearer "+tokens[3])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a stream closed made no room: %d", resp.StatusCode)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, r := range open[:len(open)-1] {
		r.Body.Close()
	}
}

// TestANeighbourCantKeepABotFromReconnecting (issue 40, item 11): the
// default 64 streams of an address held by a neighbour's bots, a bot at
// the address still opens its stream.
func TestANeighbourCantKeepABotFromReconnecting(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = DefaultLimits()
	cfg.Limits.BotStreams = 0                                               // the neighbour's bots hold as many as the address may
	cfg.Limits.BotReadsPerAddr = Limit{Burst: 200, Every: time.Millisecond} // opened over a few seconds
	e := newEnv(t, cfg)
	hog, hogTokens := openRemote(t, e, "lowunique", "seats=2&clock=0")
	victim, victimTokens := openRemote(t, e, "lowunique", "seats=2&clock=0")
	var open []*http.Response
	defer func() {
		for _, r := range open {
			r.Body.Close()
		}
	}()
	for range DefaultLimits().BotStreamsPerAddr {
		lines, resp := streamLines(t, e, hog, hogTokens[0])
		<-lines
		open = append(open, resp)
	}
	lines, resp := streamLines(t, e, victim, victimTokens[1]) // 200, or the test fails
	open = append(open, resp)
	if first := <-lines; first["type"] != "view" {
		t.Fatalf("the victim's stream with the address's streams held: %v", first)
	}
}

// stuckWriter is a client that never reads its stream: a write blocks
// until its deadline (SetWriteDeadline, as http.ResponseController sets
// it), or for ever without one.
type stuckWriter struct {
	h        http.Header
	mu       sync.Mutex
	deadline time.Time
	gone     chan struct{}
}

func (w *stuckWriter) Header() http.Header { return w.h }
func (w *stuckWriter) WriteHeader(int)     {}
func (w *stuckWriter) Flush()              {}
func (w *stuckWriter) SetWriteDeadline(t time.Time) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.deadline = t
	return nil
}
func (w *stuckWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	d := w.deadline
	w.mu.Unlock()
	var after <-chan time.Time
	if !d.IsZero() {
		after = time.After(time.Until(d))
	}
	select {
	case <-after:
		return 0, os.ErrDeadlineExceeded
	case <-w.gone:
		return 0, io.ErrClosedPipe
	}
}

// TestStreamToAClientThatNeverReads: a program that stops reading (its
// socket's buffers full) does not hold its stream's goroutine, its slot
// and its seat's "connected" for ever: a write that can't go out in
// streamWriteTimeout ends the stream.
func TestStreamToAClientThatNeverReads(t *testing.T) {
	defer func(d time.Duration) { streamWriteTimeout = d }(streamWriteTimeout)
	streamWriteTimeout = 200 * time.Millisecond
	e := newEnv(t, fastConfig())
	code, tokens := openRemote(t, e, "lowunique", "seats=2&clock=0")
	w := &stuckWriter{h: http.Header{}, gone: make(chan struct{})}
	defer close(w.gone)
	req := httptest.NewRequest("GET", BotAPIPrefix+"/tables/"+code+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+tokens[0])
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.srv.Handler().ServeHTTP(w, req)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream to a client that never reads is still held after 5 s")
	}
}

// TestShutdownEndsBotStreams: an http.Server's Shutdown waits for the
// requests under way, and a bot's stream is one that never ends by
// itself: with EndBotStreams registered (main does), the streams end at
// once and the shutdown is not held to its deadline, and a stream asked
// for meanwhile is refused.
func TestShutdownEndsBotStreams(t *testing.T) {
	e := newEnv(t, fastConfig())
	code, tokens := openRemote(t, e, "lowunique", "seats=2&clock=0")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: e.srv.Handler()}
	hs.RegisterOnShutdown(e.srv.EndBotStreams)
	go hs.Serve(ln)
	req, _ := http.NewRequest("GET", "http://"+ln.Addr().String()+BotAPIPrefix+"/tables/"+code+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+tokens[0])
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("stream: %v %v", err, resp)
	}
	ended := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, resp.Body)
		ended <- err
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := hs.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown with a bot's stream open: %v", err)
	}
	select {
	case <-ended:
	case <-time.After(3 * time.Second):
		t.Fatal("the stream did not end")
	}
	if status, out := botCall(t, e, "GET", "/tables/"+code+"/stream", tokens[0], ""); status != 503 || out["code"] != "BUSY" {
		t.Errorf("a stream asked for while the server stops: %d %v", status, out)
	}
}

// TestBotRequestsGoToTheTablesMachine: in cluster mode a bot's requests
// for a table another machine holds are sent there (fly-replay) as a
// person's are: the table, and its seat's bot's token, live only there
// (GET /me too, by the table its seat's token names). One that no machine
// serves now is told so as the API's JSON. Bot identities live in the
// shared database: they are offered on every machine.
func TestBotRequestsGoToTheTablesMachine(t *testing.T) {
	e, _, elsewhere := twoMachines(t)
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/tables/" + elsewhere, ""},
		{"GET", "/tables/" + strings.ToLower(elsewhere) + "/stream", ""},
		{"POST", "/tables/" + elsewhere + "/move", `{"version": 0, "move": {"kind": "ready"}}`},
	} {
		req, _ := http.NewRequest(c.method, e.http.URL+BotAPIPrefix+c.path, strings.NewReader(c.body))
		req.Header.Set("Authorization", "Bearer tb_"+strings.Repeat("x", 32))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusConflict || resp.Header.Get("Fly-Replay") != "instance=other" {
			t.Errorf("%s %s: %d, fly-replay %q; want 409 to instance=other", c.method, c.path, resp.StatusCode, resp.Header.Get("Fly-Replay"))
		}
	}
	// GET /me names no table: a seat's token names its table, and goes
	// to its machine; a token without one is answered here
	for _, c := range []struct {
		token string
		away  bool
	}{
		{"tb_" + elsewhere + "_" + strings.Repeat("x", 32), true},
		{"tb_" + strings.Repeat("x", 32), false},
		{"tb_" + elsewhere + "_short", false},
	} {
		req, _ := http.NewRequest("GET", e.http.URL+BotAPIPrefix+"/me", nil)
		req.Header.Set("Authorization", "Bearer "+c.token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if away := resp.Header.Get("Fly-Replay") == "instance=other"; away != c.away || c.away && resp.StatusCode != http.StatusConflict {
			t.Errorf("GET /me with %s: %d, fly-replay %q", c.token, resp.StatusCode, resp.Header.Get("Fly-Replay"))
		}
	}
	// bot identities live in the shared database: offered here too
	p := e.client()
	pc := p.createTable("Pat", url.Values{"kind": {"lowunique"}, "seats": {"2"}, "clock": {"0"}})
	if _, body := p.get("/t/" + pc); !strings.Contains(body, `value="seat"`) || !strings.Contains(body, `value="invite"`) {
		t.Error("the host's Remote bots panel in cluster mode: a seat's bot and an identity's invitation are offered")
	}
	if status, body, _ := p.post("/me/bots", url.Values{"do": {"make"}, "bot_name": {"Deep"}}); status >= 300 || !strings.Contains(body, "tb_") {
		t.Errorf("a bot identity made in cluster mode: %d %.300s", status, body)
	}
	if _, body := p.get("/me"); !strings.Contains(body, `name="bot_name"`) {
		t.Error("My games offers no bot identities in cluster mode")
	}
	// replayed here already, yet another's: come back later, in JSON
	req, _ := http.NewRequest("GET", e.http.URL+BotAPIPrefix+"/tables/"+elsewhere, nil)
	req.Header.Set("Fly-Replay-Src", "instance=other;t=1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 503 || out["code"] != "BUSY" || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a bot's request for a table nobody serves now: %d %v %v", resp.StatusCode, out, err)
	}
}

// TestRemoteBotFormsAreLimited: a host's new tokens (each a database
// write) are limited per session as seating one is, and seating bots per
// address too, not only per session (sessions are free to make); a
// revocation is never refused.
func TestRemoteBotFormsAreLimited(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"kind": {"lowunique"}, "seats": {"2"}, "clock": {"0"}})
	host.seatRemote(code, 1, "Robo")
	limited := false
	for range 20 {
		status, _, _ := host.post("/t/"+code+"/bots", url.Values{"do": {"token"}, "seat": {"1"}})
		if status == http.StatusTooManyRequests {
			limited = true
			break
		}
	}
	if !limited {
		t.Error("20 new tokens at once were never limited")
	}
	if status, body, _ := host.post("/t/"+code+"/bots", url.Values{"do": {"revoke"}, "seat": {"1"}}); status != http.StatusNoContent {
		t.Errorf("a revocation past the limit: %d %s", status, body)
	}
	// three hosts at one address, 15 seat attempts each: past the
	// address's 40, whatever the sessions
	refused := 0
	for i := range 3 {
		h := e.client()
		c := h.createTable("Host"+itoa(i), url.Values{"kind": {"lowunique"}, "seats": {"2"}, "clock": {"0"}})
		for range 15 {
			status, _, _ := h.post("/t/"+c+"/bots", url.Values{"do": {"seat"}, "seat": {"1"}, "bot_name": {"Bot"}})
			if status == http.StatusTooManyRequests {
				refused++
			}
		}
	}
	if refused == 0 {
		t.Error("45 seatings from one address were never limited")
	}
}

// TestHostileMovesEveryGame posts, to the seat the table waits for in
// each game, moves a hostile program would: numbers past int64 and
// negative, huge indexes, unknown cards, fields of every kind. Each is a
// 4xx JSON error (never a 500), and the table is as it was.
func TestHostileMovesEveryGame(t *testing.T) {
	values := []string{`-1`, `9223372036854775807`, `-9223372036854775808`, `99999999999999999999`, `1e3`, `"-1"`, `"9223372036854775808"`,
		`"ZZ"`, `"JR"`, `""`, `[]`, `[1, 1]`, `["3D", "3D", "3D", "3D", "3D"]`, `null`, `true`, `{}`}
	fields := []string{"kind", "card", "amount", "index", "cell", "faction", "idol", "remove", "add", "give_5H", "v", "seat"}
	kinds := []string{"play", "pass", "raise", "bet", "call", "select", "choose", "ready", "guide", "idol", "target", "change", "swap", "gift", "discard", "return", "rematch", "rebuy", "addon", "bomb", "show"}
	for _, tc := range remoteTables {
		t.Run(tc.game, func(t *testing.T) {
			cfg := fastConfig()
			cfg.Limits = NoLimits()
			e := newEnv(t, cfg)
			code, tokens := openRemote(t, e, tc.game, tc.form)
			seat, version := -1, 0
			e.inRoom(code, func(r *room.Room) {
				if w := r.Table().Match.Waiting(); len(w) > 0 {
					seat = w[0]
					version = r.Table().Seats[seat].Acts
				}
			})
			if seat < 0 {
				t.Skip("the table waits for nobody")
			}
			before := tableMark(e, code)
			n := 0
			for _, k := range kinds {
				for _, f := range fields {
					for _, v := range values {
						if f == "kind" {
							continue
						}
						body := `{"version": ` + itoa(version) + `, "move": {"kind": "` + k + `", "` + f + `": ` + v + `}}`
						status, out := botCall(t, e, "POST", "/tables/"+code+"/move", tokens[seat], body)
						n++
						if status < 400 || status >= 500 || out["code"] == "" {
							// a legal move among the hostile ones: note it and stop
							if status == 200 {
								t.Logf("%s: played %s", tc.game, body)
								return
							}
							t.Errorf("%s: %d %v", body, status, out)
						}
					}
				}
			}
			if after := tableMark(e, code); after != before {
				t.Errorf("a refused move changed the table:\n%s\n%s", before, after)
			}
		})
	}
}

// TestRemoteBotAcrossARestart: a server that stops ends its bots'
// streams; the one that starts next replays the table from its log with
// the seat still a remote bot's, its token still good, its version where
// it was, and its program plays on from its first line.
func TestRemoteBotAcrossARestart(t *testing.T) {
	e := newEnv(t, fastConfig())
	code, tokens := openRemote(t, e, "lowunique", "seats=2&clock=0")
	lines, _ := streamLines(t, e, code, tokens[0])
	first := <-lines
	moves, _ := first["moves"].([]any)
	if len(moves) == 0 {
		t.Fatalf("seat 1 has no move: %v", first)
	}
	mv, _ := json.Marshal(map[string]any{"version": first["version"], "move": moves[0].(map[string]any)["move"]})
	if status, out := botCall(t, e, "POST", "/tables/"+code+"/move", tokens[0], string(mv)); status != 200 {
		t.Fatalf("a move: %d %v", status, out)
	}
	e.stop()
	ended := time.After(3 * time.Second)
	for open := true; open; {
		select {
		case _, open = <-lines:
		case <-ended:
			t.Fatal("the stream outlived its server")
		}
	}
	e.start()
	lines, resp := streamLines(t, e, code, tokens[0])
	defer resp.Body.Close()
	again := <-lines
	if again["type"] != "view" || again["version"] != float64(1) || again["seat"] != first["seat"] {
		t.Errorf("the first line after the restart: %v", again)
	}
	e.inRoom(code, func(r *room.Room) {
		if s := r.Table().Seats[int(first["seat"].(float64))]; !s.Remote || s.Acts != 1 {
			t.Errorf("the bot's seat after the restart: %+v", s)
		}
	})
}
