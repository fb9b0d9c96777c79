package impetus

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/tablegames/tables/game"
)

// fname names a faction, with its guide when it has one.
func (s *State) fname(f int) string {
	if g := s.Factions[f].Guide; g >= 0 {
		return FactionNames[f] + " (" + game.SeatToken(g) + ")"
	}
	return FactionNames[f]
}

// cellName names a cell for the log.
//
// A cell is named by what a player sees on the map, never by coordinates:
// whose land it is, the lands around it and its side of the map ("neutral
// land by River and Sand, north-west"); the centre is "the centre".
func (s *State) cellName(c int) string { return PlaceName(&s.Owner, c) }

// PlaceName names cell c on a map with these owners (see cellName).
func PlaceName(owner *[NumHexes]int, c int) string {
	h := Cells[c]
	if h.Q == 0 && h.R == 0 {
		return "the centre"
	}
	name := "neutral land"
	if o := owner[c]; o >= 0 {
		name = FactionNames[o] + " land"
	}
	var by []string
	seen := [NumFactions]bool{}
	for _, n := range adjacent[c] {
		if o := owner[n]; o >= 0 && o != owner[c] && !seen[o] {
			seen[o] = true
			by = append(by, FactionNames[o])
		}
	}
	sort.Strings(by)
	if len(by) > 0 {
		name += " by " + strings.Join(by, " and ")
	}
	return name + ", " + compass(h)
}

// compass is a cell's side of the map, as the map is drawn (flat-top
// hexes, north up: see the table's hex geometry).
func compass(h Hex) string {
	x := 1.5 * float64(h.Q)
	y := math.Sqrt(3) * (float64(h.R) + float64(h.Q)/2)
	a := math.Atan2(-y, x) // counter-clockwise from east, north up
	sector := (int(math.Round(a/(math.Pi/4))) + 8) % 8
	side := [...]string{"east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east"}[sector]
	if Distance(h, Hex{}) == Radius {
		return side + " edge"
	}
	return side
}

// startTurn opens the vagrant phase for the vagrant spirits that have
// something to do, or goes on to the agenda. A spirit's choice needs all
// it can do: the guide when a faction is free for it, the idol when it
// has one and a cell is free (both when both: see decline).
func (s *State) startTurn(ev *[]game.Event) {
	s.Choices = s.Choices[:0]
	s.Changed, s.ChangedFrom = s.Changed[:0], s.ChangedFrom[:0]
	if s.Turn > 1 {
		for c := range s.Owner {
			if s.Owner[c] != s.TurnOwner[c] || s.Idols[c] != s.TurnIdols[c] {
				s.Changed = append(s.Changed, c)
				s.ChangedFrom = append(s.ChangedFrom, s.TurnOwner[c])
			}
		}
	}
	s.TurnOwner, s.TurnIdols = s.Owner, s.Idols
	*ev = append(*ev, game.Event{Text: "Turn " + strconv.Itoa(s.Turn) + " begins."})
	free := s.freeCell()
	for sp := 0; sp < s.N; sp++ {
		p := &s.Spirits[sp]
		if p.Guiding >= 0 {
			continue
		}
		guide := false
		for f := range s.Factions {
			guide = guide || s.canGuide(sp, f)
		}
		idol := !p.IdolPlaced && free
		if guide || idol {
			s.Choices = append(s.Choices, Choice{Spirit: sp, Kind: ChooseVagrant, NeedGuide: guide, NeedIdol: idol, Guide: -1, IdolCell: -1, Pick: -1, Target: -1, Change: -1, Remove: -1, Add: -1})
		}
	}
	if len(s.Choices) > 0 {
		s.Phase = Vagrant
		return
	}
	s.startAgenda(ev)
}

