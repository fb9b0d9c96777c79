package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/backgroundservice"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/serviceworker"
	"github.com/chromedp/chromedp"
	"github.com/tablegames/tables/handlers/pushtest"
)

// pushStubJS runs in every page of the browser before the page's own
// scripts. It counts the page's requests for the notification
// permission, and replaces pushManager.subscribe: the browser vendor's
// push service (Google's, for Chromium) is out of reach on these
// machines, so subscribe answers a subscription at the test's own push
// service, with keys the test made, as the browser would give it
// (toJSON, unsubscribe), and keeps the options the page asked with.
const pushStubJS = `(() => {
  const sub = %s;
  window.__asked = 0;
  if (window.Notification) {
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = function () { window.__asked++; return ask.apply(null, arguments); };
  }
  if (window.PushManager) {
    let current = null;
    PushManager.prototype.subscribe = function (opts) {
      const key = new Uint8Array(opts.applicationServerKey);
      window.__subscribed = {userVisibleOnly: opts.userVisibleOnly,
        key: btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')};
      current = {endpoint: sub.endpoint, expirationTime: null, options: opts, toJSON() { return sub; },
        unsubscribe() { current = null; window.__unsubscribed = true; return Promise.resolve(true); }};
      return Promise.resolve(current);
    };
    PushManager.prototype.getSubscription = function () { return Promise.resolve(current); };
  }
})()`

