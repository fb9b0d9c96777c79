package impetus

import (
	"errors"
	"math/rand/v2"
	"net/url"
	"reflect"
	"strconv"
	"testing"

	"github.com/tablegames/tables/game"
)

// agendaFor plays a 2-spirit game with bots until spirit 0 is asked for
// a card, and gives its open choice the hand and change cards named.
func agendaFor(t *testing.T, hand, changes []Card) (State, int) {
	t.Helper()
	s, _, err := New(DefaultRules, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		if v := s.View(0); v.Need == "card" {
			i, _ := s.open(0)
			s.Choices[i].Hand, s.Choices[i].Changes = hand, changes
			return s, i
		}
		moved := false
		for seat := range 2 {
			v := s.View(seat)
			if a, ok := Bots["random"](&v, rng); ok {
				if s, _, err = Apply(s, seat, a); err != nil {
					t.Fatal(err)
				}
				moved = true
				break
			}
		}
		if !moved {
			t.Fatal("nobody can move")
		}
	}
	t.Fatal("spirit 0 was never asked for a card")
	return s, -1
}

// TestACardAndWhatItAsksInOneMove: a spirit plays an Expand with its
// target, or a Change with its modifier, in one move, and its choice is
// complete; a Trade is one move as it always was. The others' counters
// (the state's Version, one log entry a move) then move by one whatever
// kind of card was chosen: they cannot tell an Expand from a Trade.
func TestACardAndWhatItAsksInOneMove(t *testing.T) {
	hand, changes := []Card{Trade, Expand, Change}, []Card{Steal, Trade}
	s, open := agendaFor(t, hand, changes)
	targets := s.View(0).Targets
	if len(targets) == 0 {
		t.Fatal("the Expand has no target on this map")
	}
	m := &Match{}
	for _, c := range []struct {
		name   string
		form   url.Values
		pick   int
		target int
		change int
	}{
		{"a Trade", url.Values{"kind": {"play"}, "index": {"0"}}, 0, -1, -1},
		{"an Expand with its target", url.Values{"kind": {"play"}, "index": {"1"}, "cell": {strconv.Itoa(targets[0])}}, 1, targets[0], -1},
		{"a Change with its modifier", url.Values{"kind": {"play"}, "index": {"2"}, "change": {"1"}}, 2, -1, 1},
	} {
		mv, err := m.Decode(c.form)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := m.Encode(mv); !reflect.DeepEqual(got, c.form) {
			t.Errorf("%s: encoded as %v", c.name, got)
		}
		next, _, err := Apply(s, 0, mv.(Action))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		ch := next.Choices[open]
		if ch.Pick != c.pick || ch.Target != c.target || ch.Change != c.change || next.Version != s.Version+1 {
			t.Errorf("%s: pick %d target %d change %d, version %d → %d", c.name, ch.Pick, ch.Target, ch.Change, s.Version, next.Version)
		}
		if v := next.View(0); v.Need != "" || slices0(next.Waiting()) {
			t.Errorf("%s: spirit 0 still has %q to choose (waiting %v)", c.name, v.Need, next.Waiting())
		}
	}

	// what a card does not ask for, or a target it cannot take, is
	// refused and changes nothing
	notTarget := -1
	for c := range NumHexes {
		if !contains(targets, c) {
			notTarget = c
			break
		}
	}
	for _, c := range []struct {
		name string
		a    Action
	}{
		{"a Trade with a target", Action{Kind: PlayCard, Index: 0, Then: PickTarget, Cell: targets[0]}},
		{"an Expand with a modifier", Action{Kind: PlayCard, Index: 1, Then: PickChange, Change: 0}},
		{"an Expand into a cell it cannot take", Action{Kind: PlayCard, Index: 1, Then: PickTarget, Cell: notTarget}},
		{"a Change with a modifier not drawn", Action{Kind: PlayCard, Index: 2, Then: PickChange, Change: 2}},
		{"a card with a follow-up that is no pick", Action{Kind: PlayCard, Index: 1, Then: SwapCard}},
	} {
		next, ev, err := Apply(s, 0, c.a)
		var ge *game.Error
		if !errors.As(err, &ge) || ge.Code != CodeInvalidAction {
			t.Errorf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(next, s) || ev != nil {
			t.Errorf("%s: the state changed", c.name)
		}
	}
	if _, err := m.Decode(url.Values{"kind": {"play"}, "index": {"1"}, "cell": {"3"}, "change": {"0"}}); err == nil {
		t.Error("a play with both a target and a modifier was read")
	}
}

func slices0(waiting []int) bool {
	for _, w := range waiting {
		if w == 0 {
			return true
		}
	}
	return false
}

// TestEveryOfferedChoiceIsOneMove: whatever is drawn, each move a
// program's brief offers for a card, and each move the bots and the
// auto-move make, completes the spirit's choice in that one move.
func TestEveryOfferedChoiceIsOneMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	kinds := []Card{Trade, Steal, Expand, Change}
	m := &Match{}
	for range 40 {
		hand := []Card{kinds[rng.IntN(4)], kinds[rng.IntN(4)]}
		changes := []Card{kinds[rng.IntN(3)], kinds[rng.IntN(3)]}
		s, _ := agendaFor(t, hand, changes)
		v := s.View(0)
		var moves []url.Values
		for _, c := range v.Brief().Moves {
			f := url.Values{}
			for k, x := range c.Move {
				f.Set(k, fmtField(x))
			}
			moves = append(moves, f)
		}
		for _, b := range []Bot{Bots["heuristic"], Bots["random"]} {
			a, _ := b(&v, rng)
			moves = append(moves, m.Encode(a))
		}
		a, _ := Auto(&v)
		moves = append(moves, m.Encode(a))
		for _, f := range moves {
			mv, err := m.Decode(f)
			if err != nil {
				t.Fatalf("hand %v: %v: %v", hand, f, err)
			}
			next, _, err := Apply(s, 0, mv.(Action))
			if err != nil {
				t.Fatalf("hand %v: %v: %v", hand, f, err)
			}
			if need := next.View(0).Need; need != "" {
				t.Fatalf("hand %v changes %v: %v leaves %q to choose", hand, changes, f, need)
			}
		}
	}
}

func fmtField(x any) string {
	switch x := x.(type) {
	case int:
		return strconv.Itoa(x)
	case string:
		return x
	}
	return ""
}
