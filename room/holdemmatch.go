package room

// Hold'em's table beyond the engine (issue 30): the options a home game
// plays with (antes, the straddle, running it twice, showing or mucking,
// bomb pots) and the sit-and-go tournament. The engine's rules are pure
// (game/holdem: format.go, tourney.go); this file applies them at the
// table: the match the room drives is pokerMatch, the engine's match with
// what the table adds, all of it changed only by logged moves, so a table
// replays exactly as it was played.

import (
	"encoding/json"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/i18n"
)

// pokerOptions are a Hold'em table's options beyond blinds, stack and
// seats (Options.Poker; nil: none, the game as it was before them).
type pokerOptions struct {
	// the hand's format (holdem.Format)
	Ante     int  `json:"ante,omitempty"`
	BBAnte   bool `json:"bbante,omitempty"`
	Straddle bool `json:"straddle,omitempty"`
	Twice    bool `json:"twice,omitempty"`
	// Muck: a loser at showdown may muck (a standing choice) and a winner
	// nobody contested may show.
	Muck bool `json:"muck,omitempty"`
	// Bomb pots: BombAnte chips each; every BombEvery hands (0: only when
	// every person seated votes for one).
	BombAnte  int `json:"bomb,omitempty"`
	BombEvery int `json:"bombevery,omitempty"`
	// A sit-and-go: the blind structure's name (holdem.Structures), its
	// levels' length in minutes or, when LevelHands is set, in hands; the
	// rebuy levels and the add-on; late registration through LateLevels;
	// the payouts' shares (percentages, best place first) of a pool in
	// chips bought or, with Points, of 100 points.
	Tourney     string `json:"tourney,omitempty"`
	LevelMins   int    `json:"levelmins,omitempty"`
	LevelHands  int    `json:"levelhands,omitempty"`
	RebuyLevels int    `json:"rebuys,omitempty"`
	AddOn       bool   `json:"addon,omitempty"`
	LateLevels  int    `json:"late,omitempty"`
	Shares      []int  `json:"shares,omitempty"`
	Points      bool   `json:"points,omitempty"`
}

// format is the hand's format the options choose.
func (p *pokerOptions) format() holdem.Format {
	if p == nil {
		return holdem.Format{}
	}
	return holdem.Format{Ante: p.Ante, BigBlindAnte: p.BBAnte && p.Ante > 0, Straddle: p.Straddle, RunItTwice: p.Twice}
}

// structure is the tournament's blind structure, with the table's level
// length, rebuys, add-on and late registration.
func (p *pokerOptions) structure() (holdem.Structure, bool) {
	if p == nil || p.Tourney == "" {
		return holdem.Structure{}, false
	}
	st, ok := holdem.Structures()[p.Tourney]
	if !ok {
		return holdem.Structure{}, false
	}
	switch {
	case p.LevelHands > 0:
		st.Minutes, st.Hands = 0, p.LevelHands
	case p.LevelMins > 0:
		st.Minutes = p.LevelMins
	}
	st.RebuyLevels, st.LateLevels = p.RebuyLevels, p.LateLevels
	if p.AddOn && p.RebuyLevels > 0 {
		st.AddOn = st.Stack
	}
	return st, true
}

// pokerShares are the payout splits a host may choose.
var pokerShares = map[string][]int{"": nil, "100": {100}, "65/35": {65, 35}, "50/30/20": {50, 30, 20}, "40/30/20/10": {40, 30, 20, 10}}

