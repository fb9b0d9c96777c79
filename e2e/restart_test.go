package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestKillRestartResumes: mid-deal the server is killed with SIGKILL and
// started again on the same database and port. The open pages reconnect by
// themselves, show the same hands, and play goes on; a reload keeps the
// seat (the session survives).
func TestKillRestartResumes(t *testing.T) {
	data := t.TempDir()
	srv := startServer(t, data, "")
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	bob.joinTable(ann.createTable(srv, "3"))
	ann.startWhenReady()

	players := map[string]*browser{"Ann": ann, "Bob": bob}
	// play a few moves so the deal is under way
	for moves := 0; moves < 6; {
		who := eval[string](ann, turnJS)
		p, ok := players[who]
		if !ok {
			ann.waitJS("the bot", `(`+turnJS+`) !== `+jsString(who))
			continue
		}
		// the person's page may not have the game yet (its start is on its
		// way): wait for it, then for controls or the turn moving on
		p.waitJS("controls", `!!document.querySelector('#p-status') && ((`+modeJS+`) !== 'wait' || (`+turnJS+`) !== `+jsString(who)+`)`)
		if p.move() != "wait" {
			moves++
		}
	}
	// stop where the table waits for a person, so nothing moves meanwhile
	var who string
	for {
		who = eval[string](ann, turnJS)
		if _, ok := players[who]; ok {
			break
		}
		ann.waitJS("a person's turn", `(`+turnJS+`) !== `+jsString(who))
	}
	players[who].waitJS("controls", `(`+modeJS+`) !== 'wait'`)
	handsBefore := map[string][]string{"Ann": eval[[]string](ann, handJS), "Bob": eval[[]string](bob, handJS)}
	version := eval[string](ann, `document.querySelector('#p-status').dataset.version`)

	srv.kill()
	startServer(t, data, srv.addr) // on the same port: the pages reconnect to it

	// the pages reconnect (htmx-ext-ws retries after an abnormal close) and
	// get the whole table again: prove it by a move that reaches both
	p := players[who]
	p.waitJS("the table again", `(`+modeJS+`) !== 'wait' && document.querySelector('#p-status').dataset.version === `+jsString(version))
	for name, b := range players {
		if got := eval[[]string](b, handJS); !slices.Equal(got, handsBefore[name]) {
			t.Fatalf("%s's hand changed over the restart: %v, was %v", name, got, handsBefore[name])
		}
	}
	mode := p.move()
	for _, b := range players {
		b.waitJS("the move after the restart", `document.querySelector('#p-status').dataset.version !== `+jsString(version))
	}
	t.Logf("%s made a %s after the restart; both pages saw it", who, mode)

	// a reload keeps the seat: the session cookie still works
	bob.do(chromedp.Reload())
	bob.waitJS("the table", `!!document.querySelector('#p-hand')`)
	if you := eval[string](bob, `document.querySelector('details.drawer .share + p').textContent`); !strings.Contains(you, "You are Bob") || !eval[bool](bob, `!!document.querySelector('#p-ring .seat.you')`) {
		t.Fatalf("Bob lost his seat after the restart: %s", you)
	}
	bob.screenshot("president-after-restart-bob")
}
