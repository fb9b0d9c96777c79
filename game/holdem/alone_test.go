package holdem

import (
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

// The cases below are worked out by hand from the rule "nobody is asked
// to act alone" (spec, Betting: "When at most one player can still act,
// the remaining board is dealt out"): when at most one player still has
// chips to bet and it has matched or covered every other bet, the street
// ends and the board runs out; when every other player is all-in, a
// player is asked to call only up to the largest of their bets. The
// "full big blind" owed over a short all-in big blind stays while two or
// more players can still bet. Blinds 10/20 throughout.

// rig fixes every dealt seat's hole cards and the five board cards to come
// (the hand must still be preflop), so that the winner is known.
func rig(t *testing.T, s *State, holes map[int][2]string, board [5]string) {
	t.Helper()
	if s.Street != Preflop {
		t.Fatalf("rig on the %v", s.Street)
	}
	for seat, h := range holes {
		s.Seats[seat].Hole = [2]cards.Card{card(t, h[0]), card(t, h[1])}
	}
	for i, c := range board {
		s.Deck[s.DeckPos+i] = card(t, c)
	}
}

// A board that pairs nobody's low cards and makes no straight or flush.
var dryBoard = [5]string{"2C", "7D", "9H", "JS", "4C"}

func stacks(s *State) []int {
	out := make([]int, s.N)
	for i := range out {
		out[i] = s.Seats[i].Stack
	}
	return out
}

func wantStacks(t *testing.T, s *State, want ...int) {
	t.Helper()
	if got := stacks(s); !equalInts(got, want) {
		t.Fatalf("stacks %v, want %v", got, want)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func wantRunOut(t *testing.T, s *State) {
	t.Helper()
	if s.Street != HandOver || s.Turn != -1 || s.BoardN != 5 {
		t.Fatalf("street %v, turn %d, board %d: want the board run out with no decision", s.Street, s.Turn, s.BoardN)
	}
}

// TestBigBlindNotAskedAloneHeadsUp: heads-up, seat 0 is the button and
// small blind with 15 chips, seat 1 the big blind with 2000. Seat 0 posts
// 10 and calls 5 more all-in: 15. The big blind's 20 covers the 15 and
// nobody is left to bet against it: it must not be asked to check (or
// fold a pot it has already matched). The board runs out; the 5 over 15
// come back uncalled; the pot is 15 + 15 = 30. Seat 0 (aces) wins it:
// seat 0 has 30, seat 1 2000 - 15 = 1985.
func TestBigBlindNotAskedAloneHeadsUp(t *testing.T) {
	s := start(t, DefaultRules, 15, 2000)
	rig(t, &s, map[int][2]string{0: {"AS", "AH"}, 1: {"8D", "3S"}}, dryBoard)
	act(t, &s, 0, Call, 0)
	wantRunOut(t, &s)
	refuse(t, s, 1, Fold, 0, CodeNotAllowed)
	wantStacks(t, &s, 30, 1985)
}

// TestBigBlindNotAskedAloneThreeHanded: seat 0 button folds, seat 1 small
// blind (15 chips) calls all-in for 15, seat 2 big blind has 20 in: it is
// the only player with chips and has covered the call. No decision; 5
// uncalled back to seat 2; pot 30 (the button put nothing in). Seat 1
// (kings) wins: 2000, 30, 2000 - 15 = 1985.
func TestBigBlindNotAskedAloneThreeHanded(t *testing.T) {
	s := start(t, DefaultRules, 2000, 15, 2000)
	rig(t, &s, map[int][2]string{0: {"QC", "QD"}, 1: {"KS", "KH"}, 2: {"8D", "3S"}}, dryBoard)
	act(t, &s, 0, Fold, 0)
	act(t, &s, 1, Call, 0)
	wantRunOut(t, &s)
	wantStacks(t, &s, 2000, 30, 1985)
}

// TestBigBlindNotAskedAloneExactCall: heads-up, the small blind has
// exactly 20 and calls all-in: the bets are level at 20, the big blind
// has nobody to bet against. No decision, nothing uncalled, pot 40. The
// big blind (aces) wins: 0 and 2000 + 20 = 2020.
func TestBigBlindNotAskedAloneExactCall(t *testing.T) {
	s := start(t, DefaultRules, 20, 2000)
	rig(t, &s, map[int][2]string{0: {"8D", "3S"}, 1: {"AS", "AH"}}, dryBoard)
	act(t, &s, 0, Call, 0)
	wantRunOut(t, &s)
	wantStacks(t, &s, 0, 2020)
}

// TestShortBigBlindHeadsUpCallsOnlyIt: heads-up, seat 0 button and small
// blind with 2000, seat 1 big blind with 15: it posts 15 all-in. The
// small blind is the only player with chips; nothing beyond 15 could be
// called, so it is asked to call 15 - 10 = 5, not the full big blind's 10
// more, and may not raise. It calls 5: 1985 behind, bets level at 15,
// nothing uncalled, pot 30. The big blind (aces) wins: 1985 and 30.
func TestShortBigBlindHeadsUpCallsOnlyIt(t *testing.T) {
	s := start(t, DefaultRules, 2000, 15)
	rig(t, &s, map[int][2]string{0: {"8D", "3S"}, 1: {"AS", "AH"}}, dryBoard)
	if s.Turn != 0 {
		t.Fatalf("turn %d, want the small blind", s.Turn)
	}
	o := Legal(&s, 0)
	if !o.Call || o.CallAmount != 5 || o.Check || o.Raise || !o.Fold {
		t.Fatalf("small blind's options %+v, want call 5 or fold", o)
	}
	refuse(t, s, 0, Check, 0, CodeNotAllowed)
	next, ev, err := Apply(s, 0, Action{Kind: Call})
	if err != nil {
		t.Fatal(err)
	}
	s = next
	if ev[0].String() != "{0} calls 15." {
		t.Fatalf("first event %q, want the call to 15", ev[0].String())
	}
	for _, e := range ev {
		if e.String() == "Uncalled 5 returned to {0}." {
			t.Fatal("the small blind was made to put in 5 that came back uncalled")
		}
	}
	if r := s.Actions[len(s.Actions)-1]; r.Kind != Call || r.Seat != 0 || r.Amount != 15 {
		t.Fatalf("last action %+v, want seat 0 calling to 15", r)
	}
	wantRunOut(t, &s)
	wantStacks(t, &s, 1985, 30)
}

// TestShortBigBlindHeadsUpAlreadyCovered: heads-up, the big blind has
// only 8 and posts it all-in; the small blind's 10 already covers it. No
// decision: the deal itself runs the board out, 2 come back uncalled to
// the small blind, the pot is 8 + 8 = 16. The cards are the seed's (the
// deal ends the hand before they could be fixed), so each outcome is
// checked: the small blind wins (2000 - 8 + 16 = 2008, 0), the big blind
// wins (1992, 16), or they split (2000, 8).
func TestShortBigBlindHeadsUpAlreadyCovered(t *testing.T) {
	s, err := New(DefaultRules, 2)
	if err != nil {
		t.Fatal(err)
	}
	s.Seats[1].Stack = 8
	s, ev, err := Apply(s, game.System, Action{Kind: Deal, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	wantRunOut(t, &s)
	returned := false
	for _, e := range ev {
		returned = returned || e.String() == "Uncalled 2 returned to {0}."
	}
	if !returned {
		t.Fatalf("events %v: want 2 uncalled back to the small blind", ev)
	}
	if len(s.Results) != 1 || s.Results[0].Pot.Amount != 16 {
		t.Fatalf("results %+v, want one pot of 16", s.Results)
	}
	switch w := s.Results[0].Winners; {
	case len(w) == 2:
		wantStacks(t, &s, 2000, 8)
	case w[0] == 0:
		wantStacks(t, &s, 2008, 0)
	default:
		wantStacks(t, &s, 1992, 16)
	}
}

// TestShortBigBlindMultiwayOwesFull: three-handed, seat 2 is the big
// blind with 15 (all-in on the blind); seats 0 (button) and 1 (small
// blind) have 2000 each and can still bet against each other, so the full
// big blind convention stays: the button owes 20 and may raise to 40, the
// small blind 10 more. Both call: bets 20, 20, 15; the main pot is
// 15 * 3 = 45 for everyone, the side pot (20 - 15) * 2 = 10 for seats 0
// and 1. They check it down; the big blind (aces) takes the main pot, the
// button (kings) the side pot: 1980 + 10 = 1990, 1980, 45.
func TestShortBigBlindMultiwayOwesFull(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 15)
	rig(t, &s, map[int][2]string{0: {"KS", "KH"}, 1: {"8D", "3S"}, 2: {"AS", "AH"}}, dryBoard)
	if o := Legal(&s, 0); o.CallAmount != 20 || !o.Raise || o.MinTo != 40 {
		t.Fatalf("button's options %+v, want call 20 or raise to 40", o)
	}
	act(t, &s, 0, Call, 0)
	if o := Legal(&s, 1); o.CallAmount != 10 {
		t.Fatalf("small blind's options %+v, want call 10", o)
	}
	act(t, &s, 1, Call, 0)
	if s.Street != Flop || s.Turn != 1 {
		t.Fatalf("street %v turn %d, want the flop with the small blind first", s.Street, s.Turn)
	}
	for s.Street != HandOver {
		act(t, &s, s.Turn, Check, 0)
	}
	want := []Pot{{Amount: 45, Eligible: []int{0, 1, 2}}, {Amount: 10, Eligible: []int{0, 1}}}
	if len(s.Results) != 2 || !equalPot(s.Results[0].Pot, want[0]) || !equalPot(s.Results[1].Pot, want[1]) {
		t.Fatalf("results %+v, want pots %+v", s.Results, want)
	}
	wantStacks(t, &s, 1990, 1980, 45)
}

func equalPot(a, b Pot) bool { return a.Amount == b.Amount && equalInts(a.Eligible, b.Eligible) }

// TestShortBigBlindMultiwayButtonFolds: as above, but the button folds.
// Now the small blind is the only player with chips: it is asked to call
// only 15 - 10 = 5. It calls: bets 0, 15, 15, pot 30, nothing uncalled.
// The small blind (aces) wins: 2000, 1985 + 30 = 2015, 0.
func TestShortBigBlindMultiwayButtonFolds(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 15)
	rig(t, &s, map[int][2]string{0: {"KS", "KH"}, 1: {"AS", "AH"}, 2: {"8D", "3S"}}, dryBoard)
	act(t, &s, 0, Fold, 0)
	if o := Legal(&s, 1); o.CallAmount != 5 || o.Raise || o.Check {
		t.Fatalf("small blind's options %+v, want call 5 or fold", o)
	}
	act(t, &s, 1, Call, 0)
	wantRunOut(t, &s)
	wantStacks(t, &s, 2000, 2015, 0)
}

// TestShortBigBlindMultiwayCallThenFold: the button calls the full 20
// (two players could still bet), then the small blind folds its 10. The
// button is alone with chips and has covered the big blind's 15: no
// decision, the board runs out, 5 come back uncalled to the button. Pot:
// 15 + 10 + 15 = 40 for seats 0 and 2; the big blind (aces) wins it:
// 2000 - 15 = 1985, 1990, 40.
func TestShortBigBlindMultiwayCallThenFold(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 15)
	rig(t, &s, map[int][2]string{0: {"KS", "KH"}, 1: {"8D", "3S"}, 2: {"AS", "AH"}}, dryBoard)
	act(t, &s, 0, Call, 0)
	act(t, &s, 1, Fold, 0)
	wantRunOut(t, &s)
	wantStacks(t, &s, 1985, 1990, 40)
}

// TestAllInCallCappedAlone: heads-up, the big blind posts 15 all-in and
// the small blind has 18 in all (8 behind its 10). Going all-in would put
// in 8 where 5 match everything: it is a call of 15 and leaves 3 behind.
// The big blind (aces) wins the pot of 30: 3 and 30.
func TestAllInCallCappedAlone(t *testing.T) {
	s := start(t, DefaultRules, 18, 15)
	rig(t, &s, map[int][2]string{0: {"8D", "3S"}, 1: {"AS", "AH"}}, dryBoard)
	act(t, &s, 0, AllIn, 0)
	wantRunOut(t, &s)
	wantStacks(t, &s, 3, 30)
	if s.Seats[0].AllIn {
		t.Fatal("the small blind was put all-in for chips nobody could call")
	}
}

// TestTablesBegunBeforeTheRuleReplay: a table begun before NobodyAlone
// (its options or snapshot say so) is dealt as it was then, so its log
// replays: in the heads-up hand of TestBigBlindNotAskedAloneHeadsUp the
// big blind is asked (and checks); the board then runs out as before.
func TestTablesBegunBeforeTheRuleReplay(t *testing.T) {
	old := DefaultRules
	old.NobodyAlone = false
	s := start(t, old, 15, 2000)
	rig(t, &s, map[int][2]string{0: {"AS", "AH"}, 1: {"8D", "3S"}}, dryBoard)
	act(t, &s, 0, Call, 0)
	if s.Turn != 1 {
		t.Fatalf("a table begun before the rule: turn %d, want the big blind asked", s.Turn)
	}
	act(t, &s, 1, Check, 0)
	wantRunOut(t, &s)
	wantStacks(t, &s, 30, 1985)
}