// readPoker reads the creation form's options beyond the blinds; nil when
// none is chosen (a table as before them).
func readPoker(f url.Values, bb int) (*pokerOptions, error) {
	bad := func(key string) (*pokerOptions, error) { return nil, game.Err(game.CodeInvalidAction, key) }
	p := &pokerOptions{Straddle: f.Get("straddle") == "on", Twice: f.Get("twice") == "on", Muck: f.Get("muck") == "on"}
	switch a := f.Get("ante"); a {
	case "", "none":
	case "bb":
		p.Ante, p.BBAnte = bb, true
	default:
		// a classic ante in tenths of the big blind ("1": 10%)
		n, err := strconv.Atoi(a)
		if err != nil || n < 1 || n > 5 {
			return bad("error.holdem.choose_ante")
		}
		p.Ante = max(bb*n/10, 1)
	}
	n, ok := formInt(f, "bomb_bb", 0, 0, 10)
	if !ok {
		return bad("error.holdem.bomb_ante_range")
	}
	p.BombAnte = n * bb
	if p.BombEvery, ok = formInt(f, "bomb_every", 0, 0, 100); !ok {
		return bad("error.holdem.bomb_every_range")
	}
	if p.BombEvery > 0 && p.BombAnte == 0 {
		return bad("error.holdem.bomb_every_needs_ante")
	}
	if f.Get("format") == "sng" {
		if err := readTourney(f, p); err != nil {
			return nil, err
		}
	}
	if reflect.ValueOf(*p).IsZero() {
		return nil, nil
	}
	return p, nil
}

// readTourney reads a sit-and-go's fields.
func readTourney(f url.Values, p *pokerOptions) error {
	bad := func(key string) error { return game.Err(game.CodeInvalidAction, key) }
	p.Tourney = f.Get("structure")
	if p.Tourney == "" {
		p.Tourney = "turbo"
	}
	if _, ok := holdem.Structures()[p.Tourney]; !ok {
		return bad("error.holdem.choose_structure")
	}
	// the level's length: "" the structure's, "5m" minutes, "10h" hands
	var ok bool
	if lv := f.Get("level"); lv != "" {
		n, err := strconv.Atoi(lv[:len(lv)-1])
		switch {
		case err != nil || n < 1 || n > 60:
			return bad("error.holdem.level_range")
		case strings.HasSuffix(lv, "m"):
			p.LevelMins = n
		case strings.HasSuffix(lv, "h"):
			p.LevelHands = n
		default:
			return bad("error.holdem.level_unit")
		}
	}
	if p.RebuyLevels, ok = formInt(f, "rebuy_levels", 0, 0, 6); !ok {
		return bad("error.holdem.rebuy_levels_range")
	}
	p.AddOn = f.Get("addon") == "on" && p.RebuyLevels > 0
	if p.LateLevels, ok = formInt(f, "late_levels", 0, 0, 6); !ok {
		return bad("error.holdem.late_levels_range")
	}
	shares, ok := pokerShares[f.Get("payout")]
	if !ok {
		return bad("error.holdem.choose_payouts")
	}
	p.Shares = shares
	p.Points = f.Get("payout_unit") == "points" && len(shares) > 0
	// a tournament plays no cash options but its antes (from its levels)
	p.Ante, p.BBAnte, p.Straddle, p.Twice, p.BombAnte, p.BombEvery = 0, false, false, false, 0, 0
	return nil
}

// pokerMatch is the match a Hold'em table plays: the engine's, and what
// the table adds to it (Plus). Only logged moves change either.
type pokerMatch struct {
	*holdem.Match
	Plus pokerPlus
}

// pokerPlus is the table's part of a Hold'em match: zero for a table with
// none of the options, whose match then snapshots as the engine's alone.
type pokerPlus struct {
	Opts *pokerOptions `json:"opts,omitempty"`
	// the tournament: its players, its level (from 1), the play time
	// before the last deal (ms), and the last hand counted
	Tour    *holdem.Tourney `json:"tour,omitempty"`
	Level   int             `json:"level,omitempty"`
	Played  int64           `json:"played,omitempty"`
	Counted int             `json:"counted,omitempty"`
	// People: the seats a person plays (bots vote for bomb pots and buy
	// back in by themselves); Votes the seats that want a bomb pot next.
	People []bool `json:"people,omitempty"`
	Votes  []int  `json:"votes,omitempty"`
	// RebuyFirst: bots out of chips buy back in before a new level is
	// set (rules revision 2; a table from before replays its log as it
	// was played: the level first, which could place them instead)
	RebuyFirst bool `json:"rebuyfirst,omitempty"`
}

func (p pokerPlus) zero() bool {
	return p.Opts == nil && p.Tour == nil && p.Level == 0 && p.Played == 0 && p.Counted == 0 && len(p.People) == 0 && len(p.Votes) == 0 && !p.RebuyFirst
}

