package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// imActJS makes the spirit's open choice in the page as a person would:
// a button of the choice panel, or a highlighted cell of the map, which
// it presses with the keyboard (Enter). It returns what it did and the
// version before, or "wait". Each person takes a different option (the
// one at their seat number), so two people don't always pick alike.
const imActJS = `((who) => {
  const q = s => document.querySelector(s);
  const pick = list => list[who % list.length];
  if (!q('#im-status')) return ['wait', '']; // the page has no game yet
  const before = q('#im-status').dataset.version;
  if (q('#im-status').dataset.phase === 'over') return ['wait', before]; // (its Play again is the test's to tap)
  // a card to play is a button or, for an Expand, a lit cell: an odd
  // person takes the buttons when there are some, an even one the map
  const cards = document.querySelectorAll('#im-choice button[data-hand-of]').length;
  const cell = cards && who % 2 === 1 ? null : pick([...document.querySelectorAll('#im-map .hex.act')]);
  if (cell) {
    const label = cell.getAttribute('aria-label');
    cell.focus();
    cell.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
    return ['cell: ' + label, before];
  }
  const swap = q('#im-choice form');
  if (swap) { swap.querySelector('button[type=submit]').click(); return ['swap', before]; }
  const b = pick([...document.querySelectorAll('#im-choice button[hx-post]')]);
  if (b) { b.click(); return [(b.querySelector('b') || b).textContent.trim(), before]; }
  return ['wait', before];
})`

