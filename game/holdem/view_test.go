package holdem

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
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
			check := func() {
				for viewer := -1; viewer < n; viewer++ {
					v := s.View(viewer)
					seen := cards.SetOf(v.Board...)
					for i, sv := range v.Seats {
						seen |= cards.SetOf(sv.Hole...)
						if i != viewer && len(sv.Hole) > 0 && (!s.Seats[i].Shown || s.Seats[i].Folded) {
							t.Fatalf("viewer %d sees seat %d's hole cards", viewer, i)
						}
					}
					for c := s.DeckPos; c < 52; c++ {
						if seen.Has(s.Deck[c]) {
							t.Fatalf("viewer %d sees an undealt card", viewer)
						}
					}
					for i := 0; i < s.N; i++ {
						if i == viewer || s.Seats[i].Shown {
							continue
						}
						for _, c := range s.Seats[i].Hole {
							if s.Seats[i].Dealt && seen.Has(c) && !cards.SetOf(v.Board...).Has(c) {
								t.Fatalf("viewer %d sees %v of seat %d", viewer, c, i)
							}
						}
						hist := s.History(viewer, func(k int) string { return "P" + itoa(k) })
						for _, c := range s.Seats[i].Hole {
							if s.Seats[i].Dealt && strings.Contains(hist, c.Face()) && !strings.Contains(faces(s.Board[:s.BoardN]), c.Face()) {
								t.Fatalf("viewer %d's history names %v of seat %d", viewer, c, i)
							}
						}
					}
				}
			}
			check()
			for s.Street != HandOver {
				choices := Legal(&s, s.Turn).Actions()
				s, _, _ = Apply(s, s.Turn, choices[rng.IntN(len(choices))])
				check()
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
	h := s.History(0, names)
	for _, want := range []string{"Hand #1", "Seat 1 is the button", "Dealt to Ann [", "Bob: posts a blind 10", "Ann: bets/raises to 60", "Bob: folds", "*** FLOP ***", "*** RIVER ***", "Board [", "shows [", "collects from pot 1 (130)"} {
		if !strings.Contains(h, want) {
			t.Errorf("history lacks %q:\n%s", want, h)
		}
	}
	// Bob folded: his cards are never in anyone's history
	for _, c := range s.Seats[1].Hole {
		if strings.Contains(s.History(2, names), c.Face()) && !strings.Contains(faces(s.Board[:]), c.Face()) {
			t.Fatalf("Bob's folded %v shows", c)
		}
	}
}