func (p pokerPlus) clone() pokerPlus {
	if p.Tour != nil {
		t := *p.Tour
		p.Tour = &t // its methods return new entries: the old stay as they were
	}
	p.People, p.Votes = slices.Clone(p.People), slices.Clone(p.Votes)
	return p
}

// pokerMove is a move of a Hold'em table: the engine's action, or one of
// the table's own (Do): "rebuy" and "addon" in a tournament, "bomb" (a
// vote for a bomb pot), "settle" (the table closes rebuys when nobody is
// left to play). A deal carries the tournament's level and play time. An
// engine action alone is written as before.
type pokerMove struct {
	holdem.Action
	Do     string `json:"do,omitempty"`
	Level  int    `json:"level,omitempty"`
	Played int64  `json:"played,omitempty"`
}

// Deals reports a move that deals a hand (and so uses the committed
// seed).
func (mv pokerMove) Deals() bool { return mv.Do == "" }

var _ game.Match = (*pokerMatch)(nil)

func newPokerMatch(o Options, n int, seed uint64) (*pokerMatch, []game.Event, error) {
	r := holdemRules(o)
	m := &pokerMatch{Match: holdem.EmptyMatch(), Plus: pokerPlus{Opts: o.Poker, RebuyFirst: o.Revision >= 2}}
	st, tour := o.Poker.structure()
	var ev []game.Event
	if tour {
		l := st.Level(1)
		r.SmallBlind, r.BigBlind, r.Stack, r.Rebuy = l.SmallBlind, l.BigBlind, st.Stack, false
		r.Format = holdem.Format{Ante: l.Ante, BigBlindAnte: l.Ante > 0}
		t := holdem.NewTourney(st, make([]string, n))
		m.Plus.Tour, m.Plus.Level = &t, 1
		ev = append(ev, game.Say("log.holdem.sit_and_go", i18n.K("Structure", "holdem.structure."+st.Name), i18n.Count(n),
			i18n.N("Chips", st.Stack), levelArg("Blinds", l), levelLengthArg("Length", st)))
	}
	s, err := holdem.New(r, n)
	if err != nil {
		return nil, nil, err
	}
	m.State = s
	if o.Poker != nil {
		m.Plus.People = make([]bool, n)
	}
	dev, err := m.Apply(game.System, pokerMove{Action: holdem.Action{Kind: holdem.Deal, Seed: seed}, Level: m.Plus.Level})
	if err != nil {
		return nil, nil, err
	}
	return m, append(ev, dev...), nil
}

// holdemState is the engine's state of a Hold'em match.
func holdemState(m game.Match) *holdem.State {
	if pm, ok := m.(*pokerMatch); ok {
		return &pm.State
	}
	return &m.(*holdem.Match).State
}

// holdemHandOver reports a match between two hands (its seed is then
// spent).
func holdemHandOver(m game.Match) bool { return holdemState(m).Street == holdem.HandOver }

// HoldemState is the engine's state of a Hold'em table's match, nil for
// another game's (tests).
func HoldemState(m game.Match) *holdem.State {
	switch m.(type) {
	case *pokerMatch, *holdem.Match:
		return holdemState(m)
	}
	return nil
}

// levelMsg is a level's blinds and ante: "50/100, ante 100".
func levelMsg(l holdem.Level) i18n.Msg {
	if l.Ante > 0 {
		return i18n.M("holdem.level.blinds_ante", i18n.N("Small", l.SmallBlind), i18n.N("Big", l.BigBlind), i18n.N("Ante", l.Ante))
	}
	return i18n.M("holdem.level.blinds", i18n.N("Small", l.SmallBlind), i18n.N("Big", l.BigBlind))
}

// levelWords are a level's blinds and ante in English, for a language
// model's prompt.
func levelWords(l holdem.Level) string { return i18n.English().Msg(levelMsg(l)) }

// levelArg is a level's blinds and ante as an argument.
func levelArg(name string, l holdem.Level) i18n.Arg { return i18n.Nest(name, levelMsg(l)) }

// levelLengthMsg says how long a level lasts: "5-minute levels", "3
// hands a level".
func levelLengthMsg(st holdem.Structure) i18n.Msg {
	if st.Minutes > 0 {
		return i18n.M("holdem.level.minutes", i18n.Count(st.Minutes))
	}
	return i18n.M("holdem.level.hands", i18n.Count(st.Hands))
}

