package room

import (
	"context"
	"math/rand/v2"
	"net/url"
	"testing"

	"github.com/tablegames/tables/game/president"
)

// The rule of a rated game (rated.go, docs/RATINGS.md), each way around
// it tried at a public President table of four people, one deal.

// playDeal plays one President deal: each awaited seat's move, chosen by
// the game's bot, is made by its person from addrs[seat] (a Move
// command), or for them by their clock when clock[seat].
func playDeal(t *testing.T, r *Room, people []*person, addrs []string, clock []bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 5))
	ctx := t.Context()
	for n := 0; ; n++ {
		if n > 2000 {
			t.Fatal("no end after 2,000 moves")
		}
		var who int
		var form url.Values
		done := false
		r.Inspect(ctx, func(r *Room) {
			m := r.Table().Match.(*president.Match)
			if done = m.State.Phase == president.DealOver; done {
				return
			}
			who = m.Waiting()[0]
			if clock[who] {
				mv, _ := m.Auto(who)
				r.commitMove(who, mv, byClock)
				who = -1
				return
			}
			mv, _ := m.Bot(who, r.BotKind(), rng)
			form = m.Encode(mv)
		})
		if done {
			return
		}
		if who < 0 {
			continue
		}
		if err := r.Move(WithAddr(ctx, addrs[who]), people[who].id, form); err != nil {
			t.Fatalf("seat %d: %v", who, err)
		}
	}
}

// ratedAfterDeal seats four people at a public President table, plays a
// deal as addrs and clock say, and reports who has a rating after it;
// everyone's result is recorded either way.
func ratedAfterDeal(t *testing.T, addrs []string, clock []bool) []bool {
	t.Helper()
	rt := quietRuntime(t)
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}, {id: "p-dan", name: "Dan"}}
	r := seatTable(t, rt, "president", url.Values{"ruleset": {"house"}, "seats": {"4"}, "clock": {"0"}, "public": {"on"}}, people)
	playDeal(t, r, people, addrs, clock)
	r.Inspect(t.Context(), func(*Room) {})
	ctx := context.Background()
	out := make([]bool, len(people))
	for i, p := range people {
		rs, err := rt.db.PlayerResults(ctx, p.id, false, 10)
		if err != nil || len(rs) != 1 {
			t.Fatalf("%s's results: %+v %v", p.name, rs, err)
		}
		rts, _ := rt.db.Ratings(ctx, p.id)
		out[i] = len(rts) == 1
		if out[i] != (rs[0].Rating != 0) {
			t.Fatalf("%s: rated %v, the result's rating %v", p.name, out[i], rs[0].Rating)
		}
	}
	return out
}

func TestRatedWhenReallyPlayed(t *testing.T) {
	got := ratedAfterDeal(t, []string{"10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"}, make([]bool, 4))
	if !got[0] || !got[1] || !got[2] || !got[3] {
		t.Fatalf("four people from four addresses who played: rated %v", got)
	}
}

// TestNotRatedWhenAutoPlayed: Ann's and Bob's clocks play all their
// moves (the farm: nobody plays a card): they are not rated; Cat and Dan,
// who played, are rated against each other.
func TestNotRatedWhenAutoPlayed(t *testing.T) {
	got := ratedAfterDeal(t, []string{"10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"}, []bool{true, true, false, false})
	if got[0] || got[1] || !got[2] || !got[3] {
		t.Fatalf("Ann and Bob auto-played: rated %v, want [false false true true]", got)
	}
}

// TestNotRatedFromOneAddress: Ann and Bob play from one address: neither
// is rated; Cat and Dan are.
func TestNotRatedFromOneAddress(t *testing.T) {
	got := ratedAfterDeal(t, []string{"10.0.0.1", "10.0.0.1", "10.0.0.3", "10.0.0.4"}, make([]bool, 4))
	if got[0] || got[1] || !got[2] || !got[3] {
		t.Fatalf("Ann and Bob from one address: rated %v, want [false false true true]", got)
	}
}

// TestNobodyRatedWithOneLeft: three of four auto-played: the one who
// played has nobody to be rated against.
func TestNobodyRatedWithOneLeft(t *testing.T) {
	got := ratedAfterDeal(t, []string{"10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"}, []bool{true, true, true, false})
	if got[0] || got[1] || got[2] || got[3] {
		t.Fatalf("one person played: rated %v", got)
	}
}

// TestPlayedEnough: the rule for one seat, worked out by hand: at least
// 3 moves of their own, at most one in four made for them (own ≥ 3 ×
// helped), and not away at the end.
func TestPlayedEnough(t *testing.T) {
	for _, c := range []struct {
		own, helped int
		away, want  bool
	}{
		{0, 12, false, false}, // all auto-played
		{2, 0, false, false},  // too few of their own
		{3, 0, false, true},
		{3, 1, false, true},  // one timeout in four moves
		{5, 2, false, false}, // two in seven: more than one in four
		{9, 3, false, true},
		{9, 0, true, false}, // away at the end
	} {
		tb := &Table{Seats: []seat{{Player: "p", Name: "P", Away: c.away}}, Played: []play{{Own: c.own, Helped: c.helped}}}
		if got := tb.playedEnough(0); got != c.want {
			t.Errorf("own %d, helped %d, away %v: %v, want %v", c.own, c.helped, c.away, got, c.want)
		}
	}
}
