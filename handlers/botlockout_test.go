package handlers

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/tablegames/tables/db"
)

// TestNobodyLocksABotOut (issue 40, item 10): requests a page on any site
// can make a browser send (no token: an <img>'s GET, a form's POST) and
// wrong tokens from the bot's address never make the server refuse a
// valid token, nor spend its reads and moves: a bot whose neighbours (or
// a web page its owner visited) sent hundreds still reads its seat and
// moves. Wrong tokens are still refused a while once the address tried
// too many, without a lookup.
func TestNobodyLocksABotOut(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = DefaultLimits()
	e := newEnv(t, cfg)
	code, tokens := openRemote(t, e, "lowunique", "seats=2&clock=0")

	// what another site's page makes the browser send: no token at all,
	// more than every budget of the address
	reads := DefaultLimits().BotReadsPerAddr.Burst + DefaultLimits().BotAuthPerAddr.Burst
	for i := range reads {
		path := []string{"/tables/" + code, "/tables/" + code + "/stream", "/me"}[i%3]
		if st, out := botCall(t, e, "GET", path, "", ""); st != 401 || out["code"] != "BAD_TOKEN" {
			t.Fatalf("GET %s without a token: %d %v", path, st, out)
		}
	}
	for range DefaultLimits().BotMovesPerAddr.Burst + 1 {
		req, _ := http.NewRequest("POST", e.http.URL+BotAPIPrefix+"/tables/"+code+"/move", strings.NewReader("version=1"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded") // a cross-site form
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 401 {
			t.Fatalf("a form's POST without a token: %d", resp.StatusCode)
		}
	}
	// a neighbour's wrong tokens: refused, past the limit without a lookup
	limited := 0
	for range 3 * DefaultLimits().BotAuthPerAddr.Burst {
		if st, _ := botCall(t, e, "GET", "/tables/"+code, "tb_"+code+"_wrongwrongwrongwrongwrongwrongwr", ""); st == 429 {
			limited++
		} else if st != 401 {
			t.Fatalf("a wrong token: %d", st)
		}
	}
	if limited != 2*DefaultLimits().BotAuthPerAddr.Burst {
		t.Errorf("%d wrong tokens refused 429, want %d", limited, 2*DefaultLimits().BotAuthPerAddr.Burst)
	}

	// the bots at the address play on: their view, their stream, a move
	var v string
	for i, tok := range tokens {
		st, out := botCall(t, e, "GET", "/tables/"+code, tok, "")
		if st != 200 {
			t.Fatalf("bot %d's view after the flood: %d %v", i, st, out)
		}
		if i == 0 {
			v = strconv.Itoa(int(out["version"].(float64)))
		}
	}
	if st, out := botCall(t, e, "GET", "/me", tokens[0], ""); st != 200 {
		t.Fatalf("/me after the flood: %d %v", st, out)
	}
	lines, resp := streamLines(t, e, code, tokens[0])
	<-lines
	resp.Body.Close()
	st, out := botCall(t, e, "POST", "/tables/"+code+"/move", tokens[0], `{"version": `+v+`, "move": {"kind": "pair", "high": 1, "low": 2}}`)
	if st == 429 || st == 401 {
		t.Fatalf("a move after the flood: %d %v", st, out)
	}

	// a token the server has never seen (made before a restart) is looked
	// up too once the address is over its limit, unless the address is
	// locked and the token unknown: then it waits like a guess
	_, fresh, err := e.db.CreateBot(context.Background(), db.Bot{Name: "Later", Owner: "someone"}, e.srv.now())
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := botCall(t, e, "GET", "/me", fresh, ""); st != 429 {
		t.Errorf("an unknown token from a locked address: %d", st)
	}
}