// levelLengthArg is levelLengthMsg as an argument.
func levelLengthArg(name string, st holdem.Structure) i18n.Arg {
	return i18n.Nest(name, levelLengthMsg(st))
}

// levelLength says how long a level lasts in English, for the creation
// form's structures: "5-minute levels".
func levelLength(st holdem.Structure) string { return i18n.English().Msg(levelLengthMsg(st)) }

// Snapshot writes the engine's state, with the table's part beside it
// when there is one (a table without the options snapshots as before).
func (m *pokerMatch) Snapshot() ([]byte, error) {
	if m.Plus.zero() {
		return m.Match.Snapshot()
	}
	return json.Marshal(struct {
		holdem.State
		Plus *pokerPlus `json:"plus"`
	}{m.State, &m.Plus})
}

// Restore reads either.
func (m *pokerMatch) Restore(data []byte) error {
	var s struct {
		holdem.State
		Plus *pokerPlus `json:"plus"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	m.State = s.State
	if s.Plus != nil {
		m.Plus = *s.Plus
	}
	return nil
}

// DecodeMove reads a move from the log: an engine action, or the
// table's own.
func (m *pokerMatch) DecodeMove(data json.RawMessage) (game.Move, error) {
	var mv pokerMove
	err := json.Unmarshal(data, &mv)
	return mv, err
}

// Brief is the engine's brief for a program playing seat (docs/BOTS.md),
// less the moves this table refuses (Decode's own rules): showing a
// hand where every hand is shown at showdown, straddles at a table
// without them. A program is offered only what it may make.
func (m *pokerMatch) Brief(seat int) game.Brief {
	b := m.Match.Brief(seat)
	b.Moves = slices.DeleteFunc(b.Moves, func(c game.Choice) bool {
		k, _ := c.Move["kind"].(string)
		switch k {
		case "show", "automuck", "noautomuck", "straddleon", "straddleoff":
			_, err := m.Decode(url.Values{"kind": {k}})
			return err != nil
		}
		return false
	})
	if t := m.Plus.Tour; t != nil {
		if bv, ok := b.View.(*holdem.BriefView); ok {
			b.View = pokerBrief{BriefView: bv, Tournament: m.briefTournament()}
		}
	}
	return b
}

// pokerBrief is a sit-and-go's view for a program: the hand's, and the
// tournament's (docs/BOTS.md).
type pokerBrief struct {
	*holdem.BriefView
	Tournament *briefTournament `json:"tournament"`
}

// briefTournament is a sit-and-go as a program sees it: the structure,
// the level under way and the next, the entries (seats from 0, their
// places once out) and the prizes by place.
type briefTournament struct {
	Structure    string       `json:"structure"`
	Level        int          `json:"level"`
	SmallBlind   int          `json:"small_blind"`
	BigBlind     int          `json:"big_blind"`
	Ante         int          `json:"ante"`
	LevelHands   int          `json:"level_hands,omitempty"`
	LevelMinutes int          `json:"level_minutes,omitempty"`
	PlayedMS     int64        `json:"played_ms"`
	Next         *briefLevel  `json:"next"`
	Levels       []briefLevel `json:"levels"`
	Left         int          `json:"left"`
	Entries      []briefEntry `json:"entries"`
	Payouts      []int        `json:"payouts"`
	PayoutUnit   string       `json:"payout_unit,omitempty"`
	Over         bool         `json:"over"`
}

// briefLevel is one level of blinds; FirstHand, for levels counted in
// hands, is the hand it starts with.
type briefLevel struct {
	Level      int `json:"level"`
	SmallBlind int `json:"small_blind"`
	BigBlind   int `json:"big_blind"`
	Ante       int `json:"ante"`
	FirstHand  int `json:"first_hand,omitempty"`
}

// briefEntry is one entry of the tournament.
type briefEntry struct {
	Seat   int  `json:"seat"`
	Chips  int  `json:"chips"`
	Place  int  `json:"place"` // 0 while still playing
	Rebuys int  `json:"rebuys"`
	AddOn  bool `json:"add_on"`
}

func (m *pokerMatch) briefTournament() *briefTournament {
	p := &m.Plus
	t, st := p.Tour, p.Tour.Structure
	lv := st.Level(p.Level)
	bt := &briefTournament{Structure: st.Name, Level: p.Level, SmallBlind: lv.SmallBlind, BigBlind: lv.BigBlind, Ante: lv.Ante,
		LevelHands: st.Hands, LevelMinutes: st.Minutes, PlayedMS: p.Played, Left: t.Left(), Over: t.Over(),
		Levels: []briefLevel{}, Entries: []briefEntry{}, Payouts: []int{}}
	if st.Minutes > 0 {
		bt.LevelHands = 0
	}
	for i, l := range st.Levels {
		bl := briefLevel{Level: i + 1, SmallBlind: l.SmallBlind, BigBlind: l.BigBlind, Ante: l.Ante}
		if bt.LevelHands > 0 {
			bl.FirstHand = i*st.Hands + 1
		}
		bt.Levels = append(bt.Levels, bl)
	}
	if p.Level < len(bt.Levels) && !bt.Over {
		next := bt.Levels[p.Level]
		bt.Next = &next
	}
	for _, e := range t.Entries {
		bt.Entries = append(bt.Entries, briefEntry{Seat: e.Seat, Chips: e.Chips, Place: e.Place, Rebuys: e.Rebuys, AddOn: e.AddOn})
	}
	if prizes, points := tourPrizes(p); len(prizes) > 0 {
		bt.Payouts, bt.PayoutUnit = prizes, "chips"
		if points {
			bt.PayoutUnit = "points"
		}
	}
	return bt
}

// Decode reads a player's form: the engine's moves, and in a tournament
// "rebuy" and "addon", at a table with bomb pots "bomb".
func (m *pokerMatch) Decode(f url.Values) (game.Move, error) {
	o := m.Plus.Opts
	switch k := f.Get("kind"); {
	case m.Plus.Tour != nil && (k == "rebuy" || k == "addon"):
		return pokerMove{Do: k}, nil
	case k == "bomb" && o != nil && o.BombAnte > 0:
		return pokerMove{Do: k}, nil
	case (k == "show" || k == "automuck" || k == "noautomuck") && (o == nil || !o.Muck):
		return nil, game.Err(holdem.CodeNotAllowed, "error.holdem.table_shows_every_hand")
	case (k == "straddleon" || k == "straddleoff") && !straddles(holdemState(m)):
		return nil, game.Err(holdem.CodeNotAllowed, "error.holdem.table_plays_without_straddles")
	}
	mv, err := m.Match.Decode(f)
	if err != nil {
		return nil, err
	}
	return pokerMove{Action: mv.(holdem.Action)}, nil
}

// straddles: the table allows straddles now or from the next hand (the
// host may change it between hands), so a player may choose to.
func straddles(s *holdem.State) bool {
	_, _, f := s.Upcoming()
	return s.Rules.Straddle || f.Straddle
}

// Encode writes a move as the form Decode reads.
func (m *pokerMatch) Encode(mv game.Move) url.Values {
	if pm, ok := mv.(pokerMove); ok {
		if pm.Do != "" {
			return url.Values{"kind": {pm.Do}}
		}
		mv = pm.Action
	}
	return m.Match.Encode(mv)
}

// Apply makes a move: the table's own, or the engine's, with what the
// table does around it (before a deal: the level, a bomb pot, bots'
// rebuys; after a hand: the tournament's count). On error nothing
// changes.
func (m *pokerMatch) Apply(seat int, mv game.Move) ([]game.Event, error) {
	pm, ok := mv.(pokerMove)
	if !ok {
		a, ok := mv.(holdem.Action)
		if !ok {
			return nil, game.Err(game.CodeInternal, "error.holdem.not_move_game")
		}
		pm = pokerMove{Action: a}
	}
	st, p := m.State, m.Plus.clone()
	var ev []game.Event
	var err error
	if pm.Do != "" {
		ev, err = p.tableMove(&st, seat, pm.Do)
	} else {
		if seat == game.System && pm.Kind == holdem.Deal {
			if ev, err = p.beforeDeal(&st, pm); err != nil {
				return nil, err
			}
		}
		var more []game.Event
		st, more, err = holdem.Apply(st, seat, pm.Action)
		ev = append(ev, more...)
	}
	if err != nil {
		return nil, err
	}
	ev = append(ev, p.afterHand(&st)...)
	if pm.Do != "" {
		st.Version++ // the table's own moves count too: a form's version is stale after one
	}
	m.State, m.Plus = st, p
	return ev, nil
}

// beforeDeal sets what the next hand brings: a tournament's level (and
// the players it places once rebuys close), bots' rebuys, a bomb pot.
func (p *pokerPlus) beforeDeal(s *holdem.State, pm pokerMove) ([]game.Event, error) {
	var ev []game.Event
	if p.Tour != nil {
		st := p.Tour.Structure
		if pm.Played > 0 {
			p.Played = pm.Played
		}
		// players out of chips buy back in by themselves while they may,
		// unless they choose to (a person's auto rebuy off): at the level
		// of the hand they ran out in, before the next level may close
		// rebuys and place them
		if p.RebuyFirst {
			more, err := p.autoRebuys(s)
			if err != nil {
				return nil, err
			}
			ev = append(ev, more...)
		}
		if pm.Level > p.Level {
			p.Level = pm.Level
			l := st.Level(p.Level)
			if err := s.SetLevel(l); err != nil {
				return nil, err
			}
			ev = append(ev, game.Say("log.holdem.level", i18n.N("Level", p.Level), levelArg("Blinds", l)))
			if p.Level == st.RebuyLevels+1 && st.RebuyLevels > 0 {
				ev = append(ev, game.Say("log.holdem.rebuys_over"))
			}
			ev = append(ev, p.settle(s, p.Level)...)
		}
		s.NameLevel(p.Level) // the hand's history names its level
		if !p.RebuyFirst {
			more, err := p.autoRebuys(s)
			if err != nil {
				return nil, err
			}
			ev = append(ev, more...)
		}
	}
	o := p.Opts
	if o != nil && o.BombAnte > 0 && s.NextBomb == 0 {
		if o.BombEvery > 0 && (s.Hand+1)%o.BombEvery == 0 {
			s.SetBombPot(o.BombAnte)
			ev = append(ev, game.Say("log.holdem.bomb_every", i18n.Count(o.BombEvery), i18n.N("Chips", o.BombAnte)))
		}
	}
	if s.NextBomb > 0 {
		p.Votes = nil
	}
	return ev, nil
}

// autoRebuys buys back in the players out of chips who do so by
// themselves (bots, and people with auto rebuy on) while they may.
func (p *pokerPlus) autoRebuys(s *holdem.State) ([]game.Event, error) {
	var ev []game.Event
	for i := 0; i < s.N; i++ {
		if s.Seats[i].Stack == 0 && !s.Seats[i].NoAutoRebuy {
			if e := p.entryOf(i); e >= 0 && p.Tour.Structure.MayRebuy(p.Level, 0, p.Tour.Entries[e].Rebuys) {
				more, err := p.tableMove(s, i, "rebuy")
				if err != nil {
					return nil, err
				}
				ev = append(ev, more...)
			}
		}
	}
	return ev, nil
}

// afterHand counts a hand that just ended in the tournament: hands
// played, chips, the players out and their places; near the money the
// bots tighten up.
func (p *pokerPlus) afterHand(s *holdem.State) []game.Event {
	n := len(s.Past)
	if p.Tour == nil || s.Street != holdem.HandOver || n == 0 || s.Past[n-1].Hand <= p.Counted {
		return nil
	}
	r := &s.Past[n-1]
	p.Counted = r.Hand
	before := *p.Tour
	t := p.Tour.AfterHand(r, p.Level)
	p.Tour = &t
	ev := p.placed(before)
	if paid := len(p.Opts.Shares); paid > 0 {
		s.SetBubble(t.NearMoney(paid))
	}
	return ev
}

// settle places the players out once they may no longer rebuy.
func (p *pokerPlus) settle(s *holdem.State, level int) []game.Event {
	before := *p.Tour
	t := p.Tour.Settle(level)
	p.Tour = &t
	return p.placed(before)
}

// placed tells the table who finished where since before.
func (p *pokerPlus) placed(before holdem.Tourney) []game.Event {
	var ev []game.Event
	for i, e := range p.Tour.Entries {
		if e.Place == 0 || (i < len(before.Entries) && before.Entries[i].Place == e.Place) {
			continue
		}
		if e.Place == 1 {
			ev = append(ev, game.Say("log.holdem.wins_tournament", i18n.SeatArg("Seat", e.Seat)))
			continue
		}
		ev = append(ev, game.Say("log.holdem.finishes", i18n.SeatArg("Seat", e.Seat), i18n.Ord("Place", e.Place)))
	}
	return ev
}

// entryOf is the tournament entry still playing at seat, or -1.
func (p *pokerPlus) entryOf(seat int) int {
	if p.Tour == nil {
		return -1
	}
	return slices.IndexFunc(p.Tour.Entries, func(e holdem.Entry) bool { return e.Seat == seat && e.Place == 0 })
}

// tableMove is one of the table's own moves.
func (p *pokerPlus) tableMove(s *holdem.State, seat int, do string) ([]game.Event, error) {
	switch do {
	case "rebuy", "addon":
		e := p.entryOf(seat)
		if e < 0 || seat < 0 {
			return nil, game.Err(holdem.CodeNotAllowed, "error.holdem.are_not_playing_tournament")
		}
		if s.Seats[seat].Dealt && s.Street != holdem.HandOver {
			return nil, game.Err(holdem.CodeNotAllowed, "error.holdem.wait_hand_end")
		}
		var t holdem.Tourney
		var err error
		chips := p.Tour.Structure.Stack
		if do == "rebuy" {
			t, err = p.Tour.Rebuy(e, p.Level)
		} else {
			t, err = p.Tour.TakeAddOn(e, p.Level)
			chips = p.Tour.Structure.AddOn
		}
		if err != nil {
			return nil, err
		}
		if err := s.AddChips(seat, chips, map[string]string{"rebuy": "rebuy", "addon": "add-on"}[do]); err != nil {
			return nil, err
		}
		p.Tour = &t
		s.Seats[seat].SitOut = false
		if do == "rebuy" {
			return []game.Event{game.Say("log.holdem.rebuys", i18n.SeatArg("Seat", seat), i18n.N("Chips", chips), i18n.N("Rebuy", t.Entries[e].Rebuys))}, nil
		}
		return []game.Event{game.Say("log.holdem.addon", i18n.SeatArg("Seat", seat), i18n.N("Chips", chips))}, nil
	case "bomb":
		if seat < 0 || seat >= s.N {
			return nil, game.Err(holdem.CodeNotAllowed, "error.holdem.only_player_votes_bomb")
		}
		if s.NextBomb > 0 {
			return nil, game.Err(holdem.CodeNotAllowed, "error.holdem.next_hand_bomb_pot")
		}
		if slices.Contains(p.Votes, seat) {
			return nil, game.Err(holdem.CodeNotAllowed, "error.holdem.have_voted_bomb_pot")
		}
		p.Votes = append(p.Votes, seat)
		ev := []game.Event{game.Say("log.holdem.bomb_vote", i18n.SeatArg("Seat", seat))}
		for i := 0; i < s.N; i++ {
			if i < len(p.People) && p.People[i] && s.Seats[i].Stack > 0 && !slices.Contains(p.Votes, i) {
				return ev, nil // a person seated has not voted yet
			}
		}
		s.SetBombPot(p.Opts.BombAnte)
		p.Votes = nil
		return append(ev, game.Say("log.holdem.bomb_agreed", i18n.N("Chips", p.Opts.BombAnte))), nil
	case "settle":
		if seat != game.System || p.Tour == nil {
			return nil, game.Err(holdem.CodeNotAllowed, "error.holdem.only_table_closes_rebuys")
		}
		return append([]game.Event{game.Say("log.holdem.rebuys_over_alone")},
			p.settle(s, p.Tour.Structure.RebuyLevels+1)...), nil
	}
	return nil, game.Err(holdem.CodeNotAllowed, "error.holdem.unknown_action")
}

// Continue deals the next hand (with the level of a tournament for the
// play time so far: see ContinuePlayed).
func (m *pokerMatch) Continue(seed uint64) (game.Move, bool) {
	return m.ContinuePlayed(seed, time.Duration(m.Plus.Played)*time.Millisecond)
}

// ContinuePlayed is the next deal after played of play (the table's
// clock, paused while the host pauses): a tournament's deal carries its
// level then. When nobody is left to play a tournament whose rebuys are
// still open, the table closes them.
func (m *pokerMatch) ContinuePlayed(seed uint64, played time.Duration) (game.Move, bool) {
	if m.Over() || m.State.Street != holdem.HandOver {
		return nil, false
	}
	mv := pokerMove{Action: holdem.Action{Kind: holdem.Deal, Seed: seed}}
	if t := m.Plus.Tour; t != nil {
		mv.Level = max(m.Plus.Level, t.Structure.LevelAt(played, m.State.Hand))
		mv.Played = max(played.Milliseconds(), 1)
	}
	inner := *m.Match // a copy to try the deal on
	try := pokerMatch{Match: &inner, Plus: m.Plus.clone()}
	if _, err := try.Apply(game.System, mv); err != nil {
		if m.Plus.Tour != nil && m.Plus.Tour.Left() > 1 && m.Plus.Level <= m.Plus.Tour.Structure.RebuyLevels {
			return pokerMove{Do: "settle"}, true
		}
		return nil, false
	}
	return mv, true
}

// PlayedTime is the play time noted at the last deal.
func (m *pokerMatch) PlayedTime() time.Duration {
	return time.Duration(m.Plus.Played) * time.Millisecond
}

// Over: a tournament is over once it has its winner; a cash game never.
func (m *pokerMatch) Over() bool { return m.Plus.Tour != nil && m.Plus.Tour.Over() }

// Waiting: nobody once a tournament is over.
func (m *pokerMatch) Waiting() []int {
	if m.Over() {
		return nil
	}
	return m.Match.Waiting()
}

// onSeat notes who plays a seat: a person is asked to buy back in (cash)
// or to rebuy (a tournament), and votes for bomb pots; a bot does both by
// itself. A table where a loser may muck mucks by default (the seat
// menu turns it off), as PokerNow does: a newcomer starts so.
func (m *pokerMatch) onSeat(seat int, person bool) {
	m.State.Seats[seat].NoAutoRebuy = person
	m.State.Seats[seat].AutoMuck = m.Plus.Opts != nil && m.Plus.Opts.Muck
	if seat < len(m.Plus.People) {
		m.Plus.People[seat] = person
	}
	if person && m.Plus.Tour != nil && m.seatFree(seat) {
		// late registration: the newcomer enters with a starting stack
		t, err := m.Plus.Tour.Register("", seat, m.Plus.Level)
		if err == nil && m.State.AddChips(seat, t.Structure.Stack, "entry") == nil {
			m.Plus.Tour = &t
			m.State.Seats[seat].SitOut = false
		}
	}
}

// seatFree: at a cash table a newcomer takes any seat a bot holds; at a
// sit-and-go only one whose player is out, while registration is open
// (and then with a starting stack of their own).
func (m *pokerMatch) seatFree(seat int) bool {
	t := m.Plus.Tour
	if t == nil {
		return true
	}
	return !t.Over() && t.Structure.LateLevels > 0 && t.Structure.MayRegister(m.Plus.Level) && m.Plus.entryOf(seat) < 0 &&
		m.State.Seats[seat].Stack == 0 && m.State.Street == holdem.HandOver
}

// registration: at a sit-and-go, whether late registration is open now,
// and how many seats a bot holds whose player is out (a newcomer takes
// one at the next hand, while it is open); a cash table has none.
func (m *pokerMatch) registration() (applies, open bool, free int) {
	t := m.Plus.Tour
	if t == nil {
		return false, false, 0
	}
	open = !t.Over() && t.Structure.LateLevels > 0 && t.Structure.MayRegister(m.Plus.Level)
	if open {
		for i := 0; i < m.State.N; i++ {
			person := i < len(m.Plus.People) && m.Plus.People[i]
			if !person && m.Plus.entryOf(i) < 0 && m.State.Seats[i].Stack == 0 {
				free++
			}
		}
	}
	return true, open, free
}
