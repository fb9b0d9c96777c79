package e2e

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// holdemActJS makes the viewer's move if it is its turn, as a person
// would: the first time it bets or raises with the "Pot" quick size,
// otherwise it calls or checks. It returns what it clicked and the
// table's version before, or "wait".
const holdemActJS = `(() => {
  const c = document.querySelector('#h-controls');
  const st = document.querySelector('#h-status');
  if (!st) return ['wait', '']; // the page has no game yet
  const before = st.dataset.version;
  if (!c) return ['wait', before];
  const btn = k => c.querySelector("button[hx-vals*='\"" + k + "\"']");
  if (btn('rebuy')) { btn('rebuy').click(); return ['a rebuy', before]; }
  if (!btn('fold')) return ['wait', before];
  const quick = [...c.querySelectorAll('button[data-set-amount]')].find(b => b.textContent.startsWith('Pot'));
  if (quick && !window.raised) {
    window.raised = true;
    quick.click();
    const amount = document.querySelector('#h-amount').value;
    c.querySelector('button[data-raise]').click();
    return ['raise to ' + amount, before];
  }
  const b = btn('call') || btn('check') || btn('allin');
  b.click();
  return [b.textContent.trim(), before];
})()`

// holeJS lists the card names the viewer's own seat shows face up.
const holeJS = `[...document.querySelectorAll('#h-ring .seat.you .hole .card[aria-label]')].map(c => c.getAttribute('aria-label'))`

// holdemLookJS reads, at one moment, the hand ("Hand 3"), the results of
// a finished hand, the table's version and the name of the seat to act.
const holdemLookJS = `(() => {
  const q = s => document.querySelector(s);
  const text = s => q(s) ? q(s).textContent : '';
  return [text('#h-hand').split(' · ')[0], text('#h-pots .results'), q('#h-status').dataset.version, (() => { const t = q('#h-ring-turns > span'); return t ? text('#h-seat-' + t.className.match(/turn-of-(\d+)/)[1] + ' .name') : ''; })()];
})()`

