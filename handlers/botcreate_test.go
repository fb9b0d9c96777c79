package handlers

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// makeIdentity makes a bot identity from a fresh session, as a person
// does on My games (after a table of their own: a session with a name),
// and returns its token. It opens two tables' worth of the limits.
func makeIdentity(t *testing.T, e *env, name string) (*client, string) {
	t.Helper()
	c := e.client()
	c.createTable("Owner", mustForm("kind=president&seats=4")) // a name, kept with the session
	status, body, _ := c.post("/me/bots", url.Values{"do": {"make"}, "bot_name": {name}})
	m := tokenRe.FindStringSubmatch(body)
	if status != http.StatusOK || m == nil {
		t.Fatalf("make a bot: %d %.300s", status, body)
	}
	return c, m[1]
}

// TestProgramMakesATableAndPlays follows docs/BOTS.md alone: with a bot
// identity's token, a program makes a heads-up sit-and-go, gets a token
// for each of its two seats, and plays both through the view and move
// endpoints (all-in when it may, else call or check) until the view says
// "over": one seat holds every chip, the other is placed.
func TestProgramMakesATableAndPlays(t *testing.T) {
	e := newEnv(t, fastConfig())
	owner, id := makeIdentity(t, e, "Deep")
	status, out := botCall(t, e, "POST", "/tables", id, `{"game": "holdem", "options": {"format": "sng", "structure": "turbo", "level": "2h", "payout": "100", "seats": 2, "bots": true}, "seats": 2, "start": true}`)
	if status != http.StatusCreated {
		t.Fatalf("make a table: %d %v", status, out)
	}
	code, _ := out["code"].(string)
	seats, _ := out["seats"].([]any)
	if code == "" || len(seats) != 2 || out["status"] != "playing" || !strings.HasSuffix(out["url"].(string), "/t/"+code) {
		t.Fatalf("the answer: %v", out)
	}
	tokens := make([]string, 2)
	for i, s := range seats {
		st := s.(map[string]any)
		if st["seat"] != float64(i) || !strings.HasPrefix(st["token"].(string), "tb_"+code+"_") {
			t.Fatalf("seat %d: %v", i, st)
		}
		tokens[i] = st["token"].(string)
	}
	// the owner hosts it: their page of the table has the host's drawer
	if _, page := owner.get("/t/" + code); !strings.Contains(page, "Deep 1") {
		t.Fatalf("the owner's page of %s does not show the program's seats", code)
	}
	// the tournament in the seat's view: the level, the next and when,
	// the entries and the prizes
	_, first := botCall(t, e, "GET", "/tables/"+code, tokens[0], "")
	tour, _ := first["view"].(map[string]any)["tournament"].(map[string]any)
	if tour == nil {
		t.Fatalf("no tournament in the view: %v", first["view"])
	}
	next, _ := tour["next"].(map[string]any)
	entries, _ := tour["entries"].([]any)
	payouts, _ := tour["payouts"].([]any)
	if tour["level"] != float64(1) || tour["level_hands"] != float64(2) || next == nil || next["level"] != float64(2) || next["first_hand"] != float64(3) ||
		next["big_blind"].(float64) <= tour["big_blind"].(float64) || len(entries) != 2 || len(payouts) != 1 || tour["payout_unit"] != "chips" || tour["left"] != float64(2) {
		t.Fatalf("the tournament in the view: %v", tour)
	}
	moves := 0
	for deadline := time.Now().Add(60 * time.Second); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the sit-and-go did not end: %d moves", moves)
		}
		over, moved := false, false
		for _, tok := range tokens {
			_, v := botCall(t, e, "GET", "/tables/"+code, tok, "")
			if v["status"] == "over" {
				over = true
				break
			}
			if v["your_turn"] != true {
				continue
			}
			var pick any
			for _, want := range []string{"allin", "call", "check"} {
				for _, m := range v["moves"].([]any) {
					if mv := m.(map[string]any)["move"].(map[string]any); pick == nil && mv["kind"] == want {
						pick = mv
					}
				}
			}
			if pick == nil {
				pick = v["moves"].([]any)[0].(map[string]any)["move"]
			}
			body, _ := json.Marshal(map[string]any{"version": v["version"], "move": pick})
			if status, ans := botCall(t, e, "POST", "/tables/"+code+"/move", tok, string(body)); status != 200 && status != 409 && status != 422 {
				t.Fatalf("move %s: %d %v", body, status, ans)
			}
			moves, moved = moves+1, true
		}
		if over {
			break
		}
		if !moved {
			time.Sleep(5 * time.Millisecond)
		}
	}
	_, v := botCall(t, e, "GET", "/tables/"+code, tokens[0], "")
	hv := v["view"].(map[string]any)
	chips := []float64{}
	for _, s := range hv["seats"].([]any) {
		chips = append(chips, s.(map[string]any)["stack"].(float64))
	}
	if len(chips) != 2 || (chips[0] == 0) == (chips[1] == 0) {
		t.Fatalf("at the end the stacks are %v: one seat holds every chip", chips)
	}
	places := map[float64]bool{}
	for _, en := range v["view"].(map[string]any)["tournament"].(map[string]any)["entries"].([]any) {
		places[en.(map[string]any)["place"].(float64)] = true
	}
	if !places[1] || !places[2] {
		t.Fatalf("the places at the end: %v", v["view"].(map[string]any)["tournament"])
	}
	t.Logf("%s: over after %d moves, stacks %v", code, moves, chips)
}

