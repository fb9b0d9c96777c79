package handlers

import (
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/room"
)

// waitRoom waits until cond holds in the room.
func waitRoom(t *testing.T, e *env, code, what string, cond func(r *room.Room) bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var ok bool
		e.inRoom(code, func(r *room.Room) { ok = cond(r) })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func seatNamed(r *room.Room, name string) int {
	for i, s := range r.Table().Seats {
		if s.Name == name && s.Player != "" {
			return i
		}
	}
	return -1
}

var youSeat = regexp.MustCompile(`class="seat seat-of-\d+ at-\d+-of-\d+ from-\w+ you`)

// noLeaks checks every push of a table against what its viewer could see
// at that moment (hiddenFor), and returns a check to call at the end.
func noLeaks(t *testing.T, e *env, kind string) func() {
	var mu sync.Mutex
	var bad []string
	hidden := hiddenFor[kind]
	e.srv.rt.PushHook = func(ws room.Conn, seat int, msg []byte, tb *room.Table) {
		if tb.Match == nil {
			return
		}
		// a viewer who may see only what a watcher sees has no seat of its own on the table
		if seat < 0 && youSeat.Match(msg) {
			mu.Lock()
			bad = append(bad, "a watcher's view with a seat of its own")
			mu.Unlock()
		}
		for _, h := range hidden(tb.Match, seat) {
			if strings.Contains(string(msg), h) {
				mu.Lock()
				bad = append(bad, h)
				mu.Unlock()
			}
		}
	}
	return func() {
		mu.Lock()
		defer mu.Unlock()
		if len(bad) > 0 {
			t.Fatalf("pushes showed what their viewers may not see: %v", bad)
		}
	}
}

// TestLateJoin: a friend who arrives after the start asks for a seat; only
// the host may answer; accepted, the friend takes a bot's seat when the
// game allows (Hold'em between hands, President between deals, Lowest
// Unique at once), sees the table as a watcher until the next deal is
// dealt (never the cards of a deal they were not dealt), then plays; and
// a player who leaves is replaced by a bot.
func TestLateJoin(t *testing.T) {
	games := []struct {
		kind string
		form url.Values
	}{
		{"holdem", url.Values{"seats": {"4"}, "blinds": {"10/20"}, "stack_bb": {"100"}}},
		{"president", url.Values{"ruleset": {"house"}, "seats": {"4"}}},
		{"lowunique", url.Values{"seats": {"3"}}},
	}
	for _, g := range games {
		t.Run(g.kind, func(t *testing.T) {
			cfg := fastConfig()
			cfg.NextDealDelay = 200 * time.Millisecond
			cfg.AbsentAutoplay, cfg.AbsentGrace = time.Millisecond, time.Hour
			e := newEnv(t, cfg)
			check := noLeaks(t, e, g.kind)
			host := e.client()
			form := g.form
			form.Set("kind", g.kind)
			form.Set("bots", "on")
			code := host.createTable("Ann", form)
			host.lobby(code, "do", "start")

			cara := e.client()
			cara.join(code, "Cara") // the game runs: she watches
			seen := cara.dial(code)
			seen.waitFor(t, "the ask button", func(m string) bool { return strings.Contains(m, "Ask for a seat") })
			bob := e.client()
			bob.join(code, "Bob")

			if status, body, _ := cara.post("/t/"+code+"/seat", url.Values{"do": {"ask"}}); status != http.StatusNoContent {
				t.Fatalf("ask: %d %s", status, body)
			}
			if status, body, _ := cara.post("/t/"+code+"/seat", url.Values{"do": {"ask"}}); status != http.StatusUnprocessableEntity || !strings.Contains(body, "asked already") {
				t.Fatalf("a second ask: %d %s", status, body)
			}
			if status, body, _ := bob.post("/t/"+code+"/seat", url.Values{"do": {"accept"}, "who": {"0"}}); status != http.StatusUnprocessableEntity || !strings.Contains(body, "Only the host") {
				t.Fatalf("Bob accepting: %d %s", status, body)
			}
			if status, body, _ := bob.post("/t/"+code+"/seat", url.Values{"do": {"leave"}}); status != http.StatusUnprocessableEntity || !strings.Contains(body, "not seated") {
				t.Fatalf("Bob leaving: %d %s", status, body)
			}
			waitRoom(t, e, code, "the open request", func(r *room.Room) bool { return len(r.Table().Asks) == 1 && !r.Table().Asks[0].Accepted })
			if status, _, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"accept"}, "who": {"0"}}); status != http.StatusNoContent {
				t.Fatalf("accept: %d", status)
			}
			// Ann has no page open: the table plays for her; when the game
			// allows, Cara takes a bot's seat
			waitRoom(t, e, code, "Cara seated", func(r *room.Room) bool { return seatNamed(r, "Cara") >= 0 })
			seat := -1
			e.inRoom(code, func(r *room.Room) { seat = seatNamed(r, "Cara") })
			waitRoom(t, e, code, "Cara's own deal", func(r *room.Room) bool { return !r.Table().Seats[seat].Fresh })
			// her own cards reach her now: she plays a move of her own (the
			// bot's choice, posted by her). In Hold'em she may have taken
			// the seat of a bot out of chips: then she is asked, and buys in.
			rng := rand.New(rand.NewPCG(1, 2))
			deadline := time.Now().Add(15 * time.Second)
			for played := false; !played; {
				if time.Now().After(deadline) {
					t.Fatal("Cara never played")
				}
				var form url.Values
				e.inRoom(code, func(r *room.Room) {
					if s := room.HoldemState(r.Table().Match); s != nil && s.Seats[seat].Stack == 0 && s.Seats[seat].SitOut {
						form = url.Values{"kind": {"rebuy"}}
						return
					}
					for _, w := range r.Table().Match.Waiting() {
						if w == seat {
							if mv, ok := r.Table().Match.Bot(seat, r.BotKind(), rng); ok {
								form = r.Table().Match.Encode(mv)
							}
						}
					}
				})
				if form == nil {
					time.Sleep(5 * time.Millisecond)
					continue
				}
				status, body, _ := cara.post("/t/"+code+"/act", form)
				switch {
				case status == http.StatusNoContent && form.Get("kind") != "rebuy":
					played = true
				case status != http.StatusNoContent && !strings.Contains(body, "turn"):
					t.Fatalf("Cara's %v: %d %s", form, status, body)
				}
			}
			// Ann leaves: a bot plays her seat, and the host role passes on.
			// Her page is open: what she is pushed once she left is checked
			// as a watcher's (she moved from seat to watcher)
			annPage := host.dial(code)
			if status, _, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"leave"}}); status != http.StatusNoContent {
				t.Fatalf("leave: %d", status)
			}
			e.inRoom(code, func(r *room.Room) {
				if r.Table().Seats[0].Bot == "" || r.Table().Host != r.Table().Seats[seat].Player {
					t.Fatalf("after Ann left: seat 0 %+v, host is Cara: %v", r.Table().Seats[0], r.Table().Host == r.Table().Seats[seat].Player)
				}
			})
			annPage.waitFor(t, "Ann's page as a watcher's", func(m string) bool {
				return strings.Contains(m, "Ask for a seat") || strings.Contains(m, "Take a seat")
			})
			check()
		})
	}
}