// TestHoldemInBrowsers: Ann creates a Hold'em table from the home page,
// Bob joins by the share link, AI players fill two seats, and they play
// hands to showdown through the pages: bet controls, the pot quick size,
// hole cards seen only by their owner, showdowns naming the winning hand,
// the ledger and the hand history.
func TestHoldemInBrowsers(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "50ms", "-bot-delay-max", "150ms", "-next-deal-delay", "1200ms")
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	ann.createGame(srv, "holdem", map[string]string{"seats": "4", "blinds": "10/20", "stack_bb": "100"})
	share := eval[string](ann, `document.querySelector('#share').value`)
	bob.joinTable(share)
	ann.startWhenReady()
	players := []*browser{ann, bob}
	for _, p := range players {
		p.waitJS("the table", `!!document.querySelector('#h-controls')`)
	}

	showdowns := map[string]bool{}
	shotTurn := false
	compared := 0 // hole cards checked against the other player's page
	deadline := time.Now().Add(3 * time.Minute)
	for len(showdowns) < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("only %d showdowns in time\n%s", len(showdowns), ann.text("#log"))
		}
		acted := false
		if !shotTurn && eval[bool](ann, `!!document.querySelector("#h-controls form.raise") && !!document.querySelector('#h-ring .bet-chip')`) {
			ann.screenshot("holdem-your-turn-ann")
			ann.axeCheck("the Hold'em table")
			shotTurn = true
		}
		for _, p := range players {
			r := eval[[]string](p, holdemActJS)
			if r[0] == "wait" {
				continue
			}
			acted = true
			p.waitJS("the table to take "+r[0], `document.querySelector('#message').textContent !== '' ||
				document.querySelector('#h-status').dataset.version !== `+jsString(r[1]))
			if msg := p.text("#message"); msg != "" {
				t.Fatalf("%s: %s was refused: %s", p.name, r[0], msg)
			}
		}
		// hole cards: two of one's own, none of the other's before a
		// showdown. Each page is read at one moment (its hand, whether it is
		// over, its own cards, the whole stage), and the pages are compared
		// only when both were at the same hand: a card of the last hand may
		// be anyone's in the next.
		type moment struct {
			Hand  string   `json:"hand"`
			Over  bool     `json:"over"`
			Cards []string `json:"cards"`
			Page  string   `json:"page"`
		}
		at := map[string]moment{}
		for _, p := range players {
			at[p.name] = eval[moment](p, `({hand: (document.querySelector('#h-hand') || {textContent: ''}).textContent.split(' · ')[0],
				over: !!document.querySelector('#h-pots .results'), cards: `+holeJS+`,
				page: document.querySelector('#stage').outerHTML})`)
		}
		for _, p := range players {
			me, other := at[p.name], at["Ann"]
			if p == ann {
				other = at["Bob"]
			}
			if me.Over || other.Over || me.Hand != other.Hand {
				continue
			}
			for _, c := range other.Cards {
				compared++
				if strings.Contains(me.Page, `"`+c+`"`) {
					t.Fatalf("%s's page shows %s of the other player during %s", p.name, c, me.Hand)
				}
			}
		}
		// one look at the page: the hand, its results, the version and whose turn
		look := eval[[]string](ann, holdemLookJS)
		if hand, text := look[0], look[1]; strings.Contains(text, " with ") {
			if !showdowns[hand] {
				showdowns[hand] = true
				t.Logf("showdown: %s", strings.ReplaceAll(text, "\n", "; "))
				if len(showdowns) == 1 {
					ann.screenshot("holdem-showdown-ann")
				}
			}
		}
		if !acted && look[3] != "Ann" && look[3] != "Bob" {
			// the AI players' turn or the pause between hands
			ann.waitJS("the table to move on", `(`+holdemLookJS+`)[2] !== `+jsString(look[2]))
		}
	}
	if compared == 0 {
		t.Fatal("no hole card was ever checked against the other player's page")
	}
	t.Logf("%d hole cards checked against the other player's page", compared)
	// the ledger balances: what was bought in equals the chips at the table
	ledger := eval[[]string](ann, `[...document.querySelectorAll('#h-ledger tbody td:last-child')].map(td => td.textContent)`)
	if len(ledger) != 4 {
		t.Fatalf("ledger rows: %v", ledger)
	}
	for _, p := range players {
		if got := len(eval[[]string](p, holeJS)); got != 2 && got != 0 {
			t.Fatalf("%s sees %d own hole cards", p.name, got)
		}
	}
	ann.screenshot("holdem-table-ann")
	// the same table on a 390 px phone: nothing wider than the screen
	bob.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	if w := eval[int](bob, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the table is %d px wide on a 390 px phone", w)
	}
	bob.screenshot("holdem-phone-bob")

	// the hand history: Bob opens the first hand from the table (he may
	// have run out of chips since, and sat out) and reads his own cards
	href := eval[string](bob, `document.querySelector('#h-past li:last-child a').getAttribute('href')`)
	bob.do(chromedp.Navigate(srv.url + href))
	bob.waitJS("the history", `!!document.querySelector('pre.history')`)
	if h := bob.text("pre.history"); !strings.Contains(h, "Dealt to Bob [") || strings.Contains(h, "Dealt to Ann") {
		t.Fatalf("Bob's history:\n%s", h)
	}
	bob.screenshot("holdem-history-bob")
	bob.axeCheck("the hand history")
	// the first hand's replay, stepped back with the keyboard
	code := share[strings.LastIndex(share, "/")+1:]
	bob.do(chromedp.Navigate(srv.url + "/t/" + code + "/replay/1"))
	bob.waitJS("the replay", `!!document.querySelector('.replay-stage')`)
	last := bob.text(".replay-controls [role=status]")
	if !strings.HasPrefix(last, "Step 0 of ") {
		t.Fatalf("the replay opens at %q, not its first step", last)
	}
	bob.tabTo(`a[aria-label="Next step"]`)
	bob.press(kb.Enter)
	bob.waitJS("the next step", `document.querySelector('.replay-controls [role=status]').textContent !== `+jsString(last))
	// played by itself, fast, it reaches the last step without a page load
	eval[bool](bob, `(window.__samePage = true)`)
	bob.do(chromedp.SetValue(chromedp.CSS(`[data-speed]`), "400"))
	bob.mustTap(`[data-autoplay]`)
	bob.waitJS("the replay to play to its end", `(() => { const m = document.querySelector('.replay-controls [role=status]').textContent.match(/Step (\d+) of (\d+)/); return m && m[1] === m[2]; })()`)
	if !eval[bool](bob, `window.__samePage === true`) {
		t.Fatal("the replay loaded a new page to step")
	}
	if w := eval[int](bob, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the replay is %d px wide on a 390 px phone: %s", w, eval[string](bob, wideJS))
	}
	bob.screenshot("holdem-replay-bob")
	bob.axeCheck("a replay")
	bob.do(chromedp.Navigate(srv.url + "/t/" + code + "/verify"))
	if txt := bob.text("main"); !strings.Contains(txt, "Yes.") || !strings.Contains(txt, "finished hand") {
		t.Fatalf("the verify page: %s", txt)
	}
	bob.axeCheck("the verify page")
}

