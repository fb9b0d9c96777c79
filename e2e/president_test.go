package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var _ = fmt.Sprintf

// modeJS reads which controls a player has: gift, discard, return, pass
// (following), lead, or wait.
const modeJS = `(() => {
  const c = document.querySelector('#p-controls');
  if (!c) return 'none';
  if (c.querySelector('input[value=gift]')) return 'gift';
  const has = k => c.querySelector('button[value=' + k + ']');
  if (has('discard')) return 'discard';
  if (has('return')) return 'return';
  if (has('pass')) return 'pass';
  if (has('play')) return 'lead';
  return 'wait';
})()`

// need reads how many cards the controls ask for ("give 2 cards").
const needJS = `(() => { const m = document.querySelector('#p-controls').innerText.match(/(\d+) cards?/); return m ? Number(m[1]) : 1; })()`

// handJS lists the card ids in the player's hand form.
const handJS = `[...document.querySelectorAll('#p-hand input[name=card]')].map(i => i.value)`

// turnJS is the name of the seat the table waits for, or "".
const turnJS = `(() => { const t = document.querySelector('#p-ring-turns > span'); if (!t) return ''; const i = t.className.match(/turn-of-(\d+)/)[1]; return document.querySelector('#p-seat-' + i + ' .name').textContent; })()`

// moveJS makes one legal move in the page as a person would, clicking
// cards and buttons, all in one tick so the page can't change between the
// look and the click. It returns the mode it acted in and the controls it
// saw, or "wait".
const moveJS = `(() => {
  const mode = ` + modeJS + `;
  const c = document.querySelector('#p-controls');
  const st = document.querySelector('#p-status');
  if (!st) return ['wait', '']; // the page has no game yet (its start is on its way)
  const before = st.dataset.version;
  const click = sel => { const el = document.querySelector(sel); if (!el) throw new Error('no ' + sel); el.click(); };
  const need = ` + needJS + `;
  switch (mode) {
  case 'pass': click("#p-controls button[value=pass]"); break;
  case 'lead': {
    const ranks = document.querySelector('#p-playable').classList;
    const playable = [...document.querySelectorAll('#p-hand label.card')].filter(l => [...l.classList].some(c => ranks.contains(c)));
    const three = playable.find(l => l.querySelector('input[value="3D"]'));
    (three || playable[0]).click();
    click("#p-controls button[value=play]");
    break;
  }
  case 'discard': case 'return': {
    const labels = document.querySelectorAll('#p-hand label.card');
    for (let i = 0; i < need; i++) labels[i].click();
    click("#p-controls button[value=" + mode + "]");
    break;
  }
  case 'gift': {
    const labels = document.querySelectorAll('#p-hand label.card');
    for (let i = 0; i < need; i++) labels[i].click();
    click('[data-give-to]');
    break;
  }
  default: return ['wait', ''];
  }
  return [mode, before];
})()`

// move makes one move through the page and waits until the server's push
// shows it. It returns the mode it acted in, or "wait".
func (b *browser) move() string {
	b.t.Helper()
	r := eval[[]string](b, moveJS)
	mode, before := r[0], r[1]
	if mode == "wait" {
		return mode
	}
	// htmx marks the clicked button at once; only the version that the
	// server pushes tells the move was taken
	b.waitJS("the table to take the "+mode, `(document.querySelector('#message').textContent !== '') ||
		document.querySelector('#p-status').dataset.version !== `+jsString(before))
	if msg := b.text("#message"); msg != "" {
		b.t.Fatalf("%s: the %s was refused: %s\nstatus: %s\nlog:\n%s", b.name, mode, msg, b.text("#p-status"), b.text("#log"))
	}
	return mode
}

func jsString(s string) string {
	return "`" + strings.NewReplacer("`", "\\`", "\\", "\\\\", "${", "\\${").Replace(s) + "`"
}

// checkHands verifies no page shows a card of another player's hand.
func checkHands(t *testing.T, players []*browser) {
	t.Helper()
	hands := map[string]string{}
	for _, p := range players {
		for _, c := range eval[[]string](p, handJS) {
			if other, ok := hands[c]; ok {
				t.Fatalf("%s appears in the hands of %s and %s", c, other, p.name)
			}
			hands[c] = p.name
		}
	}
	for _, p := range players {
		html := eval[string](p, `document.documentElement.outerHTML`)
		for c, owner := range hands {
			if owner != p.name && (strings.Contains(html, `value="`+c+`"`) || strings.Contains(html, `give_`+c)) {
				t.Fatalf("%s's page shows %s, which %s holds", p.name, c, owner)
			}
		}
	}
}

