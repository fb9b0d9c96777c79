package handlers

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
	"github.com/tablegames/tables/db/pgtest"
	"github.com/tablegames/tables/handlers/pushtest"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"github.com/tablegames/tables/views"
)

// device is a browser's side of a subscription, at the test's push
// service.
type device struct {
	*pushtest.Device
	name string
	sub  map[string]any // what PushSubscription.toJSON() gives
}

func newDevice(t *testing.T, ps *pushtest.Service, name string) *device {
	d, err := pushtest.NewDevice()
	if err != nil {
		t.Fatal(err)
	}
	return &device{Device: d, name: name, sub: d.Subscription(ps.Endpoint(name))}
}

func (d *device) json() []byte {
	b, _ := json.Marshal(d.sub)
	return b
}

// decrypt opens a push as the browser does.
func (d *device) decrypt(t *testing.T, p pushtest.Push) map[string]string {
	t.Helper()
	if ce := p.Header.Get("Content-Encoding"); ce != "aes128gcm" {
		t.Fatalf("Content-Encoding %q, want aes128gcm", ce)
	}
	m, err := d.OpenJSON(p.Body)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func checkVAPID(t *testing.T, p pushtest.Push, serverKey, origin string) {
	t.Helper()
	if err := pushtest.CheckVAPID(p.Header.Get("Authorization"), serverKey, origin); err != nil {
		t.Fatal(err)
	}
}

func pushEnv(t *testing.T, pc PushConfig) *env {
	cfg := fastConfig()
	pc.PrivateEndpoints = true // the test's push service is on 127.0.0.1
	pc.Subject = "ops@tables.example"
	cfg.Push = pc
	return newEnv(t, cfg)
}

// seatedPlayer is the player id at seat of the table code.
func (e *env) seatedPlayer(code string, seat int) string {
	var p string
	e.inRoom(code, func(r *room.Room) { p = r.Table().Seats[seat].Player })
	return p
}

// TestWebPushTellsTheTurnEncrypted: a seated player's slow table page offers
// "Tell me when it is my turn" with the server's key; the subscription
// the page posts is kept; the device is sent a first message at once;
// and a turn notice reaches it encrypted for its keys, in the player's
// language, naming the game, the table and the move awaited, with the
// table's address and nothing else.
func TestWebPushTellsTheTurnEncrypted(t *testing.T) {
	ps := pushtest.NewService(t)
	e := pushEnv(t, PushConfig{})
	ann, _, code := annAndBob(e, url.Values{"pace": {"24"}}) // a slow table: the only ones offered it
	watcher := e.client()
	player := e.seatedPlayer(code, 0)

	_, page := ann.get("/t/" + code)
	if !strings.Contains(page, `data-push-key="`+e.srv.push.public+`"`) || !strings.Contains(page, "Tell me when it is my turn") {
		t.Fatal("the seated player's page has no \"Tell me\" control with the server's key")
	}
	// a real-time table's turns are not pushed: its page offers nothing
	live := ann.createTable("Ann", url.Values{})
	if _, page := ann.get("/t/" + live); strings.Contains(page, "data-push-key") {
		t.Fatal("a real-time table offers \"Tell me when it is my turn\"")
	}
	// a visitor who has no seat is not offered it
	if _, page := watcher.get("/t/" + code); strings.Contains(page, "data-push-key") {
		t.Fatal("a visitor without a seat is offered turn notifications")
	}

	ann.get("/lang?lang=fr")
	ann.get("/t/" + code)
	phone := newDevice(t, ps, "phone")
	if status, body := ann.postJSON("/push/subscribe", phone.json()); status != http.StatusOK || string(body) != `{"ok":true}`+"\n" {
		t.Fatalf("subscribe: %d %s", status, body)
	}
	// the first message says it works, in the page's language
	if d := ps.Next(t); d != "phone" {
		t.Fatalf("a push to %s", d)
	}
	first := ps.Pushes("phone")[0]
	checkVAPID(t, first, e.srv.push.public, ps.URL)
	if m := phone.decrypt(t, first); m["title"] != "Notifications activées" || m["url"] != "/me" {
		t.Fatalf("first message %v", m)
	}

	e.srv.push.Notify(room.TurnNotice{Room: code, Game: "president", Player: player, Seat: 0, Seq: 12,
		Deadline: time.Now().Add(24 * time.Hour), Move: i18n.M("president.view.act.play")})
	ps.Next(t)
	got := ps.Pushes("phone")[1]
	checkVAPID(t, got, e.srv.push.public, ps.URL)
	// kept for a phone that is off until the deadline (a day here)
	if ttl, _ := strconv.Atoi(got.Header.Get("TTL")); ttl < 23*3600 || ttl > 24*3600 {
		t.Fatalf("TTL %q, want the day left until the deadline", got.Header.Get("TTL"))
	}
	m := phone.decrypt(t, got)
	want := map[string]string{
		"title": "À ton tour\u00a0: Président, table " + views.CodeLabel(code), // as the table shows it
		"body":  "Jouer Touche pour ouvrir la table.",
		"url":   "/t/" + code,
		"tag":   "turn-" + code,
	}
	if fmt.Sprint(m) != fmt.Sprint(want) {
		t.Fatalf("the turn's message:\n got  %v\n want %v", m, want)
	}
}

// TestWebPushOncePerTurnAndForgetsGone: each device gets a turn once,
// however often it is told; a device whose push service answers 410
// (or 404) is forgotten, the others keep theirs.
func TestWebPushOncePerTurnAndForgetsGone(t *testing.T) {
	ps := pushtest.NewService(t)
	e := pushEnv(t, PushConfig{Workers: 1}) // one worker: pushes go in order
	ann := e.client()
	code := ann.createTable("Ann", url.Values{})
	player := e.seatedPlayer(code, 0)
	ann.get("/t/" + code)
	phone, laptop, tablet := newDevice(t, ps, "phone"), newDevice(t, ps, "laptop"), newDevice(t, ps, "tablet")
	for _, d := range []*device{phone, laptop, tablet} {
		if status, body := ann.postJSON("/push/subscribe", d.json()); status != http.StatusOK {
			t.Fatalf("subscribe %s: %d %s", d.name, status, body)
		}
		ps.Next(t) // its first message
	}
	ps.Answer("laptop", http.StatusGone)
	ps.Answer("tablet", http.StatusNotFound)

	turn := func(seq int64, move string) {
		e.srv.push.Notify(room.TurnNotice{Room: code, Game: "president", Player: player, Seq: seq, Move: i18n.M(move)})
	}
	turn(7, "president.view.act.pass")
	turn(7, "president.view.act.pass") // the same turn again (a table reloaded, another machine)
	turn(8, "president.view.act.play")
	// turn 7 reaches the three devices once; then turn 8 the phone only
	var arrived []string
	for range 4 {
		arrived = append(arrived, ps.Next(t))
	}
	slices.Sort(arrived[:3])
	if fmt.Sprint(arrived) != "[laptop phone tablet phone]" {
		t.Fatalf("pushes went to %v, want turn 7 to each device once, then turn 8 to the phone alone", arrived)
	}
	subs, err := e.db.PushSubscriptions(context.Background(), player)
	if err != nil || len(subs) != 1 || !strings.HasSuffix(subs[0].Endpoint, "/push/phone") {
		t.Fatalf("after 410 and 404 the player keeps %v, %v; want the phone only", subs, err)
	}
	if n := e.srv.push.gone.Load(); n != 2 {
		t.Fatalf("gone = %d, want 2", n)
	}
	// the phone got its first message, turn 7 once, then turn 8 (one
	// worker: the repeat of turn 7 was handled before turn 8)
	var bodies []string
	for _, p := range ps.Pushes("phone") {
		bodies = append(bodies, phone.decrypt(t, p)["body"])
	}
	if fmt.Sprint(bodies) != "[This device will tell you when it is your turn. Pass Tap to open the table. Play Tap to open the table.]" {
		t.Fatalf("the phone was sent %q", bodies)
	}
}

// TestWebPushHangingServiceIsBounded: a push service that never answers
// costs a worker one timeout per push, never a table: notices told from
// inside the table's actor (as room.Config.OnTurn is) return at once,
// the queue never holds more than its size, the rest is dropped and
// counted, a move right after is played, and the worker goes on after
// each timeout.
func TestWebPushHangingServiceIsBounded(t *testing.T) {
	ps := pushtest.NewService(t)
	e := pushEnv(t, PushConfig{Workers: 1, Queue: 4, Timeout: 300 * time.Millisecond})
	ann := e.client()
	code := ann.createTable("Ann", mustForm("kind=holdem&blinds=10/20&seats=2&bots=off&clock=0"))
	bob := e.client()
	bob.join(code, "Bob")
	bob.lobby(code, "do", "ready")
	ann.lobby(code, "do", "start")
	clients := map[int]*client{0: ann, 1: bob}
	player := e.seatedPlayer(code, 0)
	ann.get("/t/" + code)
	if status, body := ann.postJSON("/push/subscribe", newDevice(t, ps, "phone").json()); status != http.StatusOK {
		t.Fatalf("subscribe: %d %s", status, body)
	}
	ps.Next(t)
	hang := make(chan struct{})
	ps.Hang(hang)
	defer close(hang)

	// fifty turns told from the table's actor, while every push hangs
	const n = 50
	var queued []int
	e.inRoom(code, func(r *room.Room) {
		for i := range n {
			e.srv.push.Notify(room.TurnNotice{Room: code, Game: "holdem", Player: player, Seq: int64(100 + i)})
			queued = append(queued, len(e.srv.push.jobs))
		}
	})
	if m := slices.Max(queued); m > 4 {
		t.Fatalf("the queue held %d notices, its size is 4", m)
	}
	d := e.srv.push.dropped.Load()
	if d < n-5 {
		t.Fatalf("dropped %d of %d notices with a queue of 4 and one worker", d, n)
	}
	if m := e.scrape(); !strings.Contains(m, fmt.Sprintf("tables_webpush_dropped_total %d\n", d)) {
		t.Fatalf("/metrics does not count the %d dropped notices", d)
	}
	// the table plays on: the seat to act calls, and the move is played
	var seat int
	var seq int64
	e.inRoom(code, func(r *room.Room) { seat, seq = r.Table().Match.Waiting()[0], r.Table().Seq })
	c := clients[seat]
	_, page := c.get("/t/" + code)
	v := regexp.MustCompile(`id="table-state" data-v="(\d+)"`).FindStringSubmatch(page)
	if v == nil {
		t.Fatal("the page carries no move version")
	}
	if status, body, _ := c.post("/t/"+code+"/act", url.Values{"kind": {"call"}, "v": {v[1]}}); status != http.StatusNoContent {
		t.Fatalf("a move while the push service hangs: %d %s", status, body)
	}
	e.inRoom(code, func(r *room.Room) {
		if r.Table().Seq <= seq {
			t.Errorf("the move was not played: seq %d", r.Table().Seq)
		}
	})
	// the worker gives up each hung push and goes on until the queue is empty
	deadline := time.Now().Add(20 * time.Second)
	for len(e.srv.push.jobs) > 0 || e.srv.push.failed.Load() < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("queue %d, failed %d: the worker is stuck", len(e.srv.push.jobs), e.srv.push.failed.Load())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWebPushSubscribeRefusesBadInput: what is not a browser's
// subscription is refused with a sentence saying why, and nothing is
// kept; a visitor who never gave a name may not subscribe; the posts
// are limited per session.
func TestWebPushSubscribeRefusesBadInput(t *testing.T) {
	cfg := fastConfig()
	cfg.Push.Subject = "https://tables.example"
	cfg.Limits = NoLimits() // TestWebPushLimited counts them
	e := newEnv(t, cfg)     // production's checks: https and public addresses only
	ann := e.client()
	code := ann.createTable("Ann", url.Values{})
	player := e.seatedPlayer(code, 0)
	ann.get("/t/" + code)

	key, _ := ecdh.P256().GenerateKey(rand.Reader)
	b64 := base64.RawURLEncoding.EncodeToString
	good := map[string]any{"endpoint": "https://push.example/abc", "keys": map[string]string{"p256dh": b64(key.PublicKey().Bytes()), "auth": b64(make([]byte, 16))}}
	with := func(field, value string) []byte {
		m := map[string]any{"endpoint": good["endpoint"], "keys": map[string]string{}}
		for k, v := range good["keys"].(map[string]string) {
			m["keys"].(map[string]string)[k] = v
		}
		if field == "endpoint" {
			m["endpoint"] = value
		} else {
			m["keys"].(map[string]string)[field] = value
		}
		b, _ := json.Marshal(m)
		return b
	}
	offCurve := append([]byte{4}, bytes.Repeat([]byte{1}, 64)...)
	for _, c := range []struct {
		name string
		body []byte
		want string
	}{
		{"not JSON", []byte("endpoint=x"), "The subscription could not be read"},
		{"plain http", with("endpoint", "http://push.example/abc"), "not a push service's secure (https) address"},
		{"loopback", with("endpoint", "https://127.0.0.1:8443/abc"), "not a push service's secure (https) address"},
		{"private", with("endpoint", "https://10.1.2.3/abc"), "not a push service's secure (https) address"},
		{"localhost", with("endpoint", "https://localhost/abc"), "not a push service's secure (https) address"},
		{"no endpoint", with("endpoint", ""), "not a push service's secure (https) address"},
		{"javascript", with("endpoint", "javascript:alert(1)"), "not a push service's secure (https) address"},
		{"short key", with("p256dh", b64(key.PublicKey().Bytes()[:64])), "p256dh must be a P-256 public key (65 bytes)"},
		{"off the curve", with("p256dh", b64(offCurve)), "p256dh must be a P-256 public key (65 bytes)"},
		{"short auth", with("auth", b64(make([]byte, 15))), "auth 16 bytes"},
		{"auth not base64", with("auth", "!!!!!!!!!!!!!!!!!!!!!!"), "auth 16 bytes"},
	} {
		status, body := ann.postJSON("/push/subscribe", c.body)
		if status != http.StatusUnprocessableEntity || !strings.Contains(errorOf(body), c.want) {
			t.Errorf("%s: %d %s; want 422 saying %q", c.name, status, body, c.want)
		}
	}
	if subs, _ := e.db.PushSubscriptions(context.Background(), player); len(subs) != 0 {
		t.Fatalf("refused subscriptions were kept: %v", subs)
	}

	// a visitor without a name (no player) is told to join first
	stranger := e.client()
	stranger.get("/")
	if status, body := stranger.postJSON("/push/subscribe", with("", "")); status != http.StatusForbidden || !strings.Contains(errorOf(body), "Join a table first") {
		t.Fatalf("a stranger's subscription: %d %s", status, body)
	}
	// without the CSRF token (no fetch metadata) it is refused
	ann2 := *ann
	ann2.csrf = ""
	if status, _ := ann2.postJSON("/push/subscribe", with("", "")); status != http.StatusForbidden {
		t.Fatalf("a post without the CSRF token: %d", status)
	}

	// a good one is kept (the push to push.example is refused by the
	// public-address check or fails: either way it is counted, not waited for)
	if status, body := ann.postJSON("/push/subscribe", with("", "")); status != http.StatusOK {
		t.Fatalf("a good subscription: %d %s", status, body)
	}
	if subs, _ := e.db.PushSubscriptions(context.Background(), player); len(subs) != 1 || subs[0].Endpoint != "https://push.example/abc" {
		t.Fatalf("kept %v", subs)
	}
	// turned off: forgotten
	if status, body := ann.postJSON("/push/unsubscribe", []byte(`{"endpoint":"https://push.example/abc"}`)); status != http.StatusOK {
		t.Fatalf("unsubscribe: %d %s", status, body)
	}
	if subs, _ := e.db.PushSubscriptions(context.Background(), player); len(subs) != 0 {
		t.Fatalf("after unsubscribe: %v", subs)
	}
}

// TestWebPushLimited: a session may post 10 subscription changes a
// minute; the 11th is refused with the catalog's sentence.
func TestWebPushLimited(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann := e.client()
	code := ann.createTable("Ann", url.Values{})
	ann.get("/t/" + code)
	off := []byte(`{"endpoint":"https://push.example/abc"}`)
	for i := range 10 {
		if status, body := ann.postJSON("/push/unsubscribe", off); status != http.StatusOK {
			t.Fatalf("post %d: %d %s", i+1, status, body)
		}
	}
	status, body := ann.postJSON("/push/unsubscribe", off)
	if status != http.StatusTooManyRequests || !strings.Contains(errorOf(body), "Too many notification changes") {
		t.Fatalf("past the limit: %d %s", status, body)
	}
	// another player at the same address is not limited by Ann's posts
	bob := e.client()
	bob.join(code, "Bob")
	if status, body := bob.postJSON("/push/unsubscribe", off); status != http.StatusOK {
		t.Fatalf("Bob's post: %d %s", status, body)
	}
}

// TestWebPushCapPerPlayer: a player keeps at most MaxPerPlayer devices;
// the oldest goes.
func TestWebPushCapPerPlayer(t *testing.T) {
	ps := pushtest.NewService(t)
	e := pushEnv(t, PushConfig{MaxPerPlayer: 2})
	var mu sync.Mutex
	clock := time.Now()
	e.srv.rt.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	ann := e.client()
	code := ann.createTable("Ann", url.Values{})
	player := e.seatedPlayer(code, 0)
	ann.get("/t/" + code)
	for _, name := range []string{"one", "two", "three"} {
		if status, body := ann.postJSON("/push/subscribe", newDevice(t, ps, name).json()); status != http.StatusOK {
			t.Fatalf("subscribe %s: %d %s", name, status, body)
		}
		mu.Lock()
		clock = clock.Add(time.Second)
		mu.Unlock()
	}
	subs, _ := e.db.PushSubscriptions(context.Background(), player)
	var names []string
	for _, s := range subs {
		names = append(names, s.Endpoint[strings.LastIndex(s.Endpoint, "/")+1:])
	}
	if fmt.Sprint(names) != "[three two]" {
		t.Fatalf("kept %v, want the two newest", names)
	}
}

// TestVAPIDKeys: the key pair is made once and kept in the database (a
// restart keeps it, so the browsers' subscriptions stay good), unless
// both keys are given, which are checked.
func TestVAPIDKeys(t *testing.T) {
	ctx := context.Background()
	e := pushEnv(t, PushConfig{})
	kept := e.srv.push.public
	if raw, err := base64.RawURLEncoding.DecodeString(kept); err != nil || len(raw) != 65 || raw[0] != 4 {
		t.Fatalf("public key %q: not an uncompressed P-256 point", kept)
	}
	e.stop()
	e.start()
	if e.srv.push.public != kept {
		t.Fatal("a restart made a new VAPID key: every subscription would be lost")
	}

	priv, pub, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	_, otherPub, _ := webpush.GenerateVAPIDKeys()
	for _, c := range []struct {
		name      string
		pub, priv string
		ok        bool
	}{
		{"both", pub, priv, true},
		{"padded", pub + "=", priv, true},
		{"public only", pub, "", false},
		{"private only", "", priv, false},
		{"not a pair", otherPub, priv, false},
		{"not base64", pub, "**", false},
	} {
		p, err := newPusher(ctx, PushConfig{PublicKey: c.pub, PrivateKey: c.priv}, "", NoLimits(), e.db, e.srv.log)
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v", c.name, err)
		}
		if err == nil {
			if p.public != pub {
				t.Errorf("%s: public key %s, want %s", c.name, p.public, pub)
			}
			p.Close()
		}
	}
}

// TestServiceWorkerAtRoot: /sw.js is served at the root (so its scope is
// the whole site) as JavaScript, revalidated on each use, under the
// site's Content-Security-Policy.
func TestServiceWorkerAtRoot(t *testing.T) {
	e := newEnv(t, fastConfig())
	resp, err := http.Get(e.http.URL + "/sw.js")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	h := resp.Header
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/javascript") ||
		h.Get("Cache-Control") != "no-cache" || h.Get("Content-Security-Policy") != contentSecurityPolicy {
		t.Fatalf("/sw.js: %d %v", resp.StatusCode, h)
	}
	for _, want := range []string{`addEventListener("push"`, `addEventListener("notificationclick"`, "openWindow"} {
		if !bytes.Contains(body, []byte(want)) {
			t.Fatalf("/sw.js lacks %s", want)
		}
	}
}

// TestWebPushAcrossMachines: in a cluster the subscriptions and the VAPID
// key are shared: a device subscribed through one machine is told of a
// turn by another, once, however many machines tell it.
func TestWebPushAcrossMachines(t *testing.T) {
	ps := pushtest.NewService(t)
	addr := pgtest.NewDatabase(t)
	cfg := fastConfig()
	cfg.Push = PushConfig{PrivateEndpoints: true, Subject: "ops@tables.example", Workers: 1}
	m1, m2 := &env{t: t, path: addr, cfg: cfg, machine: "m1"}, &env{t: t, path: addr, cfg: cfg, machine: "m2"}
	for _, e := range []*env{m1, m2} {
		e.start()
		t.Cleanup(e.stop)
	}
	if m1.srv.push.public != m2.srv.push.public {
		t.Fatal("two machines of a cluster sign with different VAPID keys")
	}
	ann := m1.client()
	code := ann.createTable("Ann", url.Values{})
	player := m1.seatedPlayer(code, 0)
	phone := newDevice(t, ps, "phone")
	if status, body := ann.postJSON("/push/subscribe", phone.json()); status != http.StatusOK {
		t.Fatalf("subscribe through m1: %d %s", status, body)
	}
	ps.Next(t) // the first message, from m1

	notice := room.TurnNotice{Room: code, Game: "president", Player: player, Seq: 3, Move: i18n.M("president.view.act.play")}
	m2.srv.push.Notify(notice)
	m1.srv.push.Notify(notice) // the same turn, told on the other machine too (a table moved)
	notice.Seq, notice.Move = 4, i18n.M("president.view.act.pass")
	m1.srv.push.Notify(notice)
	ps.Next(t)
	ps.Next(t)
	var bodies []string
	for _, p := range ps.Pushes("phone")[1:] {
		m := phone.decrypt(t, p)
		checkVAPID(t, p, m1.srv.push.public, ps.URL)
		bodies = append(bodies, m["body"])
	}
	// each turn once; in either order, since two machines' workers send
	// on their own (m2's turn 3 may still be on its way when m1 sends
	// turn 4)
	sort.Strings(bodies)
	if fmt.Sprint(bodies) != "[Pass Tap to open the table. Play Tap to open the table.]" {
		t.Fatalf("the phone was told %q: want turn 3 and turn 4, each once", bodies)
	}
}

// TestNotifyAllocatesNothing: telling a turn, from the table's actor,
// costs no allocation, queued or dropped.
func TestNotifyAllocatesNothing(t *testing.T) {
	n := room.TurnNotice{Room: "ABCD", Game: "president", Player: "p", Seq: 1, Move: i18n.M("president.view.act.play")}
	p := &pusher{jobs: make(chan pushJob, 200)}
	if a := testing.AllocsPerRun(100, func() { p.Notify(n) }); a != 0 {
		t.Fatalf("Notify queued with %v allocations", a)
	}
	if a := testing.AllocsPerRun(100, func() { p.Notify(n) }); a != 0 || p.dropped.Load() == 0 {
		t.Fatalf("Notify dropped (%d) with %v allocations", p.dropped.Load(), a)
	}
}

// BenchmarkNotify is the cost of telling a turn to a full queue (the
// worst case for the actor: a hanging push service).
func BenchmarkNotify(b *testing.B) {
	n := room.TurnNotice{Room: "ABCD", Game: "president", Player: "p", Seq: 1}
	p := &pusher{jobs: make(chan pushJob, 1)}
	p.Notify(n)
	b.ReportAllocs()
	for b.Loop() {
		p.Notify(n)
	}
}
