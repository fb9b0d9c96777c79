package holdem

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tablegames/tables/game/cards"
)

func TestUncalled(t *testing.T) {
	cases := []struct {
		contrib      []int
		seat, amount int
	}{
		{[]int{100, 300, 100}, 1, 200},
		{[]int{100, 100, 100}, -1, 0},
		{[]int{0, 20, 10}, 1, 10}, // everyone folds to the big blind
		{[]int{500, 300, 500}, -1, 0},
		{[]int{0, 0, 0}, -1, 0},
	}
	for _, tc := range cases {
		s, a := Uncalled(tc.contrib)
		if s != tc.seat || a != tc.amount {
			t.Errorf("%v: seat %d amount %d, want %d %d", tc.contrib, s, a, tc.seat, tc.amount)
		}
	}
}

func TestPotsThreeAllInsAtDifferentStacks(t *testing.T) {
	// seat 0 all-in 100, seat 1 all-in 250, seat 2 all-in 400, seat 3
	// calls 400, seat 4 folded after putting in 50
	contrib := []int{100, 250, 400, 400, 50}
	live := []bool{true, true, true, true, false}
	got := Pots(contrib, live)
	want := []Pot{
		{Amount: 100*4 + 50, Eligible: []int{0, 1, 2, 3}},
		{Amount: 150 * 3, Eligible: []int{1, 2, 3}},
		{Amount: 150 * 2, Eligible: []int{2, 3}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("pots %+v, want %+v", got, want)
	}
}

func TestPotsFoldedChipsStayWhereTheyReached(t *testing.T) {
	// seat 2 folded after 300; seat 0 all-in 100; seats 1 and 3 in for 500
	contrib := []int{100, 500, 300, 500}
	live := []bool{true, true, false, true}
	got := Pots(contrib, live)
	want := []Pot{
		{Amount: 400, Eligible: []int{0, 1, 3}},
		{Amount: 400 + 200 + 400, Eligible: []int{1, 3}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("pots %+v, want %+v", got, want)
	}
}

func TestPotsNoAllIn(t *testing.T) {
	got := Pots([]int{60, 60, 20, 60}, []bool{true, true, false, true})
	if len(got) != 1 || got[0].Amount != 200 || !reflect.DeepEqual(got[0].Eligible, []int{0, 1, 3}) {
		t.Fatalf("pots %+v", got)
	}
}

func TestSplitOddChip(t *testing.T) {
	// 101 between seats 1 and 4, button at 3: seat 4 is first left of it
	got := Split(101, []int{1, 4}, 3, 6)
	if got[4] != 51 || got[1] != 50 {
		t.Fatalf("split %v", got)
	}
	// three ways, two odd chips, button 0: seats 1 and 2 get them
	got = Split(302, []int{0, 1, 2}, 0, 3)
	if got[1] != 101 || got[2] != 101 || got[0] != 100 {
		t.Fatalf("split %v", got)
	}
	// the button itself is last in line
	got = Split(3, []int{2, 0}, 0, 3)
	if got[2] != 2 || got[0] != 1 {
		t.Fatalf("split %v", got)
	}
}

// TestPotsConserveChips: for random contributions and folds, the pots hold
// every chip put in, each pot has an eligible seat, and a seat is eligible
// for a pot only if it is live and put in at least that pot's level.
func TestPotsConserveChips(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 20000; i++ {
		n := 2 + rng.IntN(8)
		contrib := make([]int, n)
		live := make([]bool, n)
		total, anyLive := 0, false
		for s := range contrib {
			contrib[s] = rng.IntN(5) * 50
			live[s] = rng.IntN(3) > 0
			anyLive = anyLive || (live[s] && contrib[s] > 0)
			total += contrib[s]
		}
		if !anyLive {
			continue
		}
		if s, a := Uncalled(contrib); s >= 0 {
			contrib[s] -= a
			total -= a
		}
		pots := Pots(contrib, live)
		sum := 0
		for _, p := range pots {
			sum += p.Amount
			if len(p.Eligible) == 0 {
				t.Fatalf("%v %v: a pot nobody can win", contrib, live)
			}
			for _, e := range p.Eligible {
				if !live[e] {
					t.Fatalf("folded seat %d eligible", e)
				}
			}
		}
		if sum != total {
			t.Fatalf("%v %v: pots hold %d of %d chips", contrib, live, sum, total)
		}
		for _, p := range pots {
			won := Split(p.Amount, p.Eligible, rng.IntN(n), n)
			got := 0
			for _, v := range won {
				got += v
			}
			if got != p.Amount {
				t.Fatalf("split of %d paid %d", p.Amount, got)
			}
		}
	}
}

func card(t testing.TB, s string) cards.Card {
	t.Helper()
	c, err := cards.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestLivePots: while betting goes on only an all-in caps a pot; blinds
// and open bets make one pot for everyone still in.
func TestLivePots(t *testing.T) {
	for _, c := range []struct {
		name    string
		contrib []int
		live    []bool
		allIn   []bool
		want    []Pot
	}{
		{"blinds", []int{0, 10, 20}, []bool{true, true, true}, []bool{false, false, false},
			[]Pot{{30, []int{0, 1, 2}}}},
		{"a fold", []int{60, 10, 60}, []bool{true, false, true}, []bool{false, false, false},
			[]Pot{{130, []int{0, 2}}}},
		{"a short all-in", []int{100, 40, 100, 0}, []bool{true, true, true, true}, []bool{false, true, false, false},
			[]Pot{{120, []int{0, 1, 2, 3}}, {120, []int{0, 2, 3}}}},
		{"two all-ins", []int{300, 50, 120, 300}, []bool{true, true, true, true}, []bool{false, true, true, false},
			[]Pot{{200, []int{0, 1, 2, 3}}, {210, []int{0, 2, 3}}, {360, []int{0, 3}}}},
	} {
		got := LivePots(c.contrib, c.live, c.allIn)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}
