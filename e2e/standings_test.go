package e2e

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Every game ends each deal, hand or round with its standings in the
// action bar (places, points or net chips, roles earned), which stay until
// the next is under way, under a countdown in real seconds.

// standingsJS reads the standings in the action bar: the title, the
// viewer's own result, the countdown's seconds (-1 without one) and the
// rows, each as its cells.
const standingsJS = `(() => {
  const s = document.querySelector('.actionbar .standings');
  if (!s) return null;
  const next = s.querySelector('.next [data-deadline]');
  return {title: s.querySelector('.standings-head strong').textContent,
    note: (s.querySelector('.you-result') || {textContent: ''}).textContent,
    next: next ? parseInt(next.textContent, 10) : -1,
    rows: [...s.querySelectorAll('tbody tr')].map(tr => [...tr.children].map(c => c.textContent.trim()))};
})()`

type standingsView struct {
	Title string     `json:"title"`
	Note  string     `json:"note"`
	Next  int        `json:"next"`
	Rows  [][]string `json:"rows"`
}

// overlapsJS lists what covers what at a Hold'em showdown: a seat or the
// chips it won over a board card, and a seat, its chips or its marks over
// the status line.
const overlapsJS = `(() => {
  const R = e => e.getBoundingClientRect();
  const hit = (a, b) => a.width > 0 && b.width > 0 && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const what = e => (e.id || e.className) + ' "' + e.textContent.trim().slice(0, 16) + '"';
  const board = [...document.querySelectorAll('#h-board .card:not(.slot)')];
  const status = document.querySelector('.game .status');
  const out = [];
  for (const e of document.querySelectorAll('#h-ring .seat, #h-ring .won-chip')) {
    for (const c of board) if (hit(R(e), R(c))) out.push(what(e) + ' covers the board card ' + c.getAttribute('aria-label'));
  }
  for (const e of document.querySelectorAll('#h-ring .seat, #h-ring .won-chip, #h-ring .blind-mark, #h-ring .dealer-button')) {
    if (hit(R(e), R(status))) out.push(what(e) + ' sits on the status line');
  }
  return out;
})()`

// callDownJS makes Ann's Hold'em move: check, or call whatever is bet
// (rebuying when out of chips), so hands go to a showdown. It returns
// what it did and the table's version before, or "wait".
const callDownJS = `(() => {
  const c = document.querySelector('#h-controls');
  const v = document.getElementById('table-state').dataset.v;
  if (!c) return ['wait', v];
  const btn = k => c.querySelector("button[hx-vals*='\"" + k + "\"']");
  if (btn('rebuy')) { btn('rebuy').click(); return ['rebuy', v]; }
  const b = btn('check') || btn('call');
  if (!b) return ['wait', v];
  b.click();
  return [b.textContent.trim(), v];
})()`

// fullNameJS reports whether the header shows the game's whole name.
const fullNameJS = `(() => { const g = document.querySelector('header .bar-game'); return !!g && g.scrollWidth <= g.clientWidth; })()`

// TestHoldemShowdownStandings: Ann plays Hold'em against AI players, at
// six seats and at nine on a phone, at six on a laptop, calling every
// hand down. At each
// showdown no seat and no won chip covers a board card, nothing of a seat
// sits on the status line, the winners of a shared pot "win" it, and the
// action bar ranks the hand by net chips, Ann's result saying what she won
// and what that was net.
func TestHoldemShowdownStandings(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "4s")
	for _, c := range []struct{ size, seats int }{{0, 6}, {0, 9}, {1, 6}} {
		size := sizes[c.size]
		size.name += "-" + strconv.Itoa(c.seats)
		ann := newBrowser(t, "Ann")
		ann.setSize(size.width, size.height, size.mobile)
		ann.createGame(srv, "holdem", map[string]string{"seats": strconv.Itoa(c.seats), "blinds": "10/20", "stack_bb": "100"})
		ann.startWhenReady()
		ann.waitJS("the table", `!!document.querySelector('#h-controls')`)
		if size.mobile && !eval[bool](ann, fullNameJS) {
			t.Fatalf("the phone's header cuts the game's name: %q", ann.text("header"))
		}
		showdowns := 0
		deadline := time.Now().Add(3 * time.Minute)
		for showdowns < 3 {
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d showdowns in time", size.name, showdowns)
			}
			// a showdown: two hands or more shown
			if eval[bool](ann, `!!document.querySelector('#h-pots .results') && document.querySelectorAll('#h-ring .seat .hole .card[aria-label]').length >= 4`) {
				showdowns++
				hand := ann.text("#h-hand")
				ann.waitJS("the showdown to settle", settledJS)
				if out := eval[[]string](ann, overlapsJS); len(out) > 0 {
					ann.firstScreen("holdem-showdown-overlap-" + size.name)
					t.Fatalf("%s, %s: %s", size.name, hand, strings.Join(out, "; "))
				}
				checkShowdownWords(t, ann, size.name)
				if showdowns == 1 {
					ann.firstScreen("holdem-showdown-" + size.name)
					if size.mobile && c.seats == 6 {
						ann.axeCheck("a Hold'em showdown with its standings")
					}
				}
				ann.waitJS("the next hand", `!document.querySelector('#h-pots .results') || document.querySelector('#h-hand').textContent !== `+jsString(hand))
				continue
			}
			r := eval[[]string](ann, callDownJS)
			if r[0] == "wait" {
				ann.waitJS("Ann's turn or a showdown", `!!document.querySelector('#h-pots .results') || !!document.querySelector("#h-controls button[hx-vals*='\"check\"'], #h-controls button[hx-vals*='\"call\"'], #h-controls button[hx-vals*='\"rebuy\"']")`)
				continue
			}
			ann.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' || document.getElementById('table-state').dataset.v !== `+jsString(r[1]))
		}
	}
}

