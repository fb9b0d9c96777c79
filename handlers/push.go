package handlers

// Web Push (issue 42): a player is told on their devices when it is their
// turn at a slow table, through the browsers' push services and the
// standard protocol (RFC 8030 delivery, RFC 8291 encryption, RFC 8292
// VAPID), with github.com/SherClockHolmes/webpush-go.
//
//   - The page posts the subscription its browser gives
//     (PushSubscription.toJSON) to POST /push/subscribe, and its endpoint
//     to POST /push/unsubscribe: CSRF-checked, limited per address and per
//     session, each a player's (db.PushSubscription), at most
//     PushConfig.MaxPerPlayer of them (the oldest goes).
//   - The room tells Notify when a person's turn begins (room.Config.OnTurn,
//     from the table's actor): Notify only queues, never waits; a full
//     queue drops the notice and counts it. Workers send outside every
//     table's actor, each push bounded by PushConfig.Timeout.
//   - A push service that answers 404 or 410 has forgotten the
//     subscription: so do we.
//   - A turn is pushed at most once per device, and never after a newer
//     turn of its table (db.ClaimPushTurn, shared by the machines of a
//     cluster).
//   - The message names the game, the table and the move awaited, in the
//     player's language, and the table's address; it is built from the
//     notice alone, which holds nothing of anyone's cards.

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"github.com/tablegames/tables/static"
	"github.com/tablegames/tables/views"
	"golang.org/x/time/rate"
)

// PushConfig is Web Push's settings (docs/OPERATIONS.md).
type PushConfig struct {
	// PublicKey and PrivateKey are the VAPID key pair, base64url (the
	// uncompressed P-256 point and the 32-byte scalar); both empty: a
	// pair made once and kept in the database (secret "vapid-private-key").
	PublicKey, PrivateKey string
	// Subject is who the push services may contact about our pushes: a
	// mailto: address or an https URL. Empty: PublicURL.
	Subject string
	// Timeout bounds one push (10 s); Queue is how many turn notices may
	// wait (256); Workers how many pushes go at once (4).
	Timeout time.Duration
	Queue   int
	Workers int
	// MaxPerPlayer is how many devices a player may subscribe (10).
	MaxPerPlayer int
	// PrivateEndpoints accepts endpoints on plain http and on loopback or
	// private addresses: for tests, whose push service runs on 127.0.0.1.
	// Off, an endpoint must be https and reach a public address.
	PrivateEndpoints bool
}

func (c PushConfig) withDefaults() PushConfig {
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Second
	}
	if c.Queue <= 0 {
		c.Queue = 256
	}
	if c.Workers <= 0 {
		c.Workers = 4
	}
	if c.MaxPerPlayer <= 0 {
		c.MaxPerPlayer = 10
	}
	return c
}

// Limits of the subscription posts: a person turns notifications on or
// off a few times, a script many.
var (
	pushPerAddr    = Limit{Burst: 30, Every: 20 * time.Second}
	pushPerSession = Limit{Burst: 10, Every: time.Minute}
)

// pusher sends the pushes.
type pusher struct {
	cfg     PushConfig
	db      *db.DB
	log     *slog.Logger
	public  string // VAPID keys, base64url
	private string
	subject string
	client  *http.Client
	jobs    chan pushJob
	stop    context.CancelFunc
	wg      sync.WaitGroup
	// limits of the subscription posts, per address and per player
	addr, session *buckets
	// counts, for /metrics and tests
	queued, dropped, sent, gone, failed atomic.Int64
}

// pushJob is a turn to tell, or a first message to a new subscription.
type pushJob struct {
	turn   room.TurnNotice
	hello  *db.PushSubscription // set: tell this device it is on
	player string               // hello: whose device it is
	lang   *i18n.Lang           // hello: the page's language
}