// TestPlayNow: one click from the home page into a started table of every
// game, bots in the other seats; a visitor without a name plays as Guest.
func TestPlayNow(t *testing.T) {
	e := newEnv(t, fastConfig())
	forms := map[string]url.Values{
		"president": {"ruleset": {"house"}, "seats": {"4"}},
		"holdem":    {"seats": {"6"}, "blinds": {"10/20"}, "stack_bb": {"100"}},
		"lowunique": {"seats": {"4"}},
		"impetus":   {"seats": {"4"}},
	}
	started := map[string]string{"president": `id="p-ring"`, "holdem": `id="h-ring"`, "lowunique": `id="lu-ring"`, "impetus": `id="im-ring"`}
	for kind, form := range forms {
		c := e.client()
		c.get("/")
		form.Set("kind", kind)
		status, body, _ := c.post("/play", form)
		if status != http.StatusOK || !strings.Contains(body, started[kind]) {
			t.Fatalf("%s: play now gave %d:\n%.400s", kind, status, body)
		}
		code := regexp.MustCompile(`/t/([A-Z0-9]{4}|[A-Z0-9]{8})/ws`).FindStringSubmatch(body)[1]
		e.inRoom(code, func(r *room.Room) {
			if !r.Table().Started() || r.Table().Seats[0].Name != "Guest" {
				t.Fatalf("%s: started %v, seat 0 %+v", kind, r.Table().Started(), r.Table().Seats[0])
			}
			for i, s := range r.Table().Seats[1:] {
				if s.Bot == "" {
					t.Fatalf("%s: seat %d is no bot: %+v", kind, i+1, s)
				}
			}
		})
	}
	// a name given is kept
	c := e.client()
	c.get("/")
	status, body, _ := c.post("/play", url.Values{"kind": {"president"}, "ruleset": {"house"}, "seats": {"3"}, "name": {"Zoe"}})
	if status != http.StatusOK || !strings.Contains(body, "You are Zoe") {
		t.Fatalf("play now with a name: %d %.300s", status, body)
	}
}

