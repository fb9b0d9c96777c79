package rating

import (
	"math"
	"testing"
)

func person(r Rating, place int) Placed { return Placed{Rating: r, Place: place} }
func bot(r Rating, place int) Placed    { return Placed{Rating: r, Place: place, Bot: true} }

// Three new players place 1, 2, 3. By hand: φ = 350/173.7178 = 2.014761,
// g(φ) = 1/sqrt(1 + 3φ²/π²) = 0.669068, every E = 0.5, so
// v = 1/(2 · g² · 0.25) = 4.467754. The winner's Σ g(s − E) = g = 0.669068;
// with σ' ≈ 0.06, φ* = sqrt(φ² + 0.0036) = 2.015654,
// φ' = 1/sqrt(1/φ*² + 1/v) = 1.458715, μ' = φ'² · 0.669068 = 1.423683:
// r' = 1500 + 173.7178 · 1.423683 = 1747.32, RD' = 173.7178 · φ' = 253.40.
// The last is the mirror image (1252.68); the middle's sum is 0, so its
// rating stays 1500.
func TestThreePeopleFromEqualRatings(t *testing.T) {
	got := RateGame([]Placed{person(Default(), 1), person(Default(), 2), person(Default(), 3)})
	if len(got) != 3 {
		t.Fatalf("got %d ratings, want 3", len(got))
	}
	first, middle, last := got[0], got[1], got[2]

	near(t, "first R", first.R, 1747.32, 0.01)
	near(t, "first RD", first.RD, 253.40, 0.01)
	near(t, "last R", last.R, 1252.68, 0.01)
	near(t, "middle R", middle.R, 1500, 1e-9)

	if !(first.R > 1500) || !(last.R < 1500) {
		t.Errorf("first %v should gain and last %v lose", first.R, last.R)
	}
	// Symmetry: the winner gains what the last loses, with the same RD and
	// volatility.
	near(t, "gain + loss", (first.R-1500)+(last.R-1500), 0, 1e-9)
	near(t, "first RD − last RD", first.RD-last.RD, 0, 1e-9)
	near(t, "first Vol − last Vol", first.Vol-last.Vol, 0, 1e-12)
	// Everyone played two results, so every RD falls from 350.
	for i, r := range got {
		if !(r.RD < MaxRD) {
			t.Errorf("seat %d RD %v did not fall", i, r.RD)
		}
	}
}

// A 9-person game (the most our tables seat) of equals: the ratings are
// strictly ordered by place and symmetric about 1500.
func TestNinePeopleOrderedAndSymmetric(t *testing.T) {
	seats := make([]Placed, 9)
	for i := range seats {
		seats[i] = person(Default(), i+1)
	}
	got := RateGame(seats)
	for i := 1; i < len(got); i++ {
		if !(got[i].R < got[i-1].R) {
			t.Errorf("place %d rated %v, not below place %d's %v", i+1, got[i].R, i, got[i-1].R)
		}
	}
	for i := range got {
		near(t, "mirror", (got[i].R-1500)+(got[8-i].R-1500), 0, 1e-9)
	}
	near(t, "middle", got[4].R, 1500, 1e-9)
}

// Equal players who tie get equal changes; a tie between two alone is a
// draw between equals and moves no rating.
func TestTies(t *testing.T) {
	got := RateGame([]Placed{person(Default(), 1), person(Default(), 1), person(Default(), 3)})
	if got[0] != got[1] {
		t.Errorf("tied equals rated differently: %+v and %+v", got[0], got[1])
	}
	if !(got[0].R > 1500) || !(got[2].R < 1500) {
		t.Errorf("tied winners %v should gain and the last %v lose", got[0].R, got[2].R)
	}

	got = RateGame([]Placed{person(Default(), 2), person(Default(), 1), person(Default(), 2)})
	if got[0] != got[2] {
		t.Errorf("tied last places rated differently: %+v and %+v", got[0], got[2])
	}

	got = RateGame([]Placed{person(Default(), 1), person(Default(), 1)})
	for i, r := range got {
		near(t, "R after a draw of equals", r.R, 1500, 1e-9)
		if !(r.RD < MaxRD) {
			t.Errorf("seat %d: a draw is a result, RD should fall, got %v", i, r.RD)
		}
	}
	if got[0] != got[1] {
		t.Errorf("a draw of equals rated them differently: %+v", got)
	}
}

