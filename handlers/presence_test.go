package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/tablegames/tables/room"
)

// dialSilent opens the client's websocket and never reads from it, so it
// never answers the server's pings: a phone that went dead on a train.
func (c *client) dialSilent(code string) *websocket.Conn {
	c.t.Helper()
	u, _ := url.Parse(c.e.http.URL)
	hdr := http.Header{"Origin": {c.e.http.URL}}
	for _, ck := range c.http.Jar.Cookies(u) {
		hdr.Add("Cookie", ck.Name+"="+ck.Value)
	}
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(c.e.http.URL, "http")+"/t/"+code+"/ws", hdr)
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(func() { conn.Close() })
	return conn
}

// connectedSeat waits until the room's presence of seat is want.
func connectedSeat(t *testing.T, e *env, code string, seat int, want bool, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		var got bool
		e.inRoom(code, func(r *room.Room) { got = r.SeatConnected(seat) })
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("seat %d connected %v after %v, want %v", seat, got, within, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestSilentSocketIsDropped: a socket that stops answering the server's
// pings is dropped after the pong wait, and the player shows as gone.
func TestSilentSocketIsDropped(t *testing.T) {
	cfg := fastConfig()
	// windows of whole seconds: a busy machine may starve a client's
	// reader for a few hundred milliseconds, and that is no dead phone
	cfg.PingPeriod, cfg.PongWait = 300*time.Millisecond, 1500*time.Millisecond
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}})
	host.dialSilent(code)
	connectedSeat(t, e, code, 0, true, 10*time.Second)
	// no read, so no pong: gone once the pong wait has passed
	connectedSeat(t, e, code, 0, false, 20*time.Second)

	// a socket that answers stays, ping after ping
	ws := host.dial(code)
	connectedSeat(t, e, code, 0, true, 10*time.Second)
	time.Sleep(2 * cfg.PongWait) // two pong waits: what is measured is that nothing happens
	connectedSeat(t, e, code, 0, true, 0)
	ws.conn.Close()
	connectedSeat(t, e, code, 0, false, 10*time.Second)
}

// TestTwoTabsOnePresence: a player with two pages open is one presence:
// closing one keeps them at the table, closing both makes them gone.
func TestTwoTabsOnePresence(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}})
	watcher := e.client()
	watcher.get("/")
	seen := watcher.dial(code)
	one, two := host.dial(code), host.dial(code)
	connectedSeat(t, e, code, 0, true, 10*time.Second)
	one.conn.Close()
	// the other tab holds the seat: still there, and nobody is told otherwise
	e.inRoom(code, func(r *room.Room) {
		if !r.SeatConnected(0) {
			t.Fatal("closing one of two tabs made the player gone")
		}
	})
	two.conn.Close()
	connectedSeat(t, e, code, 0, false, 10*time.Second)
	// the lobby shows her away
	seen.waitFor(t, "Ann shown away", func(m string) bool { return strings.Contains(m, `<span class="badge off">away</span>`) })
}