// TestPresidentDealInBrowsers: Ann creates a table, Bob and Cara open the
// share link and join, a bot fills the fourth seat, and they play a whole
// deal to the end through the pages.
func TestPresidentDealInBrowsers(t *testing.T) {
	t.Parallel()
	srv := startServer(t, t.TempDir(), "")
	ann, bob, cara := newBrowser(t, "Ann"), newBrowser(t, "Bob"), newBrowser(t, "Cara")

	share := ann.createTable(srv, "4")
	if !strings.HasPrefix(share, srv.url+"/t/") {
		t.Fatalf("share link %q", share)
	}
	ann.screenshot("president-lobby-host")
	ann.axeCheck("the lobby")

	for _, p := range []*browser{bob, cara} {
		p.joinTable(share)
	}
	// Ann sees both arrive and get ready, live
	ann.waitJS("Bob and Cara ready", `document.querySelectorAll('#lobby .badge.out').length === 3 && !document.querySelector("#lobby button[hx-vals*='start']").disabled`)
	ann.mustTap(`#lobby button[hx-vals*='"start"']`)
	for _, p := range []*browser{ann, bob, cara} {
		p.waitJS("the table", `!!document.querySelector('#p-hand')`)
	}
	if got := eval[int](ann, `document.querySelectorAll('#p-ring .seat').length`); got != 4 {
		t.Fatalf("%d seats at the table, want 3 people and a bot", got)
	}
	ann.screenshot("president-table-ann")
	ann.axeCheck("the President table")

	players := []*browser{ann, bob, cara}
	byName := map[string]*browser{"Ann": ann, "Bob": bob, "Cara": cara}
	moves := map[string]int{}
	deadline := time.Now().Add(4 * time.Minute)
	for n := 0; ; n++ {
		if time.Now().After(deadline) {
			t.Fatal("the deal did not end in time")
		}
		if strings.Contains(ann.text("#p-status"), "Deal 1 is over") {
			break
		}
		who := eval[string](ann, turnJS)
		p, human := byName[who]
		if !human {
			// a bot or nobody: wait until the table waits for someone else
			ann.waitJS("the bot to move", `(`+turnJS+`) !== `+jsString(who)+` || document.querySelector('#p-status').innerText.includes('is over')`)
			continue
		}
		// the turn read from Ann's page may be stale: wait for this
		// player's controls or for the turn to move on
		p.waitJS("controls for "+who, `!!document.querySelector('#p-status') && ((`+modeJS+`) !== 'wait' || (`+turnJS+`) !== `+jsString(who)+`)`)
		if n%6 == 0 {
			checkHands(t, players)
		}
		moves[p.move()]++
		if n == 10 {
			bob.screenshot("president-table-bob")
		}
	}
	t.Logf("moves made through the pages: %v", moves)
	if moves["lead"] == 0 || moves["pass"] == 0 {
		t.Fatalf("the deal used only %v", moves)
	}
	for _, p := range players {
		p.waitJS("the end of the deal", `document.querySelector('#p-status').innerText.includes('Deal 1 is over')`)
		if !strings.Contains(eval[string](p, `document.querySelector('#p-score').textContent`), "Total") {
			t.Fatalf("%s sees no scoreboard", p.name)
		}
		log := p.text("#log")
		if !strings.Contains(log, "is out in 1st place") || !strings.Contains(log, "last place") {
			t.Fatalf("%s's log does not tell the finish:\n%s", p.name, log)
		}
	}
	roles := eval[string](cara, `document.querySelector('#p-ring').innerText`)
	for _, role := range []string{"President", "Vice President", "Scumbag", "Asshole"} {
		if !strings.Contains(roles, role) {
			t.Fatalf("roles after the deal: %s", roles)
		}
	}
	cara.screenshot("president-deal-over-cara")
	// the same table on a 390 px phone: nothing wider than the screen
	cara.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	if w := eval[int](cara, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the table is %d px wide on a 390 px phone: %s", w, eval[string](cara, wideJS))
	}
	cara.screenshot("president-phone-cara")
}

