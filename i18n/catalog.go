package i18n

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

//go:embed locales/*.json
var localeFiles embed.FS

// PseudoCode is the pseudo-language's code (en-XA, "accented English"):
// made from the English catalog, never listed in the language picker,
// chosen only by its code.
const PseudoCode = "en-XA"

// Lang is one language of the catalog: its messages, compiled once, and
// how it writes numbers and plurals. A Lang never changes after Load.
//
// Its messages hold no pointer: each is a few spans of the language's one
// text and one list of segments, found by the key's number in the
// catalog's keys (shared by its languages). The garbage collector has a
// handful of objects to mark per language, not a few for every message
// at every collection.
type Lang struct {
	code  string
	tag   language.Tag
	name  string    // in the language itself ("Français")
	keys  *keyTable // the catalog's keys, numbered
	msgs  []message // by key number; a key the language lacks is not ok
	segs  []segment // the messages' segments (message.forms)
	text  string    // the messages' texts (segment, message.plain…)
	en    *Lang     // where a missing key is read (nil for English)
	group string
	// decimal separates a number's whole part from its fraction.
	decimal string
	// groupMin is the fewest digits a number has before it is grouped
	// (0: never grouped).
	groupMin int
	listSep  string
	listLast string
	pseudo   bool
	ctx      context.Context // context.Background with this language
	// bots and seats are the names of bots and unnamed seats by number
	// (bot.name, seat.name), ords the places (ordinal), written once at
	// Load in names: a table names its seats and ranks them in every push
	names             string
	bots, seats, ords [namedSeats]span
}

// namedSeats is how many bots' and seats' names and places a Lang writes
// at Load (more than any game seats); a larger number is written when
// asked.
const namedSeats = 32

// message is one key compiled: its plural forms (other is forms[0]),
// each a span of the language's segments (empty: no such form); plain
// is the text of a message without placeholders or plural forms, ready
// to write (simple), html the same escaped for an HTML text node, note
// the translator's (English's). All are spans of the language's text.
type message struct {
	forms  [6]span // by plural.Form: Other, Zero, One, Two, Few, Many
	plain  span
	html   span
	note   span
	ok     bool // the language has the key
	plural bool
	simple bool
}

// span is a part of a language's text (or of its segments): [from, to).
type span struct{ from, to uint32 }

func (s span) empty() bool { return s.from == s.to }

// segment is literal text or, when arg is not empty, a placeholder (its
// name): spans of the language's text.
type segment struct{ lit, arg span }

// str is a span of the language's text.
func (l *Lang) str(s span) string { return l.text[s.from:s.to] }

// segments are a form's segments.
func (l *Lang) segments(s span) []segment { return l.segs[s.from:s.to] }

// Catalog is every language loaded.
type Catalog struct {
	langs   []*Lang // the picker's, English first, then by code
	byCode  map[string]*Lang
	matcher language.Matcher
	tags    []language.Tag
	en      *Lang
	keys    *keyTable // every file's keys, numbered
}

// file is one locale file as translators write it: a key's text, or its
// description (the translator's note) and plural forms, as go-i18n's v2
// JSON format has it (so translation tools read it).
type fileEntry struct {
	Description string `json:"description"`
	Zero        string `json:"zero"`
	One         string `json:"one"`
	Two         string `json:"two"`
	Few         string `json:"few"`
	Many        string `json:"many"`
	Other       string `json:"other"`
}

func (e *fileEntry) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*e = fileEntry{Other: s}
		return nil
	}
	type plain fileEntry
	return json.Unmarshal(b, (*plain)(e))
}

