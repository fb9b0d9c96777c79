package impetus

import (
	"net/url"
	"strconv"

	"github.com/tablegames/tables/game"
)

// BriefView is the JSON a program playing a seat is shown (docs/BOTS.md):
// built from View alone, so of the current phase's secret choices it
// holds only the seat's own (the others': only who is still choosing).
type BriefView struct {
	Turn     int            `json:"turn"`
	MaxTurns int            `json:"max_turns"`
	WinVP    int            `json:"win_vp"`
	Phase    string         `json:"phase"` // vagrant, agenda, ejection, spoils, over
	Factions []BriefFaction `json:"factions"`
	Spirits  []BriefSpirit  `json:"spirits"`
	Cells    []BriefCell    `json:"cells"` // the map's 61 cells by number
	Wars     []BriefWar     `json:"wars"`
	Waiting  []int          `json:"waiting"` // the seats still choosing
	Mine     []BriefChoice  `json:"mine"`    // the seat's own choices of this phase
	Need     string         `json:"need"`    // what the seat's open choice waits for: guide, idol, card, target, change, swap, or ""
	Targets  []int          `json:"targets"`
	Guidable []int          `json:"guidable"`
	Winners  []int          `json:"winners"`
	Changed  []int          `json:"changed"` // cells the last turn changed
}

// BriefFaction is one faction.
type BriefFaction struct {
	Faction    int      `json:"faction"`
	Name       string   `json:"name"`
	Home       int      `json:"home"`
	Gold       int      `json:"gold"`
	Pool       []string `json:"pool"`   // its four agenda cards
	Mod        [3]int   `json:"mod"`    // Change modifiers: trade, steal, expand
	Regard     []int    `json:"regard"` // of each faction
	Guide      int      `json:"guide"`  // the guiding spirit, -1 none
	Worship    int      `json:"worship"`
	Eliminated bool     `json:"eliminated"`
	Plays      []string `json:"plays"` // cards it played this turn
	Size       int      `json:"size"`  // cells it holds
}

// BriefSpirit is one player.
type BriefSpirit struct {
	Seat       int  `json:"seat"`
	VP         int  `json:"vp"`
	Influence  int  `json:"influence"`
	Guiding    int  `json:"guiding"` // faction, -1 vagrant
	IdolPlaced bool `json:"idol_placed"`
}

// BriefCell is one cell of the map: axial coordinates, the faction
// holding it (-1 neutral) and its idol.
type BriefCell struct {
	Cell      int    `json:"cell"`
	Q         int    `json:"q"`
	R         int    `json:"r"`
	Owner     int    `json:"owner"`
	Idol      string `json:"idol,omitempty"` // battle, affluence, spread
	IdolOwner int    `json:"idol_owner"`     // -1 without an idol
}

// BriefWar is a war between two factions.
type BriefWar struct {
	A      int    `json:"a"`
	B      int    `json:"b"`
	Ripe   bool   `json:"ripe"`
	Battle [2]int `json:"battle"`
}

// BriefChoice is one of the seat's own choices of this phase.
type BriefChoice struct {
	Kind     string   `json:"kind"` // vagrant, agenda, ejection, spoils
	Faction  int      `json:"faction"`
	Hand     []string `json:"hand,omitempty"`
	Changes  []string `json:"changes,omitempty"`
	Pick     int      `json:"pick"`
	Target   int      `json:"target"`
	Change   int      `json:"change"`
	Guide    int      `json:"guide"`
	IdolCell int      `json:"idol_cell"`
	Open     bool     `json:"open"`
}

var choiceKinds = [...]string{"vagrant", "agenda", "ejection", "spoils"}

var _ game.Briefer = (*Match)(nil)

// Brief is what seat may see and do, for a program (game.Briefer).
func (m *Match) Brief(seat int) game.Brief {
	v := m.State.View(seat)
	return v.Brief()
}

