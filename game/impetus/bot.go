package impetus

import (
	"math/rand/v2"
	"slices"
)

// Bot picks a move for the view's spirit, if it has a choice to make. In
// the vagrant phase a bot does what Need asks, guide then idol, so it
// does all it can as the rule requires (View.CanGuide, View.CanPlace);
// it never skips: a legal skip changes nothing.
type Bot func(v *View, rng *rand.Rand) (Action, bool)

// Bots are the bot kinds by name: each plays a card with what it asks
// for in one move (Whole).
var Bots = map[string]Bot{"heuristic": Whole(Heuristic), "random": Whole(Random)}

// Whole makes bot play a card and what it asks for (an Expand's target, a
// Change's modifier) in one move, as a person's page does: asked for a
// card, it asks bot for the card, then for what the card asks.
func Whole(bot Bot) Bot {
	return func(v *View, rng *rand.Rand) (Action, bool) {
		a, ok := bot(v, rng)
		if !ok || a.Kind != PlayCard || v.Need != "card" {
			return a, ok
		}
		// a card drawn twice is one choice: the first of its kind (as the
		// page and a program's brief offer it)
		c, _ := v.MyChoice()
		a.Index = slices.Index(c.Hand, c.Hand[a.Index])
		w := v.Picked(a.Index)
		if w.Need == "" {
			return a, true
		}
		then, ok := bot(&w, rng)
		switch {
		case !ok:
		case then.Kind == PickTarget:
			a.Then, a.Cell = PickTarget, then.Cell
		case then.Kind == PickChange:
			a.Then, a.Change = PickChange, slices.Index(c.Changes, c.Changes[then.Index])
		}
		return a, true
	}
}

var idolTypes = []IdolType{Battle, Affluence, Spread}

// Random makes a random legal choice.
func Random(v *View, rng *rand.Rand) (Action, bool) {
	c, ok := v.MyChoice()
	if !ok {
		return Action{}, false
	}
	switch v.Need {
	case "guide":
		return Action{Kind: GuideFaction, Faction: v.Guidable[rng.IntN(len(v.Guidable))]}, true
	case "idol":
		free := v.freeCells()
		return Action{Kind: PlaceIdol, Idol: idolTypes[rng.IntN(3)], Cell: free[rng.IntN(len(free))]}, true
	case "card":
		return Action{Kind: PlayCard, Index: rng.IntN(len(c.Hand))}, true
	case "target":
		return Action{Kind: PickTarget, Cell: v.Targets[rng.IntN(len(v.Targets))]}, true
	case "change":
		return Action{Kind: PickChange, Index: rng.IntN(len(c.Changes))}, true
	case "swap":
		pool := v.Factions[c.Faction].Pool
		return Action{Kind: SwapCard, Remove: pool[rng.IntN(len(pool))], Add: Card(rng.IntN(int(NumCards)))}, true
	}
	return Action{}, false
}

func (v *View) freeCells() []int {
	var out []int
	for c, i := range v.Idols {
		if i.Type == NoIdol {
			out = append(out, c)
		}
	}
	return out
}

// myIdols counts the viewer's idols in a faction's land.
func (v *View) myIdols(f int) (mine, others int) {
	for c, o := range v.Owner {
		if o != f || v.Idols[c].Type == NoIdol {
			continue
		}
		if v.Idols[c].Owner == v.Seat {
			mine++
		} else {
			others++
		}
	}
	return
}

// Heuristic guides factions where its idols are not, puts idols where
// factions are growing (of the kind that faction earns with), and picks
// agendas by what they are likely to bring.
func Heuristic(v *View, rng *rand.Rand) (Action, bool) {
	c, ok := v.MyChoice()
	if !ok {
		return Action{}, false
	}
	switch v.Need {
	case "guide":
		best, pick := -1e9, v.Guidable[0]
		for _, f := range v.Guidable {
			mine, _ := v.myIdols(f)
			fa := &v.Factions[f]
			// guiding a faction hides the guide's own idols from its
			// worship: better one where it has none, and one that pays a
			// rival, to slow it down
			score := -3*float64(mine) + rng.Float64()*0.5
			if fa.Worship >= 0 && fa.Worship != v.Seat {
				score += v.growth(f)
			}
			if score > best {
				best, pick = score, f
			}
		}
		return Action{Kind: GuideFaction, Faction: pick}, true
	case "idol":
		return v.heuristicIdol(c, rng), true
	case "card":
		return Action{Kind: PlayCard, Index: v.bestCard(c, rng)}, true
	case "target":
		// a neutral cell with one of its idols, else the nearest to home
		best, pick := 1<<30, v.Targets[0]
		for _, t := range v.Targets {
			d := int(dist[v.Factions[c.Faction].Home][t])
			if i := v.Idols[t]; i.Type != NoIdol && i.Owner == v.Seat {
				d -= 10
			}
			if d < best {
				best, pick = d, t
			}
		}
		return Action{Kind: PickTarget, Cell: pick}, true
	case "change":
		pick, rank := 0, -1
		prefer := map[Card]int{Expand: 3, Trade: 2, Steal: 1}
		for i, ch := range c.Changes {
			if prefer[ch] > rank {
				pick, rank = i, prefer[ch]
			}
		}
		return Action{Kind: PickChange, Index: pick}, true
	case "swap":
		var count [NumCards]int
		for _, p := range v.Factions[c.Faction].Pool {
			count[p]++
		}
		remove := v.Factions[c.Faction].Pool[0]
		for _, p := range []Card{Change, Steal, Trade, Expand} {
			if count[p] > 0 && (count[p] > 1 || p == Change || p == Steal) {
				remove = p
				break
			}
		}
		return Action{Kind: SwapCard, Remove: remove, Add: Expand}, true
	}
	return Action{}, false
}