// resolveVagrant reveals the vagrant choices together: a faction chosen
// by two or more fails for all of them; two idols on a cell: neither.
func (s *State) resolveVagrant(ev *[]game.Event) {
	guides := map[int][]int{}
	idols := map[int][]int{}
	var parts []string
	for _, c := range s.Choices {
		words := game.SeatToken(c.Spirit)
		if c.Guide >= 0 {
			guides[c.Guide] = append(guides[c.Guide], c.Spirit)
			words += " would guide " + FactionNames[c.Guide]
		}
		if c.IdolCell >= 0 {
			idols[c.IdolCell] = append(idols[c.IdolCell], c.Spirit)
			if c.Guide >= 0 {
				words += " and"
			}
			words += " places " + article(c.IdolType.String()) + " idol at " + s.cellName(c.IdolCell)
		}
		parts = append(parts, words)
	}
	*ev = append(*ev, game.Event{Text: "The vagrant spirits reveal: " + strings.Join(parts, "; ") + "."})
	for _, c := range s.Choices {
		if c.IdolCell < 0 {
			continue
		}
		if len(idols[c.IdolCell]) > 1 {
			*ev = append(*ev, game.Event{Text: game.SeatToken(c.Spirit) + "'s idol is not placed: " + others(idols[c.IdolCell], c.Spirit) + " chose " + s.cellName(c.IdolCell) + " too."})
			continue
		}
		s.Idols[c.IdolCell] = Idol{Type: c.IdolType, Owner: c.Spirit}
		s.Spirits[c.Spirit].IdolPlaced = true
	}
	for _, c := range s.Choices {
		if c.Guide < 0 {
			continue
		}
		if len(guides[c.Guide]) > 1 {
			*ev = append(*ev, game.Event{Text: game.SeatToken(c.Spirit) + " fails to guide " + FactionNames[c.Guide] + ": " + others(guides[c.Guide], c.Spirit) + " chose it too, so nobody guides it."})
			continue
		}
		p := &s.Spirits[c.Spirit]
		p.Guiding, p.Influence, p.IdolPlaced = c.Guide, s.Rules.GuideInfluence, false
		s.Factions[c.Guide].Guide = c.Spirit
		*ev = append(*ev, game.Event{Text: game.SeatToken(c.Spirit) + " now guides " + FactionNames[c.Guide] + " with influence " + strconv.Itoa(p.Influence) + "."})
	}
	s.Choices = s.Choices[:0]
	s.checkWorship(ev)
}

// draw samples a faction's pool with replacement.
func (s *State) draw(f, n int) []Card {
	out := make([]Card, n)
	for i := range out {
		out[i] = s.Factions[f].Pool[s.intn(len(s.Factions[f].Pool))]
	}
	return out
}

// drawChanges draws the change cards of a Change: Trade, Steal or Expand.
func (s *State) drawChanges() []Card {
	out := make([]Card, s.Rules.ChangeDraw)
	for i := range out {
		out[i] = Card(s.intn(3))
	}
	return out
}

// handChoice is a guiding spirit's draw of 1 + influence cards.
func (s *State) handChoice(kind ChoiceKind, f int) Choice {
	sp := s.Factions[f].Guide
	return Choice{Spirit: sp, Kind: kind, Faction: f, Hand: s.draw(f, 1+s.Spirits[sp].Influence), Changes: s.drawChanges(),
		Pick: -1, Target: -1, Change: -1, Guide: -1, IdolCell: -1, Remove: -1, Add: -1}
}

// startAgenda deals the guiding spirits their hands; with none to wait
// for, the agenda resolves at once.
func (s *State) startAgenda(ev *[]game.Event) {
	s.Phase = Agenda
	s.Choices = s.Choices[:0]
	for f := range s.Factions {
		if !s.Factions[f].Eliminated && s.Factions[f].Guide >= 0 {
			s.Choices = append(s.Choices, s.handChoice(ChooseAgenda, f))
		}
	}
	if len(s.Choices) == 0 {
		s.resolveAgenda(ev)
	}
}

// autoPlay is an unguided faction's card: one at random from its pool,
// a random change card, the nearest target.
func (s *State) autoPlay(f int) Play {
	p := Play{Faction: f, Card: s.draw(f, 1)[0], Target: -1}
	if p.Card == Change {
		ch := s.drawChanges()
		p.Change = ch[s.intn(len(ch))]
	}
	return p
}

