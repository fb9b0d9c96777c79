package president

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

var strengthDeals = flag.Int("strength-deals", 4000, "deals the bot strength test plays")

// TestGreedyBeatsRandom: in 4-player house matches, two greedy bots and
// two random-legal bots (seats swapped every match) — the greedy bot's
// average finishing place must be better.
func TestGreedyBeatsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var placeSum [2]int
	var count [2]int
	deals := 0
	for match := 0; deals < *strengthDeals; match++ {
		kinds := []int{0, 1, 0, 1}
		if match%2 == 1 {
			kinds = []int{1, 0, 1, 0}
		}
		bots := make([]Bot, 4)
		for i, k := range kinds {
			bots[i] = []Bot{Greedy, RandomLegal}[k]
		}
		s, _, _ := New(House, 4, rng.Uint64())
		for d := 0; d < 5; d++ {
			s = playDeal(t, s, bots, rng, nil)
			deals++
			for i, k := range kinds {
				placeSum[k] += s.Players[i].Place
				count[k]++
			}
			s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: rng.Uint64()})
		}
	}
	greedy := float64(placeSum[0]) / float64(count[0])
	random := float64(placeSum[1]) / float64(count[1])
	t.Logf("%d deals, 4 players, house: greedy average place %.3f, random-legal %.3f (1 = President, 4 = Asshole)", deals, greedy, random)
	if greedy >= random {
		t.Fatalf("greedy %.3f does not beat random %.3f", greedy, random)
	}
}

func TestGreedyDeterministic(t *testing.T) {
	run := func() State {
		s, _, _ := New(House, 4, 77)
		return playDeal(t, s, []Bot{Greedy, Greedy, Greedy, Greedy}, rand.New(rand.NewPCG(1, 1)), nil)
	}
	a, b := run(), run()
	if a.Version != b.Version || a.Players != b.Players {
		t.Fatal("greedy bots played the same seed differently")
	}
}

func TestGreedyChoices(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	choose := func(s State, seat int) Action {
		v := s.View(seat)
		a, ok := Greedy(&v, rng)
		if !ok {
			t.Fatal("greedy had nothing to do")
		}
		return a
	}
	// leading: shed the lowest whole set, not the 2s
	s := table(t, House, 0, "4C 4D 9C 2S 2H KD", "5C", "6C")
	if a := choose(s, 0); a.Kind != PlayCards || len(a.Cards) != 2 || a.Cards[0].Rank() != 4 {
		t.Fatalf("lead %v", a.Cards)
	}
	// following: the lowest winning set that doesn't split a pair
	s = table(t, House, 1, "4C", "9C 9D TC QC QD 3H 3S", "6C")
	s.Turn = 0
	play(t, &s, 0, "4C")
	if a := choose(s, 1); a.Kind != PlayCards || a.Cards[0].Rank() != 10 {
		t.Fatalf("follow %v", a.Cards)
	}
	// early in the deal, only a 2 would win: pass
	s = table(t, House, 0, "AC", "2C 4D 5D 6D 8D 9D TH QS", "6C")
	play(t, &s, 0, "AC")
	if a := choose(s, 1); a.Kind != Pass {
		t.Fatalf("spent a 2 early: %v", a)
	}
	// gifts: the lowest cards to the opponent with the fewest cards
	s = table(t, House, 0, "7C KD 3H 9S", "5C 6D 8H", "6C")
	play(t, &s, 0, "7C")
	if a := choose(s, 0); a.Kind != Gift || a.Cards[0].Rank() != 3 || a.To[0] != 2 {
		t.Fatalf("gift %+v", a)
	}
}

// TestGreedyHints: the design note's hints at work.
func TestGreedyHints(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	choose := func(s State, seat int) Action {
		t.Helper()
		v := s.View(seat)
		a, ok := Greedy(&v, rng)
		if !ok {
			t.Fatal("greedy had nothing to do")
		}
		if _, _, err := Apply(s, seat, a); err != nil {
			t.Fatalf("illegal %v %v: %v", a.Kind, a.Cards, err)
		}
		return a
	}
	isPlay := func(a Action, cs string) bool {
		return a.Kind == PlayCards && cards.SetOf(a.Cards...) == set(t, cs)
	}
	// control: 8s are held and not led while low cards remain
	s := table(t, House, 0, "4C 8D 8H KD 9S", "5C 6D QH JS", "6C 7D TS")
	if a := choose(s, 0); isPlay(a, "8D 8H") || a.Kind != PlayCards {
		t.Fatalf("led %v", a.Cards)
	}
	// …and spent when the lead they win lets the hand go out: an 8 resets
	// the pile, the other 8 resets it again, the 10 sheds the rest; the 10
	// first would give the lead away with an 8 still held
	s = table(t, House, 0, "6C 4S", "8D 8H TC", "4C 9D KH")
	play(t, &s, 0, "6C")
	if a := choose(s, 1); a.Kind != PlayCards || a.Cards[0].Rank() != cards.Eight || len(a.Cards) != 1 {
		t.Fatalf("followed with %v, want a single 8", a.Cards)
	}
	// a 10's discard keeps the strong part of the hand and the pairs: it
	// throws away the lone 4, not a 3 of the pair or the 2
	s = table(t, House, 0, "TC 3C 3D 4H 2S KS QS JS", "5C 6D", "6C 7D")
	play(t, &s, 0, "TC")
	if a := choose(s, 0); a.Kind != Discard || !isPlay(Action{Kind: PlayCards, Cards: a.Cards}, "4H") {
		t.Fatalf("discarded %v", a.Cards)
	}
	// a 3 takes an inverted trick and the lead
	s = table(t, House, 0, "JC", "3S 9D KH QS", "4C 5D")
	play(t, &s, 0, "JC")
	if a := choose(s, 1); !isPlay(a, "3S") {
		t.Fatalf("inverted trick: %v", a.Cards)
	}
	// an opponent holding a single card: lead a pair rather than a low
	// single they could beat to go out
	s = table(t, House, 0, "4C 9D 9H KS", "AC", "5C 6D 7H QD")
	if a := choose(s, 0); a.Kind != PlayCards || len(a.Cards) == 1 {
		t.Fatalf("led %v against a single card", a.Cards)
	}
}

// BenchmarkDeal plays whole 4-player house deals between greedy bots
// through the public API (View, bot, Apply with its events).
func BenchmarkDeal(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	bots := []Bot{Greedy, Greedy, Greedy, Greedy}
	b.ReportAllocs()
	actions := 0
	var v View // one view reused, as a table's bot loop does
	for i := 0; i < b.N; i++ {
		s, _, _ := New(House, 4, uint64(i))
		for s.Phase != DealOver {
			seat := s.Actor()
			v = s.View(seat)
			a, _ := bots[seat](&v, rng)
			var err error
			if s, _, err = Apply(s, seat, a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/deal")
}

func BenchmarkApply(b *testing.B) {
	s := table(b, House, 0, "4C 9C KC", "5C QC KD", "6C AC KH")
	a := Action{Kind: PlayCards, Cards: list(b, "4C")}
	b.ReportAllocs()
	for b.Loop() {
		_, _, _ = Apply(s, 0, a)
	}
}

func BenchmarkView(b *testing.B) {
	s, _, _ := New(House, 5, 1)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.View(2)
	}
}

func BenchmarkGreedyStep(b *testing.B) {
	s, _, _ := New(House, 4, 1)
	v := s.View(s.Actor())
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Greedy(&v, rng)
	}
}
