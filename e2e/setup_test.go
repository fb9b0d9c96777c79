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
			t.Logf("%s %s%s: Create at %.0f px from the form's top, %v controls shown, %d before it", lang, c.kind, c.format, look["create"], look["controls"], tabs)
		}
		b.axeCheck("the set-up forms in " + lang)
	}
}

// cutSelectsJS names the options of the shown selects under a selector
// that the layout cuts: the option would fit in a select as wide as the
// form (the arrow takes about 1.2rem) but not in its own. (A choice
// longer than a phone's form, "Turbo: 1500 chips, 5-minute levels, antes
// from level 4", wants shorter words, not layout.)
const cutSelectsJS = `((under) => {
  const out = [], ctx = document.createElement('canvas').getContext('2d');
  const form = document.querySelector(under + ' form');
  document.querySelectorAll(under + ' select').forEach(s => {
    if (!s.checkVisibility()) { return; } // a folded house rule is not shown
    const cs = getComputedStyle(s);
    ctx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
    const arrow = parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 1.2 * parseFloat(cs.fontSize);
    const room = s.clientWidth - arrow, most = form.clientWidth - arrow;
    for (const o of s.options) {
      const w = ctx.measureText(o.text).width;
      if (w > room && w <= most) { out.push(s.name + ': ' + o.text + ' (' + Math.round(w) + ' px in ' + Math.round(room) + ')'); }
    }
  });
  return out;
})`
