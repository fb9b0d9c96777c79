// Package eval ranks poker hands of 5, 6 or 7 cards into the 7,462 classes
// of five-card poker, as integers: a higher Rank is a better hand.
//
// The 7-card path, the hot one, is seven additions and one or two table
// loads. Every card has a 64-bit key: the low 32 bits hold its rank's
// additive key, chosen so that every multiset of exactly seven ranks (at
// most four of each) has a distinct sum; bits 32–47 hold one 4-bit counter
// per suit. Adding 3 to every counter sets a counter's high bit exactly
// when that suit has five or more cards: then the flush table, indexed by
// that suit's rank mask, answers (with five suited cards among seven,
// neither quads nor a full house is possible, so a flush hand's best five
// are suited). Otherwise the rank table, indexed by the key sum, does.
//
// Tables (built once, on first use): the 7-card rank table has 7,825,760
// uint16 entries (15.6 MB, 49,205 of them used), the flush table 8,192
// entries (16 KB); 5- and 6-card hands use small maps.
package eval

import (
	"math/bits"
	"sort"
	"sync"

	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/i18n"
)

// Rank is a hand's class: 1 (7-5-4-3-2 offsuit) to 7462 (royal flush).
type Rank uint16

// Category of a hand.
type Category uint8

// Categories, worst first.
const (
	HighCard Category = iota + 1
	OnePair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush
)

var categoryNames = [...]string{"", "high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house", "four of a kind", "straight flush"}

func (c Category) String() string { return categoryNames[c] }

// classesPer is how many classes each category has, worst first.
var classesPer = [...]int{HighCard: 1277, OnePair: 2860, TwoPair: 858, ThreeOfAKind: 858, Straight: 10, Flush: 1277, FullHouse: 156, FourOfAKind: 156, StraightFlush: 10}

// Category of the rank.
func (r Rank) Category() Category {
	n := int(r)
	for c := HighCard; c <= StraightFlush; c++ {
		if n <= classesPer[c] {
			return c
		}
		n -= classesPer[c]
	}
	return 0
}

// rankKeys are additive keys per rank (Two … Ace): every multiset of
// exactly 5, 6 or 7 ranks with at most four of each has a distinct sum
// (TestRankKeysUnique checks all 76,155).
var rankKeys = [13]uint64{0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181}

const maxSum7 = 4*1479181 + 3*636345

// cardKey is each card's rank key plus one in its suit's counter.
var cardKey = func() (k [52]uint64) {
	for c := cards.Card(0); c < 52; c++ {
		k[c] = rankKeys[c.Rank()-2] | 1<<(32+4*uint(c.Suit()))
	}
	return
}()

// Tables are the lookup tables. Use Default, or build your own with
// NewTables (they are immutable once built).
type Tables struct {
	seven []uint16         // by rank-key sum of 7 cards
	flush [1 << 13]uint16  // by rank mask of the suited cards (5–7 bits)
	five  map[uint32]Rank  // by rank-key sum of 5 non-flush cards
	six   map[uint32]Rank  // by rank-key sum of 6 non-flush cards
	desc  [7463]descriptor // what each rank is made of
}

// Default returns the shared tables, building them on first use.
var Default = sync.OnceValue(NewTables)

// Eval7 ranks seven distinct cards.
func (t *Tables) Eval7(c0, c1, c2, c3, c4, c5, c6 cards.Card) Rank {
	k := cardKey[c0] + cardKey[c1] + cardKey[c2] + cardKey[c3] + cardKey[c4] + cardKey[c5] + cardKey[c6]
	if f := (k>>32 + 0x3333) & 0x8888; f != 0 {
		s := cards.Suit(bits.TrailingZeros64(f) / 4)
		var mask uint
		for _, c := range [7]cards.Card{c0, c1, c2, c3, c4, c5, c6} {
			if c.Suit() == s {
				mask |= 1 << (c.Rank() - 2)
			}
		}
		return Rank(t.flush[mask])
	}
	return Rank(t.seven[uint32(k)])
}

