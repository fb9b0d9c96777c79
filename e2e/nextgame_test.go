package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The whole evening at one table: the host picks the next game when one
// is over, at the same link, with the same people and one Tonight table.

// nextGameJS opens the host's next-game drawer at one game, sets the
// given fields of its form and answers whether the form is there.
func nextGameJS(game string, fields map[string]string) string {
	js := `(() => {
  const d = document.querySelector('#next-game details.next-game');
  if (!d) return false;
  d.open = true;
  const f = document.querySelector('#next-game form:has(input[name=game][value=` + game + `])');
  f.closest('details').open = true;
`
	for name, v := range fields {
		js += `  f.querySelector('[name=` + name + `]').value = ` + jsString(v) + `;
`
	}
	return js + `  return true;
})()`
}

// eveningCountsJS is what the Tonight drawer says finished tonight.
const eveningCountsJS = `(document.querySelector('#evening .evening-counts') || {textContent: ''}).textContent`

// pickNext is the host choosing the next game in the drawer, and everyone
// seeing its lobby, "Next: …".
func pickNext(t *testing.T, host *browser, game, title string, fields map[string]string, shot string, everyone ...*browser) {
	t.Helper()
	host.waitJS("the next-game drawer", `!!document.querySelector('#next-game details.next-game')`)
	// at a game's end the host opens it from beside Play again
	if eval[bool](host, `!!document.querySelector('.final-again .next-link')`) {
		if where := eval[string](host, nextBesideAgainJS); where != "" {
			t.Fatalf("%s's Next game: %s", host.name, where)
		}
		host.mustTap(`.final-again .next-link`)
		host.waitJS("the next-game drawer open", `document.querySelector('#next-game details.next-game').open`)
		if where := eval[string](host, nextGameRisenJS); where != "" {
			t.Fatalf("%s's opened next-game drawer: %s", host.name, where)
		}
	}
	if !eval[bool](host, nextGameJS(game, fields)) {
		t.Fatal("no next-game form")
	}
	if shot != "" {
		host.screenshot(shot)
		// the host's open drawer pushes the table down, off the first
		// screen (the full-page shot resizes the window and the sheet is
		// fitted again): the finished game's standings still show their
		// rows, not a header alone
		if hidden := eval[string](host, standingsRowsHiddenJS); hidden != "" {
			t.Fatalf("%s: the final standings hide their rows: %s", host.name, hidden)
		}
		host.axeCheck("the next-game drawer")
	}
	host.mustTap(`#next-` + game)
	for _, p := range everyone {
		p.waitJS("the next game's lobby", `(document.querySelector('#lobby .next-game-line') || {textContent: ''}).textContent.startsWith(`+jsString("Next: "+title)+`) &&
			document.querySelector('#bar-game').textContent === `+jsString(title)+` && document.title.startsWith(`+jsString(title+" ·")+`)`)
	}
}

// standingsRowsHiddenJS names the first standings row of the action bar
// that lies outside its table's box (the box fitted too short), or "".
const standingsRowsHiddenJS = `(() => {
	for (const st of document.querySelectorAll('#stage .actionbar .standings')) {
		const r = st.querySelector('tbody tr.you') || st.querySelector('tbody tr');
		if (!r) { continue; }
		const a = st.getBoundingClientRect(), b = r.getBoundingClientRect();
		if (b.top < a.top - 1 || b.bottom > a.bottom + 1) {
			return r.textContent.trim() + ' at ' + Math.round(b.top) + '-' + Math.round(b.bottom) + ', its table at ' + Math.round(a.top) + '-' + Math.round(a.bottom);
		}
	}
	return '';
})()`

