package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// imActJS makes the spirit's open choice in the page as a person would:
// a button of the choice panel, or a highlighted cell of the map, which
// it presses with the keyboard (Enter). It returns what it did and the
// version before, or "wait". Each person takes a different option (the
// one at their seat number), so two people don't always pick alike.
const imActJS = `((who) => {
  const q = s => document.querySelector(s);
  const pick = list => list[who % list.length];
  const before = q('#im-status').dataset.version;
  const cell = pick([...document.querySelectorAll('#im-map .hex.act')]);
  if (cell) {
    const label = cell.getAttribute('aria-label');
    cell.focus();
    cell.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
    return ['cell: ' + label, before];
  }
  const swap = q('#im-choice form');
  if (swap) { swap.querySelector('button[type=submit]').click(); return ['swap', before]; }
  const b = pick([...document.querySelectorAll('#im-choice button[hx-post]')]);
  if (b) { b.click(); return [b.textContent.trim(), before]; }
  return ['wait', before];
})`

// TestImpetusInBrowsers: Ann creates an Impetus table, Bob joins, bots
// take the other two spirits, and they play several whole turns through
// the page: guiding, placing idols and claiming land on the map with the
// keyboard, agendas, changes and swaps. A spirit's choices never reach
// the other's page before the reveal.
func TestImpetusInBrowsers(t *testing.T) {
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
	shot := false
	deadline := time.Now().Add(3 * time.Minute)
	turn := func() int {
		n, _ := strconv.Atoi(strings.TrimPrefix(eval[string](ann, `document.querySelector('#im-status strong').textContent`), "Turn "))
		return n
	}
	for turn() < 4 && eval[string](ann, `document.querySelector('#im-status').dataset.phase`) != "over" {
		if time.Now().After(deadline) {
			t.Fatalf("only turn %d in time\n%s", turn(), ann.text("#log"))
		}
		acted := false
		for i, p := range players {
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
				` || !!document.querySelector('#im-map .hex.act, #im-choice button[hx-post], #im-choice form')`)
		}
	}
	t.Logf("reached turn %d; the people made %v", turn(), did)
	if did["cell:"] == 0 || did["Guide"] == 0 || did["Play"] == 0 {
		t.Fatalf("the people did not guide, play and use the map: %v", did)
	}
	for _, want := range []string{"The vagrant spirits reveal:", "Agenda: "} {
		if !strings.Contains(bob.text("#log"), want) {
			t.Fatalf("Bob's log lacks %q", want)
		}
	}
	ann.screenshot("impetus-table-ann")
	ann.axeCheck("the Impetus table")
	bob.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	if w := eval[int](bob, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the table is %d px wide on a 390 px phone: %s", w, eval[string](bob, wideJS))
	}
	bob.screenshot("impetus-phone-bob")
}
