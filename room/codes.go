package room

import (
	"crypto/rand"
	"math/big"
)

// CodeAlphabet is what table codes are drawn from: no look-alike
// characters (no I, L, O, 0, 1).
const CodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// Table codes: a private table's has LongCode characters (31^8 ≈ 8.5·10^11,
// so guessing finds nothing: see docs/SECURITY.md); a public table's, or
// one whose host asked for a code to say aloud, has ShortCode. In a
// cluster a machine's tag stands in front.
const (
	ShortCode = 4
	LongCode  = 8
)

// NewCode draws a code of n characters, uniformly from the alphabet.
func NewCode(n int) string {
	b := make([]byte, n)
	size := big.NewInt(int64(len(CodeAlphabet)))
	for i := range b {
		k, _ := rand.Int(rand.Reader, size)
		b[i] = CodeAlphabet[k.Int64()]
	}
	return string(b)
}
