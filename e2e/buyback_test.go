package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// shoveOrBustJS makes Ann's move: all in (or a call or check when that
// is all), and reports "busted" once the bar offers a buy-back, "allin"
// with the version before a move, or "wait".
const shoveOrBustJS = `(() => {
  const c = document.querySelector('#h-controls');
  const v = document.getElementById('table-state').dataset.v;
  if (c && c.querySelector("button[hx-vals*='\"rebuy\"']")) return ['busted', v];
  const btn = k => c && c.querySelector("button[hx-vals*='\"" + k + "\"']");
  const amount = c && c.querySelector('#h-amount');
  const raise = c && c.querySelector('button[data-raise]');
  if (amount && raise) { amount.value = amount.max; raise.click(); return ['allin', v]; }
  const b = btn('allin') || btn('call') || btn('check');
  if (!b) return ['wait', v];
  b.click();
  return ['allin', v];
})()`

// bustAnn has Ann shove every hand until she is out of chips.
func bustAnn(t *testing.T, ann *browser) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("Ann did not bust in time:\n%s", ann.text("#log"))
		}
		r := eval[[]string](ann, shoveOrBustJS)
		switch r[0] {
		case "busted":
			return
		case "allin":
			ann.waitJS("the all-in taken", `document.querySelector('#message').textContent !== '' || document.getElementById('table-state').dataset.v !== `+jsString(r[1]))
		default:
			ann.waitJS("Ann's turn or her bust", `!!document.querySelector("#h-controls button[hx-vals*='\"allin\"'], #h-controls button[hx-vals*='\"call\"'], #h-controls button[hx-vals*='\"check\"'], #h-controls button[hx-vals*='\"rebuy\"']")`)
		}
	}
}

// handNoJS is the number of the hand on the table (0 before the first).
const handNoJS = `(() => { const m = document.querySelector('#h-hand').textContent.match(/\d+/); return m ? parseInt(m[0], 10) : 0; })()`

// annDealtJS: Ann holds cards in the hand under way.
const annDealtJS = `document.querySelectorAll('#h-ring .seat.you .hole .card[aria-label]').length === 2`

// watchWordsJS starts noting every confirmation or refusal the page
// shows Ann (the bar's "in from the next hand" line, the message line),
// however briefly.
const watchWordsJS = `(() => {
  window.__said = [];
  const note = () => {
    for (const sel of ['#h-in-next', '#message']) {
      const e = document.querySelector(sel);
      const s = e && e.textContent.trim();
      if (s && !window.__said.includes(s)) window.__said.push(s);
    }
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true});
  note();
  // what a tap lands on, to tell a lost tap from a refused one
  window.__hit = '';
  window.__hitRebuy = false;
  document.addEventListener('pointerdown', e => {
    window.__hit = (e.target.outerHTML || '').slice(0, 120);
    window.__hitRebuy = !!e.target.closest("#h-controls button[hx-vals*='\"rebuy\"']");
  }, {capture: true});
  return true;
})()`

// tapAt taps (a phone) or clicks (a desktop) the point x, y with the
// device's own input, as a finger or a mouse would.
func (b *browser) tapAt(x, y float64, phone bool) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if phone {
			id := 1.0
			if _, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart,
				TouchPoints: []*input.TouchPoint{{X: x, Y: y, ID: &id}}}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd,
				TouchPoints: []*input.TouchPoint{}})
			return err
		}
		for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
			if _, err := cdp.Call(ctx, tg, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: typ, X: x, Y: y,
				Button: input.MouseButtonLeft, ClickCount: 1}); err != nil {
				return err
			}
		}
		return nil
	}))
}

// buyBackButtonJS is the centre of the "Buy back in" button, scrolled
// into view (nil when there is none).
const buyBackButtonJS = `(() => {
  const e = document.querySelector("#h-controls button[hx-vals*='\"rebuy\"']");
  if (!e) return null;
  e.scrollIntoView({block: 'nearest'});
  const r = e.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
})()`