// Eval ranks 5, 6 or 7 distinct cards; it returns 0 for any other count.
func (t *Tables) Eval(cs ...cards.Card) Rank {
	switch len(cs) {
	case 7:
		return t.Eval7(cs[0], cs[1], cs[2], cs[3], cs[4], cs[5], cs[6])
	case 5, 6:
		var k uint64
		for _, c := range cs {
			k += cardKey[c]
		}
		if f := (k>>32 + 0x3333) & 0x8888; f != 0 {
			s := cards.Suit(bits.TrailingZeros64(f) / 4)
			var mask uint
			for _, c := range cs {
				if c.Suit() == s {
					mask |= 1 << (c.Rank() - 2)
				}
			}
			return Rank(t.flush[mask])
		}
		if len(cs) == 5 {
			return t.five[uint32(k)]
		}
		return t.six[uint32(k)]
	}
	return 0
}

// Eval ranks 5, 6 or 7 cards with the default tables.
func Eval(cs ...cards.Card) Rank { return Default().Eval(cs...) }

// descriptor is a five-card class: its category and the ranks that order
// it (for a straight, its top card; the wheel's is 5).
type descriptor struct {
	cat   Category
	ranks [5]cards.Rank
}

func (d descriptor) less(o descriptor) bool {
	if d.cat != o.cat {
		return d.cat < o.cat
	}
	for i := range d.ranks {
		if d.ranks[i] != o.ranks[i] {
			return d.ranks[i] < o.ranks[i]
		}
	}
	return false
}

// describe classifies five ranks given as counts per rank (index rank-2),
// flush or not.
func describe(counts [13]int, flush bool) descriptor {
	// ranks ordered by count, then rank, high first
	type rc struct {
		r cards.Rank
		n int
	}
	var rs []rc
	for i := 12; i >= 0; i-- {
		if counts[i] > 0 {
			rs = append(rs, rc{cards.Rank(i + 2), counts[i]})
		}
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].n > rs[j].n })
	var d descriptor
	for i, x := range rs {
		d.ranks[i] = x.r
	}
	if len(rs) == 5 {
		top, straight := rs[0].r, rs[0].r-rs[4].r == 4
		if rs[0].r == cards.Ace && rs[1].r == cards.Five {
			top, straight = cards.Five, true // the wheel
		}
		switch {
		case straight && flush:
			return descriptor{cat: StraightFlush, ranks: [5]cards.Rank{top}}
		case straight:
			return descriptor{cat: Straight, ranks: [5]cards.Rank{top}}
		case flush:
			d.cat = Flush
		default:
			d.cat = HighCard
		}
		return d
	}
	switch {
	case rs[0].n == 4:
		d.cat = FourOfAKind
	case rs[0].n == 3 && rs[1].n == 2:
		d.cat = FullHouse
	case rs[0].n == 3:
		d.cat = ThreeOfAKind
	case rs[1].n == 2:
		d.cat = TwoPair
	default:
		d.cat = OnePair
	}
	return d
}

// NewTables builds the tables (about a second of work, once).
func NewTables() *Tables {
	t := &Tables{seven: make([]uint16, maxSum7+1), five: make(map[uint32]Rank, 6175), six: make(map[uint32]Rank, 18395)}

	// every five-card class, sorted, numbered from 1
	var all []descriptor
	var fiveSums []uint32
	var fiveDesc []descriptor
	forMultisets(5, func(counts [13]int, sum uint64) {
		d := describe(counts, false)
		all = append(all, d)
		fiveSums = append(fiveSums, uint32(sum))
		fiveDesc = append(fiveDesc, d)
	})
	var flushMasks []uint
	var flushDesc []descriptor
	for m := uint(0); m < 1<<13; m++ {
		if bits.OnesCount(m) == 5 {
			var counts [13]int
			for i := 0; i < 13; i++ {
				if m&(1<<i) != 0 {
					counts[i] = 1
				}
			}
			d := describe(counts, true)
			all = append(all, d)
			flushMasks = append(flushMasks, m)
			flushDesc = append(flushDesc, d)
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].less(all[j]) })
	value := make(map[descriptor]Rank, len(all))
	for _, d := range all {
		if _, ok := value[d]; !ok {
			value[d] = Rank(len(value) + 1)
			t.desc[value[d]] = d
		}
	}
	for i, s := range fiveSums {
		t.five[s] = value[fiveDesc[i]]
	}
	for i, m := range flushMasks {
		t.flush[m] = uint16(value[flushDesc[i]])
	}
	// flush masks of 6 and 7 cards: the best five of them
	for m := uint(0); m < 1<<13; m++ {
		if n := bits.OnesCount(m); n == 6 || n == 7 {
			best := uint16(0)
			for sub := m; sub > 0; sub = (sub - 1) & m {
				if bits.OnesCount(sub) == 5 && t.flush[sub] > best {
					best = t.flush[sub]
				}
			}
			t.flush[m] = best
		}
	}
	// 6 and 7 ranks: the best five-rank sub-multiset
	best := func(counts [13]int) Rank {
		var b Rank
		forSubsets(counts, 5, func(sub [13]int) {
			var s uint64
			for i, n := range sub {
				s += uint64(n) * rankKeys[i]
			}
			if v := t.five[uint32(s)]; v > b {
				b = v
			}
		})
		return b
	}
	forMultisets(6, func(counts [13]int, sum uint64) { t.six[uint32(sum)] = best(counts) })
	forMultisets(7, func(counts [13]int, sum uint64) { t.seven[sum] = uint16(best(counts)) })
	return t
}

