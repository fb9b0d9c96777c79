package holdem

import (
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

// MaxSeats is the most seats at a table.
const MaxSeats = 9

// Rules are a table's options.
type Rules struct {
	SmallBlind, BigBlind int
	Stack                int  // starting stack and rebuy amount
	Rebuy                bool // a busted seat buys back in before the next hand
	// NobodyAlone: nobody is asked to act alone (the package doc). False
	// only for tables begun before the rule, whose logs hold the decisions
	// the engine asked for then: they replay as they were played.
	NobodyAlone bool `json:"alone,omitempty"`
	// Format: antes, straddles and running it twice; the zero Format is
	// the game without them.
	Format
}

// Format is how hands are played beyond the blinds. A room sets it in the
// table's Rules and may change it between hands (SetNextFormat); the hand
// under way keeps its own.
type Format struct {
	// Ante: with BigBlindAnte false every seat dealt in antes it before
	// the cards (a classic ante); with BigBlindAnte true the big blind
	// posts it once for the whole table, before its blind (the TDA's big
	// blind ante). Antes are dead: they count toward no call.
	Ante         int  `json:"ante,omitempty"`
	BigBlindAnte bool `json:"bbante,omitempty"`
	// Straddle: under the gun may post a straddle of twice the big blind
	// (its seat's Straddles preference), except heads-up.
	Straddle bool `json:"straddle,omitempty"`
	// RunItTwice: when the betting ends before the river with a player
	// all-in, the players still in the hand are asked whether to run the
	// rest of the board twice.
	RunItTwice bool `json:"twice,omitempty"`
}

// SetNextFormat sets the format from the next hand on (the hand under way
// keeps its own).
func (s *State) SetNextFormat(f Format) error {
	if f.Ante < 0 {
		return game.Err(CodeNotAllowed, "error.holdem.ante_negative")
	}
	s.NextFormat = &f
	return nil
}

// Upcoming is what the next hand is dealt with, as set so far: its
// blinds and its format (the current ones unless SetNextBlinds or
// SetNextFormat changed them).
func (s *State) Upcoming() (sb, bb int, f Format) {
	sb, bb, f = s.Rules.SmallBlind, s.Rules.BigBlind, s.Rules.Format
	if b := s.NextBlinds; b[1] > 0 {
		sb, bb = b[0], b[1]
	}
	if s.NextFormat != nil {
		f = *s.NextFormat
	}
	return sb, bb, f
}

// SetBombPot makes the next hand a bomb pot: every seat dealt in antes
// ante (all it has when short), there are no blinds and no betting before
// the flop. 0 cancels it. It applies to one hand only.
func (s *State) SetBombPot(ante int) error {
	if ante < 0 {
		return game.Err(CodeNotAllowed, "error.holdem.bomb_ante_negative")
	}
	s.NextBomb = ante
	return nil
}

// SetBubble tells the bots whether a tournament is near the money (they
// play tighter short-handed all-ins); it shows in every View.
func (s *State) SetBubble(on bool) { s.Bubble = on }

// Buy is chips a seat bought outside the hands: what ("rebuy", "add-on",
// "entry": a late registration) and how many.
type Buy struct {
	Seat  int
	What  string
	Chips int
}

// AddChips gives seat n chips between hands, or while it is not dealt in:
// a tournament's rebuy, add-on or late entry (what: "rebuy", "add-on",
// "entry"), which the room allows (see Tourney). The next hand's history
// notes it.
func (s *State) AddChips(seat, n int, what string) error {
	switch {
	case seat < 0 || seat >= s.N:
		return game.Err(CodeNotAllowed, "error.holdem.no_such_seat")
	case n <= 0:
		return game.Err(CodeNotAllowed, "error.holdem.add_positive_number_chips")
	case s.Seats[seat].Dealt && s.Street != HandOver:
		return game.Err(CodeNotAllowed, "error.holdem.wait_hand_end")
	}
	s.Seats[seat].Stack += n
	s.Buys = append(s.Buys[:len(s.Buys):len(s.Buys)], Buy{Seat: seat, What: what, Chips: n})
	return nil
}

// NameLevel says the next hand is level n of its tournament (its history
// names it); the room calls it before each deal, with SetLevel.
func (s *State) NameLevel(n int) { s.NextLevel = n }

// SetNextBlinds sets the blinds from the next hand on (the host changes
// the stakes between hands; the hand under way keeps its own).
func (s *State) SetNextBlinds(sb, bb int) error {
	if sb <= 0 || bb < 2*sb || bb > s.Rules.Stack {
		return game.Err(CodeNotAllowed, "error.holdem.blinds_must_positive_big")
	}
	s.NextBlinds = [2]int{sb, bb}
	return nil
}

// DefaultRules are the spec's defaults.
var DefaultRules = Rules{SmallBlind: 10, BigBlind: 20, Stack: 2000, Rebuy: true, NobodyAlone: true}

// Street of a hand.
type Street uint8

// Streets. HandOver: the pots are paid and the table waits for the next
// hand (also before the first one).
const (
	HandOver Street = iota
	Preflop
	Flop
	Turn
	River
)

var streetNames = [...]string{"hand over", "preflop", "flop", "turn", "river"}

func (s Street) String() string { return streetNames[s] }

// Seat is one player's part of the state.
type Seat struct {
	Stack  int
	Bet    int // in front of the player on this street
	Total  int // put in this hand
	Hole   [2]cards.Card
	Dealt  bool // dealt into this hand
	Folded bool
	AllIn  bool
	// Acted: has acted since the last full bet or raise on this street.
	// ActedAt is the street's bet when it last acted: a seat that has
	// acted may raise again only when the all-ins since then add up to a
	// full raise (TDA rule 47), else it calls or folds.
	Acted   bool
	ActedAt int
	Shown   bool // hole cards shown at showdown
	SitOut  bool // sits out from the next hand on
	BuyIns  int  // stacks bought: the starting one and rebuys
	// NoAutoRebuy: out of chips, the seat sits out until it buys back in
	// (Rebuy) rather than buying in by itself.
	NoAutoRebuy bool
	Won         int // chips won in the last showdown
	// Ante: chips this seat anted this hand (in Total, never in Bet).
	Ante int `json:",omitempty"`
	// Straddled: this seat posted the straddle this hand.
	Straddled bool `json:",omitempty"`
	// Straddles: the seat's choice to straddle whenever it is under the
	// gun (StraddleOn, StraddleOff), read at each deal.
	Straddles bool `json:",omitempty"`
	// AutoMuck: the seat's choice to muck at showdown a hand that cannot
	// win (AutoMuckOn, AutoMuckOff); off, every hand is shown.
	AutoMuck bool `json:",omitempty"`
	// Mucked: the hand was mucked at showdown; only its owner sees it.
	Mucked bool `json:",omitempty"`
	// Agreed: the seat agreed to run the board twice.
	Agreed bool `json:",omitempty"`
}

// RunOut is where the question of running the board twice stands.
type RunOut uint8

// RunOuts. RunOutAsking: the betting is over, the board is not complete,
// and the players still in are asked (the table waits for them).
const (
	RunOutNone RunOut = iota
	RunOutAsking
	RunOutOnce
	RunOutTwice
)

// State is a table's game. It is a value; Apply never changes the state
// it is given.
type State struct {
	Rules Rules
	// NextBlinds, when set, are the blinds from the next hand on.
	NextBlinds [2]int
	N          int
	Seats      [MaxSeats]Seat
	Hand       int
	Button     int
	SB, BB     int
	Street     Street
	Board      [5]cards.Card
	BoardN     int
	Deck       [52]cards.Card // this hand's shuffled deck: never shown
	DeckPos    int
	Turn       int // seat to act, -1 when none
	// CurrentBet is the bet to match on this street; MinRaise the last
	// full bet or raise increment (at least the big blind).
	CurrentBet    int
	MinRaise      int
	LastAggressor int // last seat to bet or raise on this street, -1 none
	Version       int
	Actions       []Record // this hand, for the log and the history
	Results       []Result // last showdown's pots
	// Past are the last KeepHands finished hands, oldest first. They hold
	// every hole card: only HandRecord.Text and HoleFor may show them.
	Past []HandRecord
	// NextFormat, when set, is the format from the next hand on.
	NextFormat *Format `json:",omitempty"`
	// Level is a tournament's level of the hand under way (0: a cash
	// table), NextLevel the one set for the next deal (NameLevel); the
	// hand's history names it.
	Level     int `json:",omitempty"`
	NextLevel int `json:",omitempty"`
	// Buys are the chips bought since the last deal (a tournament's
	// rebuys, add-ons and late entries: AddChips); HandBuys those bought
	// before the hand under way, which its history notes.
	Buys     []Buy `json:",omitempty"`
	HandBuys []Buy `json:",omitempty"`
	// NextBomb, when positive, makes the next hand a bomb pot with that
	// ante; Bomb is the hand under way's (0: an ordinary hand).
	NextBomb int `json:",omitempty"`
	Bomb     int `json:",omitempty"`
	// RunOut: running it twice. Board2 is the second run's board (five
	// cards, the first Shared of them the first board's), set once dealt.
	RunOut RunOut       `json:",omitempty"`
	Shared int          `json:",omitempty"`
	Board2 []cards.Card `json:",omitempty"`
	Bubble bool         `json:",omitempty"` // a tournament near the money (SetBubble)
}

// Record is one action of a hand.
type Record struct {
	Street Street
	Seat   int
	Kind   Kind
	Amount int // bet or raise: the total bet; call, blind: chips put in
}

// Result is one pot paid. When the board was run twice each pot is paid
// in two halves, one per run: Pot.Amount is the half and Run says which
// (0 the first or only board, 1 the second).
type Result struct {
	Pot     Pot
	Winners []int
	Rank    uint16 // the winning hand's rank (0 when uncontested)
	Run     int    `json:",omitempty"`
	// Over is the best hand shown that could win this pot on this run
	// and lost it (0 when none): what the winner's kicker, if one
	// decided, beat ("pair of kings, ace kicker").
	Over uint16 `json:",omitempty"`
}

// New seats n players with the starting stack; no hand is dealt yet (the
// platform deals with Deal and a seed).
func New(r Rules, n int) (State, error) {
	if n < 2 || n > MaxSeats {
		return State{}, game.Err(CodeNotAllowed, "error.holdem.table_has_2_9")
	}
	if r.SmallBlind <= 0 || r.BigBlind < r.SmallBlind || r.Stack < r.BigBlind {
		return State{}, game.Err(CodeNotAllowed, "error.holdem.blinds_stack_do_not")
	}
	s := State{Rules: r, N: n, Turn: -1, LastAggressor: -1, Button: n - 1}
	for i := 0; i < n; i++ {
		s.Seats[i].Stack, s.Seats[i].BuyIns = r.Stack, 1
	}
	return s, nil
}

// Chips is every chip at the table: stacks plus what is in the pots.
func (s *State) Chips() int {
	t := 0
	for i := 0; i < s.N; i++ {
		t += s.Seats[i].Stack + s.Seats[i].Total
	}
	return t
}

// next returns the first seat after from (cyclically, from excluded, but
// reached last) that satisfies ok, or -1.
func (s *State) next(from int, ok func(*Seat) bool) int {
	for i := 1; i <= s.N; i++ {
		t := (from + i) % s.N
		if ok(&s.Seats[t]) {
			return t
		}
	}
	return -1
}

func inHand(p *Seat) bool  { return p.Dealt && !p.Folded }
func canAct(p *Seat) bool  { return p.Dealt && !p.Folded && !p.AllIn }
func playing(p *Seat) bool { return !p.SitOut && p.Stack > 0 }

// toMatch is the bet p must match to stay in: the street's bet, or, when
// every other player still in the hand is all-in, the largest of their
// bets (nobody could call more; the rest would come back uncalled). So a
// short all-in big blind is owed in full only while two or more players
// can still bet.
func (s *State) toMatch(p *Seat) int {
	if !s.Rules.NobodyAlone {
		return s.CurrentBet
	}
	most := 0
	for i := 0; i < s.N; i++ {
		o := &s.Seats[i]
		if o == p || !inHand(o) {
			continue
		}
		if !o.AllIn {
			return s.CurrentBet
		}
		most = max(most, o.Bet)
	}
	return most
}

// toCall is what p must add to match (0 when it has matched or covered).
func (s *State) toCall(p *Seat) int { return max(0, s.toMatch(p)-p.Bet) }

// mustAct reports whether p has a decision to make on this street: it can
// act and faces a bet it has not matched, or it has not acted yet and
// another player could still bet. Nobody is asked to act alone: the last
// player with chips who has matched or covered every bet is not asked.
func (s *State) mustAct(p *Seat) bool {
	if !s.Rules.NobodyAlone {
		return canAct(p) && (!p.Acted || p.Bet < s.CurrentBet)
	}
	return canAct(p) && (p.Bet < s.toMatch(p) || !p.Acted && s.count(canAct) >= 2)
}

// firstToAct is the seat that opens a betting round after seat from, or
// -1 when nobody has a decision (the board runs out). Tables begun
// before NobodyAlone open it as they did: when two or more can act.
func (s *State) firstToAct(from int) int {
	if !s.Rules.NobodyAlone {
		if s.count(canAct) < 2 {
			return -1
		}
		return s.next(from, canAct)
	}
	return s.next(from, s.mustAct)
}

func (s *State) count(ok func(*Seat) bool) int {
	n := 0
	for i := 0; i < s.N; i++ {
		if ok(&s.Seats[i]) {
			n++
		}
	}
	return n
}
