// Package handlers is the web platform: Echo routes, sessions, one actor
// per table, and the websocket hub. It is generic over games: each game
// plugs in as a kind (see kinds.go).
package handlers

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/sessions"
	"github.com/labstack/echo/v4"
	"github.com/olahol/melody"
	"github.com/tablegames/tables/cluster"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/db/backup"
	"github.com/tablegames/tables/game/holdem"
)

// Config is the server's settings (flags and environment in main).
type Config struct {
	// PublicURL, when set, is used for share links instead of the request's
	// host (e.g. https://tables.fly.dev).
	PublicURL string
	// AllowedOrigins may open websockets; empty means the request's own
	// host only.
	AllowedOrigins []string
	// SecureCookies marks cookies Secure (behind TLS).
	SecureCookies bool
	BotDelayMin   time.Duration
	BotDelayMax   time.Duration
	NextDealDelay time.Duration
	// AbsentAutoplay is how long a disconnected player's move waits before
	// the table plays it for them; AbsentGrace how long their seat is held
	// before a bot takes it over (until they come back).
	AbsentAutoplay time.Duration
	AbsentGrace    time.Duration
	// IdleClose closes tables with no log entry, or with nobody
	// connected, for this long (their logs stay).
	IdleClose time.Duration
	// Unattended is how long bots play on at a table nobody is connected
	// to before they pause (10 min by default; a table's own option,
	// Options.Unattended, overrides it). They resume when someone opens
	// the table.
	Unattended time.Duration
	// TrustProxy takes the client address from X-Forwarded-For.
	TrustProxy bool
	// MaxSocketsPerIP caps the websockets one address may hold.
	MaxSocketsPerIP int
	// PingPeriod is how often the server pings every socket; one that has
	// not answered within PongWait is dropped (a phone gone dead), so the
	// player shows as away and the clocks and bots take over.
	PingPeriod time.Duration
	PongWait   time.Duration
	// SnapshotEvery is how many log entries pass between snapshots.
	SnapshotEvery int
	// MaxOpenTables caps the open tables.
	MaxOpenTables int
	// LLM is the language-model endpoint for LLM bots (off when not set);
	// LLMTimeout bounds each question (5 s by default).
	LLM        LLMConfig
	LLMTimeout time.Duration
	// Limits are the per-address and per-session rate limits; the zero
	// value means DefaultLimits.
	Limits Limits
	// Backup reports the continuous backup's state (nil: no backups):
	// /metrics shows it and readiness fails while it is stalled.
	Backup func() backup.Status
	// Cluster is this machine's part in a cluster of machines (nil on one
	// machine): new tables get its tag, and requests for a table another
	// machine serves are sent there (cluster.go).
	Cluster *cluster.Node
	// SessionKey signs the session cookies; empty: a key kept in the
	// database. Machines of a cluster share one, and their cookies carry
	// the session's values (a player known on one machine is known on all).
	SessionKey []byte
}

// Defaults fills unset fields.
func (c Config) withDefaults() Config {
	if c.NextDealDelay == 0 {
		c.NextDealDelay = 6 * time.Second
	}
	if c.SnapshotEvery <= 0 {
		c.SnapshotEvery = 50
	}
	if c.MaxOpenTables <= 0 {
		c.MaxOpenTables = 1000
	}
	if c.AbsentAutoplay <= 0 {
		c.AbsentAutoplay = 30 * time.Second
	}
	if c.AbsentGrace <= 0 {
		c.AbsentGrace = 90 * time.Second
	}
	if c.IdleClose <= 0 {
		c.IdleClose = 24 * time.Hour
	}
	if c.Unattended <= 0 {
		c.Unattended = 10 * time.Minute
	}
	if c.PongWait <= 0 {
		c.PongWait = 25 * time.Second
	}
	if c.PingPeriod <= 0 || c.PingPeriod >= c.PongWait {
		c.PingPeriod = c.PongWait * 2 / 5
	}
	if c.MaxSocketsPerIP <= 0 {
		c.MaxSocketsPerIP = 20
	}
	if c.LLMTimeout <= 0 {
		c.LLMTimeout = 5 * time.Second
	}
	if c.Limits == (Limits{}) {
		c.Limits = DefaultLimits()
	}
	return c
}

