package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/president"
	"github.com/tablegames/tables/room"
)

func TestHomeHealthStatic(t *testing.T) {
	e := newEnv(t, fastConfig())
	c := e.client()
	status, body := c.get("/")
	if status != 200 || !strings.Contains(body, `action="/tables"`) || !strings.Contains(body, "President") {
		t.Fatalf("home: %d %.200s", status, body)
	}
	if status, _ := c.get("/healthz"); status != 200 {
		t.Fatalf("healthz %d", status)
	}
	// each game's how-to-play page, linked from its tile
	for _, g := range []string{"president", "holdem", "lowunique", "impetus"} {
		if !strings.Contains(body, `href="/rules/`+g+`"`) {
			t.Fatalf("the home page does not link /rules/%s", g)
		}
		if status, page := c.get("/rules/" + g); status != 200 || !strings.Contains(page, "How to play") || !strings.Contains(page, "The aim") {
			t.Fatalf("/rules/%s: %d %.200s", g, status, page)
		}
	}
	if status, _ := c.get("/rules/chess"); status != 404 {
		t.Fatalf("/rules/chess: %d", status)
	}
	status, body = c.get("/static/vendor/htmx-2.0.11.min.js")
	if status != 200 || !strings.Contains(body, "htmx") {
		t.Fatalf("htmx not served: %d", status)
	}
	if status, _ := c.get("/static/nope.js"); status != 404 {
		t.Fatalf("missing static file: %d", status)
	}
	resp, err := http.Get(e.http.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Fatalf("CSP %q", csp)
	}
}

func TestCreateJoinLobbyStart(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"4"}, "bots": {"on"}})
	if !validCode(code) {
		t.Fatalf("code %q", code)
	}
	_, page := host.get("/t/" + code)
	if !strings.Contains(page, "Ann") || !strings.Contains(page, "Lobby") || !strings.Contains(page, "/t/"+code) {
		t.Fatalf("lobby page: %.500s", page)
	}

	bob := e.client()
	status, joinPage := bob.get("/t/" + code)
	if status != 200 || !strings.Contains(joinPage, "Your name") {
		t.Fatalf("join page: %d", status)
	}
	body := bob.join(code, "Bob")
	if !strings.Contains(body, "You are Bob, seat 2") {
		t.Fatalf("Bob not seated: %.400s", body)
	}
	// Bob is not ready: the host may start anyway, and is told Bob plays too
	if _, page := host.get("/t/" + code); !strings.Contains(page, "Bob is not ready yet: you may start anyway") {
		t.Fatalf("the host's lobby does not say Bob is not ready: %.2000s", page)
	}
	// only the host starts, adds bots, frees seats
	for _, do := range []string{"start", "bot"} {
		if status, _ := bob.lobby(code, "do", do, "seat", "2"); status != 422 {
			t.Fatalf("non-host %s: %d", do, status)
		}
	}
	if status, msg := host.lobby(code, "do", "bot", "seat", "2"); status != 204 {
		t.Fatalf("add bot: %d %s", status, msg)
	}
	if status, _ := host.lobby(code, "do", "start"); status != 204 {
		t.Fatalf("start: %d", status)
	}
	e.inRoom(code, func(r *room.Room) {
		if !r.Table().Started() || len(r.Table().Seats) != 4 || r.Table().Seats[3].Bot == "" || r.Table().Seats[1].Name != "Bob" {
			t.Fatalf("started %v seats %+v", r.Table().Started(), r.Table().Seats)
		}
	})
	// a third visitor can only watch now
	carl := e.client()
	carl.join(code, "Carl")
	_, page = carl.get("/t/" + code)
	if !strings.Contains(page, "You are watching") {
		t.Fatalf("spectator page: %.300s", page)
	}
	if status, msg, _ := carl.post("/t/"+code+"/act", url.Values{"kind": {"pass"}}); status != 422 || !strings.Contains(msg, "watching") {
		t.Fatalf("spectator move: %d %s", status, msg)
	}
}

