package cards

import (
	"strings"
	"testing"
)

func TestStringParseRoundTrip(t *testing.T) {
	for _, c := range Deck(2) {
		got, err := Parse(c.String())
		if err != nil || got != c {
			t.Fatalf("Parse(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
		got, err = Parse(strings.ToLower(c.String()))
		if err != nil || got != c {
			t.Fatalf("Parse(lower %q) = %v, %v", c.String(), got, err)
		}
	}
	if c, err := Parse("10d"); err != nil || c != New(Ten, Diamonds) {
		t.Fatalf("Parse(10d) = %v, %v", c, err)
	}
}

func TestParseRejects(t *testing.T) {
	for _, s := range []string{"", "1D", "3X", "JK", "33D", "<b>", "JRX", "\x00\x01"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted", s)
		}
	}
}

func TestNamesAndRanks(t *testing.T) {
	cases := []struct {
		s, name, face string
		rank          Rank
	}{
		{"QS", "queen of spades", "Q♠", Queen},
		{"3D", "three of diamonds", "3♦", Three},
		{"TH", "ten of hearts", "10♥", Ten},
		{"2C", "two of clubs", "2♣", Two},
		{"JR", "red joker", "★", Joker},
		{"JB", "black joker", "★", Joker},
	}
	for _, tc := range cases {
		c, err := Parse(tc.s)
		if err != nil {
			t.Fatal(err)
		}
		if c.Name() != tc.name || c.Face() != tc.face || c.Rank() != tc.rank {
			t.Errorf("%s: name %q face %q rank %v", tc.s, c.Name(), c.Face(), c.Rank())
		}
	}
}

func TestSet(t *testing.T) {
	s := SetOf(New(Three, Diamonds), New(Three, Spades), RedJoker, New(Ace, Clubs))
	if s.Len() != 4 || !s.Has(RedJoker) || s.Has(BlackJoker) {
		t.Fatalf("set %v", s)
	}
	if got := s.OfRank(Three).Len(); got != 2 {
		t.Fatalf("threes = %d", got)
	}
	if got := s.OfRank(Joker); got != SetOf(RedJoker) {
		t.Fatalf("jokers = %v", got)
	}
	if got := s.String(); got != "3D 3S AC JR" {
		t.Fatalf("String = %q", got)
	}
	if low, _ := s.Lowest(); low != New(Three, Diamonds) {
		t.Fatalf("lowest = %v", low)
	}
	if s.Without(RedJoker).Len() != 3 {
		t.Fatal("Without")
	}
}

// The shuffle is fixed by its algorithm: this sequence must never change, or
// every stored table would replay to different cards.
func TestShuffleFixedSequence(t *testing.T) {
	d := Deck(2)
	Shuffle(d, NewSource(42, 1))
	var b strings.Builder
	for i, c := range d[:12] {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	const want = "6S 2D 5H 7S 7D 6D JD 4S 5C JC TH 5S"
	if b.String() != want {
		t.Fatalf("shuffle(42,1) starts %q, want %q", b.String(), want)
	}
	again := Deck(2)
	Shuffle(again, NewSource(42, 1))
	for i := range d {
		if d[i] != again[i] {
			t.Fatal("same seed gave a different deal")
		}
	}
	other := Deck(2)
	Shuffle(other, NewSource(43, 1))
	same := 0
	for i := range d {
		if d[i] == other[i] {
			same++
		}
	}
	if same > 10 {
		t.Fatalf("seeds 42 and 43 agree on %d of 54 places", same)
	}
}

func TestShuffleIsPermutation(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		d := Deck(2)
		Shuffle(d, NewSource(seed, 7))
		if SetOf(d...) != SetOf(Deck(2)...) || len(d) != 54 {
			t.Fatalf("seed %d: not a permutation", seed)
		}
	}
}

func TestIntNUniform(t *testing.T) {
	src := NewSource(1, 2)
	var counts [6]int
	for i := 0; i < 60000; i++ {
		counts[src.IntN(6)]++
	}
	for i, n := range counts {
		if n < 9500 || n > 10500 {
			t.Fatalf("face %d came up %d times in 60000", i, n)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"3D", "10h", "JR", "", "zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		if again, err := Parse(c.String()); err != nil || again != c {
			t.Fatalf("%q parsed to %v which does not round-trip", s, c)
		}
	})
}
