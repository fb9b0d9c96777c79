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
	ann, bob, _ := twoAtPresident(t, srv)
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
