package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/tablegames/tables/i18n"
)

// Issue 40: a quieter table. These tests look at the table as a player
// from PokerNow would: the action bar holds only what the viewer may do
// now, a finished game's sheet folds away, a hand run twice shows both
// boards and a line a run.

// standingInBarJS names the standing choices (a toggle, sitting out, a
// bomb pot vote) found in the fixed action bar: none belongs there.
const standingInBarJS = `[...document.querySelectorAll('#h-controls button')].filter(b =>
  b.hasAttribute('aria-pressed') || /"(sitout|bomb|straddleon|straddleoff|automuck|noautomuck|autorebuy|noautorebuy)"/.test(b.getAttribute('hx-vals') || '')
).map(b => b.textContent.trim())`

// seatMenuClearJS names the seat menu's controls that are out of the
// window or covered (not the topmost element at their centre).
const seatMenuClearJS = `[...document.querySelectorAll('#h-seat-menu summary, #h-seat-choices button')].filter(b => {
  const r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  return r.width === 0 || r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight || !b.contains(document.elementFromPoint(x, y));
}).map(b => b.textContent.trim())`

// browserIn opens a browser whose pages ask for a language
// (Accept-Language), on a phone.
func browserIn(t *testing.T, name, accept string) *browser {
	b := newBrowser(t, name)
	b.setSize(390, 844, true)
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
			UserAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile Safari/537.36", AcceptLanguage: accept})
		return err
	}))
	return b
}

// TestSeatMenuHoldsTheStandingChoices (issue 40, point 1, and the raise
// button of point 9): Ann plays a cash table with the show-or-muck and
// straddle options, in English and in Japanese, on a phone and a laptop.
// Between her turns the action bar holds no standing choice (no toggle, no
// "Sit out", no bomb pot vote); the seat menu over the table holds them,
// each saying on or off and the table's default, the muck choice on as the
// table was created; a tap turns auto rebuy on and the menu stays open
// through the push. On her turn the raise button says the amount it
// raises to and follows the slider.
func TestSeatMenuHoldsTheStandingChoices(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			l := i18n.Lookup(lang)
			srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "60ms", "-next-deal-delay", "1500ms")
			ann := browserIn(t, "Ann", lang)
			ann.do(chromedp.Navigate(srv.url + "/"))
			ann.waitJS("the home page", `document.documentElement.lang === `+jsString(l.Tag()))
			// show or muck is ticked by default; straddles too here
			ann.createHoldem(srv, map[string]string{"seats": "3", "blinds": "10/20", "stack_bb": "100", "clock": "0"}, "straddle")
			ann.startWhenReady()
			ann.waitJS("the table", `!!document.querySelector('#h-controls')`)

			// her turn: the raise button says what it raises to, and follows
			ann.waitJS("Ann's turn", yourTurnJS+` && !!document.querySelector('#h-controls button[data-raise]')`)
			min := eval[string](ann, `document.querySelector('#h-amount').min`)
			key := "holdem.view.raise.to" // preflop: the big blind is a bet
			word := ann.text("#h-controls button[data-raise]")
			if want := l.F(key, i18n.S("Amount", l.Num(atoi(t, min)))); word != want {
				t.Fatalf("the raise button says %q, want %q", word, want)
			}
			ann.do(chromedp.SetValue(chromedp.CSS(`#h-controls input[type=range]`), "200"))
			eval[bool](ann, `document.querySelector('#h-controls input[type=range]').dispatchEvent(new Event('input', {bubbles: true}))`)
			if want := l.F(key, i18n.S("Amount", l.Num(200))); ann.text("#h-controls button[data-raise]") != want {
				t.Fatalf("at 200 the raise button says %q, want %q", ann.text("#h-controls button[data-raise]"), want)
			}
			ann.screenshot("seatmenu-raise-" + lang + "-phone")
			if out := eval[[]string](ann, standingInBarJS); len(out) > 0 {
				t.Fatalf("on her turn the action bar holds standing choices: %v", out)
			}

			// between her turns: nothing standing in the bar, all in the menu
			ann.waitJS("Ann's move taken", `(`+foldOrCheckJS+`) !== 'wait'`)
			ann.waitJS("not Ann's turn", `!(`+yourTurnJS+`)`)
			if out := eval[[]string](ann, standingInBarJS); len(out) > 0 {
				t.Fatalf("between turns the action bar holds standing choices: %v", out)
			}
			ann.mustTap(`#h-seat-menu > summary`)
			ann.waitJS("the seat menu", `document.querySelector('#h-seat-menu').open && document.querySelectorAll('#h-seat-choices button').length >= 4`)
			muck := `document.querySelector("#h-seat-choices button[hx-vals*='automuck']")`
			if p := eval[string](ann, muck+`.getAttribute('aria-pressed')`); p != "true" {
				t.Fatalf("at a show-or-muck table the muck choice is %q: %s", p, ann.text("#h-seat-choices"))
			}
			mt := eval[string](ann, muck+`.textContent`)
			for _, want := range []string{l.F("holdem.view.toggle.on", i18n.K("Choice", "holdem.view.muck")), l.T("holdem.view.default.on")} {
				if !strings.Contains(mt, want) {
					t.Fatalf("the muck choice says %q, not %q", mt, want)
				}
			}
			for _, k := range []string{"holdem.view.auto_rebuy", "holdem.view.sit_out", "holdem.view.straddle"} {
				if want := l.F("holdem.view.toggle.off", i18n.K("Choice", k)); !strings.Contains(ann.text("#h-seat-choices"), want) {
					t.Fatalf("the seat menu lacks %q:\n%s", want, ann.text("#h-seat-choices"))
				}
			}
			if out := eval[[]string](ann, seatMenuClearJS); len(out) > 0 {
				ann.screenshot("seatmenu-covered-" + lang)
				t.Fatalf("on a phone these controls of the seat menu are out of view or covered: %v", out)
			}
			if lang != "en" {
				ann.inLanguage("the seat menu", l, englishOnly(t, l))
			}
			ann.firstScreen("seatmenu-" + lang + "-phone")
			ann.axeCheck("the seat menu open, on a phone")
			// a tap turns auto rebuy on; the menu stays open through the push
			ann.mustTap(`#h-seat-choices button[hx-vals*='"autorebuy"']`)
			ann.waitJS("auto rebuy on", `!!document.querySelector("#h-seat-choices button[hx-vals*='noautorebuy'][aria-pressed=true]")`)
			if !eval[bool](ann, `document.querySelector('#h-seat-menu').open`) {
				t.Fatal("the seat menu closed with the push")
			}
			ann.setSize(1280, 800, false)
			if out := eval[[]string](ann, seatMenuClearJS); len(out) > 0 {
				t.Fatalf("on a laptop these controls of the seat menu are out of view or covered: %v", out)
			}
			ann.firstScreen("seatmenu-" + lang + "-desktop")
		})
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return n
}

