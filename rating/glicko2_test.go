package rating

import (
	"math"
	"testing"
)

// The worked example of Glickman's "Example of the Glicko-2 system": a
// player rated 1500, RD 200, σ 0.06, τ 0.5, plays three games in one rating
// period.
var (
	paperPlayer  = Rating{R: 1500, RD: 200, Vol: 0.06}
	paperResults = []Result{
		{Opponent: Rating{R: 1400, RD: 30, Vol: 0.06}, Score: Win},
		{Opponent: Rating{R: 1550, RD: 100, Vol: 0.06}, Score: Loss},
		{Opponent: Rating{R: 1700, RD: 300, Vol: 0.06}, Score: Loss},
	}
)

// round rounds x to n decimals, as the paper prints its numbers.
func round(x float64, n int) float64 {
	p := math.Pow(10, float64(n))
	return math.Round(x*p) / p
}

// printed checks that got, rounded to the decimals of the paper's printed
// value want, is want.
func printed(t *testing.T, name string, got, want float64, decimals int) {
	t.Helper()
	if round(got, decimals) != want {
		t.Errorf("%s = %.*f (%v), the paper prints %.*f", name, decimals, got, got, decimals, want)
	}
}

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if !(math.Abs(got-want) <= tol) {
		t.Errorf("%s = %v, want %v ± %v", name, got, want, tol)
	}
}

// Steps 2 to 8 of the paper, each quantity to the precision it is printed
// with. The paper works with its rounded intermediate values (v and Δ
// from the printed g and E, r' from the printed μ'), so where that
// rounding carries into the next printed digit the test also redoes the
// paper's step from the paper's printed inputs.
func TestPaperWorkedExample(t *testing.T) {
	out, tr := period(paperPlayer, paperResults, 0.5)

	// Step 2: μ = 0, φ = 1.1513; the opponents' μj and φj.
	printed(t, "μ", tr.mu, 0, 4)
	printed(t, "φ", tr.phi, 1.1513, 4)
	for j, want := range []struct{ mu, phi, g, e float64 }{
		{-0.5756, 0.1727, 0.9955, 0.639},
		{0.2878, 0.5756, 0.9531, 0.432},
		{1.1513, 1.7269, 0.7242, 0.303},
	} {
		printed(t, "μj", tr.muJ[j], want.mu, 4)
		printed(t, "φj", tr.phiJ[j], want.phi, 4)
		// Step 3's table: g(φj) and E(μ, μj, φj).
		printed(t, "g(φj)", tr.g[j], want.g, 4)
		printed(t, "E(μ, μj, φj)", tr.e[j], want.e, 3)
	}

	// Steps 3 and 4 from the paper's printed g and E: v = 1.7785 and
	// Δ = −0.4834.
	pv, pdelta, _ := varianceDelta(
		[]float64{0.9955, 0.9531, 0.7242},
		[]float64{0.639, 0.432, 0.303},
		[]float64{1, 0, 0})
	printed(t, "v from the printed g, E", pv, 1.7785, 4)
	printed(t, "Δ from the printed g, E", pdelta, -0.4834, 4)
	// Unrounded, v and Δ differ from the printed ones only by the paper's
	// rounding of E to three decimals (1.77898 and −0.48393).
	near(t, "v", tr.v, 1.7785, 0.001)
	near(t, "Δ", tr.delta, -0.4834, 0.001)

	// Step 5: σ' = 0.05999, both from our own v and Δ and from the
	// paper's printed φ, v and Δ.
	near(t, "σ'", tr.sigma, 0.05999, 0.00001)
	sigma, _ := volatility(1.1513, 0.06, 1.7785, -0.4834, 0.5)
	near(t, "σ' from the printed φ, v, Δ", sigma, 0.05999, 0.00001)
	if tr.iterations == 0 || tr.iterations >= maxIterations {
		t.Errorf("the Illinois iteration ran %d times", tr.iterations)
	}

	// Step 6: φ* = sqrt(φ² + σ'²) = sqrt(1.1513² + 0.05999²).
	near(t, "φ*", tr.phiStar, math.Sqrt(1.1513*1.1513+0.05999*0.05999), 0.0001)

	// Step 7: φ' = 0.8722, μ' = −0.2069.
	printed(t, "φ'", tr.phiNew, 0.8722, 4)
	printed(t, "μ'", tr.muNew, -0.2069, 4)

	// Step 8: r' = 173.7178 · (−0.2069) + 1500 = 1464.06 and
	// RD' = 173.7178 · 0.8722 = 151.52. The paper's r' comes from its
	// rounded μ'; unrounded, μ' = −0.206941 gives r' = 1464.0507, within
	// the 0.0087 that rounding μ' to four decimals can move r'.
	printed(t, "r' from the printed μ'", Scale*-0.2069+1500, 1464.06, 2)
	near(t, "r'", out.R, 1464.06, 0.01)
	printed(t, "RD'", out.RD, 151.52, 2)
	near(t, "σ' (Vol)", out.Vol, 0.05999, 0.00001)

	// The public Update gives the same result as the traced period.
	if got := Update(paperPlayer, paperResults); got != out {
		t.Errorf("Update = %+v, the traced period gave %+v", got, out)
	}
	// Regression: our float64 values, to catch any change of arithmetic.
	near(t, "r' (regression)", out.R, 1464.0506705, 1e-6)
	near(t, "RD' (regression)", out.RD, 151.5165241, 1e-6)
	near(t, "σ' (regression)", out.Vol, 0.0599959843, 1e-9)
}