// Brief builds the program's brief from the view alone.
func (v *View) Brief() game.Brief {
	bv := BriefView{Turn: v.Turn, MaxTurns: v.Rules.MaxTurns, WinVP: v.Rules.WinVP, Phase: v.Phase.String(), Need: v.Need,
		Waiting: append([]int{}, v.Waiting...), Targets: append([]int{}, v.Targets...), Guidable: append([]int{}, v.Guidable...),
		Winners: append([]int{}, v.Winners...), Changed: append([]int{}, v.Changed...), Wars: []BriefWar{}, Mine: []BriefChoice{}}
	for f, fa := range v.Factions {
		bv.Factions = append(bv.Factions, BriefFaction{Faction: f, Name: FactionNames[f], Home: fa.Home, Gold: fa.Gold, Pool: cardWords(fa.Pool[:]),
			Mod: fa.Mod, Regard: append([]int{}, fa.Regard[:]...), Guide: fa.Guide, Worship: fa.Worship, Eliminated: fa.Eliminated,
			Plays: cardWords(fa.Plays), Size: v.Size(f)})
	}
	for i, s := range v.Spirits {
		bv.Spirits = append(bv.Spirits, BriefSpirit{Seat: i, VP: s.VP, Influence: s.Influence, Guiding: s.Guiding, IdolPlaced: s.IdolPlaced})
	}
	for c, h := range Cells {
		bc := BriefCell{Cell: c, Q: h.Q, R: h.R, Owner: v.Owner[c], IdolOwner: -1}
		if idol := v.Idols[c]; idol.Type != NoIdol {
			bc.Idol, bc.IdolOwner = lower(idol.Type.String()), idol.Owner
		}
		bv.Cells = append(bv.Cells, bc)
	}
	for _, w := range v.Wars {
		bv.Wars = append(bv.Wars, BriefWar{A: w.A, B: w.B, Ripe: w.Ripe, Battle: w.Battle})
	}
	for i, c := range v.Mine {
		bv.Mine = append(bv.Mine, BriefChoice{Kind: choiceKinds[c.Kind], Faction: c.Faction, Hand: cardWords(c.Hand), Changes: cardWords(c.Changes),
			Pick: c.Pick, Target: c.Target, Change: c.Change, Guide: c.Guide, IdolCell: c.IdolCell, Open: i == v.Open})
	}
	b := game.Brief{View: &bv, Moves: []game.Choice{}}
	c, open := v.MyChoice()
	opt := func(say string, kv ...string) {
		f := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			f.Set(kv[i], kv[i+1])
		}
		b.Moves = append(b.Moves, game.Option(f, say))
	}
	itoa := strconv.Itoa
	switch {
	case !open:
	case v.Need == "guide":
		for _, f := range v.Guidable {
			opt("Guide "+FactionNames[f], "kind", "guide", "faction", itoa(f))
		}
	case v.Need == "idol":
		var free []string
		for _, cell := range v.freeCells() {
			free = append(free, itoa(cell))
		}
		if len(free) > 0 {
			b.Moves = append(b.Moves, game.Choice{Move: game.Fields{"kind": "idol", "idol": "battle", "cell": v.freeCells()[0]},
				Say:  "Place your idol (battle, affluence or spread) on any cell without one",
				Pick: []game.Pick{{Field: "idol", Count: 1, From: []string{"battle", "affluence", "spread"}}, {Field: "cell", Count: 1, From: free}}})
		}
	case v.Need == "card":
		// a card with what it asks for, in one move; a card drawn twice is
		// one choice
		seen := map[Card]bool{}
		for i, card := range c.Hand {
			if seen[card] {
				continue
			}
			seen[card] = true
			switch {
			case card == Expand && len(v.Targets) > 0:
				cells := make([]string, len(v.Targets))
				for j, t := range v.Targets {
					cells[j] = itoa(t)
				}
				b.Moves = append(b.Moves, game.Choice{Move: game.Fields{"kind": "play", "index": i, "cell": v.Targets[0]},
					Say:  "Play Expand into one of the cells listed",
					Pick: []game.Pick{{Field: "cell", Count: 1, From: cells}}})
			case card == Change:
				done := map[Card]bool{}
				for j, ch := range c.Changes {
					if !done[ch] {
						done[ch] = true
						opt("Play Change on the "+ch.String()+" modifier", "kind", "play", "index", itoa(i), "change", itoa(j))
					}
				}
			default:
				opt("Play "+card.String(), "kind", "play", "index", itoa(i))
			}
		}
	case v.Need == "target":
		for _, cell := range v.Targets {
			opt("Expand into cell "+itoa(cell), "kind", "target", "cell", itoa(cell))
		}
	case v.Need == "change":
		for i, card := range c.Changes {
			opt("Change the "+card.String()+" modifier", "kind", "change", "index", itoa(i))
		}
	case v.Need == "swap":
		pool := uniq(cardWords(v.Factions[c.Faction].Pool[:]))
		b.Moves = append(b.Moves, game.Choice{Move: game.Fields{"kind": "swap", "remove": pool[0], "add": "trade"},
			Say:  "Swap a card type of " + FactionNames[c.Faction] + "'s pool for another",
			Pick: []game.Pick{{Field: "remove", Count: 1, From: pool}, {Field: "add", Count: 1, From: []string{"trade", "steal", "expand", "change"}}}})
	}
	if open && v.CanNoGuide {
		opt("Guide no faction (none is free for you)", "kind", "noguide")
	}
	if open && v.CanPass {
		opt("Pass: you can neither guide nor place an idol", "kind", "pass")
	}
	if a, ok := Auto(v); ok && len(b.Moves) > 0 {
		b.Auto = game.FieldsOf((&Match{}).Encode(a))
	}
	return b
}

// cardWords are agenda cards as the API writes them ("trade").
func cardWords(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = lower(c.String())
	}
	return out
}

func uniq(s []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
