package president

import (
	"slices"
	"testing"
)

// TestGiftChoicesAsData (issue 40, item 17): a program asked for a gift of
// 7s reads its choices as data, not only in words: how many cards, which
// (any of its hand) and to which seats (every other seat still playing,
// from the next one on).
func TestGiftChoicesAsData(t *testing.T) {
	house, _ := RulesNamed("house")
	s, _, err := New(house, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	s.Phase, s.Pending = Playing, Pending{Kind: Gift, Count: 2, Seat: 1}
	s.Players[3].Place = 1 // seat 3 is out: it receives nothing
	v := s.View(1)
	b := v.Brief()
	var found bool
	for _, c := range b.Moves {
		if c.Give == nil {
			continue
		}
		found = true
		if c.Give.Count != 2 || !slices.Equal(c.Give.To, []int{2, 0}) || !slices.Equal(c.Give.Cards, names(v.Hand)) {
			t.Errorf("the gift's data: %+v (hand %v)", c.Give, names(v.Hand))
		}
	}
	if !found {
		t.Fatalf("no gift among the moves: %+v", b.Moves)
	}
}
