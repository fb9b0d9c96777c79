package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// Config is the runtime's settings (the server's flags, passed down).
type Config struct {
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
	// LobbyClose closes a table that never started once nobody has been
	// connected to it for this long (10 min by default).
	LobbyClose time.Duration
	// Unattended is how long bots play on at a table nobody is connected
	// to before they pause (10 min by default; a table's own option,
	// Options.Unattended, overrides it). They resume when someone opens
	// the table.
	Unattended time.Duration
	// SnapshotEvery is how many log entries pass between snapshots.
	SnapshotEvery int
	// MaxOpenTables caps the open tables.
	MaxOpenTables int
	// Ask is the language model for LLM bots (nil: none configured);
	// LLMTimeout bounds each question (5 s by default).
	Ask        holdem.Ask
	LLMTimeout time.Duration
	// Metrics counts what the tables do (nil: nothing is counted).
	Metrics Metrics
	// OnTurn, when set, is told (from the table's actor: it must not block) when a person's turn begins at a slow table.
	OnTurn func(TurnNotice)
}

// TurnNotice says a person's turn began at a slow table.
type TurnNotice struct {
	Room     string    // the table's code
	Game     string    // the game's kind: "president", "holdem", "lowunique", "impetus"
	Player   string    // the awaited person's player id
	Seat     int       // their seat, from 0
	Seq      int64     // the log entry after which the turn began (one push per turn)
	Deadline time.Time // when their time runs out
	Move     i18n.Msg  // what is awaited, as a sentence ("Play cards or pass.", "Choose a faction to guide.")
}

// WithDefaults fills unset fields.
func (c Config) WithDefaults() Config {
	or := func(d *time.Duration, def time.Duration) {
		if *d <= 0 {
			*d = def
		}
	}
	if c.NextDealDelay == 0 {
		c.NextDealDelay = 6 * time.Second
	}
	if c.SnapshotEvery <= 0 {
		c.SnapshotEvery = 50
	}
	if c.MaxOpenTables <= 0 {
		c.MaxOpenTables = 1000
	}
	or(&c.AbsentAutoplay, 30*time.Second)
	or(&c.AbsentGrace, 90*time.Second)
	or(&c.IdleClose, 24*time.Hour)
	or(&c.Unattended, 10*time.Minute)
	or(&c.LobbyClose, 10*time.Minute)
	or(&c.LLMTimeout, 5*time.Second)
	if c.Metrics == nil {
		c.Metrics = noMetrics{}
	}
	return c
}

// Metrics is what the runtime reports to the operator's counters.
type Metrics interface {
	// Committed: one log entry applied and written, in d.
	Committed(d time.Duration)
	// Pushed: n bytes written to one viewer.
	Pushed(n int)
	// SaveFailed: a log write failed.
	SaveFailed()
}

type noMetrics struct{}

func (noMetrics) Committed(time.Duration) {}
func (noMetrics) Pushed(int)              {}
func (noMetrics) SaveFailed()             {}

// Conn is one viewer's connection (a websocket): the room writes it each
// push, whole, and closes it with a websocket close code and reason.
type Conn interface {
	Write(msg []byte) error
	Close(code int, reason string)
}

// Runtime is every live table of the server: it loads a table from its
// log on first use, creates new ones, and stops them. Create it with New.
type Runtime struct {
	cfg   Config
	db    *db.DB
	log   *slog.Logger
	kinds map[string]*kind // the games by name
	order []*kind          // and in the home page's order

	// Now is the clock and Seed draws deals' seeds; tests replace them
	// before the first table loads.
	Now  func() time.Time
	Seed func() uint64
	// PushHook, set by tests before the first table loads, sees every
	// push to a viewer with the seat it sees the game from and the table
	// at that moment.
	PushHook func(c Conn, seat int, msg []byte, t *Table)
	// CheckShared, set by tests before the first table loads, makes every
	// push render for each viewer what its viewers share (Public
	// fragments, log lines) and panic where the two differ.
	CheckShared bool
	// Results takes each finished game's places (the database by
	// default: it records them and rates public games); tests may
	// replace it before the first table loads.
	Results Results
	// Clubs keeps each club table's Tonight table (the database by
	// default, club.go); tests may replace it before the first table loads.
	Clubs Clubs
	// CommitHook, set by tests before the first table loads, sees the
	// room after every entry it commits.
	CommitHook func(r *Room)

	mu    sync.Mutex
	rooms map[string]*roomSlot

	replayIx replayIndexes // where each table's finished deals start

	// the tables whose last write failed (readiness reports them)
	failMu   sync.Mutex
	failRoom map[string]bool
}

