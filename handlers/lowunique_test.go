package handlers

import (
	"math/rand/v2"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/game/lowunique"
	"github.com/tablegames/tables/room"
)

// winnersLine is the final result's line.
var winnersLine = regexp.MustCompile(`<p><strong>([^<]+)</strong></p>`)

func luState(r *room.Room) *lowunique.State { return &r.Table().Match.(*lowunique.Match).State }

// TestLowUniqueOverWebsockets plays whole games with 2, 3 and 4 people,
// each with a websocket, through the forms: every client sees the others'
// pairs at the reveal and their cards at the resolution (and never
// before), the final result, and a rematch.
func TestLowUniqueOverWebsockets(t *testing.T) {
	for n := 2; n <= 4; n++ {
		t.Run(itoa(n)+" players", func(t *testing.T) {
			e := newEnv(t, fastConfig())
			records := recordPushes(e, "lowunique")
			clients := []*client{e.client()}
			code := clients[0].createTable("P0", mustForm("kind=lowunique&seats="+itoa(n)+"&clock=0"))
			for i := 1; i < n; i++ {
				c := e.client()
				c.join(code, "P"+itoa(i))
				c.lobby(code, "do", "ready")
				clients = append(clients, c)
			}
			var sockets []*ws
			for _, c := range clients {
				sockets = append(sockets, c.dial(code))
			}
			sockets[0].waitFor(t, "the lobby", func(m string) bool { return strings.Contains(m, `id="lobby"`) })
			if status, body := clients[0].lobby(code, "do", "start"); status != 204 {
				t.Fatalf("start: %d %s", status, body)
			}
			rng := rand.New(rand.NewPCG(uint64(n), 1))
			humans := map[int]*client{}
			for i, c := range clients {
				humans[i] = c
			}
			playRandom(t, e, code, humans, rng, func(r *room.Room) bool { return luState(r).Phase == lowunique.Over })
			var winners string
			e.inRoom(code, func(r *room.Room) {
				s := luState(r)
				if len(s.Results) != 8 {
					t.Fatalf("%d rounds resolved", len(s.Results))
				}
				m := winnersLine.FindStringSubmatch(r.GameHTML(0, false))
				if m == nil {
					t.Fatal("no winners shown at the end")
				}
				winners = m[1]
			})
			for i, w := range sockets {
				last := w.waitFor(t, "the final result", func(m string) bool { return strings.Contains(m, winners) })
				if !strings.Contains(last, ">Play again</button>") || !strings.Contains(last, "Tonight") {
					t.Fatalf("client %d: no Play again and evening with the result", i)
				}
				msgs := w.all()
				for j := 0; j < n; j++ {
					if j == i {
						continue
					}
					for _, mark := range []string{`data-pair-of="` + itoa(j) + `"`, `data-card-of="` + itoa(j) + `"`} {
						if !strings.Contains(strings.Join(msgs, ""), mark) {
							t.Fatalf("client %d never saw %s", i, mark)
						}
					}
				}
			}
			// no socket ever got what its viewer could not see then
			e.inRoom(code, func(r *room.Room) {
				for _, s := range r.Conns() {
					for k, rec := range records(s) {
						if l := leaks(rec.msg, rec.hidden); len(l) > 0 {
							t.Fatalf("message %d shows %v", k, l)
						}
					}
				}
			})
			// Play again is an offer: it starts only when every person
			// seated wants it, and no clock runs meanwhile (the table's
			// Play again, or the game's own rematch move)
			for i := n - 1; i >= 0; i-- {
				path, form := "/t/"+code+"/seat", url.Values{"do": {"again"}}
				if i%2 == 1 {
					path, form = "/t/"+code+"/act", url.Values{"kind": {"rematch"}}
				}
				if status, body, _ := clients[i].post(path, form); status != 204 {
					t.Fatalf("rematch from %d: %d %s", i, status, body)
				}
				if i > 0 {
					e.inRoom(code, func(r *room.Room) {
						if s := luState(r); s.Game != 1 || s.Phase != lowunique.Over || len(r.Table().Match.Waiting()) > 0 || r.Deadlines() != nil {
							t.Fatalf("%d of %d wanted a rematch and the game moved: game %d %v", n-i, n, s.Game, s.Phase)
						}
					})
				}
			}
			e.inRoom(code, func(r *room.Room) {
				if s := luState(r); s.Game != 2 || s.Round != 1 || s.Phase != lowunique.Select || len(s.Finals) != 1 {
					t.Fatalf("after the rematch: game %d round %d %v", s.Game, s.Round, s.Phase)
				}
			})
		})
	}
}

