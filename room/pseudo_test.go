package room

import (
	"flag"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/i18n/i18ntest"
)

var updateUncatalogued = flag.Bool("update-uncatalogued", false, "rewrite testdata/uncatalogued.txt with what TestEveryWordFromTheCatalog finds")

// TestEveryWordFromTheCatalog plays a table of every game to its end with
// two people, two bots and a watcher all reading the pseudo-language, and
// looks at everything each is pushed (the whole table, then every
// fragment that changes, every log line) and the lobby: any word outside
// a catalog message fails the test, unless testdata/uncatalogued.txt
// lists it (what is not converted yet: the list only shrinks; a word it
// lists that no longer shows fails too, so the list stays true).
func TestEveryWordFromTheCatalog(t *testing.T) {
	pseudo := i18n.Lookup(i18n.PseudoCode)
	found := map[string]string{} // text → where first seen
	note := func(where, html string) {
		for _, s := range i18ntest.Uncatalogued(html, "Ann", "Bob", "ABCD") {
			if _, ok := found[s]; !ok {
				found[s] = where
			}
		}
	}
	for _, g := range benchGames {
		// the lobby, before the start
		lt := newTable(g.kind, g.opts)
		for _, e := range []entry{{T: eCreate, Player: "p0", Name: "Ann"}, {T: eSit, Seat: 1, Player: "p1", Name: "Bob"}} {
			if _, err := lt.apply(e); err != nil {
				t.Fatal(err)
			}
		}
		lr := benchRoom(t, g.kind, g.opts)
		lr.t = lt
		note(g.kind.name+" lobby", string(lr.message(&viewer{player: "p0", seat: 0, lang: pseudo}, lr.shared(), nil, true, nil)))

		r := benchRoom(t, g.kind, g.opts)
		viewers := []*viewer{{player: "p0", seat: 0}, {player: "p1", seat: 1}, {seat: 2}, {seat: 3}, {player: "w", seat: -1}}
		for _, v := range viewers {
			v.lang = pseudo
			note(g.kind.name+" whole table", string(r.message(v, r.shared(), nil, true, nil)))
		}
		rng := rand.New(rand.NewPCG(5, 5))
		for move := 0; move < 600 && !r.t.Match.Over(); move++ {
			seat, mv, ok := nextMove(r.t.Match, g.bot, rng)
			if !ok {
				break
			}
			for _, push := range pushMove(t, r, seat, mv, nil, viewers...) {
				note(g.kind.name+" push", push)
			}
		}
	}

	i18ntest.Ratchet{Path: filepath.Join("testdata", "uncatalogued.txt"), Flag: "-update-uncatalogued",
		Header: []string{"Words the pseudo-language test (TestEveryWordFromTheCatalog) finds outside",
			"the catalog: what is not converted yet. Only shrinks. Digits are #."}}.Check(t, found, *updateUncatalogued)
}

// langConn is a test connection whose viewer reads lang.
type langConn struct {
	conn
	lang *i18n.Lang
}

func (c *langConn) Lang() *i18n.Lang { return c.lang }

// TestEachViewerReadsTheirLanguage: at one table Ann reads English and Bob
// the pseudo-language, and so do two watchers: every push is in its
// viewer's language (the log lines too), and the watchers of one language
// share their render without the other's words reaching them.
func TestEachViewerReadsTheirLanguage(t *testing.T) {
	r := benchRoom(t, presidentKind, benchGames[0].opts)
	en, pseudo := i18n.English(), i18n.Lookup(i18n.PseudoCode)
	conns := []*langConn{{lang: en}, {lang: pseudo}, {lang: en}, {lang: pseudo}}
	players := []string{"p0", "p1", "", ""}
	r.viewers = map[Conn]*viewer{}
	for i, c := range conns {
		v := &viewer{conn: c, player: players[i], seat: r.t.seatOf(players[i]), lang: langOf(c)}
		r.viewers[c] = v
		r.pushTo(v, r.shared(), nil, true, nil)
	}
	rng := rand.New(rand.NewPCG(6, 6))
	for move := 0; move < 80; move++ {
		seat := game.System
		var mv game.Move
		if w := r.t.Match.Waiting(); len(w) > 0 {
			seat = w[0]
			mv, _ = r.t.Match.Bot(seat, "greedy", rng)
		} else {
			mv, _ = r.t.Match.Continue(rng.Uint64())
		}
		evs, err := r.t.Match.Apply(seat, mv)
		if err != nil {
			t.Fatal(err)
		}
		r.t.Seq++
		r.push(r.t.events(evs))
	}
	logs := regexp.MustCompile(`(?s)<ol id="log" hx-swap-oob="afterbegin">.*?</ol>`)
	for i, c := range conns {
		all := strings.Join(logs.FindAllString(strings.Join(c.all(), ""), -1), "")
		english := strings.Contains(all, " passes.") || strings.Contains(all, " plays ")
		bracketed := strings.Contains(all, "⟦")
		switch {
		case len(c.all()) < 40 || len(all) == 0:
			t.Errorf("viewer %d got only %d pushes", i, len(c.all()))
		case c.lang == en && (bracketed || !english):
			t.Errorf("viewer %d reads English, but its pushes have pseudo words (%v) or no English log (%v)", i, bracketed, !english)
		case c.lang == pseudo && (english || !bracketed):
			t.Errorf("viewer %d reads the pseudo-language, but its pushes have English log lines (%v) or no pseudo words (%v)", i, english, !bracketed)
		}
	}
}

// TestBotNamesAreTheReaders: the host's Remote bots panel and the
// standings name a built-in bot as the catalog does (bot.name), in the
// viewer's language, not as the table stores it ("Bot 3").
func TestBotNamesAreTheReaders(t *testing.T) {
	r := benchRoom(t, presidentKind, benchGames[0].opts)
	rv := r.view(0, "p0")
	rv.lang = i18n.Lookup("ja")
	want := rv.lang.F("bot.name", i18n.N("Number", 3))
	if want == "Bot 3" {
		t.Fatal("Japanese names a bot as English does: the test proves nothing")
	}
	b := r.remoteBots(rv)
	if b == nil || len(b.Seats) == 0 {
		t.Fatal("the host has no Remote bots panel")
	}
	for _, s := range b.Seats {
		if s.Index == 2 && s.Name != want {
			t.Errorf("Remote bots panel: seat 3 is %q, want %q", s.Name, want)
		}
	}
	if got := standingOf(rv, 2).Name; got != want {
		t.Errorf("standings: seat 3 is %q, want %q", got, want)
	}
}