// New makes the runtime of a server on an open database.
func New(cfg Config, d *db.DB, log *slog.Logger) *Runtime {
	rt := &Runtime{cfg: cfg.WithDefaults(), db: d, log: log, kinds: map[string]*kind{}, rooms: make(map[string]*roomSlot),
		Now: time.Now, Seed: randomSeed, Results: d, Clubs: d}
	for _, k := range games() {
		rt.host(k)
	}
	return rt
}

// host adds a game to the runtime.
func (rt *Runtime) host(k *kind) {
	rt.kinds[k.name] = k
	rt.order = append(rt.order, k)
}

func (rt *Runtime) now() time.Time { return rt.Now() }

// roomSlot holds a room while it loads, so concurrent requests share one
// load.
type roomSlot struct {
	ready chan struct{}
	room  *Room
	err   error
}

// Warm loads every open table in the background so their bots and timers
// run again after a restart; requests load tables on demand meanwhile.
func (rt *Runtime) Warm(ctx context.Context) {
	if rt.db.Machine() != "" {
		return // in a cluster each machine takes the tables nobody serves (package cluster)
	}
	codes, err := rt.db.OpenRooms(ctx)
	if err != nil {
		rt.log.Error("warm: list rooms", "err", err)
		return
	}
	for _, c := range codes {
		if ctx.Err() != nil {
			return
		}
		if _, err := rt.room(ctx, c); err != nil && !errors.Is(err, db.ErrNotFound) {
			rt.log.Error("warm: load room", "room", c, "err", err)
		}
	}
	rt.log.Info("tables loaded", "count", len(codes))
}

