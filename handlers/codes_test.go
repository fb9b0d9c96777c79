package handlers

import (
	"strings"
	"testing"

	"github.com/tablegames/tables/room"
)

// FuzzCodes feeds arbitrary text to the code reader: what it accepts is a
// code of a length a table can have, in the codes' alphabet.
func FuzzCodes(f *testing.F) {
	for _, s := range []string{"ABCD", "kx7p-m4qa", "ZZ7PM4QAB2", "!!", "", "KX7P M4QA", "ABCDE"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		code, ok := normalCode(raw)
		if !ok {
			return
		}
		switch len(code) {
		case 4, 6, 8, 10:
		default:
			t.Fatalf("%q read as %q", raw, code)
		}
		for _, c := range code {
			if !strings.ContainsRune(room.CodeAlphabet, c) {
				t.Fatalf("%q read as %q", raw, code)
			}
		}
	})
}
