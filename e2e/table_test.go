package e2e

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The table as a player feels it: at a phone's 390×844 and a laptop's
// 1280×800, the seats and one's own cards fit the first screen, the action
// bar is under the thumb whenever there is something to do, the page title
// says "Your turn", and what a push adds (a card on the pile, a bet) moves
// in, unless the player asked for reduced motion.

var sizes = []struct {
	name          string
	width, height int64
	mobile        bool
}{
	{"phone", 390, 844, true},
	{"desktop", 1280, 800, false},
}

// setSize puts the browser at a size (a phone emulates touch and mobile).
func (b *browser) setSize(w, h int64, mobile bool) {
	b.t.Helper()
	if mobile {
		b.do(chromedp.EmulateViewport(w, h, chromedp.EmulateMobile, chromedp.EmulateTouch))
	} else {
		b.do(chromedp.EmulateViewport(w, h))
	}
}

// reduceMotion asks the page for prefers-reduced-motion: reduce.
func (b *browser) reduceMotion() {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
		return err
	}))
}

// outOfViewJS lists the elements of a selector that are not wholly inside
// the first screen (the page scrolled to the top), above the action bar
// when it shows actions.
const outOfViewJS = `((sel) => {
  window.scrollTo(0, 0);
  const bar = document.querySelector('.actionbar.has-actions, .actionbar:has(.has-actions)');
  const above = bar ? bar.getBoundingClientRect().top : innerHeight;
  return [...document.querySelectorAll(sel)].filter(e => {
    const r = e.getBoundingClientRect();
    const bottom = e.closest('.actionbar') ? innerHeight : above; // what the bar holds is under the thumb
    return r.width > 0 && (r.top < -1 || r.left < -1 || r.bottom > bottom + 1 || r.right > innerWidth + 1);
  }).map(e => (e.id || e.className) + ' ' + JSON.stringify(e.getBoundingClientRect()));
})`

// barOverSideJS says where the action bar with actions meets the side
// column (log, chat, Tonight) when that stands beside the table, the
// page at the top; "" when they don't meet.
const barOverSideJS = `(() => {
  const bar = document.querySelector('.actionbar.has-actions, .actionbar:has(.has-actions)'), side = document.querySelector('aside.side');
  if (!bar || !side || !matchMedia('(min-width: 64rem)').matches) return '';
  const a = bar.getBoundingClientRect(), s = side.getBoundingClientRect();
  const meet = a.left < s.right - 1 && s.left < a.right - 1 && a.top < s.bottom - 1 && s.top < a.bottom - 1;
  return meet ? 'the bar at x ' + Math.round(a.left) + '-' + Math.round(a.right) + ', y ' + Math.round(a.top) + '-' + Math.round(a.bottom) +
    ', the column at x ' + Math.round(s.left) + '-' + Math.round(s.right) + ', y ' + Math.round(s.top) + '-' + Math.round(s.bottom) : '';
})()`

// tabMisplacedJS says where the "Your turn" tab of the action bar with
// actions (its ::before) leaves the bar's box, where it would cover what
// lies above the bar (a drawer's title, the viewer's clock), or which of
// the bar's words, buttons and cards it covers; "" when neither.
const tabMisplacedJS = `(() => {
  const bar = document.querySelector('.actionbar.has-actions, .actionbar:has(.has-actions)');
  if (!bar) return '';
  const t = getComputedStyle(bar, '::before'), b = getComputedStyle(bar), r = bar.getBoundingClientRect();
  if (t.content === 'none' || t.display === 'none') return 'no tab';
  const left = r.left + parseFloat(b.borderLeftWidth) + parseFloat(t.left), top = r.top + parseFloat(b.borderTopWidth) + parseFloat(t.top);
  const tab = {left, top, right: left + parseFloat(t.width), bottom: top + parseFloat(t.height)};
  if (tab.top < r.top - .5) return 'the tab stands out of the bar: from y ' + Math.round(tab.top) + ', the bar from ' + Math.round(r.top);
  const meet = q => q.width > 1 && q.height > 1 && q.left < tab.right && tab.left < q.right && q.top < tab.bottom && tab.top < q.bottom;
  const out = [];
  const words = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
  for (let n; (n = words.nextNode());) {
    if (!n.textContent.trim()) continue;
    const rg = document.createRange();
    rg.selectNodeContents(n);
    if ([...rg.getClientRects()].some(meet)) out.push(JSON.stringify(n.textContent.trim().slice(0, 30)));
  }
  bar.querySelectorAll('button, input, select, .card').forEach(e => { if (meet(e.getBoundingClientRect())) out.push(e.tagName.toLowerCase() + ' ' + (e.textContent || e.value || '').trim().slice(0, 30)); });
  return out.length ? 'the tab at x ' + Math.round(tab.left) + '-' + Math.round(tab.right) + ', y ' + Math.round(tab.top) + '-' + Math.round(tab.bottom) + ' covers ' + out.join(', ') : '';
})()`

