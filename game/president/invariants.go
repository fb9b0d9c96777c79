package president

import (
	"fmt"

	"github.com/tablegames/tables/game/cards"
)

// CheckInvariants verifies the spec's invariants; tests and simulations
// call it after every action.
func CheckInvariants(s *State) error {
	all := cards.SetOf(cards.Deck(s.Rules.Jokers)...)
	seen := s.PileCards
	total := s.PileCards.Len() + s.Played.Len() + s.Discarded.Len()
	for _, place := range []cards.Set{s.Played, s.Discarded} {
		if seen&place != 0 {
			return fmt.Errorf("cards %v are in two places", seen&place)
		}
		seen |= place
	}
	holders := 0
	for i := range s.Players[:s.N] {
		p := &s.Players[i]
		if seen&p.Hand != 0 {
			return fmt.Errorf("seat %d holds %v that are elsewhere too", i, seen&p.Hand)
		}
		seen |= p.Hand
		total += p.Hand.Len()
		if p.Place == 0 {
			holders++
			if p.Hand == 0 && s.Phase != DealOver {
				return fmt.Errorf("seat %d has no cards but no place", i)
			}
		} else if p.Hand != 0 && s.Phase != DealOver {
			return fmt.Errorf("seat %d is out but holds %v", i, p.Hand)
		}
	}
	if seen != all || total != s.DeckSize() {
		return fmt.Errorf("cards in play %d (%v missing), want %d", total, all&^seen, s.DeckSize())
	}
	if s.PileLen == 0 {
		if s.Inverted {
			return fmt.Errorf("inverted outside a trick")
		}
		for i := range s.Players[:s.N] {
			if s.Players[i].Passed {
				return fmt.Errorf("seat %d passed outside a trick", i)
			}
		}
	}
	if s.Pending.Kind != 0 && (s.Phase != Playing || (s.Pending.Kind != Gift && s.Pending.Kind != Discard)) {
		return fmt.Errorf("pending %v outside play", s.Pending.Kind)
	}
	switch s.Phase {
	case Playing:
		if s.Turn < 0 || s.Turn >= s.N || s.Players[s.Turn].Place != 0 {
			return fmt.Errorf("turn %d is not a seat holding cards", s.Turn)
		}
		if s.Pending.Kind == 0 && s.Players[s.Turn].Passed {
			return fmt.Errorf("turn %d has passed", s.Turn)
		}
		if s.Pending.Kind != 0 && s.Players[s.Pending.Seat].Place != 0 {
			return fmt.Errorf("pending effect owed by a seat that is out")
		}
		if holders < 2 {
			return fmt.Errorf("play with %d players holding cards", holders)
		}
	case DealOver:
		return checkRoles(s)
	}
	return nil
}

// checkRoles verifies the roles of a finished deal are a permutation of the
// roles for the player count, matching the finishing places.
func checkRoles(s *State) error {
	want := s.Rules.RolesFor(s.N)
	used := make([]bool, s.N)
	for i := range s.Players[:s.N] {
		p := &s.Players[i]
		if p.Place < 1 || p.Place > s.N || used[p.Place-1] {
			return fmt.Errorf("places are not a permutation")
		}
		used[p.Place-1] = true
		if p.Role != want[p.Place-1] {
			return fmt.Errorf("seat %d placed %d has role %v, want %v", i, p.Place, p.Role, want[p.Place-1])
		}
	}
	return nil
}
