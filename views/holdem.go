package views

import (
	"context"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/i18n"
)

// HSeat is a seat at a Hold'em table as one viewer sees it.
type HSeat struct {
	Seat
	Stack, Bet     int
	Dealt, Folded  bool
	AllIn, SitOut  bool
	Button, SB, BB bool
	Turn           bool
	Hole           []CardView // the viewer's own cards, or cards shown at showdown
	Backs          int        // face-down cards of a hand still in play
	Won            int        // chips won at the last showdown
	HandName       string     // the hand shown at showdown
	HandName2      string     // … on the second board of a hand run twice
	Ante           int        // anted this hand
	Straddled      bool       // posted the straddle this hand
	Mucked         bool       // mucked at showdown (its cards only its owner sees)
	Agreed         bool       // agreed to run it twice (while the others choose)
	Out            int        // a tournament's place once out (0: in)
}

// HTour is a sit-and-go's line above the table and its structure.
type HTour struct {
	Name           string // the structure: turbo, regular, deep
	Level          int
	Blinds         string // "50/100, ante 100"
	Next           string // the next level's, "" at the last
	NextAt         int64  // when the next level starts (ms since the epoch), while its clock runs
	NextIn         string // or in words: "in 3 hands", "after this hand", "in 2:30 (paused)"
	Winner         string // once over: who won
	Left, Entrants int
	Average        int
	Rebuys, Late   string // "rebuys through level 3", "registration open through level 3"
	Levels         []HLevel
}

// HStructure is a blind structure a sit-and-go may choose.
type HStructure struct {
	Name   string
	Note   i18n.Msg // under its name in the form: "1500 chips, 5-minute levels, antes from level 4"
	Levels []HLevel
}

// HLevel is one level of a blind structure.
type HLevel struct {
	N                          int
	SmallBlind, BigBlind, Ante int
	Now                        bool
}

// HPot is a pot: in play, or paid at the end of a hand.
type HPot struct {
	Pot     i18n.Msg // its name: "The main pot", "Side pot 1"; once paid "the main pot"
	Amount  int
	Label   string   // a pot in play, named with its chips in the viewer's language
	Winners string   // who won it (hand over)
	Several bool     // more than one won it: they share it
	Hand    i18n.Msg // with what hand (zero when uncontested)
}

// HItem is one line of the hand's log: a street's title or an action.
type HItem struct {
	Text  string
	Title bool
}

// HLedger is a seat's money at the table.
type HLedger struct {
	Name            string
	BoughtIn, Chips int
	Net             int
}

// HPast is a finished hand in the history list.
type HPast struct {
	Hand    int
	Summary string
	URL     string
	Replay  string
}

// HQuick is a quick bet size.
type HQuick struct {
	Label  string
	Amount int
}

// Holdem is everything one viewer sees of a Hold'em table.
type Holdem struct {
	ActURL  string
	Version int
	You     int
	Hand    int
	Street  string
	Blinds  string
	Status  string
	Seats   []HSeat
	Board   []CardView
	// BoardNew is the index of the board's first card of this street:
	// those from it on are dealt in when the board is pushed.
	BoardNew int
	// Board2 is the second board of a hand run twice (nil otherwise), the
	// first Shared of its cards the first board's.
	Board2 []CardView
	Shared int
	Ante   string // the hand's antes: "ante 5", "BB ante 20", "bomb pot 40"
	Next   string // what the host changed for the next hand ("" nothing)
	// Tour: the sit-and-go's line (nil at a cash table).
	Tour *HTour
	// The choices beyond a bet: run it twice or once (asked now), show
	// the cards of a pot nobody contested, the standing choices to
	// straddle and to muck losing hands, a vote for a bomb pot, and a
	// tournament's rebuy and add-on (the chips each gives; 0: not now).
	AskTwice, CanShow      bool
	CanStraddle, Straddles bool
	CanMuck, AutoMuck      bool
	CanBomb, BombVoted     bool
	NextBomb               string
	RebuyChips, AddOnChips int
	Pots                   []HPot     // in play
	Results                []HPot     // paid, once the hand is over
	Standings              *Standings // once the hand is over
	// The controls: exactly the viewer's legal actions.
	YourTurn   bool
	CanFold    bool
	CanCheck   bool
	CanCall    bool
	CallAmount int
	CallAllIn  bool
	CanRaise   bool
	RaiseWord  string // "Bet" or "Raise"
	// RaiseKey words the raise button with its amount: "Raise to 60"
	// (holdem.view.raise.to) or "Bet 60" (holdem.view.bet.amount).
	RaiseKey   string
	MinTo      int
	MaxTo      int
	Step       int // the slider's step: the big blind
	Quick      []HQuick
	Seated     bool
	SittingOut bool // the viewer sits out from the next hand
	OutOfChips bool // the viewer has no chips: it may buy back in
	// InNextHand: the viewer bought back in (or sat down) and is dealt in
	// from the next hand: the bar says so, with their chips
	InNextHand string
	BuyIn      int  // what buying in gives
	AutoRebuy  bool // the viewer buys back in by itself when out of chips
	// StreetItems are this hand's streets and actions as one list: a move
	// appends to it.
	StreetItems []HItem
	Ledger      []HLedger
	// Past lists the finished hands after a hand's number, newest first;
	// it is called only when the fragment renders. LastHand and the
	// viewer's seat stand for what it returns.
	Past     func(after int) []HPast
	LastHand int // the number of the last finished hand
	HandsURL string
}

