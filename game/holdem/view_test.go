package holdem

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/i18n"
)

// TestViewHidesHoleCards plays random hands and checks, after every
// action, that no view holds another seat's hole cards unless they were
// shown at showdown, that folded hands are never shown, and that no view
// holds an undealt card of the deck.
func TestViewHidesHoleCards(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for table := 0; table < 100; table++ {
		n := 2 + rng.IntN(8)
		s, _ := New(DefaultRules, n)
		for hand := 0; hand < 10; hand++ {
			s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: rng.Uint64()})
			check := func() { checkViews(t, &s) }
			check()
			for s.Street != HandOver {
				choices := Legal(&s, s.Turn).Actions()
				s, _, _ = Apply(s, s.Turn, choices[rng.IntN(len(choices))])
				check()
			}
			checkHistory(t, &s.Past[len(s.Past)-1])
		}
	}
}

// checkViews: no view holds another seat's hole cards unless they were
// shown (a folded or mucked hand never), and no view holds a card of the
// deck not dealt yet (a second run's cards before they are dealt).
func checkViews(t *testing.T, s *State) {
	t.Helper()
	n := s.N
	for viewer := -1; viewer < n; viewer++ {
		v := s.View(viewer)
		seen := cards.SetOf(v.Board...) | cards.SetOf(v.Board2...)
		for i, sv := range v.Seats {
			seen |= cards.SetOf(sv.Hole...)
			if i != viewer && len(sv.Hole) > 0 && (!s.Seats[i].Shown || s.Seats[i].Folded || s.Seats[i].Mucked) {
				t.Fatalf("viewer %d sees seat %d's hole cards", viewer, i)
			}
		}
		for c := s.DeckPos; c < 52; c++ {
			if seen.Has(s.Deck[c]) {
				t.Fatalf("viewer %d sees an undealt card", viewer)
			}
		}
		board := cards.SetOf(v.Board...) | cards.SetOf(v.Board2...)
		for i := 0; i < s.N; i++ {
			if i == viewer || s.Seats[i].Shown {
				continue
			}
			for _, c := range s.Seats[i].Hole {
				if s.Seats[i].Dealt && seen.Has(c) && !board.Has(c) {
					t.Fatalf("viewer %d sees %v of seat %d", viewer, c, i)
				}
			}
		}
	}
}

// checkHistory: no viewer's history of a hand names a hole card it may
// not see (the board's cards aside), and every line of it comes from the
// catalog (in the pseudo-language, each is one bracketed message).
func checkHistory(t *testing.T, r *HandRecord) {
	t.Helper()
	names := func(k int) string { return "P" + itoa(k) }
	pseudo := i18n.Lookup(i18n.PseudoCode)
	for viewer := -1; viewer < len(r.Seats); viewer++ {
		text := r.Text(viewer, names)
		for _, l := range strings.Split(strings.TrimSuffix(r.TextIn(pseudo, viewer, names), "\n"), "\n") {
			if !strings.HasPrefix(l, "⟦") || !strings.HasSuffix(l, "⟧") {
				t.Fatalf("a line of hand %d's history is not from the catalog: %q", r.Hand, l)
			}
		}
		for i, hs := range r.Seats {
			if !hs.Dealt || hs.Shown || i == viewer {
				continue
			}
			for _, c := range hs.Hole {
				if strings.Contains(text, c.Face()) {
					t.Fatalf("viewer %d's history of hand %d names %v of seat %d:\n%s", viewer, r.Hand, c, i, text)
				}
			}
		}
	}
}

