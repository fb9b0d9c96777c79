package impetus

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkGame plays a whole 4-spirit game of heuristic bots.
func BenchmarkGame(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	turns := 0
	for b.Loop() {
		s, _, _ := New(DefaultRules, 4, rng.Uint64())
		for s.Phase != Over {
			w := s.Waiting()
			v := s.View(w[0])
			a, _ := Heuristic(&v, rng)
			s, _, _ = Apply(s, w[0], a)
		}
		turns += s.Turn
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}
