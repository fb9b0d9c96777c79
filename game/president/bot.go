package president

import (
	"math/rand/v2"

	"github.com/tablegames/tables/game/cards"
)

// Bot chooses an action from a seat's view; ok is false when the seat has
// nothing to do. A bot is deterministic for the state of its random source.
type Bot func(v *View, rng *rand.Rand) (a Action, ok bool)

// Bots by name, for table options.
var Bots = map[string]Bot{"greedy": Greedy, "random": RandomLegal}

// Greedy plays the spec's greedy strategy: beat the pile with the lowest
// winning set, shed low cards first, keep 2s and jokers for late, avoid
// splitting sets, give and discard its lowest cards, and pass when only
// breaking a strong set would win an early trick.
func Greedy(v *View, rng *rand.Rand) (Action, bool) {
	switch {
	case v.Seat < 0:
		return Action{}, false
	case v.Phase == Playing && v.Pending.Kind == Gift && v.Pending.Seat == v.Seat:
		give := lowestCards(v.Hand, v.Pending.Count).Cards()
		to := v.weakestOpponent(rng)
		a := Action{Kind: Gift, Cards: give, To: make([]int, len(give))}
		for i := range a.To {
			a.To[i] = to
		}
		return a, true
	case !v.MyTurn():
		return Auto(v) // returns, discards: the lowest cards
	}
	var buf [64]Set
	top, onPile := v.Top()
	var plays []Set
	if onPile {
		plays = appendPlays(buf[:0], v.Rules, v.Hand, top, onPile, v.Inverted, v.Opening)
	} else {
		plays = appendLeads(buf[:0], v.Rules, v.Hand, v.Opening)
	}
	if len(plays) == 0 {
		return Action{Kind: Pass}, true
	}
	best, bestCost := plays[0], 1<<30
	for _, p := range plays {
		if c := greedyCost(v.Hand, p, onPile); c < bestCost {
			best, bestCost = p, c
		}
	}
	if onPile && v.Hand.Len() > 5 && strong(v.Hand, best) {
		return Action{Kind: Pass}, true
	}
	return Action{Kind: PlayCards, Cards: best.Cards.Cards()}, true
}

// appendLeads adds the sets greedyCost can prefer when leading: the whole
// hand if it is one set, and each whole group of one rank without wild
// jokers (a split costs 40 more and a wild joker 100 more than any whole
// group, so they never win a lead).
func appendLeads(dst []Set, r Rules, hand cards.Set, opening bool) []Set {
	if hand.Len() <= 4 { // a set holds at most four cards
		if all, err := r.MakeSet(hand); err == nil && leads(all, opening) {
			dst = append(dst, all)
		}
	}
	for o := 0; o <= rankJoker; o++ {
		rank := cardRank(o)
		group := hand.OfRank(rank)
		n := group.Len()
		if n == 0 {
			continue
		}
		if set := (Set{Cards: group, Rank: rank, Count: n}); leads(set, opening) {
			dst = append(dst, set)
		}
	}
	return dst
}

// greedyCost orders candidate sets: lower is better. Emptying the hand
// wins outright; then whole groups without jokers beat splits and joker
// sets, low ranks beat high, and leading keeps 2s and jokers back.
func greedyCost(hand cards.Set, p Set, onPile bool) int {
	if p.Cards == hand {
		return -1
	}
	natural := hand.OfRank(p.Rank).Len()
	jokers := p.Cards.OfRank(cards.Joker).Len()
	if p.Rank == cards.Joker {
		jokers = 0
	}
	cost := order(p.Rank)
	if jokers > 0 {
		cost += 100 * jokers
	}
	if p.Count-jokers < natural {
		cost += 40 // splits a set
	}
	if !onPile {
		if p.Rank == cards.Two || p.Rank == cards.Joker {
			cost += 60
		}
		cost -= 2 * p.Count // shed more cards at once
	}
	return cost
}

// strong reports whether playing p spends strength worth keeping early: a
// 2, jokers, or a broken triple or quad.
func strong(hand cards.Set, p Set) bool {
	if p.Rank == cards.Two || p.Rank == cards.Joker || p.Cards.OfRank(cards.Joker) != 0 {
		return true
	}
	natural := hand.OfRank(p.Rank).Len()
	return natural >= 3 && p.Count < natural
}

// weakestOpponent is the opponent still in the deal with the fewest cards
// (a gift of low cards hurts them most); ties are broken at random.
func (v *View) weakestOpponent(rng *rand.Rand) int {
	best, n, ties := -1, 1<<30, 0
	for i := 0; i < v.N; i++ {
		s := v.Seats[i]
		if i == v.Seat || s.Place != 0 {
			continue
		}
		switch {
		case s.HandCount < n:
			best, n, ties = i, s.HandCount, 1
		case s.HandCount == n:
			ties++
			if rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best
}

// RandomLegal picks uniformly among the legal plays and the pass, and
// gives, discards and returns random cards (gifts to random opponents).
func RandomLegal(v *View, rng *rand.Rand) (Action, bool) {
	switch {
	case v.Seat < 0:
		return Action{}, false
	case v.Phase == Exchange:
		if r, owes := v.Owes(); owes {
			return Action{Kind: ReturnCards, Cards: randomCards(v.Hand, r.Count, rng)}, true
		}
		return Action{}, false
	case v.Phase != Playing:
		return Action{}, false
	case v.Pending.Kind == Gift && v.Pending.Seat == v.Seat:
		give := randomCards(v.Hand, v.Pending.Count, rng)
		var opp []int
		for i := 0; i < v.N; i++ {
			if i != v.Seat && v.Seats[i].Place == 0 {
				opp = append(opp, i)
			}
		}
		a := Action{Kind: Gift, Cards: give, To: make([]int, len(give))}
		for i := range a.To {
			a.To[i] = opp[rng.IntN(len(opp))]
		}
		return a, true
	case v.Pending.Kind == Discard && v.Pending.Seat == v.Seat:
		return Action{Kind: Discard, Cards: randomCards(v.Hand, v.Pending.Count, rng)}, true
	case !v.MyTurn():
		return Action{}, false
	}
	plays := v.Plays()
	n := len(plays)
	if v.CanPass() {
		n++
	}
	i := rng.IntN(n)
	if i == len(plays) {
		return Action{Kind: Pass}, true
	}
	return Action{Kind: PlayCards, Cards: plays[i].Cards.Cards()}, true
}

func randomCards(h cards.Set, n int, rng *rand.Rand) []cards.Card {
	cs := h.Cards()
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	return cs[:min(n, len(cs))]
}