// checkShowdownWords checks what a showdown says: the shared pots' verb,
// the standings ranked by net chips, and the viewer's own result.
func checkShowdownWords(t *testing.T, b *browser, size string) {
	t.Helper()
	for _, w := range eval[[][]string](b, `[...document.querySelectorAll('#h-pots li.won')].map(li => [li.querySelector('strong').textContent, li.textContent.replace(/\s+/g, ' ').trim()])`) {
		shared := strings.Contains(w[0], " and ")
		if shared == strings.Contains(w[1], " wins ") || shared != strings.Contains(w[1], " win ") {
			t.Fatalf("%s: %q", size, w[1])
		}
	}
	var s *standingsView
	b.waitJS("the standings", standingsJS+` !== null`)
	s = ptr(eval[standingsView](b, standingsJS))
	if !strings.HasSuffix(s.Title, " is over") || s.Next < 0 || len(s.Rows) < 2 {
		t.Fatalf("%s: the standings: %+v", size, s)
	}
	net := func(cell string) int { n, _ := strconv.Atoi(strings.TrimPrefix(cell, "+")); return n }
	mine := ""
	for i, r := range s.Rows {
		if i > 0 && net(r[len(r)-1]) > net(s.Rows[i-1][len(r)-1]) {
			t.Fatalf("%s: the standings are not ranked by net chips: %v", size, s.Rows)
		}
		if strings.HasPrefix(r[0], "Ann") {
			mine = r[len(r)-1]
		}
	}
	// a split pot can give back just what she put in: "You win 20 (0 net)."
	if m := regexp.MustCompile(`^You win (\d+) \(([-+]\d+|0) net\)\.$`).FindStringSubmatch(s.Note); m != nil {
		if m[2] != mine {
			t.Fatalf("%s: Ann's result %q, her row's net %q", size, s.Note, mine)
		}
	} else if !strings.HasPrefix(s.Note, "You lose ") && !strings.HasPrefix(s.Note, "You folded") && (s.Note != "" || mine != "") {
		t.Fatalf("%s: Ann's result: %q", size, s.Note)
	}
}

func ptr[T any](v T) *T { return &v }

