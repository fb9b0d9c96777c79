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

// showdownRowsJS reads a showdown's standings (hand, net) and the pots'
// result lines, or null between showdowns.
const showdownRowsJS = `(() => {
  const s = document.querySelector('.actionbar .standings');
  if (!s || !document.querySelector('#h-pots .results')) return null;
  return {rows: [...s.querySelectorAll('tbody tr')].map(tr => [...tr.children].map(c => c.textContent.replace(/\s+/g, ' ').trim())),
    pots: [...document.querySelectorAll('#h-pots li.won')].map(li => li.textContent.replace(/\s+/g, ' ').trim()),
    hand: document.querySelector('#h-hand').textContent};
})()`

type showdownRows struct {
	Rows [][]string `json:"rows"`
	Pots []string   `json:"pots"`
	Hand string     `json:"hand"`
}

// TestKickerInBrowsers: Ann calls every hand down at a table of six
// with AI players. At every showdown, a winner's hand never reads the
// same as a hand that lost to it ("pair of kings" over "pair of kings"):
// when only a kicker told them apart, the winner's is named with it. It
// goes on until a kicker decides a showdown (with six calling down a
// paired board, it soon does): then the standings row and the pot's line
// name it ("pair of kings, ace kicker"; Japanese "Kのワンペア、キッカーA").
// On a phone in English and on a desktop in Japanese, with screenshots.
func TestKickerInBrowsers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ size, lang string }{{"phone", "en"}, {"desktop", "ja"}} {
		t.Run(c.size+"-"+c.lang, func(t *testing.T) {
			l := i18n.Lookup(c.lang)
			// the words the kicker adds, from the catalog: ", ace kicker" less the rank
			kicker := strings.TrimSuffix(strings.TrimPrefix(l.F("holdem.hand.kicker", i18n.S("Hand", "§"), i18n.S("Kicker", "¶")), "§"), "¶")
			kicker = strings.Trim(strings.ReplaceAll(kicker, "¶", ""), " ,、")
			srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "10ms", "-bot-delay-max", "20ms", "-next-deal-delay", "1500ms")
			ann := newBrowser(t, "Ann")
			phone := c.size == "phone"
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
			ann.createGame(srv, "holdem", map[string]string{"seats": "6", "blinds": "10/20", "stack_bb": "100"})
			ann.startWhenReady()
			deadline := time.Now().Add(3 * time.Minute)
			showdowns, last := 0, ""
			for {
				if time.Now().After(deadline) {
					t.Fatalf("no kicker decided any of %d showdowns in 3 minutes", showdowns)
				}
				s := eval[*showdownRows](ann, showdownRowsJS)
				if s == nil || s.Hand == last {
					if r := eval[[]string](ann, callDownJS); r[0] == "wait" {
						time.Sleep(50 * time.Millisecond)
					}
					continue
				}
				last = s.Hand
				showdowns++
				seen := false
				for _, w := range s.Rows {
					if !strings.HasPrefix(w[len(w)-1], "+") {
						continue
					}
					for _, o := range s.Rows {
						if strings.HasPrefix(o[len(o)-1], "-") && o[1] == w[1] {
							t.Fatalf("%s: %q won with %q over %q's %q: the same words", s.Hand, w[0], w[1], o[0], o[1])
						}
					}
					if strings.Contains(w[1], kicker) {
						seen = true
					}
				}
				if !seen {
					continue
				}
				if !strings.Contains(strings.Join(s.Pots, "|"), kicker) {
					t.Fatalf("%s: the standings name a kicker, the pots' lines do not: %q", s.Hand, s.Pots)
				}
				t.Logf("%s after %d showdowns: %v; %q", s.Hand, showdowns, s.Rows, s.Pots)
				ann.firstScreen("holdem-kicker-" + c.size + "-" + c.lang)
				break
			}
		})
	}
}