func TestHistory(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000)
	act(t, &s, 0, BetTo, 60)
	act(t, &s, 1, Fold, 0)
	act(t, &s, 2, Call, 0)
	for s.Street != HandOver {
		act(t, &s, s.Turn, Check, 0)
	}
	names := func(i int) string { return []string{"Ann", "Bob", "Cy"}[i] }
	if len(s.Past) != 1 {
		t.Fatalf("%d hands kept", len(s.Past))
	}
	r := &s.Past[0]
	h := r.Text(0, names)
	for _, want := range []string{"Hand #1", "Seat 1 is the button", "Seat 2: Bob (2000 in chips)", "*** HOLE CARDS ***\nDealt to Ann [", "Bob: posts the small blind 10", "Cy: posts the big blind 20", "Ann: raises to 60", "Bob: folds", "*** FLOP ***", "*** RIVER ***", "*** SHOWDOWN ***", "Board [", ": shows [", "collects from the pot (130)", "*** SUMMARY ***", "Seat 2: Bob ends with 1990 (-10)"} {
		if !strings.Contains(h, want) {
			t.Errorf("history lacks %q:\n%s", want, h)
		}
	}
	// Bob folded: his cards are never in anyone's history
	checkHistory(t, r)
	if r.Net(0)+r.Net(1)+r.Net(2) != 0 {
		t.Errorf("the hand's nets don't sum to zero: %d %d %d", r.Net(0), r.Net(1), r.Net(2))
	}
}

// TestPastKeepsTheLastHands: the state keeps KeepHands hands, the newest
// last, and an earlier state keeps its own list.
func TestPastKeepsTheLastHands(t *testing.T) {
	s, _ := New(DefaultRules, 3)
	var mid State
	for hand := 1; hand <= KeepHands+5; hand++ {
		s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: uint64(hand)})
		for s.Street != HandOver {
			s, _, _ = Apply(s, s.Turn, Legal(&s, s.Turn).Actions()[0])
		}
		if hand == 3 {
			mid = s
		}
	}
	if len(s.Past) != KeepHands || s.Past[0].Hand != 6 || s.Past[KeepHands-1].Hand != KeepHands+5 {
		t.Fatalf("kept %d hands, %d to %d", len(s.Past), s.Past[0].Hand, s.Past[len(s.Past)-1].Hand)
	}
	if len(mid.Past) != 3 || mid.Past[2].Hand != 3 {
		t.Fatalf("an earlier state's hands changed: %d", len(mid.Past))
	}
}

// TestViewPotsLeaveOutTheUncalledBet: heads-up at 10/20, running it twice
// allowed, seat 0 (the button, small blind, 2,000) raises to 420 and seat
// 1 (big blind, 400) calls all-in for 400. Worked out by hand: while seat
// 1 may still call, the one pot is 420 + 20 = 440 for both; once seat 1
// is all-in, seat 0's last 20 can never be called and go back to it, so
// the pot, while the table is asked to run it twice, is 400 + 400 = 800
// for both and nothing else (no side pot of 20 for seat 0 alone); the
// hand pays 800 and returns 20.
func TestViewPotsLeaveOutTheUncalledBet(t *testing.T) {
	r := DefaultRules
	r.RunItTwice = true
	s := start(t, r, 2000, 400)
	if s.Button != 0 || s.SB != 0 || s.BB != 1 {
		t.Fatalf("button %d sb %d bb %d", s.Button, s.SB, s.BB)
	}
	act(t, &s, 0, BetTo, 420)
	for viewer := -1; viewer < 2; viewer++ {
		if got := s.View(viewer).Pots; !reflect.DeepEqual(got, []Pot{{440, []int{0, 1}}}) {
			t.Fatalf("viewer %d: pots %v before the call, want 440 for both", viewer, got)
		}
	}
	act(t, &s, 1, Call, 0)
	if s.RunOut != RunOutAsking || !s.Seats[1].AllIn || s.Seats[0].Total != 420 {
		t.Fatalf("run out %v, seat 1 all-in %v, seat 0 in for %d", s.RunOut, s.Seats[1].AllIn, s.Seats[0].Total)
	}
	for viewer := -1; viewer < 2; viewer++ {
		if got := s.View(viewer).Pots; !reflect.DeepEqual(got, []Pot{{800, []int{0, 1}}}) {
			t.Fatalf("viewer %d: pots %v after the all-in call, want only 800 for both", viewer, got)
		}
	}
	act(t, &s, 0, RunOnce, 0)
	if s.Street != HandOver {
		t.Fatalf("street %v after running once", s.Street)
	}
	paid := 0
	for _, res := range s.Results {
		paid += res.Pot.Amount
	}
	if paid != 800 || s.Seats[0].Stack+s.Seats[1].Stack != 2400 {
		t.Fatalf("paid %d, stacks %d and %d", paid, s.Seats[0].Stack, s.Seats[1].Stack)
	}
}