// TestCountdownInRealSeconds: the pause before the next hand counts down
// in real seconds, from the full pause, on a phone whose clock runs 3 s
// fast: read twice 2 s apart, it has gone down by 2; and the hand's
// standings stay until the next hand is dealt.
func TestCountdownInRealSeconds(t *testing.T) {
	srv := startServerArgs(t, t.TempDir(), "", "-next-deal-delay", "6s")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `Date.now = (now => () => now() + 3000)(Date.now);`})
		return err
	}))
	ann.createGame(srv, "holdem", map[string]string{"seats": "2", "blinds": "10/20", "stack_bb": "20"})
	ann.startWhenReady()
	ann.waitJS("the table", `!!document.querySelector('#h-controls')`)
	// the page notes when the countdown comes (performance.now(): the
	// test's own look may come late on a busy machine)
	eval[bool](ann, `(() => { new MutationObserver(() => {
	  const s = document.querySelector('.actionbar .standings .next [data-deadline]');
	  if (s && !window.shownAt) window.shownAt = performance.now();
	  if (!s) window.shownAt = 0;
	}).observe(document.body, {childList: true, subtree: true}); return true; })()`)
	if skew := eval[float64](ann, `Date.now() - (performance.timeOrigin + performance.now())`); skew < 2900 {
		t.Fatalf("the page's clock is not fast: %v ms", skew)
	}
	for hands := 0; hands < 2; {
		r := eval[[]string](ann, strings.Replace(callDownJS, `btn('check') || btn('call')`, `btn('allin') || btn('call') || btn('check')`, 1))
		if r[0] == "wait" {
			ann.waitJS("Ann's turn or the hand's end", standingsJS+` !== null || !!document.querySelector("#h-controls button[hx-vals*='\"allin\"'], #h-controls button[hx-vals*='\"call\"'], #h-controls button[hx-vals*='\"check\"'], #h-controls button[hx-vals*='\"rebuy\"']")`)
			if eval[*standingsView](ann, standingsJS) == nil {
				continue
			}
			if eval[standingsView](ann, standingsJS).Next < 0 && eval[bool](ann, `!!document.querySelector("#h-controls button[hx-vals*='\"rebuy\"']")`) {
				// Ann is out of chips: the next hand waits for her to buy
				// back in, and its countdown starts then
				v := eval[string](ann, `document.getElementById('table-state').dataset.v`)
				eval[bool](ann, `(document.querySelector("#h-controls button[hx-vals*='\"rebuy\"']").click(), true)`)
				ann.waitJS("the rebuy", `document.querySelector('#message').textContent !== '' || document.getElementById('table-state').dataset.v !== `+jsString(v))
				if msg := ann.text("#message"); msg != "" {
					t.Fatalf("the rebuy was refused: %s", msg)
				}
				continue
			}
			hands++
			hand := ann.text("#h-hand")
			first := eval[standingsView](ann, standingsJS)
			seen := time.Now()
			// on a busy machine the test may look a while after the
			// standings came: the page noted when (shownAt), and the
			// countdown must have run from 6 s by that much
			age := time.Duration(eval[float64](ann, `performance.now() - (window.shownAt || performance.now())`)) * time.Millisecond
			if first.Next < 5-int(age.Seconds()) {
				t.Fatalf("hand %d: the countdown shows %d s of a 6 s pause, %v after the standings came", hands, first.Next, age.Round(100*time.Millisecond))
			}
			if first.Next < 4 {
				t.Logf("hand %d: seen %v late (%d s left): no room to time it", hands, age.Round(100*time.Millisecond), first.Next)
				ann.waitJS("the next hand", `document.querySelector('#h-hand').textContent !== `+jsString(hand))
				continue
			}
			time.Sleep(2 * time.Second) // real seconds: what the countdown must match
			second := eval[*standingsView](ann, standingsJS)
			switch {
			case second == nil:
				t.Fatalf("hand %d: the standings went after 2 s of a 6 s pause", hands)
			case first.Next-second.Next < 1 || first.Next-second.Next > 3:
				t.Fatalf("hand %d: in 2 real seconds the countdown went from %d s to %d s", hands, first.Next, second.Next)
			}
			t.Logf("hand %d: %d s, then %d s two seconds later", hands, first.Next, second.Next)
			ann.waitJS("the next hand", `document.querySelector('#h-hand').textContent !== `+jsString(hand))
			if up := time.Since(seen); up < time.Duration(first.Next-2)*time.Second {
				t.Fatalf("hand %d: the countdown said %d s, the next hand came after %v", hands, first.Next, up.Round(100*time.Millisecond))
			}
			continue
		}
		ann.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' || document.getElementById('table-state').dataset.v !== `+jsString(r[1]))
	}
}

// presidentPlayJS makes Ann's President move as a fair player would: lead
// her lowest rank, every card of it; follow with the lowest rank that
// beats the pile with as many cards, or pass; give back her lowest cards.
// It returns what it did and the table's version before, or "wait".
const presidentPlayJS = `(() => {
  const mode = ` + modeJS + `;
  if (!document.querySelector('#p-status')) return ['wait', '']; // the page has no game yet
  const before = document.querySelector('#p-status').dataset.version;
  const labels = [...document.querySelectorAll('#p-hand label.card')];
  const ranks = document.querySelector('#p-playable').classList;
  const rankOf = l => [...l.classList].find(c => /^r[0-9AJQK]/.test(c));
  const groups = [];
  for (const l of labels.filter(l => ranks.contains(rankOf(l)))) {
    const g = groups.find(g => rankOf(g[0]) === rankOf(l));
    if (g) g.push(l); else groups.push([l]);
  }
  const button = v => document.querySelector('#p-controls button[value=' + v + ']');
  switch (mode) {
  case 'lead':
    groups[0].forEach(l => l.click());
    button('play').click();
    return ['lead', before];
  case 'pass': {
    const need = document.querySelectorAll('#p-pile .play.new .card').length;
    const g = groups.find(g => g.length >= need);
    if (!g) { button('pass').click(); return ['pass', before]; }
    g.slice(0, need).forEach(l => l.click());
    button('play').click();
    return ['follow', before];
  }
  case 'return': case 'discard':
    for (let i = 0; i < ` + needJS + `; i++) labels[i].click();
    button(mode).click();
    return [mode, before];
  case 'gift':
    for (let i = 0; i < ` + needJS + `; i++) labels[i].click();
    document.querySelector('[data-give-to]').click();
    return ['gift', before];
  }
  return ['wait', before];
})()`

