package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablegames/tables/i18n"
)

// Issue 40, item 7: words that fit. A table's controls stay inside their
// container and the screen in every language at 390 px: a row of bet
// sizes that hides its last button in a scroll (Japanese, Italian), a
// badge that breaks mid-word, a button wider than its bar all fail.

// languages are the seven of i18n/locales.
var languages = []string{"en", "fr", "de", "es", "pt-BR", "it", "ja"}

// overflowJS lists the table's controls (and the seats' badges) that
// stick out of the screen, out of an ancestor that clips or scrolls
// them (a scrolled row's hidden end), or out of their own box (a label
// cut short); and the badges and short labels that break a line
// elsewhere than at a space or after punctuation (a word cut in two).
const overflowJS = `(() => {
  const out = [], vw = document.documentElement.clientWidth;
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.classList.length ? '.' + [...e.classList].join('.') : '') + ' "' + (e.innerText || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30) + '"';
  const sel = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], .badge';
  for (const e of document.querySelectorAll(sel)) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || e.closest('.sr-only') || !e.checkVisibility({visibilityProperty: true})) continue;
    if (r.left < -1 || r.right > vw + 1) { out.push(name(e) + ' leaves the screen: ' + Math.round(r.left) + '..' + Math.round(r.right) + ' of ' + vw); continue; }
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const ar = a.getBoundingClientRect(), left = ar.left + a.clientLeft, top = ar.top + a.clientTop;
      const xo = st.overflowX !== 'visible' && (r.left < left - 1 || r.right > left + a.clientWidth + 1);
      const yo = st.overflowY !== 'visible' && a.clientHeight > 0 && (r.top < top - 1 || r.bottom > top + a.clientHeight + 1) && a.scrollHeight <= a.clientHeight + 1;
      if (xo || yo) { out.push(name(e) + ' is outside ' + name(a) + ': ' + Math.round(r.left) + '..' + Math.round(r.right) + ' in ' + Math.round(left) + '..' + Math.round(left + a.clientWidth)); break; }
      if (st.overflowX !== 'visible' && a.scrollWidth > a.clientWidth + 1 && a.closest('.actionbar')) { out.push(name(a) + ' scrolls sideways: ' + a.scrollWidth + ' px in ' + a.clientWidth); break; }
    }
    const st = getComputedStyle(e);
    if (e.matches('button, summary, .badge, a.button') && st.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1) out.push(name(e) + ' is cut: ' + e.scrollWidth + ' px in ' + e.clientWidth);
  }
  // a label breaks only at a space or after punctuation
  const ok = /[\s\-–—·,.;:!?、。，：；！？／\/)）」』]/;
  for (const e of document.querySelectorAll('.badge, button, summary')) {
    if (e.closest('.sr-only') || !e.checkVisibility({visibilityProperty: true}) || e.innerText.length > 40) continue;
    const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    let prev = null, prevTop = null;
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const s = n.textContent;
      for (let i = 0; i < s.length; i++) {
        const rg = document.createRange(); rg.setStart(n, i); rg.setEnd(n, i + 1);
        const rr = rg.getClientRects()[0];
        if (!rr || !s[i].trim()) { if (s[i] && !s[i].trim()) prev = ' '; continue; }
        if (prevTop !== null && rr.top > prevTop + 4 && prev !== null && !ok.test(prev)) {
          out.push(name(e) + ' breaks a word: "' + s.slice(Math.max(0, i - 6), i) + ' / ' + s.slice(i, i + 6) + '"'); i = s.length; break;
        }
        prev = s[i]; prevTop = rr.top;
      }
    }
  }
  if (document.documentElement.scrollWidth > innerWidth) out.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
  return [...new Set(out)];
})()`

// tableInLanguage reloads the table page in a language (the picker's
// cookie) and waits until it is the viewer's turn again.
func (b *browser) tableInLanguage(srv *server, url, code, ready string) {
	b.t.Helper()
	b.do(chromedp.Navigate(srv.url + "/lang?lang=" + code))
	b.do(chromedp.Navigate(url))
	b.waitJS("the table in "+code, `document.documentElement.lang === `+jsString(i18n.Lookup(code).Tag())+` && `+ready)
	b.waitJS("the page to settle", settledJS)
}