// runMarksCoveredJS names the "1" and "2" marks of a hand run twice that
// are out of the window or covered.
const runMarksCoveredJS = `[...document.querySelectorAll('#h-board.twice .run-mark')].filter(m => {
  const r = m.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  return r.width === 0 || r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight || !m.contains(document.elementFromPoint(x, y));
}).map(m => m.textContent.trim())`

// checkRunLines (issue 40, point 3): the results of a hand run twice give
// every player who showed a line a run, in the page's language: "wins run
// 1 with …" or "run 1: …", then run 2; each run has a winner; the marks of
// both boards are in sight.
func checkRunLines(t *testing.T, b *browser, l *i18n.Lang) {
	t.Helper()
	if out := eval[[]string](b, runMarksCoveredJS); len(out) > 0 {
		t.Fatalf("these marks of the boards are covered or out of view: %v", out)
	}
	if out := eval[[]string](b, boardCornersCoveredJS); len(out) > 0 {
		b.screenshot("holdem-twice-covered")
		t.Fatalf("these cards of the boards are partly covered: %v", out)
	}
	prefix := func(key string, run int) string {
		return strings.Split(l.F(key, i18n.N("Run", run), i18n.S("Hand", "\x00")), "\x00")[0]
	}
	rows := eval[[]string](b, `[...document.querySelectorAll('#h-controls .standings tbody td.what')].map(td => td.innerText.trim())`)
	folded := l.T("holdem.view.folded")
	won := [3]bool{}
	shown := 0
	for _, r := range rows {
		if r == folded || r == "" {
			continue
		}
		shown++
		lines := strings.Split(r, "\n")
		if len(lines) != 2 {
			t.Fatalf("a player's result of a hand run twice is %d lines, want one a run: %q (all: %q)", len(lines), r, rows)
		}
		for i, line := range lines {
			w, lost := prefix("holdem.view.run.won", i+1), prefix("holdem.view.run.lost", i+1)
			switch {
			case strings.HasPrefix(line, w):
				won[i+1] = true
			case !strings.HasPrefix(line, lost):
				t.Fatalf("line %d of a result is %q, want %q… or %q…", i+1, line, w, lost)
			}
		}
	}
	if shown < 2 || !won[1] || !won[2] {
		t.Fatalf("the results of a hand run twice: %q (won run 1: %v, run 2: %v)", rows, won[1], won[2])
	}
	t.Logf("run twice, the results: %q", rows)
}

