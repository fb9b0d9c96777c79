package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/tablegames/tables/game/cards"
)

func TestRankKeysUnique(t *testing.T) {
	for n := 5; n <= 7; n++ {
		seen := map[uint64]bool{}
		forMultisets(n, func(_ [13]int, sum uint64) {
			if seen[sum] {
				t.Fatalf("two %d-rank multisets share the sum %d", n, sum)
			}
			seen[sum] = true
		})
		want := map[int]int{5: 6175, 6: 18395, 7: 49205}[n]
		if len(seen) != want {
			t.Fatalf("%d-rank multisets: %d, want %d", n, len(seen), want)
		}
	}
}

// TestAllFiveCardHands enumerates all 2,598,960 five-card hands.
func TestAllFiveCardHands(t *testing.T) {
	tb := Default()
	count := map[Category]int{}
	classes := map[Category]map[Rank]bool{}
	for a := cards.Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			for c := b + 1; c < 52; c++ {
				for d := c + 1; d < 52; d++ {
					for e := d + 1; e < 52; e++ {
						r := tb.Eval(a, b, c, d, e)
						cat := r.Category()
						count[cat]++
						if classes[cat] == nil {
							classes[cat] = map[Rank]bool{}
						}
						classes[cat][r] = true
					}
				}
			}
		}
	}
	want := map[Category][2]int{
		StraightFlush: {40, 10}, FourOfAKind: {624, 156}, FullHouse: {3744, 156}, Flush: {5108, 1277},
		Straight: {10200, 10}, ThreeOfAKind: {54912, 858}, TwoPair: {123552, 858}, OnePair: {1098240, 2860}, HighCard: {1302540, 1277},
	}
	total := 0
	for cat, w := range want {
		if count[cat] != w[0] || len(classes[cat]) != w[1] {
			t.Errorf("%v: %d hands in %d classes, want %d in %d", cat, count[cat], len(classes[cat]), w[0], w[1])
		}
		total += len(classes[cat])
	}
	if total != 7462 {
		t.Fatalf("%d classes", total)
	}
}

// TestAllSevenCardHands enumerates all 133,784,560 seven-card hands and
// matches the spec's category counts.
func TestAllSevenCardHands(t *testing.T) {
	if testing.Short() {
		t.Skip("the full enumeration takes a few seconds")
	}
	tb := Default()
	var count [StraightFlush + 1]int
	enumerate7(func(r Rank) { count[r.Category()]++ }, tb)
	want := map[Category]int{StraightFlush: 41584, FourOfAKind: 224848, FullHouse: 3473184, Flush: 4047644,
		Straight: 6180020, ThreeOfAKind: 6461620, TwoPair: 31433400, OnePair: 58627800, HighCard: 23294460}
	sum := 0
	for cat, w := range want {
		if count[cat] != w {
			t.Errorf("%v: %d, want %d", cat, count[cat], w)
		}
		sum += count[cat]
	}
	if sum != 133784560 {
		t.Fatalf("%d hands", sum)
	}
}

// enumerate7 ranks every seven-card hand in order, summing keys as it
// goes; it is the fast sequential loop the benchmark measures.
func enumerate7(fn func(Rank), tb *Tables) {
	for a := cards.Card(0); a < 46; a++ {
		for b := a + 1; b < 47; b++ {
			for c := b + 1; c < 48; c++ {
				for d := c + 1; d < 49; d++ {
					for e := d + 1; e < 50; e++ {
						for f := e + 1; f < 51; f++ {
							for g := f + 1; g < 52; g++ {
								fn(tb.Eval7(a, b, c, d, e, f, g))
							}
						}
					}
				}
			}
		}
	}
}

