package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHandoverToAPhone: Ann plays Hold'em on her laptop, asks to play on
// another device, and opens the link (the QR code's) on her phone: after
// one confirmation the phone is Ann, in her seat, and plays her turn; the
// laptop sees the move as Ann's. The used link opens nothing after.
func TestHandoverToAPhone(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms", "-next-deal-delay", "300ms")
	laptop := newBrowser(t, "Ann")
	laptop.createGame(srv, "holdem", map[string]string{"seats": "3", "blinds": "10/20", "stack_bb": "100"})
	laptop.startWhenReady()
	laptop.waitJS("the table", `!!document.querySelector('#h-ring .seat.you')`)

	// the Invite drawer's button makes the link and its QR code
	laptop.waitJS("the Invite drawer", `(() => { const d = document.querySelector('.handover').closest('details'); d.open = true; return d.open; })()`)
	laptop.mustTap(`.handover button`)
	laptop.waitJS("the QR code", `!!document.querySelector('#handover svg.qr path') && !!document.querySelector('#handover-url')`)
	link := eval[string](laptop, `document.querySelector('#handover-url').value`)
	if !strings.Contains(link, "/h/") {
		t.Fatalf("the handover link: %q", link)
	}
	// (the viewport as it is: the drawer is down the side column)
	eval[bool](laptop, `(() => { document.querySelector('.handover').scrollIntoView({block: 'center'}); return true; })()`)
	laptop.shoot("handover-laptop-desktop", chromedp.CaptureScreenshot())
	laptop.axeCheck("the handover link")

	// the phone opens it, confirms, and is Ann in her seat
	phone := newBrowser(t, "Ann's phone")
	phone.setSize(390, 844, true)
	phone.do(chromedp.Navigate(link))
	phone.waitJS("the question", `document.body.innerText.includes('Continue as Ann')`)
	phone.firstScreen("handover-ask-phone")
	phone.axeCheck("the handover question")
	phone.do(chromedp.Click(chromedp.CSS(`main form button[type=submit]`)))
	phone.waitJS("Ann's seat on the phone", `!!document.querySelector('#h-ring .seat.you') && document.querySelector('#h-ring .seat.you').innerText.includes('Ann')`)

	// the phone plays Ann's next turn; the laptop sees it
	phone.waitJS("Ann's turn on the phone", yourTurnJS+` && !!document.querySelector(`+jsString(giveUp)+`)`)
	before := eval[string](phone, `document.getElementById('table-state').dataset.v`)
	phone.mustTap(giveUp)
	phone.waitJS("the move taken", `document.querySelector('#message').textContent !== '' || document.getElementById('table-state').dataset.v !== `+jsString(before))
	if msg := phone.text("#message"); msg != "" {
		t.Fatalf("the phone's move was refused: %s", msg)
	}
	laptop.waitJS("Ann's move on the laptop", `/Ann (checks|folds)/.test(document.querySelector('#log').innerText)`)
	phone.firstScreen("handover-playing-phone")

	// the link is used up: a third device is turned away
	other := newBrowser(t, "Someone")
	other.do(chromedp.Navigate(link))
	other.waitJS("the refusal", `document.body.innerText.includes('used already or has expired')`)
}
