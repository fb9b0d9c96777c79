package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// An evening at one table: Play again keeps the link and the seats, and
// the table's standings run across every game played there.

// tonightJS reads the Tonight table under a finished game's standings:
// what finished tonight and the rows, each as its cells, with whether it
// is a bot's.
const tonightJS = `(() => {
  const s = document.querySelector('.actionbar .tonight');
  if (!s || !s.querySelector('table')) return null;
  return {counts: s.querySelector('.evening-counts').textContent,
    rows: [...s.querySelectorAll('tbody tr')].map(tr => [...tr.children].map(c => c.textContent.replace(/\s+/g, ' ').trim())),
    bots: s.querySelectorAll('tbody tr.bot').length};
})()`

type tonightView struct {
	Counts string     `json:"counts"`
	Rows   [][]string `json:"rows"`
	Bots   int        `json:"bots"`
}

// whereJS is where the viewer is: the page's address, the share link, the
// viewer's seat on the ring and what the Invite drawer says of them.
const whereJS = `[location.href, document.querySelector('#share-drawer').value,
  document.querySelector('#lu-ring .seat.you').id,
  [...document.querySelectorAll('p.muted.small')].map(p => p.textContent).find(t => t.startsWith('You are ')) || '']`

// nextBesideAgainJS says what is wrong with the host's Next game at a
// game's end, or "": its link stands in Play again's row, in the action
// bar, and the closed drawer takes no room over the table.
const nextBesideAgainJS = `(() => {
  const link = document.querySelector('.actionbar .final-again .next-link'), again = document.querySelector('.actionbar .final-again button.play-again');
  if (!link || !again) return 'no Next game link or Play again in the action bar';
  const a = link.getBoundingClientRect(), b = again.getBoundingClientRect();
  if (a.bottom <= b.top || a.top >= b.bottom || a.right > innerWidth || a.left < 0) return 'the link at ' + [a.left, a.top, a.right, a.bottom].map(Math.round) + ', Play again at ' + [b.left, b.top, b.right, b.bottom].map(Math.round);
  const d = document.querySelector('#next-game details.next-game');
  if (d && d.checkVisibility()) return 'the closed drawer still shows at ' + Math.round(d.getBoundingClientRect().top);
  return '';
})()`

// nextGameRisenJS says what is wrong with the host's opened next-game
// drawer, or "": it stands over the action bar at the window's bottom,
// its title in the window, the first game's choice within reach.
const nextGameRisenJS = `(() => {
  const d = document.querySelector('#next-game details.next-game[open]');
  if (!d) return 'not open';
  const r = d.getBoundingClientRect(), s = d.querySelector('summary').getBoundingClientRect();
  if (Math.abs(r.bottom - innerHeight) > 2 || s.top < 0 || s.bottom > innerHeight) return 'the drawer at ' + Math.round(r.top) + '-' + Math.round(r.bottom) + ', its title at ' + Math.round(s.top) + ' in a window of ' + innerHeight;
  const c = d.querySelector('details.next-game-choice > summary').getBoundingClientRect();
  const e = document.elementFromPoint(c.left + 5, c.top + c.height / 2);
  if (!e || !d.contains(e)) return 'the first game under ' + (e ? e.tagName + '.' + e.className : 'nothing');
  return '';
})()`

// sheetRowsHiddenJS names the rows (a selector) of the open final
// sheet that lie outside its box, scrolled to its top, or "".
func sheetRowsHiddenJS(rows string) string {
	return `(() => {
  const body = document.querySelector('.final-sheet[open] > .sheet-body');
  if (!body) return 'no open final sheet';
  body.scrollTop = 0;
  const a = body.getBoundingClientRect(), out = [];
  for (const r of body.querySelectorAll(` + jsString(rows) + `)) {
    const b = r.getBoundingClientRect();
    if (b.top < a.top - 1 || b.bottom > a.bottom + 1) out.push(r.textContent.replace(/\s+/g, ' ').trim() + ' at ' + Math.round(b.top) + '-' + Math.round(b.bottom));
  }
  return out.length ? out.join('; ') + ' (the sheet at ' + Math.round(a.top) + '-' + Math.round(a.bottom) + ')' : '';
})()`
}

