package e2e

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tablegames/tables/i18n"
)

// TestReplayListAndLog (issue 40, item 8): Pat plays Hold'em now from
// the home page and leaves it to the table for a few hands; in English on
// a phone and in Japanese on a desktop:
//   - the list of replays gives each hand its winner, pot and Pat's own
//     result, so the big hand can be found;
//   - a replay, seen as Pat, says "Pat to act" where Pat had to act,
//     never "Your turn", and never marks the tab as her turn;
//   - the table's log keeps the fair record's SHA-256 lines, each folded
//     under one small line.
func TestReplayListAndLog(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "1ms", "-bot-delay-max", "3ms", "-next-deal-delay", "5ms", "-absent-autoplay", "5ms", "-absent-grace", "30ms")
	c := &http.Client{Timeout: 10 * time.Second}
	for _, tc := range []struct{ lang, size, toAct, you string }{{"en", "phone", "Pat to act.", "you "}, {"ja", "desktop", "Patの番です。", "あなた "}} {
		p := browserIn(t, "Pat", tc.lang)
		if tc.size == "desktop" {
			p.setSize(1280, 800, false)
		}
		p.do(chromedp.Navigate(srv.url),
			chromedp.SendKeys(chromedp.CSS(`form.pick input[name=name]`), "Pat"),
			chromedp.Click(chromedp.CSS(`form.pick button[value=holdem]`)))
		p.waitJS("the table", `!!document.querySelector('#stage .felt-wrap')`)
		code := strings.TrimPrefix(eval[string](p, `location.pathname`), "/t/")
		// the log: each line of the fair record folded, one small line
		p.waitJS("a seed sealed", `!!document.querySelector('#log li.fair details')`)
		fair := eval[map[string]any](p, `(() => {
		  const l = [...document.querySelectorAll('#log li')];
		  const bare = l.filter(li => !li.classList.contains('fair') && li.textContent.includes('SHA-256'));
		  const f = l.filter(li => li.classList.contains('fair'));
		  return {bare: bare.length, fair: f.length, open: f.filter(li => li.querySelector('details').open).length,
		    tallest: Math.max(...f.map(li => li.getBoundingClientRect().height))};
		})()`)
		if fair["bare"].(float64) != 0 || fair["fair"].(float64) == 0 || fair["open"].(float64) != 0 || fair["tallest"].(float64) > 24 {
			t.Fatalf("%s: the fair record in the log: %v", tc.lang, fair)
		}
		if tc.size == "desktop" {
			p.firstScreen("log-fair-folded-" + tc.lang + "-" + tc.size)
		}
		// Pat leaves it to the table: hands finish
		p.do(chromedp.Navigate(srv.url + "/t/" + code + "/replays"))
		for deadline := time.Now().Add(45 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			if _, body := get(t, c, srv.url+"/t/"+code+"/replays"); strings.Contains(body, "/replay/3\"") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: three hands did not finish in time", tc.lang)
			}
		}
		p.do(chromedp.Reload())
		p.waitJS("the list", `!!document.querySelector('.replay-list.noted li')`)
		rows := eval[[]string](p, `[...document.querySelectorAll('.replay-list li')].map(li => li.innerText.replace(/\s+/g, ' ').trim())`)
		for _, r := range rows {
			if !strings.Contains(r, tc.you) || !strings.ContainsAny(r, "0123456789") {
				t.Fatalf("%s: a hand in the list gives no result of Pat's: %q (all %q)", tc.lang, r, rows)
			}
		}
		if w := eval[int](p, `document.documentElement.scrollWidth`); tc.size == "phone" && w > 390 {
			t.Fatalf("the list of replays is %d px wide on a phone", w)
		}
		// the table's code as every page shows it: "8KM4-DHCS"
		label := code[:len(code)/2] + "-" + code[len(code)/2:]
		if got := p.text("h1 .code"); got != label {
			t.Fatalf("%s: the list of replays names the table %q, want %q", tc.lang, got, label)
		}
		p.firstScreen("replays-list-" + tc.lang + "-" + tc.size)
		p.axeCheck("the list of replays in " + tc.lang)
		// replay 1, step by step as Pat, until Pat is to act
		named := false
		for step := 0; step < 40 && !named; step++ {
			p.do(chromedp.Navigate(srv.url + "/t/" + code + "/replay/1?step=" + strconv.Itoa(step)))
			p.waitJS("the step", `!!document.querySelector('.replay-stage #h-status')`)
			look := eval[map[string]any](p, `({status: document.querySelector('.replay-stage #h-status').textContent,
			  turn: document.querySelector('.replay-stage #turn-mark').dataset.yourTurn, last: !document.querySelector('[data-next-step]') || document.querySelector('.replay-controls [role=status]').dataset.step === document.querySelector('.replay-controls [role=status]').dataset.steps})`)
			status := look["status"].(string)
			if look["turn"] != "false" || strings.Contains(status, "Your turn") || strings.Contains(status, "あなたの番") {
				t.Fatalf("%s: replay step %d speaks to Pat as if live: %q (turn mark %v)", tc.lang, step, status, look["turn"])
			}
			named = strings.Contains(status, tc.toAct)
			if look["last"] == true {
				break
			}
		}
		if !named {
			t.Fatalf("%s: no step of replay 1 says %q", tc.lang, tc.toAct)
		}
		// a replay shows the table as it was: nobody away or offline (Pat
		// has left it by now), and the code as the table shows it
		l := i18n.Lookup(tc.lang)
		for _, b := range eval[[]string](p, `[...document.querySelectorAll('.replay-stage .seat .badge')].map(b => b.textContent.trim())`) {
			for _, k := range []string{"seat.badge.away", "seat.badge.disconnected", "seat.badge.offline"} {
				if b == l.T(k) {
					t.Fatalf("%s: a seat in the replay is marked %q", tc.lang, b)
				}
			}
		}
		if got := p.text(".replay-title .code"); got != label {
			t.Fatalf("%s: the replay names the table %q, want %q", tc.lang, got, label)
		}
		p.firstScreen("replay-third-person-" + tc.lang + "-" + tc.size)
	}
}
