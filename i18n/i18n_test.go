package i18n

import (
	"context"
	"io"
	"maps"
	"strings"
	"testing"
	"testing/fstest"
)

// TestEveryLanguageHasEveryKey fails on any key missing from any
// language present in locales/ (or a stray one, a placeholder a
// translation lost, a plural form a language needs): adding a language
// is adding its file, and this test says what it still lacks.
func TestEveryLanguageHasEveryKey(t *testing.T) {
	for _, p := range Default().Problems() {
		t.Error(p)
	}
}

// testCatalog is a small catalog with English, French and Japanese.
func testCatalog(t *testing.T, fr string) *Catalog {
	t.Helper()
	fs := fstest.MapFS{
		"locales/en.json": {Data: []byte(`{
			"language.name": {"description": "d", "other": "English"},
			"cards": {"description": "d", "one": "{{.Count}} card", "other": "{{.Count}} cards"},
			"hello": {"description": "d", "other": "Hello, {{.Name}}."},
			"plain": {"description": "d", "other": "Plain"},
			"plays": {"description": "d", "other": "{{.Seat}} plays {{.What}}."},
			"seat.name": {"description": "d", "other": "Seat {{.Number}}"},
			"bot.name": {"description": "d", "other": "Bot {{.Number}}"},
			"list.separator": {"description": "d", "other": ", "},
			"list.last": {"description": "d", "other": " and "},
			"number.group": {"description": "d", "other": ""},
			"number.group.digits": {"description": "d", "other": "0"},
			"number.decimal": {"description": "d", "other": "."}
		}`)},
		"locales/fr.json": {Data: []byte(fr)},
		"locales/ja.json": {Data: []byte(`{
			"language.name": "日本語",
			"cards": {"other": "{{.Count}}枚"},
			"hello": "こんにちは、{{.Name}}。",
			"plain": "プレーン",
			"plays": "{{.Seat}}が{{.What}}を出す。",
			"seat.name": "席{{.Number}}",
			"bot.name": "ボット{{.Number}}",
			"list.separator": "、",
			"list.last": "と",
			"number.group": ",",
			"number.group.digits": "4",
			"number.decimal": "."
		}`)},
	}
	c, err := Load(fs)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const frComplete = `{
	"language.name": "Français",
	"cards": {"one": "{{.Count}} carte", "other": "{{.Count}} cartes", "many": "{{.Count}} de cartes"},
	"hello": "Bonjour, {{.Name}}.",
	"plain": "Simple",
	"plays": "{{.Seat}} joue {{.What}}.",
	"seat.name": "Place {{.Number}}",
	"bot.name": "Robot {{.Number}}",
	"list.separator": ", ",
	"list.last": " et ",
	"number.group": "\u202f",
	"number.group.digits": "4",
	"number.decimal": ","
}`

func TestProblemsFindsWhatALanguageLacks(t *testing.T) {
	if p := testCatalog(t, frComplete).Problems(); len(p) != 0 {
		t.Fatalf("a complete catalog has problems: %v", p)
	}
	broken := strings.Replace(frComplete, `"hello": "Bonjour, {{.Name}}.",`, ``, 1)
	broken = strings.Replace(broken, `"{{.Seat}} joue {{.What}}."`, `"{{.Seat}} joue {{.Quoi}}."`, 1)
	broken = strings.Replace(broken, `"one": "{{.Count}} carte", `, ``, 1)
	broken = strings.Replace(broken, `"plain": "Simple",`, `"plain": "Simple", "extra": "x",`, 1)
	got := strings.Join(testCatalog(t, broken).Problems(), "\n")
	for _, want := range []string{"fr: hello is missing", "fr: plays has placeholders [Quoi Seat], English [Seat What]",
		"fr: cards lacks its plural form one", "fr: extra is not an English key"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems do not say %q:\n%s", want, got)
		}
	}
}

