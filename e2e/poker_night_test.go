package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablegames/tables/i18n"
)

// shoveJS makes the viewer's move if it is its turn: all-in, or a call,
// or a check; it answers run it twice. It returns what it clicked, or
// "wait".
const shoveJS = `(() => {
  const c = document.querySelector('#h-controls');
  if (!c) return 'wait';
  const btn = k => c.querySelector("button[hx-vals*='\"" + k + "\"']");
  if (btn('twice')) { btn('twice').click(); return 'twice'; }
  const amount = document.querySelector('#h-amount');
  if (amount && c.querySelector('button[data-raise]')) {
    amount.value = amount.max;
    c.querySelector('button[data-raise]').click();
    return 'all-in ' + amount.max;
  }
  const b = btn('allin') || btn('call') || btn('check');
  if (!b) return 'wait';
  b.click();
  return b.textContent.trim();
})()`

// TestSitAndGoOnAPhone: Ann, on a 390 px phone, creates a 6-seat turbo
// sit-and-go (levels of 2 hands, payouts 50/30/20) that AI players fill,
// looks at its structure, and shoves every hand; the tournament plays to
// its winner and its standings stay: six places, hands played, rebuys
// and the prizes.
func TestSitAndGoOnAPhone(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "60ms", "-next-deal-delay", "700ms")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.do(chromedp.Navigate(srv.url + "/#new-holdem"))
	// the structure can be looked at before the table exists
	ann.do(chromedp.SetValue(chromedp.CSS(`#new-holdem select[name=format]`), "sng"))
	ann.waitJS("the sit-and-go's fields", `getComputedStyle(document.querySelector('#new-holdem fieldset.holdem-sng')).display !== 'none' &&
		getComputedStyle(document.querySelector('#new-holdem fieldset.holdem-cash')).display === 'none'`)
	// folded with the rarer tournament options: open them, then the levels
	ann.do(chromedp.Click(chromedp.CSS(`#new-holdem fieldset.holdem-sng details.more-options > summary`)),
		chromedp.Click(chromedp.CSS(`#new-holdem details.structure summary`)))
	if rows := eval[int](ann, `document.querySelectorAll('#new-holdem details.structure[open] table.levels tbody tr').length`); rows < 10 {
		t.Fatalf("the turbo structure shows %d levels", rows)
	}
	ann.screenshot("holdem-sng-form-phone")
	ann.createHoldem(srv, map[string]string{"format": "sng", "structure": "turbo", "level": "2h", "seats": "6", "payout": "50/30/20", "clock": "0"})
	if opts := ann.text("#lobby"); !strings.Contains(opts, "sit-and-go, turbo structure") || !strings.Contains(opts, "pays 50/30/20%") {
		t.Fatalf("the lobby says:\n%s", opts)
	}
	ann.startWhenReady()
	ann.waitJS("the tournament's line", `!!document.querySelector('#h-tour') && document.querySelector('#h-tour').textContent.includes('Level 1')`)
	if line := ann.text("#h-tour"); !strings.Contains(line, "6 of 6 left") || !strings.Contains(line, "Next 20/40") {
		t.Fatalf("the tournament's line: %q", line)
	}
	ann.firstScreen("holdem-sng-phone")
	shotLevel := false
	deadline := time.Now().Add(4 * time.Minute)
	for !eval[bool](ann, `(document.querySelector('#h-actions .standings') || {textContent: ''}).textContent.includes('Final standings')`) {
		if time.Now().After(deadline) {
			t.Fatalf("no winner in time:\n%s\n%s", ann.text("#h-tour"), ann.text("#log"))
		}
		if r := eval[string](ann, shoveJS); r != "wait" {
			time.Sleep(150 * time.Millisecond)
			continue
		}
		if !shotLevel && strings.Contains(ann.text("#h-tour"), "ante") {
			shotLevel = true
			ann.screenshot("holdem-sng-antes-phone")
		}
		time.Sleep(200 * time.Millisecond)
	}
	// the standings: six places, the winner first, hands played, rebuys, prizes
	rows := eval[[]string](ann, `[...document.querySelectorAll('#h-actions .standings tbody tr')].map(r => r.innerText.replace(/\s+/g, ' '))`)
	// the last place is 6th, or shared by those who busted in one hand
	if len(rows) != 6 || !strings.HasPrefix(rows[0], "1st") || !regexp.MustCompile(`^[2-6](nd|rd|th) `).MatchString(rows[5]) {
		t.Fatalf("final standings: %q", rows)
	}
	head := ann.text("#h-actions .standings thead")
	for _, w := range []string{"Place", "Hands played", "Rebuys", "Prize"} {
		if !strings.Contains(head, w) {
			t.Fatalf("the standings' head %q lacks %s", head, w)
		}
	}
	// 50/30/20 of 9,000 (4,500, 2,700, 1,800); players who bust in one
	// hand from equal stacks share a place and split its prizes
	pay := []int{4500, 2700, 1800, 0, 0, 0}
	placeOf := func(r string) int { n, _ := strconv.Atoi(regexp.MustCompile(`^\d+`).FindString(r)); return n }
	for i, r := range rows {
		place, shared := placeOf(r), 0
		for _, o := range rows {
			if placeOf(o) == place {
				shared++
			}
		}
		want := 0
		for k := place - 1; k < place-1+shared && k < len(pay); k++ {
			want += pay[k]
		}
		want /= shared
		got := "–"
		if m := regexp.MustCompile(`(\d+) chips$`).FindStringSubmatch(r); m != nil {
			got = m[1]
		}
		if (want == 0 && got != "–") || (want > 0 && got != strconv.Itoa(want)) {
			t.Fatalf("prizes 50/30/20 of 9,000: row %d: %q", i, rows)
		}
	}

	t.Logf("final standings: %q", rows)
	if w := eval[int](ann, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the ended tournament is %d px wide on a 390 px phone: %s", w, eval[string](ann, wideJS))
	}
	ann.screenshot("holdem-sng-standings-phone")
	// they stay: no next hand comes
	time.Sleep(1500 * time.Millisecond)
	if !strings.Contains(ann.text("#h-actions .standings"), "Final standings") {
		t.Fatal("the final standings went away")
	}
	ann.axeCheck("an ended sit-and-go")
}