// boardCornersCoveredJS names the board cards of a hand run twice that
// another element covers at any of four points inside their corners (a
// chip won, a seat, the results' sheet); a run's own mark may sit on the
// corner of its first card.
const boardCornersCoveredJS = `[...document.querySelectorAll('#h-board.twice .card')].filter(c => {
  const r = c.getBoundingClientRect();
  return [[.2, .2], [.8, .2], [.2, .8], [.8, .8]].some(([fx, fy]) => { const e = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy); return !c.contains(e) && !(e && e.closest('.run-mark')); });
}).map(c => c.getAttribute('aria-label') + ' ' + [[.2, .2], [.8, .2], [.2, .8], [.8, .8]].map(([fx, fy]) => { const r = c.getBoundingClientRect(), e = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy); return e && !c.contains(e) ? (e.className || e.tagName) : ''; }).join('|'))`

// underBarJS names the elements of the selector that the fixed action bar
// covers at least in part (the bar's top above their bottom).
const underBarJS = `((sel) => {
  const bar = document.querySelector('#stage .actionbar').getBoundingClientRect();
  return [...document.querySelectorAll(sel)].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.bottom > bar.top + 1 && r.right > bar.left && r.left < bar.right;
  }).map(e => (e.id || e.className) + ' ' + Math.round(e.getBoundingClientRect().bottom) + '>' + Math.round(bar.top));
})`

// qrClearJS names the corners of the handover's QR code that are out of
// the window or under another element.
const qrClearJS = `(() => {
  const q = document.querySelector('#handover svg');
  if (!q) return ['no QR code'];
  const r = q.getBoundingClientRect(), out = [];
  for (const [fx, fy] of [[.05, .05], [.95, .05], [.05, .95], [.95, .95]]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) { out.push(fx + ',' + fy + ' out of the window'); continue; }
    const e = document.elementFromPoint(x, y);
    if (!e || !e.closest('#handover')) out.push(fx + ',' + fy + ' under ' + (e ? e.tagName + '.' + e.className : 'nothing'));
  }
  return out;
})()`