// worshipOdds says, for a faction, how many idols the viewer has in its
// land and the most any other counted spirit has (the guide's don't count).
func (v *View) worshipOdds(f int) (mine, rival int) {
	var count [MaxSpirits]int
	guide := v.Factions[f].Guide
	for c, o := range v.Owner {
		if i := v.Idols[c]; o == f && i.Type != NoIdol && i.Owner != guide {
			count[i.Owner]++
		}
	}
	for sp, n := range count {
		if sp == v.Seat {
			mine = n
		} else {
			rival = max(rival, n)
		}
	}
	return mine, rival
}

// growth guesses how much a faction gains in a turn: land from its
// Expand modifier, gold from its Trade modifier.
func (v *View) growth(f int) float64 {
	fa := &v.Factions[f]
	g := 1 + float64(fa.Mod[Expand]) + 0.5*float64(fa.Mod[Trade]) + 0.1*float64(v.Size(f))
	if !v.hasTarget(f) {
		g -= float64(fa.Mod[Expand])
	}
	return g
}

// heuristicIdol places an idol where it wins (or keeps) a growing
// faction's worship, of the type that faction earns with.
func (v *View) heuristicIdol(c Choice, rng *rand.Rand) Action {
	best, pick := -1e9, -1
	for f := range v.Factions {
		fa := &v.Factions[f]
		if fa.Eliminated || f == c.Guide {
			continue
		}
		mine, rival := v.worshipOdds(f)
		score := v.growth(f) + rng.Float64()*0.3
		switch {
		case fa.Worship == v.Seat && mine <= rival+1:
			score *= 1.5 // hold on to it
		case mine+1 > rival:
			score *= 1.2 // wins it
		default:
			score *= 0.2
		}
		if score > best {
			best, pick = score, f
		}
	}
	idol := Spread
	if pick >= 0 {
		fa := &v.Factions[pick]
		atWar := false
		for _, w := range v.Wars {
			atWar = atWar || w.Ripe && (w.A == pick || w.B == pick)
		}
		switch {
		case atWar && v.Size(pick) >= 3:
			idol = Battle
		case fa.Mod[Trade] > fa.Mod[Expand]+1 || !v.hasTarget(pick):
			idol = Affluence
		}
	}
	// a free cell of its land, else a free neutral cell next to it, else any
	var inLand, near []int
	for cell, o := range v.Owner {
		if v.Idols[cell].Type != NoIdol || pick < 0 {
			continue
		}
		if o == pick {
			inLand = append(inLand, cell)
			continue
		}
		if o == -1 {
			for _, d := range adjacent[cell] {
				if v.Owner[d] == pick {
					near = append(near, cell)
					break
				}
			}
		}
	}
	for _, cells := range [][]int{inLand, near, v.freeCells()} {
		if len(cells) > 0 {
			return Action{Kind: PlaceIdol, Idol: idol, Cell: cells[rng.IntN(len(cells))]}
		}
	}
	return Action{}
}

// bestCard scores each card of the hand by what it is likely to bring the
// faction this turn.
func (v *View) bestCard(c Choice, rng *rand.Rand) int {
	f := c.Faction
	fa := &v.Factions[f]
	nb := v.neighbours()
	best, pick := -1e9, 0
	// a faction that pays a rival should gain little this turn
	sign := 1.0
	if fa.Worship >= 0 && fa.Worship != v.Seat {
		sign = -1
	}
	for i, card := range c.Hand {
		var score float64
		switch card {
		case Trade:
			score = float64(1 + fa.Mod[Trade] + 1)
		case Steal:
			for n := range nb[f] {
				if nb[f][n] {
					score += float64(min(1+fa.Mod[Steal], v.Factions[n].Gold)) - 0.4
				}
			}
		case Expand:
			score = 1
			if v.hasTarget(f) {
				score = 2.5 * float64(1+fa.Mod[Expand])
			}
		case Change:
			score = 1.5
		}
		score = sign*score + rng.Float64()*0.3
		if score > best {
			best, pick = score, i
		}
	}
	return pick
}

func (v *View) hasTarget(f int) bool { return len(targetsOf(&v.Owner, f)) > 0 }

func (v *View) neighbours() [NumFactions][NumFactions]bool { return neighboursOf(&v.Owner) }

// Auto is the choice made for an absent spirit or one whose clock ran
// out: the heuristic bot's, from a source fixed by the game's progress.
func Auto(v *View) (Action, bool) {
	return Whole(Heuristic)(v, rand.New(rand.NewPCG(uint64(v.Version), uint64(v.Seat)+1)))
}