// TestPauseAndHost: the host pauses the table: moves are refused, no bot
// moves and no clock shows; resumed, the game goes on. Only the host may
// pause, and the host may hand the role to another person seated.
func TestPauseAndHost(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"kind": {"president"}, "ruleset": {"house"}, "seats": {"3"}, "clock": {"30"}, "bots": {"on"}})
	bob := e.client()
	bob.join(code, "Bob")
	bob.lobby(code, "do", "ready")
	host.lobby(code, "do", "start") // a bot takes the third seat
	host.dial(code)
	bob.dial(code)
	// both sockets taken by the room: a host not yet connected counts as
	// gone, and a paused table rightly arms the timer that passes the role on
	e.waitRoom(code, "Ann and Bob connected", func(r *room.Room) bool { return r.SeatConnected(0) && r.SeatConnected(1) })

	if status, body, _ := bob.post("/t/"+code+"/seat", url.Values{"do": {"pause"}}); status != http.StatusUnprocessableEntity || !strings.Contains(body, "Only the host") {
		t.Fatalf("Bob pausing: %d %s", status, body)
	}
	if status, _, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"pause"}}); status != http.StatusNoContent {
		t.Fatalf("pause: %d", status)
	}
	var version int
	e.inRoom(code, func(r *room.Room) {
		version = r.Table().Match.Version()
		if r.Deadlines() != nil {
			t.Fatal("a clock runs on a paused table")
		}
		if r.Armed() {
			t.Fatal("a timer (a bot, a clock) is armed on a paused table")
		}
	})
	if status, body, _ := host.post("/t/"+code+"/act", url.Values{"kind": {"pass"}}); status != http.StatusUnprocessableEntity || !strings.Contains(body, "paused") {
		t.Fatalf("a move on a paused table: %d %s", status, body)
	}
	e.inRoom(code, func(r *room.Room) {
		if r.Table().Match.Version() != version {
			t.Fatal("the paused table changed")
		}
	})
	if status, _, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"resume"}}); status != http.StatusNoContent {
		t.Fatalf("resume: %d", status)
	}
	e.inRoom(code, func(r *room.Room) {
		if !r.Armed() {
			t.Fatal("nothing runs again after the resume")
		}
	})
	// the host role passes to Bob; Ann can no longer pause
	if status, _, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"host"}, "seat": {"1"}}); status != http.StatusNoContent {
		t.Fatalf("hand over: %d", status)
	}
	if status, _, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"pause"}}); status != http.StatusUnprocessableEntity {
		t.Fatalf("Ann pausing after handing over: %d", status)
	}
	if status, _, _ := bob.post("/t/"+code+"/seat", url.Values{"do": {"pause"}}); status != http.StatusNoContent {
		t.Fatalf("Bob, now host, pausing: %d", status)
	}
}