// TestRunItTwiceInBrowsers: Ann plays heads-up against an AI player at a
// table that runs it twice, shoving every hand until an all-in is called;
// she agrees to run it twice, and both boards show, on a desktop and on a
// phone, in the results, the hand history and the replay.
func TestRunItTwiceInBrowsers(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "60ms", "-next-deal-delay", "6s")
	ann := newBrowser(t, "Ann")
	ann.setSize(1280, 800, false)
	ann.createHoldem(srv, map[string]string{"seats": "2", "blinds": "10/20", "stack_bb": "20", "clock": "0"}, "twice")
	if opts := ann.text("#lobby"); !strings.Contains(opts, "run it twice") {
		t.Fatalf("the lobby says:\n%s", opts)
	}
	ann.startWhenReady()
	eval[bool](ann, chipsReplayedJS)
	ann.shoveUntilTwice("holdem-twice-asked")
	if replayed := eval[[]string](ann, `window.chipsReplayed`); len(replayed) > 0 {
		t.Fatalf("these bet chips faded in again on a later push, placed before it: %q", replayed)
	}
	// the host pauses the table, so the next deal does not take the
	// results away while they are looked at on two screens
	if status := awaitJS[int](ann, `fetch(location.pathname.replace(/\/$/, '') + '/seat', {method: 'POST', headers: {'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRF-Token': JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRF-Token']}, body: 'do=pause'}).then(r => r.status)`); status != 204 {
		t.Fatalf("the host's pause: %d", status)
	}
	boards := eval[[]int](ann, `[...document.querySelectorAll('#h-board.twice .run')].map(r => r.querySelectorAll('.card').length)`)
	if len(boards) != 2 || boards[0] != 5 || boards[1] != 5 {
		t.Fatalf("the boards: %v", boards)
	}
	results := ann.text("#h-pots .results")
	if !strings.Contains(results, "(first board)") || !strings.Contains(results, "(second board)") {
		t.Fatalf("the results: %q", results)
	}
	t.Logf("run twice: %s", strings.ReplaceAll(results, "\n", "; "))
	ann.waitJS("the boards dealt in", `![...document.querySelectorAll('#h-board .card')].some(c => c.getAnimations().some(a => a.playState === 'running'))`)
	// on a desktop the boards are not covered by a seat
	if out := eval[[]string](ann, coveredBoardJS); len(out) > 0 {
		t.Fatalf("on a desktop these board cards are covered: %v", out)
	}
	ann.screenshot("holdem-twice-desktop")
	// nor the results' text by the chips won or a seat
	if out := eval[[]string](ann, wonChipOverResultsJS); len(out) > 0 {
		t.Fatalf("on a desktop these chips won sit over the results: %v", out)
	}
	if out := eval[[]string](ann, coveredResultsJS); len(out) > 0 {
		t.Fatalf("on a desktop the results are covered at: %v", out)
	}
	ann.axeCheck("a hand run twice")
	checkRunLines(t, ann, i18n.Lookup("en"))
	ann.setSize(390, 844, true)
	ann.firstScreen("holdem-twice-phone")
	checkRunLines(t, ann, i18n.Lookup("en"))
	// on a phone both boards are in sight, not cut off or covered
	if out := eval[[]string](ann, outOfViewJS+`('#h-board.twice .card')`); len(out) > 0 {
		t.Fatalf("on a phone these cards of the boards are out of view: %v", out)
	}
	if out := eval[[]string](ann, coveredBoardJS); len(out) > 0 {
		t.Fatalf("on a phone these board cards are covered: %v", out)
	}
	if w := eval[int](ann, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the table is %d px wide on a 390 px phone: %s", w, eval[string](ann, wideJS))
	}
	hand := strings.TrimPrefix(strings.Split(ann.text("#h-hand"), " · ")[0], "Hand ")
	// the hand history names both boards
	ann.do(chromedp.Navigate(srv.url + strings.TrimSuffix(eval[string](ann, `location.pathname`), "/") + "/hands?hand=" + hand))
	ann.waitJS("the history", `!!document.querySelector('pre.history')`)
	if h := ann.text("pre.history"); !strings.Contains(h, "FIRST") || !strings.Contains(h, "SECOND") || !strings.Contains(h, "Second board [") {
		t.Fatalf("the history of hand %s:\n%s", hand, h)
	}
}

