package lowunique

import (
	"math/bits"
	"strconv"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
)

// MaxSeats is the most players at a table.
const MaxSeats = 4

// Rules are a table's options.
type Rules struct {
	Cards  int // each hand starts with 1..Cards
	Rounds int
	// Reveal is how many seconds the Reveal lasts unless everyone is ready.
	Reveal int
}

// DefaultRules are the spec's: cards 1 to 8, 8 rounds, a 60 s reveal.
var DefaultRules = Rules{Cards: 8, Rounds: 8, Reveal: 60}

// Limits of the options.
const (
	MinCards, MaxCards   = 4, 12
	MinRounds, MaxRounds = 1, 20
	MinReveal, MaxReveal = 1, 600
)

// RevealTime is how long the Reveal lasts unless everyone is ready.
func (r Rules) RevealTime() time.Duration { return time.Duration(r.Reveal) * time.Second }

// Check reports whether the rules are playable.
func (r Rules) Check() error {
	if r.Cards < MinCards || r.Cards > MaxCards {
		return game.Err(game.CodeInvalidAction, "error.lowunique.cards_range", i18n.N("Min", MinCards), i18n.N("Max", MaxCards))
	}
	if r.Rounds < MinRounds || r.Rounds > MaxRounds {
		return game.Err(game.CodeInvalidAction, "error.lowunique.rounds_range", i18n.N("Min", MinRounds), i18n.Count(MaxRounds))
	}
	if r.Reveal < MinReveal || r.Reveal > MaxReveal {
		return game.Err(game.CodeInvalidAction, "error.lowunique.reveal_lasts_1_600")
	}
	return nil
}

// Phase of a round.
type Phase uint8

// Phases.
const (
	Select Phase = iota
	Reveal
	Choose
	Resolved // the round's result is on the table until the next round
	Over     // the last round is resolved
)

var phaseNames = [...]string{"select", "reveal", "choose", "resolved", "over"}

func (p Phase) String() string { return phaseNames[p] }

// Cards is a set of card values (bit v for value v).
type Cards uint16

// Has reports whether v is in the set.
func (c Cards) Has(v int) bool { return v >= 1 && v <= MaxCards && c&(1<<v) != 0 }

// Len counts the cards.
func (c Cards) Len() int { return bits.OnesCount16(uint16(c)) }

// Values lists the cards from the lowest.
func (c Cards) Values() []int {
	out := make([]int, 0, c.Len())
	for v := 1; v <= MaxCards; v++ {
		if c.Has(v) {
			out = append(out, v)
		}
	}
	return out
}

func (c Cards) with(v int) Cards    { return c | 1<<v }
func (c Cards) without(v int) Cards { return c &^ (1 << v) }

// upTo is the set 1..n.
func upTo(n int) Cards { return Cards((1<<(n+1))-1) &^ 1 }

// Player is one seat's part of the state.
type Player struct {
	Hand   Cards
	Bench  Cards
	Pair   [2]int // the selected pair, lower first; zero before selecting
	Chosen int    // the chosen card; zero before choosing
	Ready  bool   // done looking at the pairs (Reveal)
	Score  int
}

// Selected reports whether the player has selected this round's pair.
func (p *Player) Selected() bool { return p.Pair[0] != 0 }

// RoundResult is a resolved round, public to all.
type RoundResult struct {
	Round  int
	Pairs  [][2]int
	Chosen []int
	Lowest int // the lowest unique value, 0 when none
	Winner int // its player, -1 when none
}

// State is a table's game. It is a value; Apply never changes the state it
// is given.
type State struct {
	Rules   Rules
	N       int
	Players [MaxSeats]Player
	Game    int // 1 for the first game, +1 per rematch
	Round   int // 1-based
	Phase   Phase
	Version int
	// Results are this game's resolved rounds, in order.
	Results []RoundResult
	// Finals are the final scores of the finished games, in order.
	Finals [][]int
	// Returned marks the players who took their bench back at the start
	// of this round's Select.
	Returned [MaxSeats]bool
}

// New seats n players with full hands at the first round's Select.
func New(r Rules, n int) (State, error) {
	if err := r.Check(); err != nil {
		return State{}, err
	}
	if n < 2 || n > MaxSeats {
		return State{}, game.Err(game.CodeInvalidAction, "error.lowunique.lowest_unique_played_by")
	}
	s := State{Rules: r, N: n, Game: 1}
	s.deal()
	return s, nil
}

// deal starts a game: full hands, empty benches, zero scores, round 1.
func (s *State) deal() {
	for i := 0; i < s.N; i++ {
		s.Players[i] = Player{Hand: upTo(s.Rules.Cards)}
	}
	s.Round, s.Phase, s.Results, s.Returned = 1, Select, nil, [MaxSeats]bool{}
}

// Waiting lists the seats whose move the game waits for.
func (s *State) Waiting() []int {
	var out []int
	for i := 0; i < s.N; i++ {
		p := &s.Players[i]
		switch {
		case s.Phase == Select && !p.Selected(),
			s.Phase == Reveal && !p.Ready,
			s.Phase == Choose && p.Chosen == 0:
			out = append(out, i)
		}
	}
	return out
}

// Winners are the seats with the highest score.
func (s *State) Winners() []int {
	best := -1
	var out []int
	for i := 0; i < s.N; i++ {
		switch sc := s.Players[i].Score; {
		case sc > best:
			best, out = sc, []int{i}
		case sc == best:
			out = append(out, i)
		}
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

func pairWords(p [2]int) string { return itoa(p[0]) + " and " + itoa(p[1]) }
