package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// foldOrCheckJS gets the viewer out of the hand's way: check when free,
// else fold (a fold when checking is free asks first, in a dialog).
const foldOrCheckJS = `(() => {
  const c = document.querySelector('#h-controls');
  const btn = k => c && c.querySelector("button[hx-vals*='\"" + k + "\"']");
  const b = btn('check') || btn('fold');
  if (!b) return 'wait';
  b.click();
  return b.textContent.trim();
})()`

// TestHostChangesAnteInBrowser: Ann hosts a 3-seat cash table at blinds
// 10/20 with two AI players, and on a 390 px phone sets an ante of 4 from
// the table options in the Invite and seat drawer, while hand 1 is played.
// The table says what the next hand brings; hand 1 keeps no ante; hand 2
// is dealt with everyone anteing 4, its line names the ante and the note
// is gone.
func TestHostChangesAnteInBrowser(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "60ms", "-next-deal-delay", "1500ms")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.createHoldem(srv, map[string]string{"seats": "3", "blinds": "10/20", "stack_bb": "100", "clock": "0"})
	ann.startWhenReady()
	ann.waitJS("hand 1", `!!document.querySelector('#h-hand') && document.querySelector('#h-hand').textContent.includes('Hand 1')`)
	if strings.Contains(ann.text("#h-hand"), "ante") {
		t.Fatalf("hand 1 has an ante: %q", ann.text("#h-hand"))
	}
	// the host's table options, in the Invite and seat drawer
	ann.mustTap(`details:has(#seat-leave) > summary`)
	ann.waitJS("the table options", `!!document.querySelector('#table-options select[name=ante]')`)
	ann.do(chromedp.SetValue(chromedp.CSS(`#table-options select[name=ante]`), "4"))
	ann.mustTap(`#table-options button[type=submit]`)
	ann.waitJS("the note of the next hand", `(document.querySelector('#h-hand .next-hand') || {textContent: ''}).textContent.includes('Next hand: ante 4')`)
	if n := ann.text("#opt-next"); !strings.Contains(n, "ante 4") {
		t.Fatalf("the host's form says %q", n)
	}
	if w := eval[int](ann, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the table is %d px wide on a 390 px phone: %s", w, eval[string](ann, wideJS))
	}
	ann.screenshot("holdem-options-phone")
	// Ann gets out of the way until hand 2 is dealt
	deadline := time.Now().Add(90 * time.Second)
	for !eval[bool](ann, `document.querySelector('#h-hand').textContent.includes('Hand 2')`) {
		if time.Now().After(deadline) {
			t.Fatalf("no hand 2 in time:\n%s", ann.text("#log"))
		}
		eval[string](ann, foldOrCheckJS)
		time.Sleep(200 * time.Millisecond)
	}
	ann.waitJS("hand 2's line", `document.querySelector('#h-hand').textContent.includes('ante 4') && !document.querySelector('#h-hand .next-hand')`)
	streets := eval[string](ann, `document.querySelector('#h-streets').textContent`) // in a closed drawer on a phone
	if n := strings.Count(streets, "posts the ante 4"); n != 3 {
		t.Fatalf("hand 2: %d antes of 4, want 3:\n%s", n, streets)
	}
	log := eval[string](ann, `document.querySelector('#log').textContent`)
	for _, want := range []string{"The host sets the table's options from the next hand: ante 4", "From this hand: an ante of 4."} {
		if !strings.Contains(log, want) {
			t.Fatalf("the log lacks %q:\n%s", want, log)
		}
	}
	ann.firstScreen("holdem-ante-posted-phone")
}

// wonChipOverResultsJS names each "+N" chip whose box meets a box of the
// results' text in the middle of the table (empty: none does).
const wonChipOverResultsJS = `(() => {
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const texts = [];
  for (const li of document.querySelectorAll('#h-pots .results li')) {
    const r = document.createRange();
    r.selectNodeContents(li);
    texts.push(...[...r.getClientRects()].filter(b => b.width > 0));
  }
  return [...document.querySelectorAll('.won-chip')].filter(c => texts.some(t => meet(c.getBoundingClientRect(), t)))
    .map(c => c.closest('.seat').id + ' ' + c.textContent.trim());
})()`

// coveredResultsJS names the lines of the results whose text is covered
// (at the middle of any of its boxes another element is on top).
const coveredResultsJS = `[...document.querySelectorAll('#h-pots .results li')].filter(li => {
  const r = document.createRange();
  r.selectNodeContents(li);
  return [...r.getClientRects()].filter(b => b.width > 0).some(b => !li.contains(document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)));
}).map(li => li.textContent.trim())`

// TestWonChipClearOfResults: at a 6-seat table on a 1280×800 desktop,
// Ann shoves every hand until three hands went to a showdown; at each,
// no winner's "+N" chip sits over the text of the results in the middle.
func TestWonChipClearOfResults(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "10ms", "-bot-delay-max", "30ms", "-next-deal-delay", "2500ms")
	ann := newBrowser(t, "Ann")
	ann.setSize(1280, 800, false)
	ann.createHoldem(srv, map[string]string{"seats": "6", "blinds": "10/20", "stack_bb": "20", "clock": "0"})
	ann.startWhenReady()
	ann.waitJS("the table", `!!document.querySelector('#h-controls')`)
	deadline := time.Now().Add(3 * time.Minute)
	seen := map[string]bool{}
	for len(seen) < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("%d showdowns in time:\n%s", len(seen), ann.text("#log"))
		}
		hand := strings.Split(ann.text("#h-hand"), " · ")[0]
		if !seen[hand] && eval[bool](ann, `[...document.querySelectorAll('#h-pots .results li')].some(li => li.textContent.includes(' with '))`) {
			seen[hand] = true
			ann.waitJS("the chips won in place", `![...document.querySelectorAll('.won-chip')].some(c => c.getAnimations().some(a => a.playState === 'running'))`)
			lines := eval[int](ann, `document.querySelectorAll('#h-pots .results li').length`)
			if len(seen) == 1 {
				ann.screenshot("holdem-showdown-6-desktop")
			}
			if out := eval[[]string](ann, wonChipOverResultsJS); len(out) > 0 {
				ann.screenshot("holdem-showdown-overlap-desktop")
				t.Fatalf("%s: these chips won sit over the results (%d lines): %v", hand, lines, out)
			}
			if out := eval[[]string](ann, coveredResultsJS); len(out) > 0 {
				ann.screenshot("holdem-showdown-overlap-desktop")
				t.Fatalf("%s: these results are covered: %v", hand, out)
			}
			t.Logf("%s: %d lines of results, clear of the chips won", hand, lines)
		}
		eval[bool](ann, `(() => { const e = document.querySelector("#h-controls button[hx-vals*='\"rebuy\"']"); if (e) e.click(); return !!e; })()`)
		eval[string](ann, shoveJS)
		time.Sleep(150 * time.Millisecond)
	}
}
