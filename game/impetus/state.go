package impetus

import (
	"math/bits"
)

// NumFactions is the number of factions; MaxSpirits the most players.
const (
	NumFactions = 6
	MaxSpirits  = 6
)

// Faction names, colours (for the map) and the letter that marks each on
// the map so colour is never the only cue.
var (
	FactionNames   = [NumFactions]string{"Mountain", "Mesa", "Sand", "Plains", "River", "Jungle"}
	FactionColours = [NumFactions]string{"red", "orange", "yellow", "green", "blue", "purple"}
	FactionLetters = [NumFactions]string{"Mo", "Me", "Sa", "Pl", "Ri", "Ju"}
)

// Card is an agenda card type.
type Card uint8

// Agenda cards, in resolution order.
const (
	Trade Card = iota
	Steal
	Expand
	Change
	NumCards
)

var cardNames = [NumCards]string{"Trade", "Steal", "Expand", "Change"}

func (c Card) String() string { return cardNames[c] }

// IdolType is the kind of an idol; NoIdol marks a cell without one.
type IdolType uint8

// Idol types.
const (
	NoIdol IdolType = iota
	Battle
	Affluence
	Spread
)

var idolNames = [...]string{"", "Battle", "Affluence", "Spread"}

func (t IdolType) String() string { return idolNames[t] }

// habitat are each faction's starting Change modifiers (Trade, Steal,
// Expand), from the source's table.
var habitat = [NumFactions][3]int{{1, 1, 0}, {2, 0, 0}, {0, 1, 1}, {0, 0, 2}, {1, 0, 1}, {0, 2, 0}}

// Rules are the tunable numbers of the spec (its italics).
type Rules struct {
	GuideInfluence int // influence of a spirit that starts guiding
	ChangeDraw     int // change cards drawn for a Change
	TradeGold      int // base gold of a Trade
	ExpandFail     int // gold for a contested or impossible claim
	WarRegard      int // a regard at or below this starts a war
	WarGold        int // gold the winner takes and the loser loses
	WinVP          int // victory points that end the game
	MaxTurns       int
	// MustDoBoth: a vagrant spirit does all it can, guide and idol (the
	// design note). False only for games begun before that rule was
	// restored, whose logs hold skips the old reading allowed: they are
	// replayed as they were played (see skipAsBefore).
	MustDoBoth bool `json:"both,omitempty"`
}

// DefaultRules are the spec's numbers.
var DefaultRules = Rules{GuideInfluence: 3, ChangeDraw: 3, TradeGold: 1, ExpandFail: 1, WarRegard: -2, WarGold: 2, WinVP: 10, MaxTurns: 40, MustDoBoth: true}

// Faction is one faction's state.
type Faction struct {
	Home       int // the starting cell
	Gold       int
	Pool       [4]Card
	Mod        [3]int // Change modifiers: Trade, Steal, Expand
	Regard     [NumFactions]int
	Guide      int // the guiding spirit, -1 none
	Worship    int // the worshipped spirit, -1 none
	Eliminated bool
	Paid       int // VP this faction's worship has paid out, all game
	// this turn
	Plays       []Card
	GoldGained  int
	HexesGained int
	WarsWon     int
}

// Spirit is one player's state.
type Spirit struct {
	VP         int
	Influence  int
	Guiding    int  // faction, -1 when vagrant
	IdolPlaced bool // placed its idol in this vagrant stint
}

// Idol is what stands on a cell: Type NoIdol for nothing.
type Idol struct {
	Type  IdolType
	Owner int
}

// War is a war between two factions. It erupts in an agenda, ripens in
// that turn's war phase (its battleground is chosen) and is resolved in
// the next turn's.
type War struct {
	A, B   int
	Ripe   bool
	Battle [2]int // cells: A's and B's side of the battleground
}

// Phase is where a turn waits for players.
type Phase uint8

// Phases that take input; the rest of a turn resolves by itself.
const (
	Vagrant Phase = iota
	Agenda
	Eject
	Spoils
	Over
)

var phaseNames = [...]string{"vagrant", "agenda", "ejection", "spoils", "over"}

func (p Phase) String() string { return phaseNames[p] }

// ChoiceKind is what a pending choice decides.
type ChoiceKind uint8

// Choice kinds.
const (
	ChooseVagrant ChoiceKind = iota
	ChooseAgenda
	ChooseEject
	ChooseSpoils
)

// Choice is one spirit's secret decision of the current phase.
type Choice struct {
	Spirit  int
	Kind    ChoiceKind
	Faction int // the faction it plays for (agenda, spoils, ejection)
	// agenda and spoils: the drawn cards, the change cards drawn in case
	// of a Change, and the picks (-1 until made)
	Hand    []Card
	Changes []Card
	Pick    int
	Target  int // cell for an Expand
	Change  int // index into Changes
	// vagrant: NeedGuide and NeedIdol say what the spirit can do this
	// turn, and so must (a faction free for it; an idol and a free cell)
	NeedGuide, NeedIdol bool
	Guide               int // faction, -1
	IdolType            IdolType
	IdolCell            int // -1
	// ejection
	Remove, Add int // card types, -1
}

// State is a game of Impetus. It is a value: Apply works on a copy.
type State struct {
	Rules    Rules
	N        int // spirits
	Seed     uint64
	Draws    uint64 // random numbers used so far
	Turn     int
	Phase    Phase
	Version  int
	Factions [NumFactions]Faction
	Spirits  [MaxSpirits]Spirit
	Owner    [NumHexes]int // faction, -1 neutral
	Idols    [NumHexes]Idol
	Wars     []War
	Choices  []Choice
	// Spoils are the unguided winners' spoils, drawn when the wars resolve.
	Spoils  []Play
	Winners []int
	// TurnOwner and TurnIdols are the map as the current turn began;
	// Changed lists the cells whose land or idol the last turn changed,
	// and ChangedFrom who held each of them before (-1 neutral; a state
	// from before it has none).
	TurnOwner   [NumHexes]int
	TurnIdols   [NumHexes]Idol
	Changed     []int
	ChangedFrom []int
}

