package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/tablegames/tables/i18n"
)

// tourNowJS reads the table as the level clock test needs it: the hand's
// number, whether it is over (the standings between hands), the
// tournament line's next level and when, and Ann's move made (check,
// else fold) when it is her turn.
const tourNowJS = `(() => {
  const m = document.querySelector('#h-hand') && document.querySelector('#h-hand').textContent.match(/\d+/);
  const next = document.querySelector('#h-tour .tour-next');
  const c = document.querySelector('#h-controls');
  const btn = k => c && c.querySelector("button[hx-vals*='\"" + k + "\"']");
  const b = btn('check') || btn('fold');
  if (b) b.click();
  return {hand: m ? parseInt(m[0], 10) : 0, over: !!document.querySelector('.actionbar .standings'),
    next: next ? next.textContent.replace(/\s+/g, ' ').trim() : '',
    level: (document.querySelector('#h-tour') || {textContent: ''}).textContent.replace(/\s+/g, ' ')};
})()`

type tourNow struct {
	Hand  int    `json:"hand"`
	Over  bool   `json:"over"`
	Next  string `json:"next"`
	Level string `json:"level"`
}

// TestLevelClockInBrowsers: a sit-and-go of four (Ann and three AI
// players), turbo levels of 2 hands: 10/20, 20/40, 30/60. Worked out by
// hand: level 2 starts with hand 3, level 3 with hand 5. During hand 1
// the next level is two deals away, "in 2 hands", and still once hand 1
// is over; during hand 2 it comes "after this hand", and once hand 2 is
// over "from the next hand"; hand 3 is dealt at 20/40, "Next 30/60 in 2
// hands"; hand 4 over, "from the next hand"; hand 5 is dealt at 30/60.
// The line reads so on a phone in English and on a desktop in Japanese
// (its words from the catalog); screenshots at both sizes when hand 2
// is over and at hand 5.
func TestLevelClockInBrowsers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ size, lang string }{{"phone", "en"}, {"desktop", "ja"}} {
		t.Run(c.size+"-"+c.lang, func(t *testing.T) {
			l := i18n.Lookup(c.lang)
			next := func(blinds string, when string) string {
				return l.F("holdem.view.tour.next", i18n.S("Blinds", blinds)) + " " + when
			}
			inTwo := l.F("holdem.view.tour.in_hands", i18n.Count(2))
			want := map[[2]int]string{ // hand, over (1) → the line's next level
				{1, 0}: next("20/40", inTwo),
				{1, 1}: next("20/40", inTwo),
				{2, 0}: next("20/40", l.T("holdem.view.tour.after_hand")),
				{2, 1}: next("20/40", l.T("holdem.view.tour.next_hand")),
				{3, 0}: next("30/60", inTwo),
				{3, 1}: next("30/60", inTwo),
				{4, 0}: next("30/60", l.T("holdem.view.tour.after_hand")),
				{4, 1}: next("30/60", l.T("holdem.view.tour.next_hand")),
			}
			srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "1500ms")
			ann := newBrowser(t, "Ann")
			phone := c.size == "phone"
			other := func(shot string) {
				if phone {
					ann.setSize(1280, 800, false)
					ann.firstScreen(shot + "-desktop-" + c.lang)
					ann.setSize(390, 844, true)
				} else {
					ann.setSize(390, 844, true)
					ann.firstScreen(shot + "-phone-" + c.lang)
					ann.setSize(1280, 800, false)
				}
			}
			if phone {
				ann.setSize(390, 844, true)
			} else {
				ann.setSize(1280, 800, false)
			}
			if c.lang != "en" {
				ann.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
						UserAgent: "Mozilla/5.0 Chrome/130 Safari/537.36", AcceptLanguage: c.lang})
					return err
				}))
			}
			ann.createHoldem(srv, map[string]string{"format": "sng", "structure": "turbo", "level": "2h", "seats": "4", "payout": "50/30/20", "clock": "0"})
			ann.startWhenReady()
			seen := map[[2]int]string{}
			deadline := time.Now().Add(2 * time.Minute)
			for {
				if time.Now().After(deadline) {
					t.Fatalf("hand 5 did not come: seen %v", seen)
				}
				n := eval[tourNow](ann, tourNowJS)
				if n.Hand >= 5 && !n.Over {
					level3 := l.F("holdem.view.tour.level", i18n.N("Level", 3))
					if !strings.Contains(n.Level, level3) || !strings.Contains(n.Level, "30/60") {
						t.Fatalf("hand 5: the line %q, want %s at 30/60", n.Level, level3)
					}
					ann.firstScreen("holdem-levels-hand5-" + c.size + "-" + c.lang)
					break
				}
				key := [2]int{n.Hand, 0}
				if n.Over {
					key[1] = 1
				}
				if _, ok := seen[key]; !ok && n.Hand > 0 {
					seen[key] = n.Next
					if key == [2]int{2, 1} {
						ann.firstScreen("holdem-levels-hand2-over-" + c.size + "-" + c.lang)
						other("holdem-levels-hand2-over")
					}
				}
				time.Sleep(60 * time.Millisecond)
			}
			for k, w := range want {
				if got, ok := seen[k]; ok && got != w {
					t.Errorf("hand %d (over: %v): the line says %q, want %q", k[0], k[1] == 1, got, w)
				}
			}
			for _, k := range [][2]int{{1, 0}, {1, 1}, {2, 0}, {2, 1}, {4, 1}} {
				if _, ok := seen[k]; !ok {
					t.Errorf("never saw hand %d (over: %v); saw %v", k[0], k[1] == 1, seen)
				}
			}
		})
	}
}
