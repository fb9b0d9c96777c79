package holdem

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tablegames/tables/game/cards"
)

// TestPushOrderIsEveryHand: the order holds each of the 169 starting
// hands once, 1,326 combinations in all.
func TestPushOrderIsEveryHand(t *testing.T) {
	seen := map[string]bool{}
	for a := cards.Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			seen[StartingHand(a, b)] = true
		}
	}
	if len(seen) != 169 || len(pushOrder) != 169 {
		t.Fatalf("%d hands, %d in the order", len(seen), len(pushOrder))
	}
	for _, h := range pushOrder {
		if !seen[h] {
			t.Fatalf("%q twice or not a hand", h)
		}
		delete(seen, h)
	}
}

// hold gives seat its hole cards.
func hold(t *testing.T, s *State, seat int, a, b string) {
	s.Seats[seat].Hole = [2]cards.Card{card(t, a), card(t, b)}
}

func pushFold(t *testing.T, s *State) Action {
	t.Helper()
	v := s.View(s.Turn)
	a, ok := PushFold(&v)
	if !ok {
		t.Fatal("no push or fold")
	}
	return a
}

// TestPushFoldEarly: nine seats, blinds 10/20; under the gun (seat 3)
// has 100, 5 big blinds, eight opponents to act: the chart pushes 19% of
// hands. Aces are in (the first hand): all-in. Seven-deuce offsuit (95%
// down the order) is out: fold.
func TestPushFoldEarly(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000, 100, 2000, 2000, 2000, 2000, 2000)
	if s.Turn != 3 {
		t.Fatalf("turn %d", s.Turn)
	}
	for _, c := range []struct {
		a, b string
		want Kind
	}{{"AS", "AH", AllIn}, {"7C", "2D", Fold}} {
		hold(t, &s, 3, c.a, c.b)
		if a := pushFold(t, &s); a.Kind != c.want {
			t.Errorf("%s%s: %v, want %v", c.a, c.b, a.Kind, c.want)
		}
	}
	// the heuristic bot plays the chart
	hold(t, &s, 3, "AS", "AH")
	v := s.View(3)
	if a, _ := Heuristic(&v, rand.New(rand.NewPCG(1, 1))); a.Kind != AllIn {
		t.Fatalf("heuristic bot with aces at 5 big blinds: %v", a)
	}
}

// TestPushFoldSmallBlind: everyone folds to the small blind, which has
// 40 in all (2 big blinds, 10 of them posted) against the big blind: the
// chart pushes every hand, even three-deuce offsuit, the last.
func TestPushFoldSmallBlind(t *testing.T) {
	s := start(t, DefaultRules, 2000, 40, 2000, 2000, 2000, 2000, 2000, 2000, 2000)
	for s.Turn != 1 {
		act(t, &s, s.Turn, Fold, 0)
	}
	for _, h := range [][2]string{{"3C", "2D"}, {"7C", "2D"}, {"AS", "AH"}} {
		hold(t, &s, 1, h[0], h[1])
		if a := pushFold(t, &s); a.Kind != AllIn {
			t.Errorf("%v: %v, want all-in", h, a.Kind)
		}
	}
}

// TestPushFoldBubble: heads-up, the small blind has 200 (10 big blinds)
// against 2000: the chart pushes 55% of hands, and queen-three suited
// (about 46% down the order) is in. Near a tournament's money the share
// is three quarters of that, 41%: it folds.
func TestPushFoldBubble(t *testing.T) {
	s := start(t, DefaultRules, 200, 2000)
	hold(t, &s, 0, "QS", "3S")
	if a := pushFold(t, &s); a.Kind != AllIn {
		t.Fatalf("off the bubble: %v", a.Kind)
	}
	s.SetBubble(true)
	if a := pushFold(t, &s); a.Kind != Fold {
		t.Fatalf("on the bubble: %v", a.Kind)
	}
}

// TestPushFoldCall: heads-up, the small blind (2000) shoves; the big
// blind has 200, 10 big blinds: it calls 36% of hands. Aces call; seven-
// deuce folds. It cannot raise: the shove covers it.
func TestPushFoldCall(t *testing.T) {
	s := start(t, DefaultRules, 2000, 200)
	act(t, &s, 0, AllIn, 0)
	for _, c := range []struct {
		a, b string
		want Kind
	}{{"AS", "AH", Call}, {"7C", "2D", Fold}} {
		hold(t, &s, 1, c.a, c.b)
		if a := pushFold(t, &s); a.Kind != c.want {
			t.Errorf("%s%s: %v, want %v", c.a, c.b, a.Kind, c.want)
		}
	}
}

// TestPushFoldNotDeep: with 100 big blinds the heuristic plays as usual.
func TestPushFoldNotDeep(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000)
	v := s.View(s.Turn)
	if _, ok := PushFold(&v); ok {
		t.Fatal("push or fold with 100 big blinds")
	}
}

// TestEffectiveBB: 240 chips at 10/20 are 12 big blinds; a big blind ante
// of 20 makes a round cost 50 instead of 30: 12 × 30/50 = 7.2; a classic
// ante of 5 at six seats costs 30 more: 12 × 30/60 = 6. The stack counted
// is the smaller of the seat's and the largest opponent's.
func TestEffectiveBB(t *testing.T) {
	six := func(me, other int) []SeatView {
		out := []SeatView{{Stack: me, Dealt: true}}
		for i := 0; i < 5; i++ {
			out = append(out, SeatView{Stack: other, Dealt: true})
		}
		return out
	}
	cases := []struct {
		name  string
		f     Format
		seats []SeatView
		want  float64
	}{
		{"no ante", Format{}, six(240, 5000), 12},
		{"big blind ante", Format{Ante: 20, BigBlindAnte: true}, six(240, 5000), 7.2},
		{"classic ante", Format{Ante: 5}, six(240, 5000), 6},
		{"covered", Format{}, six(5000, 100), 5},
	}
	for _, c := range cases {
		v := View{Seat: 0, Rules: withFormat(c.f), Seats: c.seats}
		if got := effectiveBB(&v); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