// TestHoldemPeopleAreAskedToRebuy: a person's seat is asked whether to buy
// back in when out of chips, a bot's buys in by itself; the rule follows
// the seat when it changes hands, and the table's page offers the choice.
func TestHoldemPeopleAreAskedToRebuy(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", url.Values{"kind": {"holdem"}, "seats": {"3"}, "bots": {"on"}, "blinds": {"10/20"}, "stack_bb": {"100"}})
	host.lobby(code, "do", "start")
	asked := func() []bool {
		var out []bool
		e.inRoom(code, func(r *room.Room) {
			for _, s := range (*room.HoldemState(r.Table().Match)).Seats[:3] {
				out = append(out, s.NoAutoRebuy)
			}
		})
		return out
	}
	if a := asked(); !a[0] || a[1] || a[2] {
		t.Fatalf("asked to rebuy: %v, want only Ann's seat", a)
	}
	_, page := host.get("/t/" + code)
	for i := 0; i < 50 && strings.Contains(page, `&#34;fold&#34;`); i++ {
		// her turn: the bar holds her bet; she folds first
		host.post("/t/"+code+"/act", url.Values{"kind": {"fold"}})
		_, page = host.get("/t/" + code)
	}
	if !strings.Contains(page, "Auto rebuy: off") {
		t.Fatal("the page offers no auto rebuy toggle")
	}
	if status, _, _ := host.post("/t/"+code+"/act", url.Values{"kind": {"autorebuy"}}); status != http.StatusNoContent {
		t.Fatalf("auto rebuy on: %d", status)
	}
	if a := asked(); a[0] {
		t.Fatal("Ann turned auto rebuy on, but is still asked")
	}
	if status, _, _ := host.post("/t/"+code+"/act", url.Values{"kind": {"noautorebuy"}}); status != http.StatusNoContent {
		t.Fatalf("auto rebuy off: %d", status)
	}
	if status, _, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"leave"}}); status != http.StatusNoContent {
		t.Fatalf("leave: %d", status)
	}
	if a := asked(); a[0] {
		t.Fatal("the bot now in Ann's seat would be asked to rebuy")
	}
}

// TestHostRemovesAPlayer: the host removes a player in play: a bot plays
// the seat, and the removed player may watch but not ask to sit again.
func TestHostRemovesAPlayer(t *testing.T) {
	e := newEnv(t, fastConfig())
	host, bob, code := annAndBob(e, url.Values{"kind": {"lowunique"}, "seats": {"3"}, "bots": {"on"}})
	if status, _ := bob.lobby(code, "do", "free", "seat", "0"); status != http.StatusUnprocessableEntity {
		t.Fatalf("Bob removing the host: %d", status)
	}
	if status, _ := host.lobby(code, "do", "free", "seat", "1"); status != http.StatusNoContent {
		t.Fatalf("remove Bob: %d", status)
	}
	e.inRoom(code, func(r *room.Room) {
		if r.Table().Seats[1].Bot == "" || seatNamed(r, "Bob") >= 0 || len(r.Table().Removed) != 1 {
			t.Fatalf("seat 1 after removing Bob: %+v", r.Table().Seats[1])
		}
	})
	status, body, _ := bob.post("/t/"+code+"/seat", url.Values{"do": {"ask"}})
	if status != http.StatusUnprocessableEntity || !strings.Contains(body, "removed you") {
		t.Fatalf("Bob asking again: %d %s", status, body)
	}
}

