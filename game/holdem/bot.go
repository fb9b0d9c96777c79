package holdem

import (
	"math/rand/v2"

	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem/eval"
)

// Bot chooses a move from a seat's view; ok is false when the seat has
// nothing to do. Bots are deterministic for the state of their source.
type Bot func(v *View, rng *rand.Rand) (a Action, ok bool)

// Bots by name, for table options.
var Bots = map[string]Bot{"heuristic": Heuristic, "caller": AlwaysCall, "random": RandomLegal}

// Trials is how many random deals the heuristic bot plays out per decision.
const Trials = 300

// Equity estimates the chance that hole wins against opponents random
// hands given the board: ties count as a share.
func Equity(hole [2]cards.Card, board []cards.Card, opponents, trials int, rng *rand.Rand) float64 {
	tb := eval.Default()
	known := cards.SetOf(hole[0], hole[1]) | cards.SetOf(board...)
	unknown := make([]cards.Card, 0, 52)
	for c := cards.Card(0); c < 52; c++ {
		if !known.Has(c) {
			unknown = append(unknown, c)
		}
	}
	need := 2*opponents + 5 - len(board)
	var b [5]cards.Card
	copy(b[:], board)
	won := 0.0
	for t := 0; t < trials; t++ {
		for i := 0; i < need; i++ { // partial shuffle: the first need cards
			j := i + rng.IntN(len(unknown)-i)
			unknown[i], unknown[j] = unknown[j], unknown[i]
		}
		copy(b[len(board):], unknown[2*opponents:need])
		mine := tb.Eval7(hole[0], hole[1], b[0], b[1], b[2], b[3], b[4])
		best, ties := true, 1
		for o := 0; o < opponents; o++ {
			r := tb.Eval7(unknown[2*o], unknown[2*o+1], b[0], b[1], b[2], b[3], b[4])
			if r > mine {
				best = false
				break
			}
			if r == mine {
				ties++
			}
		}
		if best {
			won += 1 / float64(ties)
		}
	}
	return won / float64(trials)
}

// Heuristic plays by equity against pot odds: it folds when the price is
// too high for its chance, raises when its chance clearly beats its share,
// sizes bets by the pot (larger with a stronger hand, all-in when short),
// plays a little looser late in position, and bluffs now and then.
//
// Asked to run the board twice, it agrees (it changes no one's share of
// the pot on average, only the swings); short-stacked before the flop it
// pushes all-in or folds by a chart (PushFold).
func Heuristic(v *View, rng *rand.Rand) (Action, bool) {
	o := v.Options
	if o.Twice {
		return Action{Kind: RunTwice}, true
	}
	if v.Seat < 0 || v.Turn != v.Seat || !o.Fold {
		return Action{}, false
	}
	if a, ok := PushFold(v); ok {
		return a, true
	}
	me := v.Seats[v.Seat]
	opponents := 0
	pot := 0
	for i, sv := range v.Seats {
		pot += sv.Total
		if i != v.Seat && sv.Dealt && !sv.Folded {
			opponents++
		}
	}
	eq := Equity([2]cards.Card{me.Hole[0], me.Hole[1]}, v.Board, opponents, Trials, rng)
	fair := 1 / float64(opponents+1) // an even share
	// position: 0 for the first to act after the button … 1 on the button
	pos := float64((v.Seat-v.Button+v.N)%v.N) / float64(v.N)
	if v.Seat == v.Button {
		pos = 1
	}
	edge := eq - fair + 0.05*pos
	bb := v.Rules.BigBlind
	short := me.Stack+me.Bet <= 12*bb

	raise := func(strength float64) Action {
		size := pot * 2 / 3
		if strength > 0.25 {
			size = pot
		}
		to := max(o.MinTo, v.CurrentBet+size)
		if short || to >= o.MaxTo*7/10 {
			return Action{Kind: AllIn}
		}
		return Action{Kind: BetTo, Amount: min(to, o.MaxTo)}
	}
	if o.Check {
		switch {
		case o.Raise && edge > 0.12:
			return raise(edge), true
		case o.Raise && rng.Float64() < 0.06+0.06*pos: // a bluff, now and then
			return raise(0), true
		}
		return Action{Kind: Check}, true
	}
	price := float64(o.CallAmount) / float64(pot+o.CallAmount)
	switch {
	case eq < price-0.03*pos && !(short && edge > 0.05): // looser in position
		return Action{Kind: Fold}, true
	case o.Raise && edge > 0.2:
		return raise(edge), true
	}
	return Action{Kind: Call}, true
}

// AlwaysCall checks or calls, never folds or raises; it agrees to run the
// board twice.
func AlwaysCall(v *View, _ *rand.Rand) (Action, bool) {
	o := v.Options
	switch {
	case o.Twice:
		return Action{Kind: RunTwice}, true
	case v.Seat < 0 || v.Turn != v.Seat || !o.Fold:
		return Action{}, false
	case o.Check:
		return Action{Kind: Check}, true
	}
	return Action{Kind: Call}, true
}

// RandomLegal picks uniformly among fold/check/call, the smallest raise
// and all-in, or between running the board twice and once.
func RandomLegal(v *View, rng *rand.Rand) (Action, bool) {
	if v.Seat < 0 || !v.Options.Asked() || v.Options.Fold && v.Turn != v.Seat {
		return Action{}, false
	}
	choices := v.Options.Actions()
	return choices[rng.IntN(len(choices))], true
}

// Auto is the move for a seat whose clock ran out: check if it can, else
// fold; asked to run the board twice, run it once.
func Auto(v *View) (Action, bool) {
	switch {
	case v.Options.Twice:
		return Action{Kind: RunOnce}, true
	case v.Seat < 0 || v.Turn != v.Seat || !v.Options.Fold:
		return Action{}, false
	case v.Options.Check:
		return Action{Kind: Check}, true
	}
	return Action{Kind: Fold}, true
}
