package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHostStartsAtOnce: a friend who took a seat but never pressed "I'm
// ready" does not hold the table up. The host's Start works as soon as
// enough players are seated, the lobby tells the host who is not ready
// (and that they play anyway), and the friend is dealt in.
func TestHostStartsAtOnce(t *testing.T) {
	t.Parallel()
	srv := startServer(t, t.TempDir(), "")
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	ann.setSize(390, 844, true)
	share := ann.createTable(srv, "4")
	bob.joinLobby(share) // seated, not ready
	ann.waitJS("Bob seated", `document.querySelector('#lobby').innerText.includes('Bob')`)
	hint := `document.querySelector('#lobby .controls .muted').textContent`
	ann.waitJS("the hint naming Bob", hint+`.includes('Bob is not ready yet: you may start anyway')`)
	if eval[bool](ann, `document.querySelector("#lobby button[hx-vals*='start']").disabled`) {
		t.Fatalf("the host can't start while Bob is not ready: %s", eval[string](ann, hint))
	}
	ann.firstScreen("lobby-start-at-once-phone")
	ann.axeCheck("the lobby with a player not ready")
	if got := bob.text("#lobby .controls"); !strings.Contains(got, "Waiting for the host to start") {
		t.Fatalf("Bob's lobby says: %s", got)
	}
	ann.mustTap(`#lobby button[hx-vals*='"start"']`)
	bob.waitJS("Bob's cards", `document.querySelectorAll('#p-hand label.card').length > 0`)
	if got := bob.text("#p-ring"); !strings.Contains(got, "Bob") {
		t.Fatalf("Bob is not at the table: %s", got)
	}
}

// TestSeatWordsAgree: what the join page offers a visitor is what the
// table then lets them do. At a running table whose other seats bots
// hold, a visitor is offered a bot's seat ("Ask for a seat", or "Take a
// seat" once the host lets anyone sit), never "The seats are taken"; a
// player the host removed is told they may watch, and offered no seat.
func TestSeatWordsAgree(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "50ms", "-bot-delay-max", "100ms")
	ann, cara, dan := newBrowser(t, "Ann"), newBrowser(t, "Cara"), newBrowser(t, "Dan")
	ann.createGame(srv, "lowunique", map[string]string{"seats": "4"})
	share := eval[string](ann, `document.querySelector('#share').value`)
	ann.mustTap(`#lobby button[hx-vals*='"start"']`)
	ann.waitJS("the table", `!!document.querySelector('#lu-ring')`)

	// Cara, on a phone: the join page offers to ask for a bot's seat
	cara.setSize(390, 844, true)
	cara.do(chromedp.Navigate(share))
	cara.waitJS("the join page", `!!document.querySelector('input[name=name]')`)
	if txt := cara.text("main"); strings.Contains(txt, "seats are taken") || !strings.Contains(txt, "bots hold 3 seats: enter your name to ask the host for one") {
		t.Fatalf("the join page at a table of bots says: %s", txt)
	}
	cara.firstScreen("seats-join-ask-phone")
	cara.axeCheck("the join page of a running table")
	cara.do(chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Cara"), chromedp.Click(chromedp.CSS(`main form button[value=ask]`)))
	cara.waitJS("her request waiting", `!!document.querySelector('#seat-bar') && document.querySelector('#seat-bar').innerText.includes('waits for the host')`)
	ann.mustTap(`#seat-bar button[hx-vals*='accept']`)
	cara.waitJS("Cara seated", `!!document.querySelector('#lu-ring .seat.you')`)

	// the host lets anyone sit: Dan is offered a seat to take, and takes it
	ann.mustTap(`#seat-leave button[hx-vals*='"open"']`)
	ann.waitJS("the seats open", `!!document.querySelector("#seat-leave button[hx-vals*='close']")`)
	dan.do(chromedp.Navigate(share))
	dan.waitJS("the join page", `!!document.querySelector('input[name=name]')`)
	if txt := dan.text("main"); !strings.Contains(txt, "bots hold 2 seats: enter your name to take one.") || !strings.Contains(txt, "Take a seat") {
		t.Fatalf("the join page of an open table says: %s", txt)
	}
	dan.do(chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Dan"), chromedp.Click(chromedp.CSS(`main form button[value=ask]`)))
	dan.waitJS("Dan seated", `!!document.querySelector('#lu-ring .seat.you')`)

	// the host removes Cara: she may watch, and is offered no seat
	eval[bool](ann, `(window.confirm = () => true, true)`)
	ann.mustTap(`#seat-leave button[hx-vals*='"free"'][hx-confirm*='Cara']`)
	removed := `(() => { const b = document.querySelector('#seat-bar'); return !!b && b.innerText.includes('The host removed you from this table: you may watch') && !b.querySelector('button'); })()`
	cara.waitJS("Cara told she may watch", removed)
	cara.firstScreen("seats-removed-phone")
	cara.do(chromedp.Reload())
	cara.waitJS("the same after a reload", removed)
	if cara.tap(`button[hx-vals*='"ask"']`) {
		t.Fatal("a removed player is offered a seat")
	}
}
