package handlers

import (
	"strings"
	"testing"
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
