package president

import (
	"math/rand/v2"

	"github.com/tablegames/tables/game/cards"
)

// oldGreedy is the greedy bot as it was before it learned the design
// note's strategy hints (commit 2126081), kept verbatim, with its helpers
// renamed, as the baseline TestGreedyBeatsOldGreedy measures the bot
// against. It uses the engine's appendPlays, lowestCards and Auto, which
// the new bot left unchanged.
func oldGreedy(v *View, rng *rand.Rand) (Action, bool) {
	switch {
	case v.Seat < 0:
		return Action{}, false
	case v.Phase == Playing && v.Pending.Kind == Gift && v.Pending.Seat == v.Seat:
		give := lowestCards(v.Hand, v.Pending.Count).Cards()
		to := oldWeakestOpponent(v, rng)
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
		plays = oldAppendLeads(buf[:0], v.Rules, v.Hand, v.Opening)
	}
	if len(plays) == 0 {
		return Action{Kind: Pass}, true
	}
	best, bestCost := plays[0], 1<<30
	for _, p := range plays {
		if c := oldGreedyCost(v.Hand, p, onPile); c < bestCost {
			best, bestCost = p, c
		}
	}
	if onPile && v.Hand.Len() > 5 && oldStrong(v.Hand, best) {
		return Action{Kind: Pass}, true
	}
	return Action{Kind: PlayCards, Cards: best.Cards.Cards()}, true
}

func oldAppendLeads(dst []Set, r Rules, hand cards.Set, opening bool) []Set {
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

func oldGreedyCost(hand cards.Set, p Set, onPile bool) int {
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

func oldStrong(hand cards.Set, p Set) bool {
	if p.Rank == cards.Two || p.Rank == cards.Joker || p.Cards.OfRank(cards.Joker) != 0 {
		return true
	}
	natural := hand.OfRank(p.Rank).Len()
	return natural >= 3 && p.Count < natural
}

func oldWeakestOpponent(v *View, rng *rand.Rand) int {
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