// Server is the platform. Create it with NewServer; it serves HTTP through
// Handler and stops with Shutdown.
type Server struct {
	cfg     Config
	db      *db.DB
	log     *slog.Logger
	store   *db.SessionStore
	kinds   map[string]*kind
	hub     *melody.Melody
	echo    *echo.Echo
	metrics *metrics
	limits  *limiters
	now     func() time.Time
	seed    func() uint64 // draws deals' seeds (tests fix them)
	ask     holdem.Ask    // the language model, nil when none is configured
	peers   *http.Client  // to the other machines of a cluster
	// peerLists keeps the other machines' public tables a moment
	peerLists peerLists

	mu      sync.Mutex
	rooms   map[string]*roomSlot
	sockets socketCounts

	replayIx replayIndexes // where each table's finished deals start

	// the tables whose last write failed (readiness reports them)
	failMu   sync.Mutex
	failRoom map[string]bool

	// pushHook, set by tests before serving, sees every message pushed to
	// a websocket with the table as it was at that moment.
	pushHook func(ws *melody.Session, seat int, msg []byte, t *table)
	// commitHook, set by tests before serving, sees the room after every
	// entry it commits.
	commitHook func(r *Room)
}

// roomSlot holds a room while it loads, so concurrent requests share one
// load.
type roomSlot struct {
	ready chan struct{}
	room  *Room
	err   error
}

