package president

import (
	"math/rand/v2"
	"net/url"

	"github.com/tablegames/tables/game"
)

// Match adapts the engine to game.Match for the platform.
type Match struct {
	game.Adapter[State, Action]
}

// EmptyMatch is a match to Restore a snapshot into.
func EmptyMatch() *Match {
	return &Match{game.Adapter[State, Action]{Step: Apply}}
}

var _ game.Match = (*Match)(nil)

// NewMatch deals the first deal of a match.
func NewMatch(r Rules, n int, seed uint64) (*Match, []game.Event, error) {
	s, ev, err := New(r, n, seed)
	if err != nil {
		return nil, nil, err
	}
	m := EmptyMatch()
	m.State = s
	return m, ev, nil
}

func (m *Match) Version() int { return m.State.Version }

func (m *Match) Decode(form url.Values) (game.Move, error) { return Decode(form) }

func (m *Match) Encode(mv game.Move) url.Values {
	a, _ := mv.(Action)
	return a.Encode()
}

func (m *Match) Waiting() []int {
	v := m.State.View(game.Spectator)
	return v.Waiting()
}

func (m *Match) Auto(seat int) (game.Move, bool) {
	v := m.State.View(seat)
	return Auto(&v)
}

func (m *Match) Bot(seat int, kind string, rng *rand.Rand) (game.Move, bool) {
	return game.RunBot(Bots, Greedy, kind, m.State.View(seat), rng)
}

func (m *Match) Continue(seed uint64) (game.Move, bool) {
	if m.State.Phase != DealOver {
		return nil, false
	}
	return Action{Kind: Deal, Seed: seed}, true
}

// Over: a President match goes on deal after deal until the table closes.
func (m *Match) Over() bool { return false }
