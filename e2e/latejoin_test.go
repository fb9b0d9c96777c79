package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// giveUp is a Hold'em player's way out of a hand without a dialog: Fold
// when there is a bet to face, Check when checking is free (Fold then asks
// "Fold anyway?" in a confirm dialog, which would block the page's script).
const giveUp = `#h-controls button[hx-vals*='fold']:not([hx-confirm]), #h-controls button[hx-vals*='"check"']`

// TestLateJoinInBrowsers: Cara arrives at a running Hold'em table, asks
// for a seat, Ann lets her sit, and Cara plays the next hand from a bot's
// seat; then Ann leaves the table and a bot plays on, with Cara as host.
func TestLateJoinInBrowsers(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "300ms")
	ann, cara := newBrowser(t, "Ann"), newBrowser(t, "Cara")
	ann.createGame(srv, "holdem", map[string]string{"seats": "4", "blinds": "10/20", "stack_bb": "100"})
	share := eval[string](ann, `document.querySelector('#share').value`)
	ann.mustTap(`#lobby button[hx-vals*='"start"']`)
	ann.waitJS("the table", `!!document.querySelector('#h-ring')`)

	// Cara opens the link: bots hold the other seats, and she asks the
	// host for one as she gives her name
	cara.do(chromedp.Navigate(share))
	cara.waitJS("the join page", `!!document.querySelector('input[name=name]')`)
	cara.do(chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Cara"), chromedp.Click(chromedp.CSS(`main form button[value=ask]`)))
	cara.waitJS("her request waiting", `!!document.querySelector('#seat-bar') && document.querySelector('#seat-bar').innerText.includes('waits for the host')`)

	ann.waitJS("Cara's request", `!!document.querySelector("#seat-bar button[hx-vals*='accept']")`)
	ann.screenshot("latejoin-request-ann")
	ann.axeCheck("a request for a seat")
	ann.mustTap(`#seat-bar button[hx-vals*='accept']`)

	// Cara takes a bot's seat once the hand is over, and is dealt the next;
	// Ann plays her turns meanwhile
	seated := `!!document.querySelector('#h-ring .seat.you .hole .card[aria-label]')`
	for deadline := time.Now().Add(time.Minute); !eval[bool](cara, seated); {
		if time.Now().After(deadline) {
			t.Fatalf("Cara was never seated:\n%s", cara.text("#log"))
		}
		if eval[bool](ann, yourTurnJS+` && !!document.querySelector(`+jsString(giveUp)+`)`) {
			before := eval[string](ann, `document.querySelector('#h-status').dataset.version`)
			if !ann.tap(giveUp) {
				continue // the turn passed meanwhile
			}
			ann.waitJS("her fold taken", `document.querySelector('#h-status').dataset.version !== `+jsString(before))
			continue
		}
		if eval[bool](cara, `!!document.querySelector("#h-controls button[hx-vals*='\"rebuy\"']")`) {
			// the bot whose seat she took was out of chips: she buys in
			cara.mustTap(`#h-controls button[hx-vals*='"rebuy"']`)
		}
		cara.waitJS("a change", seated+` || (`+yourTurnJS+`) === false`)
		ann.waitJS("Ann's turn or Cara seated", yourTurnJS+` || document.querySelector('#log').innerText.includes('Cara takes seat')`)
	}
	if !strings.Contains(cara.text("#log"), "Cara takes seat") {
		t.Fatalf("the log does not say Cara sat: %s", cara.text("#log"))
	}
	// Cara acts on her turn; Ann folds on hers
	for deadline := time.Now().Add(time.Minute); !eval[bool](cara, yourTurnJS); {
		if time.Now().After(deadline) {
			t.Fatal("Cara's turn never came")
		}
		if eval[bool](ann, yourTurnJS+` && !!document.querySelector(`+jsString(giveUp)+`)`) {
			before := eval[string](ann, `document.querySelector('#h-status').dataset.version`)
			if !ann.tap(giveUp) {
				continue // the turn passed meanwhile
			}
			ann.waitJS("her fold taken", `document.querySelector('#h-status').dataset.version !== `+jsString(before))
			continue
		}
		cara.waitJS("Cara's turn or Ann's", yourTurnJS+` || document.querySelector('#h-status').innerText.includes('Ann to act')`)
	}
	before := eval[string](cara, `document.querySelector('#h-status').dataset.version`)
	cara.mustTap(giveUp)
	cara.waitJS("her fold taken", `document.querySelector('#h-status').dataset.version !== `+jsString(before))
	cara.screenshot("latejoin-seated-cara")

	// Ann pauses the table: Cara sees it paused, with no clock running
	ann.mustTap(`details.drawer:has(.share) > summary`)
	ann.mustTap(`button[hx-vals*='pause']`)
	cara.waitJS("the table paused", `!!document.querySelector('#seat-bar .paused') && !document.querySelector('.ring-turns .clock')`)
	cara.screenshot("latejoin-paused-cara")
	ann.mustTap(`button[hx-vals*='resume']`)
	cara.waitJS("the table running again", `!document.querySelector('#seat-bar .paused')`)

	// Ann leaves the table: a bot plays her seat, Cara becomes the host
	// she answers yes to "Leave the table?"
	eval[bool](ann, `(window.confirm = () => true, true)`)
	ann.mustTap(`button[hx-vals*='leave']`)
	cara.waitJS("Ann gone, a bot in her seat", `document.querySelector('#log').innerText.includes('Ann leaves the table') && document.querySelector('#h-seat-0 .name').textContent === 'Bot 1'`)
	if !strings.Contains(cara.text("#log"), "Cara is now the host") {
		t.Fatalf("the host role did not pass to Cara: %s", cara.text("#log"))
	}
}