// room returns the live room for a code, loading it from the log if need
// be; db.ErrNotFound for an unknown or closed code, ErrElsewhere for a
// table another machine of a cluster serves.
func (rt *Runtime) room(ctx context.Context, code string) (*Room, error) {
	rt.mu.Lock()
	slot, ok := rt.rooms[code]
	if !ok {
		slot = &roomSlot{ready: make(chan struct{})}
		rt.rooms[code] = slot
		rt.mu.Unlock()
		t, err := rt.claimAndLoad(ctx, code)
		if err == nil {
			slot.room = newRoom(rt, code, t)
		}
		slot.err = err
		close(slot.ready)
		if err != nil {
			rt.mu.Lock()
			delete(rt.rooms, code)
			rt.mu.Unlock()
		}
		return slot.room, err
	}
	rt.mu.Unlock()
	select {
	case <-slot.ready:
		return slot.room, slot.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// ErrElsewhere is a table another machine of the cluster serves now.
var ErrElsewhere = errors.New("another machine serves this table")

// claimAndLoad loads a table this machine may serve: in a cluster, it
// takes the table's lease first (a table nobody serves) or refuses one
// another machine serves (ErrElsewhere).
func (rt *Runtime) claimAndLoad(ctx context.Context, code string) (*Table, error) {
	if !rt.db.Holds(code) {
		l, err := rt.db.TakeLease(ctx, code)
		if err != nil {
			return nil, err
		}
		if l.Owner != rt.db.Machine() {
			if l.Live {
				return nil, ErrElsewhere
			}
			return nil, db.ErrNotFound // closed: no lease to take
		}
	}
	return rt.loadTable(ctx, code)
}

// loadTable rebuilds an open table: its latest snapshot, then every log
// entry after it, applied exactly as they were live. A snapshot that
// can't be read or doesn't fit the log after it is only a shortcut: the
// table is replayed from its first entry instead, and the snapshot is
// written anew.
func (rt *Runtime) loadTable(ctx context.Context, code string) (*Table, error) {
	t, err := replay(ctx, rt.db, rt.kinds, code, true, true, true)
	if err == nil && t.damage != nil {
		rt.log.Error("damaged log entry: the table opens read-only at its last good entry", "room", code, "entry", t.damage.Seq, "err", t.damage.Err)
	}
	if !errors.Is(err, errBadSnapshot) {
		return t, err
	}
	rt.log.Warn("bad snapshot: replaying the log from the start", "room", code, "err", err)
	if t, err = replay(ctx, rt.db, rt.kinds, code, false, true, true); err != nil {
		return nil, err
	}
	if t.damage != nil {
		// the other tables are untouched; this one opens read-only where
		// its log was last good (tables damaged / repair)
		rt.log.Error("damaged log entry: the table opens read-only at its last good entry", "room", code, "entry", t.damage.Seq, "err", t.damage.Err)
		return t, nil
	}
	snap, err := t.Snapshot()
	if err == nil {
		err = rt.db.SaveSnapshot(ctx, code, t.Seq, snap)
	}
	if err != nil {
		rt.log.Error("rewrite snapshot", "room", code, "err", err)
	}
	return t, nil
}

// ErrNotSaved is a new table the database could not take (a full disk).
var ErrNotSaved = errors.New("the table could not be saved")

// Damage is a log entry a table can't apply (a damaged row): the table
// stops at the entry before it, read-only.
type Damage struct {
	Seq int64  // the damaged entry
	Err string // why it doesn't apply
}

// Check replays an open or closed table's whole log and returns the first
// entry that doesn't apply (nil: the log is sound).
func Check(ctx context.Context, d *db.DB, code string) (*Damage, error) {
	t, err := replay(ctx, d, kinds(), code, false, false, true)
	if err != nil {
		return nil, err
	}
	return t.damage, nil
}

// Repair cuts a damaged table's log at its damaged entry: that entry and
// every one after it go (with any snapshot after them), and the table
// resumes at its last good entry. Run it with the server stopped (or
// restart it after): a running server holds the table read-only.
func Repair(ctx context.Context, d *db.DB, code string) (*Damage, error) {
	dmg, err := Check(ctx, d, code)
	if err != nil || dmg == nil {
		return nil, err
	}
	return dmg, d.TruncateLog(ctx, code, dmg.Seq)
}

// errBadSnapshot marks a snapshot that can't be used.
var errBadSnapshot = errors.New("bad snapshot")

// Replay rebuilds a table (open or closed) from its log, from the latest
// snapshot or, with fromScratch, from the first entry, and returns its
// last sequence number and its state encoded as a snapshot. Two replays of
// one log are equal byte for byte; tests compare them.
func Replay(ctx context.Context, d *db.DB, code string, fromScratch bool) (int64, []byte, error) {
	t, err := replay(ctx, d, kinds(), code, !fromScratch, false, false)
	if err != nil {
		return 0, nil, err
	}
	snap, err := t.Snapshot()
	return t.Seq, snap, err
}

// logStep is one entry of a table's log as walkLog replays it: the table
// after the entry, and the log lines the entry added; kind and opts are
// the game the table began with.
type logStep struct {
	kind  *kind
	opts  Options
	t     *Table
	index int
	entry entry
	lines []logLine
}

// walkLog rebuilds a table (open or closed) from its first log entry and
// calls fn after each entry, up to a damaged entry if there is one. The history export, the fair record and the
// replays read the log this way.
func walkLog(ctx context.Context, d *db.DB, kinds map[string]*kind, code string, fn func(logStep) error) error {
	row, err := d.RoomInfo(ctx, code)
	if err != nil {
		return err
	}
	entries, err := d.Log(ctx, code, 0)
	if err != nil {
		return err
	}
	k, o, err := startKind(kinds, row, entries)
	if err != nil {
		return err
	}
	t := newTable(k, o)
	for i, e := range entries {
		en, err := decodeEntry(e)
		if err != nil {
			return nil // a damaged entry: the log is read up to it
		}
		lines, err := applyEntry(t, en, e.Seq)
		if err != nil {
			return nil // likewise (apply changed nothing)
		}
		if err := fn(logStep{kind: k, opts: o, t: t, index: i, entry: en, lines: lines}); err != nil {
			return err
		}
	}
	return nil
}

// rowKind is a table row's game and the options it was created with. A
// row naming a game this server doesn't have, or options it can't read,
// is a damaged row: the table can't be shown, and everything asked of it
// is refused READ_ONLY (errUnreadable), never a 500.
func rowKind(kinds map[string]*kind, row db.Room) (*kind, Options, error) {
	k, ok := kinds[row.Kind]
	if !ok {
		return nil, Options{}, fmt.Errorf("room %s: unknown game %q: %w", row.Code, row.Kind, errUnreadable())
	}
	var o Options
	if err := json.Unmarshal(row.Options, &o); err != nil {
		return nil, Options{}, fmt.Errorf("room %s: options: %v: %w", row.Code, err, errUnreadable())
	}
	return k, o, nil
}

// errUnreadable is a table whose row can't be read: a *game.Error, so a
// person and a program are told why in their words.
func errUnreadable() error { return game.Err("READ_ONLY", "error.table.unreadable") }

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
func applyEntry(t *Table, en entry, seq int64) ([]logLine, error) {
	lines, err := t.apply(en)
	if err != nil {
		return nil, fmt.Errorf("replay entry %d: %w", seq, err)
	}
	t.Seq = seq
	return lines, nil
}

// applyLogged applies one stored log entry.
func applyLogged(t *Table, e db.Entry) ([]logLine, error) {
	en, err := decodeEntry(e)
	if err != nil {
		return nil, err
	}
	return applyEntry(t, en, e.Seq)
}

// replay rebuilds a table from its latest snapshot (useSnapshot) or its
// first entry, and the entries after. An entry that doesn't apply fails
// it, unless tolerant and replaying from the first entry: then the table
// stops at its last good entry and notes the damage (Table.damage).
func replay(ctx context.Context, d *db.DB, kinds map[string]*kind, code string, useSnapshot, openOnly, tolerant bool) (*Table, error) {
	row, snapSeq, snap, entries, err := d.Load(ctx, code)
	if err != nil {
		return nil, err
	}
	if openOnly && row.Status != db.StatusOpen {
		return nil, db.ErrNotFound
	}
	if !useSnapshot && snap != nil {
		snap, snapSeq = nil, 0
		if entries, err = d.Log(ctx, code, 0); err != nil {
			return nil, err
		}
	}
	// the game the table began with (a snapshot says which it played
	// then, unless it is from before a table could change game: then
	// it never had, and any switch is in the entries after it)
	k, o, err := startKind(kinds, row, entries)
	if err != nil {
		return nil, err
	}
	var t *Table
	if snap != nil {
		if t, err = restoreTable(k, snap); err != nil {
			return nil, fmt.Errorf("room %s: snapshot %d: %w: %v", code, snapSeq, errBadSnapshot, err)
		}
		if t.Seq != snapSeq {
			return nil, fmt.Errorf("room %s: snapshot %d holds entry %d: %w", code, snapSeq, t.Seq, errBadSnapshot)
		}
	} else {
		t = newTable(k, o)
	}
	for _, e := range entries {
		if _, err := applyLogged(t, e); err != nil {
			if snap != nil {
				err = fmt.Errorf("%w: %v", errBadSnapshot, err) // the log after it doesn't fit the snapshot
			} else if tolerant {
				t.damage = &Damage{Seq: e.Seq, Err: err.Error()}
				break
			}
			return nil, fmt.Errorf("room %s: %w", code, err)
		}
	}
	t.opened = row.CreatedAt
	return t, nil
}

// createRoom opens a new table with the host seated. The cap on open
// tables is checked by the insert itself (db.ErrFull).
func (rt *Runtime) createRoom(ctx context.Context, k *kind, o Options, player, name string) (*Room, error) {
	opts, _ := json.Marshal(o)
	n := LongCode
	if o.Public || o.ShortCode {
		n = ShortCode
	}
	for attempt := 0; ; attempt++ {
		code := NewCode(n)
		err := rt.db.CreateRoom(ctx, code, k.name, opts, rt.now(), rt.cfg.MaxOpenTables)
		if errors.Is(err, db.ErrExists) && attempt < 20 {
			continue
		}
		if errors.Is(err, db.ErrFull) && attempt < 20 {
			// the cap is reached: a table nobody is at makes way
			if made, merr := rt.makeRoom(ctx); merr != nil {
				return nil, merr
			} else if made {
				continue
			}
		}
		if db.IsFull(err) {
			return nil, fmt.Errorf("%w: %v", ErrNotSaved, err)
		}
		if err != nil {
			return nil, err
		}
		r, err := rt.room(ctx, code)
		if err != nil {
			return nil, err
		}
		var cerr error
		if err := r.do(ctx, func() { cerr = r.commit(entry{T: eCreate, Player: player, Name: name}) }); err != nil {
			return nil, err
		}
		if cerr != nil {
			// the host's seat could not be written (a full disk): no half
			// table stays open
			if err := rt.close(ctx, code, "table not saved"); err != nil {
				rt.log.Error("close an unsaved table", "room", code, "err", err)
			}
			return nil, fmt.Errorf("%w: %v", ErrNotSaved, cerr)
		}
		return r, nil
	}
}

// CloseIdle closes the open tables with no log entry, or with nobody
// connected, for cfg.IdleClose: their viewers are told, their actors
// stop, and their logs stay in the database for replay. It returns how
// many it closed.
func (rt *Runtime) CloseIdle(ctx context.Context) (int, error) {
	now := rt.now()
	cutoff := now.Add(-rt.cfg.IdleClose)
	idle, err := rt.db.IdleRooms(ctx, cutoff)
	if err != nil {
		return 0, err
	}
	// in a cluster, each machine closes only the tables it serves (one
	// nobody serves is taken, then closed, by the machine that takes it)
	codes := idle[:0]
	for _, c := range idle {
		if rt.db.Holds(c) {
			codes = append(codes, c)
		}
	}
	for _, r := range rt.loadedRooms() {
		alone, started, err := r.solitude(ctx)
		if err != nil || alone.IsZero() || slices.Contains(codes, r.code) {
			continue
		}
		// a table nobody is at goes after IdleClose; one that never
		// started (a lobby nobody joined) after LobbyClose, but a slow
		// table's lobby waits as long as any table (its friends come
		// over a day, not over minutes)
		if alone.Before(cutoff) || !started && !r.Slow() && alone.Before(now.Add(-rt.cfg.LobbyClose)) {
			codes = append(codes, r.code)
		}
	}
	codes = rt.keepSlow(ctx, codes)
	for _, code := range codes {
		if err := rt.close(ctx, code, "table closed after a long pause"); err != nil {
			return 0, err
		}
		rt.log.Info("table closed for inactivity", "room", code)
	}
	return len(codes), nil
}

// solitude is since when nobody has been connected to the room (zero
// while someone is), and whether its game has started.
func (r *Room) solitude(ctx context.Context) (alone time.Time, started bool, err error) {
	err = r.do(ctx, func() { alone, started = r.alone, r.t.Started() })
	return alone, started, err
}

// close closes an open table: its row, its viewers (told why), its actor.
// Its log stays for replays.
func (rt *Runtime) close(ctx context.Context, code, reason string) error {
	rt.mu.Lock()
	slot := rt.rooms[code]
	delete(rt.rooms, code)
	rt.mu.Unlock()
	if err := rt.db.SetStatus(ctx, code, db.StatusClosed, rt.now()); err != nil {
		return err
	}
	if slot != nil {
		<-slot.ready
		if r := slot.room; r != nil {
			r.send(func() { r.closeViewers(1000, reason) })
			r.stop()
		}
	}
	// in a cluster, nobody serves a closed table: its lease is handed on
	return rt.db.ReleaseLeases(ctx, []string{code})
}

// evictAfter is how long a lobby must have had nobody connected before
// the cap may close it for a new table: the moment between a table's
// creation and its host's page connecting is never it.
const evictAfter = 5 * time.Second

// makeRoom closes the open table that costs least to lose, so a new table
// fits under the cap: a lobby nobody is connected to (the oldest such),
// else a started table nobody has watched for Config.Unattended (its bots
// have paused). A table with anyone connected is never closed. It reports
// whether it closed one.
func (rt *Runtime) makeRoom(ctx context.Context) (bool, error) {
	now := rt.now()
	var pick *Room
	var pickAt time.Time
	pickStarted := true
	for _, r := range rt.loadedRooms() {
		alone, started, err := r.solitude(ctx)
		if err != nil || alone.IsZero() {
			continue
		}
		need := evictAfter
		if started {
			need = rt.cfg.Unattended
		}
		if now.Sub(alone) < need {
			continue
		}
		if pick == nil || pickStarted && !started || started == pickStarted && alone.Before(pickAt) {
			pick, pickAt, pickStarted = r, alone, started
		}
	}
	if pick == nil {
		return false, nil
	}
	rt.log.Info("table closed to make room for a new one", "room", pick.code, "started", pickStarted, "alone_since", pickAt)
	return true, rt.close(ctx, pick.code, "table closed to make room")
}

// Shutdown stops the rooms after their queued work and closes every
// viewer's connection with 1012 (service restart: browsers reconnect),
// waiting at most until ctx ends.
func (rt *Runtime) Shutdown(ctx context.Context) {
	rt.Release(func(string) bool { return true }, 1012, "server restarting", ctx)
}

// Release stops the rooms whose code match picks, after their queued
// work: their viewers are closed with the websocket code and reason
// (1012: browsers reconnect), their actors stop and the runtime forgets
// them (the next request loads them again, if they are still open). It
// waits at most until ctx ends.
func (rt *Runtime) Release(match func(code string) bool, code int, reason string, ctx context.Context) {
	var wg sync.WaitGroup
	for _, r := range rt.loadedRooms() {
		if !match(r.code) {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.send(func() { r.closeViewers(code, reason) })
			r.stop()
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
	rt.mu.Lock()
	for c := range rt.rooms {
		if match(c) {
			delete(rt.rooms, c)
		}
	}
	rt.mu.Unlock()
}

func itoa(n int) string { return strconv.Itoa(n) }

// failing notes whether a table's writes fail.
func (rt *Runtime) failing(code string, yes bool) {
	rt.failMu.Lock()
	defer rt.failMu.Unlock()
	if rt.failRoom == nil {
		rt.failRoom = make(map[string]bool)
	}
	if yes {
		rt.failRoom[code] = true
	} else {
		delete(rt.failRoom, code)
	}
}

func (rt *Runtime) failingCount() int {
	rt.failMu.Lock()
	defer rt.failMu.Unlock()
	return len(rt.failRoom)
}

// loadedRooms are the rooms in memory (not those still loading).
func (rt *Runtime) loadedRooms() []*Room {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	rooms := make([]*Room, 0, len(rt.rooms))
	for _, slot := range rt.rooms {
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

// gameInfos lists the games for the home page, each with the AI kinds its
// tables may choose (the language model only when one is configured).
func (rt *Runtime) gameInfos() []views.GameInfo {
	var out []views.GameInfo
	for _, k := range rt.order {
		info := k.info
		for _, b := range k.bots {
			if b != "llm" || rt.cfg.Ask != nil {
				info.Bots = append(info.Bots, views.BotChoice{Name: b, Label: views.T("game." + k.name + ".bot." + b)})
			}
		}
		out = append(out, info)
	}
	return out
}

// botOption reads the AI kind of a creation form: one the game offers,
// and the language model only when the server has one.
func (rt *Runtime) botOption(k *kind, choice string) (string, error) {
	if choice == "" || choice == k.defaultBot {
		return "", nil
	}
	for _, b := range k.bots {
		if b == choice {
			if b == "llm" && rt.cfg.Ask == nil {
				return "", game.Err(game.CodeInvalidAction, "error.table.no_llm")
			}
			return b, nil
		}
	}
	return "", game.Err(game.CodeInvalidAction, "error.table.choose_ai")
}