// playRandom makes the seated humans play random legal moves whenever the
// table waits for them, until stop.
func playRandom(t *testing.T, e *env, code string, humans map[int]*client, rng *rand.Rand, stop func(r *room.Room) bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		seat, done := -1, false
		var form url.Values
		e.inRoom(code, func(r *room.Room) {
			if done = stop(r); done {
				return
			}
			for _, w := range r.Table().Match.Waiting() {
				if _, ok := humans[w]; ok {
					if mv, ok := r.Table().Match.Bot(w, "random", rng); ok {
						seat, form = w, r.Table().Match.Encode(mv)
						return
					}
				}
			}
		})
		if done {
			return
		}
		if seat < 0 {
			e.waitRoom(code, "a human's turn or the end", func(r *room.Room) bool {
				if stop(r) {
					return true
				}
				for _, w := range r.Table().Match.Waiting() {
					if _, ok := humans[w]; ok {
						return true
					}
				}
				return false
			})
			continue
		}
		if status, body, _ := humans[seat].post("/t/"+code+"/act", form); status != 204 {
			t.Fatalf("seat %d %v: %d %s", seat, form, status, body)
		}
	}
	t.Fatal("the game did not reach its goal in time")
}

// TestLowUniqueRevealTimer: nobody presses ready; the reveal ends when its
// timer runs out, shown to players as a countdown.
func TestLowUniqueRevealTimer(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann, bob, code := annAndBob(e, mustForm("kind=lowunique&seats=2&clock=0&reveal=1"))
	w := ann.dial(code)
	for _, c := range []*client{ann, bob} {
		if status, body, _ := c.post("/t/"+code+"/act", url.Values{"kind": {"select"}, "card": {"2", "7"}}); status != 204 {
			t.Fatalf("select: %d %s", status, body)
		}
	}
	w.waitFor(t, "the reveal countdown", func(m string) bool {
		return strings.Contains(m, `data-phase="reveal"`) && strings.Contains(m, "The reveal ends in") && strings.Contains(m, "data-deadline")
	})
	start := time.Now()
	e.waitRoom(code, "the timer", func(r *room.Room) bool { return luState(r).Phase == lowunique.Choose })
	e.inRoom(code, func(r *room.Room) {
		if logCount(r, "Time is up: choose a card of your pair.") != 1 || logCount(r, "is ready") != 0 {
			t.Fatal("the reveal did not end by its timer")
		}
	})
	t.Logf("the reveal ended %v after the countdown was seen", time.Since(start).Round(time.Millisecond))
	// pressing ready ends it early
	for _, c := range []*client{ann, bob} {
		c.post("/t/"+code+"/act", url.Values{"kind": {"choose"}, "card": {"2"}})
	}
	e.waitRoom(code, "round 2", func(r *room.Room) bool { return luState(r).Round == 2 })
	for _, c := range []*client{ann, bob} {
		c.post("/t/"+code+"/act", url.Values{"kind": {"select"}, "card": {"1", "7"}})
	}
	for _, c := range []*client{ann, bob} {
		if status, body, _ := c.post("/t/"+code+"/act", url.Values{"kind": {"ready"}}); status != 204 {
			t.Fatalf("ready: %d %s", status, body)
		}
	}
	e.inRoom(code, func(r *room.Room) {
		if luState(r).Phase != lowunique.Choose || logCount(r, "Everyone is ready") != 1 {
			t.Fatal("ready did not end the reveal")
		}
	})
	// moves out of phase are refused with the spec's code
	_, _, h := ann.post("/t/"+code+"/act", url.Values{"kind": {"ready"}})
	if h.Get("X-Error-Code") != "NOT_YOUR_TURN" {
		t.Fatalf("ready in Choose: %q", h.Get("X-Error-Code"))
	}
	_, _, h = ann.post("/t/"+code+"/act", url.Values{"kind": {"choose"}, "card": {"5"}})
	if h.Get("X-Error-Code") != "INVALID_ACTION" {
		t.Fatalf("a card outside the pair: %q", h.Get("X-Error-Code"))
	}
}

