package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// tabTo presses Tab until the focused element matches the CSS selector,
// as a keyboard user moves through the page.
func (b *browser) tabTo(sel string) {
	b.t.Helper()
	for i := 0; i < 400; i++ {
		if eval[bool](b, `!!document.activeElement && document.activeElement.matches(`+jsString(sel)+`)`) {
			return
		}
		b.do(chromedp.KeyEvent(kb.Tab))
	}
	b.t.Fatalf("%s: Tab never reaches %s", b.name, sel)
}

// press sends keys to the focused element.
func (b *browser) press(keys string) {
	b.t.Helper()
	b.do(chromedp.KeyEvent(keys))
}

// planJS says what the keyboard player will do now, without doing it:
// the mode and the cards (or gift selects) to use.
const planJS = `(() => {
  const mode = ` + modeJS + `;
  const need = ` + needJS + `;
  switch (mode) {
  case 'lead': {
    const ranks = document.querySelector('#p-playable').classList;
    const playable = [...document.querySelectorAll('#p-hand label.card')].filter(l => [...l.classList].some(c => ranks.contains(c)));
    const three = playable.find(l => l.querySelector('input[value="3D"]'));
    // a seven while other cards are left: its gift is played by keyboard too
    const seven = document.querySelectorAll('#p-hand label.card').length > 1 && playable.find(l => /^7[CDHS]$/.test(l.querySelector('input').value));
    return [mode, (three || seven || playable[0]).querySelector('input').value];
  }
  case 'discard': case 'return':
    return [mode, ...[...document.querySelectorAll('#p-hand input[name=card]')].slice(0, need).map(i => i.value)];
  case 'gift':
    return [mode, ...[...document.querySelectorAll('#p-hand input[name=card]')].slice(0, need).map(i => i.value)];
  }
  return [mode];
})()`

// handFocusJS is where the focus is in the hand: the focused card's
// place among the cards, or -1.
const handFocusJS = `[...document.querySelectorAll('#p-hand input[name=card]')].indexOf(document.activeElement)`

// arrowTo moves the focus along the hand with the arrow keys to the card
// id, as a keyboard player does: the hand is one Tab stop.
func (b *browser) arrowTo(id string) {
	b.t.Helper()
	if eval[int](b, handFocusJS) < 0 {
		b.tabTo(`#p-hand input[name=card]`)
	}
	for i := 0; i < 60; i++ {
		d := eval[int](b, `[...document.querySelectorAll('#p-hand input[name=card]')].findIndex(i => i.value === `+jsString(id)+`) - (`+handFocusJS+`)`)
		switch {
		case d == 0:
			return
		case d > 0:
			b.press(kb.ArrowRight)
		default:
			b.press(kb.ArrowLeft)
		}
	}
	b.t.Fatalf("%s: the arrows never reach %s", b.name, id)
}