// checkFits fails when a seat or the viewer's cards leave the first
// screen, when the action bar with actions is not wholly in view, when
// its "Your turn" tab stands out of it or covers its content, or when it covers the side
// column beside the table.
func (b *browser) checkFits(what, seats, hand string) {
	b.t.Helper()
	// where things stand, not where an entering seat or card is on its
	// way from (a moving element's box is its transformed one)
	b.waitJS("the table's motion to settle", settledJS)
	for _, sel := range []string{seats, hand} {
		if sel == "" {
			continue
		}
		if out := eval[[]string](b, outOfViewJS+`(`+jsString(sel)+`)`); len(out) > 0 {
			bar := eval[string](b, `(() => { const bar = document.querySelector('.actionbar.has-actions, .actionbar:has(.has-actions)'); return bar ? Math.round(bar.getBoundingClientRect().top) + ' px: ' + bar.innerText : 'none'; })()`)
			b.t.Fatalf("%s: %s: out of the first screen: %v\nthe action bar from %s", b.name, what, out, bar)
		}
	}
	if n := eval[int](b, `document.querySelectorAll('`+seats+`').length`); n == 0 {
		b.t.Fatalf("%s: %s: no seats", b.name, what)
	}
	if out := eval[string](b, tabMisplacedJS); out != "" {
		b.t.Fatalf("%s: %s: the action bar's \"Your turn\" tab is out of place: %s", b.name, what, out)
	}
	if out := eval[string](b, barOverSideJS); out != "" {
		b.t.Fatalf("%s: %s: the action bar covers the side column: %s", b.name, what, out)
	}
	inBar := eval[bool](b, `(() => { const bar = document.querySelector('.actionbar.has-actions, .actionbar:has(.has-actions)'); if (!bar) return true;
	  const r = bar.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1 && r.height > 0; })()`)
	if !inBar {
		b.t.Fatalf("%s: %s: the action bar is not in view", b.name, what)
	}
	if w := eval[int](b, `document.documentElement.scrollWidth`); w > eval[int](b, `innerWidth`) {
		b.t.Fatalf("%s: %s: the page is %d px wide", b.name, what, w)
	}
}

// watchMotion records, for every pile play, board card or bet that a push
// adds, whether it runs an animation as it enters.
const watchMotionJS = `(() => {
  window.__motion = [];
  new MutationObserver(muts => {
    for (const m of muts) for (const n of m.addedNodes) {
      if (!(n instanceof Element)) continue;
      for (const el of [n, ...n.querySelectorAll('*')]) {
        if (el.matches('.pile .play.new, .bet-chip, .board .card.dealt, .lu-pair .card')) {
          window.__motion.push(el.getAnimations().some(a => a.playState === 'running'));
        }
      }
    }
  }).observe(document.body, {childList: true, subtree: true});
  return true;
})()`

// yourTurnJS: the server marked the viewer's turn.
const yourTurnJS = `(document.getElementById('turn-mark') || {dataset: {}}).dataset.yourTurn === 'true'`