// NewServer builds the server on an open database.
func NewServer(ctx context.Context, cfg Config, d *db.DB, log *slog.Logger) (*Server, error) {
	key := cfg.SessionKey
	if len(key) == 0 {
		var err error
		if key, err = d.Secret(ctx, "session-key", 64); err != nil {
			return nil, fmt.Errorf("session key: %w", err)
		}
	}
	s := &Server{
		cfg:   cfg.withDefaults(),
		db:    d,
		log:   log,
		kinds: kinds(),
		rooms: make(map[string]*roomSlot),
		now:   time.Now,
		seed:  randomSeed,
	}
	s.store = d.NewSessionStore(key, sessions.Options{
		Path: "/", MaxAge: 90 * 24 * 3600, HttpOnly: true, Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode,
	})
	s.store.Portable = cfg.Cluster != nil
	if s.cfg.LLM.Enabled() {
		s.ask = OpenAIAsk(s.cfg.LLM, &http.Client{})
	}
	s.peers = &http.Client{Timeout: time.Second}
	s.metrics = newMetrics(s)
	s.limits = newLimiters(s.cfg.Limits)
	s.hub = s.newHub()
	s.echo = s.routes()
	return s, nil
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

// Warm loads every open table in the background so their bots and timers
// run again after a restart; requests load tables on demand meanwhile.
func (s *Server) Warm(ctx context.Context) {
	codes, err := s.db.OpenRooms(ctx)
	if err != nil {
		s.log.Error("warm: list rooms", "err", err)
		return
	}
	for _, c := range codes {
		if ctx.Err() != nil {
			return
		}
		if _, err := s.room(ctx, c); err != nil && !errors.Is(err, db.ErrNotFound) {
			s.log.Error("warm: load room", "room", c, "err", err)
		}
	}
	s.log.Info("tables loaded", "count", len(codes))
}

// room returns the live room for a code, loading it from the log if need
// be; db.ErrNotFound for an unknown or closed code.
func (s *Server) room(ctx context.Context, code string) (*Room, error) {
	s.mu.Lock()
	slot, ok := s.rooms[code]
	if !ok {
		slot = &roomSlot{ready: make(chan struct{})}
		s.rooms[code] = slot
		s.mu.Unlock()
		k, t, err := s.loadTable(ctx, code)
		if err == nil {
			slot.room = newRoom(s, code, k, t)
		}
		slot.err = err
		close(slot.ready)
		if err != nil {
			s.mu.Lock()
			delete(s.rooms, code)
			s.mu.Unlock()
		}
		return slot.room, err
	}
	s.mu.Unlock()
	select {
	case <-slot.ready:
		return slot.room, slot.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// loadTable rebuilds an open table: its latest snapshot, then every log
// entry after it, applied exactly as they were live. A snapshot that
// can't be read or doesn't fit the log after it is only a shortcut: the
// table is replayed from its first entry instead, and the snapshot is
// written anew.
func (s *Server) loadTable(ctx context.Context, code string) (*kind, *table, error) {
	k, t, err := replay(ctx, s.db, s.kinds, code, true, true)
	if !errors.Is(err, errBadSnapshot) {
		return k, t, err
	}
	s.log.Warn("bad snapshot: replaying the log from the start", "room", code, "err", err)
	if k, t, err = replay(ctx, s.db, s.kinds, code, false, true); err != nil {
		return nil, nil, err
	}
	snap, err := t.snapshot()
	if err == nil {
		err = s.db.SaveSnapshot(ctx, code, t.Seq, snap)
	}
	if err != nil {
		s.log.Error("rewrite snapshot", "room", code, "err", err)
	}
	return k, t, nil
}

// errBadSnapshot marks a snapshot that can't be used.
var errBadSnapshot = errors.New("bad snapshot")

// Replay rebuilds a table (open or closed) from its log, from the latest
// snapshot or, with fromScratch, from the first entry, and returns its
// last sequence number and its state encoded as a snapshot. Two replays of
// one log are equal byte for byte; tests compare them.
func Replay(ctx context.Context, d *db.DB, code string, fromScratch bool) (int64, []byte, error) {
	_, t, err := replay(ctx, d, kinds(), code, !fromScratch, false)
	if err != nil {
		return 0, nil, err
	}
	snap, err := t.snapshot()
	return t.Seq, snap, err
}

// logStep is one entry of a table's log as walkLog replays it: the table
// after the entry, and the log lines the entry added.
type logStep struct {
	kind  *kind
	opts  Options
	t     *table
	index int
	entry entry
	lines []logLine
}

// walkLog rebuilds a table (open or closed) from its first log entry and
// calls fn after each entry. The history export, the fair record and the
// replays read the log this way.
func walkLog(ctx context.Context, d *db.DB, kinds map[string]*kind, code string, fn func(logStep) error) error {
	k, o, err := roomKind(ctx, d, kinds, code)
	if err != nil {
		return err
	}
	entries, err := d.Log(ctx, code, 0)
	if err != nil {
		return err
	}
	t := newTable(o)
	for i, e := range entries {
		en, err := decodeEntry(e)
		if err != nil {
			return fmt.Errorf("room %s: %w", code, err)
		}
		lines, err := applyEntry(k, t, en, e.Seq)
		if err != nil {
			return fmt.Errorf("room %s: %w", code, err)
		}
		if err := fn(logStep{kind: k, opts: o, t: t, index: i, entry: en, lines: lines}); err != nil {
			return err
		}
	}
	return nil
}

// roomKind is a table's game and the options it was created with.
func roomKind(ctx context.Context, d *db.DB, kinds map[string]*kind, code string) (*kind, Options, error) {
	row, err := d.RoomInfo(ctx, code)
	if err != nil {
		return nil, Options{}, err
	}
	return rowKind(kinds, row)
}

// rowKind is a table row's game and the options it was created with.
func rowKind(kinds map[string]*kind, row db.Room) (*kind, Options, error) {
	k, ok := kinds[row.Kind]
	if !ok {
		return nil, Options{}, fmt.Errorf("room %s: unknown game %q", row.Code, row.Kind)
	}
	var o Options
	if err := json.Unmarshal(row.Options, &o); err != nil {
		return nil, Options{}, fmt.Errorf("room %s: options: %w", row.Code, err)
	}
	return k, o, nil
}

// decodeEntry reads one stored log entry.
func decodeEntry(e db.Entry) (entry, error) {
	var en entry
	if err := json.Unmarshal(e.Entry, &en); err != nil {
		return en, fmt.Errorf("entry %d: %w", e.Seq, err)
	}
	return en, nil
}

// applyEntry applies a decoded log entry, number seq, exactly as it was
// live, and returns the log lines it added.
func applyEntry(k *kind, t *table, en entry, seq int64) ([]logLine, error) {
	lines, err := t.apply(k, en)
	if err != nil {
		return nil, fmt.Errorf("replay entry %d: %w", seq, err)
	}
	t.Seq = seq
	return lines, nil
}

// applyLogged applies one stored log entry.
func applyLogged(k *kind, t *table, e db.Entry) ([]logLine, error) {
	en, err := decodeEntry(e)
	if err != nil {
		return nil, err
	}
	return applyEntry(k, t, en, e.Seq)
}

func replay(ctx context.Context, d *db.DB, kinds map[string]*kind, code string, useSnapshot, openOnly bool) (*kind, *table, error) {
	row, snapSeq, snap, entries, err := d.Load(ctx, code)
	if err != nil {
		return nil, nil, err
	}
	if openOnly && row.Status != db.StatusOpen {
		return nil, nil, db.ErrNotFound
	}
	if !useSnapshot && snap != nil {
		snap, snapSeq = nil, 0
		if entries, err = d.Log(ctx, code, 0); err != nil {
			return nil, nil, err
		}
	}
	k, o, err := rowKind(kinds, row)
	if err != nil {
		return nil, nil, err
	}
	var t *table
	if snap != nil {
		if t, err = restoreTable(k, snap); err != nil {
			return nil, nil, fmt.Errorf("room %s: snapshot %d: %w: %v", code, snapSeq, errBadSnapshot, err)
		}
		if t.Seq != snapSeq {
			return nil, nil, fmt.Errorf("room %s: snapshot %d holds entry %d: %w", code, snapSeq, t.Seq, errBadSnapshot)
		}
	} else {
		t = newTable(o)
	}
	for _, e := range entries {
		if _, err := applyLogged(k, t, e); err != nil {
			if snap != nil {
				err = fmt.Errorf("%w: %v", errBadSnapshot, err) // the log after it doesn't fit the snapshot
			}
			return nil, nil, fmt.Errorf("room %s: %w", code, err)
		}
	}
	t.opened = row.CreatedAt
	return k, t, nil
}

// codeAlphabet has no look-alike characters (no I, L, O, 0, 1).
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// NewTag draws a cluster tag (cluster.Config.NewTag): the start of the
// codes of a machine's tables, from the codes' alphabet.
func NewTag() string { return newCode(cluster.TagLen) }

// Table codes: a private table's has 8 characters (31^8 ≈ 8.5·10^11, so
// guessing finds nothing: see docs/SECURITY.md); a public table's, or one
// whose host asked for a code to say aloud, has 4.
const (
	shortCode = 4
	longCode  = 8
)

// newCode draws a code of n characters, uniformly from the alphabet.
func newCode(n int) string {
	b := make([]byte, n)
	size := big.NewInt(int64(len(codeAlphabet)))
	for i := range b {
		k, _ := rand.Int(rand.Reader, size)
		b[i] = codeAlphabet[k.Int64()]
	}
	return string(b)
}

// validCode reports whether s is a well-formed table code: 4 or 8
// characters, or 6 or 10 in a cluster (a tag of 2 in front).
func validCode(s string) bool {
	switch len(s) {
	case shortCode, longCode, cluster.TagLen + shortCode, cluster.TagLen + longCode:
	default:
		return false
	}
	for i := 0; i < len(s); i++ {
		if !containsByte(codeAlphabet, s[i]) {
			return false
		}
	}
	return true
}

// normalCode reads a code as people type it: any case, with spaces or a
// dash between the halves of a long one.
func normalCode(raw string) (string, bool) {
	if validCode(raw) {
		return raw, true // as links and pages write it
	}
	code := strings.ToUpper(codeSeparators.Replace(strings.TrimSpace(raw)))
	return code, validCode(code)
}

var codeSeparators = strings.NewReplacer(" ", "", "-", "")

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// createRoom opens a new table with the host seated. The cap on open
// tables is checked by the insert itself (db.ErrFull).
func (s *Server) createRoom(ctx context.Context, k *kind, o Options, player, name string) (*Room, error) {
	opts, _ := json.Marshal(o)
	n := longCode
	if o.Public || o.ShortCode {
		n = shortCode
	}
	for attempt := 0; ; attempt++ {
		code := newCode(n)
		if s.cfg.Cluster != nil {
			code = s.cfg.Cluster.Tag() + code // the table lives where its tag does
		}
		err := s.db.CreateRoom(ctx, code, k.name, opts, s.now(), s.cfg.MaxOpenTables)
		if errors.Is(err, db.ErrExists) && attempt < 20 {
			continue
		}
		if err != nil {
			return nil, err
		}
		r, err := s.room(ctx, code)
		if err != nil {
			return nil, err
		}
		var cerr error
		if err := r.do(ctx, func() { cerr = r.commit(entry{T: eCreate, Player: player, Name: name}) }); err != nil {
			return nil, err
		}
		return r, cerr
	}
}

// CloseIdle closes the open tables with no log entry, or with nobody
// connected, for cfg.IdleClose: their viewers are told, their actors
// stop, and their logs stay in the database for replay. It returns how
// many it closed.
func (s *Server) CloseIdle(ctx context.Context) (int, error) {
	cutoff := s.now().Add(-s.cfg.IdleClose)
	codes, err := s.db.IdleRooms(ctx, cutoff)
	if err != nil {
		return 0, err
	}
	for _, r := range s.loadedRooms() {
		var alone time.Time
		if err := r.do(ctx, func() { alone = r.alone }); err == nil && !alone.IsZero() && alone.Before(cutoff) && !slices.Contains(codes, r.code) {
			codes = append(codes, r.code)
		}
	}
	for _, code := range codes {
		s.mu.Lock()
		slot := s.rooms[code]
		delete(s.rooms, code)
		s.mu.Unlock()
		if err := s.db.SetStatus(ctx, code, db.StatusClosed, s.now()); err != nil {
			return 0, err
		}
		if slot != nil {
			<-slot.ready
			if r := slot.room; r != nil {
				r.send(func() { r.closeViewers(1000, "table closed after a long pause") })
				r.stop()
			}
		}
		s.log.Info("table closed for inactivity", "room", code)
	}
	return len(codes), nil
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
			if _, err := s.CloseIdle(ctx); err != nil && ctx.Err() == nil {
				s.log.Error("close idle tables", "err", err)
			}
			s.db.DeleteExpiredSessions(ctx, s.now())
			s.limits.prune(s.now())
		}
	}
}

// Shutdown stops the rooms after their queued work, closes every websocket
// with 1012 (service restart: browsers reconnect), and stops the hub.
func (s *Server) Shutdown(ctx context.Context) error {
	rooms := s.loadedRooms()
	var wg sync.WaitGroup
	for _, r := range rooms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.send(func() { r.closeViewers(1012, "server restarting") })
			r.stop()
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
	return s.hub.CloseWithMsg(melody.FormatCloseMessage(1012, "server restarting"))
}

func itoa(n int) string { return strconv.Itoa(n) }

// failing notes whether a table's writes fail.
func (s *Server) failing(code string, yes bool) {
	s.failMu.Lock()
	defer s.failMu.Unlock()
	if s.failRoom == nil {
		s.failRoom = make(map[string]bool)
	}
	if yes {
		s.failRoom[code] = true
	} else {
		delete(s.failRoom, code)
	}
}

func (s *Server) failingCount() int {
	s.failMu.Lock()
	defer s.failMu.Unlock()
	return len(s.failRoom)
}

// loadedRooms are the rooms in memory (not those still loading).
func (s *Server) loadedRooms() []*Room {
	s.mu.Lock()
	defer s.mu.Unlock()
	rooms := make([]*Room, 0, len(s.rooms))
	for _, slot := range s.rooms {
		select {
		case <-slot.ready:
			if slot.room != nil {
				rooms = append(rooms, slot.room)
			}
		default:
		}
	}
	return rooms
}