// TestBustedPlayerRebuys: Ann pushes all in every hand until she loses
// her stack; out of chips she is asked (no auto rebuy for a person), buys
// back in with one click, and the ledger counts the rebuy.
func TestBustedPlayerRebuys(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "300ms")
	ann := newBrowser(t, "Ann")
	ann.createGame(srv, "holdem", map[string]string{"seats": "2", "blinds": "10/20", "stack_bb": "20"})
	ann.startWhenReady()
	boughtIn := `(() => { const r = [...document.querySelectorAll('#h-ledger tbody tr')].find(r => r.querySelector('th').textContent === 'Ann'); return r ? r.querySelectorAll('td')[0].textContent : ''; })()`
	ann.waitJS("the ledger", boughtIn+` === '400'`)
	deadline := time.Now().Add(3 * time.Minute)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("Ann did not bust in time:\n%s", ann.text("#log"))
		}
		r := eval[[]string](ann, `(() => {
		  const c = document.querySelector('#h-controls');
		  const v = document.getElementById('table-state').dataset.v;
		  if (c && c.querySelector("button[hx-vals*='\"rebuy\"']")) return ['busted', v];
		  const btn = k => c && c.querySelector("button[hx-vals*='\"" + k + "\"']");
		  // all in: the raise form at its largest amount, or the all-in
		  // button when that is the only raise; else call one
		  const amount = c && c.querySelector('#h-amount');
		  const raise = c && c.querySelector('button[data-raise]');
		  if (amount && raise) {
		    amount.value = amount.max;
		    raise.click();
		    return ['allin', v];
		  }
		  const b = btn('allin') || btn('call') || btn('check');
		  if (!b) return ['wait', v];
		  b.click();
		  return ['allin', v];
		})()`)
		switch r[0] {
		case "busted":
		case "allin":
			ann.waitJS("the all-in taken", `document.querySelector('#message').textContent !== '' || document.getElementById('table-state').dataset.v !== `+jsString(r[1]))
			if msg := ann.text("#message"); msg != "" {
				t.Fatalf("all in refused: %s", msg)
			}
			continue
		default:
			ann.waitJS("Ann's turn or her bust", `!!document.querySelector("#h-controls button[hx-vals*='\"allin\"'], #h-controls button[hx-vals*='\"call\"'], #h-controls button[hx-vals*='\"check\"'], #h-controls button[hx-vals*='\"rebuy\"']")`)
			continue
		}
		break
	}
	if !strings.Contains(ann.text("#h-controls"), "You are out of chips.") {
		t.Fatalf("out of chips, the bar says: %s", ann.text("#h-controls"))
	}
	ann.firstScreen("holdem-busted-desktop")
	ann.setSize(390, 844, true)
	ann.firstScreen("holdem-busted-phone")
	// issue 40: busted, the bar holds the results and "Buy back in", no
	// standing choice, and leaves her own seat in sight
	if out := eval[[]string](ann, standingInBarJS); len(out) > 0 {
		t.Fatalf("busted, the action bar holds standing choices: %v", out)
	}
	if over := eval[float64](ann, `document.querySelector('#h-ring .seat.you').getBoundingClientRect().bottom - document.querySelector('#h-controls').getBoundingClientRect().top`); over > 0 {
		t.Fatalf("busted, the action bar covers %.0f px of her own seat on a phone:\n%s", over, ann.text("#h-controls"))
	}
	ann.mustTap(`#h-controls button[hx-vals*='"rebuy"']`)
	ann.waitJS("the rebuy in the ledger", boughtIn+` === '800'`)
	ann.waitJS("Ann dealt in again", `!!document.querySelector('#h-ring .seat.you .hole .card[aria-label]')`)
	if strings.Contains(ann.text("#h-controls"), "out of chips") {
		t.Fatal("still out of chips after the rebuy")
	}
}