// colonJS reports whether the exchange prompt's colon stands on the line
// of the cards it follows (not alone on a line of its own).
const colonJS = `(() => {
  const hint = document.querySelector('#p-actions .hint');
  const cards = hint.querySelectorAll('.card, .card-text');
  const last = cards[cards.length - 1].getBoundingClientRect();
  const walk = document.createTreeWalker(hint, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode());) {
    const i = n.textContent.indexOf(':');
    if (i < 0) continue;
    const r = document.createRange();
    r.setStart(n, i); r.setEnd(n, i + 1);
    const c = r.getBoundingClientRect();
    return c.top < last.bottom && c.bottom > last.top;
  }
  return false;
})()`

// cardsUnderBarJS names the cards of the hand whose centre something
// else (the action bar) covers on the first screen.
const cardsUnderBarJS = `(() => {
  window.scrollTo(0, 0);
  const out = [];
  for (const c of document.querySelectorAll('#p-hand .card')) {
    const r = c.getBoundingClientRect(), e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!e || !c.contains(e)) { out.push((c.getAttribute('aria-label') || c.textContent.trim()) + ' under ' + (e ? e.className || e.tagName : 'nothing')); }
  }
  return out;
})()`

// TestPresidentStandings: Ann (on a phone) and Bob (on a laptop) play
// President, two of them. When a deal ends both see it ranked (places,
// the roles earned, the points and the totals) with their own result and
// the countdown to the next deal; the next deal asks its President to
// give cards back in one sentence, its colon beside the cards they got.
func TestPresidentStandings(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-next-deal-delay", "3s")
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	ann.setSize(390, 844, true)
	bob.setSize(1280, 800, false)
	ann.createGame(srv, "president", map[string]string{"ruleset": "standard", "seats": "2", "jokers": "off"})
	bob.joinLobby(eval[string](ann, `document.querySelector('#share').value`))
	ann.startWhenReady()
	players := []*browser{ann, bob}
	for _, p := range players {
		p.waitJS("the table", `!!document.querySelector('#p-hand')`)
	}
	ranked := false
	deadline := time.Now().Add(3 * time.Minute)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("no exchange in time (a deal ranked: %v):\n%s", ranked, ann.text("#log"))
		}
		if !ranked && strings.Contains(ann.text("#p-status"), "Deal 1 is over") {
			ranked = true
			for _, p := range players {
				p.waitJS("the standings", standingsJS+` !== null`)
				s := eval[standingsView](p, standingsJS)
				if s.Title != "Deal 1 is over" || s.Next < 0 || len(s.Rows) != 2 ||
					s.Rows[0][0] != "1st" || s.Rows[0][2] != "President" || s.Rows[0][3] != "+2" || s.Rows[0][4] != "2" ||
					s.Rows[1][0] != "2nd" || s.Rows[1][2] != "Asshole" || s.Rows[1][3] != "-2" || s.Rows[1][4] != "-2" {
					t.Fatalf("%s's standings: %+v", p.name, s)
				}
				if !strings.HasPrefix(s.Note, "You win") && !strings.HasPrefix(s.Note, "You finished last") {
					t.Fatalf("%s's own result: %q", p.name, s.Note)
				}
			}
			ann.firstScreen("president-standings-phone")
			bob.firstScreen("president-standings-desktop")
			ann.axeCheck("President's standings")
		}
		acted := false
		for _, p := range players {
			if eval[string](p, modeJS) == "return" {
				// deal 2's exchange: its President gives cards back
				for _, size := range sizes {
					p.setSize(size.width, size.height, size.mobile)
					if !eval[bool](p, colonJS) {
						p.firstScreen("president-exchange-" + size.name)
						t.Fatalf("%s: the exchange prompt's colon is alone on a line: %q", size.name, p.text("#p-actions .hint"))
					}
					p.firstScreen("president-exchange-" + size.name)
					// the cards to pick from all show above the bar
					if out := eval[[]string](p, cardsUnderBarJS); len(out) > 0 {
						p.screenshot("president-exchange-covered-" + size.name)
						t.Fatalf("%s: on the first screen the action bar covers these cards: %v", size.name, out)
					}
				}
				return
			}
			r := eval[[]string](p, presidentPlayJS)
			if r[0] == "wait" {
				continue
			}
			acted = true
			p.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('#p-status').dataset.version !== `+jsString(r[1]))
			if msg := p.text("#message"); msg != "" {
				if r[0] != "follow" {
					t.Fatalf("%s's %s refused: %s", p.name, r[0], msg)
				}
				p.mustTap(`#p-controls button[value=pass]`) // that set does not beat the pile: pass
			}
		}
		if !acted {
			ann.waitJS("a move to make or the deal's end", `(`+modeJS+`) !== 'wait' || document.querySelector('#p-status').innerText.includes('Deal 1 is over') !== `+fmt.Sprint(ranked)+
				` || document.querySelector('#p-status').innerText.startsWith('Exchange') || document.querySelector('#p-status').innerText.includes(' to play')`)
		}
	}
}