// TestHoldemKillMidHand: the server is killed with SIGKILL while a hand
// waits for a player, and started again on the same database. The hand is
// where it was, every stack and bet intact, and play goes on.
func TestHoldemKillMidHand(t *testing.T) {
	data := t.TempDir()
	srv := startServerArgs(t, data, "", "-bot-delay-min", "1ms", "-bot-delay-max", "5ms", "-next-deal-delay", "200ms")
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	_, home := get(t, c, srv.url+"/")
	token := regexp.MustCompile(`name="_csrf" value="([^"]+)"`).FindStringSubmatch(home)[1]
	form := url.Values{"kind": {"holdem"}, "name": {"Ann"}, "seats": {"5"}, "bots": {"on"}, "clock": {"0"}, "_csrf": {token}}
	resp, err := c.PostForm(srv.url+"/tables", form)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	code := regexp.MustCompile(`/t/([A-Z0-9]{4}|[A-Z0-9]{8})/ws`).FindStringSubmatch(string(body))[1]
	post := func(path, form string) int {
		req, _ := http.NewRequest("POST", srv.url+"/t/"+code+path, strings.NewReader(form))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-CSRF-Token", token)
		req.Header.Set("HX-Request", "true")
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if status := post("/lobby", "do=start"); status != 204 {
		t.Fatalf("start: %d", status)
	}

	// play (call or check) until the table waits for Ann after the flop:
	// mid-hand, with chips in the pot. Ann folds rather than call all in,
	// so she never busts or stands all in with nothing left to decide.
	ourTurn := regexp.MustCompile(`hx-vals="{&#34;kind&#34;:&#34;fold&#34;}"`)
	postflop := regexp.MustCompile(`<b id="h-hand">Hand \d+ · (flop|turn|river)`)
	callAllIn := regexp.MustCompile(`&#34;call&#34;}"[^>]*>\s*Call [\d,]+ \(all-in\)`)
	var page string
	for deadline := time.Now().Add(90 * time.Second); ; {
		_, page = get(t, c, srv.url+"/t/"+code)
		if ourTurn.MatchString(page) {
			if postflop.MatchString(page) {
				break
			}
			kind := "check"
			switch {
			case callAllIn.MatchString(page):
				kind = "fold"
			case strings.Contains(page, `&#34;call&#34;`):
				kind = "call"
			}
			post("/act", "kind="+kind)
			continue
		}
		if time.Now().After(deadline) {
			t.Fatalf("never Ann's turn mid-hand:\n%.2000s", page)
		}
		time.Sleep(10 * time.Millisecond)
	}
	before := holdemTable(page)

	srv.kill()
	srv = startServerArgs(t, data, srv.addr)
	_, afterPage := get(t, c, srv.url+"/t/"+code)
	after := holdemTable(afterPage)
	if after != before {
		t.Fatalf("the table changed over the kill:\nbefore %s\nafter  %s", before, after)
	}
	if status := post("/act", "kind=fold"); status != 204 {
		t.Fatalf("Ann's move after the restart: %d", status)
	}
	_, next := get(t, c, srv.url+"/t/"+code)
	if holdemTable(next) == before || !strings.Contains(next, "Ann folds.") {
		t.Fatal("the hand did not go on after the restart")
	}
	t.Logf("the hand went on after the kill: %s", before[:min(len(before), 200)])
}

// holdemTable is the state a page shows: hand, street, board, pots and
// every seat's chips, bet, cards and marks, without clocks or presence.
func holdemTable(page string) string {
	var parts []string
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(`<b id="h-hand">.*?</b>`),
		regexp.MustCompile(`(?s)<span id="h-status".*?</span>`),
		regexp.MustCompile(`(?s)<div id="h-board".*?</div>`),
		regexp.MustCompile(`(?s)<div id="h-pots".*?</div>`),
		regexp.MustCompile(`(?s)<li id="h-seat-\d".*?</li>`),
		regexp.MustCompile(`(?s)<div id="h-actions".*?</div>`),
	} {
		for _, m := range re.FindAllString(page, -1) {
			m = regexp.MustCompile(`(?s)<span class="clock".*?</span></span>|<span class="badge off">offline</span>`).ReplaceAllString(m, "")
			parts = append(parts, m)
		}
	}
	return strings.Join(parts, "\n")
}

// TestDoubleClickPlaysOnce: a player who double-clicks Call (or Check)
// plays it once. The page disables the controls while the move is in
// flight and drops a second move; the server would refuse it anyway, as
// it carries the version of the seat the player saw.
func TestDoubleClickPlaysOnce(t *testing.T) {
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "50ms", "-bot-delay-max", "150ms")
	ann := newBrowser(t, "Ann")
	ann.createGame(srv, "holdem", map[string]string{"seats": "3", "blinds": "10/20", "stack_bb": "100"})
	ann.startWhenReady()
	for round := 0; round < 3; round++ {
		ann.waitJS("Ann's turn", `!!document.querySelector("#h-controls button[hx-vals*='\"fold\"']")`)
		before := eval[string](ann, `(() => {
		  const c = document.querySelector('#h-controls');
		  const b = c.querySelector("button[hx-vals*='\"call\"']") || c.querySelector("button[hx-vals*='\"check\"']");
		  const v = document.getElementById('table-state').dataset.v;
		  b.click();
		  b.click(); // the second click of a double click
		  return v;
		})()`)
		n, _ := strconv.Atoi(before)
		ann.waitJS("the move taken", `document.querySelector('#message').textContent !== '' || document.getElementById('table-state').dataset.v !== `+jsString(before))
		if msg := ann.text("#message"); msg != "" {
			t.Fatalf("a double click: %s", msg)
		}
		// one move: the seat's version is one on; a second would make it two
		// (or a refusal in the message line)
		if v := eval[string](ann, `document.getElementById('table-state').dataset.v`); v != strconv.Itoa(n+1) {
			t.Fatalf("after a double click the seat's version went from %s to %s", before, v)
		}
	}
}