// TestBuyBackAtTheDealsEdge: Ann plays a cash table with two AI players
// and shoves until she is out of chips; out of chips she is asked to buy
// back in (a person's auto rebuy is off). She taps "Buy back in" at the
// deal's edge, twice: in the last quarter second before the next deal,
// and right after a deal she was not dealt into. Each time the tap is
// never lost in silence: the page tells her she has her chips and plays
// from the next hand (or why not), and she is dealt in within the next
// two hands, never left sitting out. On a phone in English, and on a
// desktop in Japanese; the screenshots show the line at both sizes.
func TestBuyBackAtTheDealsEdge(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		size, lang, confirm string
	}{
		{"phone", "en", "You have 400 chips: you play from the next hand."},
		{"desktop", "ja", "チップ400：次のハンドから参加します。"},
	} {
		t.Run(c.size+"-"+c.lang, func(t *testing.T) {
			srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "2s")
			ann := newBrowser(t, "Ann")
			phone := c.size == "phone"
			if phone {
				ann.setSize(390, 844, true)
			} else {
				ann.setSize(1280, 800, false)
			}
			if c.lang != "en" {
				ann.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
						UserAgent: "Mozilla/5.0 Chrome/130 Safari/537.36", AcceptLanguage: c.lang})
					return err
				}))
			}
			ann.createGame(srv, "holdem", map[string]string{"seats": "3", "blinds": "10/20", "stack_bb": "20"})
			ann.startWhenReady()
			for _, edge := range []string{"before the deal", "after the deal"} {
				bustAnn(t, ann)
				eval[bool](ann, watchWordsJS)
				busted := eval[int](ann, handNoJS)
				if edge == "before the deal" {
					// the last quarter second of the countdown to the next deal
					ann.waitJS("the deal's last quarter second", `(() => { const n = document.querySelector('.standings .next [data-deadline]');
					  return n && Number(n.getAttribute('data-deadline')) - Date.now() < 250; })()`)
				} else {
					ann.waitJS("the next deal", handNoJS+` > `+strconv.Itoa(busted))
				}
				// the tap lands where the button stood when it was looked
				// at; a push that redraws the bar in between (the hand's
				// end, with bots this quick) can take it elsewhere: a tap
				// that missed is tapped again, one that landed is judged
				for try := 0; ; try++ {
					xy := eval[[]float64](ann, buyBackButtonJS)
					if len(xy) != 2 {
						t.Fatalf("%s: no Buy back in button: %s", edge, ann.text("#h-controls"))
					}
					eval[bool](ann, `(window.__hitRebuy = false, true)`)
					ann.tapAt(xy[0], xy[1], phone)
					if eval[bool](ann, `window.__hitRebuy`) {
						break
					}
					if try == 2 {
						t.Fatalf("%s: three taps at the Buy back in button landed elsewhere, the last on %s", edge, eval[string](ann, `window.__hit`))
					}
					t.Logf("%s: the page moved under the tap, which landed on %s: again", edge, eval[string](ann, `window.__hit`))
				}
				if edge == "after the deal" {
					// the hand runs without her: the bar says she is in from the next
					ann.waitJS("the line that she plays from the next hand", `!!document.querySelector('#h-in-next') || document.querySelector('#message').textContent !== ''`)
					if msg := ann.text("#message"); msg != "" {
						t.Fatalf("a tap after the deal was refused: %s", msg)
					}
					t.Logf("the tap landed on %s", eval[string](ann, `window.__hit`))
					ann.firstScreen("holdem-buyback-" + c.size + "-" + c.lang)
					if phone {
						ann.setSize(1280, 800, false)
						ann.firstScreen("holdem-buyback-desktop-" + c.lang)
						ann.setSize(390, 844, true)
					} else {
						ann.setSize(390, 844, true)
						ann.firstScreen("holdem-buyback-phone-" + c.lang)
						ann.setSize(1280, 800, false)
					}
				}
				// she plays again within two hands of the one she busted in
				// (three if the tap came right after a deal)
				last := busted + 2
				if edge == "after the deal" {
					last++
				}
				dealtAgain := `(` + handNoJS + ` > ` + strconv.Itoa(busted) + ` && ` + annDealtJS + `)`
				ann.waitJS("Ann dealt in again", dealtAgain+` || `+handNoJS+` > `+strconv.Itoa(last))
				if !eval[bool](ann, dealtAgain) {
					t.Fatalf("%s: busted in hand %d, Ann is not dealt in by hand %d; the page said %v; the tap landed on %s", edge, busted,
						eval[int](ann, handNoJS), eval[[]string](ann, `window.__said`), eval[string](ann, `window.__hit`))
				}
				said := eval[[]string](ann, `window.__said`)
				if dealt := eval[int](ann, handNoJS); dealt > busted+1 && !strings.Contains(strings.Join(said, "|"), c.confirm) {
					t.Fatalf("%s: Ann was dealt in at hand %d, busted at %d, and the page never said %q: %v", edge, dealt, busted, c.confirm, said)
				}
				t.Logf("%s: busted in hand %d, dealt in at hand %d; the page said %v", edge, busted, eval[int](ann, handNoJS), said)
				if edge == "after the deal" {
					if !strings.Contains(strings.Join(said, "|"), c.confirm) {
						t.Fatalf("a tap after the deal: the page never said %q: %v", c.confirm, said)
					}
				}
			}
		})
	}
}
