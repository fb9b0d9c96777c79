package e2e

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/tablegames/tables/i18n"
)

// Issue 32: a French group plays President, a Japanese one Hold'em, each
// on a phone in its own language. What these tests look for, besides the
// screenshots: the page says its language (<html lang>), no English
// sentence of the catalog shows where the language has its own, no label
// is clipped and nothing is wider than the screen; axe stays clean.

// englishLeftJS lists the visible texts (and the labels a screen reader
// reads) of the page that are exactly one of the given English sentences.
const englishLeftJS = `((english) => {
  const set = new Set(english), found = new Set();
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    // a language's own name in the picker is written in that language
    if (!p || p.closest('script, style, template, #chat-lines') || p.closest('[lang]') !== document.documentElement) continue;
    const t = n.textContent.trim();
    if (set.has(t)) found.add(t);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const a of ['aria-label', 'title', 'placeholder']) {
      const t = (el.getAttribute(a) || '').trim();
      if (set.has(t)) found.add(a + '=' + t);
    }
  }
  return [...found];
})`

// clippedJS lists the labels whose text is wider or taller than their
// box: a button, a tab, a status line or a heading cut short.
const clippedJS = `[...document.querySelectorAll('button, a.button, summary, label, h1, h2, h3, .now, [role=tab], th')].filter(e => {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || e.closest('[hidden], .sr-only')) return false;
  const st = getComputedStyle(e);
  const clips = st.overflowX !== 'visible' || st.textOverflow === 'ellipsis' || st.whiteSpace === 'nowrap';
  return clips && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 2);
}).slice(0, 8).map(e => e.tagName + '.' + e.className + ' "' + e.innerText.slice(0, 40) + '" ' + e.scrollWidth + '>' + e.clientWidth)`

// englishOnly is every English sentence of the catalog without
// placeholders that the language writes otherwise: seen in the page, it
// is a word the catalog did not give.
func englishOnly(t *testing.T, l *i18n.Lang) []string {
	t.Helper()
	raw, err := os.ReadFile("../i18n/locales/en.json")
	if err != nil {
		t.Fatal(err)
	}
	var en map[string]struct {
		Other string `json:"other"`
	}
	if err := json.Unmarshal(raw, &en); err != nil {
		t.Fatal(err)
	}
	// a word may be the same in both for another key ("Places" is
	// French for seats): only English the language never writes counts
	theirs := map[string]bool{}
	for key := range en {
		theirs[l.T(key)] = true
	}
	var out []string
	for key, m := range en {
		// a few words are the same in both (Flop, OK, a symbol): only
		// sentences of some length that the language changed count
		if strings.Contains(m.Other, "{{") || len(m.Other) < 6 || l.T(key) == m.Other || theirs[m.Other] {
			continue
		}
		out = append(out, m.Other)
	}
	return out
}

// inLanguage checks the page as it is now: its lang, no English the
// catalog translates, nothing clipped or wider than the screen.
func (b *browser) inLanguage(what string, l *i18n.Lang, english []string) {
	b.t.Helper()
	if got := eval[string](b, `document.documentElement.lang`); got != l.Tag() {
		b.t.Fatalf("%s: <html lang=%q>, want %q", what, got, l.Tag())
	}
	englishJSON, _ := json.Marshal(english)
	if left := eval[[]string](b, englishLeftJS+`(`+string(englishJSON)+`)`); len(left) > 0 {
		b.t.Fatalf("%s: English on a %s page: %q", what, l.Name(), left)
	}
	if clipped := eval[[]string](b, clippedJS); len(clipped) > 0 {
		b.t.Fatalf("%s: clipped labels: %v", what, clipped)
	}
	if w, inner := eval[int](b, `document.documentElement.scrollWidth`), eval[int](b, `innerWidth`); w > inner {
		b.t.Fatalf("%s: the page is %d px wide on a %d px screen: %s", what, w, inner, eval[string](b, wideJS))
	}
}

