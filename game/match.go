package game

import (
	"encoding/json"
	"math/rand/v2"
	"net/url"
	"time"
)

// Move is one game's action value. It must round-trip through JSON: the
// platform logs every accepted move and replays the log to rebuild a table.
type Move any

// Match is a game in progress as the platform drives it. Each game wraps
// its pure State in a small type satisfying Match; the platform never looks
// inside except to render that game's View.
type Match interface {
	// Version counts accepted moves.
	Version() int
	// Decode reads a player's move from a posted form.
	Decode(form url.Values) (Move, error)
	// Encode writes a move as the form Decode reads.
	Encode(m Move) url.Values
	// DecodeMove reads a move from the log.
	DecodeMove(data json.RawMessage) (Move, error)
	// Apply makes seat's move (System for the platform's own) and keeps the
	// new state. On error nothing changes.
	Apply(seat int, m Move) ([]Event, error)
	// Waiting lists the seats whose move the match waits for now.
	Waiting() []int
	// Auto is the move made for seat when its clock runs out (or, for an
	// absent player, until the seat is taken over by a bot).
	Auto(seat int) (Move, bool)
	// Bot is the move a bot of the given kind makes for seat.
	Bot(seat int, kind string, rng *rand.Rand) (Move, bool)
	// Continue is the platform's move when nothing is awaited but the match
	// goes on (for example the next deal, with a fresh seed).
	Continue(seed uint64) (Move, bool)
	// Over reports that the match has ended for good.
	Over() bool
	// Snapshot encodes the state; Restore decodes it.
	Snapshot() ([]byte, error)
	Restore(data []byte) error
}

// Adapter is the part of a Match every engine shares: it holds the state,
// applies moves of the engine's action type A with Step, and reads and
// writes the state and moves as JSON. A game's Match embeds it and adds
// Decode, Encode, Waiting, Auto, Bot, Continue, Over and Version.
type Adapter[S, A any] struct {
	State S
	Step  func(s S, seat int, a A) (S, []Event, error) `json:"-"`
}

// DecodeMove reads a move from the log.
func (m *Adapter[S, A]) DecodeMove(data json.RawMessage) (Move, error) {
	var a A
	err := json.Unmarshal(data, &a)
	return a, err
}

// Apply makes the move and keeps the new state; on error nothing changes.
func (m *Adapter[S, A]) Apply(seat int, mv Move) ([]Event, error) {
	a, ok := mv.(A)
	if !ok {
		return nil, Err(CodeInternal, "error.game.not_move")
	}
	next, ev, err := m.Step(m.State, seat, a)
	if err != nil {
		return nil, err
	}
	m.State = next
	return ev, nil
}

// Snapshot encodes the state.
func (m *Adapter[S, A]) Snapshot() ([]byte, error) { return json.Marshal(m.State) }

// Restore decodes a state written by Snapshot.
func (m *Adapter[S, A]) Restore(data []byte) error { return json.Unmarshal(data, &m.State) }

// Timed is a Match with phases that end by themselves after a while (a
// reveal timer). PhaseTimer names the current phase with a key that
// changes when the phase does, and says how long it lasts from its start
// (0: no timer now). When it runs out the platform applies Expire's move
// as System. The platform keeps the start; after a restart the timer
// starts afresh.
type Timed interface {
	PhaseTimer() (key int, d time.Duration)
	Expire() (Move, bool)
}

// RunBot makes the move of the bot named kind (def for an unknown name)
// on a seat's view: the Bot method every game's Match shares.
func RunBot[V, A any, B ~func(*V, *rand.Rand) (A, bool)](bots map[string]B, def B, kind string, v V, rng *rand.Rand) (Move, bool) {
	bot, ok := bots[kind]
	if !ok {
		bot = def
	}
	return bot(&v, rng)
}