// TestPresidentByKeyboard: Ann plays a whole President deal against bots
// with the keyboard alone, seeing where the focus is: her hand is one Tab
// stop, the arrow keys move along it, Space selects a card, Enter on a
// selected card plays (or gives the 7s to the first player who may take
// them), one Tab from the hand reaches Play; and she turns on the
// four-colour deck.
func TestPresidentByKeyboard(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "30ms", "-bot-delay-max", "60ms", "-next-deal-delay", "300ms")
	ann := newBrowser(t, "Ann")
	ann.do(chromedp.Navigate(srv.url))
	ann.axeCheck("the home page")
	ann.createTable(srv, "4")
	ann.tabTo(`#lobby button[hx-vals*='"start"']`)
	ann.press(kb.Enter)
	ann.waitJS("the table", `!!document.querySelector('#p-hand')`)

	// the focus is visible: an outline on a focused card
	ann.tabTo(`#p-hand input[name=card]`)
	if outline := eval[string](ann, `getComputedStyle(document.activeElement.closest('label')).outlineStyle`); outline == "none" {
		t.Fatal("a focused card shows no outline")
	}
	// the hand is one Tab stop, and the arrows move along it
	if n := eval[int](ann, `[...document.querySelectorAll('#p-hand input[name=card]')].filter(i => i.tabIndex >= 0).length`); n != 1 {
		t.Fatalf("%d cards of the hand take the Tab key; want one", n)
	}
	at := eval[int](ann, handFocusJS)
	ann.press(kb.ArrowRight)
	if next := eval[int](ann, handFocusJS); next != at+1 {
		t.Fatalf("ArrowRight moved the focus from card %d to %d", at, next)
	}
	ann.press(kb.Home)
	if first := eval[int](ann, handFocusJS); first != 0 {
		t.Fatalf("Home moved the focus to card %d", first)
	}
	moves, byEnter, byButton, gifts := 0, 0, 0, 0
	deadline := time.Now().Add(3 * time.Minute)
	// a deal to its end, and the next ones until a move was played with
	// Enter on a selected card and a seven's gift was given by keyboard
	for byEnter == 0 || gifts == 0 || !strings.Contains(ann.text("#p-status"), "is over") {
		if time.Now().After(deadline) {
			t.Fatalf("the deal did not end in time\n%s", ann.text("#log"))
		}
		plan := eval[[]string](ann, planJS)
		before := eval[string](ann, `document.querySelector('#p-status').dataset.version`)
		switch plan[0] {
		case "lead", "discard", "return":
			for _, id := range plan[1:] {
				ann.arrowTo(id)
				ann.press(" ")
			}
			if plan[0] == "lead" && byButton == 0 {
				// one Tab from the hand reaches Play
				ann.press(kb.Tab)
				if !eval[bool](ann, `document.activeElement.matches('#p-controls button[value=play]')`) {
					t.Fatalf("one Tab from the hand reaches %s, not Play", eval[string](ann, `document.activeElement.outerHTML`))
				}
				byButton++
			} else {
				byEnter++ // Enter on the selected card plays it (or discards, or gives back)
			}
			ann.press(kb.Enter)
		case "pass":
			ann.tabTo(`#p-controls button[value=pass]`)
			ann.press(kb.Enter)
		case "gift":
			// Space selects each card; Enter on a selected one goes to the
			// first player who may take them, and Enter there gives them
			for _, id := range plan[1:] {
				ann.arrowTo(id)
				ann.press(" ")
			}
			ann.press(kb.Enter)
			// the focus rests on the player: the same Enter gives nothing yet
			ann.waitJS("Enter on the gift's cards to take the focus to a player", `document.activeElement.matches('[data-give-to]')`)
			if eval[bool](ann, `!!document.querySelector('#p-actions [data-gift]') || document.querySelector('#p-status').dataset.version !== `+jsString(before)) {
				t.Fatalf("the Enter that went to a player gave the cards at once\n%s", ann.text("#log"))
			}
			ann.press(kb.Enter)
			gifts++
		default:
			end := `false`
			if byEnter > 0 {
				end = `document.querySelector('#p-status').innerText.includes('is over')`
			}
			ann.waitJS("Ann's turn or the end", `(`+modeJS+`) !== 'wait' || `+end)
			continue
		}
		ann.waitJS("the move", `document.querySelector('#message').textContent !== '' || document.querySelector('#p-status').dataset.version !== `+jsString(before))
		if msg := ann.text("#message"); msg != "" {
			t.Fatalf("the %s by keyboard was refused: %s", plan[0], msg)
		}
		moves++
	}
	t.Logf("Ann played with the keyboard alone: %d moves, %d with Enter on a selected card, %d from the Play button, %d gifts", moves, byEnter, byButton, gifts)

	// the four-colour deck, by keyboard too
	ann.tabTo(`[data-four-colour]`)
	ann.press(kb.Enter)
	ann.waitJS("the four-colour deck", `document.documentElement.classList.contains('four-colour')`)
	if pressed := eval[string](ann, `document.querySelector('[data-four-colour]').getAttribute('aria-pressed')`); pressed != "true" {
		t.Fatalf("aria-pressed %q", pressed)
	}
	// a diamond or a club on the page (the next deal brings some if the
	// last one ended with none in sight)
	ann.waitJS("a diamond or a club", `!!document.querySelector('.card.suit-d, .card.suit-c')`)
	colour := eval[string](ann, `(() => { const c = document.querySelector('.card.suit-d, .card.suit-c'); return c ? getComputedStyle(c).color : 'none'; })()`)
	if colour != "rgb(26, 79, 176)" && colour != "rgb(30, 107, 52)" {
		t.Fatalf("a diamond or club shows in %s with the four-colour deck", colour)
	}
	ann.screenshot("president-four-colour-ann")
}