// Only places among people count: bots are returned as given, and bots
// placed anywhere do not change the people's new ratings.
func TestBotsExcluded(t *testing.T) {
	a := Rating{R: 1600, RD: 120, Vol: 0.06}
	b := Rating{R: 1450, RD: 200, Vol: 0.05}
	strong := Rating{R: 2500, RD: 30, Vol: 0.06}
	weak := Rating{R: 800, RD: 30, Vol: 0.06}

	want := RateGame([]Placed{person(a, 1), person(b, 2)})
	got := RateGame([]Placed{bot(strong, 1), person(a, 2), bot(weak, 3), person(b, 4), bot(Default(), 5)})
	if got[1] != want[0] || got[3] != want[1] {
		t.Errorf("with bots: %+v, %+v; without: %+v, %+v", got[1], got[3], want[0], want[1])
	}
	if got[0] != strong || got[2] != weak || got[4] != Default() {
		t.Errorf("bots were rated: %+v", got)
	}
	// Two people and a bot between them: the same as the two alone.
	got = RateGame([]Placed{person(a, 1), bot(weak, 2), person(b, 3)})
	if got[0] != want[0] || got[2] != want[1] {
		t.Errorf("bot between: %+v; without: %+v", got, want)
	}
	// And the pairwise rule: the two people rated as one Update each.
	if w := Update(a, []Result{{b, Win}}); want[0] != w {
		t.Errorf("RateGame %+v, Update %+v", want[0], w)
	}
	if w := Update(b, []Result{{a, Loss}}); want[1] != w {
		t.Errorf("RateGame %+v, Update %+v", want[1], w)
	}
}

// A game with a single person (the rest bots) or none rates nothing.
func TestNothingToRate(t *testing.T) {
	a := Rating{R: 1600, RD: 120, Vol: 0.06}
	seats := []Placed{bot(Default(), 1), person(a, 2), bot(Default(), 3)}
	got := RateGame(seats)
	for i := range seats {
		if got[i] != seats[i].Rating {
			t.Errorf("seat %d changed: %+v", i, got[i])
		}
	}
	if got := RateGame([]Placed{person(a, 1)}); len(got) != 1 || got[0] != a {
		t.Errorf("lone person: %+v", got)
	}
	if got := RateGame([]Placed{bot(a, 1), bot(a, 2)}); got[0] != a || got[1] != a {
		t.Errorf("bots only: %+v", got)
	}
	if got := RateGame(nil); got == nil || len(got) != 0 {
		t.Errorf("RateGame(nil) = %#v, want an empty slice", got)
	}
}

// The order of the seats does not matter, only the places; every rating
// is computed from the ratings before the game.
func TestOrderIndependent(t *testing.T) {
	seats := []Placed{
		person(Rating{R: 1700, RD: 80, Vol: 0.06}, 3),
		person(Rating{R: 1500, RD: 350, Vol: 0.06}, 1),
		bot(Default(), 2),
		person(Rating{R: 1350, RD: 150, Vol: 0.07}, 2),
		person(Rating{R: 1500, RD: 60, Vol: 0.06}, 4),
	}
	got := RateGame(seats)
	perm := []int{4, 2, 0, 3, 1}
	shuffled := make([]Placed, len(seats))
	for i, p := range perm {
		shuffled[i] = seats[p]
	}
	again := RateGame(shuffled)
	// (Equal up to the order in which floats are summed.)
	for i, p := range perm {
		a, b := again[i], got[p]
		if math.Abs(a.R-b.R) > 1e-9 || math.Abs(a.RD-b.RD) > 1e-9 || math.Abs(a.Vol-b.Vol) > 1e-12 {
			t.Errorf("seat %d: %+v in one order, %+v in another", p, b, a)
		}
	}
	// An upset: the 1350 player's second place beats the 1700 and the
	// 1500/60, so they gain; the 1700 placing third loses.
	if !(got[3].R > 1350) || !(got[0].R < 1700) {
		t.Errorf("upset not rated: %+v", got)
	}
	// The input slice is not changed.
	if seats[0].Rating.R != 1700 || seats[1].Rating.RD != 350 {
		t.Errorf("RateGame changed its input: %+v", seats)
	}
}

// Bad ratings at the table do not break the others' results.
func TestRateGameBadInput(t *testing.T) {
	nan := math.NaN()
	got := RateGame([]Placed{
		person(Rating{R: nan, RD: -1, Vol: nan}, 1),
		person(Default(), 2),
		person(Default(), 3),
	})
	for _, r := range got {
		checkSane(t, Rating{}, r)
	}
	want := RateGame([]Placed{person(Default(), 1), person(Default(), 2), person(Default(), 3)})
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("seat %d: %+v, want it read as Default: %+v", i, got[i], want[i])
		}
	}
}