// TestFinishedGameSheetFolds (issue 40, point 2): Ann plays Lowest Unique
// to its end with two bots, in English and in Japanese. On a phone the
// final standings and the evening take at most 45% of the
// screen and fold to one line, in her language, leaving every seat of the
// table in sight and Play again under it; folded, the sheet stays folded
// through a push (a chat line). On a laptop the QR code of "Play on
// another device", opened from the Invite drawer, is never under the
// action bar, scrolled to the window's bottom edge.
func TestFinishedGameSheetFolds(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			l := i18n.Lookup(lang)
			srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "500ms")
			ann := browserIn(t, "Ann", lang)
			ann.do(chromedp.Navigate(srv.url + "/"))
			ann.waitJS("the home page", `document.documentElement.lang === `+jsString(l.Tag()))
			ann.createGame(srv, "lowunique", map[string]string{"seats": "3", "rounds": "4"})
			ann.startWhenReady()
			ann.waitJS("the table", `!!document.querySelector('#lu-hand')`)
			playLowUniqueToTheEnd(t, ann)
			ann.waitJS("the final sheet", `!!document.querySelector('#stage .actionbar details.final-sheet[open] .standings')`)
			if h := eval[float64](ann, `document.querySelector('.final-sheet .sheet-body').getBoundingClientRect().height / innerHeight`); h > 0.46 {
				t.Fatalf("open, the final standings take %.0f%% of a phone's height (45%% at most)", h*100)
			}
			ann.firstScreen("final-sheet-open-" + lang + "-phone")
			if w := ann.text(".final-sheet > summary"); !strings.Contains(w, l.T("standings.fold.hide")) {
				t.Fatalf("the open sheet's control says %q, not %q", w, l.T("standings.fold.hide"))
			}
			ann.mustTap(`.final-sheet > summary`)
			ann.waitJS("the sheet folded", `!document.querySelector('.final-sheet').open`)
			if w := ann.text(".final-sheet > summary"); !strings.Contains(w, l.T("standings.fold.show")) || !strings.Contains(w, l.T("standings.final")) {
				t.Fatalf("the folded sheet says %q", w)
			}
			if out := eval[[]string](ann, underBarJS+`('#lu-ring .seat, #lu-ring .centre')`); len(out) > 0 {
				t.Fatalf("folded, the action bar still covers the table: %v", out)
			}
			if out := eval[[]string](ann, `[...document.querySelectorAll('.final-again button')].filter(b => { const r = b.getBoundingClientRect(); return r.bottom > innerHeight || !b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }).map(b => b.textContent)`); len(out) > 0 {
				t.Fatalf("Play again is out of sight: %v", out)
			}
			ann.firstScreen("final-sheet-folded-" + lang + "-phone")
			ann.axeCheck("a finished game's sheet, folded")
			// a push redraws the bar: the sheet stays folded
			seq := eval[string](ann, `document.getElementById('seq').dataset.n`)
			ann.chat("gg")
			ann.waitJS("a push", `document.getElementById('seq').dataset.n !== `+jsString(seq))
			if eval[bool](ann, `document.querySelector('.final-sheet').open`) {
				t.Fatal("the folded sheet opened again with a push")
			}

			// on a laptop: Play on another device, its QR code in sight
			ann.setSize(1280, 800, false)
			ann.mustTap(`.final-sheet > summary`)
			ann.waitJS("the sheet open", `document.querySelector('.final-sheet').open`)
			ann.firstScreen("final-sheet-open-" + lang + "-desktop")
			ann.mustTap(`details:has(#seat-leave) > summary`)
			ann.mustTap(`.handover button`)
			ann.waitJS("the QR code", `!!document.querySelector('#handover svg')`)
			eval[bool](ann, `(document.querySelector('#handover svg').scrollIntoView({block: 'end'}), true)`)
			ann.waitJS("the page to settle", settledJS)
			if out := eval[[]string](ann, qrClearJS); len(out) > 0 {
				ann.screenshot("final-sheet-qr-covered-" + lang)
				t.Fatalf("on a laptop the QR code is cut off: %v", out)
			}
			// nor does the QR code cover the final sheet: its fold and
			// every cell of its tables show
			if out := eval[[]string](ann, `[...document.querySelectorAll('.final-sheet > summary .fold-word, .final-sheet .sheet-body :is(th, td)')].filter(e => { const r = e.getBoundingClientRect(); if (!r.width || r.bottom < 0 || r.top > innerHeight) return false; const x = r.left + r.width / 2, y = r.top + r.height / 2; return x > innerWidth || !e.contains(document.elementFromPoint(x, y)); }).map(e => e.textContent.trim())`); len(out) > 0 {
				ann.screenshot("final-sheet-qr-covered-" + lang)
				t.Fatalf("on a laptop the QR code's column covers the final sheet's %q", out)
			}
			ann.shoot("final-sheet-qr-"+lang+"-desktop", chromedp.CaptureScreenshot())
		})
	}
}

