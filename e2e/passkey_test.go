package e2e

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"
)

// passkeyServer starts the server for passkeys: browsers reach it as
// http://localhost:PORT (a relying party id must be a name, never an IP
// address, and localhost is a secure context), which is its -public-url.
func passkeyServer(t *testing.T) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, port, _ := net.SplitHostPort(addr)
	site := "http://localhost:" + port
	srv := startServerArgs(t, t.TempDir(), addr, "-public-url", site, "-bot-delay-min", "50ms", "-bot-delay-max", "100ms")
	srv.url = site
	return srv
}

// virtualAuthenticator gives b's tab a platform authenticator that keeps
// passkeys (resident keys) and verifies its user at once, as a phone's
// fingerprint reader would.
func (b *browser) virtualAuthenticator() {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, webauthn.Enable, webauthn.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, webauthn.AddVirtualAuthenticator, webauthn.AddVirtualAuthenticatorParams{Options: &webauthn.VirtualAuthenticatorOptions{
			Protocol: webauthn.AuthenticatorProtocolCtap2, Transport: webauthn.AuthenticatorTransportInternal,
			HasResidentKey: true, HasUserVerification: true, IsUserVerified: true, AutomaticPresenceSimulation: true,
		}})
		return err
	}))
}

// clearCookies forgets every cookie of b's browser: the session is gone,
// as on a new device (the authenticator stays: it is the phone's).
func (b *browser) clearCookies() {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, network.ClearBrowserCookies, cdp.Empty{})
		return err
	}))
}

// registerPasskey keeps b's name with a passkey from the table's Invite
// drawer.
func (b *browser) registerPasskey() {
	b.t.Helper()
	b.waitJS("the Invite drawer", `(() => { const d = document.querySelector('.passkey-offer').closest('details'); d.open = true; return d.open; })()`)
	b.waitJS("the passkey button shown", `!document.querySelector('.passkey-offer').hidden`)
	b.mustTap(`.passkey-offer [data-passkey-register]`)
	b.waitJS("the passkey kept", `document.querySelector('.passkey-offer [data-passkey-status]').textContent.includes('your name is kept')`)
}

// TestPasskeyRestoresThePlayer: Ann, seated at a President table with
// cards in her hand, keeps her name with a passkey (Chromium's virtual
// authenticator). Her cookies are cleared: the home page knows nobody.
// She signs in with the passkey there: the page greets Ann and lists her
// table, and the table shows her in her seat with her cards. Cleared
// again, she opens the table's link: the join page's sign-in reloads
// into her seat too.
func TestPasskeyRestoresThePlayer(t *testing.T) {
	t.Parallel()
	srv := passkeyServer(t)
	ann := newBrowser(t, "Ann")
	ann.virtualAuthenticator()
	share := ann.createTable(srv, "3")
	code := share[strings.LastIndex(share, "/")+1:]
	ann.startWhenReady()
	ann.waitJS("Ann's cards", `document.querySelectorAll('#p-hand label.card').length > 0`)

	ann.setSize(1280, 800, false)
	ann.registerPasskey()
	eval[bool](ann, `(() => { document.querySelector('.passkey-offer').scrollIntoView({block: 'center'}); return true; })()`)
	ann.shoot("passkey-kept-desktop", chromedp.CaptureScreenshot())
	ann.axeCheck("the passkey kept, at the table")

	// a new device, as far as the server knows
	ann.clearCookies()
	ann.setSize(390, 844, true)
	ann.do(chromedp.Navigate(srv.url + "/"))
	ann.waitJS("the sign-in button", `!document.querySelector('.passkey-box').hidden && !!document.querySelector('.passkey-box [data-passkey-login]')`)
	if strings.Contains(ann.text(".passkey-box"), "Ann") || eval[string](ann, `document.querySelector('.pick input[name=name]').value`) != "" {
		t.Fatalf("the home page knows Ann without a cookie: %s", ann.text(".passkey-box"))
	}
	ann.firstScreen("passkey-home-phone")
	ann.axeCheck("the home page's sign-in")
	ann.mustTap(`.passkey-box [data-passkey-login]`)
	ann.waitJS("Ann welcomed back", `document.querySelector('.passkey-box [data-passkey-status]').textContent.includes('Welcome back, Ann')`)
	ann.waitJS("her table listed", `[...document.querySelectorAll('.passkey-box a.button')].some(a => a.getAttribute('href') === '/t/`+code+`')`)
	if v := eval[string](ann, `document.querySelector('.pick input[name=name]').value`); v != "Ann" {
		t.Fatalf("the name field after the sign-in: %q", v)
	}
	// the box with the answer, where the tap left the page
	inView := `(() => { document.querySelector('.passkey-box').scrollIntoView({block: 'center'}); return true; })()`
	eval[bool](ann, inView)
	ann.shoot("passkey-signed-in-phone", chromedp.CaptureScreenshot())
	ann.axeCheck("the home page after the sign-in")
	ann.setSize(1280, 800, false)
	eval[bool](ann, inView)
	ann.shoot("passkey-signed-in-desktop", chromedp.CaptureScreenshot())

	// her table: her seat, her cards
	ann.mustTap(`.passkey-box a.button[href='/t/` + code + `']`)
	ann.waitJS("Ann in her seat", `!!document.querySelector('#p-ring') && document.body.textContent.includes('You are Ann, seat 1') && document.querySelectorAll('#p-hand label.card').length > 0`)
	if n := eval[int](ann, `document.querySelectorAll('input[name=name]').length`); n != 0 {
		t.Fatal("the table asks the signed-in Ann for a name")
	}

	// the join page's sign-in: cleared again, she opens the share link
	ann.clearCookies()
	ann.setSize(390, 844, true)
	ann.do(chromedp.Navigate(share))
	ann.waitJS("the join page's sign-in", `!!document.querySelector('input[name=name]') && !document.querySelector('[data-passkey-reload]').hidden`)
	ann.firstScreen("passkey-join-phone")
	ann.axeCheck("the join page's sign-in")
	ann.mustTap(`[data-passkey-reload] [data-passkey-login]`)
	ann.waitJS("Ann back in her seat", `!!document.querySelector('#p-ring') && document.body.textContent.includes('You are Ann, seat 1') && document.querySelectorAll('#p-hand label.card').length > 0`)
	ann.firstScreen("passkey-table-phone")
}