// TestPresidentExchangeNote: after the exchange of deal 2, on a phone and
// a laptop, what Ann gave and got is one short line of the status (each
// card drawn once, as rank and suit), nothing covers her hand while others
// play, the cards she received are marked in her hand, and her own seat
// counts her cards rather than showing their backs over her hand.
func TestPresidentExchangeNote(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "10ms", "-bot-delay-max", "20ms", "-next-deal-delay", "200ms")
	for _, size := range sizes {
		ann := newBrowser(t, "Ann")
		ann.setSize(size.width, size.height, size.mobile)
		ann.createTable(srv, "4")
		ann.mustTap(`#lobby button[hx-vals*='"start"']`)
		ann.waitJS("the table", `!!document.querySelector('#p-hand label.card')`)
		deadline := time.Now().Add(3 * time.Minute)
		exchanged := `document.querySelector('#p-deal').textContent.includes('Deal 2') && /gave.*got/.test(document.querySelector('#p-swap').textContent)`
		for !eval[bool](ann, exchanged) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: no exchange in deal 2 in time", size.name)
			}
			ann.waitJS("Ann's turn or the exchange", `(`+yourTurnJS+` && (`+modeJS+`) !== 'wait') || /gave.*got/.test(document.querySelector('#p-swap').textContent)`)
			if eval[bool](ann, exchanged) {
				break // not a card played after it: what she got is still in her hand
			}
			if eval[bool](ann, yourTurnJS+` && (`+modeJS+`) !== 'wait'`) {
				r := eval[[]string](ann, tapMoveJS)
				ann.waitJS("the table to take the "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('#p-status').dataset.version !== `+jsString(r[1]))
			}
		}
		// the cards she received are marked in her hand (before she plays
		// any of them away)
		got := eval[[]string](ann, `[...document.querySelectorAll('#p-hand label.card.got')].map(l => l.querySelector('input').getAttribute('aria-label'))`)
		if len(got) == 0 || !strings.Contains(got[0], "received") {
			t.Fatalf("%s: the cards Ann received are not marked in her hand: %v (note %q)", size.name, got, ann.text("#p-swap"))
		}
		// a moment when it is not Ann's turn: the note must not cover her
		// hand then either
		for eval[bool](ann, yourTurnJS+` && (`+modeJS+`) !== 'wait'`) {
			r := eval[[]string](ann, tapMoveJS)
			ann.waitJS("the table to take the "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('#p-status').dataset.version !== `+jsString(r[1]))
		}
		ann.firstScreen("exchange-president-" + size.name)
		note := eval[map[string]any](ann, `(() => {
		  const n = document.querySelector('#p-swap'), r = n.getBoundingClientRect();
		  return {height: r.height, lineHeight: parseFloat(getComputedStyle(n.closest('.status')).lineHeight) || 24,
		    cards: n.querySelectorAll('.card-text').length, faces: n.querySelectorAll('.card, u').length,
		    twice: [...n.querySelectorAll('.card-text')].filter(c => (c.textContent.match(/[♠♥♦♣★]/g) || []).length !== 1).length,
		    text: n.textContent.trim()};
		})()`)
		if note["height"].(float64) > 1.6*note["lineHeight"].(float64) || note["faces"].(float64) > 0 || note["twice"].(float64) > 0 || note["cards"].(float64) < 2 {
			t.Fatalf("%s: the exchange note is not one line of cards drawn once: %v", size.name, note)
		}
		covered := eval[[]string](ann, `(() => {
		  window.scrollTo(0, 0);
		  const bars = [...document.querySelectorAll('.actionbar')].map(b => b.getBoundingClientRect()).filter(r => r.height > 0);
		  return [...document.querySelectorAll('#p-hand label.card')].filter(c => {
		    const r = c.getBoundingClientRect();
		    return r.bottom > innerHeight + 1 || bars.some(b => r.bottom > b.top && r.top < b.bottom);
		  }).map(c => c.id + ' ' + Math.round(c.getBoundingClientRect().bottom));
		})()`)
		if len(covered) > 0 {
			t.Fatalf("%s: cards of the hand are covered or off the first screen: %v", size.name, covered)
		}
		if eval[int](ann, `document.querySelectorAll('#p-ring .seat.you .backs i').length`) > 0 {
			t.Fatalf("%s: Ann's own seat shows card backs over her hand", size.name)
		}
		if size.name == "phone" {
			// a big hand shows more than thin strips of its cards
			strip := eval[float64](ann, `(() => { const c = [...document.querySelectorAll('#p-hand label.card')]; if (c.length < 2) return 99;
			  return Math.min(...c.slice(0, -1).map((l, i) => { const a = l.getBoundingClientRect(), b = c[i + 1].getBoundingClientRect();
			    return b.top > a.top + 5 ? 99 : b.left - a.left; })); })()`)
			if strip < 30 {
				t.Fatalf("phone: the hand's cards show strips of %.0f px", strip)
			}
		}
		ann.axeCheck("the President table after the exchange")
		t.Logf("%s: %s; received %v", size.name, note["text"], got)
	}
}