// TestRemovedPlayerCantWalkBackIn: at a table where anyone may sit, a
// removed player who comes back with a fresh cookie (a new name, a
// private window) must not be seated at once: removing someone makes the
// table ask the host before seating newcomers; the host may let anyone
// sit again.
func TestRemovedPlayerCantWalkBackIn(t *testing.T) {
	e := newEnv(t, fastConfig())
	host, _, code := annAndBob(e, url.Values{"kind": {"lowunique"}, "seats": {"3"}, "bots": {"on"}, "open": {"on"}})
	if status, _ := host.lobby(code, "do", "free", "seat", "1"); status != http.StatusNoContent {
		t.Fatalf("remove Bob: %d", status)
	}
	again := e.client() // Bob, with a fresh cookie
	again.join(code, "Bobby")
	if status, body, _ := again.post("/t/"+code+"/seat", url.Values{"do": {"ask"}}); status != http.StatusNoContent {
		t.Fatalf("asking: %d %s", status, body)
	}
	e.inRoom(code, func(r *room.Room) {
		tb := r.Table()
		if tb.Opts.OpenSeats || len(tb.Asks) != 1 || tb.Asks[0].Accepted || r.Table().Seats[1].Name != "Bot 2" {
			t.Fatalf("after a removal: open %v, asks %+v, seat 1 %q", tb.Opts.OpenSeats, tb.Asks, r.Table().Seats[1].Name)
		}
	})
	if status, body, _ := again.post("/t/"+code+"/seat", url.Values{"do": {"open"}}); status != http.StatusForbidden && status != http.StatusUnprocessableEntity {
		t.Fatalf("a watcher opening the seats: %d %s", status, body)
	}
	if _, page := host.get("/t/" + code); !strings.Contains(page, "Let anyone sit") {
		t.Fatal("the host is not offered to open the seats again")
	}
	if status, body, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"open"}}); status != http.StatusNoContent {
		t.Fatalf("the host opens the seats: %d %s", status, body)
	}
	carl := e.client()
	carl.join(code, "Carl")
	carl.post("/t/"+code+"/seat", url.Values{"do": {"ask"}})
	e.inRoom(code, func(r *room.Room) {
		carlIn := seatNamed(r, "Carl") >= 0 // seated at once, or waiting for a bot's seat
		for _, a := range r.Table().Asks {
			carlIn = carlIn || a.Name == "Carl" && a.Accepted
		}
		if !carlIn {
			t.Fatalf("with the seats open again Carl waits: %+v", r.Table().Asks)
		}
	})
}

// TestPublicTables: a table created public is listed on the home page
// with its free seats; a private one never is. A public table lets anyone
// sit without asking.
func TestPublicTables(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann, bob := e.client(), e.client()
	public := ann.createTable("Ann", url.Values{"kind": {"president"}, "ruleset": {"house"}, "seats": {"4"}, "bots": {"on"}, "public": {"on"}})
	private := bob.createTable("Bob", url.Values{"kind": {"president"}, "ruleset": {"house"}, "seats": {"4"}, "bots": {"on"}})
	visitor := e.client()
	_, home := visitor.get("/")
	if !strings.Contains(home, `hx-get="/tables/public"`) {
		t.Fatal("the home page does not load the open tables")
	}
	_, list := visitor.get("/tables/public")
	if !strings.Contains(list, "/t/"+public) || strings.Contains(list, private) || !strings.Contains(list, "3 seats free of 4") {
		t.Fatalf("the list: %s", list)
	}
	ann.lobby(public, "do", "start")
	e.inRoom(public, func(r *room.Room) {
		if !r.Table().Opts.OpenSeats {
			t.Fatal("a public table asks the host before anyone sits")
		}
	})
	_, list = visitor.get("/tables/public")
	if !strings.Contains(list, "/t/"+public) || !strings.Contains(list, "playing") {
		t.Fatalf("the list once the game runs: %s", list)
	}
}