// coveredBoardJS names the cards of both boards that are not the topmost
// element at their centre (a seat, a chip or a mark covers them).
const coveredBoardJS = `[...document.querySelectorAll('#h-board.twice .card')].filter(c => {
  const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  return !c.contains(document.elementFromPoint(x, y));
}).map(c => c.getAttribute('aria-label'))`

// shoveUntilTwice plays the viewer's hands all-in (buying back in when
// out of chips) until a hand runs twice, and waits for its results; the
// first time the table asks, it takes a screenshot named asked ("":
// none).
// chipsReplayedJS records, from now on, a bet chip's fade-in (bet-in)
// that plays again, on the same street of the same hand, for a seat's
// same bet: a chip placed earlier redrawn by a later push (a turn
// moving, a badge) must stay as it is, at full opacity
// (window.chipsReplayed lists "hand line|seat|amount").
const chipsReplayedJS = `(() => {
  window.chipsSeen = new Set(); window.chipsReplayed = [];
  document.addEventListener('animationstart', e => {
    if (e.animationName !== 'bet-in') { return; }
    const seat = e.target.closest('[id^="h-seat-"]'), hand = document.querySelector('#h-hand');
    const k = (hand ? hand.textContent.trim() : '') + '|' + (seat ? seat.id : '') + '|' + e.target.textContent.trim();
    if (window.chipsSeen.has(k)) { window.chipsReplayed.push(k); }
    window.chipsSeen.add(k);
  }, true);
  return true;
})()`

func (b *browser) shoveUntilTwice(asked string) {
	b.t.Helper()
	b.waitJS("the table", `!!document.querySelector('#h-controls')`)
	deadline := time.Now().Add(3 * time.Minute)
	for !eval[bool](b, `!!document.querySelector('#h-board.twice')`) {
		if time.Now().After(deadline) {
			b.t.Fatalf("no hand ran twice in time:\n%s", b.text("#log"))
		}
		if asked != "" && eval[bool](b, `!!document.querySelector("#h-controls button[hx-vals*='twice']")`) {
			b.screenshot(asked)
			asked = ""
		}
		// out of chips (an AI player won the all-in): buy back in
		eval[bool](b, `(() => { const e = document.querySelector("#h-controls button[hx-vals*='\"rebuy\"']"); if (e) e.click(); return !!e; })()`)
		eval[string](b, shoveJS)
		time.Sleep(150 * time.Millisecond)
	}
	b.waitJS("the results", `!!document.querySelector('#h-pots .results')`)
}