// TestSimultaneousTurnSaysYourMoveFirst (issue 40, point 9): Ann and Cal
// play Impetus with two bots, Ann in English or in Japanese. While both
// are to choose a faction, Ann's status line says her own move first
// ("Your move: Choose a faction to guide.") and then whom else the table
// waits for ("Also waiting for Cal.").
func TestSimultaneousTurnSaysYourMoveFirst(t *testing.T) {
	t.Parallel()
	// written by hand: her move first, then the others'
	wants := map[string]string{"en": "Your move: Choose a faction to guide. Also waiting for Cal.",
		"ja": "あなたの番：導く勢力を選んでください。Calも選んでいます。"}
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			l := i18n.Lookup(lang)
			srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms")
			ann := browserIn(t, "Ann", lang)
			ann.do(chromedp.Navigate(srv.url + "/"))
			ann.waitJS("the home page", `document.documentElement.lang === `+jsString(l.Tag()))
			ann.createGame(srv, "impetus", map[string]string{"seats": "4"})
			share := eval[string](ann, `document.querySelector('#share').value`)
			cal := newBrowser(t, "Cal")
			cal.joinLobby(share)
			ann.waitJS("Cal seated", `document.querySelector('#lobby').textContent.includes('Cal')`)
			ann.startWhenReady()
			ann.waitJS("the faction choice", yourTurnJS+` && !!document.querySelector('#im-choice button.option')`)
			want := wants[lang]
			ann.waitJS("the status line", `document.querySelector('#im-status').textContent.includes(`+jsString(want)+`)`)
			status := strings.Join(strings.Fields(ann.text("#im-status")), " ")
			if !strings.Contains(status, want) {
				t.Fatalf("Ann's status line says %q, want %q", status, want)
			}
			ann.firstScreen("impetus-your-move-first-" + lang + "-phone")
			ann.setSize(1280, 800, false)
			ann.firstScreen("impetus-your-move-first-" + lang + "-desktop")
			if out := eval[[]string](ann, clockOverSeatJS); len(out) > 0 {
				t.Fatalf("a turn clock covers its seat's words: %v", out)
			}
		})
	}
}

// chipsOnMarksJS looks at each seat of the Hold'em ring: an ante chip
// beside the dealer button, a settled bet chip beside its seat's turn clock
// (only a person's seat has one), and whether either meets the other. In
// the same tick, so the page cannot change between the look and the move,
// Ann acts on her turn, but not on the first look at her own chip beside
// her clock (shot: that look's screenshot is taken): she checks, or else
// folds, so her stack lasts as long as the test needs.
const chipsOnMarksJS = `((shot) => {
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = {ante: 0, clock: 0, bad: [], acted: false, yours: false};
  for (const s of document.querySelectorAll('#h-ring .seat')) {
    const a = s.querySelector('.ante-chip'), d = s.querySelector('.dealer-button'), b = s.querySelector('.bet-chip');
    if (a && d) {
      out.ante++;
      if (meet(a.getBoundingClientRect(), d.getBoundingClientRect())) out.bad.push(s.id + ': the ante chip on the dealer button');
    }
    const n = [...s.classList].find(c => c.startsWith('seat-of-'));
    const c = n && document.querySelector('.ring-turns .' + n.replace('seat-of-', 'turn-of-') + ' .clock');
    if (b && c && !b.getAnimations().some(x => x.playState === 'running')) {
      out.clock++;
      if (s.classList.contains('you')) out.yours = true;
      if (meet(b.getBoundingClientRect(), c.getBoundingClientRect())) out.bad.push(s.id + ': the bet chip under the clock');
    }
  }
  const controls = document.querySelector('#h-controls');
  const move = controls && (controls.querySelector("button[hx-vals*='\"check\"']") || controls.querySelector("button[hx-vals*='\"fold\"']"));
  if (move && (!out.yours || shot)) {
    move.click();
    out.acted = true;
  }
  return out;
})(%s)`

type chipsOnMarks struct {
	Ante  int      `json:"ante"`
	Clock int      `json:"clock"`
	Bad   []string `json:"bad"`
	Acted bool     `json:"acted"`
	Yours bool     `json:"yours"`
}