// play turns a finished choice into its play.
func (c *Choice) play() Play {
	p := Play{Faction: c.Faction, Card: c.Hand[c.Pick], Target: c.Target}
	if p.Card == Change {
		p.Change = c.Changes[c.Change]
	}
	return p
}

// reveal tells every play of a step together.
func (s *State) reveal(plays []Play, what string, ev *[]game.Event) {
	parts := make([]string, 0, len(plays))
	for _, p := range plays {
		w := s.fname(p.Faction) + " plays " + p.Card.String()
		switch {
		case p.Card == Expand && p.Target >= 0:
			w += " towards " + s.cellName(p.Target)
		case p.Card == Change:
			w += " (" + p.Change.String() + ")"
		}
		parts = append(parts, w)
	}
	if len(parts) > 0 {
		*ev = append(*ev, game.Event{Text: what + strings.Join(parts, "; ") + "."})
	}
}

// resolveAgenda reveals and resolves the agenda, then the guides lose
// influence and those at 0 are ejected.
func (s *State) resolveAgenda(ev *[]game.Event) {
	var plays []Play
	guided := map[int]Choice{}
	for _, c := range s.Choices {
		guided[c.Faction] = c
	}
	for f := range s.Factions {
		if s.Factions[f].Eliminated {
			continue
		}
		if c, ok := guided[f]; ok {
			plays = append(plays, c.play())
		} else {
			plays = append(plays, s.autoPlay(f))
		}
	}
	s.reveal(plays, "Agenda: ", ev)
	s.resolvePlays(plays, ev)
	s.Choices = s.Choices[:0]
	for f := range s.Factions {
		sp := s.Factions[f].Guide
		if sp < 0 {
			continue
		}
		p := &s.Spirits[sp]
		p.Influence--
		if p.Influence > 0 {
			continue
		}
		*ev = append(*ev, game.Event{Text: game.SeatToken(sp) + " has no influence left over " + FactionNames[f] + " and is ejected: it will swap a card of its pool."})
		s.Factions[f].Guide = -1
		p.Guiding, p.IdolPlaced = -1, false
		s.Choices = append(s.Choices, Choice{Spirit: sp, Kind: ChooseEject, Faction: f, Pick: -1, Target: -1, Change: -1, Guide: -1, IdolCell: -1, Remove: -1, Add: -1})
	}
	if len(s.Choices) > 0 {
		s.Phase = Eject
		return
	}
	s.checkWorship(ev)
	s.warPhase(ev)
}

// resolveEject swaps the card types the ejected spirits chose.
func (s *State) resolveEject(ev *[]game.Event) {
	for _, c := range s.Choices {
		pool := &s.Factions[c.Faction].Pool
		for i, card := range pool {
			if card == Card(c.Remove) {
				pool[i] = Card(c.Add)
				break
			}
		}
		*ev = append(*ev, game.Event{Text: game.SeatToken(c.Spirit) + " leaves " + FactionNames[c.Faction] + " " + article(Card(c.Add).String()) + " in place of " + article(Card(c.Remove).String()) + "."})
	}
	s.Choices = s.Choices[:0]
	s.checkWorship(ev)
}