// TestHostChangesBlinds: the host sets the blinds for the next hand; the
// hand under way keeps its own, the next is dealt at the new ones.
func TestHostChangesBlinds(t *testing.T) {
	cfg := fastConfig()
	cfg.AbsentAutoplay, cfg.AbsentGrace = time.Millisecond, time.Hour
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", url.Values{"kind": {"holdem"}, "seats": {"3"}, "bots": {"on"}, "blinds": {"10/20"}, "stack_bb": {"100"}})
	host.lobby(code, "do", "start")
	bob := e.client()
	bob.join(code, "Bob") // watches
	if status, body, _ := bob.post("/t/"+code+"/seat", url.Values{"do": {"stakes"}, "stakes": {"25/50"}}); status != http.StatusUnprocessableEntity || !strings.Contains(body, "Only the host") {
		t.Fatalf("a watcher setting the blinds: %d %s", status, body)
	}
	if status, body, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"stakes"}, "stakes": {"7/11"}}); status != http.StatusUnprocessableEntity {
		t.Fatalf("blinds not on the list: %d %s", status, body)
	}
	// the table holds still (paused) while the hand under way is read
	var hand int
	host.post("/t/"+code+"/seat", url.Values{"do": {"pause"}})
	e.inRoom(code, func(r *room.Room) { hand = (*room.HoldemState(r.Table().Match)).Hand })
	if status, body, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"stakes"}, "stakes": {"25/50"}}); status != http.StatusNoContent {
		t.Fatalf("the host's blinds: %d %s", status, body)
	}
	e.inRoom(code, func(r *room.Room) {
		if s := (*room.HoldemState(r.Table().Match)); s.Hand != hand || s.Rules.BigBlind != 20 || s.NextBlinds != [2]int{25, 50} {
			t.Fatalf("the hand under way changed its blinds: %+v, next %v", s.Rules, s.NextBlinds)
		}
	})
	host.post("/t/"+code+"/seat", url.Values{"do": {"resume"}})
	waitRoom(t, e, code, "the next hand", func(r *room.Room) bool { return (*room.HoldemState(r.Table().Match)).Hand > hand })
	e.inRoom(code, func(r *room.Room) {
		s := (*room.HoldemState(r.Table().Match))
		if s.Rules.SmallBlind != 25 || s.Rules.BigBlind != 50 || r.Table().Opts.BigBlind != 50 {
			t.Fatalf("the next hand's blinds: %+v (options %d)", s.Rules, r.Table().Opts.BigBlind)
		}
		if s.Seats[s.BB].Total < 50 && !s.Seats[s.BB].AllIn {
			t.Fatalf("the big blind posted %d", s.Seats[s.BB].Total)
		}
	})
}

// TestPausedTableOutlivesItsHost: a paused table whose host is gone past
// the absent grace hands the host role to the next person there, who can
// resume it (it was frozen for good before).
func TestPausedTableOutlivesItsHost(t *testing.T) {
	cfg := fastConfig()
	cfg.AbsentAutoplay, cfg.AbsentGrace = time.Hour, 80*time.Millisecond
	e := newEnv(t, cfg)
	ann, bob, code := annAndBob(e, url.Values{"kind": {"president"}, "ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"}})
	annWS, _ := ann.dial(code), bob.dial(code)
	if status, body, _ := ann.post("/t/"+code+"/seat", url.Values{"do": {"pause"}}); status != http.StatusNoContent {
		t.Fatalf("pause: %d %s", status, body)
	}
	if status, _, _ := bob.post("/t/"+code+"/seat", url.Values{"do": {"resume"}}); status != http.StatusForbidden && status != http.StatusUnprocessableEntity {
		t.Fatalf("Bob resumed while Ann hosts: %d", status)
	}
	annWS.conn.Close() // Ann's phone dies
	e.waitRoom(code, "Bob the host", func(r *room.Room) bool { return r.Table().Host == r.Table().Seats[1].Player })
	e.inRoom(code, func(r *room.Room) {
		if !r.Table().Paused || logCount(r, "Ann has been away too long: Bob is now the host.") != 1 {
			t.Fatal("the table did not stay paused, or the log does not say why Bob hosts")
		}
	})
	if status, body, _ := bob.post("/t/"+code+"/seat", url.Values{"do": {"resume"}}); status != http.StatusNoContent {
		t.Fatalf("the new host resumes: %d %s", status, body)
	}
}