func TestBadInput(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}})
	host.lobby(code, "do", "start")
	e.waitRoom(code, "the game", func(r *room.Room) bool { return r.Table().Started() })

	countLog := func() int {
		entries, err := e.db.Log(t.Context(), code, 0)
		if err != nil {
			t.Fatal(err)
		}
		return len(entries)
	}
	stopBots := func() int {
		// freeze: no seat is waited for by a bot while we poke
		n := 0
		e.inRoom(code, func(r *room.Room) { r.Freeze(); n = int(r.Table().Seq) })
		return n
	}
	before := stopBots()
	if countLog() != before {
		t.Fatalf("log has %d entries, table seq %d", countLog(), before)
	}

	cases := []struct {
		name   string
		path   string
		form   url.Values
		status int
		want   string
	}{
		{"unknown table", "/t/ZZZZ/act", url.Values{"kind": {"pass"}}, 422, "no open table"},
		{"malformed code", "/t/<b>/act", url.Values{"kind": {"pass"}}, 422, "no table"},
		{"unknown kind", "/t/" + code + "/act", url.Values{"kind": {"cheat"}}, 422, "Unknown action"},
		{"bad card", "/t/" + code + "/act", url.Values{"kind": {"play"}, "card": {"ZZ"}}, 422, "not a card"},
		{"script card", "/t/" + code + "/act", url.Values{"kind": {"play"}, "card": {"<script>"}}, 422, "not a card"},
		{"forged seat field", "/t/" + code + "/act", url.Values{"kind": {"pass"}, "seat": {"1"}}, 422, ""},
		{"forged deal", "/t/" + code + "/act", url.Values{"kind": {"deal"}, "seed": {"1"}}, 422, "Unknown action"},
		{"too many cards", "/t/" + code + "/act", url.Values{"kind": {"play"}, "card": strings.Split(strings.Repeat("3D,", 60), ",")}, 422, "Too many"},
		{"lobby after start", "/t/" + code + "/lobby", url.Values{"do": {"ready"}}, 422, "started"},
		{"free own seat", "/t/" + code + "/lobby", url.Values{"do": {"free"}, "seat": {"0"}}, 422, ""},
		{"free bad seat", "/t/" + code + "/lobby", url.Values{"do": {"free"}, "seat": {"9"}}, 422, "no such seat"},
	}
	for _, tc := range cases {
		status, body, hdr := host.post(tc.path, tc.form)
		if status != tc.status || !strings.Contains(strings.ToLower(body), strings.ToLower(tc.want)) {
			t.Errorf("%s: %d %q, want %d containing %q", tc.name, status, body, tc.status, tc.want)
		}
		if status == 422 && hdr.Get("HX-Retarget") != "#message" {
			t.Errorf("%s: error not aimed at the message line", tc.name)
		}
	}

	// not your turn: find a seat that is not waited for
	var notTurn int
	e.inRoom(code, func(r *room.Room) {
		w := r.Table().Match.Waiting()
		notTurn = (w[0] + 1) % 3
		if r.Table().Seats[notTurn].Player == "" { // a bot: make the host's seat be the one to test
			notTurn = -1
		}
	})
	if notTurn == 0 {
		status, body, hdr := host.post("/t/"+code+"/act", url.Values{"kind": {"pass"}})
		if status != 422 || hdr.Get("X-Error-Code") == "" {
			t.Errorf("out of turn: %d %s", status, body)
		}
	}

	// no CSRF token: refused
	req, _ := http.NewRequest("POST", e.http.URL+"/t/"+code+"/act", strings.NewReader("kind=pass"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if resp, err := host.http.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("missing CSRF: %v %v", resp.StatusCode, err)
	}
	// oversized body
	big := url.Values{"kind": {"play"}, "card": {strings.Repeat("A", 40<<10)}}
	if status, _, _ := host.post("/t/"+code+"/act", big); status != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d", status)
	}
	// names: empty, too long, control characters
	for _, name := range []string{"", "   ", strings.Repeat("x", 21), "a\x00b", "tab\there"} {
		status, body, _ := e.client().post("/t/"+code+"/join", url.Values{"name": {name}})
		_ = body
		if status != 403 && status != 422 {
			t.Errorf("name %q: %d", name, status)
		}
	}
	v := e.client()
	v.get("/t/" + code)
	for _, name := range []string{"", strings.Repeat("é", 21), "a\x07b"} {
		if status, _, _ := v.post("/t/"+code+"/join", url.Values{"name": {name}}); status != 422 {
			t.Errorf("name %q accepted: %d", name, status)
		}
	}
	if after := countLog(); after != before {
		t.Fatalf("bad input wrote %d log entries", after-before)
	}
}

func TestRejectedMoveChangesNothing(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}})
	host.lobby(code, "do", "start")
	// wait for the host's turn to play
	e.waitRoom(code, "the host's turn", func(r *room.Room) bool {
		m := r.Table().Match.(*president.Match)
		w := r.Table().Match.Waiting()
		return m.State.Phase == president.Playing && len(w) == 1 && w[0] == 0 && m.State.Pending.Kind == 0
	})
	var before president.State
	var seq int64
	e.inRoom(code, func(r *room.Room) { before, seq = r.Table().Match.(*president.Match).State, r.Table().Seq })
	// a card the host does not hold
	var foreign string
	for _, c := range before.Players[1].Hand.Cards() {
		foreign = c.String()
		break
	}
	status, msg, hdr := host.post("/t/"+code+"/act", url.Values{"kind": {"play"}, "card": {foreign}})
	if status != 422 || hdr.Get("X-Error-Code") != president.CodeOwnership || !strings.Contains(msg, "don't hold") {
		t.Fatalf("foreign card: %d %s %s", status, hdr.Get("X-Error-Code"), msg)
	}
	e.inRoom(code, func(r *room.Room) {
		if r.Table().Match.(*president.Match).State.Version != before.Version || r.Table().Seq != seq {
			t.Fatal("a rejected move changed the table")
		}
	})
	_ = game.System
}