// Play is a card a faction plays, with its sub-choices.
type Play struct {
	Faction int
	Card    Card
	Target  int  // Expand: the chosen cell, -1 for the nearest
	Change  Card // Change: the modifier raised
}

// clone copies the state deeply enough for Apply to change the copy.
func (s *State) clone() State {
	c := *s
	c.Wars = append([]War(nil), s.Wars...)
	c.Spoils = append([]Play(nil), s.Spoils...)
	c.Winners = append([]int(nil), s.Winners...)
	c.Changed = append([]int(nil), s.Changed...)
	c.ChangedFrom = append([]int(nil), s.ChangedFrom...)
	c.Choices = make([]Choice, len(s.Choices))
	for i, ch := range s.Choices {
		ch.Hand = append([]Card(nil), ch.Hand...)
		ch.Changes = append([]Card(nil), ch.Changes...)
		c.Choices[i] = ch
	}
	for f := range c.Factions {
		c.Factions[f].Plays = append([]Card(nil), s.Factions[f].Plays...)
	}
	return c
}

// intn is the table's seeded random source: a counter hashed by
// splitmix64, then Lemire's bounded draw. No client sees the seed.
func (s *State) intn(n int) int {
	bound := uint64(n)
	for {
		s.Draws++
		x := s.Seed + s.Draws*0x9e3779b97f4a7c15
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		x ^= x >> 31
		hi, lo := bits.Mul64(x, bound)
		if lo >= bound || lo >= -bound%bound {
			return int(hi)
		}
	}
}

// territory lists a faction's cells.
func (s *State) territory(f int) []int {
	var out []int
	for c, o := range s.Owner {
		if o == f {
			out = append(out, c)
		}
	}
	return out
}

// size counts a faction's cells.
func (s *State) size(f int) int { return sizeOf(&s.Owner, f) }

func sizeOf(owner *[NumHexes]int, f int) int {
	n := 0
	for _, o := range owner {
		if o == f {
			n++
		}
	}
	return n
}

// neighbours marks which factions touch which.
func (s *State) neighbours() [NumFactions][NumFactions]bool { return neighboursOf(&s.Owner) }

func neighboursOf(owner *[NumHexes]int) (nb [NumFactions][NumFactions]bool) {
	for c, o := range owner {
		if o < 0 {
			continue
		}
		for _, d := range adjacent[c] {
			if p := owner[d]; p >= 0 && p != o {
				nb[o][p] = true
			}
		}
	}
	return nb
}

// expandTargets are the neutral cells next to a faction's territory.
func (s *State) expandTargets(f int) []int { return targetsOf(&s.Owner, f) }

func targetsOf(owner *[NumHexes]int, f int) []int {
	var out []int
	for c, o := range owner {
		if o != -1 {
			continue
		}
		for _, d := range adjacent[c] {
			if owner[d] == f {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// atWar reports whether two factions have a war, erupted or ripe.
func (s *State) atWar(a, b int) bool {
	for _, w := range s.Wars {
		if w.A == a && w.B == b || w.A == b && w.B == a {
			return true
		}
	}
	return false
}

// canGuide reports whether spirit sp may guide faction f.
func (s *State) canGuide(sp, f int) bool {
	fa := &s.Factions[f]
	return !fa.Eliminated && fa.Guide < 0 && fa.Worship != sp
}

// freeCells are the cells without an idol.
func (s *State) freeCell() bool {
	for _, i := range s.Idols {
		if i.Type == NoIdol {
			return true
		}
	}
	return false
}

// Waiting lists the spirits whose choice the game waits for.
func (s *State) Waiting() []int {
	var out []int
	for i := 0; i < s.N; i++ {
		if _, ok := s.open(i); ok {
			out = append(out, i)
		}
	}
	return out
}

// open is the spirit's first unfinished choice.
func (s *State) open(sp int) (int, bool) {
	for i := range s.Choices {
		if s.Choices[i].Spirit == sp && !s.Choices[i].done(s) {
			return i, true
		}
	}
	return -1, false
}

// done reports whether a choice is complete.
func (c *Choice) done(s *State) bool {
	switch c.Kind {
	case ChooseVagrant:
		// -1 is "not chosen yet"; a snapshot from before the vagrant rule
		// was restored may hold -2 ("declined"), which counts as chosen
		return (!c.NeedGuide || c.Guide != -1) && (!c.NeedIdol || c.IdolCell != -1)
	case ChooseEject:
		return c.Remove >= 0 && c.Add >= 0
	}
	if c.Pick < 0 {
		return false
	}
	switch c.Hand[c.Pick] {
	case Expand:
		return c.Target >= 0 || len(s.expandTargets(c.Faction)) == 0
	case Change:
		return c.Change >= 0
	}
	return true
}

// Need says what an unfinished agenda or spoils choice waits for: "card",
// "target" or "change".
func (c *Choice) Need(s *State) string {
	switch {
	case c.Pick < 0:
		return "card"
	case c.Hand[c.Pick] == Expand && c.Target < 0 && len(s.expandTargets(c.Faction)) > 0:
		return "target"
	case c.Hand[c.Pick] == Change && c.Change < 0:
		return "change"
	}
	return ""
}
