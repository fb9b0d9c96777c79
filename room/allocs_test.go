package room

import (
	"math/rand/v2"
	"net/url"
	"testing"
)

// moveBudgets are the allocations of one move, each game's, through the
// whole room: the command to the actor, the move's decoding, the rules,
// the log row committed to SQLite, and the push rendered for each of four
// viewers (three seated people and a watcher). They are set just above
// what a move makes today (docs/PERFORMANCE.md); a change that makes a
// move allocate more fails TestMoveAllocationBudget. Lower them when a
// change makes moves cheaper.
var moveBudgets = map[string]float64{
	"president": 1015, // 1,009 on 2026-11-29 (1,358 before a push rendered its Public fragments and log lines once, the hot elements their classes without templ's class lists, and the views were shared by pointer)
	"holdem":    2000, // 1,995 (2,552); 1,989 before the seats' and chips' placement fixes of the screenshot review (ui-css)
	"lowunique": 2132, // 2,126 (2,377); 2,122 before the same fixes
	"impetus":   7650, // 7,621–7,622 (8,318; the map's cells write one hex and their classes as one string)
}

// moveTables are the tables the budgets are measured on.
var moveTables = []struct {
	game string
	form url.Values
}{
	{"president", url.Values{"ruleset": {"house"}, "seats": {"3"}, "clock": {"0"}}},
	{"holdem", url.Values{"blinds": {"10/20"}, "seats": {"3"}, "clock": {"0"}}},
	{"lowunique", url.Values{"seats": {"3"}, "clock": {"0"}}},
	{"impetus", url.Values{"seats": {"3"}, "clock": {"0"}}},
}

// quiet is a viewer's connection that keeps nothing (a socket's write
// only queues the bytes): the test counts the room's allocations, not
// its own.
type quiet struct{ n int }

func (q *quiet) Write(msg []byte) error { q.n += len(msg); return nil }
func (q *quiet) Close(int, string)      {}

// TestMoveAllocationBudget plays the same seeded moves of each game
// (recorded on a twin table, so choosing them costs nothing here) and
// asserts that a move allocates no more than its game's budget (a deal's
// start, when one comes between two moves, counts with the move after
// it). The count is the same on every run (testing.AllocsPerRun), unlike
// a time.
func TestMoveAllocationBudget(t *testing.T) {
	const moves = 40
	for _, tc := range moveTables {
		t.Run(tc.game, func(t *testing.T) {
			record := budgetTable(t, tc.game, tc.form)
			steps := recordMoves(t, record, moves+1)
			r := budgetTable(t, tc.game, tc.form)
			ctx := t.Context()
			i := 0
			avg := testing.AllocsPerRun(moves, func() {
				st := steps[i]
				if st.next {
					r.Inspect(ctx, func(r *Room) { r.continueMatch() })
				}
				if err := r.Move(ctx, budgetPeople[st.seat], st.form); err != nil {
					t.Fatalf("move %d: %v", i, err)
				}
				i++
			})
			budget := moveBudgets[tc.game]
			t.Logf("%s: %.0f allocations a move (budget %.0f)", tc.game, avg, budget)
			if avg > budget {
				t.Errorf("%s: a move allocates %.0f times, over its budget of %.0f: find what allocates more (go test -bench MovePush -memprofile), or, if it must, raise moveBudgets and say why", tc.game, avg, budget)
			}
		})
	}
}

var budgetPeople = []string{"p-ann", "p-bob", "p-cat"}

// budgetTable is a started table of three people, its deals from a fixed
// seed, each person's screen and a watcher's connected.
func budgetTable(t *testing.T, game string, form url.Values) *Room {
	t.Helper()
	rt := quietRuntime(t)
	rt.Seed = func() uint64 { return 42 }
	people := []*person{{id: budgetPeople[0], name: "Ann"}, {id: budgetPeople[1], name: "Bob"}, {id: budgetPeople[2], name: "Cat"}}
	r := seatTable(t, rt, game, form, people)
	for _, p := range people {
		if err := r.Connect(t.Context(), &quiet{}, p.id); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Connect(t.Context(), &quiet{}, ""); err != nil {
		t.Fatal(err)
	}
	return r
}

// step is a recorded move: the seat's and its form, after the next
// deal (or round) was started when next is set (the timer that starts it
// waits an hour in these tables).
type step struct {
	seat int
	form url.Values
	next bool
}

// recordMoves plays n moves of the table (its bots' choices with a fixed
// random source), starting each next deal at once, and returns them.
func recordMoves(t *testing.T, r *Room, n int) []step {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 5))
	var steps []step
	for len(steps) < n {
		var st step
		r.Inspect(t.Context(), func(r *Room) {
			w := r.Table().Match.Waiting()
			if len(w) == 0 {
				st.next = true
				r.continueMatch()
				w = r.Table().Match.Waiting()
			}
			if len(w) == 0 {
				t.Fatalf("the table waits for nobody after %d moves", len(steps))
			}
			st.seat = w[0]
			mv, ok := r.Table().Match.Bot(st.seat, r.BotKind(), rng)
			if !ok {
				t.Fatalf("no move for seat %d", st.seat)
			}
			st.form = r.Table().Match.Encode(mv)
		})
		if err := r.Move(t.Context(), budgetPeople[st.seat], st.form); err != nil {
			t.Fatalf("move %d: %v", len(steps), err)
		}
		steps = append(steps, st)
	}
	return steps
}
