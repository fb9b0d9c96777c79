package holdem

import (
	"math/rand/v2"
	"net/url"
	"strconv"

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

// NewMatch seats n players and deals the first hand.
func NewMatch(r Rules, n int, seed uint64) (*Match, []game.Event, error) {
	s, err := New(r, n)
	if err != nil {
		return nil, nil, err
	}
	s, ev, err := Apply(s, game.System, Action{Kind: Deal, Seed: seed})
	if err != nil {
		return nil, nil, err
	}
	m := EmptyMatch()
	m.State = s
	return m, ev, nil
}

var formKinds = map[string]Kind{"fold": Fold, "check": Check, "call": Call, "raise": BetTo, "bet": BetTo, "allin": AllIn, "sitout": SitOut, "sitin": SitIn,
	"rebuy": Rebuy, "autorebuy": AutoRebuyOn, "noautorebuy": AutoRebuyOff,
	"straddleon": StraddleOn, "straddleoff": StraddleOff, "twice": RunTwice, "once": RunOnce, "show": Show,
	"automuck": AutoMuckOn, "noautomuck": AutoMuckOff}

// Decode reads kind=fold|check|call|bet|raise|allin|sitout|sitin|rebuy|
// autorebuy|noautorebuy|straddleon|straddleoff|twice|once|show|automuck|
// noautomuck, and amount for a bet or raise (the total to bet this
// street).
func (m *Match) Decode(f url.Values) (game.Move, error) {
	k, ok := formKinds[f.Get("kind")]
	if !ok {
		return nil, game.Err(CodeNotAllowed, "error.holdem.unknown_action")
	}
	a := Action{Kind: k}
	if k == BetTo {
		n, err := strconv.Atoi(f.Get("amount"))
		if err != nil || n <= 0 || n > 1<<40 {
			return nil, game.Err(CodeNotAllowed, "error.holdem.enter_amount_bet")
		}
		a.Amount = n
	}
	return a, nil
}

// Encode writes an action as the form Decode reads.
func (m *Match) Encode(mv game.Move) url.Values {
	a, _ := mv.(Action)
	f := url.Values{"kind": {a.Kind.String()}}
	if a.Kind == BetTo {
		f.Set("amount", strconv.Itoa(a.Amount))
	}
	return f
}

func (m *Match) Version() int { return m.State.Version }

// Waiting is the seat to act, or the seats still to answer whether to
// run the board twice.
func (m *Match) Waiting() []int {
	if m.State.RunOut == RunOutAsking {
		return m.State.Undecided()
	}
	if m.State.Turn < 0 {
		return nil
	}
	return []int{m.State.Turn}
}

func (m *Match) Auto(seat int) (game.Move, bool) {
	v := m.State.View(seat)
	return Auto(&v)
}

func (m *Match) Bot(seat int, kind string, rng *rand.Rand) (game.Move, bool) {
	return game.RunBot(Bots, Heuristic, kind, m.State.View(seat), rng)
}

// Continue deals the next hand once one is over and two players can play.
func (m *Match) Continue(seed uint64) (game.Move, bool) {
	if m.State.Street != HandOver {
		return nil, false
	}
	if _, _, err := Apply(m.State, game.System, Action{Kind: Deal, Seed: seed}); err != nil {
		return nil, false
	}
	return Action{Kind: Deal, Seed: seed}, true
}

func (m *Match) Over() bool { return false }
