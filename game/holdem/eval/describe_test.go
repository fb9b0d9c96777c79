package eval

import (
	"slices"
	"testing"
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
