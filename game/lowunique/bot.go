package lowunique

import "math/rand/v2"

// Bot picks a move for the view's seat, if it has one to make.
type Bot func(v *View, rng *rand.Rand) (Action, bool)

// Bots are the bot kinds by name.
var Bots = map[string]Bot{"thinking": Thinking, "random": Random}

// Auto is the move made for an absent player or one whose clock ran out:
// the two lowest cards as the pair, the lower card as the choice, and
// ready at the reveal.
func Auto(v *View) (Action, bool) {
	me, ok := v.Me()
	if !ok {
		return Action{}, false
	}
	o := v.Legal()
	switch {
	case o.Select:
		return Action{Kind: SelectPair, Pair: [2]int{me.Hand[0], me.Hand[1]}}, true
	case o.Ready:
		return Action{Kind: Ready}, true
	case o.Choose:
		return Action{Kind: ChooseCard, Card: me.Pair[0]}, true
	}
	return Action{}, false
}

// Random selects a random pair and plays a random card of it.
func Random(v *View, rng *rand.Rand) (Action, bool) {
	me, ok := v.Me()
	if !ok {
		return Action{}, false
	}
	o := v.Legal()
	switch {
	case o.Select:
		return Action{Kind: SelectPair, Pair: randomPair(me.Hand, rng)}, true
	case o.Ready:
		return Action{Kind: Ready}, true
	case o.Choose:
		return Action{Kind: ChooseCard, Card: me.Pair[rng.IntN(2)]}, true
	}
	return Action{}, false
}

// selectSamples is how many guesses at the others' pairs the thinking bot
// weighs each of its pairs against.
const selectSamples = 48

// Thinking plays for the best expected score. At Choose it knows the
// others' pairs and weighs each of its two cards against every way the
// others may choose (each card of a pair equally likely). At Select it
// does not know them yet: it works out each opponent's hand from the
// public results (a bench holds the most recent chosen cards), guesses
// random pairs from those hands, and keeps the pair whose better card
// scores most on average.
func Thinking(v *View, rng *rand.Rand) (Action, bool) {
	me, ok := v.Me()
	if !ok {
		return Action{}, false
	}
	o := v.Legal()
	switch {
	case o.Ready:
		return Action{Kind: Ready}, true
	case o.Choose:
		others := make([][2]int, 0, v.N-1)
		for i, p := range v.Players {
			if i != v.Seat {
				others = append(others, p.Pair)
			}
		}
		a, b := me.Pair[0], me.Pair[1]
		if expected(b, others) > expected(a, others) {
			return Action{Kind: ChooseCard, Card: b}, true
		}
		return Action{Kind: ChooseCard, Card: a}, true
	case o.Select:
		hands := make([][]int, 0, v.N-1)
		for i := range v.Players {
			if i != v.Seat {
				hands = append(hands, v.handOf(i))
			}
		}
		samples := make([][][2]int, selectSamples)
		for k := range samples {
			guess := make([][2]int, len(hands))
			for j, h := range hands {
				guess[j] = randomPair(h, rng)
			}
			samples[k] = guess
		}
		best, bestPair := -1.0, [2]int{me.Hand[0], me.Hand[1]}
		for x := 0; x < len(me.Hand); x++ {
			for y := x + 1; y < len(me.Hand); y++ {
				a, b := me.Hand[x], me.Hand[y]
				total := 0.0
				for _, others := range samples {
					total += max(expected(a, others), expected(b, others))
				}
				if total > best {
					best, bestPair = total, [2]int{a, b}
				}
			}
		}
		return Action{Kind: SelectPair, Pair: bestPair}, true
	}
	return Action{}, false
}

// expected is what playing card c scores on average when each other
// player plays either card of its pair with equal chance.
func expected(c int, others [][2]int) float64 {
	n := len(others)
	wins := 0
	for mask := 0; mask < 1<<n; mask++ {
		var count [MaxCards + 1]int
		count[c]++
		for j, p := range others {
			count[p[(mask>>j)&1]]++
		}
		if count[c] != 1 {
			continue
		}
		lowest := true
		for v := 1; v < c; v++ {
			if count[v] == 1 {
				lowest = false
				break
			}
		}
		if lowest {
			wins++
		}
	}
	return float64(c*wins) / float64(int(1)<<n)
}

// handOf works out a seat's hand from public facts: every card but its
// bench, and its bench is its most recent BenchCount chosen cards.
func (v *View) handOf(seat int) []int {
	if seat == v.Seat {
		me, _ := v.Me()
		return me.Hand
	}
	hand := upTo(v.Rules.Cards)
	n := v.Players[seat].BenchCount
	for r := len(v.Results) - 1; r >= 0 && n > 0; r-- {
		hand = hand.without(v.Results[r].Chosen[seat])
		n--
	}
	return hand.Values()
}

// randomPair picks two different cards of a hand, uniformly.
func randomPair(hand []int, rng *rand.Rand) [2]int {
	i := rng.IntN(len(hand))
	j := rng.IntN(len(hand) - 1)
	if j >= i {
		j++
	}
	return [2]int{hand[i], hand[j]}
}