// forMultisets calls fn for every multiset of n ranks with at most four of
// each, with its key sum.
func forMultisets(n int, fn func(counts [13]int, sum uint64)) {
	var counts [13]int
	var rec func(r, left int, sum uint64)
	rec = func(r, left int, sum uint64) {
		if r == 13 {
			if left == 0 {
				fn(counts, sum)
			}
			return
		}
		for c := 0; c <= 4 && c <= left; c++ {
			counts[r] = c
			rec(r+1, left-c, sum+uint64(c)*rankKeys[r])
		}
		counts[r] = 0
	}
	rec(0, n, 0)
}

// forSubsets calls fn for every sub-multiset of counts with n cards.
func forSubsets(counts [13]int, n int, fn func(sub [13]int)) {
	var sub [13]int
	var rec func(r, left int)
	rec = func(r, left int) {
		if r == 13 {
			if left == 0 {
				fn(sub)
			}
			return
		}
		for c := 0; c <= counts[r] && c <= left; c++ {
			sub[r] = c
			rec(r+1, left-c)
		}
		sub[r] = 0
	}
	rec(0, n)
}

// Describe names a hand: "full house, kings over sevens", "flush, ace
// high", "pair of queens".
func (t *Tables) Describe(r Rank) string {
	if r < 1 || r > 7462 {
		return "no hand"
	}
	d := t.desc[r]
	p := func(x cards.Rank) string { return x.Plural() }
	n := func(x cards.Rank) string { return x.Name() }
	switch d.cat {
	case StraightFlush:
		if d.ranks[0] == cards.Ace {
			return "royal flush"
		}
		return "straight flush, " + n(d.ranks[0]) + " high"
	case FourOfAKind:
		return "four " + p(d.ranks[0])
	case FullHouse:
		return "full house, " + p(d.ranks[0]) + " over " + p(d.ranks[1])
	case Flush:
		return "flush, " + n(d.ranks[0]) + " high"
	case Straight:
		return "straight, " + n(d.ranks[0]) + " high"
	case ThreeOfAKind:
		return "three " + p(d.ranks[0])
	case TwoPair:
		return "two pair, " + p(d.ranks[0]) + " and " + p(d.ranks[1])
	case OnePair:
		return "pair of " + p(d.ranks[0])
	}
	return "high card " + n(d.ranks[0])
}

// Best5 is the best five cards of 5, 6 or 7 cards (of several equal
// fives, the first found), in the order given.
func (t *Tables) Best5(cs []cards.Card) [5]cards.Card {
	var best [5]cards.Card
	var bestRank Rank
	n := len(cs)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					for e := d + 1; e < n; e++ {
						five := [5]cards.Card{cs[a], cs[b], cs[c], cs[d], cs[e]}
						if r := t.Eval(five[:]...); r > bestRank {
							best, bestRank = five, r
						}
					}
				}
			}
		}
	}
	return best
}

// named is how many of a category's ordering ranks its name says: the
// rest are kickers.
var named = [...]int{HighCard: 1, OnePair: 1, TwoPair: 2, ThreeOfAKind: 1, Straight: 5, Flush: 1, FullHouse: 2, FourOfAKind: 1, StraightFlush: 5}

