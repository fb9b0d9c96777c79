package views

// IMCell is one hex of the Impetus map as a viewer sees it.
type IMCell struct {
	Index     int
	X, Y      string // centre, in map units
	Points    string // the hexagon's corners
	Faction   string // CSS class: f0 … f5, or "neutral"
	Letter    string // the faction's letter: colour is never the only cue
	Idol      string // the idol's letter: B, A or S; "" without an idol
	IdolOwner int
	Battle    bool   // part of a war's battleground
	Action    string // what choosing the cell does: "idol", "target", "play" (an Expand from the hand, there) or ""
	Card      int    // for "play": the Expand's place in the hand
	Label     string // accessible name
	Changed   bool   // the last turn changed its land or idol
	// Motion is how the change shows on the map as it comes: "won" (a
	// war took it), "grown" (its faction claimed it), "idol", "changed"
	Motion string
}

// hexClass is the classes of a cell's hex: its faction, and either "act"
// (a player may choose it) or what its last change shows ("changed",
// "m-won"…). One string, built once: a map redraw holds a hundred cells.
func (c IMCell) hexClass() string {
	switch {
	case c.Action != "":
		return "hex " + c.Faction + " act"
	case c.Motion != "" && c.Changed:
		return "hex " + c.Faction + " changed m-" + c.Motion
	case c.Motion != "":
		return "hex " + c.Faction + " m-" + c.Motion
	case c.Changed:
		return "hex " + c.Faction + " changed"
	}
	return "hex " + c.Faction
}

// marksClass is the classes of a cell's marks layer: its faction (the
// letters' colour) and its motion.
func (c IMCell) marksClass() string {
	if c.Motion != "" {
		return "marks " + c.Faction + " m-" + c.Motion
	}
	return "marks " + c.Faction
}

// IMFaction is a faction's public panel line.
type IMFaction struct {
	Index      int
	Name       string
	Letter     string
	Gold       int
	Size       int
	Pool       string // its pool and modifiers, in words
	Regard     string // its regard for the other factions, in words
	Guide      string // its guide and whom it worships, in words
	Plays      string // the cards it plays this turn, in words ("" none)
	Eliminated bool
}

// IMSpirit is a spirit's public line.
type IMSpirit struct {
	Seat
	VP        int
	Influence int
	Guiding   string // faction name, "" when vagrant
	Waiting   bool
}

// IMOption is one button of the viewer's choice. Vals, when set, is what
// the button posts (hx-vals); Hint is a line without a button (an Expand
// to play: its button is a lit cell of the map).
type IMOption struct {
	Vals  string
	Hint  bool
	Value string
	Label string
	Note  string // under the label: a faction's gold and land, "drawn twice"
	// Detail is a second line: a faction's modifiers
	Detail string
	// a faction's colour class (f0 … f5) and letter, for a faction to guide
	Faction, Letter string
}

// Impetus is everything one viewer sees of an Impetus table.
type Impetus struct {
	ActURL   string
	Version  int
	You      int
	Turn     int
	MaxTurns int
	WinVP    int
	Phase    string // the phase's name for scripts: vagrant, agenda, ejection, spoils, over
	// PhaseText is the phase in words, in the status line
	PhaseText string
	Status    string
	Cells     []IMCell
	Factions  []IMFaction
	Spirits   []IMSpirit
	Wars      []string
	// the viewer's open choice: Need says which (guide, idol, card,
	// target, change, swap); the options fit it
	Need    string
	Options []IMOption
	// Faction is the viewer's faction in words beside a card, a change, a
	// target or a swap: its gold, land, modifiers and pool
	Faction string
	// the vagrant phase: the spirit may place its idol without guiding,
	// or pass on both
	CanNoGuide bool
	CanPass    bool
	Pool       []IMOption // swap: the types it may remove
	AllTypes   []IMOption // swap: the types it may add
	Mine       []string   // its secret choices of this phase so far, in words
	Winners    string
	Result     string // the viewer's own result once the game is over
	// Standings: the final standings once the game is over, with the
	// evening and Play again.
	Standings *Standings
	Happened  []string // what the last turns did that concerned the viewer
	YourTurn  bool
	ReplayURL string
}

// Fragments lists the table's fragments in page order.
func (m Impetus) Fragments() []Fragment {
	out := make([]Fragment, 0, 8+len(m.Cells)+FrameFragments)
	out = append(out, []Fragment{
		{ID: "im-status", Component: imStatus(m), Key: 0},
		{ID: "im-choice", Component: imChoice(m), Key: 0},
		{ID: "im-spirits", Component: imSpirits(m), Key: 0},
		{ID: "im-happened", Component: imHappened(m)},
		{ID: "im-wars", Component: imWars(m)},
		{ID: "turn-mark", Component: turnMark(m.YourTurn, "game.your_move")},
		TurnsFragment("im-ring", m.seatList()),
		{ID: "im-factions", Component: imFactions(m), Key: 0},
	}...)
	// the map itself stays (it is in the stage); its cells are pushed one
	// by one, each when it changes
	for _, c := range m.Cells {
		out = append(out, Fragment{ID: "im-cell-" + itoa(c.Index), Component: imCell(m.ActURL, c), Key: c.key(m.ActURL)})
	}
	return out
}

func (c IMCell) key(actURL string) uint64 {
	k := newKeyer()
	k.str(actURL)
	k.num(int64(c.Index))
	k.str(c.X)
	k.str(c.Y)
	k.str(c.Points)
	k.str(c.Faction)
	k.str(c.Letter)
	k.str(c.Idol)
	k.num(int64(c.IdolOwner))
	k.flag(c.Battle)
	k.str(c.Action)
	k.num(int64(c.Card))
	k.str(c.Label)
	k.flag(c.Changed)
	k.str(c.Motion)
	return k.sum()
}

// cellVals is a map cell's hx-vals: what choosing it posts (for "play",
// the Expand with this cell as its target, in one move).
func cellVals(c IMCell) string {
	if c.Action == "play" {
		return vals("kind", "play", "index", itoa(c.Card), "cell", itoa(c.Index))
	}
	return vals("kind", c.Action, "cell", itoa(c.Index))
}

// seatList is the spirits' seats, each marked when the table waits for it.
func (m Impetus) seatList() []Seat {
	return ringSeats(m.Spirits, func(s IMSpirit) (Seat, bool) { return s.Seat, s.Waiting })
}