// TestPresidentInFrench: Ann picks Français from the picker on the home
// page of a phone, opens a President table with three bots and plays a
// whole deal by taps; the table, its roles, the log and the results read
// French, fit the phone and pass axe; then the same table on a laptop.
func TestPresidentInFrench(t *testing.T) {
	t.Parallel()
	fr := i18n.Lookup("fr")
	if fr == nil || fr.Code() != "fr" {
		t.Fatal("no French catalog")
	}
	english := englishOnly(t, fr)
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "2s")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.do(chromedp.Navigate(srv.url + "/"))
	ann.mustTap(`details.lang-pick summary`)
	ann.mustTap(`details.lang-pick button[value="fr"]`)
	ann.waitJS("the home page in French", `document.documentElement.lang === 'fr'`)
	ann.inLanguage("the home page", fr, english)
	ann.firstScreen("fr-home-phone")

	ann.createGame(srv, "president", map[string]string{"seats": "4"})
	ann.inLanguage("the lobby", fr, english)
	ann.startWhenReady()
	ann.waitJS("the table", `!!document.querySelector('#p-ring')`)
	ann.waitJS("Ann's turn", yourTurnJS)
	ann.inLanguage("Ann's first turn", fr, english)
	ann.checkFits("Ann's first turn in French", "#p-ring .seat", "#p-hand")
	ann.firstScreen("fr-president-turn-phone")
	ann.axeCheck("the French President table on a phone")

	// a whole deal by taps: it ends when the roles are handed out
	president := fr.T("president.role.president")
	over := `document.querySelector('#p-ring').innerText.includes(` + jsString(president) + `)`
	deadline := time.Now().Add(3 * time.Minute)
	for eval[bool](ann, `!(`+over+`)`) {
		if time.Now().After(deadline) {
			t.Fatalf("the deal did not end in time\n%s", ann.text("#log"))
		}
		r := eval[[]string](ann, tapMoveJS)
		if r[0] == "wait" {
			ann.waitJS("the table to move on", `document.querySelector('#p-status').dataset.version !== `+jsString(r[1])+` || `+over)
			continue
		}
		ann.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('#p-status').dataset.version !== `+jsString(r[1]))
		if msg := ann.text("#message"); msg != "" {
			t.Fatalf("%s was refused: %s", r[0], msg)
		}
	}
	ann.inLanguage("the end of the deal", fr, english)
	for _, key := range []string{"president.role.president", "president.role.asshole"} {
		if role := fr.T(key); !strings.Contains(ann.text("#p-ring"), role) {
			t.Fatalf("the seats after the deal do not say %q:\n%s", role, ann.text("#p-ring"))
		}
	}
	ann.firstScreen("fr-president-deal-over-phone")
	ann.axeCheck("the French President table after a deal, on a phone")

	ann.setSize(1280, 800, false)
	ann.inLanguage("the French table on a laptop", fr, english)
	ann.firstScreen("fr-president-desktop")
}

// TestHoldemInJapanese: Ann's phone asks for Japanese (Accept-Language);
// she opens a Hold'em table with bots and plays a hand to its end. The
// page says ja, its words are the Japanese catalog's, nothing is clipped
// on a phone, axe is clean; the screenshots show the glyphs.
func TestHoldemInJapanese(t *testing.T) {
	t.Parallel()
	ja := i18n.Lookup("ja")
	if ja == nil || ja.Code() != "ja" {
		t.Fatal("no Japanese catalog")
	}
	english := englishOnly(t, ja)
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "2s")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
			UserAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile Safari/537.36", AcceptLanguage: "ja-JP,ja;q=0.9"})
		return err
	}))
	ann.do(chromedp.Navigate(srv.url + "/"))
	ann.waitJS("the home page in Japanese", `document.documentElement.lang === 'ja'`)
	ann.inLanguage("the home page", ja, english)
	ann.firstScreen("ja-home-phone")
	if out := eval[[]string](ann, splitWordButtonsJS); len(out) > 0 {
		t.Fatalf("these buttons break their one word over lines: %v", out)
	}

	ann.createGame(srv, "holdem", map[string]string{"seats": "4"})
	ann.inLanguage("the lobby", ja, english)
	ann.startWhenReady()
	ann.waitJS("the table", `!!document.querySelector('#h-ring')`)
	ann.waitJS("Ann's turn", yourTurnJS)
	ann.inLanguage("Ann's first turn", ja, english)
	ann.checkFits("Ann's first turn in Japanese", "#h-ring .seat", "")
	ann.firstScreen("ja-holdem-turn-phone")
	ann.axeCheck("the Japanese Hold'em table on a phone")

	// call or check to the end of the hand: its result names the winner
	hand := eval[[]string](ann, holdemLookJS)[0]
	done := `(` + holdemLookJS + `)[1] !== '' || (` + holdemLookJS + `)[0] !== ` + jsString(hand)
	deadline := time.Now().Add(2 * time.Minute)
	for eval[bool](ann, `!(`+done+`)`) {
		if time.Now().After(deadline) {
			t.Fatalf("the hand did not end in time\n%s", ann.text("#log"))
		}
		r := eval[[]string](ann, `(() => { window.raised = true; return `+holdemActJS+`; })()`)
		if r[0] == "wait" {
			ann.waitJS("the table to move on", `document.querySelector('#h-status').dataset.version !== `+jsString(r[1])+` || `+done)
			continue
		}
		ann.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('#h-status').dataset.version !== `+jsString(r[1]))
		if msg := ann.text("#message"); msg != "" {
			t.Fatalf("%s was refused: %s", r[0], msg)
		}
	}
	ann.inLanguage("the end of the hand", ja, english)
	ann.firstScreen("ja-holdem-result-phone")
	ann.axeCheck("the Japanese Hold'em table after a hand, on a phone")

	ann.setSize(1280, 800, false)
	ann.inLanguage("the Japanese table on a laptop", ja, english)
	ann.firstScreen("ja-holdem-desktop")
}

// splitWordButtonsJS names the shown buttons whose label is one word (no
// space: "参加", "Join") yet takes more than one line.
const splitWordButtonsJS = `(() => {
  const out = [];
  document.querySelectorAll('button').forEach(b => {
    const text = b.textContent.trim();
    if (!text || /\s/.test(text) || !b.getClientRects().length) { return; }
    const tops = new Set(), walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    for (let n; (n = walk.nextNode());) {
      if (n.parentElement.getBoundingClientRect().width <= 1) { continue; } // read aloud only
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) { if (r.width > 0) { tops.add(Math.round(r.top)); } }
    }
    // a line is a run of tops within 8 px (a symbol in another font sits a little higher)
    const lines = [...tops].sort((x, y) => x - y).filter((t, i, a) => i === 0 || t - a[i - 1] > 8).length;
    if (lines > 1) { out.push(text + ' on ' + lines + ' lines'); }
  });
  return out;
})()`