// ReadFile parses one locale file: its entries by key.
func readFile(fsys fs.FS, name string) (map[string]fileEntry, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	var m map[string]fileEntry
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// Load reads every locale file of fsys (locales/*.json, English
// required) and builds the pseudo-language from English.
func Load(fsys fs.FS) (*Catalog, error) {
	names, err := fs.Glob(fsys, "locales/*.json")
	if err != nil {
		return nil, err
	}
	c := &Catalog{byCode: map[string]*Lang{}}
	files := map[string]map[string]fileEntry{}
	for _, n := range names {
		code := strings.TrimSuffix(path.Base(n), ".json")
		f, err := readFile(fsys, n)
		if err != nil {
			return nil, err
		}
		files[code] = f
	}
	enFile, ok := files["en"]
	if !ok {
		return nil, fmt.Errorf("i18n: no locales/en.json")
	}
	c.keys = numberKeys(files)
	c.en, err = compile("en", enFile, c.keys, nil)
	if err != nil {
		return nil, err
	}
	codes := make([]string, 0, len(files))
	for code := range files {
		if code != "en" {
			codes = append(codes, code)
		}
	}
	sort.Strings(codes)
	c.add(c.en)
	for _, code := range codes {
		l, err := compile(code, files[code], c.keys, c.en)
		if err != nil {
			return nil, err
		}
		c.add(l)
	}
	c.matcher = language.NewMatcher(c.tags)
	p := pseudo(c.en)
	c.byCode[strings.ToLower(p.code)] = p
	return c, nil
}

func (c *Catalog) add(l *Lang) {
	c.langs = append(c.langs, l)
	c.byCode[strings.ToLower(l.code)] = l
	c.tags = append(c.tags, l.tag)
}

// numberKeys numbers every key of every file: the catalog's keys.
func numberKeys(files map[string]map[string]fileEntry) *keyTable {
	var all []string
	for _, f := range files {
		for k := range f {
			all = append(all, k)
		}
	}
	return newKeyTable(all)
}

// compile builds a Lang from its file; en, for another language, is
// where its missing keys are read.
func compile(code string, f map[string]fileEntry, keys *keyTable, en *Lang) (*Lang, error) {
	tag, err := language.Parse(code)
	if err != nil {
		return nil, fmt.Errorf("i18n: locales/%s.json: %w", code, err)
	}
	l := &Lang{code: code, tag: tag, keys: keys, msgs: make([]message, keys.len()), en: en}
	var lay layout
	for key, e := range f {
		var forms [6][]piece
		for i, t := range [6]string{e.Other, e.Zero, e.One, e.Two, e.Few, e.Many} {
			if forms[i], err = parse(t); err != nil {
				return nil, fmt.Errorf("i18n: locales/%s.json: %s: %w", code, key, err)
			}
		}
		note := ""
		if en == nil {
			note = e.Description // English's notes are the translators'
		}
		i, _ := keys.find(key)
		l.msgs[i] = lay.message(forms, note)
	}
	lay.settle(l)
	l.settle()
	return l, nil
}

// layout lays a language's messages out as they are compiled: their
// texts one after the other, their segments in one list.
type layout struct {
	text []byte
	segs []segment
}

// add appends s to the text.
func (y *layout) add(s string) span {
	from := len(y.text)
	y.text = append(y.text, s...)
	return span{uint32(from), uint32(len(y.text))}
}

// message lays out a message of these forms (other first, as in
// message.forms) and note.
func (y *layout) message(forms [6][]piece, note string) message {
	m := message{ok: true, note: y.add(note)}
	for i, ps := range forms {
		m.plural = m.plural || i > 0 && len(ps) > 0
		from := len(y.segs)
		for _, p := range ps {
			y.segs = append(y.segs, segment{lit: y.add(p.lit), arg: y.add(p.arg)})
		}
		m.forms[i] = span{uint32(from), uint32(len(y.segs))}
	}
	if m.plural {
		return m
	}
	var b strings.Builder
	for _, p := range forms[0] {
		if p.arg != "" {
			return m
		}
		b.WriteString(p.lit)
	}
	m.simple = true
	m.plain = y.add(b.String())
	m.html = m.plain
	if h := htmlText.Replace(b.String()); h != b.String() {
		m.html = y.add(h)
	}
	return m
}

// settle gives l the text and segments laid out.
func (y *layout) settle(l *Lang) {
	l.text, l.segs = string(y.text), slices.Clip(y.segs)
}

// pieces are a form's segments as text.
func (l *Lang) pieces(s span) []piece {
	var out []piece
	for _, g := range l.segments(s) {
		out = append(out, piece{lit: l.str(g.lit), arg: l.str(g.arg)})
	}
	return out
}

// settle reads the language's own settings from its catalog: its name,
// how it groups digits and joins lists.
func (l *Lang) settle() {
	l.ctx = With(context.Background(), l)
	l.name = l.T("language.name")
	l.group = l.T("number.group")
	l.decimal = l.T("number.decimal")
	l.groupMin = 0
	if n := l.T("number.group.digits"); n != "" {
		fmt.Sscan(n, &l.groupMin)
	}
	l.listSep, l.listLast = l.T("list.separator"), l.T("list.last")
	// name keeps b, names with a name appended, and says where the name is
	var names []byte
	name := func(b []byte) span {
		from := len(names)
		names = b
		return span{uint32(from), uint32(len(names))}
	}
	for n := range namedSeats {
		l.bots[n] = name(l.appendKey(names, "bot.name", []Arg{N("Number", n)}))
		l.seats[n] = name(l.appendKey(names, "seat.name", []Arg{N("Number", n+1)}))
		l.ords[n] = name(l.writeOrdinal(names, n))
	}
	l.names = string(names)
}

// BotName is the name of bot number n ("Bot 3", bot.name).
func (l *Lang) BotName(n int) string {
	if n >= 0 && n < namedSeats {
		return l.names[l.bots[n].from:l.bots[n].to]
	}
	return string(l.appendKey(nil, "bot.name", []Arg{N("Number", n)}))
}

// SeatName is the name of a game's seat (from 0) nobody took ("Seat 3",
// seat.name, numbered from 1).
func (l *Lang) SeatName(seat int) string {
	if seat >= 0 && seat < namedSeats {
		return l.names[l.seats[seat].from:l.seats[seat].to]
	}
	return string(l.appendKey(nil, "seat.name", []Arg{N("Number", seat+1)}))
}

// piece is a segment of a message as text, while it is compiled: literal
// text or, when arg is set, a placeholder.
type piece struct{ lit, arg string }

// parse splits a message's text into literal text and {{.Name}}
// placeholders; any other template action is an error.
func parse(t string) ([]piece, error) {
	var out []piece
	for {
		i := strings.Index(t, "{{")
		if i < 0 {
			break
		}
		j := strings.Index(t[i:], "}}")
		if j < 0 {
			return nil, fmt.Errorf("unclosed {{ in %q", t)
		}
		name := strings.TrimSpace(t[i+2 : i+j])
		if !strings.HasPrefix(name, ".") || strings.ContainsAny(name[1:], " .|()") || len(name) < 2 {
			return nil, fmt.Errorf("only {{.Name}} placeholders are allowed, not %q", t[i:i+j+2])
		}
		if i > 0 {
			out = append(out, piece{lit: t[:i]})
		}
		out = append(out, piece{arg: name[1:]})
		t = t[i+j+2:]
	}
	if t != "" {
		out = append(out, piece{lit: t})
	}
	return out, nil
}

// Context is a background context whose renders write in the language
// (made once: a push costs no context for it).
func (l *Lang) Context() context.Context { return l.ctx }

// Code is the language's code, as in a URL or cookie ("en", "pt-BR").
func (l *Lang) Code() string { return l.code }

// Tag is the language's BCP 47 tag, for <html lang>.
func (l *Lang) Tag() string { return l.tag.String() }

// Name is the language's name in itself ("Français").
func (l *Lang) Name() string { return l.name }

// Pseudo reports the pseudo-language.
func (l *Lang) Pseudo() bool { return l.pseudo }

// Has reports whether the language's own catalog has key (not read from
// English).
func (l *Lang) Has(key string) bool { return l.own(key) != nil }

// own is the language's own message of key, or nil.
func (l *Lang) own(key string) *message {
	if i, ok := l.keys.find(key); ok && l.msgs[i].ok {
		return &l.msgs[i]
	}
	return nil
}

// lookup is key's message and the language whose text it is: the
// language's own, else English's, else nil.
func (l *Lang) lookup(key string) (*message, *Lang) {
	i, ok := l.keys.find(key)
	switch {
	case !ok:
	case l.msgs[i].ok:
		return &l.msgs[i], l
	case l.en != nil && l.en.msgs[i].ok:
		return &l.en.msgs[i], l.en
	}
	return nil, l
}

// T is the text of a key without placeholders.
func (l *Lang) T(key string) string {
	if m, in := l.lookup(key); m != nil && m.simple {
		return in.str(m.plain)
	}
	return l.F(key)
}

// F is the text of a key with its placeholders filled.
func (l *Lang) F(key string, args ...Arg) string {
	m, in := l.lookup(key)
	switch {
	case m == nil:
		return key
	case m.simple:
		return in.str(m.plain)
	case flat(args):
		// most messages: numbers, names and words, written in a buffer on
		// the stack (appendKey's recursion makes its buffer escape)
		var buf [160]byte
		return string(l.appendFlat(buf[:0], m, in, args))
	}
	return string(l.appendMessage(make([]byte, 0, 64), m, in, args))
}

// flat reports arguments that hold no other message but a word: numbers,
// texts, places, pieces' texts, words, bots and seats.
func flat(args []Arg) bool {
	for _, a := range args {
		switch a.Kind {
		case Num, Text, Ordinal, Piece, Word, Bot, Seat:
		default:
			return false
		}
	}
	return true
}

// appendFlat appends m (of in's text) with flat arguments (flat):
// appendKey without the recursion.
func (l *Lang) appendFlat(b []byte, m *message, in *Lang, args []Arg) []byte {
	for _, s := range in.segments(m.forms[l.form(m, args)]) {
		if s.arg.empty() {
			b = append(b, in.text[s.lit.from:s.lit.to]...)
			continue
		}
		name := in.str(s.arg)
		a, ok := find(args, name)
		switch {
		case !ok:
			b = append(b, "{{."...)
			b = append(b, name...)
			b = append(b, "}}"...)
		case a.Kind == Num:
			b = l.appendNum(b, a.N)
		case a.Kind == Ordinal:
			b = l.appendOrdinal(b, a.N)
		case a.Kind == Word:
			b = append(b, l.word(a.S)...)
		case a.Kind == Bot:
			b = append(b, l.BotName(a.N)...)
		case a.Kind == Seat:
			b = append(b, l.SeatName(a.N)...)
		default:
			b = append(b, a.S...)
		}
	}
	return b
}

// word is a Word argument's text: its key's (a key without placeholders,
// most often). It never calls F, so F's buffer stays on the stack.
func (l *Lang) word(key string) string {
	if m, in := l.lookup(key); m != nil && m.simple {
		return in.str(m.plain)
	}
	return string(l.appendKey(nil, key, nil))
}

// Msg is a message in the language.
func (l *Lang) Msg(m Msg) string { return l.F(m.Key, m.Args...) }

// Texts are key's forms in the language as the catalog writes them, by
// CLDR plural category ("other", and "one", "few"… for a message with
// plural forms), placeholders kept as {{.Name}}: for a script that fills
// them in itself (static/app.js). A key the language lacks has English's
// forms; an unknown key none.
func (l *Lang) Texts(key string) map[string]string {
	m, in := l.lookup(key)
	if m == nil {
		return nil
	}
	out := make(map[string]string, 2)
	for f, segs := range m.forms {
		if f > 0 && segs.empty() {
			continue
		}
		var b strings.Builder
		for _, s := range in.pieces(segs) {
			if s.arg != "" {
				b.WriteString("{{." + s.arg + "}}")
			} else {
				b.WriteString(s.lit)
			}
		}
		out[formNames[f]] = b.String()
	}
	return out
}

// AppendMsg appends a message in the language to b.
func (l *Lang) AppendMsg(b []byte, m Msg) []byte { return l.appendKey(b, m.Key, m.Args) }

func (l *Lang) appendKey(b []byte, key string, args []Arg) []byte {
	m, in := l.lookup(key)
	if m == nil {
		return append(b, key...)
	}
	return l.appendMessage(b, m, in, args)
}

// appendMessage appends m (of in's text) with args.
func (l *Lang) appendMessage(b []byte, m *message, in *Lang, args []Arg) []byte {
	if m.simple {
		return append(b, in.str(m.plain)...)
	}
	for _, s := range in.segments(m.forms[l.form(m, args)]) {
		b = l.appendSegment(b, in, s, args)
	}
	return b
}

// appendSegment appends a segment of a message of in's text: its text, or
// its placeholder's argument ({{.Name}} itself when args lack it).
func (l *Lang) appendSegment(b []byte, in *Lang, s segment, args []Arg) []byte {
	if s.arg.empty() {
		return append(b, in.text[s.lit.from:s.lit.to]...)
	}
	name := in.str(s.arg)
	a, ok := find(args, name)
	if !ok {
		b = append(b, "{{."...)
		b = append(b, name...)
		return append(b, "}}"...)
	}
	return l.appendArg(b, a)
}

// form is the plural form a message takes for its Count argument.
func (l *Lang) form(m *message, args []Arg) int {
	if !m.plural {
		return 0
	}
	a, ok := find(args, "Count")
	if !ok {
		return 0
	}
	f := l.pluralForm(a.N)
	if m.forms[f].empty() && f != 0 {
		return 0
	}
	return int(f)
}

// appendOrdinal writes n as a place (key ordinal, in the form CLDR's
// ordinal rules give n).
func (l *Lang) appendOrdinal(b []byte, n int) []byte {
	if n >= 0 && n < namedSeats {
		return append(b, l.names[l.ords[n].from:l.ords[n].to]...)
	}
	return l.writeOrdinal(b, n)
}

// writeOrdinal is appendOrdinal without the places written at Load.
func (l *Lang) writeOrdinal(b []byte, n int) []byte {
	m, in := l.lookup("ordinal")
	if m == nil {
		return strconv.AppendInt(b, int64(n), 10)
	}
	f := int(plural.Ordinal.MatchPlural(l.tag, n, 0, 0, 0, 0))
	if m.forms[f].empty() {
		f = 0
	}
	for _, s := range in.segments(m.forms[f]) {
		if s.arg.empty() {
			b = append(b, in.str(s.lit)...)
		} else {
			b = l.appendNum(b, n)
		}
	}
	return b
}

// pluralForm is the CLDR plural category of the whole number n.
func (l *Lang) pluralForm(n int) plural.Form {
	if n < 0 {
		n = -n
	}
	return plural.Cardinal.MatchPlural(l.tag, n, 0, 0, 0, 0)
}

func find(args []Arg, name string) (Arg, bool) {
	for _, a := range args {
		if a.Name == name {
			return a, true
		}
	}
	return Arg{}, false
}

func (l *Lang) appendArg(b []byte, a Arg) []byte {
	switch a.Kind {
	case Num:
		return l.appendNum(b, a.N)
	case Text:
		return append(b, a.S...)
	case Word:
		return l.appendKey(b, a.S, nil)
	case Seat:
		return append(b, l.SeatName(a.N)...)
	case Bot:
		return append(b, l.BotName(a.N)...)
	case Ordinal:
		return l.appendOrdinal(b, a.N)
	case Piece:
		return append(b, a.S...)
	case List, Series:
		for i, x := range a.L {
			b = append(b, l.joint(a, i)...)
			b = l.appendArg(b, x)
		}
		return b
	case Sub:
		if a.M != nil {
			return l.appendKey(b, a.M.Key, a.M.Args)
		}
	}
	return b
}

// joint is what goes before the list a's item i: nothing before the
// first, list.last before a List's last, list.separator otherwise.
func (l *Lang) joint(a Arg, i int) string {
	switch {
	case i == 0:
		return ""
	case i == len(a.L)-1 && a.Kind == List:
		return l.listLast
	}
	return l.listSep
}

// Note is a key's note for translators (from English).
func (c *Catalog) Note(key string) string {
	if m := c.en.own(key); m != nil {
		return c.en.str(m.note)
	}
	return ""
}