// Fragments lists the Hold'em table's fragments in page order. The
// components share h (a pointer each, not a copy each).
func (h *Holdem) Fragments() []Fragment {
	items := h.StreetItems
	out := make([]Fragment, 0, 12+len(h.Seats)+FrameFragments) // a tournament has two more
	out = append(out, []Fragment{
		{ID: "h-status", Component: holdemStatus(h)}, // changes with every move
		{ID: "h-hand", Component: holdemHand(h), Key: h.handKey()},
		{ID: "turn-mark", Component: turnMark(h.YourTurn, "game.your_turn")},
		TurnsFragment("h-ring", h.seatList()),
		{ID: "h-board", Component: holdemBoard(h), Key: h.boardKey(), Public: true},
		{ID: "h-pots", Component: holdemPots(h), Key: h.potsKey(), Public: true},
		{ID: "h-actions", Component: holdemActions(h)},
		{ID: "h-seat-choices", Component: holdemSeatChoices(h), Key: h.seatMenuKey()},
		// this hand's actions only grow; the finished hands only come
		{ID: "h-streets", Component: holdemStreets(h), Key: listKey(uint64(h.Hand)+1, len(items)), Public: true,
			Since: appendSince(uint64(h.Hand)+1, len(items), func(from int) templ.Component { return holdemStreetsAppend(items, from) })},
		{ID: "h-ledger", Component: holdemLedger(h), Key: h.ledgerKey(), Public: true},
		{ID: "h-past", Component: holdemPast(h), Key: listKey(uint64(h.You+2), h.LastHand),
			Since: appendSince(uint64(h.You+2), h.LastHand, func(after int) templ.Component { return holdemPastPrepend(h.pastList(after), after) })},
	}...)
	if h.Tour != nil { // a tournament's own: a cash table has none
		out = append(out, Fragment{ID: "h-tour", Component: holdemTour(h), Key: h.tourKey()},
			Fragment{ID: "h-levels", Component: holdemLevels(h), Key: uint64(h.Tour.Level) + 1})
	}
	for i := range h.Seats {
		s := &h.Seats[i]
		out = append(out, Fragment{ID: numbered("h-seat-", s.Index), Component: holdemSeat(s), Key: s.key()})
	}
	return out
}

// The keys below cover every field the fragment's template reads.

func (h Holdem) boardKey() uint64 {
	k := newKeyer()
	k.cards(h.Board)
	k.num(int64(h.BoardNew))
	k.cards(h.Board2)
	k.num(int64(h.Shared))
	return k.sum()
}

func (h Holdem) tourKey() uint64 {
	k := newKeyer()
	t := h.Tour
	if t == nil {
		return k.sum()
	}
	for _, f := range []string{t.Name, t.Blinds, t.Next, t.NextIn, t.Rebuys, t.Late, t.Winner} {
		k.str(f)
	}
	for _, n := range []int{t.Level, t.Left, t.Entrants, t.Average} {
		k.num(int64(n))
	}
	k.num(t.NextAt)
	return k.sum()
}

func (h Holdem) potsKey() uint64 {
	k := newKeyer()
	for _, ps := range [][]HPot{h.Pots, {{}}, h.Results} {
		for _, p := range ps {
			k.msg(p.Pot)
			k.num(int64(p.Amount))
			k.str(p.Label)
			k.str(p.Winners)
			k.flag(p.Several)
			k.msg(p.Hand)
		}
	}
	return k.sum()
}

func (h Holdem) seatMenuKey() uint64 {
	k := newKeyer()
	k.str(h.ActURL)
	k.flag(h.Tour != nil)
	for _, f := range []bool{h.Seated, h.AutoRebuy, h.SittingOut, h.CanStraddle, h.Straddles, h.CanMuck, h.AutoMuck, h.CanBomb, h.BombVoted} {
		k.flag(f)
	}
	k.num(int64(h.RebuyChips))
	return k.sum()
}

func (h Holdem) ledgerKey() uint64 {
	k := newKeyer()
	for _, l := range h.Ledger {
		k.str(l.Name)
		k.num(int64(l.BoughtIn))
		k.num(int64(l.Chips))
		k.num(int64(l.Net))
	}
	return k.sum()
}

func (s HSeat) key() uint64 {
	k := newKeyer()
	s.Seat.key(&k)
	k.num(int64(s.Stack))
	k.num(int64(s.Bet))
	for _, f := range []bool{s.Dealt, s.Folded, s.AllIn, s.SitOut, s.Button, s.SB, s.BB} {
		k.flag(f)
	}
	k.cards(s.Hole)
	k.num(int64(s.Backs))
	k.num(int64(s.Won))
	k.str(s.HandName)
	k.str(s.HandName2)
	k.num(int64(s.Ante))
	for _, f := range []bool{s.Straddled, s.Mucked, s.Agreed} {
		k.flag(f)
	}
	k.num(int64(s.Out))
	return k.sum()
}