// warPhase resolves the ripe wars together from the territory counts
// before any of them, then deals the winners their spoils.
func (s *State) warPhase(ev *[]game.Event) {
	var power [NumFactions]int
	for f := range power {
		power[f] = s.size(f)
	}
	var delta [NumFactions]int
	var winners []int
	var kept []War
	for _, w := range s.Wars {
		if !w.Ripe {
			kept = append(kept, w)
			continue
		}
		ra, rb := 1+s.intn(6), 1+s.intn(6)
		ta, tb := ra+power[w.A], rb+power[w.B]
		text := "War between " + s.fname(w.A) + " and " + s.fname(w.B) + ": " + strconv.Itoa(ra) + "+" + strconv.Itoa(power[w.A]) +
			" against " + strconv.Itoa(rb) + "+" + strconv.Itoa(power[w.B])
		if ta == tb {
			*ev = append(*ev, game.Event{Text: text + ", a tie: nothing changes."})
			continue
		}
		win, lose, ground := w.A, w.B, w.Battle[1]
		if tb > ta {
			win, lose, ground = w.B, w.A, w.Battle[0]
		}
		text += ": " + FactionNames[win] + " wins"
		if s.Owner[ground] == lose {
			text += " and takes " + s.cellName(ground)
			s.Owner[ground] = win
			s.Factions[win].HexesGained++
		}
		*ev = append(*ev, game.Event{Text: text + "."})
		delta[win] += s.Rules.WarGold
		delta[lose] -= s.Rules.WarGold
		s.Factions[win].WarsWon++
		winners = append(winners, win)
	}
	s.Wars = kept
	for f := range delta {
		s.gainGold(f, delta[f])
	}
	s.Choices = s.Choices[:0]
	s.Spoils = s.Spoils[:0]
	for _, f := range winners {
		if s.Factions[f].Eliminated {
			continue
		}
		if s.Factions[f].Guide >= 0 {
			s.Choices = append(s.Choices, s.handChoice(ChooseSpoils, f))
		} else {
			s.Spoils = append(s.Spoils, s.autoPlay(f))
		}
	}
	if len(s.Choices) > 0 {
		s.Phase = Spoils
		return
	}
	s.finishWar(ev)
}

// gainGold adds (or takes, never below 0) gold and notes the gain.
func (s *State) gainGold(f, n int) {
	fa := &s.Factions[f]
	if n > 0 {
		fa.GoldGained += n
	}
	fa.Gold = max(0, fa.Gold+n)
}

// finishWar resolves every spoils card together, ripens the wars of this
// turn, removes eliminated factions, scores and ends the turn.
func (s *State) finishWar(ev *[]game.Event) {
	plays := append([]Play(nil), s.Spoils...)
	for _, c := range s.Choices {
		plays = append(plays, c.play())
	}
	sort.SliceStable(plays, func(i, j int) bool { return plays[i].Faction < plays[j].Faction })
	if len(plays) > 0 {
		s.reveal(plays, "Spoils of war: ", ev)
		s.resolvePlays(plays, ev)
	}
	s.Choices, s.Spoils = s.Choices[:0], s.Spoils[:0]
	s.ripen(ev)
	s.eliminate(ev)
	s.score(ev)
}

// ripen picks the battleground of each war erupted this turn: a random
// pair of bordering cells; a war whose sides no longer border is off.
func (s *State) ripen(ev *[]game.Event) {
	var kept []War
	for _, w := range s.Wars {
		if w.Ripe {
			kept = append(kept, w)
			continue
		}
		var pairs [][2]int
		for _, a := range s.territory(w.A) {
			for _, b := range adjacent[a] {
				if s.Owner[b] == w.B {
					pairs = append(pairs, [2]int{a, b})
				}
			}
		}
		if len(pairs) == 0 {
			*ev = append(*ev, game.Event{Text: "The war between " + FactionNames[w.A] + " and " + FactionNames[w.B] + " is off: they no longer border."})
			continue
		}
		w.Battle, w.Ripe = pairs[s.intn(len(pairs))], true
		*ev = append(*ev, game.Event{Text: "The war between " + FactionNames[w.A] + " and " + FactionNames[w.B] + " will be fought at " + s.cellName(w.Battle[0]) + " and " + s.cellName(w.Battle[1]) + " next turn."})
		kept = append(kept, w)
	}
	s.Wars = kept
}

// eliminate removes the factions with no territory.
func (s *State) eliminate(ev *[]game.Event) {
	for f := range s.Factions {
		fa := &s.Factions[f]
		if fa.Eliminated || s.size(f) > 0 {
			continue
		}
		fa.Eliminated = true
		fa.Worship = -1
		if g := fa.Guide; g >= 0 {
			s.Spirits[g].Guiding, s.Spirits[g].Influence, s.Spirits[g].IdolPlaced = -1, 0, false
			fa.Guide = -1
		}
		var kept []War
		for _, w := range s.Wars {
			if w.A != f && w.B != f {
				kept = append(kept, w)
			}
		}
		s.Wars = kept
		*ev = append(*ev, game.Event{Text: FactionNames[f] + " has no land left and is gone."})
	}
}