// TestChipsClearOfMarks (issue 40, point 9): at a 3-seat table with an
// ante and a clock, Ann plays hand after hand, on a phone and a laptop,
// while slow bots think. The ante chip never sits on the dealer button,
// nor a seat's bet chip under its clock; Ann's own turn in a blind, her
// chip beside her clock, is looked at each time.
func TestChipsClearOfMarks(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "1500ms", "-bot-delay-max", "1800ms", "-next-deal-delay", "800ms")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.createHoldem(srv, map[string]string{"seats": "3", "blinds": "10/20", "stack_bb": "100", "ante": "1"})
	ann.startWhenReady()
	ann.waitJS("the table", `!!document.querySelector('#h-controls')`)
	for _, size := range []string{"phone", "desktop"} {
		if size == "desktop" {
			ann.setSize(1280, 800, false)
		}
		seen := chipsOnMarks{}
		shot := false
		deadline := time.Now().Add(90 * time.Second)
		for seen.Ante < 1 || seen.Clock < 1 {
			if time.Now().After(deadline) {
				t.Fatalf("%s: in time, %d ante chips beside a dealer button and %d bet chips beside a clock\n%s", size, seen.Ante, seen.Clock, ann.text("#log"))
			}
			// a look is worth taking once the chips have come in, at an
			// ante beside the button or on Ann's turn
			ann.waitJS("chips to look at", `![...document.querySelectorAll('#h-ring .bet-chip')].some(b => b.getAnimations().some(x => x.playState === 'running')) &&
				(!!document.querySelector("#h-controls button[hx-vals*='\"check\"'], #h-controls button[hx-vals*='\"fold\"']") || [...document.querySelectorAll('#h-ring .seat')].some(s => s.querySelector('.ante-chip') && s.querySelector('.dealer-button')))`)
			version := eval[string](ann, `document.querySelector('#h-status').dataset.version`)
			got := eval[chipsOnMarks](ann, fmt.Sprintf(chipsOnMarksJS, strconv.FormatBool(shot)))
			if len(got.Bad) > 0 {
				ann.screenshot("chips-on-marks-" + size)
				t.Fatalf("%s: %v", size, got.Bad)
			}
			seen.Ante += got.Ante
			seen.Clock += got.Clock
			if got.Clock > 0 && !shot {
				ann.firstScreen("chips-clear-of-clock-" + size)
				shot = true
				if !got.Acted {
					continue // Ann acts on the next look
				}
			}
			// the next push: Ann's move, or a bot's
			ann.waitJS("the next move", `document.querySelector('#h-status').dataset.version !== `+jsString(version))
		}
		t.Logf("%s: %d looks at an ante chip beside a dealer button, %d at a bet chip beside a clock: clear", size, seen.Ante, seen.Clock)
	}
}

// TestReturningPlayerFindsTheirTable (issue 40, point 9): Ann, without a
// passkey, opens a table and comes back to the home page, in English and
// in Japanese: "Back to your table" comes first, on the first screen of a
// phone, and its link takes her to her seat.
func TestReturningPlayerFindsTheirTable(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "ja"} {
		t.Run(lang, func(t *testing.T) {
			l := i18n.Lookup(lang)
			srv := startServer(t, t.TempDir(), "")
			ann := browserIn(t, "Ann", lang)
			ann.do(chromedp.Navigate(srv.url + "/"))
			ann.waitJS("the home page", `document.documentElement.lang === `+jsString(l.Tag()))
			if eval[bool](ann, `!!document.querySelector('.back-box')`) {
				t.Fatal("a new visitor is offered a way back to a table")
			}
			ann.createGame(srv, "lowunique", map[string]string{"seats": "3"})
			table := eval[string](ann, `location.pathname`)
			ann.do(chromedp.Navigate(srv.url + "/"))
			ann.waitJS("the home page", `!!document.querySelector('main.home')`)
			if h := ann.text(".back-box h2"); h != l.T("home.back") {
				t.Fatalf("the home page's first box says %q, want %q", h, l.T("home.back"))
			}
			if first := eval[string](ann, `document.querySelector('main.home section').className`); !strings.Contains(first, "back-box") {
				t.Fatalf("the first box of the home page is %q", first)
			}
			if r := eval[float64](ann, `document.querySelector('.back-box a').getBoundingClientRect().bottom`); r > 844 {
				t.Fatalf("the way back is below a phone's first screen (%.0f px)", r)
			}
			ann.firstScreen("home-back-" + lang + "-phone")
			ann.setSize(1280, 800, false)
			ann.firstScreen("home-back-" + lang + "-desktop")
			ann.axeCheck("the home page of a returning player")
			ann.mustTap(`.back-box a`)
			ann.waitJS("her table", `location.pathname === `+jsString(table)+` && !!document.querySelector('#lobby')`)
		})
	}
}