func TestPluralFormsFollowCLDR(t *testing.T) {
	c := testCatalog(t, frComplete)
	en, fr, ja := c.Lookup("en"), c.Lookup("FR"), c.Lookup("ja")
	for _, tc := range []struct {
		l    *Lang
		n    int
		want string
	}{
		{en, 0, "0 cards"}, {en, 1, "1 card"}, {en, 2, "2 cards"},
		{fr, 0, "0 carte"}, {fr, 1, "1 carte"}, {fr, 2, "2 cartes"}, // French: 0 and 1 are "one"
		{fr, 1000000, "1\u202f000\u202f000 cartes"}, // grouped
		{ja, 1, "1枚"}, {ja, 5, "5枚"}, {ja, 12345, "12,345枚"},
	} {
		if got := tc.l.F("cards", Count(tc.n)); got != tc.want {
			t.Errorf("%s %d: %q, want %q", tc.l.Code(), tc.n, got, tc.want)
		}
	}
}

func TestMessagesRenderTheirArguments(t *testing.T) {
	c := testCatalog(t, frComplete)
	fr := c.Lookup("fr")
	m := M("plays", SeatArg("Seat", 2), Nest("What", M("cards", Count(3))))
	named := m.Named(func(seat int) Arg {
		if seat == 2 {
			return BotArg("", 3)
		}
		return S("", "Ann")
	})
	if m.Args[0].Kind != Seat {
		t.Fatal("Named changed its message")
	}
	if got := fr.Msg(named); got != "Robot 3 joue 3 cartes." {
		t.Errorf("fr: %q", got)
	}
	if got := c.English().Msg(m); got != "Seat 3 plays 3 cards." {
		t.Errorf("en, a seat not named: %q", got)
	}
	list := M("hello", Seats("Name", []int{0, 1, 2})).Named(func(s int) Arg { return S("", []string{"Ann", "Bob", "Cy"}[s]) })
	if got := fr.Msg(list); got != "Bonjour, Ann, Bob et Cy." {
		t.Errorf("fr list: %q", got)
	}
	if got := c.Lookup("ja").Msg(list); got != "こんにちは、Ann、BobとCy。" {
		t.Errorf("ja list: %q", got)
	}
	if got := fr.T("plain"); got != "Simple" {
		t.Errorf("fr plain: %q", got)
	}
	if got := fr.T("no.such.key"); got != "no.such.key" {
		t.Errorf("a missing key: %q", got)
	}
}

func TestNumbersAreWrittenTheLanguagesWay(t *testing.T) {
	c := testCatalog(t, frComplete)
	en, fr := c.English(), c.Lookup("fr")
	for _, tc := range []struct{ got, want string }{
		{en.Num(1500), "1500"}, {fr.Num(1500), "1\u202f500"}, {fr.Num(-12500), "-12\u202f500"},
		{en.Dec(2.26, 1), "2.3"}, {fr.Dec(2.26, 1), "2,3"}, {fr.Dec(-1234.5, 1), "-1\u202f234,5"}, {fr.Dec(3, 0), "3"},
	} {
		if tc.got != tc.want {
			t.Errorf("%q, want %q", tc.got, tc.want)
		}
	}
}

// bold is a piece of page for a Markup argument: s in <b>, written
// verbatim (a test sees it was not escaped).
type bold string

func (b bold) Render(ctx context.Context, w io.Writer) error {
	_, err := io.WriteString(w, "<b>"+string(b)+"</b>")
	return err
}

