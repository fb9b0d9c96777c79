package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// whenJS is a slow clock's <time>: its text as the page wrote it, and
// what it should say: the deadline in the viewer's time zone (New York,
// set by the test; the page itself names no zone) and the page's
// language.
const whenJS = `((sel) => {
  const el = document.querySelector(sel + ' time[data-when]');
  if (!el) return ['', '', ''];
  const d = new Date(el.getAttribute('datetime'));
  const want = new Intl.DateTimeFormat(document.documentElement.lang,
    {weekday: el.dataset.when, hour: '2-digit', minute: '2-digit', timeZone: 'America/New_York'}).format(d);
  return [el.textContent, want, el.closest('*:not(time)').textContent];
})`

// TestSlowImpetusOnAPhone: on a phone in New York, Ann sets up an
// Impetus table at 24 hours per move with bots. Her seat's clock is a
// date and time in her own zone and language ("until Tuesday 21:00"),
// not seconds; the seat bar says the table is slow; the tab's title still
// says it is her move. On the home page "Your slow tables" lists it with
// "Your move" and the time left.
func TestSlowImpetusOnAPhone(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "30ms", "-bot-delay-max", "80ms")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: "America/New_York"})
		return err
	}))
	ann.createGame(srv, "impetus", map[string]string{"seats": "3", "pace": "24"})
	ann.startWhenReady()
	ann.waitJS("Ann's slow clock", `!!document.querySelector('.clock.slow time[data-when]')`)
	got := eval[[]string](ann, whenJS+"('.clock.slow')")
	if got[0] == "" || got[0] != got[1] {
		t.Fatalf("the clock says %q, want %q (New York, English)", got[0], got[1])
	}
	if !strings.HasPrefix(strings.TrimSpace(got[2]), "until ") {
		t.Fatalf("the clock reads %q", got[2])
	}
	if s := ann.text("#seat-bar"); !strings.Contains(s, "24 hours per move") {
		t.Fatalf("the seat bar doesn't say the pace: %q", s)
	}
	ann.waitJS("the tab says it is her move", `document.querySelector('#turn-mark').dataset.yourTurn === 'true' && document.title.includes(document.querySelector('#turn-mark').dataset.what)`)
	if n := eval[int](ann, `document.querySelectorAll('[data-deadline]').length`); n != 0 {
		t.Fatalf("%d clocks of seconds at a slow table", n)
	}
	ann.checkTopBar("a slow table")
	ann.axeCheck("a slow Impetus table")
	ann.setSize(1280, 800, false)
	ann.firstScreen("slow-impetus-desktop")
	// three spirits: the seats at the top corners leave the map's tools
	// free, and Ann's clock shows above the action bar
	if out := eval[[]string](ann, mapToolsCoveredJS); len(out) > 0 {
		t.Fatalf("the map's tools are covered: %v", out)
	}
	if out := eval[string](ann, `(() => { const c = document.querySelector('.ring-turns .clock'), b = document.querySelector('#stage .actionbar'); const r = c.getBoundingClientRect(), q = b.getBoundingClientRect(); return r.bottom <= q.top ? '' : 'clock at ' + Math.round(r.top) + '-' + Math.round(r.bottom) + ', bar from ' + Math.round(q.top); })()`); out != "" {
		t.Fatalf("Ann's clock is under the action bar: %s", out)
	}
	ann.setSize(390, 844, true)
	ann.firstScreen("slow-impetus-phone")

	ann.do(chromedp.Navigate(srv.url + "/"))
	ann.waitJS("your slow tables", `!!document.querySelector('.slow-tables li.yours')`)
	line := ann.text(".slow-tables li.yours")
	if !strings.Contains(line, "Impetus") || !strings.Contains(line, "Your move") || !strings.Contains(line, "hours left") {
		t.Fatalf("the home page's line: %q", line)
	}
	got = eval[[]string](ann, whenJS+"('.slow-tables li.yours')")
	if got[0] == "" || got[0] != got[1] {
		t.Fatalf("the home page says until %q, want %q", got[0], got[1])
	}
	ann.axeCheck("the home page with a slow table")
	ann.bothSizes("slow-home")
}
