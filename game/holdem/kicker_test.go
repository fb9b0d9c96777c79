package holdem

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablegames/tables/i18n"
)

// playDown plays the hand out with every seat calling or checking, and
// returns the log lines it wrote in the language lang.
func playDown(t *testing.T, s *State, lang string) []string {
	t.Helper()
	l := i18n.Lookup(lang)
	var lines []string
	for s.Street != HandOver {
		k := Check
		if s.CurrentBet > s.Seats[s.Turn].Bet {
			k = Call
		}
		next, ev, err := Apply(*s, s.Turn, Action{Kind: k})
		if err != nil {
			t.Fatalf("seat %d %v: %v", s.Turn, k, err)
		}
		*s = next
		for _, e := range ev {
			if !e.Msg.IsZero() && e.Only == nil {
				lines = append(lines, l.Msg(e.Msg))
			}
		}
	}
	return lines
}

// TestKickerDecides: the pot's winner is named with the kicker that beat
// the best hand shown against it, and only when a kicker decided. Each
// case is worked out by hand from the ranking of poker hands (a pair
// ranks by its rank, then by its three highest other cards, one by one).
func TestKickerDecides(t *testing.T) {
	cases := []struct {
		name  string
		holes map[int][2]string
		board [5]string
		// winners, the hand shown that lost (as the log names it), and the
		// log's line for the pot
		winners []int
		want    string
	}{
		{
			// K♣ A♥ makes kings with A 9 7; K♥ Q♦ kings with Q 9 7; 9♣ 3♦
			// nines. The kings tie on the pair; the first other card, ace
			// against queen, decides.
			name:    "first kicker",
			holes:   map[int][2]string{0: {"KC", "AH"}, 1: {"KH", "QD"}, 2: {"9C", "3D"}},
			board:   [5]string{"KS", "9D", "7C", "4H", "2S"},
			winners: []int{0},
			want:    "wins the pot (60) with pair of kings, ace kicker.",
		},
		{
			// the kings are on the board: A 9 8 against A 9 7 (and 6 5 3's
			// Q 9 4): the third other card, eight over seven, decides.
			name:    "third kicker",
			holes:   map[int][2]string{0: {"6C", "3D"}, 1: {"AC", "8D"}, 2: {"AH", "7D"}},
			board:   [5]string{"KS", "KD", "9C", "4H", "2S"},
			winners: []int{1},
			want:    "wins the pot (60) with pair of kings, eight kicker.",
		},
		{
			// the pair decides: kings over queens, no kicker named
			name:    "the pair decides",
			holes:   map[int][2]string{0: {"KC", "3H"}, 1: {"QH", "QD"}, 2: {"5C", "6D"}},
			board:   [5]string{"KS", "9D", "7C", "4H", "2S"},
			winners: []int{0},
			want:    "wins the pot (60) with pair of kings.",
		},
		{
			// two aces kickers split the pot; against the queen kicker of
			// the third kings, the ace decided
			name:    "a split over a kicker",
			holes:   map[int][2]string{0: {"KC", "AH"}, 1: {"KH", "AD"}, 2: {"KD", "QS"}},
			board:   [5]string{"KS", "9D", "7C", "4H", "2S"},
			winners: []int{0, 1},
			want:    "win the pot (60) with pair of kings, ace kicker.",
		},
		{
			// another category: a flush over kings, no kicker
			name:    "another category",
			holes:   map[int][2]string{0: {"KC", "AH"}, 1: {"6S", "3S"}, 2: {"5C", "6D"}},
			board:   [5]string{"KS", "9S", "7C", "4H", "2S"},
			winners: []int{1},
			want:    "wins the pot (60) with flush, king high.",
		},
	}
	for _, c := range cases {
		s := start(t, DefaultRules, 1000, 1000, 1000)
		rig(t, &s, c.holes, c.board)
		lines := playDown(t, &s, "en")
		if len(s.Results) != 1 || !slices.Equal(s.Results[0].Winners, c.winners) {
			t.Fatalf("%s: results %+v, want winners %v", c.name, s.Results, c.winners)
		}
		last := lines[len(lines)-1]
		if !strings.HasSuffix(last, c.want) {
			t.Errorf("%s: the log ends %q, want … %q", c.name, last, c.want)
		}
	}
}

// TestKickerInEachLanguage: the log names the deciding kicker in each
// language (the first case above: kings with an ace kicker over kings
// with a queen).
func TestKickerInEachLanguage(t *testing.T) {
	want := map[string]string{
		"en":    "pair of kings, ace kicker",
		"fr":    "kicker as",
		"de":    "Kicker Ass",
		"es":    "kicker as",
		"it":    "kicker asso",
		"pt-BR": "kicker ás",
		"ja":    "キッカーA",
	}
	for lang, w := range want {
		s := start(t, DefaultRules, 1000, 1000, 1000)
		rig(t, &s, map[int][2]string{0: {"KC", "AH"}, 1: {"KH", "QD"}, 2: {"9C", "3D"}}, [5]string{"KS", "9D", "7C", "4H", "2S"})
		lines := playDown(t, &s, lang)
		if last := lines[len(lines)-1]; !strings.Contains(last, w) {
			t.Errorf("%s: the log ends %q, want it to name %q", lang, last, w)
		}
	}
}