// The paper's step 5.2: as Δ² ≤ φ² + v here, B = a − kτ with the first
// k ≥ 1 for which f(a − kτ) ≥ 0; the iteration must still converge when
// Δ² > φ² + v, where B = ln(Δ² − φ² − v) (a big upset).
func TestVolatilityBothBrackets(t *testing.T) {
	// Δ² > φ² + v: a low-RD player beats a much stronger one, so the
	// volatility rises.
	upset := Rating{R: 1200, RD: 50, Vol: 0.06}
	_, tr := period(upset, []Result{{Opponent: Rating{R: 2200, RD: 50, Vol: 0.06}, Score: Win}}, 0.5)
	if tr.delta*tr.delta <= tr.phi*tr.phi+tr.v {
		t.Fatalf("test case does not reach the Δ² > φ² + v branch: Δ² %v, φ²+v %v", tr.delta*tr.delta, tr.phi*tr.phi+tr.v)
	}
	if !(tr.sigma > 0.06) || tr.iterations >= maxIterations {
		t.Errorf("after an upset σ' = %v in %d iterations, want above 0.06 and converged", tr.sigma, tr.iterations)
	}
	// The expected result confirmed: the volatility falls a little.
	_, tr = period(upset, []Result{{Opponent: Rating{R: 1000, RD: 50, Vol: 0.06}, Score: Win}}, 0.5)
	if !(tr.sigma < 0.06) {
		t.Errorf("after an expected win σ' = %v, want below 0.06", tr.sigma)
	}
}

// The paper's rule for a player who does not compete: R and σ stay,
// φ' = sqrt(φ² + σ²). By hand: φ = 200/173.7178 = 1.151292,
// φ' = sqrt(1.325473 + 0.0036) = 1.152854, RD' = 200.27.
func TestIdle(t *testing.T) {
	got := Idle(paperPlayer)
	if got.R != 1500 || got.Vol != 0.06 {
		t.Errorf("Idle changed R or Vol: %+v", got)
	}
	printed(t, "idle RD'", got.RD, 200.27, 2)
	phi := 200 / Scale
	near(t, "idle RD' by the formula", got.RD, Scale*math.Sqrt(phi*phi+0.06*0.06), 1e-9)

	// RD never grows past MaxRD.
	if got := Idle(Default()); got.RD != MaxRD {
		t.Errorf("Idle(Default()).RD = %v, want %v", got.RD, MaxRD)
	}
	if got := Idle(Rating{R: 1500, RD: 349.99, Vol: 0.06}); got.RD != MaxRD {
		t.Errorf("Idle near the cap gave RD %v, want %v", got.RD, MaxRD)
	}
	// No results in a period is not competing.
	for _, results := range [][]Result{nil, {}} {
		if got, want := Update(paperPlayer, results), Idle(paperPlayer); got != want {
			t.Errorf("Update with no results = %+v, want Idle = %+v", got, want)
		}
	}
}

func TestDefault(t *testing.T) {
	if got := Default(); got != (Rating{R: 1500, RD: 350, Vol: 0.06}) {
		t.Errorf("Default() = %+v", got)
	}
}

func TestRDClamped(t *testing.T) {
	// Many wins against a well-known equal player: RD falls, never below
	// MinRD.
	r := Rating{R: 1500, RD: 40, Vol: 0.06}
	var results []Result
	for i := 0; i < 500; i++ {
		results = append(results, Result{Opponent: Rating{R: 1500, RD: 30, Vol: 0.06}, Score: Draw})
	}
	if got := Update(r, results); got.RD != MinRD {
		t.Errorf("after 500 draws RD = %v, want the floor %v", got.RD, MinRD)
	}
	// An RD above the cap is read as the cap.
	if got, want := Update(Rating{R: 1500, RD: 900, Vol: 0.06}, paperResults),
		Update(Rating{R: 1500, RD: MaxRD, Vol: 0.06}, paperResults); got != want {
		t.Errorf("RD 900 gave %+v, RD %v gave %+v", got, MaxRD, want)
	}
}

func TestBadInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		name string
		in   Rating
		same Rating // the sane rating it must be read as
	}{
		{"NaN R", Rating{R: nan, RD: 200, Vol: 0.06}, Rating{R: 1500, RD: 200, Vol: 0.06}},
		{"-Inf R", Rating{R: -inf, RD: 200, Vol: 0.06}, Rating{R: 1500, RD: 200, Vol: 0.06}},
		{"negative RD", Rating{R: 1500, RD: -5, Vol: 0.06}, Rating{R: 1500, RD: MaxRD, Vol: 0.06}},
		{"zero RD", Rating{R: 1500, RD: 0, Vol: 0.06}, Rating{R: 1500, RD: MaxRD, Vol: 0.06}},
		{"NaN RD", Rating{R: 1500, RD: nan, Vol: 0.06}, Rating{R: 1500, RD: MaxRD, Vol: 0.06}},
		{"tiny RD", Rating{R: 1500, RD: 1, Vol: 0.06}, Rating{R: 1500, RD: MinRD, Vol: 0.06}},
		{"NaN Vol", Rating{R: 1500, RD: 200, Vol: nan}, Rating{R: 1500, RD: 200, Vol: DefaultVol}},
		{"negative Vol", Rating{R: 1500, RD: 200, Vol: -1}, Rating{R: 1500, RD: 200, Vol: DefaultVol}},
		{"zero value", Rating{}, Rating{R: 0, RD: MaxRD, Vol: DefaultVol}},
	}
	for _, c := range cases {
		if got, want := Update(c.in, paperResults), Update(c.same, paperResults); got != want {
			t.Errorf("%s: Update = %+v, want it read as %+v giving %+v", c.name, got, c.same, want)
		}
		if got, want := Idle(c.in), Idle(c.same); got != want {
			t.Errorf("%s: Idle = %+v, want %+v", c.name, got, want)
		}
		// The same rules for an opponent.
		if got, want := Update(paperPlayer, []Result{{Opponent: c.in, Score: Win}}),
			Update(paperPlayer, []Result{{Opponent: c.same, Score: Win}}); got != want {
			t.Errorf("%s as opponent: %+v, want %+v", c.name, got, want)
		}
	}

	// Scores outside [0, 1] are ignored; with none left it is Idle.
	opp := Rating{R: 1400, RD: 30, Vol: 0.06}
	withBad := append([]Result{{opp, nan}, {opp, -1}, {opp, 2}, {opp, inf}}, paperResults...)
	if got, want := Update(paperPlayer, withBad), Update(paperPlayer, paperResults); got != want {
		t.Errorf("bad scores not ignored: %+v, want %+v", got, want)
	}
	if got, want := Update(paperPlayer, []Result{{opp, nan}}), Idle(paperPlayer); got != want {
		t.Errorf("only bad scores: %+v, want Idle %+v", got, want)
	}
}

// Whatever the floats, Update returns a finite rating with RD in range
// and does not hang or panic.
func TestExtremeInputsStaySane(t *testing.T) {
	vals := []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1e308, -1e6, -1, 0, 1e-300, 0.06, 1, 30, 350, 1500, 1e6, 1e308}
	for _, r := range vals {
		for _, rd := range vals {
			for _, vol := range vals {
				p := Rating{R: r, RD: rd, Vol: vol}
				for _, or := range []float64{r, 1500, -1e308, 1e308} {
					o := Rating{R: or, RD: rd, Vol: vol}
					for _, s := range []float64{Loss, Draw, Win} {
						checkSane(t, p, Update(p, []Result{{o, s}, {Default(), s}}))
					}
				}
				checkSane(t, p, Idle(p))
			}
		}
	}
}

func checkSane(t *testing.T, in, got Rating) {
	t.Helper()
	if !finite(got.R) || !finite(got.Vol) || got.Vol <= 0 || !(got.RD >= MinRD && got.RD <= MaxRD) {
		t.Fatalf("from %+v got %+v", in, got)
	}
}

func FuzzUpdate(f *testing.F) {
	f.Add(1500.0, 200.0, 0.06, 1400.0, 30.0, 0.06, 1.0)
	f.Add(1200.0, 50.0, 0.06, 2200.0, 50.0, 0.06, 1.0)
	f.Add(math.NaN(), -1.0, 0.0, math.Inf(1), 1e308, 1e308, 0.5)
	f.Fuzz(func(t *testing.T, r, rd, vol, or, ord, ovol, s float64) {
		p := Rating{R: r, RD: rd, Vol: vol}
		checkSane(t, p, Update(p, []Result{{Rating{R: or, RD: ord, Vol: ovol}, s}}))
	})
}