func TestMarkupGoesWhereTheLanguagePutsIt(t *testing.T) {
	c := testCatalog(t, strings.Replace(frComplete, `"{{.Seat}} joue {{.What}}."`, `"{{.What}} : joué par {{.Seat}} <3"`, 1))
	m := M("plays", Markup("Seat", bold("Ann & Bob"), "Ann & Bob"), S("What", "<Q♠>"))
	render := func(l *Lang, m Msg) string {
		var b strings.Builder
		if err := m.Render(With(context.Background(), l), &b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if got := render(c.English(), m); got != "<b>Ann & Bob</b> plays &lt;Q♠&gt;." {
		t.Errorf("en: %q", got)
	}
	// French puts the piece last, after text to escape.
	if got := render(c.Lookup("fr"), m); got != "&lt;Q♠&gt; : joué par <b>Ann & Bob</b> &lt;3" {
		t.Errorf("fr: %q", got)
	}
	// Plain text (a log, JSON) reads the piece's text.
	if got := c.English().Msg(m); got != "Ann & Bob plays <Q♠>." {
		t.Errorf("en, plain: %q", got)
	}
	// A piece in a nested message, and in a list, is markup too.
	nested := M("hello", ListOf("Name", S("", "Cy"), Markup("", bold("Dee"), "Dee")))
	if got := render(c.Lookup("ja"), M("plays", S("Seat", "Ann"), Nest("What", nested))); got != "Annがこんにちは、Cyと<b>Dee</b>。を出す。" {
		t.Errorf("ja, nested: %q", got)
	}
	// The pseudo-language brackets the text around the piece.
	if got := render(c.Lookup(PseudoCode), m); !strings.HasPrefix(got, "⟦<b>Ann & Bob</b> þļáýš &lt;Q♠&gt;.") {
		t.Errorf("pseudo: %q", got)
	}
	// A piece read back from JSON has no markup: its text, escaped.
	stored := M("plays", Arg{Name: "Seat", Kind: Piece, S: "Ann & Bob"}, S("What", "Q♠"))
	if got := render(c.English(), stored); got != "Ann &amp; Bob plays Q♠." {
		t.Errorf("stored: %q", got)
	}
}

func TestAMissingTranslationReadsEnglish(t *testing.T) {
	c := testCatalog(t, strings.Replace(frComplete, `"plain": "Simple",`, ``, 1))
	if got := c.Lookup("fr").T("plain"); got != "Plain" {
		t.Errorf("%q", got)
	}
}

// TestFixedMessagesAreTheLanguages: a fixed message reads as the language
// writes it, in every language of the default catalog and in one of
// another catalog; and so do the names written at Load.
func TestFixedMessagesAreTheLanguages(t *testing.T) {
	msgs := []Msg{M("card.name", K("Rank", "card.rank.queen"), K("Suit", "card.suit.spades")), M("bot.name", N("Number", 3)), M("nope")}
	f := NewFixed(len(msgs), func(i int) Msg { return msgs[i] })
	other := testCatalog(t, frComplete).Lookup("fr")
	for _, l := range append(Languages(), Lookup(PseudoCode), other) {
		for i, m := range msgs {
			if got, want := f.In(l, i), l.Msg(m); got != want {
				t.Errorf("%s: %q, want %q", l.Code(), got, want)
			}
		}
		for n := range 40 {
			if got, want := l.BotName(n), l.F("bot.name", N("Number", n)); got != want {
				t.Errorf("%s: bot %d is %q, want %q", l.Code(), n, got, want)
			}
			if got, want := l.SeatName(n), l.F("seat.name", N("Number", n+1)); got != want {
				t.Errorf("%s: seat %d is %q, want %q", l.Code(), n, got, want)
			}
			if got, want := string(l.appendOrdinal(nil, n)), string(l.writeOrdinal(nil, n)); got != want {
				t.Errorf("%s: place %d is %q, want %q", l.Code(), n, got, want)
			}
		}
	}
}

// TestTextsAreTheCatalogsForms: a script is given a key's forms as the
// catalog writes them, placeholders and all, each plural form the
// language has by its CLDR name.
func TestTextsAreTheCatalogsForms(t *testing.T) {
	c := testCatalog(t, strings.Replace(frComplete, `"plain": "Simple",`, ``, 1))
	fr := c.Lookup("fr")
	for key, want := range map[string]map[string]string{
		"hello": {"other": "Bonjour, {{.Name}}."},
		"cards": {"one": "{{.Count}} carte", "other": "{{.Count}} cartes", "many": "{{.Count}} de cartes"},
		"plain": {"other": "Plain"}, // English's
		"nope":  nil,
	} {
		if got := fr.Texts(key); !maps.Equal(got, want) {
			t.Errorf("%s: %q, want %q", key, got, want)
		}
	}
	if got := c.Lookup(PseudoCode).Texts("hello")["other"]; !strings.HasPrefix(got, "⟦Ĥéļļö, {{.Name}}.") {
		t.Errorf("pseudo: %q", got)
	}
}

func TestAcceptLanguageChoosesALanguage(t *testing.T) {
	c := testCatalog(t, frComplete)
	for accept, want := range map[string]string{
		"":                               "en",
		"fr-CH, fr;q=0.9, en;q=0.8":      "fr",
		"ja-JP":                          "ja",
		"de-DE, ko;q=0.5":                "en",
		"en-GB,en;q=0.9,fr;q=0.8":        "en",
		"pt-BR;q=0.1, fr-CA;q=0.5, junk": "fr",
		"not a header ;;; q=":            "en",
	} {
		if got := c.Match(accept).Code(); got != want {
			t.Errorf("%q: %s, want %s", accept, got, want)
		}
	}
}

func TestPseudoLanguageBracketsEveryMessage(t *testing.T) {
	c := testCatalog(t, frComplete)
	p := c.Lookup(PseudoCode)
	if p == nil || !p.Pseudo() {
		t.Fatal("no pseudo-language")
	}
	got := p.F("hello", S("Name", "Ann"))
	if !strings.HasPrefix(got, "⟦Ĥéļļö, Ann.") || !strings.HasSuffix(got, "⟧") {
		t.Errorf("%q", got)
	}
	if u := Unbracket("x " + got + " y"); u != "x  y" {
		t.Errorf("unbracketed: %q", u)
	}
	if p.F("cards", Count(1)) == p.F("cards", Count(2)) {
		t.Error("pseudo lost its plural forms")
	}
	for _, l := range c.Languages() {
		if l.Pseudo() {
			t.Error("the picker lists the pseudo-language")
		}
	}
}

func TestLoadRefusesTemplateLogic(t *testing.T) {
	_, err := Load(fstest.MapFS{"locales/en.json": {Data: []byte(`{"x": {"description": "d", "other": "{{if .A}}a{{end}}"}}`)}})
	if err == nil {
		t.Fatal("a template action loaded")
	}
}

func TestContextCarriesTheLanguage(t *testing.T) {
	if From(context.Background()) != English() {
		t.Fatal("no language: not English")
	}
	p := Lookup(PseudoCode)
	if From(With(context.Background(), p)) != p {
		t.Fatal("the context lost its language")
	}
}

// BenchmarkPlain is the cost of a word on a page.
func BenchmarkPlain(b *testing.B) {
	l := English()
	for b.Loop() {
		_ = l.T("seat.name")
		_ = l.T("list.last")
	}
}

// Two messages are equal when they are the same key with the same
// arguments, nested ones too; a piece of page never is.
func TestMessagesEqual(t *testing.T) {
	m := func(n int) Msg {
		return M("plays", S("Seat", "Ann"), Nest("What", M("cards", Count(n))), SeriesOf("L", K("", "plain"), BotArg("", 2)))
	}
	if !m(2).Equal(m(2)) {
		t.Error("the same message is not equal")
	}
	if m(2).Equal(m(3)) || m(2).Equal(M("plays")) || M("a").Equal(M("b")) {
		t.Error("different messages are equal")
	}
	piece := M("plays", Markup("Seat", nil, "Ann"))
	piece.Args[0].C = Key("plain")
	if piece.Equal(piece) {
		t.Error("a piece of page is equal")
	}
}

// A clone is equal to its message and shares no memory with it.
func TestCloneSharesNothing(t *testing.T) {
	m := M("plays", S("Seat", "Ann"), Nest("What", M("cards", Count(2))), SeriesOf("L", K("", "plain"), BotArg("", 2)))
	c := m.Clone()
	if !c.Equal(m) {
		t.Fatal("the clone differs")
	}
	m.Args[1].M.Args[0].N = 3
	m.Args[2].L[1].N = 4
	if c.Args[1].M.Args[0].N != 2 || c.Args[2].L[1].N != 2 {
		t.Fatal("the clone shares memory with its message")
	}
}
