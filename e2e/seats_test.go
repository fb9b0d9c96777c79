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
	ann.do(chromedp.Click(chromedp.CSS(`#lobby button[hx-vals*='"start"']`)))
	bob.waitJS("Bob's cards", `document.querySelectorAll('#p-hand label.card').length > 0`)
	if got := bob.text("#p-ring"); !strings.Contains(got, "Bob") {
		t.Fatalf("Bob is not at the table: %s", got)
	}
}
