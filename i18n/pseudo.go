package i18n

import (
	"strings"

	"golang.org/x/text/language"
)

// pseudo builds en-XA from English: every literal letter accented, each
// message bracketed ⟦…⟧ and a third longer, placeholders kept. A string on
// a page without the brackets did not come from the catalog; the length
// shows what a longer language does to the layout.
func pseudo(en *Lang) *Lang {
	l := &Lang{code: PseudoCode, tag: language.Make(PseudoCode), keys: en.keys, msgs: make([]message, len(en.msgs)), pseudo: true}
	var lay layout
	for i := range en.msgs {
		m, key := &en.msgs[i], en.keys.key(i)
		if !m.ok {
			continue
		}
		var forms [6][]piece
		for f, segs := range m.forms {
			switch {
			case !pseudoKey(key):
				forms[f] = en.pieces(segs)
			case f == 0 || !segs.empty():
				forms[f] = pseudoSegs(en.pieces(segs))
			}
		}
		l.msgs[i] = lay.message(forms, "")
	}
	lay.settle(l)
	l.settle()
	l.name = "Pseudo (en-XA)"
	return l
}

// pseudoKey reports a key whose text is words (not a number's separator
// or a list's joint, which stay English's so numbers and lists parse).
func pseudoKey(key string) bool {
	return !strings.HasPrefix(key, "number.") && !strings.HasPrefix(key, "list.")
}

func pseudoSegs(segs []piece) []piece {
	out := make([]piece, 0, len(segs)+2)
	out = append(out, piece{lit: "⟦"})
	letters := 0
	for _, s := range segs {
		if s.arg != "" {
			out = append(out, s)
			continue
		}
		out = append(out, piece{lit: accent(s.lit)})
		letters += len([]rune(s.lit))
	}
	out = append(out, piece{lit: strings.Repeat("·", (letters+2)/3) + "⟧"})
	return out
}

var accents = map[rune]rune{
	'a': 'á', 'b': 'ƀ', 'c': 'ç', 'd': 'ð', 'e': 'é', 'f': 'ƒ', 'g': 'ĝ', 'h': 'ĥ', 'i': 'î', 'j': 'ĵ',
	'k': 'ķ', 'l': 'ļ', 'm': 'ɱ', 'n': 'ñ', 'o': 'ö', 'p': 'þ', 'q': 'ǫ', 'r': 'ŕ', 's': 'š', 't': 'ţ',
	'u': 'û', 'v': 'ṽ', 'w': 'ŵ', 'x': 'ẋ', 'y': 'ý', 'z': 'ž',
	'A': 'Å', 'B': 'Ɓ', 'C': 'Ç', 'D': 'Ð', 'E': 'É', 'F': 'Ƒ', 'G': 'Ĝ', 'H': 'Ĥ', 'I': 'Î', 'J': 'Ĵ',
	'K': 'Ķ', 'L': 'Ļ', 'M': 'Ṁ', 'N': 'Ñ', 'O': 'Ö', 'P': 'Þ', 'Q': 'Ǫ', 'R': 'Ŕ', 'S': 'Š', 'T': 'Ţ',
	'U': 'Û', 'V': 'Ṽ', 'W': 'Ŵ', 'X': 'Ẋ', 'Y': 'Ý', 'Z': 'Ž',
}

func accent(s string) string {
	return strings.Map(func(r rune) rune {
		if a, ok := accents[r]; ok {
			return a
		}
		return r
	}, s)
}

// Unbracket removes every pseudo-language message (⟦…⟧) from s: what is
// left on a page rendered in en-XA did not come from the catalog.
func Unbracket(s string) string {
	out, _ := UnbracketFrom(s, 0)
	return out
}

// UnbracketFrom is Unbracket of a text that starts depth messages deep,
// and the depth where it ends: a message with markup inside (a Markup
// argument) spans several text nodes of a page.
func UnbracketFrom(s string, depth int) (string, int) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '⟦':
			depth++
		case r == '⟧' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String(), depth
}