func TestFullTableAndSeatRules(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"standard"}, "seats": {"2"}})
	bob := e.client()
	bob.join(code, "Bob")
	// the table is full: a third visitor watches, and can't take a seat
	carl := e.client()
	_, page := carl.get("/t/" + code)
	if !strings.Contains(page, "The seats are taken") {
		t.Fatalf("full table join page: %.300s", page)
	}
	carl.post("/t/"+code+"/join", url.Values{"name": {"Carl"}})
	if status, body := carl.lobby(code, "do", "sit", "seat", "1"); status != 422 || !strings.Contains(body, "taken") {
		t.Fatalf("sit on a taken seat: %d %s", status, body)
	}
	_, _, hdr := carl.post("/t/"+code+"/lobby", url.Values{"do": {"sit"}, "seat": {"0"}})
	if hdr.Get("X-Error-Code") != "ROOM_FULL" {
		t.Fatalf("code %q", hdr.Get("X-Error-Code"))
	}
	// no bots at this table
	if status, _ := host.lobby(code, "do", "bot", "seat", "1"); status != 422 {
		t.Fatalf("bot at a no-bot table: %d", status)
	}
	// the host frees Bob's seat; Carl takes it
	if status, body := host.lobby(code, "do", "free", "seat", "1"); status != 204 {
		t.Fatalf("free: %d %s", status, body)
	}
	if status, body := carl.lobby(code, "do", "sit", "seat", "1"); status != 204 {
		t.Fatalf("sit on a freed seat: %d %s", status, body)
	}
	e.inRoom(code, func(r *room.Room) {
		if r.Table().Seats[1].Name != "Carl" {
			t.Fatalf("seat 1 is %+v", r.Table().Seats[1])
		}
	})
	// Bob can leave the lobby no more: he has no seat
	if status, _ := bob.lobby(code, "do", "leave"); status != 422 {
		t.Fatalf("leave without a seat: %d", status)
	}
}

// TestUnknownTablePage: a link to a table that does not exist gets a page
// of the site that says so, with a way home and a box for another code.
func TestUnknownTablePage(t *testing.T) {
	e := newEnv(t, fastConfig())
	c := e.client()
	status, page := c.get("/t/ZZZZ")
	if status != http.StatusNotFound {
		t.Fatalf("status %d", status)
	}
	for _, want := range []string{"No such table", "There is no open table ZZZZ", `href="/"`, `action="/join"`, `name="code"`} {
		if !strings.Contains(page, want) {
			t.Fatalf("the page lacks %q:\n%s", want, page[strings.Index(page, "<body"):])
		}
	}
	// a code that is not a code at all gets the same page
	if status, page := c.get("/t/!!"); status != http.StatusNotFound || !strings.Contains(page, `action="/join"`) {
		t.Fatalf("status %d:\n%.300s", status, page)
	}
}

// TestPresidentJokersOption: the host may play President without its two
// jokers (the design note's use_jokers, on by default): the deal then has
// no joker in any hand, and the lobby and the table say so.
func TestPresidentJokersOption(t *testing.T) {
	cfg := fastConfig()
	cfg.BotDelayMin, cfg.BotDelayMax = time.Hour, time.Hour // the deal stays as dealt
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"4"}, "bots": {"on"}, "jokers": {"off"}, "clock": {"0"}})
	if _, page := host.get("/t/" + code); !strings.Contains(page, "house rules, no jokers") {
		t.Fatal("the lobby does not say the table plays without jokers")
	}
	host.lobby(code, "do", "start")
	e.inRoom(code, func(r *room.Room) {
		s := r.Table().Match.(*president.Match).State
		dealt := 0
		for i := 0; i < s.N; i++ {
			dealt += s.Players[i].Hand.Len()
			if s.Players[i].Hand.Has(cards.RedJoker) || s.Players[i].Hand.Has(cards.BlackJoker) {
				t.Fatalf("seat %d holds a joker", i)
			}
		}
		if dealt != 52 {
			t.Fatalf("%d cards dealt", dealt)
		}
	})
	if _, page := host.get("/t/" + code); !strings.Contains(page, "Deal 1 · house rules, no jokers") {
		t.Fatal("the table does not say it plays without jokers")
	}
	if status, _, _ := host.post("/tables", url.Values{"kind": {"president"}, "name": {"Ann"}, "ruleset": {"house"}, "jokers": {"maybe"}}); status != http.StatusUnprocessableEntity {
		t.Fatalf("jokers=maybe: %d", status)
	}
}
