package impetus

import "github.com/tablegames/tables/game"

// View is what one spirit (or game.Spectator) may see: everything but the
// other spirits' choices of the current phase (their drawn cards, picks,
// targets, guides and idols), of which it sees only who has not chosen
// yet. The random source is never in it.
type View struct {
	Seat     int
	Rules    Rules
	N        int
	Turn     int
	Phase    Phase
	Version  int
	Factions [NumFactions]Faction
	Spirits  []Spirit
	Owner    [NumHexes]int
	Idols    [NumHexes]Idol
	Wars     []War
	Waiting  []int
	// Mine are the viewer's own choices of this phase; Open indexes the
	// one it is making (-1 none).
	Mine     []Choice
	Open     int
	Need     string // what the open choice waits for: guide, idol, card, target, change, swap
	Targets  []int  // cells an Expand may take: the open one's, or one in the hand to play
	Guidable []int  // factions the viewer may guide
	Winners  []int
	Changed  []int // cells whose land or idol the last turn changed
	// ChangedFrom is who held each changed cell before (-1 neutral); it
	// may be shorter than Changed (a state saved before it was kept)
	ChangedFrom []int

	// The vagrant phase, for a vagrant viewer. A vagrant spirit must do
	// all it can: guide a faction if one is free for it, place its idol
	// if it has one and a cell is free. CanGuide: it has still to choose
	// a faction (from Guidable); CanPlace: it has still to place its idol
	// (both can hold: it must do both; Need asks for the guide first).
	// CanNoGuide and CanPass say whether the engine accepts those skips
	// now: NoGuide only when no faction is free for it, Pass only when it
	// can neither guide nor place (then Need is "" and the phase does not
	// wait for it). A button for a skip shows only when its field is true.
	CanGuide, CanPlace  bool
	CanNoGuide, CanPass bool
}

// View returns what seat may see.
func (s *State) View(seat int) View {
	v := View{Seat: seat, Rules: s.Rules, N: s.N, Turn: s.Turn, Phase: s.Phase, Version: s.Version,
		Factions: s.Factions, Spirits: append([]Spirit(nil), s.Spirits[:s.N]...), Owner: s.Owner, Idols: s.Idols,
		Wars: append([]War(nil), s.Wars...), Waiting: s.Waiting(), Open: -1, Winners: append([]int(nil), s.Winners...),
		Changed: append([]int(nil), s.Changed...), ChangedFrom: append([]int(nil), s.ChangedFrom...)}
	for f := range v.Factions {
		v.Factions[f].Plays = append([]Card(nil), s.Factions[f].Plays...)
	}
	if seat < 0 || seat >= s.N {
		return v
	}
	v.CanNoGuide = s.mayskip(seat, NoGuide) == nil
	v.CanPass = s.mayskip(seat, Pass) == nil
	open, _ := s.open(seat)
	for i, c := range s.Choices {
		if c.Spirit != seat {
			continue
		}
		if i == open {
			v.Open = len(v.Mine)
		}
		c.Hand = append([]Card(nil), c.Hand...)
		c.Changes = append([]Card(nil), c.Changes...)
		v.Mine = append(v.Mine, c)
	}
	if open < 0 {
		return v
	}
	c := &s.Choices[open]
	switch c.Kind {
	case ChooseVagrant:
		v.CanGuide = c.NeedGuide && c.Guide == -1
		v.CanPlace = c.NeedIdol && c.IdolCell == -1
		if v.CanGuide {
			v.Need = "guide"
			for f := range s.Factions {
				if s.canGuide(seat, f) {
					v.Guidable = append(v.Guidable, f)
				}
			}
		} else {
			v.Need = "idol"
		}
	case ChooseEject:
		v.Need = "swap"
	default:
		v.Need = c.Need(s)
		if v.Need == "target" || v.Need == "card" && containsCard(c.Hand, Expand) {
			v.Targets = s.expandTargets(c.Faction)
		}
	}
	return v
}

// Picked is the view as it would be once the open choice's card i is
// picked: what it asks for next (Need "target" or "change", or "" when
// nothing). A bot chooses a card and what it asks for with it, in one
// move (Whole).
func (v *View) Picked(i int) View {
	w := *v
	w.Mine = append([]Choice(nil), v.Mine...)
	c := &w.Mine[w.Open]
	c.Pick = i
	switch {
	case c.Hand[i] == Expand && len(v.Targets) > 0:
		w.Need = "target"
	case c.Hand[i] == Change:
		w.Need = "change"
	default:
		w.Need = ""
	}
	return w
}

// MyChoice is the viewer's open choice.
func (v *View) MyChoice() (Choice, bool) {
	if v.Open < 0 {
		return Choice{}, false
	}
	return v.Mine[v.Open], true
}

// Spectating reports whether the view is a spectator's.
func (v *View) Spectating() bool { return v.Seat == game.Spectator }

// Size counts a faction's cells.
func (v *View) Size(f int) int { return sizeOf(&v.Owner, f) }
