package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// setLang makes the browser ask for a language (Accept-Language).
func (b *browser) setLang(lang string) {
	b.t.Helper()
	if lang == "en" {
		return
	}
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
			UserAgent: "Mozilla/5.0 Chrome/130 Safari/537.36", AcceptLanguage: lang})
		return err
	}))
}

// TestSetUpATableOnAPhone: "Set up a table" on a phone, in English and
// Japanese, for every game: the form's Create button comes within one
// screen of the form's top (the rarer options folded under "More
// options", closed), every control is reached by the keyboard in the
// page's order, and axe is clean. Hold'em is checked as a cash table and
// as a sit-and-go.
func TestSetUpATableOnAPhone(t *testing.T) {
	t.Parallel()
	srv := startServer(t, t.TempDir(), "")
	for _, lang := range []string{"en", "ja"} {
		b := newBrowser(t, "Pat")
		b.setSize(390, 844, true)
		b.setLang(lang)
		for _, c := range []struct{ kind, format string }{{"president", ""}, {"holdem", "cash"}, {"holdem", "sng"}, {"lowunique", ""}, {"impetus", ""}} {
			b.do(chromedp.Navigate(srv.url + "/#new-" + c.kind))
			sec := `#new-` + c.kind
			b.waitJS("the form", `document.querySelector('`+sec+`').getBoundingClientRect().height > 0`)
			if c.format != "" {
				b.do(chromedp.SetValue(chromedp.CSS(sec+` select[name=format]`), c.format))
			}
			look := eval[map[string]any](b, `(() => {
			  const sec = document.querySelector('`+sec+`');
			  sec.scrollIntoView();
			  const top = sec.getBoundingClientRect().top;
			  const create = sec.querySelector('form button[type=submit]');
			  const folds = [...sec.querySelectorAll('details.more-options')];
			  return {create: create.getBoundingClientRect().bottom - top, folds: folds.length, open: folds.filter(d => d.open).length,
			    controls: [...sec.querySelectorAll('input:not([type=hidden]), select, button, summary')].filter(e => e.getBoundingClientRect().height > 0).length};
			})()`)
			name := "setup-" + c.kind + c.format + "-phone-" + lang
			if h := look["create"].(float64); h > 844 {
				b.screenshot(name)
				t.Fatalf("%s %s %s: the Create button ends %.0f px below the form's top (a phone's screen is 844)", lang, c.kind, c.format, h)
			}
			if look["folds"].(float64) == 0 || look["open"].(float64) != 0 {
				t.Fatalf("%s %s: the rarer options are not folded: %v", lang, c.kind, look)
			}
			// the keyboard reaches Create from the name field, in order
			tabs := eval[int](b, `(() => {
			  const sec = document.querySelector('`+sec+`');
			  const order = [...sec.querySelectorAll('input:not([type=hidden]), select, button, summary, a[href]')].filter(e => e.getBoundingClientRect().height > 0 && e.tabIndex >= 0);
			  return order.indexOf(sec.querySelector('form button[type=submit]'));
			})()`)
			if tabs < 1 {
				t.Fatalf("%s %s: the Create button is not in the keyboard's order", lang, c.kind)
			}
			if out := eval[[]string](b, cutSelectsJS+`(`+jsString(sec)+`)`); len(out) > 0 {
				b.screenshot(name)
				t.Fatalf("%s %s %s: these choices are cut in their select: %v", lang, c.kind, c.format, out)
			}
			if c.kind == "holdem" && c.format == "sng" || c.kind == "president" {
				b.shoot(name, chromedp.CaptureScreenshot())
			}
			if c.format == "sng" {
				sngFits(t, b, lang)
			}
			t.Logf("%s %s%s: Create at %.0f px from the form's top, %v controls shown, %d before it", lang, c.kind, c.format, look["create"], look["controls"], tabs)
		}
		b.axeCheck("the set-up forms in " + lang)
	}
	// the other five languages: the sit-and-go's choices, the longest
	b := newBrowser(t, "Pat")
	b.setSize(390, 844, true)
	for _, lang := range []string{"de", "es", "fr", "it", "pt-BR"} {
		b.setLang(lang)
		b.do(chromedp.Navigate(srv.url + "/?hl=" + lang + "#new-holdem"))
		b.waitJS("the form in "+lang, `document.documentElement.lang === '`+lang+`' && document.querySelector('#new-holdem').getBoundingClientRect().height > 0`)
		b.do(chromedp.SetValue(chromedp.CSS(`#new-holdem select[name=format]`), "sng"))
		sngFits(t, b, lang)
	}
}