// newPusher reads or makes the VAPID keys and starts the workers.
func newPusher(ctx context.Context, cfg PushConfig, publicURL string, limits Limits, d *db.DB, log *slog.Logger) (*pusher, error) {
	cfg = cfg.withDefaults()
	pub, priv, err := vapidKeys(ctx, cfg, d)
	if err != nil {
		return nil, err
	}
	p := &pusher{cfg: cfg, db: d, log: log, public: pub, private: priv, jobs: make(chan pushJob, cfg.Queue)}
	p.subject = strings.TrimPrefix(cfg.Subject, "mailto:") // webpush-go adds mailto: to what is not an https URL
	if p.subject == "" {
		p.subject = publicURL
	}
	if !strings.HasPrefix(p.subject, "https:") && !strings.Contains(p.subject, "@") {
		log.Info("web push: no contact for the push services (set -push-subject or an https -public-url); some refuse such pushes")
	}
	if !limits.Off {
		p.addr = &buckets{lim: pushPerAddr, m: map[string]*rate.Limiter{}}
		p.session = &buckets{lim: pushPerSession, m: map[string]*rate.Limiter{}}
	}
	dialer := &net.Dialer{Timeout: cfg.Timeout}
	if !cfg.PrivateEndpoints {
		dialer.Control = publicOnly
	}
	p.client = &http.Client{
		Timeout:       cfg.Timeout,
		Transport:     &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: cfg.Timeout, MaxIdleConnsPerHost: 4, IdleConnTimeout: time.Minute, ForceAttemptHTTP2: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	wctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	p.stop = stop
	for range cfg.Workers {
		p.wg.Add(1)
		go p.work(wctx)
	}
	return p, nil
}

// vapidKeys are the configured key pair, checked, or the database's.
func vapidKeys(ctx context.Context, cfg PushConfig, d *db.DB) (public, private string, err error) {
	var scalar []byte
	switch {
	case cfg.PublicKey == "" && cfg.PrivateKey == "":
		if scalar, err = d.Secret(ctx, "vapid-private-key", 32); err != nil {
			return "", "", fmt.Errorf("vapid key: %w", err)
		}
	case cfg.PublicKey == "" || cfg.PrivateKey == "":
		return "", "", errors.New("vapid keys: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither")
	default:
		if scalar, err = decodeKey(cfg.PrivateKey); err != nil {
			return "", "", fmt.Errorf("VAPID_PRIVATE_KEY: not base64url: %w", err)
		}
	}
	key, err := ecdh.P256().NewPrivateKey(scalar)
	if err != nil {
		return "", "", fmt.Errorf("vapid private key: not a P-256 key: %w", err)
	}
	public = base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes())
	if cfg.PublicKey != "" && strings.TrimRight(cfg.PublicKey, "=") != public {
		return "", "", errors.New("VAPID_PUBLIC_KEY is not VAPID_PRIVATE_KEY's public key")
	}
	return public, base64.RawURLEncoding.EncodeToString(scalar), nil
}

// publicOnly refuses connections to addresses that are not on the
// public internet (loopback, private, link-local...): an endpoint is
// whatever a browser, or a script, posted, and must not make the server
// reach its own network.
func publicOnly(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return err
	}
	a := ap.Addr().Unmap()
	if !publicAddr(a) {
		return fmt.Errorf("push endpoint at %s: not a public address", a)
	}
	return nil
}

// publicAddr reports whether a is on the public internet: a global
// unicast address (not loopback, link-local, multicast or unspecified)
// outside the private ranges.
func publicAddr(a netip.Addr) bool { return a.IsGlobalUnicast() && !a.IsPrivate() }

// Notify queues a turn notice (room.Config.OnTurn): it never blocks; a
// full queue drops the notice and counts it.
func (p *pusher) Notify(n room.TurnNotice) {
	if n.Player == "" {
		return
	}
	select {
	case p.jobs <- pushJob{turn: n}:
		p.queued.Add(1)
	default:
		p.dropped.Add(1)
	}
}

// hello queues the first message to a new subscription.
func (p *pusher) hello(player string, sub db.PushSubscription, l *i18n.Lang) {
	select {
	case p.jobs <- pushJob{hello: &sub, player: player, lang: l}:
		p.queued.Add(1)
	default:
		p.dropped.Add(1)
	}
}

// Close stops the workers after the pushes under way.
func (p *pusher) Close() {
	p.stop()
	p.wg.Wait()
}

func (p *pusher) work(ctx context.Context) {
	defer p.wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case j := <-p.jobs:
			if j.hello != nil {
				p.send(ctx, j.player, *j.hello, helloMessage(j.lang), "", time.Hour)
			} else {
				p.tell(ctx, j.turn)
			}
		}
	}
}

