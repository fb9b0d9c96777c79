package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestHomePicksAGameFirst: on a phone and a laptop the home page starts
// with the code box, then a tile per game in the first half of the first
// screen (the passkey box after them) (a line saying what it is, Play
// now, Set up a table) and is short; a tile's "Set up a table" shows that
// game's options alone (a link and CSS :target, by keyboard too); "Play
// now" seats the visitor at a running table at once under the name typed;
// the table links its game's how-to-play page.
func TestHomePicksAGameFirst(t *testing.T) {
	t.Parallel()
	srv := startServer(t, t.TempDir(), "")
	for _, size := range sizes {
		v := newBrowser(t, "Zed")
		v.setSize(size.width, size.height, size.mobile)
		v.do(chromedp.Navigate(srv.url))
		v.waitJS("the tiles", `document.querySelectorAll('.game-tiles .tile').length === 4`)
		v.firstScreen("home-" + size.name)
		layout := eval[map[string]float64](v, `(() => {
		  const top = s => document.querySelector(s).getBoundingClientRect().top + scrollY;
		  const tiles = [...document.querySelectorAll('.game-tiles .tile')].map(t => t.getBoundingClientRect().bottom + scrollY);
		  const passkey = document.querySelector('.passkey-box');
		  return {height: document.documentElement.scrollHeight, code: top('input[name=code]'), lastTile: Math.max(...tiles),
		    firstTile: top('.game-tiles .tile'), passkey: passkey ? top('.passkey-box') : -1,
		    forms: [...document.querySelectorAll('.create')].filter(f => f.getBoundingClientRect().height > 0).length};
		})()`)
		if layout["code"] > 300 || layout["forms"] != 0 {
			t.Fatalf("%s: the code box at y=%.0f, %.0f creation forms open before a game is picked", size.name, layout["code"], layout["forms"])
		}
		// the games start in the first 60 % of the first screen (a tile's
		// Play now shows at once on a phone); a returning player's passkey
		// box comes after them
		if layout["firstTile"] > 0.6*float64(size.height) || layout["passkey"] < 0 || layout["passkey"] < layout["lastTile"] {
			t.Fatalf("%s: the first tile at y=%.0f, the passkey box at y=%.0f, the last tile ends at y=%.0f", size.name, layout["firstTile"], layout["passkey"], layout["lastTile"])
		}
		limit := map[bool]float64{true: 2.2, false: 1}[size.mobile] * float64(size.height)
		if layout["lastTile"] > limit || layout["height"] > 2.6*float64(size.height) {
			t.Fatalf("%s: the last tile ends at y=%.0f and the page is %.0f px tall", size.name, layout["lastTile"], layout["height"])
		}
		if w := eval[int](v, `document.documentElement.scrollWidth`); w > int(size.width) {
			t.Fatalf("%s: the home page is %d px wide: %s", size.name, w, eval[string](v, wideJS))
		}
		v.axeCheck("the home page, " + size.name)
		t.Logf("%s: the page is %.0f px tall, the code box at y=%.0f, the last tile ends at y=%.0f", size.name, layout["height"], layout["code"], layout["lastTile"])

		// a tile's link shows that game's options alone
		v.do(chromedp.Click(chromedp.CSS(`a[href="#new-impetus"]`)))
		v.waitJS("Impetus's options", `document.querySelector('#new-impetus').getBoundingClientRect().height > 0`)
		if n := eval[int](v, `[...document.querySelectorAll('.create')].filter(f => f.getBoundingClientRect().height > 0).length`); n != 1 {
			t.Fatalf("%s: %d creation forms show after picking Impetus", size.name, n)
		}
		v.firstScreen("home-" + size.name + "-impetus")
		v.axeCheck("the home page with Impetus's options, " + size.name)
	}

	// by keyboard: Tab to Hold'em's "Set up a table", Enter
	k := newBrowser(t, "Kay")
	k.do(chromedp.Navigate(srv.url))
	k.tabTo(`a[href="#new-holdem"]`)
	k.press(kb.Enter)
	k.waitJS("Hold'em's options", `document.querySelector('#new-holdem').getBoundingClientRect().height > 0 && location.hash === '#new-holdem'`)

	// Play now from a tile, with a name
	p := newBrowser(t, "Zed")
	p.setSize(390, 844, true)
	p.do(chromedp.Navigate(srv.url),
		chromedp.SendKeys(chromedp.CSS(`form.pick input[name=name]`), "Zed"),
		chromedp.Click(chromedp.CSS(`form.pick button[value=lowunique]`)))
	p.waitJS("a running Lowest Unique table", `!!document.querySelector('#lu-ring')`)
	if names := p.text("#lu-ring"); !strings.Contains(names, "Zed") {
		t.Fatalf("Zed is not seated: %s", names)
	}
	href := eval[string](p, `(document.querySelector('header a.rules-link') || {}).getAttribute?.('href') || ''`)
	if href != "/rules/lowunique" {
		t.Fatalf("the table's rules link is %q", href)
	}
	p.do(chromedp.Navigate(srv.url + href))
	if txt := p.text("main"); !strings.Contains(txt, "How to play Lowest Unique") || !strings.Contains(txt, "bench") {
		t.Fatalf("the rules page: %s", txt)
	}
	if w := eval[int](p, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the rules page is %d px wide", w)
	}
	p.screenshot("rules-lowunique-phone")
	p.axeCheck("the rules page")
}
