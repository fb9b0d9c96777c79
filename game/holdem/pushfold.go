package holdem

// Short-stack play before the flop: push all-in or fold, by a chart.

import (
	"strings"

	"github.com/tablegames/tables/game/cards"
)

// ShortStack is the depth, in effective big blinds (effectiveBB), at or
// below which the heuristic bot pushes all-in or folds before the flop.
const ShortStack = 12

// pushOrder is the 169 starting hands, strongest first for all-in play
// before the flop (close to the Sklansky–Chubukov order: pairs and high
// cards first, suited before offsuit).
var pushOrder = strings.Fields(`
AA KK QQ JJ TT 99 88 AKs 77 AQs AJs AKo ATs AQo AJo KQs 66 A9s ATo KJs
A8s KTs KQo A7s A9o KJo 55 QJs K9s A5s A6s A8o KTo QTs A4s A7o K8s A3s
QJo K9o A5o A6o Q9s K7s JTs A2s QTo 44 A4o K6s K8o Q8s A3o K5s J9s Q9o
JTo K7o A2o K4s Q7s K6o K3s T9s J8s 33 Q6s Q8o K5o J9o K2s Q5s T8s K4o
J7s Q4s Q7o T9o J8o K3o Q6o Q3s 98s T7s J6s K2o 22 Q2s Q5o J5s T8o J7o
Q4o 97s J4s T6s J3s Q3o 98o 87s T7o J6o 96s J2s Q2o T5s J5o T4s 97o 86s
J4o T6o 95s T3s 76s J3o 87o T2s 85s 96o J2o T5o 94s 75s T4o 93s 86o 65s
84s 95o T3o 92s 76o 74s T2o 54s 85o 64s 83s 94o 75o 82s 73s 93o 65o 53s
63s 84o 92o 43s 74o 72s 54o 64o 52s 62s 83o 42s 82o 73o 53o 63o 32s 43o
72o 52o 62o 42o 32o`)

// pushDepths are the chart's columns, in effective big blinds.
var pushDepths = [...]float64{2, 3, 4, 5, 6, 8, 10, 12}

// pushChart is the share of hands (in percent of the 1,326 combinations)
// to push all-in first in, by the number of opponents still to act (row
// 1 to 8: the small blind against the big blind … under the gun at a
// full table) and depth: an approximation of the Nash push ranges
// without antes (effectiveBB counts the antes).
var pushChart = [8][len(pushDepths)]int{
	{100, 90, 80, 72, 66, 60, 55, 50},
	{80, 68, 58, 50, 45, 38, 33, 28},
	{65, 54, 45, 38, 33, 28, 23, 20},
	{55, 45, 37, 31, 27, 22, 18, 16},
	{48, 39, 32, 27, 23, 18, 15, 13},
	{43, 35, 28, 23, 20, 16, 13, 11},
	{39, 31, 25, 21, 18, 14, 12, 10},
	{36, 28, 23, 19, 16, 13, 11, 9},
}

// callChart is the share of hands (percent of combinations) to call an
// all-in (or re-push over a raise) with heads-up, by depth; each further
// opponent still in the hand narrows it (callShare).
var callChart = [len(pushDepths)]int{85, 72, 62, 55, 49, 42, 36, 32}

// StartingHand names two hole cards the usual way: "AA", "AKs", "T9o".
func StartingHand(a, b cards.Card) string {
	const ranks = "23456789TJQKA"
	if a.Rank() < b.Rank() {
		a, b = b, a
	}
	name := string(ranks[a.Rank()-2]) + string(ranks[b.Rank()-2])
	switch {
	case a.Rank() == b.Rank():
		return name
	case a.Suit() == b.Suit():
		return name + "s"
	}
	return name + "o"
}

// inRange reports whether a hand is among the strongest share percent of
// all hands (counted in combinations: a pair is 6, suited 4, offsuit 12).
func inRange(hand string, percent int) bool {
	room := percent * 1326 / 100
	for _, h := range pushOrder {
		n := 12
		switch {
		case len(h) == 2:
			n = 6
		case h[2] == 's':
			n = 4
		}
		if room < n/2 { // the hand would be mostly outside the share
			return false
		}
		if h == hand {
			return true
		}
		room -= n
	}
	return false
}

// depthColumn is the chart column for a depth: the first at or above it.
func depthColumn(depth float64) int {
	for i, d := range pushDepths {
		if depth <= d {
			return i
		}
	}
	return len(pushDepths) - 1
}

// effectiveBB is what the seat can win or lose, in big blinds, as push or
// fold charts count it: the smaller of its chips and the largest
// opponent's still in, over the big blind, scaled by the blinds over what
// a round of blinds and antes costs (the "M" idea: with antes every big
// blind of stack is worth less, and ranges widen).
func effectiveBB(v *View) float64 {
	me := v.Seats[v.Seat]
	most := 0
	for i, sv := range v.Seats {
		if i != v.Seat && sv.Dealt && !sv.Folded {
			most = max(most, sv.Stack+sv.Bet)
		}
	}
	eff := min(me.Stack+me.Bet, most)
	blinds := v.Rules.SmallBlind + v.Rules.BigBlind
	cost := blinds + v.Rules.Ante
	if !v.Rules.BigBlindAnte {
		dealt := 0
		for _, sv := range v.Seats {
			if sv.Dealt {
				dealt++
			}
		}
		cost = blinds + v.Rules.Ante*dealt
	}
	return float64(eff) / float64(v.Rules.BigBlind) * float64(blinds) / float64(cost)
}

// PushFold is the short stack's play before the flop: at ShortStack
// effective big blinds or less, the heuristic bot pushes all-in or folds
// (checks when checking is free; calls when it cannot raise). First in, it
// pushes the share of hands pushChart gives for the opponents still in
// and its depth; facing a raise, it pushes or calls the narrower
// callChart share. Near a tournament's money (View.Bubble) both shares
// shrink: pushes to three quarters, calls to three fifths (a chip lost
// costs more than one won gains). ok is false when the rule does not
// apply (deeper stacks, after the flop, not the seat's turn).
func PushFold(v *View) (a Action, ok bool) {
	o := v.Options
	if v.Street != Preflop || v.Seat < 0 || v.Turn != v.Seat || !o.Fold {
		return Action{}, false
	}
	depth := effectiveBB(v)
	if depth > ShortStack {
		return Action{}, false
	}
	me := v.Seats[v.Seat]
	opponents := 0
	for i, sv := range v.Seats {
		if i != v.Seat && sv.Dealt && !sv.Folded {
			opponents++
		}
	}
	col := depthColumn(depth)
	share, bubble := pushChart[min(max(opponents, 1), len(pushChart))-1][col], [2]int{3, 4}
	if raised(v.Actions) {
		// heads-up the chart's share; each more opponent narrows it
		share, bubble = callChart[col]*2/(opponents+1), [2]int{3, 5}
	}
	if v.Bubble {
		share = share * bubble[0] / bubble[1]
	}
	in := inRange(StartingHand(me.Hole[0], me.Hole[1]), share)
	switch {
	case in && o.Raise:
		return Action{Kind: AllIn}, true
	case in && o.Call:
		return Action{Kind: Call}, true
	case o.Check:
		return Action{Kind: Check}, true
	}
	return Action{Kind: Fold}, true
}

// raised reports a bet or raise before the flop beyond the forced bets.
func raised(actions []Record) bool {
	for _, a := range actions {
		if a.Street == Preflop && (a.Kind == BetTo || a.Kind == AllIn) {
			return true
		}
	}
	return false
}