// TestSevenIsBestOfFive: on random hands, the 7- and 6-card ranks are the
// best of their five-card subsets.
func TestSevenIsBestOfFive(t *testing.T) {
	tb := Default()
	rng := rand.New(rand.NewPCG(1, 2))
	deck := cards.Deck(0)
	for i := 0; i < 200000; i++ {
		rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		h := deck[:7]
		var best7, best6 Rank
		for x := 0; x < 7; x++ {
			for y := x + 1; y < 7; y++ {
				var five []cards.Card
				for z := 0; z < 7; z++ {
					if z != x && z != y {
						five = append(five, h[z])
					}
				}
				r := tb.Eval(five...)
				best7 = max(best7, r)
				if x == 6 || y == 6 {
					best6 = max(best6, r)
				}
			}
		}
		if got := tb.Eval(h...); got != best7 {
			t.Fatalf("%v: Eval7 %d, best of five %d", h, got, best7)
		}
		if got := tb.Eval(h[:6]...); got != best6 {
			t.Fatalf("%v: Eval6 %d, best of five %d", h[:6], got, best6)
		}
	}
}

func hand(t *testing.T, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func TestKnownHands(t *testing.T) {
	tb := Default()
	cases := []struct {
		cards string
		want  string
	}{
		{"AS KS QS JS TS 2C 3D", "royal flush"},
		{"5H 4H 3H 2H AH KC KD", "straight flush, five high"},
		{"9C 9D 9H 9S 2C", "four nines"},
		{"KC KD KH 7S 7C 2D 3H", "full house, kings over sevens"},
		{"AD 9D 7D 4D 2D KS KH", "flush, ace high"},
		{"AC 2D 3H 4S 5C KH KD", "straight, five high"},
		{"QC QD QH 8S 2C", "three queens"},
		{"JC JD 4H 4S AC", "two pair, jacks and fours"},
		{"QC QD 9H 5S 2C", "pair of queens"},
		{"AC JD 9H 5S 2C", "high card ace"},
	}
	for _, tc := range cases {
		if got := tb.Describe(tb.Eval(hand(t, tc.cards)...)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.cards, got, tc.want)
		}
	}
	order := []string{"7C 5D 4H 3S 2C", "AC 2D 3H 4S 5C", "6C 2D 3H 4S 5C", "TC JD QH KS AC", "2H 3H 4H 5H 7H", "AS KS QS JS TS"}
	for i := 1; i < len(order); i++ {
		if tb.Eval(hand(t, order[i-1])...) >= tb.Eval(hand(t, order[i])...) {
			t.Errorf("%s should lose to %s", order[i-1], order[i])
		}
	}
	if r := tb.Eval(hand(t, "7C 5D 4H 3S 2C")...); r != 1 {
		t.Errorf("worst hand is %d", r)
	}
	if r := tb.Eval(hand(t, "AS KS QS JS TS")...); r != 7462 {
		t.Errorf("royal flush is %d", r)
	}
	if tb.Eval(hand(t, "AS KS")...) != 0 {
		t.Error("two cards ranked")
	}
}

// BenchmarkEval7Sequential ranks all 133,784,560 seven-card hands in order.
func BenchmarkEval7Sequential(b *testing.B) {
	tb := Default()
	var sink Rank
	for i := 0; i < b.N; i++ {
		enumerate7(func(r Rank) { sink += r }, tb)
	}
	b.ReportMetric(float64(133784560)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mevals/s")
	_ = sink
}

// BenchmarkEval7Random ranks a pre-generated list of random hands.
func BenchmarkEval7Random(b *testing.B) {
	tb := Default()
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 1 << 20
	hands := make([][7]cards.Card, n)
	deck := cards.Deck(0)
	for i := range hands {
		rng.Shuffle(len(deck), func(a, c int) { deck[a], deck[c] = deck[c], deck[a] })
		copy(hands[i][:], deck[:7])
	}
	b.ResetTimer()
	var sink Rank
	for i := 0; i < b.N; i++ {
		h := &hands[i&(n-1)]
		sink += tb.Eval7(h[0], h[1], h[2], h[3], h[4], h[5], h[6])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mevals/s")
	_ = sink
}

// BenchmarkNewTables builds the tables from nothing.
func BenchmarkNewTables(b *testing.B) {
	for i := 0; i < b.N; i++ {
		NewTables()
	}
}
