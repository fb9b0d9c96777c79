package i18n

import "strings"

// Fixed is a fixed list of messages written in every language of the
// default catalog (the pseudo-language's too) once, when it is made, at a
// package's start: words a page writes often, such as the cards' names,
// read by number with neither a lookup nor an allocation. It never
// changes after.
type Fixed struct {
	msgs  []Msg
	langs []*Lang
	texts [][]string // by language (langs), then by message
}

// NewFixed writes msgs in every language of the default catalog.
func NewFixed(msgs ...Msg) *Fixed {
	f := &Fixed{msgs: msgs}
	for _, l := range append(std.langs[:len(std.langs):len(std.langs)], std.Lookup(PseudoCode)) {
		// one string a language, cut into its messages
		var b strings.Builder
		ends := make([]int, len(msgs))
		for i, m := range msgs {
			b.WriteString(l.Msg(m))
			ends[i] = b.Len()
		}
		all, texts, from := b.String(), make([]string, len(msgs)), 0
		for i, to := range ends {
			texts[i], from = all[from:to], to
		}
		f.langs, f.texts = append(f.langs, l), append(f.texts, texts)
	}
	return f
}

// Len is how many messages f has.
func (f *Fixed) Len() int { return len(f.msgs) }

// In is message i in l (written now for a language of another catalog).
func (f *Fixed) In(l *Lang, i int) string {
	for j, fl := range f.langs {
		if fl == l {
			return f.texts[j][i]
		}
	}
	return l.Msg(f.msgs[i])
}
