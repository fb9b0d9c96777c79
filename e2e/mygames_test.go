package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestMyGamesAfterAQuickGame: Ann opens a public Lowest Unique table of
// 4 rounds, Bob joins, a bot takes the third seat, and they play it out.
// Their seats then show their new ratings, linked to their public pages;
// Ann finds the game on My games (from the table's panel) with her place
// and points, and its replay link opens the game's replay. Her public page
// shows her rating. Both pages are checked for accessibility and shot on
// a phone and a laptop.
func TestMyGamesAfterAQuickGame(t *testing.T) {
	t.Parallel()
	// two people from two addresses (behind a proxy that says so): two
	// seats of one address are not rated (docs/RATINGS.md)
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "50ms", "-bot-delay-max", "150ms", "-next-deal-delay", "500ms", "-trust-proxy")
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	ann.fromAddr("198.51.100.1")
	bob.fromAddr("198.51.100.2")
	form := `#new-lowunique form `
	ann.do(chromedp.Navigate(srv.url+"/#new-lowunique"),
		chromedp.SendKeys(chromedp.CSS(form+`input[name=name]`), "Ann"),
		chromedp.SetValue(chromedp.CSS(form+`select[name=seats]`), "3"),
		chromedp.SetValue(chromedp.CSS(form+`select[name=rounds]`), "4"),
		chromedp.Click(chromedp.CSS(form+`input[name=public]`)),
		chromedp.Click(chromedp.CSS(form+`button[type=submit]`)))
	ann.waitJS("the lobby", `!!document.querySelector('#lobby')`)
	share := eval[string](ann, `document.querySelector('#share').value`)
	code := share[strings.LastIndex(share, "/")+1:]
	bob.joinTable(share)
	ann.startWhenReady()
	players := []*browser{ann, bob}
	for _, p := range players {
		p.waitJS("the table", `!!document.querySelector('#lu-hand')`)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for eval[string](ann, `document.querySelector('#lu-status').dataset.phase`) != "over" {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time\n%s", ann.text("#log"))
		}
		acted := false
		for _, p := range players {
			r := eval[[]string](p, luActJS)
			if r[0] == "wait" {
				continue
			}
			acted = true
			p.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' ||
				document.querySelector('#lu-status').dataset.version !== `+jsString(r[1]))
		}
		if !acted {
			time.Sleep(50 * time.Millisecond)
		}
	}
	// the seats of the two people show their ratings, linked to their pages
	for _, p := range players {
		p.waitJS("the ratings on the seats", `document.querySelectorAll('#lu-ring .seat a.rating[href^="/p/"]').length === 2`)
	}
	if n := eval[int](ann, `document.querySelectorAll('#lu-ring .seat a.rating').length`); n != 2 {
		t.Fatalf("%d ratings on the seats, want 2 (the bot has none)", n)
	}
	ann.screenshot("mygames-table-ratings-1280")
	bob.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	bob.firstScreen("mygames-table-ratings-390")
	place := eval[string](ann, `[...document.querySelectorAll('#lu-results tr, .standings tr')].filter(r => r.classList.contains('you')).map(r => r.innerText).join(' ')`)

	// My games, from the table's panel
	ann.do(chromedp.Navigate(srv.url + "/t/" + code))
	ann.waitJS("the table", `!!document.querySelector('#lu-hand')`)
	if href := eval[string](ann, `(document.querySelector('aside a[href="/me"]')||{}).getAttribute?.('href')||''`); href != "/me" {
		t.Fatal("the table's panel does not link My games")
	}
	ann.do(chromedp.Navigate(srv.url + "/me"))
	ann.waitJS("My games", `document.querySelector('h1').innerText === 'My games'`)
	txt := ann.text("main")
	for _, want := range []string{"Lowest Unique", " of 3", code, "Replay", "Your record", "Open tables"} {
		if !strings.Contains(txt, want) {
			t.Fatalf("My games lacks %q:\n%s", want, txt)
		}
	}
	t.Logf("Ann's standing: %s", place)
	if rec := eval[string](ann, `document.querySelector('.records').innerText`); !strings.Contains(rec, "provisional") {
		t.Fatalf("My games shows no rating:\n%s", txt)
	}
	ann.axeCheck("My games")
	ann.do(chromedp.EmulateViewport(1280, 800))
	ann.screenshot("mygames-1280")
	ann.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	if w := eval[int](ann, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("My games is %d px wide on a 390 px phone: %s", w, eval[string](ann, wideJS))
	}
	ann.screenshot("mygames-390")

	// the replay link opens the game's replay
	ann.mustTap(`ul.results a[href*="/replay/"]`)
	ann.waitJS("the replay", `!!document.querySelector('.replay-title') && document.querySelector('.replay-title').innerText.includes('Replay of game 1')`)

	// Ann's public page, from My games
	ann.do(chromedp.Navigate(srv.url + "/me"))
	ann.waitJS("My games", `!!document.querySelector('main a[href^="/p/"]')`)
	ann.mustTap(`main a[href^="/p/"]`)
	ann.waitJS("the public page", `(document.querySelector('h1') || {}).innerText === 'Ann'`)
	pub := ann.text("main")
	if !strings.Contains(pub, "Lowest Unique") || !strings.Contains(pub, code) {
		t.Fatalf("Ann's public page:\n%s", pub)
	}
	ann.axeCheck("the player page")
	ann.screenshot("player-390")
	ann.do(chromedp.EmulateViewport(1280, 800))
	ann.screenshot("player-1280")
	// the home page's top bar links My games
	bob.do(chromedp.Navigate(srv.url + "/"))
	bob.mustTap(`header.top a[href="/me"]`)
	bob.waitJS("Bob's games", `document.querySelector('h1').innerText === 'My games' && document.querySelector('main').innerText.includes(`+jsString(code)+`)`)
}

// fromAddr has b's requests come from ip, as a proxy in front of the
// server (-trust-proxy) tells it with X-Forwarded-For.
func (b *browser) fromAddr(ip string) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"X-Forwarded-For": ip}})
		return err
	}))
}