// pushMessage is what the service worker (static/sw.js) is given.
type pushMessage struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`           // the page to open, on this site
	Tag   string `json:"tag,omitempty"` // a table's notices replace each other
}

func helloMessage(l *i18n.Lang) pushMessage {
	return pushMessage{Title: l.T("push.hello.title"), Body: l.T("push.hello.body"), URL: "/me", Tag: "hello"}
}

// turnMessage is a turn notice in words, in l.
func turnMessage(l *i18n.Lang, n room.TurnNotice) pushMessage {
	game := room.GameTitle(l, n.Game)
	m := pushMessage{
		Title: l.F("push.turn.title", i18n.S("Game", game), i18n.S("Code", views.CodeLabel(n.Room))),
		URL:   "/t/" + n.Room,
		Tag:   "turn-" + n.Room,
	}
	if n.Move.IsZero() {
		m.Body = l.T("push.turn.body.plain")
	} else {
		m.Body = l.F("push.turn.body", i18n.Nest("Move", n.Move))
	}
	return m
}

// tell pushes a turn to every device of its player, once each.
func (p *pusher) tell(ctx context.Context, n room.TurnNotice) {
	rctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	subs, err := p.db.PushSubscriptions(rctx, n.Player)
	var code string
	if err == nil && len(subs) > 0 {
		code, err = p.db.PlayerLanguage(rctx, n.Player)
	}
	cancel()
	if err != nil {
		p.failed.Add(1)
		p.log.Warn("web push: read subscriptions", "room", n.Room, "err", err)
		return
	}
	if len(subs) == 0 {
		return
	}
	l := i18n.English()
	if code != "" {
		if found := i18n.Lookup(code); found != nil {
			l = found
		}
	}
	msg := turnMessage(l, n)
	for _, sub := range subs {
		cctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
		first, err := p.db.ClaimPushTurn(cctx, sub.Endpoint, n.Room, n.Seq)
		cancel()
		if err != nil {
			p.failed.Add(1)
			p.log.Warn("web push: claim", "room", n.Room, "err", err)
			continue
		}
		if first {
			p.send(ctx, n.Player, sub, msg, n.Room, ttl(n.Deadline, time.Now()))
		}
	}
}

// send pushes msg to one of player's devices, forgetting it when the
// push service says it is gone.
func (p *pusher) send(ctx context.Context, player string, sub db.PushSubscription, msg pushMessage, topic string, ttl time.Duration) {
	body, _ := json.Marshal(msg)
	ctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	opts := &webpush.Options{
		HTTPClient: p.client, Subscriber: p.subject, VAPIDPublicKey: p.public, VAPIDPrivateKey: p.private,
		TTL: int(ttl / time.Second), Urgency: webpush.UrgencyHigh,
	}
	if topic != "" {
		opts.Topic = "turn-" + topic // a newer turn at the table replaces one not yet delivered
	}
	resp, err := webpush.SendNotificationWithContext(ctx, body, &webpush.Subscription{
		Endpoint: sub.Endpoint, Keys: webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth},
	}, opts)
	if err != nil {
		p.failed.Add(1)
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL: its path is the device's secret address
		}
		p.log.Warn("web push: send", "host", endpointHost(sub.Endpoint), "err", err)
		return
	}
	resp.Body.Close()
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		p.sent.Add(1)
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		p.gone.Add(1)
		dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), p.cfg.Timeout)
		defer cancel()
		if _, err := p.db.DeletePushSubscription(dctx, player, sub.Endpoint); err != nil {
			p.log.Warn("web push: forget a subscription", "err", err)
		}
	default:
		p.failed.Add(1)
		p.log.Warn("web push: refused", "host", endpointHost(sub.Endpoint), "status", resp.StatusCode)
	}
}

// ttl is how long a push service keeps a turn's notice for a device that
// is off: until the turn's deadline (a notice after it says nothing
// true), at least a minute, at most four weeks; a day without one.
func ttl(deadline, now time.Time) time.Duration {
	if deadline.IsZero() {
		return 24 * time.Hour
	}
	return min(max(deadline.Sub(now), time.Minute), 28*24*time.Hour)
}

// endpointHost is the host of an endpoint, for logs (the path is the
// device's secret address).
func endpointHost(endpoint string) string {
	if u, err := url.Parse(endpoint); err == nil {
		return u.Host
	}
	return ""
}

// collectors are the pusher's series for /metrics.
func (p *pusher) collectors() []prometheus.Collector {
	c := func(name, help string, v *atomic.Int64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return float64(v.Load()) })
	}
	return []prometheus.Collector{
		c("tables_webpush_sent_total", "Web Push messages the push services took.", &p.sent),
		c("tables_webpush_dropped_total", "Turn notices dropped because the push queue was full.", &p.dropped),
		c("tables_webpush_gone_total", "Pushes answered 404 or 410: the subscription was forgotten.", &p.gone),
		c("tables_webpush_failed_total", "Pushes that failed (timeouts, refusals, database errors).", &p.failed),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tables_webpush_queue", Help: "Turn notices waiting to be pushed."}, func() float64 { return float64(len(p.jobs)) }),
	}
}

// subscriptionJSON is what PushSubscription.toJSON() gives.
type subscriptionJSON struct {
	Endpoint       string   `json:"endpoint"`
	ExpirationTime *float64 `json:"expirationTime"`
	Keys           struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// errPush is a subscription refused, with the catalog's reason.
func errPush(key string) error { return pageErr(http.StatusUnprocessableEntity, i18n.M(key)) }

// maxEndpoint bounds an endpoint's length (the push services' are under
// 500 characters).
const maxEndpoint = 1024

// checkSubscription reads a posted subscription: an endpoint on https (or
// on http at a loopback or private address when the config allows), a
// P-256 public key of 65 bytes and an auth secret of 16.
func (p *pusher) checkSubscription(in subscriptionJSON) (db.PushSubscription, error) {
	u, err := url.Parse(in.Endpoint)
	if err != nil || len(in.Endpoint) > maxEndpoint || u.Host == "" || u.User != nil || u.Fragment != "" {
		return db.PushSubscription{}, errPush("error.push.endpoint")
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !p.cfg.PrivateEndpoints {
			return db.PushSubscription{}, errPush("error.push.endpoint")
		}
	default:
		return db.PushSubscription{}, errPush("error.push.endpoint")
	}
	if !p.cfg.PrivateEndpoints {
		host := u.Hostname()
		if a, err := netip.ParseAddr(host); err == nil && !publicAddr(a) || host == "localhost" || strings.HasSuffix(host, ".localhost") {
			return db.PushSubscription{}, errPush("error.push.endpoint")
		}
	}
	key, err1 := decodeKey(in.Keys.P256dh)
	auth, err2 := decodeKey(in.Keys.Auth)
	if err1 != nil || err2 != nil || len(auth) != 16 {
		return db.PushSubscription{}, errPush("error.push.keys")
	}
	if _, err := ecdh.P256().NewPublicKey(key); err != nil { // 65 bytes, a point of the curve
		return db.PushSubscription{}, errPush("error.push.keys")
	}
	return db.PushSubscription{
		Endpoint: in.Endpoint, // as the browser wrote it: its unsubscribe names it so
		P256dh:   base64.RawURLEncoding.EncodeToString(key),
		Auth:     base64.RawURLEncoding.EncodeToString(auth),
	}, nil
}

// decodeKey reads a key as browsers write it: base64url, padded or not.
func decodeKey(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// pushJSON runs a subscription post and answers JSON: {"ok": true}, or
// {"error": sentence} with its status.
func (s *Server) pushJSON(step func(echo.Context, identity) error) echo.HandlerFunc {
	return func(c echo.Context) error {
		noStore(c)
		err := s.pushStep(c, step)
		if err == nil {
			return c.JSON(http.StatusOK, map[string]bool{"ok": true})
		}
		status, msg := s.errorAnswer(c, err)
		return c.JSON(status, map[string]string{"error": msg})
	}
}

func (s *Server) pushStep(c echo.Context, step func(echo.Context, identity) error) error {
	id, err := s.identify(c)
	if err != nil {
		return err
	}
	if id.player == "" {
		return pageErr(http.StatusForbidden, i18n.M("error.push.no_player"))
	}
	now := s.now()
	if !s.push.addr.allow(c.RealIP(), now) || !s.push.session.allow(id.player, now) {
		return rateLimited("error.limit.push")
	}
	return step(c, id)
}

// pushSubscribe keeps the subscription the page posts as the player's
// and sends the device a first message, so they see it works.
func (s *Server) pushSubscribe(c echo.Context, id identity) error {
	var in subscriptionJSON
	dec := json.NewDecoder(c.Request().Body)
	if err := dec.Decode(&in); err != nil {
		return errPush("error.push.json")
	}
	sub, err := s.push.checkSubscription(in)
	if err != nil {
		return err
	}
	sub.Created = s.now()
	if err := s.db.SavePushSubscription(c.Request().Context(), id.player, sub, s.push.cfg.MaxPerPlayer); err != nil {
		return err
	}
	s.push.hello(id.player, sub, i18n.From(c.Request().Context()))
	return nil
}

// pushUnsubscribe forgets the player's subscription at the posted
// endpoint; one that is not theirs, or not known, is already off.
func (s *Server) pushUnsubscribe(c echo.Context, id identity) error {
	var in struct {
		Endpoint string `json:"endpoint"`
	}
	if err := json.NewDecoder(c.Request().Body).Decode(&in); err != nil || in.Endpoint == "" || len(in.Endpoint) > maxEndpoint {
		return errPush("error.push.json")
	}
	_, err := s.db.DeletePushSubscription(c.Request().Context(), id.player, in.Endpoint)
	return err
}

// pushOffer is the VAPID public key a table's page offers its seated
// player "Tell me when it is my turn" with, or "" for none: only a table
// at a slow pace offers it (a real-time table's players are at it; its
// turns are not pushed).
func (s *Server) pushOffer(r *room.Room) string {
	if !r.Slow() {
		return ""
	}
	return s.push.public
}

// serviceWorker serves static/sw.js at the site's root, so its scope is
// the whole site: it shows the pushes and opens their table.
func (s *Server) serviceWorker(c echo.Context) error {
	a, _, _ := static.Lookup("sw.js")
	return serveAsset(c, a, "no-cache") // a new version is taken at once
}