// tapMoveJS makes the viewer's President move with taps alone: a lead with
// a playable card (a 7 when there is one) tapped twice, the second tap
// playing it; a pass when following; cards tapped then a player for the
// 7s' gift.
const tapMoveJS = `(() => {
  const mode = ` + modeJS + `;
  if (!document.querySelector('#p-status')) return ['wait', '']; // the page has no game yet
  const before = document.querySelector('#p-status').dataset.version;
  const labels = [...document.querySelectorAll('#p-hand label.card')];
  const need = ` + needJS + `;
  switch (mode) {
  case 'lead': {
    const ranks = document.querySelector('#p-playable').classList;
    const playable = labels.filter(l => [...l.classList].some(c => ranks.contains(c)));
    // the deal's first lead is the 3♦; after that, a 7 when there is one
    const three = playable.find(l => l.querySelector('input[value="3D"]'));
    const seven = playable.find(l => l.classList.contains('r7'));
    const card = three || seven || playable[0];
    card.click(); card.click();
    return [card === seven ? 'lead a 7' : 'lead', before];
  }
  case 'pass':
    document.querySelector("#p-controls button[value=pass]").click();
    return ['pass', before];
  case 'gift':
    for (let i = 0; i < need; i++) labels[i].click();
    document.querySelector('[data-give-to]').click();
    return ['gift', before];
  case 'discard': case 'return':
    for (let i = 0; i < need; i++) labels[i].click();
    document.querySelector("#p-controls button[value=" + mode + "]").click();
    return [mode, before];
  }
  return ['wait', before];
})()`

