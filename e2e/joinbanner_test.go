package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// coveredHandJS names the cards of the viewer's President hand that are
// not the topmost element at their centre or their lower edge (the
// action bar or a banner over them), the page scrolled to the top.
const coveredHandJS = `(() => {
  window.scrollTo(0, 0);
  const out = [];
  document.querySelectorAll('#p-hand label.card').forEach(c => {
    const r = c.getBoundingClientRect();
    for (const [x, y, what] of [[r.left + r.width / 2, r.top + r.height / 2, 'centre'], [r.left + r.width / 2, r.bottom - 3, 'lower edge']]) {
      const e = document.elementFromPoint(x, y);
      if (!e || !c.contains(e)) out.push((c.getAttribute('aria-label') || c.textContent.trim()) + ' ' + what + ' under ' + (e ? (e.id || e.className || e.tagName) : 'the screen\'s edge'));
    }
  });
  return out;
})()`

// TestJoinPageAndSeatRequest (issue 40, item 9): Ann hosts President on
// a 1280×800 desktop, bots in the other seats. The join page tells a
// visitor who invites them, the game and its rules, who sits and how many
// seats are free, on a phone in Japanese and on a desktop in English.
// Dan asks for a seat: the banner it puts over Ann's table does not push
// her hand under the action bar.
func TestJoinPageAndSeatRequest(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "400ms", "-bot-delay-max", "800ms")
	ann := newBrowser(t, "Ann")
	ann.setSize(1280, 800, false)
	ann.createGame(srv, "president", map[string]string{"seats": "4"})
	share := eval[string](ann, `document.querySelector('#share').value`)
	ann.mustTap(`#lobby button[hx-vals*='"start"']`)
	ann.waitJS("Ann's hand", `document.querySelectorAll('#p-hand label.card').length > 0`)

	for _, c := range []struct {
		who, lang, size string
		want            []string
	}{
		{"Cara", "ja", "phone", []string{"Annさんが大富豪のテーブルに招待しています。", "着席中：Ann、ボット2、ボット3とボット4"}},
		{"Dan", "en", "desktop", []string{"Ann invites you to a table of President.", "At the table: Ann, Bot 2, Bot 3 and Bot 4."}},
	} {
		v := browserIn(t, c.who, c.lang)
		if c.size == "desktop" {
			v.setSize(1280, 800, false)
		}
		v.do(chromedp.Navigate(share))
		v.waitJS("the join page", `!!document.querySelector('.join-about')`)
		about := v.text(".join-about")
		for _, w := range c.want {
			if !strings.Contains(about, w) {
				t.Fatalf("%s's join page (%s) does not say %q: %q", c.who, c.lang, w, about)
			}
		}
		if opts := v.text(".join-options"); opts == "" {
			t.Fatalf("%s's join page names no rules", c.who)
		}
		if w := eval[int](v, `document.documentElement.scrollWidth`); c.size == "phone" && w > 390 {
			t.Fatalf("the join page is %d px wide on a phone", w)
		}
		v.firstScreen("join-" + c.lang + "-" + c.size)
		v.axeCheck("the join page in " + c.lang)
		if c.who == "Dan" {
			v.do(chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Dan"), chromedp.Click(chromedp.CSS(`main form button[value=ask]`)))
		}
	}
	ann.waitJS("Dan's request", `!!document.querySelector("#seat-bar button[hx-vals*='accept']")`)
	ann.waitJS("the page to settle", settledJS)
	if out := eval[[]string](ann, coveredHandJS); len(out) > 0 {
		ann.firstScreen("president-request-desktop")
		t.Fatalf("with a seat request showing, Ann's hand is covered at: %v", out)
	}
	ann.firstScreen("president-request-desktop")
}
