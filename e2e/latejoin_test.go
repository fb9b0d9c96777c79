package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLateJoinInBrowsers: Cara arrives at a running Hold'em table, asks
// for a seat, Ann lets her sit, and Cara plays the next hand from a bot's
// seat; then Ann leaves the table and a bot plays on, with Cara as host.
func TestLateJoinInBrowsers(t *testing.T) {
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "300ms")
	ann, cara := newBrowser(t, "Ann"), newBrowser(t, "Cara")
	ann.createGame(srv, "holdem", map[string]string{"seats": "4", "blinds": "10/20", "stack_bb": "100"})
	share := eval[string](ann, `document.querySelector('#share').value`)
	ann.do(chromedp.Click(chromedp.CSS(`#lobby button[hx-vals*='"start"']`)))
	ann.waitJS("the table", `!!document.querySelector('#h-ring')`)

	// Cara opens the link: the seats are taken, she watches
	cara.do(chromedp.Navigate(share))
	cara.waitJS("the join page", `!!document.querySelector('input[name=name]')`)
	cara.do(chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Cara"), chromedp.Click(chromedp.CSS(`main form button[type=submit]`)))
	cara.waitJS("the ask button", `!!document.querySelector("#seat-bar button[hx-vals*='ask']")`)
	cara.do(chromedp.Click(chromedp.CSS(`#seat-bar button[hx-vals*='ask']`)))
	cara.waitJS("her request waiting", `document.querySelector('#seat-bar').innerText.includes('waits for the host')`)

	ann.waitJS("Cara's request", `!!document.querySelector("#seat-bar button[hx-vals*='accept']")`)
	ann.screenshot("latejoin-request-ann")
	ann.axeCheck("a request for a seat")
	ann.do(chromedp.Click(chromedp.CSS(`#seat-bar button[hx-vals*='accept']`)))

	// Cara takes a bot's seat once the hand is over, and is dealt the next;
	// Ann plays her turns meanwhile
	seated := `!!document.querySelector('#h-ring .seat.you .hole .card[aria-label]')`
	for deadline := time.Now().Add(time.Minute); !eval[bool](cara, seated); {
		if time.Now().After(deadline) {
			t.Fatalf("Cara was never seated:\n%s", cara.text("#log"))
		}
		if eval[bool](ann, yourTurnJS+` && !!document.querySelector("#h-controls button[hx-vals*='fold']")`) {
			before := eval[string](ann, `document.querySelector('#h-status').dataset.version`)
			ann.do(chromedp.Click(chromedp.CSS(`#h-controls button[hx-vals*='fold']`)))
			ann.waitJS("her fold taken", `document.querySelector('#h-status').dataset.version !== `+jsString(before))
			continue
		}
		if eval[bool](cara, `!!document.querySelector("#h-controls button[hx-vals*='\"rebuy\"']")`) {
			// the bot whose seat she took was out of chips: she buys in
			cara.do(chromedp.Click(chromedp.CSS(`#h-controls button[hx-vals*='"rebuy"']`)))
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
		if eval[bool](ann, yourTurnJS+` && !!document.querySelector("#h-controls button[hx-vals*='fold']")`) {
			before := eval[string](ann, `document.querySelector('#h-status').dataset.version`)
			ann.do(chromedp.Click(chromedp.CSS(`#h-controls button[hx-vals*='fold']`)))
			ann.waitJS("her fold taken", `document.querySelector('#h-status').dataset.version !== `+jsString(before))
			continue
		}
		cara.waitJS("Cara's turn or Ann's", yourTurnJS+` || document.querySelector('#h-status').innerText.includes('Ann to act')`)
	}
	before := eval[string](cara, `document.querySelector('#h-status').dataset.version`)
	cara.do(chromedp.Click(chromedp.CSS(`#h-controls button[hx-vals*='fold']`)))
	cara.waitJS("her fold taken", `document.querySelector('#h-status').dataset.version !== `+jsString(before))
	cara.screenshot("latejoin-seated-cara")

	// Ann pauses the table: Cara sees it paused, with no clock running
	ann.do(chromedp.Click(chromedp.CSS(`details.drawer:has(.share) > summary`)))
	ann.do(chromedp.Click(chromedp.CSS(`button[hx-vals*='pause']`)))
	cara.waitJS("the table paused", `!!document.querySelector('#seat-bar .paused') && !document.querySelector('.ring-turns .clock')`)
	cara.screenshot("latejoin-paused-cara")
	ann.do(chromedp.Click(chromedp.CSS(`button[hx-vals*='resume']`)))
	cara.waitJS("the table running again", `!document.querySelector('#seat-bar .paused')`)

	// Ann leaves the table: a bot plays her seat, Cara becomes the host
	// she answers yes to "Leave the table?"
	eval[bool](ann, `(window.confirm = () => true, true)`)
	ann.do(chromedp.Click(chromedp.CSS(`button[hx-vals*='leave']`)))
	cara.waitJS("Ann gone, a bot in her seat", `document.querySelector('#log').innerText.includes('Ann leaves the table') && document.querySelector('#h-seat-0 .name').textContent === 'Bot 1'`)
	if !strings.Contains(cara.text("#log"), "Cara is now the host") {
		t.Fatalf("the host role did not pass to Cara: %s", cara.text("#log"))
	}
}
