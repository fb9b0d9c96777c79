package president

import (
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

func TestMakeSet(t *testing.T) {
	cases := []struct {
		rules Rules
		cards string
		rank  cards.Rank
		count int
		code  string
	}{
		{House, "9C", cards.Nine, 1, ""},
		{House, "9C 9D", cards.Nine, 2, ""},
		{House, "9C 9D 9H", cards.Nine, 3, ""},
		{House, "9C 9D 9H 9S", cards.Nine, 4, ""},
		{House, "9C 9D 9H 9S JR", 0, 0, CodePatternMismatch},
		{House, "9C TD", 0, 0, CodePatternMismatch},
		{House, "", 0, 0, CodePatternMismatch},
		{House, "7C 7D JR", cards.Seven, 3, ""},
		{House, "2C JB", cards.Two, 2, ""},
		{House, "JR", cards.Joker, 1, ""},
		{House, "JR JB", cards.Joker, 2, ""},
		{House, "3D JR JB", cards.Three, 3, ""},
		{Standard, "7C 7D JR", 0, 0, CodePatternMismatch},
		{Standard, "JR JB", cards.Joker, 2, ""},
		{Standard, "JB", cards.Joker, 1, ""},
	}
	for _, tc := range cases {
		got, err := tc.rules.MakeSet(set(t, tc.cards))
		if tc.code != "" {
			if ge, ok := err.(*game.Error); !ok || ge.Code != tc.code {
				t.Errorf("%s %q: err %v, want %s", tc.rules.Name, tc.cards, err, tc.code)
			}
			continue
		}
		if err != nil || got.Rank != tc.rank || got.Count != tc.count {
			t.Errorf("%s %q: %+v %v, want %v×%d", tc.rules.Name, tc.cards, got, err, tc.rank, tc.count)
		}
	}
}

func TestBeats(t *testing.T) {
	mk := func(cs string) Set {
		st, err := House.MakeSet(set(t, cs))
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	cases := []struct {
		play, top string
		inverted  bool
		code      string
	}{
		{"TC", "9C", false, ""},
		{"9D", "9C", false, CodeRankTooLow},
		{"8D", "9C", false, CodeRankTooLow},
		{"TC TD", "9C", false, CodePatternMismatch},
		{"2C", "AC", false, ""},
		{"JR", "2C", false, ""},
		{"2C JR", "AC AD", false, ""},
		{"JR JB", "2C 2D", false, ""},
		{"8C", "9C", true, ""},
		{"TC", "JC", true, ""},
		{"QC", "JC", true, CodeRankTooLow},
		{"2C", "JC", true, CodeRankTooLow},
		{"JR", "JC", true, CodeRankTooLow},
		{"3C", "4C", true, ""},
		{"9C 9D", "9S 9H", true, CodeRankTooLow},
	}
	for _, tc := range cases {
		err := Beats(mk(tc.play), mk(tc.top), tc.inverted)
		switch {
		case tc.code == "" && err != nil:
			t.Errorf("%s on %s (inverted %v): %v", tc.play, tc.top, tc.inverted, err)
		case tc.code != "" && (err == nil || err.(*game.Error).Code != tc.code):
			t.Errorf("%s on %s (inverted %v): %v, want %s", tc.play, tc.top, tc.inverted, err, tc.code)
		}
	}
	if err := Beats(mk("9C 9D"), mk("8C 8D"), false); err != nil {
		t.Fatal(err)
	}
	msg := Beats(mk("8C 8D"), mk("9C 9D"), false).(*game.Error).Message
	if msg != "Play a pair higher than nines, or pass" {
		t.Fatalf("message %q", msg)
	}
}

func TestDealSizes(t *testing.T) {
	for _, tc := range []struct {
		rules Rules
		n     int
		sizes []int // by seat, deal 1: dealer is the last seat
	}{
		{Standard, 2, []int{27, 27}},
		{House, 3, []int{18, 18, 18}},
		{House, 4, []int{14, 14, 13, 13}},
		{House, 5, []int{11, 11, 11, 11, 10}},
	} {
		s, _, err := New(tc.rules, tc.n, 7)
		if err != nil {
			t.Fatal(err)
		}
		if s.Dealer != tc.n-1 {
			t.Fatalf("dealer %d", s.Dealer)
		}
		for i, want := range tc.sizes {
			if got := s.Players[i].Hand.Len(); got != want {
				t.Errorf("%d players: seat %d has %d cards, want %d", tc.n, i, got, want)
			}
		}
		if err := CheckInvariants(&s); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := New(House, 2, 1); err == nil {
		t.Fatal("house rules accepted 2 players")
	}
	if _, _, err := New(Standard, 6, 1); err == nil {
		t.Fatal("6 players accepted")
	}
}

func TestSameSeedSameDeal(t *testing.T) {
	a, _, _ := New(House, 4, 99)
	b, _, _ := New(House, 4, 99)
	c, _, _ := New(House, 4, 100)
	if a.Players != b.Players {
		t.Fatal("same seed, different deal")
	}
	if a.Players == c.Players {
		t.Fatal("different seeds, same deal")
	}
}

func TestOpeningFirstDeal(t *testing.T) {
	for _, r := range []Rules{House, Standard} {
		s, ev, err := New(r, 4, 3)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Players[s.Turn].Hand.Has(threeOfDiamonds) || !s.Opening {
			t.Fatalf("%s: turn %d does not hold the 3♦", r.Name, s.Turn)
		}
		if want := "holds the 3♦"; !strings.Contains(texts(ev), want) {
			t.Fatalf("events %q lack %q", texts(ev), want)
		}
	}
	s := table(t, House, 0, "3D 3S 4C JR", "5C 6C", "7C 8C")
	s.Deal, s.Opening = 1, true
	rejectPlay(t, s, 0, "4C", CodeActionNotAllowed)
	rejectPlay(t, s, 0, "3S", CodeActionNotAllowed)
	reject(t, s, 0, Action{Kind: Pass}, CodeActionNotAllowed)
	rejectPlay(t, s, 1, "5C", CodeNotYourTurn)
	both := s
	play(t, &both, 0, "3D 3S")
	if both.Opening {
		t.Fatal("opening flag kept after the first play")
	}
	wild := s
	play(t, &wild, 0, "3D JR")
	if top, _ := wild.Top(); top.Rank != cards.Three || top.Count != 2 {
		t.Fatalf("3♦ + joker is %+v", top)
	}
	alone := s
	play(t, &alone, 0, "3D")
	std := table(t, Standard, 0, "3D 3S JR", "5C 6C", "7C 8C")
	std.Deal, std.Opening = 1, true
	rejectPlay(t, std, 0, "3D JR", CodePatternMismatch)
}
