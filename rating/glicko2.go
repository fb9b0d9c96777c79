package rating

import "math"

// The system's constants. The names in brackets are the paper's.
const (
	// DefaultR is a new player's rating (step 1: r = 1500).
	DefaultR = 1500.0
	// DefaultVol is a new player's volatility (step 1: σ = 0.06).
	DefaultVol = 0.06
	// MaxRD is a new player's rating deviation (step 1: RD = 350) and the
	// largest RD this package ever returns: an RD past it would claim less
	// knowledge of a player than of one never seen.
	MaxRD = 350.0
	// MinRD is the smallest RD this package returns. Glicko-2 lets RD
	// shrink without bound for a player with many results, which freezes
	// the rating; sites that run Glicko floor it (ours counts each
	// multiplayer game as several pairwise results, so RD shrinks fast).
	MinRD = 30.0
	// Tau is the system constant τ, which limits how fast the volatility
	// changes. The paper suggests 0.3 to 1.2 and uses 0.5 in its example.
	Tau = 0.5
	// Scale converts between the Glicko scale and the Glicko-2 scale
	// (step 2: μ = (r − 1500)/173.7178, φ = RD/173.7178).
	Scale = 173.7178
	// Epsilon is the convergence tolerance ε of the volatility iteration
	// (step 5.1).
	Epsilon = 0.000001
)

// Scores of one game, from the rated player's side.
const (
	Loss = 0.0
	Draw = 0.5
	Win  = 1.0
)

// maxIterations bounds each loop of the volatility step. With finite
// inputs the paper's iteration converges in a handful of steps; the bound
// only keeps pathological floats from looping for ever.
const maxIterations = 200

// Rating is a player's Glicko-2 rating on the Glicko scale: R the rating,
// RD the rating deviation (one standard deviation of the estimate of R)
// and Vol the volatility σ (on the Glicko-2 scale, as in the paper). A
// rating's 95% interval is roughly R ± 2·RD.
type Rating struct {
	R, RD, Vol float64
}

// Default is a new player's rating: 1500, RD 350, volatility 0.06 (the
// paper's step 1).
func Default() Rating {
	return Rating{R: DefaultR, RD: MaxRD, Vol: DefaultVol}
}

// Result is one game of a rating period against one opponent: the
// opponent's rating at the start of the period and the score, [Win] (1),
// [Draw] (0.5) or [Loss] (0), or anything between.
type Result struct {
	Opponent Rating
	Score    float64
}

// Update returns r after one rating period in which the player had the
// given results, all of them treated as simultaneous (the paper's steps
// 2–8, τ = [Tau]). The input ratings are made sane first (see the package
// doc) and the returned RD is clamped to [[MinRD], [MaxRD]].
//
// Results whose Score is not within [0, 1] (NaN included) are ignored.
// With no results left (nil, empty, or all ignored), the player did not
// compete in the period and Update returns [Idle](r).
//
// Should the arithmetic still produce a non-finite value, Update returns
// the sane input unchanged rather than a broken rating.
func Update(r Rating, results []Result) Rating {
	out, _ := period(r, results, Tau)
	return out
}

// Idle returns r after a rating period in which the player did not compete
// (the paper, end of step 6): R and Vol stay, and the deviation grows,
// φ' = sqrt(φ² + σ²), up to [MaxRD]. The input is made sane first.
func Idle(r Rating) Rating {
	r = sane(r)
	phi := r.RD / Scale
	r.RD = clampRD(Scale * math.Sqrt(phi*phi+r.Vol*r.Vol))
	return r
}

// trace holds the paper's intermediate quantities of one period, for the
// tests that compare them with the paper's worked example.
type trace struct {
	mu, phi       float64   // step 2
	muJ, phiJ     []float64 // step 2, the opponents
	g, e          []float64 // step 3, per opponent
	v             float64   // step 3
	delta         float64   // step 4
	sigma         float64   // step 5, σ'
	iterations    int       // step 5.4, how many times the loop ran
	phiStar       float64   // step 6
	phiNew, muNew float64   // step 7
}