// sngFits: a sit-and-go's set-up on a phone fits its width, its rarer
// options unfolded too: no choice is cut in its select and the page does
// not scroll sideways; each blind structure's select shows its name and
// the note under it says the chosen one's chips and levels, inside the
// form. (The choices were "Turbo: 1500 chips, 5-minute levels, antes
// from level 4", cut at "antes" on a phone.)
func sngFits(t *testing.T, b *browser, lang string) {
	t.Helper()
	const sec = `#new-holdem`
	eval[bool](b, `(() => { document.querySelectorAll('`+sec+` fieldset.holdem-sng details').forEach(d => d.open = true); return true; })()`)
	var notes []string
	for _, st := range []string{"turbo", "regular", "deep"} {
		b.do(chromedp.SetValue(chromedp.CSS(sec+` select[name=structure]`), st))
		look := eval[map[string]any](b, `(() => {
		  const form = document.querySelector('`+sec+` form').getBoundingClientRect();
		  const note = document.querySelector('`+sec+` .structure-note'), r = note.getBoundingClientRect();
		  const shown = [...note.children].filter(e => e.checkVisibility());
		  return {shown: shown.length, note: note.textContent.trim() && shown.map(e => e.textContent.trim()).join('|'),
		    inside: r.left >= form.left && r.right <= form.right && r.height > 0,
		    page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
		})()`)
		if look["shown"].(float64) != 1 || look["inside"] != true {
			t.Fatalf("%s %s: the structure's note under its select: %v", lang, st, look)
		}
		if p := look["page"].(float64); p > 0 {
			t.Fatalf("%s %s: the set-up page scrolls %.0f px sideways on a phone", lang, st, p)
		}
		notes = append(notes, look["note"].(string))
		if out := eval[[]string](b, cutSelectsJS+`(`+jsString(sec)+`)`); len(out) > 0 {
			b.screenshot("setup-holdemsng-cut-" + lang)
			t.Fatalf("%s: these sit-and-go choices are cut in their select on a phone: %v", lang, out)
		}
	}
	if notes[0] == notes[1] || notes[1] == notes[2] {
		t.Fatalf("%s: the note does not follow the chosen structure: %q", lang, notes)
	}
	b.do(chromedp.SetValue(chromedp.CSS(sec+` select[name=structure]`), "turbo"))
	eval[bool](b, `(() => { document.querySelectorAll('`+sec+` fieldset.holdem-sng details').forEach(d => d.open = false); return true; })()`)
}

// cutSelectsJS names the options of the shown selects under a selector
// that would be cut once chosen: wider than their select's room (the
// arrow takes about 1.2rem). A select too narrow wants layout, a choice
// longer than a phone's form ("Turbo: 1500 chips, 5-minute levels, antes
// from level 4") shorter words.
const cutSelectsJS = `((under) => {
  const out = [], ctx = document.createElement('canvas').getContext('2d');
  document.querySelectorAll(under + ' select').forEach(s => {
    if (!s.checkVisibility()) { return; } // a folded house rule is not shown
    const cs = getComputedStyle(s);
    ctx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
    const arrow = parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 1.2 * parseFloat(cs.fontSize);
    const room = s.clientWidth - arrow;
    for (const o of s.options) {
      const w = ctx.measureText(o.text).width;
      if (w > room) { out.push(s.name + ': ' + o.text + ' (' + Math.round(w) + ' px in ' + Math.round(room) + ')'); }
    }
  });
  return out;
})`
