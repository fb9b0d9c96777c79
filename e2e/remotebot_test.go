package e2e

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestARemoteBotAtTheTable: Ann, on a phone, makes seat 2 of a Lowest
// Unique table a remote bot from the lobby's Remote bots panel, by
// keyboard; its token is shown once. The seat is marked "remote bot" and
// "disconnected" until a program reads its stream, then only "remote
// bot"; Ann hands it back to a built-in bot from the Invite drawer and its
// program's stream ends. Screenshots at 390×844 and 1280×800; axe clean
// at each step.
func TestARemoteBotAtTheTable(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "300ms", "-bot-delay-max", "600ms", "-next-deal-delay", "2s")
	ann := newBrowser(t, "Ann")
	ann.setSize(390, 844, true)
	ann.createGame(srv, "lowunique", map[string]string{"seats": "3", "rounds": "8"})

	// the panel, by keyboard: open it, name the bot, press Enter
	ann.do(chromedp.Focus(chromedp.CSS(`#lobby details.remote-bots > summary`)), chromedp.KeyEvent("\r"))
	ann.waitJS("the panel open", `document.querySelector('#lobby details.remote-bots').open`)
	ann.do(chromedp.Focus(chromedp.CSS(`#rb-name`)), chromedp.SendKeys(chromedp.CSS(`#rb-name`), "Deep Blue\r"))
	ann.waitJS("the token", `(document.querySelector('#bot-token-value')||{}).value?.startsWith('tb_')`)
	token := eval[string](ann, `document.querySelector('#bot-token-value').value`)
	ann.waitJS("the seat marked", `[...document.querySelectorAll('#lobby .seats li')].some(li => li.innerText.includes('Deep Blue') && li.innerText.includes('remote bot') && li.innerText.includes('program not connected'))`)
	// the push that marked the seat redrew the lobby: the drawer Ann
	// opened stays open
	if !eval[bool](ann, `document.querySelector('#lobby details.remote-bots').open`) {
		t.Fatal("the lobby's push closed the Remote bots drawer Ann had open")
	}
	ann.axeCheck("the lobby with a remote bot's token")
	ann.screenshot("remote-bot-token-phone")
	ann.do(chromedp.Focus(chromedp.CSS(`#bot-token button[data-dismiss]`)), chromedp.KeyEvent("\r"))
	ann.waitJS("the token panel gone", `!document.querySelector('#bot-token-value')`)

	ann.startWhenReady()
	ann.waitJS("the table", `!!document.querySelector('#lu-hand')`)
	seat := `#lu-ring .seat-of-1`
	ann.waitJS("the remote seat marked disconnected", `(() => { const s = document.querySelector('`+seat+`'); return s && s.innerText.includes('remote bot') && s.innerText.includes('disconnected'); })()`)
	ann.firstScreen("remote-bot-disconnected-phone")
	ann.axeCheck("a remote bot disconnected")

	// its program connects: the seat is no longer disconnected
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code := eval[string](ann, `location.pathname.split('/')[2]`)
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.url+"/api/bots/v1/tables/"+code+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the bot's stream: %v %v", err, resp)
	}
	lines := make(chan string, 1024)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	ann.waitJS("the remote seat connected", `(() => { const s = document.querySelector('`+seat+`'); return s && s.innerText.includes('remote bot') && !s.innerText.includes('disconnected'); })()`)
	ann.setSize(1280, 800, false)
	ann.firstScreen("remote-bot-connected-desktop")
	ann.axeCheck("a remote bot connected, wide")

	// the host hands the seat back to a built-in bot
	ann.setSize(390, 844, true)
	eval[bool](ann, `(window.confirm = () => true, true)`)
	ann.mustTap(`details.remote-bots button.danger`)
	ann.waitJS("a built-in bot in seat 2", `(() => { const s = document.querySelector('`+seat+`'); return s && !s.innerText.includes('remote bot'); })()`)
	last := ""
	for l := range lines {
		if l != "" {
			last = l
		}
	}
	if !strings.Contains(last, `"type":"gone"`) {
		t.Errorf("the program's stream did not end with a gone line: %.300s", last)
	}
	ann.axeCheck("after the hand-back")
}