// DescribeOver names the hand win that beat lose, with the kicker when a
// kicker decided it: "pair of tens, ace kicker". Against a hand of
// another category, or one the name already tells apart, it is Describe.
func (t *Tables) DescribeOver(win, lose Rank) string {
	s := t.Describe(win)
	if win <= lose || lose < 1 || win > 7462 {
		return s
	}
	w, l := t.desc[win], t.desc[lose]
	if w.cat != l.cat {
		return s
	}
	for i := range w.ranks {
		if w.ranks[i] != l.ranks[i] {
			if i < named[w.cat] {
				return s
			}
			return s + ", " + w.ranks[i].Name() + " kicker"
		}
	}
	return s
}

// A rank's name in a hand's name takes the form the hand's words need, so
// each use has its own keys (a language writes each as it says it):
// rankNameKeys "queen" (high card queen, queen kicker), rankTopKeys a
// straight's or a flush's top card ("straight, queen high": Spanish
// "escalera a la reina"), rankPluralKeys "queens" (pair of queens, three
// queens, two pair), rankFullKeys a full house's ranks ("queens over
// kings": French "full aux dames par les rois").
var (
	rankNameKeys   = rankWordKeys("holdem.rank.")
	rankTopKeys    = rankWordKeys("holdem.rank.top.")
	rankPluralKeys = rankWordKeys("holdem.ranks.")
	rankFullKeys   = rankWordKeys("holdem.ranks.full.")
)

// rankWordKeys are the keys prefix+"2" … prefix+"ace", by rank.
func rankWordKeys(prefix string) (keys [cards.Ace + 1]string) {
	for r := cards.Two; r <= cards.Ace; r++ {
		keys[r] = prefix + rankKeyWords[r]
	}
	return keys
}

var rankKeyWords = [cards.Ace + 1]string{2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
	11: "jack", 12: "queen", 13: "king", 14: "ace"}

// DescribeMsg is Describe as a catalog message, for each reader's
// language (keys holdem.hand.*; English reads as Describe).
func (t *Tables) DescribeMsg(r Rank) i18n.Msg {
	if r < 1 || r > 7462 {
		return i18n.M("holdem.hand.none")
	}
	d := t.desc[r]
	p := func(name string, x cards.Rank) i18n.Arg { return i18n.K(name, rankPluralKeys[x]) }
	n := func(name string, x cards.Rank) i18n.Arg { return i18n.K(name, rankNameKeys[x]) }
	top := func(name string, x cards.Rank) i18n.Arg { return i18n.K(name, rankTopKeys[x]) }
	full := func(name string, x cards.Rank) i18n.Arg { return i18n.K(name, rankFullKeys[x]) }
	switch d.cat {
	case StraightFlush:
		if d.ranks[0] == cards.Ace {
			return i18n.M("holdem.hand.royal_flush")
		}
		return i18n.M("holdem.hand.straight_flush", top("High", d.ranks[0]))
	case FourOfAKind:
		return i18n.M("holdem.hand.four", p("Rank", d.ranks[0]))
	case FullHouse:
		return i18n.M("holdem.hand.full_house", full("Three", d.ranks[0]), full("Pair", d.ranks[1]))
	case Flush:
		return i18n.M("holdem.hand.flush", top("High", d.ranks[0]))
	case Straight:
		return i18n.M("holdem.hand.straight", top("High", d.ranks[0]))
	case ThreeOfAKind:
		return i18n.M("holdem.hand.three", p("Rank", d.ranks[0]))
	case TwoPair:
		return i18n.M("holdem.hand.two_pair", p("High", d.ranks[0]), p("Low", d.ranks[1]))
	case OnePair:
		return i18n.M("holdem.hand.pair", p("Rank", d.ranks[0]))
	}
	return i18n.M("holdem.hand.high_card", n("High", d.ranks[0]))
}

// DescribeOverMsg is DescribeOver as a catalog message: DescribeMsg, with
// the kicker when a kicker decided it (holdem.hand.kicker).
func (t *Tables) DescribeOverMsg(win, lose Rank) i18n.Msg {
	m := t.DescribeMsg(win)
	if win <= lose || lose < 1 || win > 7462 {
		return m
	}
	w, l := t.desc[win], t.desc[lose]
	if w.cat != l.cat {
		return m
	}
	for i := range w.ranks {
		if w.ranks[i] != l.ranks[i] {
			if i < named[w.cat] {
				return m
			}
			return i18n.M("holdem.hand.kicker", i18n.Nest("Hand", m), i18n.K("Kicker", rankNameKeys[w.ranks[i]]))
		}
	}
	return m
}