// playLowUniqueToTheEnd makes b's moves until the game is over.
func playLowUniqueToTheEnd(t *testing.T, b *browser) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for eval[string](b, `document.querySelector('#lu-status').dataset.phase`) != "over" {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time\n%s", b.text("#log"))
		}
		r := eval[[]string](b, luActJS)
		if r[0] == "wait" {
			// r[1] is the version read with the decision to wait: read
			// again, it could already be the one that ends the game.
			b.waitJS("the table to move on", `document.querySelector('#lu-status').dataset.version !== `+jsString(r[1])+
				` || document.querySelector('#lu-status').dataset.phase === 'over'`)
			continue
		}
		b.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('#lu-status').dataset.version !== `+jsString(r[1]))
		if msg := b.text("#message"); msg != "" {
			t.Fatalf("%s was refused: %s", r[0], msg)
		}
	}
}

// annsPlace is Ann's place in the final standings.
func annsPlace(t *testing.T, b *browser) string {
	t.Helper()
	b.waitJS("the final standings", standingsJS+` !== null && `+standingsJS+`.title.startsWith('Final standings')`)
	for _, r := range eval[standingsView](b, standingsJS).Rows {
		if strings.HasPrefix(r[1], "Ann") {
			return r[0]
		}
	}
	t.Fatal("Ann has no row in the final standings")
	return ""
}

// TestAnEveningAtOneTable: Ann plays a short game of Lowest Unique with
// two bots on a phone. At its end she sees the evening so far under the
// final standings and presses Play again: the next game starts at the
// same link, in the same seat. After it the evening counts both games:
// her places in each, her wins, the bots marked; the Tonight drawer says
// the same, on a phone and on a laptop.
func TestAnEveningAtOneTable(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "1s")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.createGame(srv, "lowunique", map[string]string{"seats": "3", "rounds": "4"})
	ann.startWhenReady()
	ann.waitJS("the table", `!!document.querySelector('#lu-hand')`)
	where := eval[[]string](ann, whereJS)
	if !strings.Contains(where[1], "/t/") || where[3] == "" {
		t.Fatalf("where Ann is: %q", where)
	}

	playLowUniqueToTheEnd(t, ann)
	first := annsPlace(t, ann)
	ann.waitJS("tonight's standings", tonightJS+` !== null`)
	tv := eval[tonightView](ann, tonightJS)
	if tv.Counts != "1 Lowest Unique game" || len(tv.Rows) != 3 || tv.Bots != 2 {
		t.Fatalf("tonight after one game: %+v", tv)
	}
	ann.firstScreen("evening-first-game-phone")
	// Ann is the host: her Next game stands beside Play again, not over
	// the status line, and rises over the action bar when she opens it
	if where := eval[string](ann, nextBesideAgainJS); where != "" {
		t.Fatalf("the host's Next game on a phone: %s", where)
	}
	ann.mustTap(`.final-again .next-link`)
	ann.waitJS("the next-game drawer, its title focused", `document.querySelector('#next-game details.next-game').open && document.activeElement.matches('#next-game details.next-game > summary')`)
	if where := eval[string](ann, nextGameRisenJS); where != "" {
		ann.screenshot("evening-next-game-phone")
		t.Fatalf("the opened next-game drawer on a phone: %s", where)
	}
	ann.firstScreen("evening-next-game-phone")
	// folded again, the keyboard is back on the link
	ann.do(chromedp.KeyEvent("\r"))
	ann.waitJS("the drawer folded, the focus on the link", `!document.querySelector('#next-game details.next-game').open && document.activeElement.matches('.final-again .next-link')`)

	ann.mustTap(`#lu-hand button.play-again`)
	ann.waitJS("the next game", `document.querySelector('#lu-status').dataset.phase === 'select' && document.querySelector('#lu-round').innerText.includes('game 2')`)
	if again := eval[[]string](ann, whereJS); strings.Join(again, "\n") != strings.Join(where, "\n") {
		t.Fatalf("Play again moved Ann: %q, was %q", again, where)
	}
	if n := eval[int](ann, `document.querySelectorAll('.actionbar .tonight').length`); n != 0 {
		t.Fatal("the evening stays in the action bar during the next game")
	}

	playLowUniqueToTheEnd(t, ann)
	second := annsPlace(t, ann)
	ann.waitJS("tonight's standings after two games", tonightJS+` !== null && `+tonightJS+`.counts === '2 Lowest Unique games'`)
	tv = eval[tonightView](ann, tonightJS)
	wantPlaces := first + " · " + second
	switch {
	case first == second:
		wantPlaces = first + " ×2"
	case second < first: // "1st" < "2nd" < "3rd": best first
		wantPlaces = second + " · " + first
	}
	wins := 0
	for _, p := range []string{first, second} {
		if p == "1st" {
			wins++
		}
	}
	var mine []string
	played := 0
	for _, r := range tv.Rows {
		if strings.HasPrefix(r[0], "Ann") {
			r[0] = "Ann"
			mine = r
		}
		if r[1] != "2" {
			t.Fatalf("a row of the evening did not play both games: %q", r)
		}
		played++
	}
	if want := []string{"Ann", "2", strconv.Itoa(wins), wantPlaces}; strings.Join(mine, "|") != strings.Join(want, "|") {
		t.Fatalf("Ann's evening: %q, want %q (rows %q)", mine, want, tv.Rows)
	}
	if played != 3 || tv.Bots != 2 {
		t.Fatalf("tonight after two games: %+v", tv)
	}
	ann.firstScreen("evening-second-game-phone")
	// on a phone the open sheet shows the rows that matter without
	// scrolling: the final standings and Tonight's three (it showed one
	// or two of Tonight's)
	if hidden := eval[string](ann, sheetRowsHiddenJS(`tbody tr`)); hidden != "" {
		t.Fatalf("the final sheet hides rows on a phone: %s", hidden)
	}
	ann.axeCheck("the end of a game with the evening")

	// the Tonight drawer says the same
	ann.mustTap(`#tonight > summary`)
	ann.waitJS("the Tonight drawer", `document.querySelector('#tonight').open && document.querySelector('#evening').innerText.includes('2 Lowest Unique games')`)
	drawer := eval[[]string](ann, `[...document.querySelectorAll('#evening tbody tr.you > *')].map(c => c.textContent.replace(/\s+/g, ' ').trim())`)
	if len(drawer) != 4 || strings.Join(drawer[1:], "|") != strings.Join([]string{"2", strconv.Itoa(wins), wantPlaces}, "|") {
		t.Fatalf("Ann's row in the Tonight drawer: %q", drawer)
	}
	eval[bool](ann, `(document.querySelector('#tonight').scrollIntoView(), true)`)
	ann.shoot("evening-drawer-phone", chromedp.CaptureScreenshot())
	if w := eval[int](ann, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the page is %d px wide on a 390 px phone: %s", w, eval[string](ann, wideJS))
	}

	ann.setSize(1280, 800, false)
	ann.firstScreen("evening-second-game-desktop")
}