// TestImpetusInBrowsers: Ann creates an Impetus table, Bob joins, bots
// take the other two spirits, and they play several whole turns through
// the page: guiding, placing idols and claiming land on the map with the
// keyboard, agendas, changes and swaps. A spirit's choices never reach
// the other's page before the reveal.
func TestImpetusInBrowsers(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "30ms", "-bot-delay-max", "80ms")
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	ann.createGame(srv, "impetus", map[string]string{"seats": "4"})
	bob.joinTable(eval[string](ann, `document.querySelector('#share').value`))
	ann.startWhenReady()
	players := []*browser{ann, bob}
	for _, p := range players {
		p.waitJS("the map", `!!document.querySelector('#im-map svg .hex')`)
	}
	if n := eval[int](ann, `document.querySelectorAll('#im-map .hex').length`); n != 61 {
		t.Fatalf("the map has %d cells", n)
	}
	did := map[string]int{}
	shot, agendaShot := false, false
	deadline := time.Now().Add(3 * time.Minute)
	turn := func() int {
		n, _ := strconv.Atoi(strings.TrimPrefix(eval[string](ann, `document.querySelector('#im-status strong').textContent`), "Turn "))
		return n
	}
	// four whole turns, and on until the people have guided, played a card
	// and used the map: the deal decides when a card is first theirs to play
	missing := func() bool { return did["cell:"] == 0 || did["Guide"] == 0 || did["Play"] == 0 }
	phase := func() string { return eval[string](ann, `document.querySelector('#im-status').dataset.phase`) }
	for games := 1; ; {
		if phase() == "over" {
			if !missing() || games == 3 {
				break
			}
			// a bot won before the people had done all three (10 VP by
			// turn 3 happens): they play again
			games++
			for _, p := range players {
				p.mustTap(`button.play-again`)
			}
			ann.waitJS("the next game", `document.querySelector('#im-status').dataset.phase !== 'over'`)
			continue
		}
		if turn() >= 4 && (!missing() || turn() >= 12) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only turn %d in time\n%s", turn(), ann.text("#log"))
		}
		acted := false
		for i, p := range players {
			if !agendaShot && eval[bool](p, `!!document.querySelector('#im-choice button[hx-vals*="play"], #im-choice .play-hint')`) {
				p.screenshot("impetus-agenda-" + strings.ToLower(p.name))
				agendaShot = true
			}
			r := eval[[]string](p, imActJS+"("+strconv.Itoa(i*5)+")")
			if r[0] == "wait" {
				continue
			}
			acted = true
			kind := strings.SplitN(r[0], " ", 2)[0]
			did[kind]++
			p.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' ||
				document.querySelector('#im-status').dataset.version !== `+jsString(r[1]))
			if msg := p.text("#message"); msg != "" {
				t.Fatalf("%s: %s was refused: %s", p.name, r[0], msg)
			}
			// a card is played with its target or modifier in one move:
			// nothing more is asked of the spirit for it
			if strings.HasPrefix(r[0], "Play") || strings.Contains(r[0], "Expand into") {
				if eval[bool](p, `!!document.querySelector('#im-choice').textContent.match(/tap the lit neutral cell|choose the modifier/)`) {
					t.Fatalf("%s: %s asked for more in a second move", p.name, r[0])
				}
			}
			// the other spirit's page never holds this one's secret choice
			other := players[1-i]
			if eval[bool](other, `!!document.querySelector('[data-choice-of="`+strconv.Itoa(i)+`"]')`) {
				t.Fatalf("%s's page shows %s's choices", other.name, p.name)
			}
			if !shot && strings.HasPrefix(r[0], "cell") {
				p.screenshot("impetus-map-" + strings.ToLower(p.name))
				shot = true
			}
		}
		if !acted {
			v := eval[string](ann, `document.querySelector('#im-status').dataset.version`)
			ann.waitJS("the table to move on", `document.querySelector('#im-status').dataset.version !== `+jsString(v)+
				` || !!document.querySelector('#im-map .hex.act, #im-choice button[hx-post], #im-choice form')`+
				` || document.querySelector('#im-status').dataset.phase === 'over'`)
		}
	}
	t.Logf("reached turn %d; the people made %v", turn(), did)
	if missing() {
		t.Fatalf("the people did not guide, play and use the map: %v", did)
	}
	for _, want := range []string{"The vagrant spirits reveal:", "Agenda: "} {
		if !strings.Contains(bob.text("#log"), want) {
			t.Fatalf("Bob's log lacks %q", want)
		}
	}
	ann.screenshot("impetus-table-ann")
	if out := eval[[]string](ann, mapToolsCoveredJS); len(out) > 0 {
		t.Fatalf("the map's tools are covered: %v", out)
	}
	ann.axeCheck("the Impetus table")
	bob.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	if w := eval[int](bob, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the table is %d px wide on a 390 px phone: %s", w, eval[string](bob, wideJS))
	}
	bob.screenshot("impetus-phone-bob")
}

// happenedUnderBarJS says which of the "What happened to you" panel's
// title and list is not wholly in the first screen above the action bar
// (the page at the top), or "".
const happenedUnderBarJS = `(() => {
  window.scrollTo(0, 0);
  const bar = document.querySelector('#im-choice').getBoundingClientRect();
  const above = bar.height > 0 ? bar.top : innerHeight;
  const list = document.querySelector('#im-happened'), title = list.closest('details').querySelector('summary');
  return [title, list].filter(e => { const r = e.getBoundingClientRect(); return r.top < 0 || r.bottom > above + 1; })
    .map(e => JSON.stringify(e.textContent.trim().slice(0, 40)) + ' at y ' + Math.round(e.getBoundingClientRect().top) + '-' + Math.round(e.getBoundingClientRect().bottom) + ', the bar from ' + Math.round(above)).join('; ');
})()`

// mapToolsCoveredJS names the map's zoom buttons that something else
// (a seat) covers at their centre or a corner, the page at the top.
const mapToolsCoveredJS = `(() => {
  window.scrollTo(0, 0);
  const out = [];
  document.querySelectorAll('#im-map .map-tools button').forEach(btn => {
    const r = btn.getBoundingClientRect();
    for (const [x, y] of [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 2, r.top + 2], [r.right - 2, r.top + 2], [r.left + 2, r.bottom - 2], [r.right - 2, r.bottom - 2]]) {
      const e = document.elementFromPoint(x, y);
      if (!e || !btn.contains(e)) { out.push(btn.dataset.zoom + ' under ' + (e ? (e.closest('li') || e).textContent.trim().slice(0, 20) : 'nothing')); break; }
    }
  });
  return out;
})()`

// watchMapMotionJS records, for every changed cell a push brings (a war's
// take, a claim, a new idol), whether it moves in.
const watchMapMotionJS = `(() => {
  window.__mapMotion = [];
  new MutationObserver(muts => {
    for (const m of muts) for (const n of m.addedNodes) {
      if (!(n instanceof Element)) continue;
      for (const el of [n, ...n.querySelectorAll('*')]) {
        if (el.matches('.hex.m-won polygon, .hex.m-grown polygon, .marks.m-idol text.idol')) {
          window.__mapMotion.push(el.getAnimations().some(a => a.playState === 'running'));
        }
      }
    }
  }).observe(document.body, {childList: true, subtree: true});
  return true;
})()`

// viewBoxJS is the map's viewBox as four numbers.
const viewBoxJS = `document.querySelector('#im-map svg[data-camera]').getAttribute('viewBox').split(' ').map(Number)`

// touch sends one touch event of the phone's screen.
func (b *browser) touch(typ input.DispatchTouchEventType, points ...[2]float64) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		p := input.DispatchTouchEventParams{Type: typ, TouchPoints: []*input.TouchPoint{}}
		for i, xy := range points {
			id := float64(i + 1)
			p.TouchPoints = append(p.TouchPoints, &input.TouchPoint{X: xy[0], Y: xy[1], ID: &id})
		}
		_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, p)
		return err
	}))
}

// TestImpetusOnAPhone: Ann plays Impetus on a phone against bots, and a
// watcher who asked for calm looks on. The faction choice shows each
// faction's gold, land and modifiers and leaves the map in sight (the
// page makes room under the bar); the cells she may pick are lit and the
// others dimmed; each distinct card is one button, beside her faction's
// gold and modifiers. The map zooms with its buttons and two fingers and
// pans with a drag and the arrow keys; cells a turn changed move in, but
// not for the watcher; the log can show key events only.
func TestImpetusOnAPhone(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.createGame(srv, "impetus", map[string]string{"seats": "4"})
	share := eval[string](ann, `document.querySelector('#share').value`)
	calm := newBrowser(t, "Cal")
	calm.reduceMotion()
	ann.mustTap(`#lobby button[hx-vals*='"start"']`)
	ann.waitJS("the map", `!!document.querySelector('#im-map svg .hex')`)
	eval[bool](ann, watchMapMotionJS)
	calm.do(chromedp.Navigate(share))
	calm.waitJS("the join page", `!!document.querySelector('input[name=name]')`)
	calm.do(chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "Cal"), chromedp.Click(chromedp.CSS(`main form button[type=submit]`)))
	calm.waitJS("the map", `!!document.querySelector('#im-map svg .hex')`)
	eval[bool](calm, watchMapMotionJS)

	// the faction choice
	ann.waitJS("the faction choice", yourTurnJS+` && !!document.querySelector('#im-choice button.option')`)
	ann.firstScreen("impetus-guide-phone")
	// what happened to her stands in the first screen, above the bar
	// with its six factions (the map pushed it under)
	if out := eval[string](ann, happenedUnderBarJS); out != "" {
		t.Fatalf("what happened to Ann is under the action bar: %s", out)
	}
	guide := eval[map[string]any](ann, `(() => {
	  const bar = document.querySelector('#im-choice').getBoundingClientRect();
	  const opts = [...document.querySelectorAll('#im-choice button.option')].map(b => b.innerText.replace(/\s+/g, ' '));
	  return {height: bar.height, opts: opts.join(' | '), bare: opts.filter(o => !/\d+ gold/.test(o) || !/Trade \+\d/.test(o) || !/Expand \+\d/.test(o)).length};
	})()`)
	if guide["height"].(float64) > 300 || guide["bare"].(float64) > 0 {
		t.Fatalf("the faction choice is %.0f px of 844, options %s", guide["height"], guide["opts"])
	}
	// scrolled down, the map's last row stands above the bar
	hidden := eval[float64](ann, `(() => {
	  window.scrollTo(0, document.documentElement.scrollHeight);
	  const bar = document.querySelector('#im-choice').getBoundingClientRect().top;
	  const low = Math.max(...[...document.querySelectorAll('#im-map polygon')].map(p => p.getBoundingClientRect().bottom));
	  window.scrollTo(0, 0);
	  return low - bar;
	})()`)
	if hidden > 0 {
		t.Fatalf("the map's last row stays %.0f px under the action bar", hidden)
	}

	picked, cards := false, 0
	deadline := time.Now().Add(3 * time.Minute)
	turn := func() int {
		n, _ := strconv.Atoi(strings.TrimPrefix(eval[string](ann, `document.querySelector('#im-status strong').textContent`), "Turn "))
		return n
	}
	// to turn 4, and on until Ann has been offered a cell to pick and a
	// card to play (her own clicks may take a choice that came between
	// the look and the click)
	for (turn() < 4 || !picked || cards == 0) && eval[string](ann, `document.querySelector('#im-status').dataset.phase`) != "over" {
		if time.Now().After(deadline) {
			t.Fatalf("only turn %d in time", turn())
		}
		if eval[bool](ann, `!!document.querySelector('#im-map .hex.act')`) {
			look := eval[map[string]any](ann, `(() => {
			  const act = document.querySelector('#im-map .hex.act polygon'), st = getComputedStyle(act);
			  const other = [...document.querySelectorAll('#im-map .cell')].find(c => !c.querySelector('.act'));
			  return {stroke: parseFloat(st.strokeWidth), dash: st.strokeDasharray, other: other ? Number(getComputedStyle(other).opacity) : 0};
			})()`)
			if look["stroke"].(float64) < 3 || look["dash"] != "none" || look["other"].(float64) > .5 {
				t.Fatalf("the cells to pick are not unmistakable: %v", look)
			}
			if !picked {
				ann.firstScreen("impetus-pick-phone")
				picked = true
			}
		}
		if eval[bool](ann, `!!document.querySelector('#im-choice button[data-hand-of]')`) {
			labels := eval[[]string](ann, `[...document.querySelectorAll('#im-choice button[data-hand-of]')].map(b => b.innerText.replace(/\s+/g, ' ').trim())`)
			seen := map[string]bool{}
			for _, l := range labels {
				if seen[l] {
					t.Fatalf("two buttons say %q: %v", l, labels)
				}
				seen[l] = true
			}
			if f := ann.text("#im-choice .faction-now"); !strings.Contains(f, "gold") || !strings.Contains(f, "Trade +") {
				t.Fatalf("the card choice does not show the faction's gold and modifiers: %q", f)
			}
			if cards == 0 {
				ann.firstScreen("impetus-agenda-phone")
			}
			cards++
		}
		r := eval[[]string](ann, imActJS+"(0)")
		if r[0] == "wait" {
			v := eval[string](ann, `document.querySelector('#im-status').dataset.version`)
			ann.waitJS("the table to move on", `document.querySelector('#im-status').dataset.version !== `+jsString(v)+
				` || !!document.querySelector('#im-map .hex.act, #im-choice button[hx-post], #im-choice form')`+
				` || document.querySelector('#im-status').dataset.phase === 'over'`)
			continue
		}
		ann.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' || document.querySelector('#im-status').dataset.version !== `+jsString(r[1]))
		if msg := ann.text("#message"); msg != "" {
			t.Fatalf("%s was refused: %s", r[0], msg)
		}
	}
	if !picked || cards == 0 {
		t.Fatalf("Ann picked no cell (%v) or played no card (%d)", picked, cards)
	}
	if m := eval[[]bool](ann, `window.__mapMotion`); !anyTrue(m) {
		t.Fatalf("no changed cell moved in on the map: %v", m)
	}
	if m := eval[[]bool](calm, `window.__mapMotion`); len(m) == 0 || anyTrue(m) {
		t.Fatalf("with reduced motion, changed cells: %v", m)
	}

	// the camera: zoom in with the button, pan with the arrows, a drag and
	// two fingers; Fit shows the whole map again (the map scrolled to the
	// middle of the screen, as a person would: near the window's foot the
	// fixed action bar covers it)
	eval[bool](ann, `(document.querySelector('#im-map').scrollIntoView({block: 'center'}), true)`)
	ann.mustTap(`#im-map [data-zoom=in]`)
	z := eval[[]float64](ann, viewBoxJS)
	if z[2] >= 380 {
		t.Fatalf("Zoom in left the viewBox at %v", z)
	}
	ann.do(chromedp.Focus(chromedp.CSS(`#im-map [data-zoom=in]`)))
	ann.press(kb.ArrowLeft)
	if p := eval[[]float64](ann, viewBoxJS); p[0] >= z[0] {
		t.Fatalf("ArrowLeft did not pan the map: %v then %v", z, p)
	}
	ann.firstScreen("impetus-zoom-phone")
	box := eval[[]float64](ann, `(() => { document.querySelector('#im-map svg').scrollIntoView({block: 'center'}); const r = document.querySelector('#im-map svg').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
	before := eval[[]float64](ann, viewBoxJS)
	ann.touch(input.DispatchTouchEventTypeTouchStart, [2]float64{box[0], box[1]})
	for i := 1; i <= 4; i++ {
		ann.touch(input.DispatchTouchEventTypeTouchMove, [2]float64{box[0] + float64(15*i), box[1] + float64(10*i)})
	}
	ann.touch(input.DispatchTouchEventTypeTouchEnd)
	if after := eval[[]float64](ann, viewBoxJS); after[0] >= before[0] || after[1] >= before[1] {
		t.Fatalf("a drag to the lower right did not pan the map: %v then %v", before, after)
	}
	ann.mustTap(`#im-map [data-zoom=fit]`)
	ann.touch(input.DispatchTouchEventTypeTouchStart, [2]float64{box[0] - 30, box[1]}, [2]float64{box[0] + 30, box[1]})
	for i := 1; i <= 4; i++ {
		ann.touch(input.DispatchTouchEventTypeTouchMove, [2]float64{box[0] - 30 - float64(15*i), box[1]}, [2]float64{box[0] + 30 + float64(15*i), box[1]})
	}
	ann.touch(input.DispatchTouchEventTypeTouchEnd)
	if pinched := eval[[]float64](ann, viewBoxJS); pinched[2] >= 380 {
		t.Fatalf("two fingers apart did not zoom in: %v", pinched)
	}
	ann.mustTap(`#im-map [data-zoom=fit]`)
	if fit := eval[[]float64](ann, viewBoxJS); fit[0] != -190 || fit[2] != 380 {
		t.Fatalf("Fit left the viewBox at %v", fit)
	}

	// the log: key events only, or every detail
	eval[bool](ann, `(document.querySelector('details:has(#log)').open = true, true)`)
	n := eval[[]int](ann, `[document.querySelectorAll('#log li.minor').length, [...document.querySelectorAll('#log li.minor')].filter(l => l.getBoundingClientRect().height > 0).length, document.querySelectorAll('#log li.head').length]`)
	if n[0] == 0 || n[1] != 0 || n[2] == 0 {
		t.Fatalf("the log's details (%d, %d shown) and turns (%d)", n[0], n[1], n[2])
	}
	// scrolled to the middle of the screen, as a person would (near the
	// window's foot the fixed action bar covers it)
	eval[bool](ann, `(document.querySelector('#log-brief').scrollIntoView({block: 'center'}), true)`)
	ann.mustTap(`#log-brief`)
	if shown := eval[int](ann, `[...document.querySelectorAll('#log li.minor')].filter(l => l.getBoundingClientRect().height > 0).length`); shown == 0 {
		t.Fatal("unticking Key events only shows no detail")
	}
	ann.axeCheck("the Impetus table on a phone")
}