// TestProgramTableRefusals: every refusal of POST /tables is a JSON error
// with its code, and nothing is made; tables count against the address
// and the owner, together with those opened from the form.
func TestProgramTableRefusals(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = DefaultLimits()
	cfg.Limits.TablesPerAddr = Limit{Burst: 8, Every: time.Hour}
	cfg.Limits.TablesPerSession = Limit{Burst: 4, Every: time.Hour}
	e := newEnv(t, cfg)
	owner, id := makeIdentity(t, e, "Deep") // two of each
	host := e.client()
	code := host.createTable("Ann", mustForm("kind=holdem&seats=3")) // another session: one of the address's
	seatToken := host.seatRemote(code, 1, "Seat bot")
	cases := []struct {
		name, token, body string
		status            int
		code              string
	}{
		{"no token", "", `{"game": "holdem"}`, 401, "BAD_TOKEN"},
		{"a seat's token", seatToken, `{"game": "holdem"}`, 403, "IDENTITY_ONLY"},
		{"malformed JSON", id, `{"game": "holdem"`, 400, "BAD_JSON"},
		{"an unknown field", id, `{"game": "holdem", "seat": 2}`, 400, "BAD_JSON"},
		{"an object as an option", id, `{"game": "holdem", "options": {"seats": {"n": 2}}}`, 400, "BAD_JSON"},
		{"no game", id, `{"options": {}}`, 422, "UNKNOWN_GAME"},
		{"an unknown game", id, `{"game": "chess"}`, 422, "UNKNOWN_GAME"},
		{"a bad option", id, `{"game": "holdem", "options": {"seats": 12}}`, 422, ""},
		{"too many seats", id, `{"game": "holdem", "options": {"seats": 3}, "seats": 4}`, 422, "BAD_SEATS"},
		{"no seat", id, `{"game": "holdem", "seats": 0}`, 422, "BAD_SEATS"},
		{"start without bots", id, `{"game": "holdem", "options": {"seats": 3}, "seats": 2, "start": true}`, 422, "CANNOT_START"},
	}
	for _, tc := range cases {
		status, out := botCall(t, e, "POST", "/tables", tc.token, tc.body)
		msg, _ := out["message"].(string)
		if status != tc.status || tc.code != "" && out["code"] != tc.code || msg == "" || out["code"] == "" {
			t.Errorf("%s: %d %v, want %d %s with a message", tc.name, status, out, tc.status, tc.code)
		}
	}
	// the owner's budget (4) is shared with their session's form: two
	// spent above, the program's table, the form's, then none is left
	if status, out := botCall(t, e, "POST", "/tables", id, `{"game": "lowunique", "options": {"seats": 3, "bots": true}}`); status != 201 {
		t.Fatalf("the owner's third table: %d %v", status, out)
	}
	owner.createTable("Owner", mustForm("kind=president&seats=4"))
	if status, out := botCall(t, e, "POST", "/tables", id, `{"game": "lowunique", "options": {"seats": 3}}`); status != 429 || out["code"] != "RATE_LIMITED" {
		t.Fatalf("the owner's fourth table: %d %v", status, out)
	}
	// the address's budget (8): the owner's four, Ann's table, the
	// owner's refused try, another identity's two, then none is left
	_, other := makeIdentity(t, e, "Blue")
	if status, out := botCall(t, e, "POST", "/tables", other, `{"game": "lowunique", "options": {"seats": 3}}`); status != 429 || out["code"] != "RATE_LIMITED" {
		t.Fatalf("past the address's tables: %d %v", status, out)
	}
}