// TestTellMeWhenItIsMyTurn: at a slow President table, Ann's page asks for
// nothing on load. The notification permission is granted through the
// DevTools protocol (Browser.grantPermissions); she taps "Tell me when
// it is my turn": the page asks for the permission then, the service
// worker registers at /sw.js for the whole site, the browser subscribes
// with the server's VAPID key, and the page posts the subscription: the
// server's first message reaches the test's push service, encrypted for
// the subscription's keys. A push delivered to the service worker shows
// as a notification naming the table. "Stop telling me" turns it off.
func TestTellMeWhenItIsMyTurn(t *testing.T) {
	t.Parallel()
	ps := pushtest.NewService(t)
	dev, err := pushtest.NewDevice()
	if err != nil {
		t.Fatal(err)
	}
	subJSON, _ := json.Marshal(dev.Subscription(ps.Endpoint("chromium")))
	srv := startServerArgs(t, t.TempDir(), "", "-push-private-endpoints", "-push-subject", "ops@tables.example")

	ann := newBrowser(t, "Ann")
	ann.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: strings.Replace(pushStubJS, "%s", string(subJSON), 1)})
		return err
	}))
	// a table at a slow pace: the only tables whose turns are pushed
	ann.createGame(srv, "president", map[string]string{"seats": "3", "pace": "24"})
	share := eval[string](ann, `document.querySelector('#share').value`)
	code := share[strings.LastIndex(share, "/")+1:]
	ann.startWhenReady()
	ann.waitJS("the table", `!!document.querySelector('#p-ring')`)

	// on load: the control, and no question asked, no worker registered
	ann.waitJS("the Tell me control", `!!document.querySelector('#push-drawer [data-push-on]')`)
	ann.waitJS("the page's check of what is so", `document.querySelector('[data-push]').getAttribute('data-push-state') === 'ready'`)
	eval[bool](ann, `(navigator.serviceWorker.getRegistration('/').then(r => { window.__swAtLoad = !!r; }), true)`)
	ann.waitJS("the registrations read", `window.__swAtLoad !== undefined`)
	if asked, perm, sw := eval[int](ann, `window.__asked`), eval[string](ann, `Notification.permission`), eval[bool](ann, `window.__swAtLoad`); asked != 0 || perm != "default" || sw {
		t.Fatalf("on load: the permission asked %d times (%s), a service worker registered: %v", asked, perm, sw)
	}

	// the permission, granted as a person would at the browser's prompt
	ann.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		c := chromedp.FromContext(ann.ctx)
		return c.Browser.Call(ctx, "Browser.grantPermissions", map[string]any{
			"permissions": []string{"notifications"}, "origin": srv.url, "browserContextId": c.BrowserContextID}, nil)
	}))
	eval[bool](ann, `(document.querySelector('#push-drawer').open = true)`)
	ann.setSize(390, 844, true)
	eval[bool](ann, `(document.querySelector('#push-drawer').scrollIntoView({block: 'center'}), true)`)
	ann.shoot("push-offer-phone", chromedp.CaptureScreenshot())
	// a card dealt in mid-fade is not a contrast failure: axe looks once it is in
	ann.waitJS("the deal's motion to end", `!document.getAnimations().some(a => a.playState === 'running' && a.effect && a.effect.getTiming().iterations !== Infinity)`)
	ann.axeCheck("the Notifications drawer, offered")
	ann.mustTap(`#push-drawer [data-push-on]`)
	ann.waitJS("notifications on", `document.querySelector('[data-push-status]').textContent.includes('On: this device tells you when it is your turn')`)

	key := eval[string](ann, `document.querySelector('[data-push]').getAttribute('data-push-key')`)
	if asked := eval[int](ann, `window.__asked`); asked != 1 {
		t.Fatalf("the permission was asked %d times after one tap", asked)
	}
	if got := eval[string](ann, `JSON.stringify(window.__subscribed)`); got != `{"userVisibleOnly":true,"key":"`+key+`"}` {
		t.Fatalf("subscribed with %s, want the server's key %s and userVisibleOnly", got, key)
	}
	ann.waitJS("the service worker active for the whole site", `(navigator.serviceWorker.getRegistration('/').then(r => {
		window.__sw = r && r.active ? [r.active.scriptURL, r.scope] : null; }), window.__sw && window.__sw[0].endsWith('/sw.js'))`)
	if sw := eval[[]string](ann, `window.__sw`); sw[1] != srv.url+"/" {
		t.Fatalf("the service worker's scope is %s", sw[1])
	}
	if !eval[bool](ann, `!document.querySelector('[data-push-on]').offsetParent && !!document.querySelector('[data-push-off]').offsetParent`) {
		t.Fatal("once on, the drawer should offer Stop and not Tell me")
	}

	// the server took the subscription the browser gave: its first
	// message reaches the test's push service, for the test's keys
	if d := ps.Next(t); d != "chromium" {
		t.Fatalf("a push to %s", d)
	}
	first := ps.Pushes("chromium")[0]
	if err := pushtest.CheckVAPID(first.Header.Get("Authorization"), key, ps.URL); err != nil {
		t.Fatal(err)
	}
	if m, err := dev.OpenJSON(first.Body); err != nil || m["title"] != "Notifications are on" {
		t.Fatalf("the first message: %v, %v", m, err)
	}

	for _, s := range sizes {
		ann.setSize(s.width, s.height, s.mobile)
		eval[bool](ann, `(document.querySelector('#push-drawer').scrollIntoView({block: 'center'}), true)`)
		ann.shoot("push-on-"+s.name, chromedp.CaptureScreenshot())
	}
	ann.axeCheck("the Notifications drawer, on")

	// a push reaches the service worker: it shows the notification. What
	// the browser did is read from DevTools' record of its background
	// services: the page asks for its notifications only once the push
	// event is over, since a getNotifications made while one is being
	// shown can drop it from the browser's list (headless Chromium, 1 run
	// in 8 when the page asked on every frame).
	done := backgroundEvents(t, ann)
	msg := `{"title":"Your turn: President, table ` + code + `","body":"Play Tap to open the table.","url":"/t/` + code + `","tag":"turn-` + code + `"}`
	ann.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		events := cdp.Events(ctx, tg, serviceworker.WorkerRegistrationUpdated)
		if _, err := cdp.Call(ctx, tg, serviceworker.Enable, cdp.Empty{}); err != nil {
			return err
		}
		for ev, err := range events {
			if err != nil {
				return err
			}
			for _, r := range ev.Registrations {
				if r.ScopeURL == srv.url+"/" && !r.IsDeleted {
					_, err := cdp.Call(ctx, tg, serviceworker.DeliverPushMessage, serviceworker.DeliverPushMessageParams{
						Origin: srv.url, RegistrationID: r.RegistrationID, Data: msg})
					return err
				}
			}
		}
		return errors.New("no registration of the service worker")
	}))
	shown := map[string]string{}
	for shown["completed"] == "" {
		select {
		case ev := <-done:
			switch ev.EventName {
			case "Notification displayed":
				for _, m := range ev.EventMetadata {
					shown[m.Key] = m.Value
				}
			case "Push event completed":
				shown["completed"] = "yes"
				for _, m := range ev.EventMetadata {
					if m.Key == "Status" && m.Value != "Success" {
						t.Fatalf("the service worker's push event ended: %s", m.Value)
					}
				}
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("the push event did not end in 30 s; the browser recorded %v", shown)
		}
	}
	if shown["Title"] != "Your turn: President, table "+code || shown["Body"] != "Play Tap to open the table." {
		t.Fatalf("the notification displayed: %v", shown)
	}
	ann.waitJS("the notification listed", `(navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns => {
		window.__notes = ns.map(n => [n.title, n.body, n.tag, n.data && n.data.url].join('|')); }), (window.__notes || []).length > 0)`)
	if notes := eval[[]string](ann, `window.__notes`); notes[0] != "Your turn: President, table "+code+"|Play Tap to open the table.|turn-"+code+"|/t/"+code {
		t.Fatalf("notifications shown: %q", notes)
	}

	// off again
	ann.mustTap(`#push-drawer [data-push-off]`)
	ann.waitJS("notifications off", `document.querySelector('[data-push-status]').textContent.includes('Off: this device no longer tells you') && window.__unsubscribed`)
	ann.shoot("push-off-desktop", chromedp.CaptureScreenshot())
}

