package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReplayOnAPhone: Pat plays a game now from the home page on a phone,
// leaves it to the table (which plays on for her), and opens the replay of
// the first finished hand or deal at its last step: the controls take two
// short rows, so the table shows on the first screen, and none of the
// table's live actions (Hold'em's "Auto rebuy", President's "Replay this
// deal", a move's buttons) shows in the replay. Her "More", once opened,
// stays open from step to step.
func TestReplayOnAPhone(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "1ms", "-bot-delay-max", "3ms", "-next-deal-delay", "5ms", "-absent-autoplay", "5ms", "-absent-grace", "30ms")
	c := &http.Client{Timeout: 10 * time.Second}
	for _, kind := range []string{"holdem", "president"} {
		p := newBrowser(t, "Pat")
		p.setSize(390, 844, true)
		p.do(chromedp.Navigate(srv.url),
			chromedp.SendKeys(chromedp.CSS(`form.pick input[name=name]`), "Pat"),
			chromedp.Click(chromedp.CSS(`form.pick button[value=`+kind+`]`)))
		p.waitJS("the table", `!!document.querySelector('#stage .felt-wrap')`)
		code := strings.TrimPrefix(eval[string](p, `location.pathname`), "/t/")
		p.do(chromedp.Navigate(srv.url + "/t/" + code + "/replays")) // Pat is away: the table plays for her
		for deadline := time.Now().Add(45 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			if _, body := get(t, c, srv.url+"/t/"+code+"/replays"); strings.Contains(body, "/replay/1") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: nothing finished to replay in time", kind)
			}
		}
		p.do(chromedp.Navigate(srv.url + "/t/" + code + "/replay/1"))
		p.waitJS("the replay", `!!document.querySelector('.replay-stage')`)
		p.mustTap(`a[aria-label="Last step"]`)
		p.waitJS("the last step", `(() => { const m = document.querySelector('.replay-controls [role=status]').textContent.match(/Step (\d+) of (\d+)/); return m && m[1] === m[2]; })()`)
		p.firstScreen("replay-" + kind + "-phone")
		look := eval[map[string]any](p, `(() => {
		  window.scrollTo(0, 0);
		  const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
		  const felt = document.querySelector('.replay-stage .felt-wrap').getBoundingClientRect();
		  return {felt: felt.top, feltBottom: felt.bottom,
		    controls: document.querySelector('.replay-controls').getBoundingClientRect().height,
		    live: [...document.querySelectorAll('.replay-stage button, .replay-stage a[href*="/replay/"], .replay-stage select')].filter(shown).map(e => e.textContent.trim()).join(' | ')};
		})()`)
		if look["live"].(string) != "" {
			t.Fatalf("%s: the replay shows the table's live actions: %s", kind, look["live"])
		}
		if top, bottom := look["felt"].(float64), look["feltBottom"].(float64); top > 320 || bottom > 844 {
			t.Fatalf("%s: the table takes y=%.0f to %.0f of 844 in the replay (controls %.0f px tall)", kind, top, bottom, look["controls"])
		}
		if w := eval[int](p, `document.documentElement.scrollWidth`); w > 390 {
			t.Fatalf("%s: the replay is %d px wide: %s", kind, w, eval[string](p, wideJS))
		}
		p.axeCheck("the replay of " + kind)
		// "More", once opened, stays open while a step swaps in
		p.mustTap(`.replay-controls details > summary`)
		p.waitJS("More open", `document.querySelector('.replay-controls details').open`)
		p.mustTap(`a[aria-label="First step"]`)
		p.waitJS("the first step", `document.querySelector('.replay-controls [role=status]').dataset.step === "0"`)
		if !eval[bool](p, `document.querySelector('.replay-controls details').open`) {
			t.Fatalf("%s: a step closed the replay's More", kind)
		}
		t.Logf("%s: the table at y=%.0f, the controls %.0f px", kind, look["felt"], look["controls"])
	}
}