// TestRunItTwiceFullTableOnAPhone: at a 6-seat and a 9-seat table that
// run it twice, Ann, on a 390×844 phone, shoves every hand until a hand
// runs twice: both boards are in view, and no seat, chip or mark covers
// any card of either.
func TestRunItTwiceFullTableOnAPhone(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ seats, lang string }{{"4", "ja"}, {"5", "en"}, {"6", "en"}, {"9", "ja"}} {
		seats := c.seats
		t.Run(seats+" seats", func(t *testing.T) {
			srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "10ms", "-bot-delay-max", "30ms", "-next-deal-delay", "8s")
			ann := browserIn(t, "Ann", c.lang)
			ann.do(chromedp.Navigate(srv.url + "/"))
			ann.waitJS("the home page", `document.documentElement.lang === `+jsString(i18n.Lookup(c.lang).Tag()))
			ann.createHoldem(srv, map[string]string{"seats": seats, "blinds": "10/20", "stack_bb": "20", "clock": "0"}, "twice")
			ann.startWhenReady()
			ann.shoveUntilTwice("")
			ann.waitJS("the boards dealt in", `![...document.querySelectorAll('#h-board .card')].some(c => c.getAnimations().some(a => a.playState === 'running'))`)
			ann.firstScreen("holdem-twice-" + seats + "-seats-" + c.lang + "-phone")
			checkRunLines(t, ann, i18n.Lookup(c.lang))
			if out := eval[[]string](ann, outOfViewJS+`('#h-board.twice .card')`); len(out) > 0 {
				t.Fatalf("these cards of the boards are out of view: %v", out)
			}
			if out := eval[[]string](ann, coveredBoardJS); len(out) > 0 {
				t.Fatalf("these board cards are covered: %v", out)
			}
			// nor Ann's own cards by the results (and "Buy back in" when
			// she lost): the whole of each shows on the first screen
			if out := eval[[]string](ann, ownCardsCoveredJS); len(out) > 0 {
				t.Fatalf("the results sheet covers Ann's own cards at: %v (results %q)", out, ann.text("#h-controls"))
			}
			if w := eval[int](ann, `document.documentElement.scrollWidth`); w > 390 {
				t.Fatalf("the table is %d px wide on a 390 px phone: %s", w, eval[string](ann, wideJS))
			}
		})
	}
}

// ownCardsCoveredJS names the points of the viewer's own hole cards (the
// centre and the lower corners) that something else covers, the page
// scrolled to the top.
const ownCardsCoveredJS = `(() => {
  window.scrollTo(0, 0);
  const out = [];
  document.querySelectorAll('#stage .ring-seats > .seat.you .hole .card').forEach(c => {
    const r = c.getBoundingClientRect();
    for (const [x, y, what] of [[r.left + r.width / 2, r.top + r.height / 2, 'centre'], [r.left + 4, r.bottom - 4, 'lower left'], [r.right - 4, r.bottom - 4, 'lower right']]) {
      const e = document.elementFromPoint(x, y);
      if (!e || !c.contains(e)) out.push(c.getAttribute('aria-label') + ' ' + what + ' under ' + (e ? (e.id || e.className || e.tagName) : 'nothing'));
    }
  });
  return out;
})()`

// createHoldem opens a Hold'em table from the home page's form, with the
// given select values and the named checkboxes ticked, and waits for the
// lobby.
func (b *browser) createHoldem(srv *server, selects map[string]string, checks ...string) {
	b.t.Helper()
	form := `#new-holdem form `
	steps := []chromedp.Action[chromedp.Void]{chromedp.Navigate(srv.url + "/#new-holdem"),
		chromedp.SendKeys(chromedp.CSS(form+`input[name=name]`), b.name)}
	for name, v := range selects {
		steps = append(steps, chromedp.SetValue(chromedp.CSS(form+`select[name=`+name+`]`), v))
	}
	b.do(steps...)
	// the house rules are folded: open the folds that hold a box to tick
	var clicks []chromedp.Action[chromedp.Void]
	for _, name := range checks {
		eval[bool](b, `(() => { const d = document.querySelector('`+form+`details:has(input[name=`+name+`])'); if (d) d.open = true; return true; })()`)
		clicks = append(clicks, chromedp.Click(chromedp.CSS(form+`input[name=`+name+`]`)))
	}
	b.do(append(clicks, chromedp.Click(chromedp.CSS(form+`button[type=submit]`)))...)
	b.waitJS("the lobby", `!!document.querySelector('#lobby')`)
}
