package handlers

import (
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
)

var pushNumberRe = regexp.MustCompile(`<i id="seq" hidden data-seq="\d+" data-n="(\d+)" data-now="\d+"( data-full)?></i>$`)

// pushNumber is a push's number on its connection ("" without a mark)
// and whether it is the whole table.
func pushNumber(msg string) (string, bool) {
	m := pushNumberRe.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	return m[1], m[2] != ""
}

// TestResyncFrame: a page that sends the resync frame over its socket gets
// its whole table as the next push of the connection; any other frame is
// ignored; resync frames count against the connection's flood guard, and
// a flood of them ends the connection (1008) having been answered at most
// the bucket's burst.
func TestResyncFrame(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}})
	bob := e.client()
	bob.join(code, "Bob")
	ws := bob.dial(code)
	if n, full := pushNumber(ws.waitFor(t, "the table", func(string) bool { return true })); n != "1" || !full {
		t.Fatalf("a connection's first push: number %q, full %v", n, full)
	}
	// a change Bob sees: push 2
	if status, body := host.lobby(code, "do", "unready"); status != 204 {
		t.Fatalf("unready: %d %s", status, body)
	}
	ws.waitFor(t, "push 2", func(m string) bool { n, _ := pushNumber(m); return n == "2" })

	// a stray frame, then the resync frame: the answer is push 3
	ws.conn.WriteMessage(websocket.TextMessage, []byte("hello"))
	ws.conn.WriteMessage(websocket.TextMessage, []byte(ResyncFrame))
	got := ws.waitFor(t, "push 3", func(m string) bool { n, _ := pushNumber(m); return n == "3" })
	if _, full := pushNumber(got); !full {
		t.Fatalf("the resync's answer is not marked full: …%s", got[max(0, len(got)-120):])
	}
	for _, want := range []string{`id="stage"`, `id="lobby"`, `id="log"`, `id="chat"`, `id="table-state"`} {
		if !strings.Contains(got, want) {
			t.Fatalf("the resync's answer lacks %s", want)
		}
	}
	if n := len(ws.all()); n != 3 {
		t.Fatalf("%d pushes, want 3: the stray frame was answered", n)
	}

	// a flood of resync frames: answered at most the bucket's burst (20),
	// then the connection is closed for it
	for i := 0; i < 60; i++ {
		if ws.conn.WriteMessage(websocket.TextMessage, []byte(ResyncFrame)) != nil {
			break
		}
	}
	ws.mu.Lock()
	for !ws.done {
		ws.cond.Wait()
	}
	ws.mu.Unlock()
	full := 0
	for _, m := range ws.all()[3:] {
		if _, f := pushNumber(m); f {
			full++
		}
	}
	if full > 20 {
		t.Fatalf("a flood of resync frames got %d whole tables", full)
	}
	// closed for the flood (the close frame itself may be lost to a
	// reset: the client was still writing when the server closed)
	if b := e.scrape(); !strings.Contains(b, `tables_ws_rejected_total{reason="flood"} 1`) {
		t.Fatalf("the flooding connection was not closed for it: %s", regexp.MustCompile(`(?m)^tables_ws.*$`).FindAllString(b, -1))
	}
	t.Logf("the flood got %d whole tables before the close", full)
}
