package handlers

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
)

// TestPagesAreCompressedSocketsAreNot: pages (error pages too) are sent
// gzipped to a browser that takes it, with Vary: Accept-Encoding; a
// table's page holds no chat line (they come with the socket's first
// push); websocket frames are never compressed, even when asked
// (docs/SECURITY.md: a viewer's cards next to chat text).
func TestPagesAreCompressedSocketsAreNot(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"}})
	host.lobby(code, "do", "start")
	if status, _, _ := host.post("/t/"+code+"/chat", url.Values{"text": {"a line of chat"}}); status != 204 {
		t.Fatalf("chat: %d", status)
	}
	for _, tc := range []struct{ path, want string }{
		{"/", "Pick a game"}, {"/t/" + code, "table-page"}, {"/rules/holdem", "How to play"}, {"/t/ZZZZ", "No such table"},
	} {
		req, _ := http.NewRequest("GET", e.http.URL+tc.path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := host.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("%s: Content-Encoding %q, Vary %q", tc.path, resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
		}
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(zr)
		resp.Body.Close()
		if !strings.Contains(string(body), tc.want) {
			t.Fatalf("%s: %.300s", tc.path, body)
		}
		if strings.Contains(string(body), "a line of chat") {
			t.Fatalf("%s: the page holds a chat line", tc.path)
		}
	}
	// the chat line comes with the socket's whole table
	conn, _, err := host.dialRaw(code)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, msg, err := conn.ReadMessage(); err != nil || !strings.Contains(string(msg), "a line of chat") {
		t.Fatalf("the first push has no chat line: %v %.300s", err, msg)
	}
	// a socket asking for compression doesn't get it
	u, _ := url.Parse(e.http.URL)
	hdr := http.Header{"Origin": {e.http.URL}}
	for _, ck := range host.http.Jar.Cookies(u) {
		hdr.Add("Cookie", ck.Name+"="+ck.Value)
	}
	d := websocket.Dialer{EnableCompression: true}
	conn2, resp, err := d.Dial("ws"+strings.TrimPrefix(e.http.URL, "http")+"/t/"+code+"/ws", hdr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close()
	if ext := resp.Header.Get("Sec-WebSocket-Extensions"); ext != "" {
		t.Fatalf("the socket was offered %q", ext)
	}
}

// TestPostsSkipTheCompressor: a post (a move, a chat line: 204 or a
// line of text) never goes through the gzip middleware, which would
// reset a compressor for it; the middleware marks what it handles with
// Vary: Accept-Encoding, so a post's answer has none.
func TestPostsSkipTheCompressor(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"}})
	host.lobby(code, "do", "start")
	for _, path := range []string{"/t/" + code + "/chat", "/t/" + code + "/act"} {
		req, _ := http.NewRequest("POST", e.http.URL+path, strings.NewReader(url.Values{"text": {"hello"}, "kind": {"pass"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-CSRF-Token", host.csrf)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := host.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 || resp.Header.Get("Content-Encoding") != "" || strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("%s: %d, Content-Encoding %q, Vary %q", path, resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
		}
	}
}
