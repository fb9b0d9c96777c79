package i18n

// Fixed is a fixed list of messages written in every language of the
// default catalog (the pseudo-language's too) once, when it is made, at a
// package's start: words a page writes often, such as the cards' names,
// read by number with neither a lookup nor an allocation. It never
// changes after.
type Fixed struct {
	msg   func(i int) Msg
	langs []*Lang
	texts []string   // by language (langs): its messages one after the other
	ends  [][]uint32 // by language, then by message: where each ends in texts
}

// NewFixed writes msg(0) to msg(n-1) in every language of the default
// catalog.
func NewFixed(n int, msg func(i int) Msg) *Fixed {
	f := &Fixed{msg: msg}
	for _, l := range append(std.langs[:len(std.langs):len(std.langs)], std.Lookup(PseudoCode)) {
		var b []byte
		ends := make([]uint32, n)
		for i := range n {
			b = l.AppendMsg(b, msg(i))
			ends[i] = uint32(len(b))
		}
		f.langs, f.texts, f.ends = append(f.langs, l), append(f.texts, string(b)), append(f.ends, ends)
	}
	return f
}

// Len is how many messages f has.
func (f *Fixed) Len() int { return len(f.ends[0]) }

// In is message i in l (written now for a language of another catalog).
func (f *Fixed) In(l *Lang, i int) string {
	for j, fl := range f.langs {
		if fl == l {
			from := uint32(0)
			if i > 0 {
				from = f.ends[j][i-1]
			}
			return f.texts[j][from:f.ends[j][i]]
		}
	}
	return l.Msg(f.msg(i))
}
