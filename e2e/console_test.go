package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// consoleErrors collects what a page reports as an error: console.error,
// uncaught exceptions, and the browser's own error entries (a blocked
// navigator.vibrate, a refused resource, a CSP violation).
type consoleErrors struct {
	mu   sync.Mutex
	seen []string
}

func (b *browser) watchConsole() *consoleErrors {
	b.t.Helper()
	if _, err := chromedp.Call(b.ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		b.t.Fatal(err)
	}
	c := &consoleErrors{}
	ctx, cancel := context.WithCancel(b.ctx)
	b.t.Cleanup(cancel)
	go func() {
		for ev, err := range chromedp.Events(ctx, cdplog.EntryAdded) {
			if err != nil {
				return
			}
			if ev.Entry.Level == cdplog.EntryLevelError {
				c.add(fmt.Sprintf("%s: %s (%s)", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL))
			}
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, runtime.ConsoleAPICalled) {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				c.add("console.error: " + strings.Join(args, " "))
			}
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, runtime.ExceptionThrown) {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			desc := d.Text
			if d.Exception != nil {
				desc += " " + d.Exception.Description
			}
			c.add(fmt.Sprintf("exception: %s (%s:%d)", desc, d.URL, d.LineNumber))
		}
	}()
	return c
}

func (c *consoleErrors) add(s string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen = append(c.seen, s)
}

func (c *consoleErrors) list() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.seen...)
}

// TestNoConsoleErrors: a phone at a live Hold'em table logs no error,
// not even when its turn comes before the person has touched the page
// (a vibration then is blocked and logged, so it waits for a tap); nor
// do the home page, the rules, the verify page and the hand history.
func TestNoConsoleErrors(t *testing.T) {
	t.Parallel()
	srv := startServer(t, t.TempDir(), "")
	// the table is opened over HTTP and the browser given the host's
	// cookies: the page is then opened with no tap at all (a click on a
	// page before a same-origin navigation counts for the next one)
	jar, _ := cookiejar.New(nil)
	code := createAndStartWith(t, &http.Client{Jar: jar, Timeout: 10 * time.Second}, srv.url,
		url.Values{"kind": {"holdem"}, "seats": {"4"}, "bots": {"on"}})
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	errs := ann.watchConsole()
	u, _ := url.Parse(srv.url)
	var cookies []*network.CookieParam
	for _, k := range jar.Cookies(u) {
		cookies = append(cookies, &network.CookieParam{Name: k.Name, Value: k.Value, URL: srv.url})
	}
	if _, err := chromedp.Call(ann.ctx, network.SetCookies, network.SetCookiesParams{Cookies: cookies}); err != nil {
		t.Fatal(err)
	}
	ann.do(chromedp.Navigate(srv.url + "/"))
	ann.waitJS("the open tables", `!document.querySelector('#public-tables').textContent.includes('Looking')`)
	ann.do(chromedp.Navigate(srv.url + "/rules/holdem"))
	ann.do(chromedp.Navigate(srv.url + "/t/" + code))
	// the host's turn comes with no tap on this page yet (chromedp's
	// Poll, behind waitJS, would count as one)
	for deadline := time.Now().Add(30 * time.Second); !eval[bool](ann, `!!document.getElementById('turn-mark') && document.getElementById('turn-mark').dataset.yourTurn === 'true'`); {
		if time.Now().After(deadline) {
			t.Fatal("Ann's turn never came")
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(1500 * time.Millisecond) // a clock tick or two
	if got := eval[bool](ann, `!navigator.userActivation || navigator.userActivation.hasBeenActive`); got {
		t.Fatal("the page counts as tapped already: the test would not see a blocked vibration")
	}
	// then a real tap plays a move, and play goes on
	ann.mustTap(`#h-controls button[hx-vals*='"call"'], #h-controls button[hx-vals*='"check"']`)
	ann.waitJS("the move taken", `document.getElementById('turn-mark').dataset.yourTurn !== 'true'`)
	for _, p := range []string{"/t/" + code + "/verify", "/t/" + code + "/hands", "/t/ZZZZ"} {
		ann.do(chromedp.Navigate(srv.url + p))
	}
	var real []string
	for _, e := range errs.list() {
		// the error page answers 404 on purpose: the browser logs the status
		if strings.Contains(e, "/t/ZZZZ") && strings.Contains(e, "404") {
			continue
		}
		real = append(real, e)
	}
	if len(real) > 0 {
		t.Fatalf("%d console errors:\n%s", len(real), strings.Join(real, "\n"))
	}
}
