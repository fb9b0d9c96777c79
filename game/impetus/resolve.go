package impetus

import (
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
)

// resolvePlays resolves a step's cards by type — Trade, Steal, Expand,
// Change — every faction of one type at once, each from the values taken
// before its type's step; then wars erupt where regard fell low enough.
func (s *State) resolvePlays(plays []Play, ev *[]game.Event) {
	var by [NumCards][]Play
	for _, p := range plays {
		by[p.Card] = append(by[p.Card], p)
		s.Factions[p.Faction].Plays = append(s.Factions[p.Faction].Plays, p.Card)
	}
	s.trade(by[Trade], ev)
	s.steal(by[Steal], ev)
	s.expand(by[Expand], ev)
	for _, p := range by[Change] {
		s.Factions[p.Faction].Mod[p.Change]++
		*ev = append(*ev, game.Say("log.impetus.rises", factionArg("Faction", p.Faction), cardArg("Card", p.Change), i18n.N("Mod", s.Factions[p.Faction].Mod[p.Change])))
	}
	s.erupt(ev)
}

// trade: each Trade pays 1 + the trade modifier + 1 per other trading
// faction; traders' regard for each other rises by 1 + their modifier.
func (s *State) trade(plays []Play, ev *[]game.Event) {
	var traders [NumFactions]bool
	n := 0
	for _, p := range plays {
		if !traders[p.Faction] {
			traders[p.Faction] = true
			n++
		}
	}
	for _, p := range plays {
		f := &s.Factions[p.Faction]
		gold := s.Rules.TradeGold + f.Mod[Trade] + n - 1
		s.gainGold(p.Faction, gold)
		*ev = append(*ev, game.Say("log.impetus.trades", factionArg("Faction", p.Faction), i18n.Count(gold)))
	}
	for a := range traders {
		for b := range traders {
			if a != b && traders[a] && traders[b] {
				s.Factions[a].Regard[b] += 1 + s.Factions[a].Mod[Trade]
			}
		}
	}
}

// steal: every stealing faction claims 1 + its steal modifier (per card)
// from each neighbour that does not steal too; a victim's gold before the
// step is shared out one coin at a time, in faction order, until the
// claims are met or it has nothing left. The victim's regard for the
// thief falls by 1; two neighbours stealing from each other take nothing
// and both regards fall by 2.
func (s *State) steal(plays []Play, ev *[]game.Event) {
	if len(plays) == 0 {
		return
	}
	var cards [NumFactions]int
	for _, p := range plays {
		cards[p.Faction]++
	}
	nb := s.neighbours()
	var before [NumFactions]int
	for f := range before {
		before[f] = s.Factions[f].Gold
	}
	var claim [NumFactions][NumFactions]int // claim[thief][victim]
	for t := range cards {
		if cards[t] == 0 {
			continue
		}
		for v := range nb[t] {
			switch {
			case !nb[t][v]:
			case cards[v] > 0:
				if t < v {
					s.Factions[t].Regard[v] -= 2
					s.Factions[v].Regard[t] -= 2
					*ev = append(*ev, game.Say("log.impetus.rob_each_other", factionArg("A", t), factionArg("B", v)))
				}
			default:
				claim[t][v] = cards[t] * (1 + s.Factions[t].Mod[Steal])
				s.Factions[v].Regard[t]--
			}
		}
	}
	var took [NumFactions][NumFactions]int
	for v := range before {
		left := before[v]
		for more := true; more && left > 0; {
			more = false
			for t := range claim {
				if left > 0 && took[t][v] < claim[t][v] {
					took[t][v]++
					left--
					more = true
				}
			}
		}
	}
	for t := range took {
		for v, n := range took[t] {
			if n == 0 {
				continue
			}
			s.gainGold(t, n)
			s.Factions[v].Gold -= n
			*ev = append(*ev, game.Say("log.impetus.steals", factionArg("Thief", t), i18n.Count(n), factionArg("Victim", v)))
		}
	}
}

// nearest picks the neutral cell next to a faction's land closest to its
// home, not in skip; ties go to the seeded random source. -1 for none.
func (s *State) nearest(f int, skip map[int]bool) int {
	best, ties := 1<<30, []int(nil)
	for _, c := range s.expandTargets(f) {
		if skip[c] {
			continue
		}
		d := int(dist[s.Factions[f].Home][c])
		switch {
		case d < best:
			best, ties = d, []int{c}
		case d == best:
			ties = append(ties, c)
		}
	}
	if len(ties) == 0 {
		return -1
	}
	return ties[s.intn(len(ties))]
}

// expand: each Expand claims 1 + the expand modifier neutral cells next to
// the faction's land (the first its chosen target, the others the nearest
// to its home), all from the map before the step. A cell claimed by two
// factions goes to neither, and each gets the expand-failed gold; so does
// a claim with no cell to take.
func (s *State) expand(plays []Play, ev *[]game.Event) {
	claims := map[int][]int{} // cell → factions
	fails := map[int]int{}
	var order []int
	for _, p := range plays {
		mine := map[int]bool{}
		for k := 0; k < 1+s.Factions[p.Faction].Mod[Expand]; k++ {
			c := -1
			if k == 0 && p.Target >= 0 && contains(s.expandTargets(p.Faction), p.Target) {
				c = p.Target
			} else {
				c = s.nearest(p.Faction, mine)
			}
			if c < 0 {
				fails[p.Faction]++
				continue
			}
			mine[c] = true
			if len(claims[c]) == 0 {
				order = append(order, c)
			}
			if !contains(claims[c], p.Faction) {
				claims[c] = append(claims[c], p.Faction)
			}
		}
	}
	for _, c := range order {
		fs := claims[c]
		if len(fs) > 1 {
			for _, f := range fs {
				fails[f]++
			}
			*ev = append(*ev, game.Say("log.impetus.both_reach", factionArg("A", fs[0]), factionArg("B", fs[1]), s.placeArg("Place", c)))
			continue
		}
		place := s.placeArg("Place", c) // named as it was
		s.Owner[c] = fs[0]
		s.Factions[fs[0]].HexesGained++
		*ev = append(*ev, game.Say("log.impetus.expands", factionArg("Faction", fs[0]), place))
	}
	for f := 0; f < NumFactions; f++ {
		if n := fails[f]; n > 0 {
			s.gainGold(f, n*s.Rules.ExpandFail)
			*ev = append(*ev, game.Say("log.impetus.expand_failed", factionArg("Faction", f), i18n.Count(n*s.Rules.ExpandFail)))
		}
	}
}

// erupt starts a war between neighbours when either's regard for the other
// is at or below the threshold; both regards go back to 0.
func (s *State) erupt(ev *[]game.Event) {
	nb := s.neighbours()
	for a := 0; a < NumFactions; a++ {
		for b := a + 1; b < NumFactions; b++ {
			fa, fb := &s.Factions[a], &s.Factions[b]
			if !nb[a][b] || fa.Eliminated || fb.Eliminated || s.atWar(a, b) {
				continue
			}
			if fa.Regard[b] <= s.Rules.WarRegard || fb.Regard[a] <= s.Rules.WarRegard {
				fa.Regard[b], fb.Regard[a] = 0, 0
				s.Wars = append(s.Wars, War{A: a, B: b})
				*ev = append(*ev, game.Say("log.impetus.war_erupts", factionArg("A", a), factionArg("B", b)))
			}
		}
	}
}
