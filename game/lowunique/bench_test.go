package lowunique

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkThinkingSelect times the thinking bot's pair choice at the
// start of a 4-player game (28 pairs against 48 guesses).
func BenchmarkThinkingSelect(b *testing.B) {
	s, _ := New(DefaultRules, 4)
	v := s.View(0)
	rng := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		Thinking(&v, rng)
	}
}