// TestWordsFitEveryLanguage: Ann opens a table of every game with bots on
// a phone, and on her turn reads it in each of the seven languages: no
// control leaves the screen or its bar, no bet size hides in a scroll,
// no badge or button breaks a word; then in English and Japanese on a
// laptop.
// centreUnderSeatsJS names the seats that cover a part of a ring's
// centre, where its words stand ("The pile is empty.", whose lead it is,
// whichever this deal shows): the centre keeps between the side seats.
const centreUnderSeatsJS = `((ring) => {
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const c = document.querySelector(ring + ' .centre').getBoundingClientRect();
  return [...document.querySelectorAll(ring + ' .ring-seats > .seat')].filter(s => meet(s.getBoundingClientRect(), c)).
    map(s => s.querySelector('.name').textContent + ' covers the centre (' + Math.round(c.left) + '-' + Math.round(c.right) + ')');
})`

// luPillsOneLineJS names the words of Lowest Unique's seat pills, each
// phase's ("has selected", "looking", "wins the round", …) in l, that
// take two lines in a seat (they read badly broken in two): each is put
// in a pill of Ann's seat in turn, beside the one-line bench pill.
func luPillsOneLineJS(l *i18n.Lang) string {
	words := []string{l.F("lowunique.view.bench_count", i18n.N("Count", 8)), l.F("lowunique.view.plays", i18n.N("Card", 8)), l.T("lobby.ready")}
	for _, k := range []string{"selected", "chosen", "wins_round", "bench_back", "waiting.select", "waiting.reveal", "waiting.choose"} {
		words = append(words, l.T("lowunique.view."+k))
	}
	w := make([]string, len(words))
	for i, x := range words {
		w[i] = jsString(x)
	}
	return `((words) => {
  const box = document.querySelector('#lu-ring .seat.you .seat-badges'), out = [];
  const one = box.querySelector('.badge').getBoundingClientRect().height;
  for (const w of words) {
    const b = document.createElement('span');
    b.className = 'badge role';
    b.textContent = w;
    box.append(b);
    const h = b.getBoundingClientRect().height;
    if (h > one * 1.5) out.push('the seat pill "' + w + '" takes ' + Math.round(h / one) + ' lines');
    b.remove();
  }
  return out;
})([` + strings.Join(w, ", ") + `])`
}

func TestWordsFitEveryLanguage(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "2s")
	games := []struct {
		kind, ring string
		selects    map[string]string
		ready      string // the turn shows what is to be checked
	}{
		{"president", "#p-ring", map[string]string{"seats": "4"}, yourTurnJS},
		{"holdem", "#h-ring", map[string]string{"seats": "6"}, yourTurnJS + ` && !!document.querySelector('#h-raise .quick')`},
		{"lowunique", "#lu-ring", map[string]string{"seats": "3"}, yourTurnJS},
		{"impetus", "#im-ring", map[string]string{"seats": "4"}, yourTurnJS},
	}
	var failed []string
	for _, g := range games {
		ann := newBrowser(t, "Ann")
		ann.setSize(390, 844, true)
		ann.do(chromedp.Navigate(srv.url + "/lang?lang=en"))
		sel := map[string]string{"clock": "0"}
		for k, v := range g.selects {
			sel[k] = v
		}
		ann.createGame(srv, g.kind, sel)
		ann.mustTap(`#lobby button[hx-vals*='"start"']`)
		ann.waitJS("the table", `!!document.querySelector('`+g.ring+`')`)
		// Hold'em: a turn with the bet sizes (a turn may offer only a call)
		deadline := time.Now().Add(time.Minute)
		for {
			ann.waitJS("Ann's turn", yourTurnJS)
			if eval[bool](ann, g.ready) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: no turn with %s", g.kind, g.ready)
			}
			before := eval[string](ann, `document.querySelector('#h-status').dataset.version`)
			ann.mustTap(`#h-controls button[hx-vals*='call']`)
			ann.waitJS("the call", `document.querySelector('#h-status').dataset.version !== `+jsString(before))
		}
		url := eval[string](ann, `location.href`)
		for _, code := range languages {
			ann.tableInLanguage(srv, url, code, g.ready)
			if code == "en" || code == "ja" || code == "it" {
				ann.firstScreen("words-" + g.kind + "-" + code + "-phone")
			}
			for _, o := range eval[[]string](ann, overflowJS) {
				failed = append(failed, g.kind+" "+code+" phone: "+o)
			}
			for _, o := range eval[[]string](ann, centreUnderSeatsJS+`(`+jsString(g.ring)+`)`) {
				failed = append(failed, g.kind+" "+code+" phone: "+o)
			}
			if g.kind == "lowunique" {
				for _, o := range eval[[]string](ann, luPillsOneLineJS(i18n.Lookup(code))) {
					failed = append(failed, g.kind+" "+code+" phone: "+o)
				}
			}
		}
		ann.setSize(1280, 800, false)
		for _, code := range []string{"en", "ja"} {
			ann.tableInLanguage(srv, url, code, g.ready)
			ann.firstScreen("words-" + g.kind + "-" + code + "-desktop")
			for _, o := range eval[[]string](ann, overflowJS) {
				failed = append(failed, g.kind+" "+code+" desktop: "+o)
			}
		}
	}
	if len(failed) > 0 {
		t.Fatalf("%d controls do not fit:\n%s", len(failed), strings.Join(failed, "\n"))
	}
}