// TestPasskeyFromAnotherOriginIsRefused: a page at another origin of the
// same host (another port: the passkey's relying party id, localhost,
// fits it, so the browser lets it ask) obtains Ann's signature on a
// sign-in challenge the site issued, and hands it to the site: the site
// refuses it (the signed client data names the other origin), and the
// browser is not Ann. The same passkey at the site itself signs in.
func TestPasskeyFromAnotherOriginIsRefused(t *testing.T) {
	t.Parallel()
	srv := passkeyServer(t)
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!DOCTYPE html><title>Another site</title><p>Another origin`))
	}))
	defer other.Close()
	otherURL := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)

	ann := newBrowser(t, "Ann")
	ann.virtualAuthenticator()
	ann.createTable(srv, "3")
	ann.registerPasskey()
	ann.clearCookies()

	// the site issues a challenge (a ceremony under the browser's cookie)
	ann.do(chromedp.Navigate(srv.url + "/"))
	options := awaitJS[string](ann, `fetch('/passkey/login/begin', {method: 'POST', headers: {'X-CSRF-Token': JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRF-Token']}}).then(r => r.text())`)
	if !strings.Contains(options, `"rpId":"localhost"`) {
		t.Fatalf("the sign-in options: %s", options)
	}
	// the other origin has the passkey sign it
	ann.do(chromedp.Navigate(otherURL + "/"))
	signed := awaitJS[string](ann, `(async (o) => {
  const toBuf = s => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4)), c => c.charCodeAt(0)).buffer;
  const b64 = buf => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  o.publicKey.challenge = toBuf(o.publicKey.challenge);
  const c = await navigator.credentials.get({publicKey: o.publicKey});
  return JSON.stringify({id: c.id, rawId: b64(c.rawId), type: c.type, clientExtensionResults: {}, response: {
    clientDataJSON: b64(c.response.clientDataJSON), authenticatorData: b64(c.response.authenticatorData),
    signature: b64(c.response.signature), userHandle: b64(c.response.userHandle)}});
})(`+options+`)`)
	if !strings.Contains(signed, `"userHandle"`) {
		t.Fatalf("no signature from the other origin: %s", signed)
	}
	// handed to the site: refused
	ann.do(chromedp.Navigate(srv.url + "/"))
	finish := `fetch('/passkey/login/finish', {method: 'POST', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRF-Token']}, body: ` + jsString(signed) + `}).then(async r => r.status + ' ' + await r.text())`
	if answer := awaitJS[string](ann, finish); !strings.HasPrefix(answer, "401 ") || !strings.Contains(answer, "could not be checked") {
		t.Fatalf("the other origin's signature handed to the site: %s", answer)
	}
	// and the ceremony is spent
	if answer := awaitJS[string](ann, finish); !strings.HasPrefix(answer, "400 ") {
		t.Fatalf("a second finish: %s", answer)
	}
	ann.do(chromedp.Navigate(srv.url + "/"))
	ann.waitJS("the home page", `!!document.querySelector('.passkey-box')`)
	if strings.Contains(ann.text(".passkey-box"), "Ann") {
		t.Fatal("the browser is Ann after the refused sign-in")
	}
	// the same passkey, at the site: Ann
	ann.mustTap(`.passkey-box [data-passkey-login]`)
	ann.waitJS("Ann welcomed back", `document.querySelector('.passkey-box [data-passkey-status]').textContent.includes('Welcome back, Ann')`)
}

// awaitJS evaluates js in b's page, awaiting the promise it returns.
func awaitJS[T any](b *browser, js string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("%s: eval %.200q: %v", b.name, js, err)
	}
	return v
}
