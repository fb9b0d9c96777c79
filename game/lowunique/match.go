package lowunique

import (
	"math/rand/v2"
	"net/url"
	"strconv"
	"time"

	"github.com/tablegames/tables/game"
)

// Match adapts the engine to game.Match for the platform.
type Match struct {
	game.Adapter[State, Action]
}

var (
	_ game.Match = (*Match)(nil)
	_ game.Timed = (*Match)(nil)
)

// EmptyMatch is a match to Restore a snapshot into.
func EmptyMatch() *Match { return &Match{game.Adapter[State, Action]{Step: Apply}} }

// NewMatch seats n players at the first round.
func NewMatch(r Rules, n int) (*Match, []game.Event, error) {
	s, err := New(r, n)
	if err != nil {
		return nil, nil, err
	}
	m := EmptyMatch()
	m.State = s
	return m, []game.Event{roundStarts(1, r.Rounds)}, nil
}

// Decode reads kind=select&card=A&card=B, kind=ready, kind=choose&card=C
// or kind=rematch.
func (m *Match) Decode(f url.Values) (game.Move, error) {
	card := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 1 && n <= MaxCards
	}
	switch f.Get("kind") {
	case "select":
		cs := f["card"]
		if len(cs) != 2 {
			return nil, game.Err(CodeInvalidAction, "error.lowunique.select_exactly_two_cards")
		}
		a, okA := card(cs[0])
		b, okB := card(cs[1])
		if !okA || !okB {
			return nil, game.Err(CodeInvalidAction, "error.lowunique.those_are_not_cards")
		}
		return Action{Kind: SelectPair, Pair: [2]int{a, b}}, nil
	case "ready":
		return Action{Kind: Ready}, nil
	case "choose":
		c, ok := card(f.Get("card"))
		if !ok || len(f["card"]) != 1 {
			return nil, game.Err(CodeInvalidAction, "error.lowunique.choose_one_card_pair")
		}
		return Action{Kind: ChooseCard, Card: c}, nil
	case "rematch":
		return Action{Kind: Rematch}, nil
	}
	return nil, game.Err(CodeInvalidAction, "error.lowunique.unknown_action")
}

// Encode writes an action as the form Decode reads.
func (m *Match) Encode(mv game.Move) url.Values {
	a, _ := mv.(Action)
	f := url.Values{"kind": {a.Kind.String()}}
	switch a.Kind {
	case SelectPair:
		f["card"] = []string{itoa(a.Pair[0]), itoa(a.Pair[1])}
	case ChooseCard:
		f.Set("card", itoa(a.Card))
	}
	return f
}

func (m *Match) Version() int   { return m.State.Version }
func (m *Match) Waiting() []int { return m.State.Waiting() }

func (m *Match) Auto(seat int) (game.Move, bool) {
	v := m.State.View(seat)
	return Auto(&v)
}

func (m *Match) Bot(seat int, kind string, rng *rand.Rand) (game.Move, bool) {
	return game.RunBot(Bots, Thinking, kind, m.State.View(seat), rng)
}

// Continue starts the next round once a resolution has been on the table.
func (m *Match) Continue(uint64) (game.Move, bool) {
	if m.State.Phase != Resolved {
		return nil, false
	}
	return Action{Kind: Next}, true
}

// Over is never: a finished game waits for a rematch.
func (m *Match) Over() bool { return false }

// PhaseTimer is the Reveal timer.
func (m *Match) PhaseTimer() (int, time.Duration) {
	s := &m.State
	key := (s.Game*100+s.Round)*8 + int(s.Phase)
	if s.Phase != Reveal {
		return key, 0
	}
	return key, s.Rules.RevealTime()
}

// Expire ends the Reveal.
func (m *Match) Expire() (game.Move, bool) {
	if m.State.Phase != Reveal {
		return nil, false
	}
	return Action{Kind: Expire}, true
}
