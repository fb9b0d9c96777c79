// Package handlers is the HTTP edge of the site: Echo routes and pages,
// forms decoded into the table runtime's commands (package room), sessions
// and identity, per-address and per-session limits, error pages, the
// websocket upgrade and hub, /metrics, cluster routing (fly-replay), and
// the bot API (botapi.go: tokens, NDJSON streams, JSON moves; the host's
// and players' forms that make remote bots, remotebots.go).
//
// It owns no table: every read or change of one goes through a
// room.Room command. It must never hold game state, render a viewer's
// push, or decide a game or seat rule; those are the runtime's.
package handlers

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/gorilla/sessions"
	"github.com/labstack/echo/v4"
	"github.com/olahol/melody"
	"github.com/tablegames/tables/cluster"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/db/backup"
	"github.com/tablegames/tables/room"
) // Config is the server's settings (flags and environment in main): the
// table runtime's, and the HTTP edge's.
type Config struct {
	room.Config
	// PublicURL, when set, is used for share links instead of the request's
	// host (e.g. https://tables.fly.dev).
	PublicURL string
	// PasskeyURL is the site passkeys are made for (its host name is the
	// relying party, its origin the one allowed): PublicURL when that is
	// set; main gives a server without one http://localhost:PORT. Never
	// a request's Host. Empty: PublicURL, and without either no passkeys.
	PasskeyURL string
	// AllowedOrigins may open websockets; empty means the request's own
	// host only.
	AllowedOrigins []string
	// SecureCookies marks cookies Secure (behind TLS).
	SecureCookies bool
	// TrustProxy takes the client address from X-Forwarded-For.
	TrustProxy bool
	// MaxSocketsPerIP caps the websockets one address may hold.
	MaxSocketsPerIP int
	// PingPeriod is how often the server pings every socket; one that has
	// not answered within PongWait is dropped (a phone gone dead), so the
	// player shows as away and the clocks and bots take over.
	PingPeriod time.Duration
	PongWait   time.Duration
	// LLM is the language-model endpoint for LLM bots (off when not set).
	LLM LLMConfig
	// Limits are the per-address and per-session rate limits; the zero
	// value means DefaultLimits.
	Limits Limits
	// Backup reports the continuous backup's state (nil: no backups):
	// /metrics shows it and readiness fails while it is stalled.
	Backup func() backup.Status
	// Cluster is this machine's part in a cluster of machines sharing one
	// PostgreSQL database (nil on one machine): requests for a table
	// another machine serves are sent there (cluster.go), and the limits
	// that protect the whole app count in the database.
	Cluster *cluster.Node
	// Push is Web Push: told when it is your turn (push.go).
	Push PushConfig
}

// withDefaults fills unset fields.
func (c Config) withDefaults() Config {
	c.Config = c.Config.WithDefaults()
	if c.PongWait <= 0 {
		c.PongWait = 25 * time.Second
	}
	if c.PingPeriod <= 0 || c.PingPeriod >= c.PongWait {
		c.PingPeriod = c.PongWait * 2 / 5
	}
	if c.MaxSocketsPerIP <= 0 {
		c.MaxSocketsPerIP = 20
	}
	if c.Limits == (Limits{}) {
		c.Limits = DefaultLimits()
	}
	return c
}

// Server is the HTTP edge. Create it with NewServer; it serves HTTP
// through Handler and stops with Shutdown.
type Server struct {
	cfg     Config
	db      *db.DB
	log     *slog.Logger
	store   *db.SessionStore
	rt      *room.Runtime
	hub     *melody.Melody
	echo    *echo.Echo
	metrics *metrics
	limits  *limiters
	peers   *http.Client // to the other machines of a cluster
	// peerLists keeps the other machines' public tables a moment
	peerLists peerLists
	sockets   socketCounts
	// ceremonies are the passkey ceremonies begun and not yet finished
	ceremonies ceremonies
	// botStreams are the bot API's open streams, per bot
	botStreams botStreamSet
	// knownTokens: the tokens known to be bots' (botAuth)
	knownTokens tokenSet
	// push sends Web Push notices of turns (push.go)
	push *pusher
	// streamAuthed, set by tests, runs when a bot's stream has passed its
	// token's check, before the stream is counted live
	streamAuthed func()
}

// NewServer builds the server on an open database.
func NewServer(ctx context.Context, cfg Config, d *db.DB, log *slog.Logger) (*Server, error) {
	// the cookie key is a row of the database: every machine of a
	// cluster reads the same one
	key, err := d.Secret(ctx, "session-key", 64)
	if err != nil {
		return nil, fmt.Errorf("session key: %w", err)
	}
	s := &Server{cfg: cfg.withDefaults(), db: d, log: log, ceremonies: ceremonies{d}}
	s.store = d.NewSessionStore(key, sessions.Options{
		Path: "/", MaxAge: 90 * 24 * 3600, HttpOnly: true, Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode,
	})
	// in a cluster the cookie carries the session's values too: a
	// machine's cache of sessions is never staler than the cookie
	s.store.Portable = cfg.Cluster != nil
	rc := s.cfg.Config
	if s.cfg.LLM.Enabled() {
		rc.Ask = OpenAIAsk(s.cfg.LLM, &http.Client{})
	}
	s.metrics = newMetrics(s)
	rc.Metrics = s.metrics
	if s.push, err = newPusher(ctx, s.cfg.Push, s.cfg.PublicURL, s.cfg.Limits, d, log); err != nil {
		return nil, fmt.Errorf("web push: %w", err)
	}
	s.metrics.reg.MustRegister(s.push.collectors()...)
	rc.OnTurn = s.push.Notify
	s.rt = room.New(rc, d, log)
	s.peers = &http.Client{Timeout: time.Second}
	s.limits = newLimiters(s.cfg.Limits)
	if cfg.Cluster != nil {
		s.limits.shareIn(d, log)
	}
	s.hub = s.newHub()
	s.echo = s.routes()
	return s, nil
}

// Tables is the table runtime the server fronts.
func (s *Server) Tables() *room.Runtime { return s.rt }

// now is the runtime's clock, which tests may set.
func (s *Server) now() time.Time { return s.rt.Now() }

// Warm loads every open table in the background so their bots and timers
// run again after a restart; requests load tables on demand meanwhile.
func (s *Server) Warm(ctx context.Context) { s.rt.Warm(ctx) }

// CloseIdle closes the tables idle for cfg.IdleClose (room.Runtime.CloseIdle).
func (s *Server) CloseIdle(ctx context.Context) (int, error) { return s.rt.CloseIdle(ctx) }

// Shutdown stops the tables after their queued work, closes every
// websocket with 1012 (service restart: browsers reconnect), and stops the
// hub.
func (s *Server) Shutdown(ctx context.Context) error {
	s.rt.Shutdown(ctx)
	s.push.Close()
	return s.hub.CloseWithMsg(melody.FormatCloseMessage(1012, "server restarting"))
}

// Handler serves every route: websockets directly, the rest through Echo
// (routes.go lists them all).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /t/{code}/ws", s.websocket)
	mux.Handle("/", s.echo)
	if s.cfg.Cluster != nil {
		return s.toOwner(mux)
	}
	return mux
}

// Janitor closes idle tables every interval until ctx ends.
func (s *Server) Janitor(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.rt.CloseIdle(ctx); err != nil && ctx.Err() == nil {
				s.log.Error("close idle tables", "err", err)
			}
			s.db.DeleteExpiredSessions(ctx, s.now())
			s.limits.prune(s.now())
			s.ceremonies.prune(ctx, s.now())
			s.db.DeleteFullBuckets(ctx, time.Hour)
		}
	}
}
