package president

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

// visibleCards collects every card a View holds, wherever it sits, by
// walking its fields: a new field holding cards can't escape the check.
func visibleCards(v any) cards.Set {
	var out cards.Set
	var walk func(x reflect.Value)
	setType := reflect.TypeOf(cards.Set(0))
	cardType := reflect.TypeOf(cards.Card(0))
	walk = func(x reflect.Value) {
		switch {
		case x.Type() == setType:
			out |= cards.Set(x.Uint())
		case x.Type() == cardType:
			out = out.With(cards.Card(x.Uint()))
		case x.Kind() == reflect.Struct:
			for i := 0; i < x.NumField(); i++ {
				walk(x.Field(i))
			}
		case x.Kind() == reflect.Array || x.Kind() == reflect.Slice:
			for i := 0; i < x.Len(); i++ {
				walk(x.Index(i))
			}
		case x.Kind() == reflect.Pointer && !x.IsNil():
			walk(x.Elem())
		}
	}
	walk(reflect.ValueOf(v))
	return out
}

// TestViewLeaksNothing plays random deals and checks, after every action,
// that no seat's View holds a card of another hand (other than cards the
// viewer itself handled in the exchange), a discarded card, or a card
// of an earlier trick (beyond what the viewer exchanged itself).
func TestViewLeaksNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for match := 0; match < 300; match++ {
		rules := []Rules{House, Standard}[match%2]
		n := rules.MinPlayers + rng.IntN(rules.MaxPlayers-rules.MinPlayers+1)
		s, _, _ := New(rules, n, rng.Uint64())
		bots := make([]Bot, n)
		for i := range bots {
			bots[i] = []Bot{Greedy, RandomLegal}[rng.IntN(2)]
		}
		check := func(s State, ev []game.Event) {
			for seat := -1; seat < n; seat++ {
				v := s.View(seat)
				seen := visibleCards(v)
				// the viewer's own exchange: cards it handled itself
				known := cards.Set(0)
				if seat >= 0 {
					known = s.Players[seat].Gave | s.Players[seat].Got
				}
				for other := 0; other < n; other++ {
					if other == seat {
						continue
					}
					leak := seen & s.Players[other].Hand &^ known
					if leak != 0 {
						t.Fatalf("seat %d sees %v of seat %d's hand", seat, leak, other)
					}
				}
				if leak := seen & s.Discarded &^ known; leak != 0 {
					t.Fatalf("seat %d sees discarded cards %v", seat, leak)
				}
				if leak := seen & s.Played &^ known; leak != 0 {
					t.Fatalf("seat %d's view keeps cards of finished tricks %v", seat, leak)
				}
				if seat >= 0 && v.Hand != s.Players[seat].Hand {
					t.Fatal("own hand missing")
				}
			}
			for _, e := range ev {
				if len(e.Only) > 0 && len(e.Only) != 2 {
					t.Fatalf("private event for %v", e.Only)
				}
			}
		}
		for d := 0; d < 2; d++ {
			s = playDeal(t, s, bots, rng, check)
			s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: rng.Uint64()})
			check(s, nil)
		}
	}
}
