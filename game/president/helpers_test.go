package president

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

func set(t testing.TB, s string) cards.Set {
	t.Helper()
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cards.SetOf(cs...)
}

func list(t testing.TB, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// table builds a deal in play (not the first, so no opening rule) with the
// given hands; every other card counts as played earlier.
func table(t testing.TB, r Rules, turn int, hands ...string) State {
	t.Helper()
	s := State{Rules: r, N: len(hands), Deal: 2, Phase: Playing, Turn: turn, LastPlayer: -1}
	all := cards.SetOf(cards.Deck(r.Jokers)...)
	for i, h := range hands {
		s.Players[i].Hand = set(t, h)
		all &^= s.Players[i].Hand
	}
	s.Played = all
	if err := CheckInvariants(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func do(t testing.TB, s *State, seat int, a Action) []game.Event {
	t.Helper()
	next, ev, err := Apply(*s, seat, a)
	if err != nil {
		t.Fatalf("seat %d %v %v: %v", seat, a.Kind, a.Cards, err)
	}
	if err := CheckInvariants(&next); err != nil {
		t.Fatalf("after seat %d %v: %v", seat, a.Kind, err)
	}
	*s = next
	return ev
}

func play(t testing.TB, s *State, seat int, cs string) []game.Event {
	t.Helper()
	return do(t, s, seat, Action{Kind: PlayCards, Cards: list(t, cs)})
}

func pass(t testing.TB, s *State, seat int) { t.Helper(); do(t, s, seat, Action{Kind: Pass}) }

// reject checks that the action fails with code and changes nothing.
func reject(t testing.TB, s State, seat int, a Action, code string) *game.Error {
	t.Helper()
	before := s
	next, ev, err := Apply(s, seat, a)
	var ge *game.Error
	if !errors.As(err, &ge) {
		t.Fatalf("seat %d %v %v: want %s, got %v", seat, a.Kind, a.Cards, code, err)
	}
	if ge.Code != code {
		t.Fatalf("seat %d %v %v: code %s (%s), want %s", seat, a.Kind, a.Cards, ge.Code, ge.Message, code)
	}
	if ge.Message == "" || strings.Contains(ge.Message, "%") {
		t.Fatalf("unreadable message %q", ge.Message)
	}
	if !reflect.DeepEqual(next, before) || !reflect.DeepEqual(s, before) || ev != nil {
		t.Fatalf("rejected action changed the state")
	}
	return ge
}

func rejectPlay(t testing.TB, s State, seat int, cs string, code string) *game.Error {
	t.Helper()
	return reject(t, s, seat, Action{Kind: PlayCards, Cards: list(t, cs)}, code)
}

func texts(ev []game.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}
