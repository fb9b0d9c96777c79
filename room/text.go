package room

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablegames/tables/game"
)

// CheckName trims a name and checks it: 1–20 printable characters, at
// least one of them visible, and no pile of combining marks.
func CheckName(raw string) (string, error) {
	return checkText(raw, 20, textRules{code: "INVALID_NAME",
		empty: "error.name.length", long: "error.name.length", unprintable: "error.name.unprintable",
		invisible: "error.name.invisible", marks: "error.name.marks"})
}

// textRules are what a name or a chat line is told when it breaks a rule
// of checkText: its error's code and a catalog key for each rule.
type textRules struct{ code, empty, long, unprintable, invisible, marks string }

// checkText trims a text a person typed and checks it: 1 to max
// characters of valid UTF-8, all printable, one at least visible, and no
// pile of combining marks.
func checkText(raw string, max int, m textRules) (string, error) {
	text := strings.TrimSpace(raw)
	n := utf8.RuneCountInString(text)
	switch {
	case n == 0:
		return "", game.Err(m.code, m.empty)
	case !utf8.ValidString(text) || n > max:
		return "", game.Err(m.code, m.long)
	}
	visible := false
	for _, r := range text {
		if !unicode.IsPrint(r) {
			return "", game.Err(m.code, m.unprintable)
		}
		visible = visible || isVisible(r)
	}
	if !visible {
		return "", game.Err(m.code, m.invisible)
	}
	if markPile(text) {
		return "", game.Err(m.code, m.marks)
	}
	return text, nil
}

// maxMarks is the most combining marks one character may carry: enough
// for every script's accents and vowel signs, too few for a "zalgo" pile
// that spills over the lines around it.
const maxMarks = 3

// markPile reports a run of more than maxMarks combining marks.
func markPile(s string) bool {
	run := 0
	for _, r := range s {
		if unicode.Is(unicode.M, r) {
			if run++; run > maxMarks {
				return true
			}
			continue
		}
		run = 0
	}
	return false
}

// isVisible reports whether a printable rune shows as something: not a
// space, not a combining mark, and not one of the letters and symbols
// that draw nothing (the Hangul fillers, the blank Braille pattern, the
// Khmer inherent vowels).
func isVisible(r rune) bool {
	switch r {
	case ' ', '\u115F', '\u1160', '\u3164', '\uFFA0', '\u2800', '\u17B4', '\u17B5':
		return false
	}
	return !unicode.Is(unicode.M, r)
}