// TestWordsOfTheJoinPageAndTheNameless: Bob opens Ann's share link on a
// phone and on a laptop in each language: the table's code stays one
// word on one line. A visitor who plays at once without a name plays as
// the language's word for a guest, not "Guest". The French host's
// Remote bots drawer says "jeton d'accès", never "token".
func TestWordsOfTheJoinPageAndTheNameless(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms")
	ann := newBrowser(t, "Ann")
	ann.do(chromedp.Navigate(srv.url + "/lang?lang=fr"))
	ann.setSize(390, 844, true)
	share := ann.createTable(srv, "4")
	ann.mustTap(`details.remote-bots summary`)
	ann.waitJS("the Remote bots drawer", `document.querySelector('details.remote-bots').open`)
	if txt := eval[string](ann, `(() => { const d = document.querySelector('details.remote-bots'); return d.innerText + ' ' + [...d.querySelectorAll('[aria-label], [title], [placeholder]')].map(e => (e.getAttribute('aria-label') || '') + (e.getAttribute('title') || '') + (e.getAttribute('placeholder') || '')).join(' '); })()`); strings.Contains(strings.ToLower(txt), "token") {
		t.Fatalf("the French Remote bots drawer says token:\n%s", txt)
	}
	ann.firstScreen("words-fr-remote-bots-phone")

	bob := newBrowser(t, "Bob")
	const oneLine = `(() => { const c = document.querySelector('main h1 .code'); const lines = new Set([...c.getClientRects()].map(r => Math.round(r.top))); return lines.size; })()`
	for _, size := range sizes {
		bob.setSize(size.width, size.height, size.mobile)
		for _, code := range languages {
			bob.do(chromedp.Navigate(srv.url + "/lang?lang=" + code))
			bob.do(chromedp.Navigate(share))
			bob.waitJS("the join page in "+code, `document.documentElement.lang === `+jsString(i18n.Lookup(code).Tag())+` && !!document.querySelector('main h1 .code')`)
			if n := eval[int](bob, oneLine); n != 1 {
				t.Errorf("%s %s: the join page's code %q takes %d lines: %q", code, size.name, bob.text("main h1 .code"), n, bob.text("main h1"))
			}
			if size.mobile {
				for _, o := range eval[[]string](bob, overflowJS) {
					t.Errorf("%s join page on a phone: %s", code, o)
				}
			}
			if code == "en" || code == "ja" {
				bob.firstScreen("words-join-" + code + "-" + size.name)
			}
		}
	}

	// Play now without a name, in each language
	for _, code := range languages {
		cy := newBrowser(t, "Cy")
		cy.setSize(390, 844, true)
		l := i18n.Lookup(code)
		cy.do(chromedp.Navigate(srv.url + "/lang?lang=" + code))
		cy.do(chromedp.Navigate(srv.url + "/"))
		cy.mustTap(`form.pick button[name=kind][value=lowunique]`)
		cy.waitJS("the table", `!!document.querySelector('#lu-ring .seat.you')`)
		guest := l.T("join.guest")
		if code != "en" && guest == "Guest" {
			t.Errorf("%s: no word for a guest", code)
		}
		if you := cy.text("#lu-ring .seat.you"); !strings.Contains(you, guest) || (code != "en" && strings.Contains(you, "Guest")) {
			t.Errorf("%s: the nameless visitor's seat reads %q, want %q", code, you, guest)
		}
		if code == "ja" || code == "en" {
			cy.firstScreen("words-guest-" + code + "-phone")
		}
	}
}