// TestLowUniqueAbsentPlayer: at a table with bots, a player who never
// connects is played for with the two lowest cards and the lower one,
// then a bot takes the seat until the player comes back.
func TestLowUniqueAbsentPlayer(t *testing.T) {
	cfg := fastConfig()
	// the first round is played for Bob within the grace: a second,
	// room enough on a busy machine (at 60 ms a bot sometimes took the
	// seat first and chose otherwise)
	cfg.AbsentAutoplay, cfg.AbsentGrace = 10*time.Millisecond, time.Second
	e := newEnv(t, cfg)
	ann, bob, code := annAndAbsentBob(e, "kind=lowunique&seats=2&bots=on&clock=0")
	rng := rand.New(rand.NewPCG(5, 5))
	playRandom(t, e, code, map[int]*client{0: ann}, rng, func(r *room.Room) bool { return len(luState(r).Results) >= 1 })
	e.inRoom(code, func(r *room.Room) {
		res := luState(r).Results[0]
		if res.Pairs[1] != [2]int{1, 2} || res.Chosen[1] != 1 {
			t.Fatalf("Bob was played %v and %d, want the two lowest and the lower", res.Pairs[1], res.Chosen[1])
		}
		if logCount(r, "Bob is disconnected: the table plays for them.") < 2 {
			t.Fatal("the log does not say Bob was played for")
		}
	})
	playRandom(t, e, code, map[int]*client{0: ann}, rng, func(r *room.Room) bool { return r.Table().Seats[1].Away && len(luState(r).Results) >= 2 })
	bob.dial(code)
	e.waitRoom(code, "Bob back", func(r *room.Room) bool { return !r.Table().Seats[1].Away })
	e.inRoom(code, func(r *room.Room) {
		if logCount(r, "Bob is away: a bot plays for them until they are back.") != 1 || logCount(r, "Bob is back.") != 1 {
			t.Fatal("no takeover and return in the log")
		}
	})
}

// TestLowUniqueEndsWhenAlone: at a table without bots, when fewer than
// two people are left past the absent grace, the game ends with the
// standings (the design note, §5.4) instead of a bot taking the seat.
func TestLowUniqueEndsWhenAlone(t *testing.T) {
	cfg := fastConfig()
	cfg.AbsentAutoplay, cfg.AbsentGrace = 10*time.Millisecond, 60*time.Millisecond
	e := newEnv(t, cfg)
	_, _, code := annAndAbsentBob(e, "kind=lowunique&seats=2&clock=0")
	e.waitRoom(code, "the game's end", func(r *room.Room) bool { return luState(r).Phase == lowunique.Over })
	e.inRoom(code, func(r *room.Room) {
		if r.Table().Seats[1].Away || logCount(r, "Fewer than two players are left: the game ends after") != 1 || logCount(r, "Game over:") != 1 {
			t.Fatalf("no early end with the standings; Bob away: %v", r.Table().Seats[1].Away)
		}
		if len(luState(r).Results) >= 8 {
			t.Fatal("the game played all its rounds")
		}
		if r.Armed() {
			t.Fatal("a timer is armed at a finished table nobody plays")
		}
	})
}

// TestImpetusAbsentSpirit: a spirit who never connects is played for with
// the heuristic bot's choices, then taken over, and is back on connecting.
func TestImpetusAbsentSpirit(t *testing.T) {
	cfg := fastConfig()
	cfg.AbsentAutoplay, cfg.AbsentGrace = 10*time.Millisecond, 60*time.Millisecond
	e := newEnv(t, cfg)
	ann, bob, code := annAndAbsentBob(e, "kind=impetus&seats=3&bots=on&clock=0")
	rng := rand.New(rand.NewPCG(8, 8))
	playRandom(t, e, code, map[int]*client{0: ann}, rng, func(r *room.Room) bool {
		return r.Table().Seats[1].Away || r.Table().Match.Over()
	})
	e.inRoom(code, func(r *room.Room) {
		if logCount(r, "Bob is disconnected: the table plays for them.") == 0 {
			t.Fatal("Bob was not played for")
		}
	})
	bob.dial(code)
	e.waitRoom(code, "Bob back", func(r *room.Room) bool { return !r.Table().Seats[1].Away })
}

// annAndAbsentBob starts a table of the form with Ann, who watches it, and
// Bob, who took a seat and never connects.
func annAndAbsentBob(e *env, form string) (ann, bob *client, code string) {
	ann, bob, code = annAndBob(e, mustForm(form))
	ann.dial(code)
	return ann, bob, code
}