// TestSeatRequestsAreFew: a crowd asking for seats gets a short queue: at
// most 8 requests wait at once (the 9th is refused, and may ask again when
// one is answered), each person asks once, and no request writes a log
// line, so neither the host's page nor the log grows with the crowd.
func TestSeatRequestsAreFew(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = NoLimits() // the crowd comes from many addresses
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", url.Values{"kind": {"lowunique"}, "seats": {"2"}, "bots": {"on"}})
	host.lobby(code, "do", "start")
	_, before := host.get("/t/" + code)
	refused := 0
	for i := 0; i < 12; i++ {
		c := e.client()
		c.join(code, "Asker "+strconv.Itoa(i))
		status, body, hdr := c.post("/t/"+code+"/seat", url.Values{"do": {"ask"}})
		switch {
		case status == http.StatusNoContent && i < 8:
		case status == http.StatusUnprocessableEntity && hdr.Get("X-Error-Code") == "TOO_MANY_ASKS" && i >= 8:
			refused++
		default:
			t.Fatalf("asker %d: %d %s", i, status, body)
		}
		if i == 0 {
			if status, _, _ := c.post("/t/"+code+"/seat", url.Values{"do": {"ask"}}); status != http.StatusUnprocessableEntity {
				t.Fatalf("asking twice: %d", status)
			}
		}
	}
	e.inRoom(code, func(r *room.Room) {
		if len(r.Table().Asks) != 8 || logCount(r, "asks for a seat") != 0 {
			t.Fatalf("%d requests waiting, %d log lines about them", len(r.Table().Asks), logCount(r, "asks for a seat"))
		}
	})
	if _, after := host.get("/t/" + code); len(after)-len(before) > 8*600 {
		t.Fatalf("the host's page grew by %d bytes for 8 requests", len(after)-len(before))
	}
	// an answer makes room for one more
	host.post("/t/"+code+"/seat", url.Values{"do": {"decline"}, "who": {"0"}})
	late := e.client()
	late.join(code, "Late")
	if status, body, _ := late.post("/t/"+code+"/seat", url.Values{"do": {"ask"}}); status != http.StatusNoContent {
		t.Fatalf("an asker after an answer: %d %s", status, body)
	}
}

// TestSitAndGoJoinPage: a newcomer opening a running sit-and-go's link is
// told what will happen, never promised a seat that isn't there. While
// late registration is open and every seat still plays, they may wait for
// a seat (a player out, at the next hand, if registration is still open
// then) or just watch; once registration is closed (here: a sit-and-go
// without late registration), they may only watch, and asking is refused.
func TestSitAndGoJoinPage(t *testing.T) {
	cfg := fastConfig()
	cfg.AbsentAutoplay, cfg.AbsentGrace = time.Hour, time.Hour // the table waits for Ann
	e := newEnv(t, cfg)
	host := e.client()
	open := host.createTable("Ann", url.Values{"kind": {"holdem"}, "format": {"sng"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"},
		"level": {"5h"}, "late_levels": {"2"}})
	host.lobby(open, "do", "start")
	host.post("/t/"+open+"/seat", url.Values{"do": {"pause"}})
	e.inRoom(open, func(r *room.Room) {
		if s := room.HoldemState(r.Table().Match); s.Hand > 3 {
			t.Fatalf("hand %d: registration may have closed", s.Hand)
		}
	})
	visitor := e.client()
	_, page := visitor.get("/t/" + open)
	for _, want := range []string{"late registration is open, but every seat is still in play", "no seat is free now",
		"if registration is still open then", "only watch. While you wait, you watch the game. Or just watch", ">Wait for a seat<", ">Just watch<"} {
		if !strings.Contains(page, want) {
			t.Fatalf("the join page while every seat plays lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "take one") || strings.Contains(page, "bots hold") {
		t.Fatalf("the join page promises a seat:\n%s", page)
	}

	closed := host.createTable("Ann", url.Values{"kind": {"holdem"}, "format": {"sng"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"}})
	host.lobby(closed, "do", "start")
	watcher := e.client()
	_, page = watcher.get("/t/" + closed)
	if !strings.Contains(page, "Registration for this tournament is closed: enter a name to watch the game.") ||
		strings.Contains(page, "Take a seat") || strings.Contains(page, "Ask for a seat") || strings.Contains(page, "Wait for a seat") {
		t.Fatalf("the join page once registration is closed:\n%s", page)
	}
	watcher.post("/t/"+closed+"/join", url.Values{"name": {"Wes"}, "then": {"watch"}})
	if status, body, hdr := watcher.post("/t/"+closed+"/seat", url.Values{"do": {"ask"}}); status != http.StatusUnprocessableEntity ||
		hdr.Get("X-Error-Code") != "REGISTRATION_CLOSED" {
		t.Fatalf("asking for a seat once registration is closed: %d %s", status, body)
	}
	if _, page = watcher.get("/t/" + closed); !strings.Contains(page, "registration for this tournament is closed") {
		t.Fatalf("the watcher's seat bar:\n%s", page)
	}
}
