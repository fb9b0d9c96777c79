package handlers

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tablegames/tables/room"
)

// botCall makes a bot API request with a token ("" for none) and returns
// the status and the body's error, if it is one.
func botCall(t *testing.T, e *env, method, path, token, body string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, e.http.URL+BotAPIPrefix+path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("%s %s: %d, not JSON: %q", method, path, resp.StatusCode, data)
	}
	return resp.StatusCode, out
}

// tableMark is what must not change when a bot's request is refused: the
// log's length, the sequence number and every seat's version.
func tableMark(e *env, code string) string {
	var mark string
	e.inRoom(code, func(r *room.Room) {
		tb := r.Table()
		b, _ := json.Marshal(struct {
			Seq  int64
			Log  int
			Seat any
			Ver  int
		}{tb.Seq, len(tb.Log), tb.Seats, tb.Match.Version()})
		mark = string(b)
	})
	return mark
}

// TestBotAPIRefusesBadInput posts what a broken or hostile program would:
// malformed JSON, unknown fields, no version, a wrong token, another
// table's token, a bot without a seat there, a move out of turn, a stale
// move, a move that breaks the rules, and a flood. Each is a clear JSON
// error {code, message, details} with its status, and the table is as it
// was: same log, same sequence number, same seats and versions.
func TestBotAPIRefusesBadInput(t *testing.T) {
	e := newEnv(t, fastConfig())
	code, tokens := openRemote(t, e, "holdem", "seats=3&clock=0&blinds=10/20")
	other, otherTokens := openRemote(t, e, "lowunique", "seats=2&clock=0")
	// who acts, at what version; and one seat that does not
	turn, idle, version := -1, -1, 0
	e.inRoom(code, func(r *room.Room) {
		turn = r.Table().Match.Waiting()[0]
		idle = (turn + 1) % 3
		version = r.Table().Seats[turn].Acts
	})
	v := itoa(version)
	before := tableMark(e, code)
	beforeOther := tableMark(e, other)
	move := "/tables/" + code + "/move"

	// a bot identity without a seat at this table
	host := e.client()
	host.get("/")
	host.join(other, "Zed") // a session: the lobby has started, so Zed watches
	status, body, _ := host.post("/me/bots", url.Values{"do": {"make"}, "bot_name": {"Nobody"}})
	m := tokenRe.FindStringSubmatch(body)
	if status != http.StatusOK || m == nil {
		t.Fatalf("make a bot: %d %.300s", status, body)
	}
	unseated := m[1]

	cases := []struct {
		name, method, path, token, body string
		status                          int
		code                            string
	}{
		{"malformed JSON", "POST", move, tokens[turn], `{"version": ` + v + `, "move": {"kind": "fold"`, 400, "BAD_JSON"},
		{"not an object", "POST", move, tokens[turn], `["fold"]`, 400, "BAD_JSON"},
		{"an unknown field", "POST", move, tokens[turn], `{"version": ` + v + `, "move": {"kind": "fold"}, "seat": ` + itoa(idle) + `}`, 400, "BAD_JSON"},
		{"two values", "POST", move, tokens[turn], `{"version": ` + v + `, "move": {"kind": "fold"}} {}`, 400, "BAD_JSON"},
		{"no version", "POST", move, tokens[turn], `{"move": {"kind": "fold"}}`, 400, "BAD_JSON"},
		{"no move", "POST", move, tokens[turn], `{"version": ` + v + `}`, 400, "BAD_JSON"},
		{"an object as a field", "POST", move, tokens[turn], `{"version": ` + v + `, "move": {"kind": {"fold": 1}}}`, 422, "INVALID_ACTION"},
		{"a fraction", "POST", move, tokens[turn], `{"version": ` + v + `, "move": {"kind": "raise", "amount": 40.5}}`, 422, "INVALID_ACTION"},
		{"no token", "POST", move, "", `{"version": ` + v + `, "move": {"kind": "fold"}}`, 401, "BAD_TOKEN"},
		{"a wrong token", "POST", move, "tb_" + strings.Repeat("x", 32), `{"version": ` + v + `, "move": {"kind": "fold"}}`, 401, "BAD_TOKEN"},
		{"another table's token", "POST", move, otherTokens[0], `{"version": 0, "move": {"kind": "fold"}}`, 403, "WRONG_TABLE"},
		{"another table's token, reading", "GET", "/tables/" + code, otherTokens[0], "", 403, "WRONG_TABLE"},
		{"a bot without a seat here", "POST", move, unseated, `{"version": 0, "move": {"kind": "fold"}}`, 403, "NOT_SEATED"},
		{"a bot without a seat here, streaming", "GET", "/tables/" + code + "/stream", unseated, "", 403, "NOT_SEATED"},
		{"out of turn", "POST", move, tokens[idle], `{"version": 0, "move": {"kind": "fold"}}`, 422, "NOT_YOUR_TURN"},
		{"a stale move", "POST", move, tokens[turn], `{"version": ` + itoa(version+1) + `, "move": {"kind": "fold"}}`, 409, "STALE_MOVE"},
		{"a raise too small", "POST", move, tokens[turn], `{"version": ` + v + `, "move": {"kind": "raise", "amount": 21}}`, 422, ""},
		{"an unknown kind", "POST", move, tokens[turn], `{"version": ` + v + `, "move": {"kind": "cheat"}}`, 422, "ACTION_NOT_ALLOWED"},
		{"no table", "POST", "/tables/ZZZZ2222/move", unseated, `{"version": 0, "move": {"kind": "fold"}}`, 404, "NO_TABLE"},
	}
	for _, tc := range cases {
		status, out := botCall(t, e, tc.method, tc.path, tc.token, tc.body)
		msg, _ := out["message"].(string)
		if status != tc.status || tc.code != "" && out["code"] != tc.code || msg == "" {
			t.Errorf("%s: %d %v, want %d %s with a message", tc.name, status, out, tc.status, tc.code)
		}
		if tc.name == "a stale move" {
			d, _ := out["details"].(map[string]any)
			if d["version"] != float64(version) || d["yours"] != float64(version+1) {
				t.Errorf("a stale move's details: %v", d)
			}
		}
		if tc.name == "a raise too small" {
			if d, _ := out["details"].(map[string]any); d["min_raise"] == nil {
				t.Errorf("a too-small raise says the minimum: %v", out)
			}
		}
	}
	if after := tableMark(e, code); after != before {
		t.Errorf("a refused request changed the table:\n%s\n%s", before, after)
	}
	if after := tableMark(e, other); after != beforeOther {
		t.Errorf("a refused request changed the other table:\n%s\n%s", beforeOther, after)
	}

	// a flood: the bot's moves are refused as too many, and none lands
	limited := 0
	for range 60 {
		status, out := botCall(t, e, "POST", move, tokens[idle], `{"version": 0, "move": {"kind": "fold"}}`)
		switch {
		case status == 429 && out["code"] == "RATE_LIMITED":
			limited++
		case status != 422:
			t.Fatalf("flood: %d %v", status, out)
		}
	}
	if limited == 0 {
		t.Error("60 moves at once were never limited")
	}
	if after := tableMark(e, code); after != before {
		t.Errorf("the flood changed the table:\n%s\n%s", before, after)
	}
	// a bot holds at most BotStreams streams open
	var open []*http.Response
	for range DefaultLimits().BotStreams {
		_, resp := streamLines(t, e, code, tokens[idle])
		open = append(open, resp)
	}
	if status, out := botCall(t, e, "GET", "/tables/"+code+"/stream", tokens[idle], ""); status != 429 || out["code"] != "RATE_LIMITED" {
		t.Errorf("one stream too many: %d %v", status, out)
	}
	for _, resp := range open {
		resp.Body.Close()
	}
	// and the table plays on: the seat to act moves at its version
	if status, out := botCall(t, e, "POST", move, tokens[turn], `{"version": `+v+`, "move": {"kind": "fold"}}`); status != 200 || out["ok"] != true {
		t.Fatalf("a good move after all that: %d %v", status, out)
	}
}