// TestOneTableTheWholeEvening: Ann (a laptop) and Bob (a phone) play a
// heads-up sit-and-go; Ann picks President next, then Lowest Unique, at
// the same link. The server is killed and started again in the middle:
// the table, its game and the evening come back. At the end the Tonight
// table counts all three games, the home page names the game played now,
// and the table's record verifies each game.
func TestOneTableTheWholeEvening(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	args := []string{"-bot-delay-min", "1ms", "-bot-delay-max", "5ms", "-next-deal-delay", "1s"}
	srv := startServerArgs(t, data, "", args...)
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	ann.setSize(1280, 800, false)
	bob.setSize(390, 844, true)
	start := time.Now()

	// a heads-up turbo sit-and-go, shoved to its winner
	ann.createHoldem(srv, map[string]string{"format": "sng", "level": "2h", "seats": "2", "clock": "0"})
	share := eval[string](ann, `document.querySelector('#share').value`)
	bob.joinTable(share)
	ann.startWhenReady()
	for deadline := time.Now().Add(60 * time.Second); !strings.Contains(ann.text("#h-actions .standings"), "Final standings"); {
		if time.Now().After(deadline) {
			t.Fatalf("no winner in time:\n%s", ann.text("#log"))
		}
		acted := false
		for _, p := range []*browser{ann, bob} {
			acted = eval[string](p, shoveJS) != "wait" || acted
		}
		if !acted {
			time.Sleep(50 * time.Millisecond)
		}
	}
	if got := eval[string](bob, eveningCountsJS); !strings.Contains(got, "1 Texas Hold'em tournament") {
		t.Fatalf("tonight after the sit-and-go: %q", got)
	}
	// on Bob's phone the final sheet's results fit under his cards (they
	// scroll within); turned to a wide layout, where the bar stands in
	// the table's column and fits nothing, they stand whole again
	bob.waitJS("the final results fitted under Bob's cards", `document.querySelector('#h-actions .standings').style.maxHeight !== ''`)
	bob.setSize(1280, 800, false)
	bob.waitJS("the final results unfitted on a wide screen", `document.querySelector('#h-actions .standings').style.maxHeight === '' && !document.querySelector('#h-actions .standings.fitted')`)
	bob.setSize(390, 844, true)
	// Bob is no host: no choice of the next game
	if n := eval[int](bob, `document.querySelectorAll('#next-game *').length`); n != 0 {
		t.Fatal("Bob is offered the next game")
	}

	// Ann picks President, 5 seats with bots; Bob is ready, she starts
	pickNext(t, ann, "president", "President", map[string]string{"seats": "5", "clock": "0"}, "evening-next-game-desktop", ann, bob)
	bob.firstScreen("evening-next-lobby-phone")
	if w := eval[int](bob, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the lobby is %d px wide on a 390 px phone: %s", w, eval[string](bob, wideJS))
	}
	bob.mustTap(`#lobby button[hx-vals*='"ready"']`)
	ann.startWhenReady()
	for _, p := range []*browser{ann, bob} {
		p.waitJS("President", `!!document.querySelector('#p-ring')`)
		if href := eval[string](p, `location.href`); href != share {
			t.Fatalf("%s is at %s, not %s", p.name, href, share)
		}
	}

	// the server dies mid-game and comes back: the same table, game and
	// evening, at the same link
	srv.kill()
	srv = startServerArgs(t, data, srv.addr, args...)
	for _, p := range []*browser{ann, bob} {
		p.do(chromedp.Navigate(share))
		p.waitJS("President after the restart", `!!document.querySelector('#p-ring')`)
		if got := eval[string](p, eveningCountsJS); !strings.Contains(got, "1 Texas Hold'em tournament") {
			t.Fatalf("%s's evening after the restart: %q", p.name, got)
		}
	}
	if title := eval[string](ann, `document.title`); !strings.Contains(title, "President") {
		t.Fatalf("the page after the restart: %q", title)
	}

	// a deal of President; Ann pauses between deals to pick the next game
	for deadline := time.Now().Add(60 * time.Second); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the deal did not end in time:\n%s", ann.text("#log"))
		}
		if strings.Contains(ann.text("#p-status"), "Deal 1 is over") {
			break
		}
		acted := false
		for _, p := range []*browser{ann, bob} {
			acted = p.move() != "wait" || acted
		}
		if !acted {
			time.Sleep(20 * time.Millisecond)
		}
	}
	ann.mustTap(`#seat-leave button[hx-vals*='"pause"']`)
	ann.waitJS("the pause", `!!document.querySelector('#seat-bar .paused')`)
	if strings.Contains(ann.text("#p-status"), "Deal 2") {
		t.Fatal("the next deal came before the pause")
	}
	pickNext(t, ann, "lowunique", "Lowest Unique", map[string]string{"seats": "3", "rounds": "4", "clock": "0"}, "", ann, bob)
	bob.mustTap(`#lobby button[hx-vals*='"ready"']`)
	ann.startWhenReady()
	for deadline := time.Now().Add(60 * time.Second); eval[string](ann, `(document.querySelector('#lu-status') || {dataset: {}}).dataset.phase || ''`) != "over"; {
		if time.Now().After(deadline) {
			t.Fatalf("Lowest Unique did not end in time:\n%s", ann.text("#log"))
		}
		acted := false
		for _, p := range []*browser{ann, bob} {
			if r := eval[[]string](p, `document.querySelector('#lu-status') ? `+luActJS+` : ['wait', '']`); r[0] != "wait" {
				acted = true
				p.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('#lu-status').dataset.version !== `+jsString(r[1]))
			}
		}
		if !acted {
			time.Sleep(20 * time.Millisecond)
		}
	}

	// one evening: three games, at one link
	for _, p := range []*browser{ann, bob} {
		p.waitJS("the evening of three games", eveningCountsJS+`.includes('Lowest Unique game')`)
		got := eval[string](p, eveningCountsJS)
		for _, w := range []string{"1 Texas Hold'em tournament", "1 President deal", "1 Lowest Unique game"} {
			if !strings.Contains(got, w) {
				t.Fatalf("%s's evening: %q lacks %q", p.name, got, w)
			}
		}
		eval[bool](p, `(document.querySelector('#tonight').open = true, document.querySelector('#tonight').scrollIntoView(), true)`)
		p.waitJS("Tonight under the final standings", `!!document.querySelector('.final-sheet[open] .tonight .evening-scroll')`)
	}
	ann.screenshot("evening-three-games-desktop")
	bob.screenshot("evening-three-games-phone")
	bob.firstScreen("evening-three-games-sheet-phone")
	// Bob's phone shows the final standings and the first three rows of
	// Tonight without scrolling the sheet (it showed one)
	if hidden := eval[string](bob, sheetRowsHiddenJS(`.standings tbody tr, .tonight tbody tr:nth-child(-n+3)`)); hidden != "" {
		t.Fatalf("Bob's final sheet hides rows: %s", hidden)
	}
	// Tonight's table, in the drawer and under the final standings, fits
	// the phone and the desktop's side column: no column is cut at its edge
	for _, p := range []*browser{ann, bob} {
		if cut := eval[string](p, `[...document.querySelectorAll('.evening-scroll')].filter(w => w.scrollWidth > w.clientWidth).map(w => (w.closest('.final-sheet') ? 'the final sheet: ' : 'the drawer: ') + w.scrollWidth + ' px in ' + w.clientWidth).join('; ')`); cut != "" {
			t.Fatalf("%s's Tonight is cut: %s", p.name, cut)
		}
	}
	bob.axeCheck("the final sheet with Tonight on a phone")
	if w := eval[int](bob, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the table is %d px wide on a 390 px phone: %s", w, eval[string](bob, wideJS))
	}

	// the home page names the game played now; the record verifies each
	code := share[strings.LastIndex(share, "/")+1:]
	bob.do(chromedp.Navigate(srv.url + "/"))
	if back := bob.text(".back-tables"); !strings.Contains(back, "Lowest Unique") {
		t.Fatalf("Bob's tables on the home page: %q", back)
	}
	ann.do(chromedp.Navigate(share + "/verify"))
	page := ann.text("main")
	// the sit-and-go took as many hands as it took
	for _, w := range []string{`Yes\.`, "The games at this table", `Texas Hold'em: \d+ finished hands?`, "President: 1 finished deal", "Lowest Unique: 1 finished game"} {
		if !regexp.MustCompile(w).MatchString(page) {
			t.Fatalf("the verify page of %s lacks %q:\n%s", code, w, page)
		}
	}
	ann.do(chromedp.Navigate(share + "/replays"))
	if list := strings.Join(strings.Fields(ann.text(".replay-list")), " "); !strings.Contains(list, "(Texas Hold'em)") || !strings.Contains(list, "deal 1 (President)") || !strings.Contains(list, "game 1 (Lowest Unique)") {
		t.Fatalf("the replays: %q", list)
	}
	t.Logf("an evening of three games at %s in %v", code, time.Since(start).Round(time.Second))
}