// period is [Update] with τ as a parameter, also returning the
// intermediate quantities.
func period(r Rating, results []Result, tau float64) (Rating, trace) {
	r = sane(r)
	var tr trace

	// Step 2: to the Glicko-2 scale.
	tr.mu = (r.R - DefaultR) / Scale
	tr.phi = r.RD / Scale
	var scores []float64
	for _, res := range results {
		if !(res.Score >= 0 && res.Score <= 1) { // NaN fails both
			continue
		}
		o := sane(res.Opponent)
		muJ, phiJ := (o.R-DefaultR)/Scale, o.RD/Scale
		gJ := g(phiJ)
		tr.muJ = append(tr.muJ, muJ)
		tr.phiJ = append(tr.phiJ, phiJ)
		tr.g = append(tr.g, gJ)
		tr.e = append(tr.e, expected(tr.mu, muJ, gJ))
		scores = append(scores, res.Score)
	}
	if len(scores) == 0 {
		return Idle(r), tr
	}

	// Steps 3 and 4: the estimated variance v and the improvement Δ.
	var sum float64
	tr.v, tr.delta, sum = varianceDelta(tr.g, tr.e, scores)

	// Step 5: the new volatility.
	tr.sigma, tr.iterations = volatility(tr.phi, r.Vol, tr.v, tr.delta, tau)

	// Step 6: the pre-period value φ*.
	tr.phiStar = math.Sqrt(tr.phi*tr.phi + tr.sigma*tr.sigma)

	// Step 7: the new φ' and μ'.
	tr.phiNew = 1 / math.Sqrt(1/(tr.phiStar*tr.phiStar)+1/tr.v)
	tr.muNew = tr.mu + tr.phiNew*tr.phiNew*sum

	// Step 8: back to the Glicko scale.
	out := Rating{
		R:   Scale*tr.muNew + DefaultR,
		RD:  clampRD(Scale * tr.phiNew),
		Vol: tr.sigma,
	}
	if !finite(out.R) || !finite(out.RD) || !finite(out.Vol) || out.Vol <= 0 {
		return r, tr
	}
	return out, tr
}

// g is the paper's g(φ) = 1/sqrt(1 + 3φ²/π²).
func g(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// expected is the paper's E(μ, μj, φj) = 1/(1 + exp(−g(φj)(μ − μj))), with
// g(φj) passed in.
func expected(mu, muJ, gJ float64) float64 {
	return 1 / (1 + math.Exp(-gJ*(mu-muJ)))
}

// varianceDelta is steps 3 and 4: from g(φj), E(μ, μj, φj) and the
// scores sj of each game, the estimated variance v = [Σ g²E(1−E)]⁻¹, the
// estimated improvement Δ = v·Σ g(s − E), and that sum Σ g(s − E).
func varianceDelta(gs, es, scores []float64) (v, delta, sum float64) {
	var inv float64
	for j := range scores {
		gJ, eJ := gs[j], es[j]
		inv += gJ * gJ * eJ * (1 - eJ)
		sum += gJ * (scores[j] - eJ)
	}
	v = 1 / inv
	return v, v * sum, sum
}

// volatility is step 5: σ' = exp(A/2) where A solves f(x) = 0, found with
// the paper's Illinois (regula falsi) iteration to the tolerance
// [Epsilon]. It also returns how many times the main loop ran.
func volatility(phi, sigma, v, delta, tau float64) (float64, int) {
	// 5.1
	a := math.Log(sigma * sigma)
	phi2, d2 := phi*phi, delta*delta
	f := func(x float64) float64 {
		ex := math.Exp(x)
		den := phi2 + v + ex
		return ex*(d2-phi2-v-ex)/(2*den*den) - (x-a)/(tau*tau)
	}
	// 5.2: the starting values A and B, which bracket the root.
	A := a
	var B float64
	if d2 > phi2+v {
		B = math.Log(d2 - phi2 - v)
	} else {
		k := 1.0
		for i := 0; f(a-k*tau) < 0 && i < maxIterations; i++ {
			k++
		}
		B = a - k*tau
	}
	// 5.3
	fA, fB := f(A), f(B)
	// 5.4
	n := 0
	for math.Abs(B-A) > Epsilon && n < maxIterations {
		n++
		C := A + (A-B)*fA/(fB-fA) // (a)
		fC := f(C)
		if fC*fB <= 0 { // (b)
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC // (c)
	}
	// 5.5
	return math.Exp(A / 2), n
}

// sane makes a rating usable (see the package doc).
func sane(r Rating) Rating {
	if !finite(r.R) {
		r.R = DefaultR
	}
	if !finite(r.RD) || r.RD <= 0 {
		r.RD = MaxRD
	}
	r.RD = clampRD(r.RD)
	if !finite(r.Vol) || r.Vol <= 0 {
		r.Vol = DefaultVol
	}
	return r
}

func clampRD(rd float64) float64 {
	return math.Min(MaxRD, math.Max(MinRD, rd))
}

func finite(x float64) bool {
	return !math.IsNaN(x) && !math.IsInf(x, 0)
}
