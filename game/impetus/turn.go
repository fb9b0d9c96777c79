package impetus

import (
	"math"
	"sort"
	"strings"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
)

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
	*ev = append(*ev, game.Say("log.impetus.turn_begins", i18n.N("Turn", s.Turn)))
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
	var parts []i18n.Arg
	for _, c := range s.Choices {
		args := []i18n.Arg{i18n.SeatArg("Spirit", c.Spirit)}
		key := "impetus.vagrant."
		if c.Guide >= 0 {
			guides[c.Guide] = append(guides[c.Guide], c.Spirit)
			key += "guide"
			args = append(args, factionArg("Faction", c.Guide))
		}
		if c.IdolCell >= 0 {
			idols[c.IdolCell] = append(idols[c.IdolCell], c.Spirit)
			if c.Guide >= 0 {
				key += "_"
			}
			key += "idol"
			args = append(args, i18n.K("Idol", idolAKeys[c.IdolType]), s.placeArg("Place", c.IdolCell))
		}
		if c.Guide < 0 && c.IdolCell < 0 {
			key += "none"
		}
		parts = append(parts, i18n.Nest("", i18n.M(key, args...)))
	}
	*ev = append(*ev, game.Say("log.impetus.vagrant_reveal", semis("Choices", parts)))
	for _, c := range s.Choices {
		if c.IdolCell < 0 {
			continue
		}
		if len(idols[c.IdolCell]) > 1 {
			others, n := othersArgs("Others", idols[c.IdolCell], c.Spirit)
			*ev = append(*ev, game.Say("log.impetus.idol_not_placed", i18n.SeatArg("Spirit", c.Spirit), others, n, s.placeArg("Place", c.IdolCell)))
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
			others, n := othersArgs("Others", guides[c.Guide], c.Spirit)
			*ev = append(*ev, game.Say("log.impetus.guide_fails", i18n.SeatArg("Spirit", c.Spirit), factionArg("Faction", c.Guide), others, n))
			continue
		}
		p := &s.Spirits[c.Spirit]
		p.Guiding, p.Influence, p.IdolPlaced = c.Guide, s.Rules.GuideInfluence, false
		s.Factions[c.Guide].Guide = c.Spirit
		*ev = append(*ev, game.Say("log.impetus.now_guides", i18n.SeatArg("Spirit", c.Spirit), factionArg("Faction", c.Guide), i18n.N("Influence", p.Influence)))
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
func (s *State) reveal(plays []Play, key string, ev *[]game.Event) {
	parts := make([]i18n.Arg, 0, len(plays))
	for _, p := range plays {
		args := []i18n.Arg{s.fnameArg("Faction", p.Faction), cardArg("Card", p.Card)}
		k := "impetus.play"
		switch {
		case p.Card == Expand && p.Target >= 0:
			k = "impetus.play.towards"
			args = append(args, s.placeArg("Place", p.Target))
		case p.Card == Change:
			k = "impetus.play.change"
			args = append(args, cardArg("Change", p.Change))
		}
		parts = append(parts, i18n.Nest("", i18n.M(k, args...)))
	}
	if len(parts) > 0 {
		*ev = append(*ev, game.Say(key, semis("Plays", parts)))
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
	s.reveal(plays, "log.impetus.agenda", ev)
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
		*ev = append(*ev, game.Say("log.impetus.ejected", i18n.SeatArg("Spirit", sp), factionArg("Faction", f)))
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
		*ev = append(*ev, game.Say("log.impetus.swaps", i18n.SeatArg("Spirit", c.Spirit), factionArg("Faction", c.Faction), cardAArg("Add", Card(c.Add)), cardAArg("Remove", Card(c.Remove))))
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
		args := []i18n.Arg{s.fnameArg("A", w.A), s.fnameArg("B", w.B), i18n.N("RollA", ra), i18n.N("PowerA", power[w.A]),
			i18n.N("RollB", rb), i18n.N("PowerB", power[w.B])}
		if ta == tb {
			*ev = append(*ev, game.Say("log.impetus.war_tie", args...))
			continue
		}
		win, lose, ground := w.A, w.B, w.Battle[1]
		if tb > ta {
			win, lose, ground = w.B, w.A, w.Battle[0]
		}
		args = append(args, factionArg("Winner", win))
		if s.Owner[ground] == lose {
			args = append(args, s.placeArg("Place", ground))
			s.Owner[ground] = win
			s.Factions[win].HexesGained++
			*ev = append(*ev, game.Say("log.impetus.war_won_takes", args...))
		} else {
			*ev = append(*ev, game.Say("log.impetus.war_won", args...))
		}
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
		s.reveal(plays, "log.impetus.spoils", ev)
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
			*ev = append(*ev, game.Say("log.impetus.war_off", factionArg("A", w.A), factionArg("B", w.B)))
			continue
		}
		w.Battle, w.Ripe = pairs[s.intn(len(pairs))], true
		*ev = append(*ev, game.Say("log.impetus.war_battles", factionArg("A", w.A), factionArg("B", w.B), s.placeArg("Place", w.Battle[0]), s.placeArg("Other", w.Battle[1])))
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
		*ev = append(*ev, game.Say("log.impetus.gone", factionArg("Faction", f)))
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
				*ev = append(*ev, game.Say("log.impetus.worships", factionArg("Faction", f), i18n.SeatArg("Spirit", w)))
			} else {
				*ev = append(*ev, game.Say("log.impetus.worships_none", factionArg("Faction", f)))
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
			*ev = append(*ev, game.Say("log.impetus.gives_vp", factionArg("Faction", f), i18n.SeatArg("Spirit", fa.Worship), i18n.Count(vp)))
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
		key := "log.impetus.game_over"
		if len(s.Winners) > 1 {
			key = "log.impetus.game_over_shared"
		}
		*ev = append(*ev, game.Say(key, i18n.N("Turn", s.Turn), spiritsArg("Winners", s.Winners), i18n.Count(best)))
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
