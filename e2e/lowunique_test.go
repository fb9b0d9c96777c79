package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// luActJS makes the viewer's move in the page as a person would: tick two
// cards and select, press ready, or play the lower card of the pair. It
// returns what it did and the version before, or "wait".
const luActJS = `(() => {
  const q = s => document.querySelector(s);
  if (!q('#lu-status')) return ['wait', '']; // the page has no game yet
  const before = q('#lu-status').dataset.version;
  const form = q('#lu-hand form.hand');
  if (form) {
    const boxes = form.querySelectorAll('input[name=card]');
    boxes[0].click(); boxes[1].click();
    form.querySelector('button[type=submit]').click();
    return ['select ' + boxes[0].value + ' and ' + boxes[1].value, before];
  }
  const b = k => q("#lu-hand button[hx-vals*='\"" + k + "\"']");
  if (b('ready')) { b('ready').click(); return ['ready', before]; }
  if (b('choose')) { const c = b('choose'); c.click(); return [c.textContent.trim(), before]; }
  return ['wait', before];
})()`

// clockOverSeatJS names what a turn clock covers of its own seat (a
// word, a badge, a card): the clock hangs under the seat's box.
const clockOverSeatJS = `(() => {
  const out = [];
  document.querySelectorAll('.ring-turns > span').forEach(span => {
    const m = span.className.match(/turn-of-(\d+)/);
    const seat = m && span.closest('.felt-wrap').querySelector('.seat-of-' + m[1]);
    const pill = span.querySelector('.clock');
    if (!seat || !pill) { return; }
    const p = pill.getBoundingClientRect();
    seat.querySelectorAll('*').forEach(el => {
      if (el.children.length || !el.textContent.trim()) { return; }
      const r = el.getBoundingClientRect();
      if (r.width && r.height && r.left < p.right && r.right > p.left && r.top < p.bottom - 0.5 && r.bottom > p.top + 0.5) {
        out.push(el.textContent.trim() + ' (' + Math.round(r.top) + '-' + Math.round(r.bottom) + ') under the clock (' + Math.round(p.top) + '-' + Math.round(p.bottom) + ')');
      }
    });
  });
  return out;
})()`

// TestLowUniqueInBrowsers: Ann creates a Lowest Unique table, Bob joins,
// a bot takes the third seat, and they play all 8 rounds through the
// pages: select, reveal (pairs shown to all), choose, results; then the
// final result with Play again.
func TestLowUniqueInBrowsers(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "50ms", "-bot-delay-max", "150ms", "-next-deal-delay", "800ms")
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	ann.createGame(srv, "lowunique", map[string]string{"seats": "3"})
	bob.joinTable(eval[string](ann, `document.querySelector('#share').value`))
	ann.startWhenReady()
	players := []*browser{ann, bob}
	for _, p := range players {
		p.waitJS("the table", `!!document.querySelector('#lu-hand')`)
	}
	shot := map[string]bool{}
	deadline := time.Now().Add(3 * time.Minute)
	for {
		phase := eval[string](ann, `document.querySelector('#lu-status').dataset.phase`)
		if phase == "over" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time\n%s", ann.text("#log"))
		}
		if phase == "reveal" || phase == "resolved" {
			// everyone's pair is on the table for everyone
			for _, p := range players {
				p.waitJS("the pairs", `document.querySelectorAll('[data-pair-of]').length === 3 || document.querySelector('#lu-status').dataset.phase !== `+jsString(phase))
			}
			if !shot[phase] {
				shot[phase] = true
				ann.screenshot("lowunique-" + phase + "-ann")
				if out := eval[[]string](ann, clockOverSeatJS); len(out) > 0 {
					t.Fatalf("a turn clock covers its seat's words: %v", out)
				}
				ann.axeCheck("the Lowest Unique table, " + phase)
			}
		}
		acted := false
		for _, p := range players {
			r := eval[[]string](p, luActJS)
			if r[0] == "wait" {
				continue
			}
			acted = true
			p.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' ||
				document.querySelector('#lu-status').dataset.version !== `+jsString(r[1]))
			if msg := p.text("#message"); msg != "" {
				t.Fatalf("%s: %s was refused: %s", p.name, r[0], msg)
			}
		}
		if !acted {
			v := eval[string](ann, `document.querySelector('#lu-status').dataset.version`)
			ann.waitJS("the table to move on", `document.querySelector('#lu-status').dataset.version !== `+jsString(v)+
				` || !!document.querySelector('#lu-hand form.hand, #lu-hand button[hx-vals]')`+
				` || document.querySelector('#lu-status').dataset.phase === 'over'`)
		}
	}
	for _, p := range players {
		p.waitJS("the result", `!!document.querySelector("#lu-hand button.play-again")`)
		if rows := eval[int](p, `document.querySelectorAll('#lu-results tbody tr').length`); rows != 9 {
			t.Fatalf("%s's results table has %d rows, want 8 rounds and the total", p.name, rows)
		}
		if txt := p.text("#lu-results"); !strings.Contains(txt, " wins with ") && !strings.Contains(txt, " share the win with ") {
			t.Fatalf("%s sees no winner:\n%s", p.name, txt)
		}
	}
	ann.screenshot("lowunique-over-ann")
	bob.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	if w := eval[int](bob, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the table is %d px wide on a 390 px phone", w)
	}
	bob.screenshot("lowunique-phone-bob")
	// Play again is an offer: Bob offers, Ann sees it and accepts, and
	// round 1 of game 2 starts for everyone
	bob.mustTap(`#lu-hand button.play-again`)
	ann.waitJS("Bob's offer", `document.querySelector('#lu-hand').innerText.includes('Bob wants to play again; waiting for Ann')`)
	if phase := eval[string](ann, `document.querySelector('#lu-status').dataset.phase`); phase != "over" {
		t.Fatalf("the rematch started before Ann accepted: %s", phase)
	}
	ann.mustTap(`#lu-hand button.play-again`)
	ann.waitJS("the rematch", `document.querySelector('#lu-status').dataset.phase === 'select' && document.querySelector('#lu-round').innerText.includes('game 2')`)
	bob.waitJS("the rematch", `document.querySelector('#lu-status').dataset.phase === 'select'`)
}