func (h Holdem) pastList(after int) []HPast {
	if h.Past == nil {
		return nil
	}
	return h.Past(after)
}

func signed(ctx context.Context, n int) string {
	if n > 0 {
		return "+" + num(ctx, n)
	}
	return num(ctx, n)
}

// HandText is one hand's history as a viewer may read it.
type HandText struct {
	Hand int
	Text string
}

// Hands is the hand-history page.
type Hands struct {
	Page
	Code     string
	Hands    []HandText
	Selected int
}

func ariaCurrent(on bool) string {
	if on {
		return "page"
	}
	return "false"
}

// botLabel is the catalog key of a bot kind's seat badge.
func botLabel(kind string) string {
	switch kind {
	case "llm":
		return "holdem.view.bot.llm"
	case "heuristic":
		return "holdem.view.bot.ai"
	}
	return "lobby.bot"
}

// Verify is the page that checks a table's deals.
type Verify struct {
	Page
	Code  string
	Game  string // the game's title
	OK    bool
	Error i18n.Msg // why the record does not verify
	Deals []VerifySeed
	Lines int
	// What one seed deals ("deal", "hand", "game"); Seeded: the game deals
	// by chance at all; Finished: the deals (hands, games) over so far.
	What     string
	Seeded   bool
	Finished int
	// Parts are the games played at the table, in the order played,
	// when it played more than one (then the page speaks of each).
	Parts []VerifyPart
}

// VerifySeed is one deal's commitment and revealed seed, with what it
// dealt ("deal", "hand") and, at a table of several games, the game's
// title.
type VerifySeed struct {
	Commitment, Seed string
	What, Game       string
}

// VerifyPart is one game played at a table, as its check found it: its
// title, what one of its seeds deals, whether it deals by chance, its
// seeds checked and its deals (hands, games) over.
type VerifyPart struct {
	Game     string
	What     string
	Seeded   bool
	Deals    int
	Finished int
}

// verifyLines is how many log lines a check reproduced, as the argument
// Lines of the verify page's sentences.
func verifyLines(v Verify) i18n.Arg {
	return i18n.Nest("Lines", i18n.M("verify.lines", i18n.Count(v.Lines)))
}

// Replay is one step of a finished deal's replay.
type Replay struct {
	Page
	Code        string
	What        string // deal, hand, game
	Deal, Deals int
	Step, Steps int
	Seat        int // whose view; -1 a watcher's
	Seats       []Target
	Stage       templ.Component
	Log         []LogLine
	URL         string // this deal's replay path
}

// Replays lists a table's finished deals.
type Replays struct {
	Page
	Code    string
	What    string
	Entries []ReplayEntry // newest first
	// Games: the table played more than one game (each entry says which).
	Games bool
}

// ReplayEntry is one finished deal in the list of replays: its number at
// the table (its link), what it was and its number in its game, the
// game's title, and, for games that note them, who won what, the pot,
// the viewer's own result (when they played it) and its marks.
type ReplayEntry struct {
	Number, N  int
	What, Game string
	Won        i18n.Msg // zero: the number only
	Pot        int
	Played     bool
	Net        string // signed: "+620", "-40", "0"
	Place      int    // in a game of places, the viewer's (then no Net)
	Marks      []string
}

func (r Replay) at(step int) string {
	return r.URL + "?seat=" + itoa(r.Seat) + "&step=" + itoa(step)
}

// seatList is the seats' common part, for the ring.
func (h Holdem) seatList() []Seat {
	return ringSeats(h.Seats, func(s HSeat) (Seat, bool) { return s.Seat, s.Turn })
}

func (h Holdem) handKey() uint64 {
	k := newKeyer()
	k.num(int64(h.Hand))
	k.str(h.Street)
	k.str(h.Blinds)
	k.str(h.Ante)
	k.str(h.Next)
	return k.sum()
}

// potWon says who won a pot, the winners' names in bold: "Ann wins the
// pot (6000) with a flush".
func potWon(p HPot) i18n.Msg {
	n := 1
	if p.Several {
		n = 2
	}
	winners := i18n.Markup("Winners", strong(p.Winners), p.Winners)
	if p.Hand.IsZero() {
		return i18n.M("holdem.view.pot.winners", winners, i18n.Count(n), i18n.Nest("Pot", p.Pot), i18n.N("Amount", p.Amount))
	}
	return i18n.M("holdem.view.pot.winners.with", winners, i18n.Count(n), i18n.Nest("Pot", p.Pot), i18n.N("Amount", p.Amount), i18n.Nest("Hand", p.Hand))
}

// tourWinner is the bold start of a finished tournament's line: "Ann
// wins the tournament".
func tourWinner(ctx context.Context, name string) i18n.Arg {
	text := trf(ctx, "holdem.view.tour.winner", i18n.S("Name", name))
	return i18n.Markup("Winner", bold(text), text)
}