// backgroundEvents records what the browser's background services do
// for b's page (DevTools' Application panel: a push event dispatched and
// completed, a notification displayed) and hands each event on.
func backgroundEvents(t *testing.T, b *browser) <-chan *backgroundservice.Event {
	out := make(chan *backgroundservice.Event, 16)
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		events := cdp.Events(b.ctx, tg, backgroundservice.BackgroundServiceEventReceived)
		for _, svc := range []backgroundservice.ServiceName{backgroundservice.ServiceNameNotifications, backgroundservice.ServiceNamePushMessaging} {
			if _, err := cdp.Call(ctx, tg, backgroundservice.StartObserving, backgroundservice.StartObservingParams{Service: svc}); err != nil {
				return err
			}
			if _, err := cdp.Call(ctx, tg, backgroundservice.SetRecording, backgroundservice.SetRecordingParams{ShouldRecord: true, Service: svc}); err != nil {
				return err
			}
		}
		go func() {
			for ev, err := range events {
				if err != nil {
					return
				}
				select {
				case out <- ev.BackgroundServiceEvent:
				case <-b.ctx.Done():
					return
				}
			}
		}()
		return nil
	}))
	return out
}

// TestTellMeBlocked: a browser whose settings refuse this site's
// notifications (set through the DevTools protocol, as a person's earlier
// "Block" would) shows the drawer's state as blocked on load, asks
// nothing, and offers no button that cannot work.
func TestTellMeBlocked(t *testing.T) {
	t.Parallel()
	srv := startServer(t, t.TempDir(), "")
	bea := newBrowser(t, "Bea")
	bea.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: strings.Replace(pushStubJS, "%s", "{}", 1)})
		return err
	}))
	bea.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		c := chromedp.FromContext(bea.ctx)
		return c.Browser.Call(ctx, "Browser.setPermission", map[string]any{
			"permission": map[string]string{"name": "notifications"}, "setting": "denied", "origin": srv.url, "browserContextId": c.BrowserContextID}, nil)
	}))
	bea.createGame(srv, "president", map[string]string{"seats": "3", "pace": "24"})
	bea.waitJS("the blocked state", `document.querySelector('[data-push]').getAttribute('data-push-state') === 'blocked'`)
	if got := eval[string](bea, `document.querySelector("[data-push-status]").textContent`); !strings.Contains(got, "Blocked: notifications from this site are off in your browser's settings") {
		t.Fatalf("the status says %q", got)
	}
	if eval[int](bea, `window.__asked`) != 0 || !eval[bool](bea, `document.querySelector('[data-push-on]').hidden`) {
		t.Fatal("a blocked browser was asked, or offered the button")
	}
	eval[bool](bea, `(document.querySelector('#push-drawer').open = true)`)
	bea.setSize(390, 844, true)
	eval[bool](bea, `(document.querySelector('#push-drawer').scrollIntoView({block: 'center'}), true)`)
	bea.shoot("push-blocked-phone", chromedp.CaptureScreenshot())
	bea.axeCheck("the Notifications drawer, blocked")
}
