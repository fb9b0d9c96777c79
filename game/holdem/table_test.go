package holdem

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

func TestRebuyAndSitOut(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000)
	// seat 1 sits out from the next hand; seat 2 busts
	act(t, &s, 1, SitOut, 0)
	if !s.Seats[1].Dealt {
		t.Fatal("sitting out took a seat out of the current hand")
	}
	act(t, &s, 0, Fold, 0)
	act(t, &s, 1, Fold, 0)
	s.Seats[2].Stack = 0 // as if it had lost everything
	s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: 5})
	if s.Seats[1].Dealt || s.Seats[2].Stack+s.Seats[2].Total != 2000 || s.Seats[2].BuyIns != 2 {
		t.Fatalf("seat 1 dealt %v; seat 2 stack %d buy-ins %d", s.Seats[1].Dealt, s.Seats[2].Stack+s.Seats[2].Total, s.Seats[2].BuyIns)
	}
	refuse(t, s, 1, SitOut, 0, CodeNotAllowed) // already out
	act(t, &s, 1, SitIn, 0)

	// without rebuys a busted seat is not dealt, and one player alone is no hand
	r := DefaultRules
	r.Rebuy = false
	s2 := start(t, r, 2000, 2000, 2000)
	for s2.Street != HandOver {
		act(t, &s2, s2.Turn, Fold, 0)
	}
	s2.Seats[0].Stack, s2.Seats[1].Stack = 0, 0
	if _, _, err := Apply(s2, game.System, Action{Kind: Deal, Seed: 1}); err == nil {
		t.Fatal("a hand was dealt to one player")
	}
}

func TestShowdownOrder(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000) // button 0
	act(t, &s, 0, Call, 0)
	act(t, &s, 1, Call, 0)
	act(t, &s, 2, Check, 0)
	// flop and turn checked; on the river seat 2 bets and is called
	for s.Street != River {
		act(t, &s, s.Turn, Check, 0)
	}
	for s.Turn != 2 {
		act(t, &s, s.Turn, Check, 0)
	}
	next, ev, err := Apply(s, 2, Action{Kind: BetTo, Amount: 100})
	if err != nil {
		t.Fatal(err)
	}
	s = next
	var shows []string
	for s.Street != HandOver {
		next, ev, err = Apply(s, s.Turn, Action{Kind: Call})
		if err != nil {
			t.Fatal(err)
		}
		s = next
	}
	for _, e := range ev {
		if strings.Contains(e.String(), " shows ") {
			shows = append(shows, e.String()[:3])
		}
	}
	if len(shows) != 3 || shows[0] != "{2}" {
		t.Fatalf("showdown order %v: the river bettor shows first", shows)
	}
}

func TestDealOnlyBySystem(t *testing.T) {
	s, _ := New(DefaultRules, 3)
	refuse(t, s, 0, Deal, 0, CodeNotAllowed)
	refuse(t, s, 0, Fold, 0, CodeNotAllowed) // no hand yet
	s = start(t, DefaultRules, 2000, 2000)
	if _, _, err := Apply(s, game.System, Action{Kind: Deal}); err == nil {
		t.Fatal("a deal during a hand")
	}
	if _, err := New(DefaultRules, 10); err == nil {
		t.Fatal("10 seats")
	}
}

// FuzzActions applies arbitrary actions: no panic, rejections are game
// errors that change nothing, and chips are conserved.
func FuzzActions(f *testing.F) {
	f.Add(uint64(1), []byte{1, 2, 3, 4, 5, 200, 7})
	f.Fuzz(func(t *testing.T, seed uint64, script []byte) {
		n := 2 + int(seed%8)
		s, _ := New(DefaultRules, n)
		s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: seed})
		total := s.Chips()
		for i := 0; i+2 < len(script); i += 3 {
			seat := int(script[i]%uint8(n+2)) - 2
			a := Action{Kind: Kind(script[i+1] % 11), Amount: int(script[i+2]) * 20}
			next, _, err := Apply(s, seat, a)
			if err != nil {
				var ge *game.Error
				if !errors.As(err, &ge) || ge.Code == "" || !reflect.DeepEqual(next, s) {
					t.Fatalf("bad rejection %v", err)
				}
				continue
			}
			s = next
			if a.Kind == Deal || s.Street == HandOver {
				total = s.Chips()
			}
			if s.Chips() != total {
				t.Fatalf("chips %d, were %d", s.Chips(), total)
			}
		}
		_ = cards.Card(0)
	})
}
