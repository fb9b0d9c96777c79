package holdem

import (
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
)

// The cases below are worked out by hand from TDA rule 47 ("an all-in
// wager, or cumulative multiple short all-ins, totaling less than a full
// raise does not reopen the betting to a player who has already acted")
// and from the spec's blinds of 10/20. Seats: 0 button, 1 small blind,
// 2 big blind, 3 first to act preflop, then 4 and 5.

// TestShortAllInsAddUpToAFullRaise: seat 3 raises to 100 (a raise of 80);
// two short all-ins follow, to 150 (+50) and to 190 (+40); the button
// calls 190, the blinds fold. Seat 3 now faces 90 more than it bet, at
// least the full raise of 80: it may raise again, to at least 190 + 80 =
// 270 (and the button could call that).
func TestShortAllInsAddUpToAFullRaise(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000, 2000, 150, 190)
	act(t, &s, 3, BetTo, 100)
	act(t, &s, 4, AllIn, 0) // 150: short
	act(t, &s, 5, AllIn, 0) // 190: short, but 90 over seat 3's 100 in all
	if s.MinRaise != 80 {
		t.Fatalf("the short all-ins changed the minimum raise to %d", s.MinRaise)
	}
	act(t, &s, 0, Call, 0) // 190: someone who could call a raise
	if o := Legal(&s, 1); !o.Raise {
		t.Fatalf("the small blind has not acted and may raise: %+v", o)
	}
	act(t, &s, 1, Fold, 0)
	act(t, &s, 2, Fold, 0)
	o := Legal(&s, 3)
	if !o.Raise || o.MinTo != 270 || o.CallAmount != 90 {
		t.Fatalf("seat 3 faces a full raise in all: %+v", o)
	}
	act(t, &s, 3, BetTo, 270)
}

// TestShortAllInsShortOfAFullRaise: the same, but the second all-in is to
// 170: seat 3 faces 70 more, less than 80, and may only call or fold.
func TestShortAllInsShortOfAFullRaise(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000, 2000, 150, 170)
	act(t, &s, 3, BetTo, 100)
	act(t, &s, 4, AllIn, 0) // 150
	act(t, &s, 5, AllIn, 0) // 170: 70 over seat 3's 100
	act(t, &s, 0, Call, 0)  // 170
	act(t, &s, 1, Fold, 0)
	act(t, &s, 2, Fold, 0)
	if o := Legal(&s, 3); o.Raise || !o.Call || o.CallAmount != 70 {
		t.Fatalf("seat 3 faces less than a full raise: %+v", o)
	}
	refuse(t, s, 3, BetTo, 400, CodeNotAllowed)
	act(t, &s, 3, Call, 0)
}

// TestShortAllInAfterAFullRaise: seat 3 raises to 100, seat 4 goes all-in
// short to 150, seat 5 makes a full raise to 250 (+100: the full raise is
// now 100), seat 0 calls 250, seat 1 goes all-in short to 320 (+70).
// Seat 3 acted before the full raise, so the betting is open to it again;
// seat 0 acted at 250 and faces only 70 more: call or fold.
func TestShortAllInAfterAFullRaise(t *testing.T) {
	s := start(t, DefaultRules, 2000, 320, 2000, 2000, 150, 2000)
	act(t, &s, 3, BetTo, 100)
	act(t, &s, 4, AllIn, 0)   // 150
	act(t, &s, 5, BetTo, 250) // a full raise of 100
	act(t, &s, 0, Call, 0)    // 250
	act(t, &s, 1, AllIn, 0)   // 320: +70, short of 100
	act(t, &s, 2, Fold, 0)
	if o := Legal(&s, 3); !o.Raise || o.MinTo != 420 {
		t.Fatalf("seat 3, reopened by the full raise: %+v", o)
	}
	act(t, &s, 3, Call, 0) // 320
	act(t, &s, 5, Call, 0) // 320: seat 5 acted at 250 and faces 70: it may only call
	if o := Legal(&s, 0); o.Raise || o.CallAmount != 70 {
		t.Fatalf("seat 0 faces 70 since it called 250: %+v", o)
	}
}

