package i18n

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
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
type Lang struct {
	code  string
	tag   language.Tag
	name  string // in the language itself ("Français")
	msgs  map[string]*message
	en    *Lang // where a missing key is read (nil for English)
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
	// Load: a table names its seats and ranks them in every push
	bots, seats, ords [namedSeats]string
}

// namedSeats is how many bots' and seats' names and places a Lang writes
// at Load (more than any game seats); a larger number is written when
// asked.
const namedSeats = 32

// message is one key compiled: its plural forms (other is forms[0]),
// each a list of segments; plain holds the text of a message without
// placeholders or plural forms, ready to write.
type message struct {
	forms  [6][]segment // by plural.Form: Other, Zero, One, Two, Few, Many
	plural bool
	plain  string
	html   string // plain, escaped for an HTML text node
	simple bool
	note   string
}

// segment is literal text or, when arg is set, a placeholder.
type segment struct {
	lit string
	arg string
}

// Catalog is every language loaded.
type Catalog struct {
	langs   []*Lang // the picker's, English first, then by code
	byCode  map[string]*Lang
	matcher language.Matcher
	tags    []language.Tag
	en      *Lang
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
	c.en, err = compile("en", enFile, nil)
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
		l, err := compile(code, files[code], c.en)
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

// compile builds a Lang from its file; en, for another language, is
// where its missing keys are read.
func compile(code string, f map[string]fileEntry, en *Lang) (*Lang, error) {
	tag, err := language.Parse(code)
	if err != nil {
		return nil, fmt.Errorf("i18n: locales/%s.json: %w", code, err)
	}
	l := &Lang{code: code, tag: tag, msgs: make(map[string]*message, len(f)), en: en}
	for key, e := range f {
		m, err := compileEntry(e)
		if err != nil {
			return nil, fmt.Errorf("i18n: locales/%s.json: %s: %w", code, key, err)
		}
		l.msgs[key] = m
	}
	l.settle()
	return l, nil
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
	for n := range namedSeats {
		l.bots[n] = string(l.appendKey(nil, "bot.name", []Arg{N("Number", n)}))
		l.seats[n] = string(l.appendKey(nil, "seat.name", []Arg{N("Number", n+1)}))
		l.ords[n] = string(l.writeOrdinal(nil, n))
	}
}

// BotName is the name of bot number n ("Bot 3", bot.name).
func (l *Lang) BotName(n int) string {
	if n >= 0 && n < namedSeats {
		return l.bots[n]
	}
	return string(l.appendKey(nil, "bot.name", []Arg{N("Number", n)}))
}

// SeatName is the name of a game's seat (from 0) nobody took ("Seat 3",
// seat.name, numbered from 1).
func (l *Lang) SeatName(seat int) string {
	if seat >= 0 && seat < namedSeats {
		return l.seats[seat]
	}
	return string(l.appendKey(nil, "seat.name", []Arg{N("Number", seat+1)}))
}

func compileEntry(e fileEntry) (*message, error) {
	m := &message{note: e.Description}
	texts := [6]string{e.Other, e.Zero, e.One, e.Two, e.Few, e.Many}
	for i, t := range texts {
		if i > 0 && t != "" {
			m.plural = true
		}
		segs, err := parse(t)
		if err != nil {
			return nil, err
		}
		m.forms[i] = segs
	}
	m.settlePlain()
	return m, nil
}

func (m *message) settlePlain() {
	if m.plural {
		return
	}
	for _, s := range m.forms[0] {
		if s.arg != "" {
			return
		}
	}
	var b strings.Builder
	for _, s := range m.forms[0] {
		b.WriteString(s.lit)
	}
	m.plain, m.simple = b.String(), true
	m.html = htmlText.Replace(m.plain)
}

// parse splits a message's text into literal text and {{.Name}}
// placeholders; any other template action is an error.
func parse(t string) ([]segment, error) {
	var out []segment
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
			out = append(out, segment{lit: t[:i]})
		}
		out = append(out, segment{arg: name[1:]})
		t = t[i+j+2:]
	}
	if t != "" {
		out = append(out, segment{lit: t})
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
func (l *Lang) Has(key string) bool { _, ok := l.msgs[key]; return ok }

func (l *Lang) lookup(key string) (*message, *Lang) {
	if m, ok := l.msgs[key]; ok {
		return m, l
	}
	if l.en != nil {
		if m, ok := l.en.msgs[key]; ok {
			return m, l.en
		}
	}
	return nil, l
}

// T is the text of a key without placeholders.
func (l *Lang) T(key string) string {
	if m, ok := l.msgs[key]; ok && m.simple {
		return m.plain
	}
	return l.F(key)
}

// F is the text of a key with its placeholders filled.
func (l *Lang) F(key string, args ...Arg) string {
	m, _ := l.lookup(key)
	switch {
	case m == nil:
		return key
	case m.simple:
		return m.plain
	case flat(args):
		// most messages: numbers, names and words, written in a buffer on
		// the stack (appendKey's recursion makes its buffer escape)
		var buf [160]byte
		return string(l.appendFlat(buf[:0], m, args))
	}
	return string(l.appendKey(make([]byte, 0, 64), key, args))
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

// appendFlat appends m with flat arguments (flat): appendKey without the
// recursion.
func (l *Lang) appendFlat(b []byte, m *message, args []Arg) []byte {
	for _, s := range m.forms[l.form(m, args)] {
		if s.arg == "" {
			b = append(b, s.lit...)
			continue
		}
		a, ok := find(args, s.arg)
		switch {
		case !ok:
			b = append(b, "{{."...)
			b = append(b, s.arg...)
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
	if m, _ := l.lookup(key); m != nil && m.simple {
		return m.plain
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
	m, _ := l.lookup(key)
	if m == nil {
		return nil
	}
	out := make(map[string]string, 2)
	for f, segs := range m.forms {
		if f > 0 && len(segs) == 0 {
			continue
		}
		var b strings.Builder
		for _, s := range segs {
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
	m, _ := l.lookup(key)
	if m == nil {
		return append(b, key...)
	}
	if m.simple {
		return append(b, m.plain...)
	}
	for _, s := range m.forms[l.form(m, args)] {
		b = l.appendSegment(b, s, args)
	}
	return b
}

// appendSegment appends a segment of a message: its text, or its
// placeholder's argument ({{.Name}} itself when args lack it).
func (l *Lang) appendSegment(b []byte, s segment, args []Arg) []byte {
	if s.arg == "" {
		return append(b, s.lit...)
	}
	a, ok := find(args, s.arg)
	if !ok {
		b = append(b, "{{."...)
		b = append(b, s.arg...)
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
	if len(m.forms[f]) == 0 && !(f == 0) {
		return 0
	}
	return int(f)
}

// appendOrdinal writes n as a place (key ordinal, in the form CLDR's
// ordinal rules give n).
func (l *Lang) appendOrdinal(b []byte, n int) []byte {
	if n >= 0 && n < namedSeats {
		return append(b, l.ords[n]...)
	}
	return l.writeOrdinal(b, n)
}

// writeOrdinal is appendOrdinal without the places written at Load.
func (l *Lang) writeOrdinal(b []byte, n int) []byte {
	m, _ := l.lookup("ordinal")
	if m == nil {
		return strconv.AppendInt(b, int64(n), 10)
	}
	f := int(plural.Ordinal.MatchPlural(l.tag, n, 0, 0, 0, 0))
	if len(m.forms[f]) == 0 {
		f = 0
	}
	for _, s := range m.forms[f] {
		if s.arg == "" {
			b = append(b, s.lit...)
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
	if m, ok := c.en.msgs[key]; ok {
		return m.note
	}
	return ""
}
