package holdem

import (
	"reflect"
	"testing"
)

// Refused bets and raises name the numbers behind them, in the message and
// in the error's Details. Worked by hand; blinds 10/20 throughout.

func wantError(t *testing.T, s State, seat int, k Kind, amount int, code, msg string, details map[string]int) {
	t.Helper()
	ge := refuse(t, s, seat, k, amount, code)
	if ge.Message != msg {
		t.Errorf("%v %d: message %q, want %q", k, amount, ge.Message, msg)
	}
	if !reflect.DeepEqual(ge.Details, details) {
		t.Errorf("%v %d: details %v, want %v", k, amount, ge.Details, details)
	}
}

// TestRaiseErrorsNameTheNumbers: three-handed, 2000 each; seat 0 (the
// button, first preflop) raises to 60, a raise of 40. The small blind (10
// in) faces 60: to call 50; a raise must go to 60 + 40 = 100; at most to
// its 2000.
func TestRaiseErrorsNameTheNumbers(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000)
	// before that: the button can't check the big blind's 20
	wantError(t, s, 0, Check, 0, CodeNotAllowed, "You can't check: the bet is 20; call 20, raise or fold",
		map[string]int{"current_bet": 20, "player_bet": 0, "to_call": 20, "min_raise": 40, "max_raise": 2000})
	act(t, &s, 0, BetTo, 60)
	sb := map[string]int{"current_bet": 60, "player_bet": 10, "to_call": 50, "min_raise": 100, "max_raise": 2000}
	wantError(t, s, 1, BetTo, 90, CodeBetTooSmall, "Raise to at least 100: the bet is 60", sb)
	wantError(t, s, 1, BetTo, 60, CodeBetTooSmall, "Raise to at least 100: the bet is 60", sb)
	wantError(t, s, 1, BetTo, 5000, CodeBetTooLarge, "You have 2000 in all: raise to at most 2000 (the bet is 60)", sb)
}

// TestBetTooSmallPostflop: heads-up, the small blind calls, the big blind
// checks; on the flop the big blind (1980 behind) bets 10: a bet must be
// at least the big blind, 20. Nothing to call.
func TestBetTooSmallPostflop(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000)
	act(t, &s, 0, Call, 0)
	act(t, &s, 1, Check, 0)
	wantError(t, s, 1, BetTo, 10, CodeBetTooSmall, "Bet at least 20, the big blind",
		map[string]int{"current_bet": 0, "player_bet": 0, "to_call": 0, "min_raise": 20, "max_raise": 1980})
}

// TestRaiseTooSmallShortStack: three-handed, the big blind (seat 2) has 90
// in all. The button raises to 60, the small blind folds. A full raise
// would go to 100, but the big blind has 90: its only raise is all-in to
// 90 (min_raise = max_raise = 90); to call 60 - 20 = 40.
func TestRaiseTooSmallShortStack(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 90)
	act(t, &s, 0, BetTo, 60)
	act(t, &s, 1, Fold, 0)
	wantError(t, s, 2, BetTo, 80, CodeBetTooSmall, "Raise to at least 100: the bet is 60; with 90 in all you can only go all-in",
		map[string]int{"current_bet": 60, "player_bet": 20, "to_call": 40, "min_raise": 90, "max_raise": 90})
	act(t, &s, 2, AllIn, 0) // the short raise itself is allowed
}

// TestNoRaiseErrorsSayCallOrFold: where no raise is open the error says
// what the call costs and carries no raise bounds.
func TestNoRaiseErrorsSayCallOrFold(t *testing.T) {
	// the short all-in of TestShortAllInDoesNotReopen: seat 3 raised to
	// 100, the big blind went all-in to 150; seat 3 may call 50 or fold
	s := start(t, DefaultRules, 2000, 2000, 150, 2000)
	act(t, &s, 3, BetTo, 100)
	act(t, &s, 0, Call, 0)
	act(t, &s, 1, Fold, 0)
	act(t, &s, 2, AllIn, 0)
	wantError(t, s, 3, BetTo, 400, CodeNotAllowed, "The short all-in does not reopen the betting: call 50 or fold",
		map[string]int{"current_bet": 150, "player_bet": 100, "to_call": 50})

	// heads-up, the big blind all-in on a blind of 15: nobody could call
	// a raise, and the small blind's call is 15 - 10 = 5
	s = start(t, DefaultRules, 2000, 15)
	want := map[string]int{"current_bet": 20, "player_bet": 10, "to_call": 5}
	wantError(t, s, 0, BetTo, 40, CodeNotAllowed, "Nobody left can call a raise: call 5 or fold", want)
	wantError(t, s, 0, BetTo, 15, CodeNotAllowed, "Nobody left can call a raise: call 5 or fold", want)
	wantError(t, s, 0, AllIn, 0, CodeNotAllowed, "Nobody left can call a raise: call 5 or fold", want)
}
