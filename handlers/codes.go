package handlers

import (
	"strings"

	"github.com/tablegames/tables/room"
)

// validCode reports whether s is a well-formed table code: 4 or 8
// characters of the codes' alphabet.
func validCode(s string) bool {
	switch len(s) {
	case room.ShortCode, room.LongCode:
	default:
		return false
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(room.CodeAlphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}

// normalCode reads a code as people type it: any case, with spaces or a
// dash between the halves of a long one.
func normalCode(raw string) (string, bool) {
	if validCode(raw) {
		return raw, true // as links and pages write it
	}
	code := strings.ToUpper(codeSeparators.Replace(strings.TrimSpace(raw)))
	return code, validCode(code)
}

var codeSeparators = strings.NewReplacer(" ", "", "-", "")
