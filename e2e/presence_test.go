package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPresenceInBrowsers: the table sees a player go when they follow a
// link away in the same tab, sees them back when they return with the
// back button (the page resyncs), and sees them go when they close the
// tab.
func TestPresenceInBrowsers(t *testing.T) {
	srv := startServer(t, t.TempDir(), "")
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	share := ann.createTable(srv, "3")
	bob.joinTable(share)
	ann.waitJS("Bob ready", `!document.querySelector("#lobby button[hx-vals*='start']").disabled`)
	ann.do(chromedp.Click(chromedp.CSS(`#lobby button[hx-vals*='"start"']`)))
	bob.waitJS("the table", `!!document.querySelector('#p-seat-0')`)
	ann.waitJS("the table", `!!document.querySelector('#p-ring')`)
	const annGone = `document.querySelector('#p-seat-0').innerText.includes('offline')`
	if eval[bool](bob, annGone) {
		t.Fatal("Ann shows offline while at the table")
	}

	// Ann follows a link to the home page in the same tab
	ann.do(chromedp.Navigate(srv.url + "/"))
	bob.waitJS("Ann gone after leaving the page", annGone)
	// and comes back with the back button: online again, the table whole
	ann.do(chromedp.NavigateBack())
	ann.waitJS("the table again", `!!document.querySelector('#p-ring .seat.you')`)
	bob.waitJS("Ann back", `!(`+annGone+`)`)

	// Ann closes the tab
	if err := chromedp.Cancel(ann.ctx); err != nil && err != context.Canceled {
		t.Fatal(err)
	}
	start := time.Now()
	bob.waitJS("Ann gone after closing the tab", annGone)
	t.Logf("closing the tab showed Ann offline in %v", time.Since(start).Round(time.Millisecond))
}