// TestNoRaiseNobodyCanCall: when every opponent still in the hand is
// all-in, or would be by calling, a raise could never be called: the
// player may only call or fold.
func TestNoRaiseNobodyCanCall(t *testing.T) {
	// seat 0 raises to 100, seat 1 (300 in all) goes all-in, seat 2
	// folds: seat 0's only opponent is all-in
	s := start(t, DefaultRules, 2000, 300, 2000)
	act(t, &s, 0, BetTo, 100)
	act(t, &s, 1, AllIn, 0)
	act(t, &s, 2, Fold, 0)
	if o := Legal(&s, 0); o.Raise || !o.Call || o.CallAmount != 200 {
		t.Fatalf("seat 0 against one all-in player: %+v", o)
	}
	refuse(t, s, 0, BetTo, 600, CodeNotAllowed)
	refuse(t, s, 0, AllIn, 0, CodeNotAllowed)
	act(t, &s, 0, Call, 0)

	// seat 0 (button) goes all-in for 2000; seat 1 has 3000 but the big
	// blind, with 250 in all, would be all-in just calling: no raise
	s = start(t, DefaultRules, 2000, 3000, 250)
	act(t, &s, 0, AllIn, 0)
	if o := Legal(&s, 1); o.Raise || !o.Call || o.CallAmount != 1990 {
		t.Fatalf("seat 1 against an all-in and a short big blind: %+v", o)
	}
	// with the big blind deep enough to call a raise, seat 1 may raise
	s = start(t, DefaultRules, 2000, 3000, 5000)
	act(t, &s, 0, AllIn, 0)
	if o := Legal(&s, 1); !o.Raise {
		t.Fatalf("seat 1 with a deep big blind behind: %+v", o)
	}
}

// TestShortBigBlind: a big blind with 15 chips posts them all; the others
// still owe the full 20 to call, and the big blind's all-in does not cap
// the bet.
func TestShortBigBlind(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 15, 2000)
	if !s.Seats[2].AllIn || s.Seats[2].Bet != 15 || s.CurrentBet != 20 {
		t.Fatalf("big blind: bet %d all-in %v, current bet %d", s.Seats[2].Bet, s.Seats[2].AllIn, s.CurrentBet)
	}
	if o := Legal(&s, 3); o.CallAmount != 20 || o.MinTo != 40 {
		t.Fatalf("first to act owes the full big blind: %+v", o)
	}
}

// TestFoldWhenCheckIsFree: folding is allowed even when a check costs
// nothing (the table asks first; the engine takes it).
func TestFoldWhenCheckIsFree(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000)
	act(t, &s, 0, Call, 0)
	act(t, &s, 1, Call, 0)
	if o := Legal(&s, 2); !o.Check || !o.Fold {
		t.Fatalf("big blind's options: %+v", o)
	}
	act(t, &s, 2, Fold, 0)
	if !s.Seats[2].Folded {
		t.Fatal("the fold was not taken")
	}
}

// TestSeveralOddChips: 101 chips split three ways is 33 each and two odd
// chips, one each to the first two winners left of the button.
func TestSeveralOddChips(t *testing.T) {
	got := Split(101, []int{0, 2, 4}, 3, 6) // button 3: seat 4 first, then seat 0
	want := map[int]int{4: 34, 0: 34, 2: 33}
	for s, n := range want {
		if got[s] != n {
			t.Fatalf("split %v, want %v", got, want)
		}
	}
}

// TestBustedPlayerChooses: a seat that asked to be asked (NoAutoRebuy)
// and is out of chips sits out at the next deal until it buys back in;
// one with auto rebuy buys in by itself. Rebuys count in BuyIns.
func TestBustedPlayerChooses(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000)
	act(t, &s, 0, AutoRebuyOff, 0)
	refuse(t, s, 0, AutoRebuyOff, 0, CodeNotAllowed) // nothing to change
	refuse(t, s, 0, Rebuy, 0, CodeNotAllowed)        // it still has chips
	act(t, &s, 0, Fold, 0)
	act(t, &s, 1, Fold, 0) // the big blind takes the blinds: the hand is over
	// seats 0 and 1 lost everything (as if busted in that hand)
	s.Seats[0].Stack, s.Seats[1].Stack = 0, 0
	next, ev, err := Apply(s, game.System, Action{Kind: Deal, Seed: 43})
	if err != nil {
		t.Fatal(err)
	}
	if p := next.Seats[0]; !p.SitOut || p.Dealt || p.Stack != 0 || p.BuyIns != 1 || !p.NoAutoRebuy {
		t.Fatalf("seat 0, asked, after busting: %+v", p)
	}
	if p := next.Seats[1]; p.SitOut || !p.Dealt || p.Stack == 0 || p.BuyIns != 2 {
		t.Fatalf("seat 1, auto rebuy, after busting: %+v", p)
	}
	var log []string
	for _, e := range ev {
		log = append(log, e.String())
	}
	if !strings.Contains(strings.Join(log, "\n"), "sits out until they buy back in") {
		t.Fatalf("log: %v", log)
	}
	// seat 0 buys back in during the hand it sits out: it plays the next
	s, _, err = Apply(next, 0, Action{Kind: Rebuy}) // chips come in: not act, which checks they stay the same
	if err != nil {
		t.Fatal(err)
	}
	if p := s.Seats[0]; p.Stack != 2000 || p.SitOut || p.BuyIns != 2 || p.Dealt {
		t.Fatalf("seat 0 after buying back in: %+v", p)
	}
	refuse(t, s, 0, Rebuy, 0, CodeNotAllowed) // it has chips again
}
