package game

import (
	"encoding/json"
	"math/rand/v2"
	"net/url"
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