// checkWorship sets each faction's worshipped spirit: the one with
// strictly the most idols in its territory, its guide's idols aside; on a
// tie the current one stays if it is among the tied, else none.
func (s *State) checkWorship(ev *[]game.Event) {
	for f := range s.Factions {
		fa := &s.Factions[f]
		if fa.Eliminated {
			continue
		}
		var count [MaxSpirits]int
		for c, o := range s.Owner {
			if i := s.Idols[c]; o == f && i.Type != NoIdol && i.Owner != fa.Guide {
				count[i.Owner]++
			}
		}
		best, tied := 0, []int(nil)
		for sp := 0; sp < s.N; sp++ {
			switch {
			case count[sp] > best:
				best, tied = count[sp], []int{sp}
			case count[sp] == best && best > 0:
				tied = append(tied, sp)
			}
		}
		w := -1
		switch {
		case len(tied) == 1:
			w = tied[0]
		case len(tied) > 1 && contains(tied, fa.Worship):
			w = fa.Worship
		}
		if w != fa.Worship {
			if w >= 0 {
				*ev = append(*ev, game.Event{Text: FactionNames[f] + " now worships " + game.SeatToken(w) + "."})
			} else {
				*ev = append(*ev, game.Event{Text: FactionNames[f] + " no longer worships anyone."})
			}
			fa.Worship = w
		}
	}
}

// score pays each worshipped spirit for the idols in its faction's
// territory, in tenths rounded down per faction, then ends the turn.
func (s *State) score(ev *[]game.Event) {
	s.checkWorship(ev)
	for f := range s.Factions {
		fa := &s.Factions[f]
		if fa.Eliminated || fa.Worship < 0 {
			continue
		}
		tenths := 0
		for c, o := range s.Owner {
			if o != f {
				continue
			}
			switch s.Idols[c].Type {
			case Battle:
				tenths += 5 * fa.WarsWon
			case Affluence:
				tenths += 2 * fa.GoldGained
			case Spread:
				tenths += 5 * fa.HexesGained
			}
		}
		if vp := tenths / 10; vp > 0 {
			s.Spirits[fa.Worship].VP += vp
			fa.Paid += vp
			*ev = append(*ev, game.Event{Text: FactionNames[f] + " gives " + game.SeatToken(fa.Worship) + " " + strconv.Itoa(vp) + " VP."})
		}
	}
	best := 0
	for sp := 0; sp < s.N; sp++ {
		best = max(best, s.Spirits[sp].VP)
	}
	if best >= s.Rules.WinVP || s.Turn >= s.Rules.MaxTurns {
		s.Phase = Over
		s.Choices = s.Choices[:0]
		s.Winners = nil
		for sp := 0; sp < s.N; sp++ {
			if s.Spirits[sp].VP == best {
				s.Winners = append(s.Winners, sp)
			}
		}
		names := make([]string, len(s.Winners))
		for i, w := range s.Winners {
			names[i] = game.SeatToken(w)
		}
		verb := " wins"
		if len(names) > 1 {
			verb = " share the win"
		}
		*ev = append(*ev, game.Event{Text: "Game over after turn " + strconv.Itoa(s.Turn) + ": " + strings.Join(names, " and ") + verb + " with " + strconv.Itoa(best) + " VP."})
		return
	}
	s.clearTurn()
	s.Turn++
	s.startTurn(ev)
}

func (s *State) clearTurn() {
	for f := range s.Factions {
		fa := &s.Factions[f]
		fa.Plays, fa.GoldGained, fa.HexesGained, fa.WarsWon = nil, 0, 0, 0
	}
}

// article puts "a" or "an" before a word.
func article(w string) string {
	if w != "" && strings.ContainsRune("AEIOU", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

// others names the spirits of a contest but one: "{1} and {3}".
func others(spirits []int, but int) string {
	var out []string
	for _, sp := range spirits {
		if sp != but {
			out = append(out, game.SeatToken(sp))
		}
	}
	return strings.Join(out, " and ")
}
