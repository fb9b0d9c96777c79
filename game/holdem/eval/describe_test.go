package eval

import (
	"slices"
	"testing"

	"github.com/tablegames/tables/i18n"
)

// TestDescribeOver: the winner's name says the kicker only when a kicker
// beat the other hand (worked out by hand from each pair of hands).
func TestDescribeOver(t *testing.T) {
	cases := []struct{ board, win, lose, want string }{
		// both hold the tens on the board; the ace beats the king
		{"TS TD 7C 4H 2S", "AC 3D", "KC 3H", "pair of tens, ace kicker"},
		// the pair itself decides: no kicker named
		{"TS 8D 7C 4H 2S", "TC 3D", "9C 9H", "pair of tens"},
		// two pair on the board, the fifth card decides
		{"KS KD 8C 8H 2S", "AC 3D", "QC 3H", "two pair, kings and eights, ace kicker"},
		// the second pair decides: named, no kicker
		{"KS KD 8C 5H 2S", "8S 3D", "5S 4H", "two pair, kings and eights"},
		// another category: just the name
		{"AS KS 2S 7D 9S", "QS 3C", "TC JD", "flush, ace high"},
		// trips with the second kicker deciding
		{"7S 7D 7C KH 2S", "QC 3D", "JC 4H", "three sevens, queen kicker"},
	}
	for _, c := range cases {
		board := hand(t, c.board)
		w := Eval(append(hand(t, c.win), board...)...)
		l := Eval(append(hand(t, c.lose), board...)...)
		if got := Default().DescribeOver(w, l); got != c.want {
			t.Errorf("%s with %s over %s: %q, want %q", c.board, c.win, c.lose, got, c.want)
		}
	}
}

// TestBest5 picks the five cards that make the hand.
func TestBest5(t *testing.T) {
	cases := []struct{ cards, want string }{
		{"QS 3C AS KS 2S 7D 9S", "QS AS KS 2S 9S"}, // the spade flush
		{"5C 4D AS 2H 3S KD KH", "5C 4D AS 2H 3S"}, // the wheel beats a pair of kings
		{"TC TD 7C 4H 2S AC 3D", "TC TD 7C AC 4H"}, // pair of tens, A 7 4
		{"8C 8D 8H 8S KC KD 2S", "8C 8D 8H 8S KC"}, // quads, king kicker
	}
	for _, c := range cases {
		got := Default().Best5(hand(t, c.cards))
		want := hand(t, c.want)
		g := got[:]
		slices.Sort(g)
		slices.Sort(want)
		if !slices.Equal(g, want) {
			t.Errorf("best five of %s: %v, want %v", c.cards, g, want)
		}
	}
}

// TestHandNamesInEachLanguage: English reads every hand's catalog name as
// Describe does, and the languages whose hand names need another form of
// a rank get it ("full aux as par les rois", "escalera al rey").
func TestHandNamesInEachLanguage(t *testing.T) {
	en := i18n.English()
	for r := Rank(1); r <= 7462; r++ {
		if got, want := en.Msg(Default().DescribeMsg(r)), Default().Describe(r); got != want {
			t.Fatalf("hand %d: the catalog says %q, Describe %q", r, got, want)
		}
	}
	for _, c := range []struct{ lang, cards, want string }{
		{"fr", "AS AD AC KH KS", "full aux as par les rois"},
		{"fr", "KS KD 2C 2H 7S", "double paire de rois et de deux"},
		{"fr", "AS AD 7C 4H 2S", "paire d'as"},
		{"es", "9S TD JC QH KS", "escalera al rey"},
		{"es", "9S TD JC QH 8S", "escalera a la reina"},
		{"es", "AS KD 2C 7H 9S", "carta alta as"},
		{"it", "AS 9S 7S 4S 2S", "colore all'asso"},
		{"it", "9S TS JS QS KS", "scala colore al re"},
		{"de", "QS QD QC KH KS", "Full House, Damen über Könige"},
		{"en", "QS QD QC KH KS", "full house, queens over kings"},
	} {
		got := i18n.Lookup(c.lang).Msg(Default().DescribeMsg(Eval(hand(t, c.cards)...)))
		if got != c.want {
			t.Errorf("%s, %s: %q, want %q", c.lang, c.cards, got, c.want)
		}
	}
}