// TestLowUniqueStandings: Ann plays Lowest Unique against two bots on a
// phone. A status line above the table says whose move it is and what to
// do; her own seat shows the card she plays; each round ends ranked (the
// card each played, what the round scored, the points so far) under the
// countdown to the next round, and the game ends with the final standings
// and her place in them.
func TestLowUniqueStandings(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "3s")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.createGame(srv, "lowunique", map[string]string{"seats": "3", "rounds": "4"})
	ann.startWhenReady()
	ann.waitJS("the table", `!!document.querySelector('#lu-hand')`)
	if !eval[bool](ann, fullNameJS) {
		t.Fatalf("the phone's header cuts the game's name: %q", ann.text("header"))
	}
	status := `document.querySelector('.game.lowunique > .status #lu-status').textContent`
	ann.waitJS("Ann's move on the status line", status+`.startsWith('Your move: select a pair')`)
	ann.firstScreen("lowunique-status-phone")
	round := false
	deadline := time.Now().Add(3 * time.Minute)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time\n%s", ann.text("#log"))
		}
		phase := eval[string](ann, `document.querySelector('#lu-status').dataset.phase`)
		if phase == "over" {
			break
		}
		if phase == "resolved" && !round {
			round = true
			ann.waitJS("the standings", standingsJS+` !== null`)
			s := eval[standingsView](ann, standingsJS)
			if !strings.HasPrefix(s.Title, "Round ") || s.Next < 0 || len(s.Rows) != 3 || s.Note == "" || s.Rows[0][0] != "1st" {
				t.Fatalf("a round's standings: %+v", s)
			}
			mine := ""
			for _, r := range s.Rows {
				if strings.HasPrefix(r[1], "Ann") {
					mine = strings.Fields(r[2])[0]
				}
			}
			if got := ann.text(`#lu-ring .seat.you [data-card-of]`); got != "plays "+mine {
				t.Fatalf("Ann's seat says %q; her row says she played %s", got, mine)
			}
			ann.firstScreen("lowunique-round-phone")
		}
		r := eval[[]string](ann, luActJS)
		if r[0] == "wait" {
			// r[1] is the version read with the decision to wait: read
			// again, it could already be the one that ends the game.
			ann.waitJS("the table to move on", `document.querySelector('#lu-status').dataset.version !== `+jsString(r[1])+
				` || document.querySelector('#lu-status').dataset.phase === 'over'`)
			continue
		}
		ann.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('#lu-status').dataset.version !== `+jsString(r[1]))
		if msg := ann.text("#message"); msg != "" {
			t.Fatalf("%s was refused: %s", r[0], msg)
		}
	}
	ann.waitJS("the final standings", standingsJS+` !== null`)
	s := eval[standingsView](ann, standingsJS)
	if s.Title != "Final standings" || len(s.Rows) != 3 || s.Rows[0][0] != "1st" || s.Next != -1 ||
		!regexp.MustCompile(`^(You finish (1st|2nd|3rd) of 3\.|You win the game!|You share the win!)$`).MatchString(s.Note) {
		t.Fatalf("the final standings: %+v", s)
	}
	if txt := ann.text("#lu-hand"); strings.Contains(txt, "You lose the game") || !strings.Contains(txt, "Play again") {
		t.Fatalf("the end of the game says: %s", txt)
	}
	ann.firstScreen("lowunique-final-phone")
	ann.axeCheck("Lowest Unique's final standings")
	ann.setSize(1280, 800, false)
	ann.firstScreen("lowunique-final-desktop")
}
