package cards

import "math/rand/v2"

// Source is the seeded random source every engine draws from. It is a
// PCG generator, whose output is fixed by its published algorithm, so a seed
// reproduces the same shuffle and the same dice on every build and machine.
type Source struct{ pcg *rand.PCG }

// NewSource seeds a source. Two values make the seed: for example a table's
// seed and the deal number.
func NewSource(seed, stream uint64) *Source { return &Source{rand.NewPCG(seed, stream)} }

// Uint64 returns the next 64 random bits.
func (s *Source) Uint64() uint64 { return s.pcg.Uint64() }

// IntN returns a uniform integer in [0, n) by Lemire's multiply-and-reject
// method; n must be positive.
func (s *Source) IntN(n int) int {
	bound := uint64(n)
	hi, lo := mul64(s.pcg.Uint64(), bound)
	if lo < bound {
		threshold := -bound % bound
		for lo < threshold {
			hi, lo = mul64(s.pcg.Uint64(), bound)
		}
	}
	return int(hi)
}

func mul64(a, b uint64) (hi, lo uint64) {
	const mask32 = 1<<32 - 1
	a0, a1 := a&mask32, a>>32
	b0, b1 := b&mask32, b>>32
	w0 := a0 * b0
	t := a1*b0 + w0>>32
	w1 := t&mask32 + a0*b1
	hi = a1*b1 + t>>32 + w1>>32
	lo = a * b
	return
}

// Shuffle puts the cards in random order (Fisher–Yates, from the last card
// down).
func Shuffle(d []Card, src *Source) {
	for i := len(d) - 1; i > 0; i-- {
		j := src.IntN(i + 1)
		d[i], d[j] = d[j], d[i]
	}
}