// TestPresidentTableFeel: Ann plays President against three bots by taps
// alone on a phone and on a laptop, until she has given cards with her 7s.
func TestPresidentTableFeel(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "300ms")
	calm := newBrowser(t, "Cal")
	calm.reduceMotion()
	for _, size := range sizes {
		ann := newBrowser(t, "Ann")
		ann.setSize(size.width, size.height, size.mobile)
		ann.createTable(srv, "4")
		share := eval[string](ann, `document.querySelector('#share').value`)
		ann.mustTap(`#lobby button[hx-vals*='"start"']`)
		ann.waitJS("the table", `!!document.querySelector('#p-hand label.card')`)
		eval[bool](ann, watchMotionJS)
		if size.name == "phone" {
			// a watcher who asked for calm sees the same table without motion
			calm.do(chromedp.Navigate(share))
			calm.waitJS("the join page", `!!document.querySelector('input[name=name]')`)
			calm.do(chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Cal"), chromedp.Click(chromedp.CSS(`main form button[value=watch]`)))
			calm.waitJS("the table", `!!document.querySelector('#p-ring')`)
			eval[bool](calm, watchMotionJS)
		}
		gifts, turns := 0, 0
		deadline := time.Now().Add(3 * time.Minute)
		for gifts == 0 || turns < 3 {
			if time.Now().After(deadline) {
				t.Fatalf("%s: no 7s gift in time (%d turns)", size.name, turns)
			}
			ann.waitJS("Ann's turn", yourTurnJS+` && (`+modeJS+`) !== 'wait'`)
			if title := eval[string](ann, `document.title`); !strings.HasPrefix(title, "● Your turn") {
				t.Fatalf("%s: the title on Ann's turn is %q", size.name, title)
			}
			if turns == 0 {
				ann.firstScreen("feel-president-" + size.name + "-ann")
			}
			ann.checkFits(size.name+" President, Ann's turn", "#p-ring .seat", "#p-hand label.card")
			if eval[string](ann, modeJS) == "gift" && gifts == 0 {
				ann.firstScreen("feel-president-" + size.name + "-gift") // the seats offer to take the cards
			}
			r := eval[[]string](ann, tapMoveJS)
			if r[0] == "gift" {
				gifts++
			}
			turns++
			ann.waitJS("the table to take the "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('#p-status').dataset.version !== `+jsString(r[1]))
			if msg := ann.text("#message"); msg != "" {
				t.Fatalf("%s: %s refused: %s", size.name, r[0], msg)
			}
			if r[0] == "gift" || strings.HasPrefix(r[0], "lead") {
				// the move is done: the title turns back until her next turn
				ann.waitJS("the title back", `!document.title.startsWith('●') || `+yourTurnJS)
			}
		}
		motion := eval[[]bool](ann, `window.__motion`)
		if len(motion) == 0 || !anyTrue(motion) {
			t.Fatalf("%s: no card moved onto the pile: %v", size.name, motion)
		}
		t.Logf("%s: %d turns by taps, %d gifts; %d plays animated", size.name, turns, gifts, len(motion))
	}
	if m := eval[[]bool](calm, `window.__motion`); len(m) == 0 || anyTrue(m) {
		t.Fatalf("with reduced motion, plays animated: %v", m)
	}
}

// betChipsMeetJS puts a four-figure bet at every seat that has none (a
// deal where they all bet: neighbouring blinds), names the bet chips
// that meet another seat's chip or another seat, and takes its own chips
// away again.
const betChipsMeetJS = `(() => {
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const seats = [...document.querySelectorAll('#h-ring .ring-seats > .seat')], added = [];
  for (const s of seats) {
    if (!s.querySelector(':scope > .bet-chip')) {
      const b = document.createElement('b');
      b.className = 'bet-chip';
      b.style.animation = 'none';
      b.textContent = '1,990';
      s.append(b);
      added.push(b);
    }
  }
  const out = [];
  for (const s of seats) {
    const b = s.querySelector(':scope > .bet-chip').getBoundingClientRect();
    for (const o of seats) {
      if (o === s) { continue; }
      if (meet(b, o.getBoundingClientRect())) { out.push(s.id + "'s bet on " + o.id); }
      if (o.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_PRECEDING && meet(b, o.querySelector(':scope > .bet-chip').getBoundingClientRect())) { out.push(s.id + "'s bet on " + o.id + "'s"); }
    }
  }
  added.forEach(b => b.remove());
  return out;
})()`

// TestHoldemTableFeel: Ann plays Hold'em against AI players on a phone and
// a laptop; she raises with taps alone (a bet size, then Raise).
func TestHoldemTableFeel(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "300ms")
	for _, size := range sizes {
		ann := newBrowser(t, "Ann")
		ann.setSize(size.width, size.height, size.mobile)
		// a full table on the phone, a six-handed one on the laptop
		seats := map[bool]string{true: "9", false: "6"}[size.mobile]
		ann.createGame(srv, "holdem", map[string]string{"seats": seats, "blinds": "10/20", "stack_bb": "100"})
		ann.mustTap(`#lobby button[hx-vals*='"start"']`)
		ann.waitJS("the table", `!!document.querySelector('#h-ring')`)
		eval[bool](ann, watchMotionJS)
		raised := false
		deadline := time.Now().Add(2 * time.Minute)
		for turns := 0; !raised || turns < 4; turns++ {
			if time.Now().After(deadline) {
				t.Fatalf("%s: no raise in time", size.name)
			}
			ann.waitJS("Ann's turn", yourTurnJS+` && !!document.querySelector("#h-controls button[hx-vals*='fold']") || !!document.querySelector("#h-controls button[hx-vals*='\"rebuy\"']")`)
			if eval[bool](ann, `!!document.querySelector("#h-controls button[hx-vals*='\"rebuy\"']")`) {
				// out of chips: she buys back in, as the table asks
				ann.mustTap(`#h-controls button[hx-vals*='"rebuy"']`)
				ann.waitJS("her chips", `!document.querySelector("#h-controls button[hx-vals*='\"rebuy\"']")`)
				turns--
				continue
			}
			if title := eval[string](ann, `document.title`); !strings.HasPrefix(title, "● Your turn") {
				t.Fatalf("%s: the title on Ann's turn is %q", size.name, title)
			}
			if turns == 0 {
				ann.firstScreen("feel-holdem-" + size.name + "-turn")
				// (a phone's full table is too close for that)
				if out := eval[[]string](ann, betChipsMeetJS); !size.mobile && len(out) > 0 {
					t.Fatalf("%s: with a bet at every seat, these meet: %v", size.name, out)
				}
			}
			ann.checkFits(size.name+" Hold'em, Ann's turn", "#h-ring .seat", "#h-ring .seat.you .hole")
			before := eval[string](ann, `document.querySelector('#h-status').dataset.version`)
			did := eval[string](ann, `(() => {
			  const c = document.querySelector('#h-controls');
			  const size = [...c.querySelectorAll('button[data-set-amount]')].find(b => b.textContent !== 'All-in');
			  if (size && !window.__raised) {
			    window.__raised = true;
			    size.click();
			    const amount = document.querySelector('#h-amount').value;
			    c.querySelector('button[data-raise]').click();
			    return 'raise ' + size.textContent + ' to ' + amount;
			  }
			  const b = c.querySelector("button[hx-vals*='check']") || c.querySelector("button[hx-vals*='call']");
			  b.click();
			  return b.textContent.trim();
			})()`)
			if strings.HasPrefix(did, "raise") {
				raised = true
				ann.firstScreen("feel-holdem-" + size.name + "-raise")
			}
			ann.waitJS("the table to take "+did, `document.querySelector('#message').textContent !== '' || document.querySelector('#h-status').dataset.version !== `+jsString(before))
			if msg := ann.text("#message"); msg != "" {
				t.Fatalf("%s: %s refused: %s", size.name, did, msg)
			}
			ann.waitJS("the title back", `!document.title.startsWith('●') || `+yourTurnJS)
			if strings.HasPrefix(did, "raise") {
				if log := eval[string](ann, `document.querySelector('#h-streets').textContent`); !strings.Contains(log, "Ann raises") && !strings.Contains(log, "Ann bets") {
					t.Fatalf("%s: the hand's log lacks Ann's raise: %s", size.name, log)
				}
			}
		}
		ann.firstScreen("feel-holdem-" + size.name + "-ann")
		if m := eval[[]bool](ann, `window.__motion`); !anyTrue(m) {
			t.Fatalf("%s: no bet or board card moved in: %v", size.name, m)
		}
	}
}

// feelGame plays a game with one person and bots at both sizes: on each
// of the person's turns the title says so, and the seats, the person's
// cards and the action bar are in the first screen; what a push adds
// moves in.
func feelGame(t *testing.T, kind string, selects map[string]string, ring, seats, hand, actJS, versionSel string, turns int) {
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "300ms")
	for _, size := range sizes {
		ann := newBrowser(t, "Ann")
		ann.setSize(size.width, size.height, size.mobile)
		ann.createGame(srv, kind, selects)
		ann.mustTap(`#lobby button[hx-vals*='"start"']`)
		ann.waitJS("the table", `!!document.querySelector('`+ring+`')`)
		eval[bool](ann, watchMotionJS)
		for n := 0; n < turns; n++ {
			ann.waitJS("Ann's turn", yourTurnJS)
			if title := eval[string](ann, `document.title`); !strings.HasPrefix(title, "● Your move") {
				t.Fatalf("%s %s: the title on Ann's turn is %q", kind, size.name, title)
			}
			if n == 0 {
				ann.firstScreen("feel-" + kind + "-" + size.name)
			}
			ann.checkFits(size.name+" "+kind+", Ann's turn", seats, hand)
			r := eval[[]string](ann, actJS)
			if r[0] == "wait" {
				t.Fatalf("%s %s: Ann's turn with nothing to do", kind, size.name)
			}
			ann.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('`+versionSel+`').dataset.version !== `+jsString(r[1]))
			if msg := ann.text("#message"); msg != "" {
				t.Fatalf("%s %s: %s refused: %s", kind, size.name, r[0], msg)
			}
			// the title turns back as soon as the table waits for others
			ann.waitJS("the title back", `!document.title.startsWith('●') || `+yourTurnJS)
		}
		if kind == "lowunique" {
			ann.waitJS("a reveal", `window.__motion.length > 0`)
			if m := eval[[]bool](ann, `window.__motion`); !anyTrue(m) {
				t.Fatalf("%s: no revealed pair turned over: %v", size.name, m)
			}
		}
	}
}

// TestLowUniqueTableFeel: Lowest Unique against two bots, phone and laptop.
func TestLowUniqueTableFeel(t *testing.T) {
	t.Parallel()
	feelGame(t, "lowunique", map[string]string{"seats": "3"}, "#lu-ring", "#lu-ring .seat", "#lu-hand .card", luActJS, "#lu-status", 4)
}

// TestImpetusTableFeel: Impetus against three bots, phone and laptop.
func TestImpetusTableFeel(t *testing.T) {
	t.Parallel()
	feelGame(t, "impetus", map[string]string{"seats": "4"}, "#im-ring", "#im-ring .seat", "", "("+imActJS+")(0)", "#im-status", 4)
}

func anyTrue(bs []bool) bool {
	for _, b := range bs {
		if b {
			return true
		}
	}
	return false
}

// TestAroundTheTable: a quick reaction floats over its sender's seat on
// the other players' screens and goes to the chat, not the game log; an
// unknown table's link and the verify page are pages of the site that
// fit a phone and pass axe.
func TestAroundTheTable(t *testing.T) {
	t.Parallel()
	srv := startServer(t, t.TempDir(), "")
	ann, bob, share := twoAtPresident(t, srv)
	ann.mustTap(`.reactions-bar button[aria-label="Send 👍"]`) // from the page: a push may redraw the bar meanwhile
	bob.waitJS("Ann's reaction", `(document.getElementById('react-0') || {}).textContent === '👍'`)
	floating := eval[bool](bob, `(() => {
	  const r = document.getElementById('react-0'), s = document.getElementById('p-seat-0');
	  const a = r.getBoundingClientRect(), b = s.getBoundingClientRect();
	  const near = Math.abs((a.left + a.right) / 2 - (b.left + b.right) / 2) < 60 && Math.abs(a.top - b.top) < 120;
	  return near && r.getAnimations().length > 0;
	})()`)
	if !floating {
		t.Fatalf("Bob sees no 👍 floating over Ann's seat: %s", bob.html("#react-0"))
	}
	if chat, log := eval[string](bob, `document.getElementById('chat').textContent`), eval[string](bob, `document.getElementById('log').textContent`); !strings.Contains(chat, "Ann host: 👍") || strings.Contains(log, "👍") {
		t.Fatalf("the reaction belongs in the chat, not the log:\nchat %s\nlog %s", chat, log)
	}
	code := share[strings.LastIndex(share, "/")+1:]
	phone := newBrowser(t, "Phone")
	phone.setSize(390, 844, true)
	for _, page := range []struct{ path, want string }{
		{"/t/ZZZZ", "No such table"},
		{"/t/" + code + "/verify", "the first deal is still being played"},
	} {
		phone.do(chromedp.Navigate(srv.url + page.path))
		if txt := phone.text("main"); !strings.Contains(txt, page.want) {
			t.Fatalf("%s: %s", page.path, txt)
		}
		if w := eval[int](phone, `document.documentElement.scrollWidth`); w > 390 {
			t.Fatalf("%s is %d px wide on a 390 px phone: %s", page.path, w, eval[string](phone, wideJS))
		}
		phone.screenshot(map[bool]string{true: "page-unknown-table", false: "page-verify"}[page.want == "No such table"])
		if page.want == "No such table" {
			// the code box takes every code as people type them, and
			// nothing else: its pattern is checked by the browser itself
			valid := eval[[]bool](phone, `['KX7P', 'kx7p', 'KX7P-M4QA', 'KX7PM4QA', 'KX7P M4QA', 'KX7PM4', 'KX7PM-4QAB2', 'KX7PM4QAB2',
				'KX7', 'KX7P-M4QA-B', 'KX7P_M4QA', 'KX7PM4QAB2C3'].map(v => {
				const i = document.querySelector('input[name=code]'); i.value = v; return i.checkValidity(); })`)
			want := []bool{true, true, true, true, true, true, true, true, false, false, false, false}
			if !slices.Equal(valid, want) {
				t.Fatalf("the code box accepts %v; want %v", valid, want)
			}
		}
		phone.axeCheck(page.path)
	}
	if !eval[bool](phone, `!!document.querySelector('main a[href="/t/`+code+`"]')`) {
		t.Fatal("the verify page does not link back to its table")
	}
	phone.do(chromedp.Navigate(srv.url + "/t/ZZZZ"))
	if !eval[bool](phone, `!!document.querySelector('a[href="/"]') && !!document.querySelector('form[action="/join"] input[name=code]')`) {
		t.Fatal("the unknown table's page has no way home or code box")
	}
}

// TestChatNamesAndMarks: a watcher who arrives as "Ann" can't chat as the
// host (the message line says why), changes name from the chat drawer,
// and chats; every page marks the host's lines and the watcher's, and axe
// stays clean.
func TestChatNamesAndMarks(t *testing.T) {
	t.Parallel()
	srv := startServer(t, t.TempDir(), "")
	ann, _, share := twoAtPresident(t, srv)
	ann.chat("welcome")

	fake := newBrowser(t, "Ann") // a visitor who calls herself Ann
	fake.do(chromedp.Navigate(share), chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Ann"),
		chromedp.Click(chromedp.CSS(`main form button[value=watch]`)))
	fake.waitJS("the table, watching", `!!document.querySelector('#p-ring') && !!document.querySelector('#chat-text')`)
	fake.sendChat("I am the host")
	fake.waitJS("the refusal", `document.getElementById('message').textContent.includes('already called Ann')`)

	// a new name, from the chat drawer
	fake.mustTap(`a[href$="?name=change"]`)
	fake.waitJS("the name form", `!!document.querySelector('main form input[name=name]')`)
	fake.do(chromedp.SetValue(chromedp.CSS(`input[name=name]`), "Cara"), chromedp.Click(chromedp.CSS(`main form button[type=submit]`)))
	fake.waitJS("the table again", `!!document.querySelector('#chat-text')`)
	fake.sendChat("hello from the rail")
	ann.waitJS("Cara's line", `document.getElementById('chat').textContent.includes('hello from the rail')`)
	marks := eval[[]string](ann, `[...document.querySelectorAll('#chat li.chat')].map(li => li.querySelector('b').textContent + ':' + li.querySelector('.mark').textContent)`)
	if !slices.Contains(marks, "Ann:host") || !slices.Contains(marks, "Cara:watching") {
		t.Fatalf("chat marks: %v", marks)
	}
	ann.screenshot("chat-marks-ann")
	ann.axeCheck("the chat with marks")
}

// TestChatReachesAPhone: Bob plays on a phone with the chat folded away.
// Ann's "nice hand" shows him a count on the Chat drawer and the line
// itself in a toast (a polite live region), his own lines count for
// nothing, opening the drawer clears the count, and the lines name their
// authors without a "player" mark. With reduced motion the toast just
// appears.
func TestChatReachesAPhone(t *testing.T) {
	t.Parallel()
	srv := startServer(t, t.TempDir(), "")
	ann, bob, _ := twoAtPresident(t, srv)
	bob.setSize(390, 844, true)
	bob.do(chromedp.Reload())
	bob.waitJS("the table", `!!document.querySelector('#p-ring') && !document.getElementById('chat-drawer').open`)
	say := func(b *browser, text string) {
		b.t.Helper()
		eval[bool](b, `(document.getElementById('chat-drawer').open = true, true)`)
		b.chat(text)
	}
	say(ann, "nice hand")
	bob.waitJS("the unread count", `(document.querySelector('#chat-drawer [data-unread]') || {}).textContent === '1 new' && !document.querySelector('#chat-drawer [data-unread]').hidden`)
	toast := eval[map[string]any](bob, `(() => { const t = document.getElementById('chat-toast'), b = t.querySelector('button'), r = b.getBoundingClientRect();
	  return {text: t.textContent, live: t.getAttribute('aria-live'), role: t.getAttribute('role'), top: r.top, bottom: r.bottom,
	    // the toast's entry, as its style declares it: a short animation
	    // may be over, or (a page in the background) not yet run, when read
	    moves: getComputedStyle(b).animationName}; })()`)
	// issue 40: the toast names Ann without the chat's "host" mark
	if toast["text"].(string) != "Ann: nice hand" || toast["live"] != "polite" || toast["role"] != "status" {
		t.Fatalf("Bob's toast: %v", toast)
	}
	if toast["top"].(float64) < 0 || toast["bottom"].(float64) > 844 {
		t.Fatalf("the toast is off Bob's screen: %v", toast)
	}
	// issue 40: the toast is not over the status line
	bob.waitJS("the toast in place", `!document.querySelector('#chat-toast button').getAnimations().some(a => a.playState === 'running')`)
	if over := eval[string](bob, `(() => { const s = document.querySelector('#stage .status').getBoundingClientRect(), t = document.querySelector('#chat-toast button').getBoundingClientRect();
	  return t.top < s.bottom && s.top < t.bottom && t.left < s.right && s.left < t.right ? 'toast ' + Math.round(t.top) + '-' + Math.round(t.bottom) + ', status ' + Math.round(s.top) + '-' + Math.round(s.bottom) : ''; })()`); over != "" {
		t.Fatalf("the chat toast covers the status line: %s (%s)", over, eval[string](bob, `document.getElementById('chat-toast').style.top + ' ' + getComputedStyle(document.getElementById('chat-toast')).top + ' ' + document.querySelector('#stage .status').outerHTML.slice(0, 300)`))
	}
	bob.firstScreen("chat-toast-phone")
	// his own line does not count
	eval[bool](bob, `(document.getElementById('chat-drawer').open = false, true)`)
	bob.waitJS("the drawer folded", `!document.getElementById('chat-drawer').open`)
	eval[bool](bob, `(document.getElementById('chat-drawer').open = true, true)`)
	bob.waitJS("the count cleared on opening", `document.querySelector('#chat-drawer [data-unread]').hidden`)
	bob.chat("thanks")
	// he folds the chat just as the page changes (a clock's tick), before
	// the drawer's toggle event comes: it stays folded
	eval[bool](bob, `(() => { const d = document.getElementById('chat-drawer');
	  d.addEventListener('toggle', () => { window.chatToggled = true; }, {once: true});
	  d.open = false; const i = document.createElement('i'); document.body.append(i); i.remove(); return true; })()`)
	bob.waitJS("the drawer's toggle event", `window.chatToggled === true`)
	if eval[bool](bob, `document.getElementById('chat-drawer').open`) {
		t.Fatal("the chat Bob folded opened again when the page changed")
	}
	lines := eval[[]string](bob, `[...document.querySelectorAll('#chat li.chat')].map(li => li.textContent.replace(/\s+/g, ' ').trim())`)
	if !slices.Contains(lines, "Bob: thanks") || !slices.Contains(lines, "Ann host: nice hand") {
		t.Fatalf("chat lines: %q", lines)
	}
	// with reduced motion the next toast appears without moving; a tap on
	// it opens the chat
	bob.reduceMotion()
	say(ann, "your turn soon")
	bob.waitJS("the second toast", `document.getElementById('chat-toast').textContent.includes('your turn soon')`)
	if n := eval[int](bob, `document.querySelector('#chat-toast button').getAnimations().length`); n != 0 {
		t.Fatalf("with reduced motion the toast runs %d animations", n)
	}
	if a := eval[string](bob, `getComputedStyle(document.querySelector('#chat-toast button')).animationName`); a != "none" {
		t.Fatalf("with reduced motion the toast still declares the animation %q", a)
	}
	if got := eval[string](bob, `document.querySelector('#chat-drawer [data-unread]').textContent`); got != "1 new" {
		t.Fatalf("after Bob's own line and one of Ann's, the count says %q", got)
	}
	bob.mustTap(`#chat-toast button`)
	bob.waitJS("the chat open", `document.getElementById('chat-drawer').open && document.querySelector('#chat-drawer [data-unread]').hidden`)
	if toast["moves"] == "none" {
		t.Fatal("the first toast does not move in")
	}
	bob.axeCheck("the phone table with a chat toast")
}
