package room

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	mrand "math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// Room is the actor of one table: a goroutine that alone reads and writes
// the table. Everything else talks to it through do and send; timers (bot
// moves, the next deal) are messages to it as well.
type Room struct {
	code   string
	rt     *Runtime
	public bool // listed on the home page (fixed at creation, kept by a change of game; read outside the actor)
	hours  int  // hours per move at a slow table, 0 in real time (fixed at creation, kept by a change of game; read outside the actor)
	inbox  chan func()
	done   chan struct{}

	// owned by the actor goroutine
	t *Table
	// unsaved: t holds an entry the database never had (its write failed
	// and the table could not be read again): nothing of t is shown or
	// played on until it is read again (reload)
	unsaved bool
	viewers map[Conn]*viewer
	rng     *mrand.Rand
	timer   *time.Timer
	timerN  int       // bumps to disarm a timer that already fired
	timerAt time.Time // when the timer fires, by the runtime's clock
	stopped bool

	// The clocks: none of this is in the log; after a restart every clock
	// starts afresh.
	waitingSince map[int]time.Time     // seats the match waits for, since when
	botDelay     map[int]time.Duration // a bot's thinking time for its current wait
	gone         map[int]time.Time     // players of a started table with no connection, since when
	idleSince    time.Time             // the match waits for nobody (between deals) since
	chatTimes    map[string][]time.Time
	asking       map[int]bool // seats whose language model is being asked
	// the match's phase timer (game.Timed): which phase, since when
	phaseKey   int
	phaseSince time.Time
	// saving trouble: consecutive failed writes, and when to try again
	saveFailures int
	retryAt      time.Time
	// nobody connected: since when (zero while someone is), and whether
	// the bots have paused for it
	alone   time.Time
	dormant bool
	// a slow table's turns (pace.go)
	pace paceState
	// the match's play time (playTimed: a tournament's level clock): what
	// it had before playSince, and since when it runs (zero: stopped,
	// while the table is paused, dormant or its match over)
	playBase  time.Duration
	playSince time.Time
	scratch   bytes.Buffer         // where pushes are rendered (see message)
	kept      keptWords            // what the room words and keeps between pushes
	pages     map[string]*pageSnap // what pages rendered lately hold (pages.go)
	// results (room/results.go): the last game recorded, the people
	// seated as the database knows them (player id to name), and at a
	// public table their handles and ratings in this game
	recorded int
	seated   map[string]string
	rated    map[string]db.Rated
	// addrs are the addresses each player's commands came from (rated.go)
	addrs map[string][]string
}

// viewer is one websocket connection watching the table.
type viewer struct {
	conn   Conn
	player string
	seat   int
	stage  string              // "lobby" or "game": a change resends the stage
	sent   map[string]sentFrag // what the viewer has, by fragment id
	fresh  bool                // the viewer's seat was fresh at the last push
	page   bool                // its next push is the first after its page (pages.go)
	pushes int64               // pushes made to this connection (the last one's data-n)
	lang   *i18n.Lang          // the language the viewer reads (its page's)
	// program: a remote bot's connection, pushed JSON lines (program.go);
	// programHash is what its last line said (without the clock readings)
	program     bool
	programHash uint64
}

// langOf is the language of a connection (English when it does not say).
func langOf(c Conn) *i18n.Lang {
	if lc, ok := c.(interface{ Lang() *i18n.Lang }); ok {
		if l := lc.Lang(); l != nil {
			return l
		}
	}
	return i18n.English()
}

// sentFrag is what a viewer has of one fragment: its key, if it has one,
// and the hash of its HTML.
type sentFrag struct{ key, hash uint64 }

// roomView is what rendering needs for one viewer.
type roomView struct {
	code      string
	t         *Table
	seat      int
	player    string
	connected []bool
	nextAt    time.Time         // when the table moves on by itself (next deal)
	now       time.Time         // the server's clock at the render
	played    time.Duration     // the match's play time now (playTimed)
	playing   bool              // and whether it runs
	banks     map[int]bool      // seats whose clock runs on their time bank
	phaseAt   time.Time         // when the match's timed phase ends (a reveal)
	deadlines map[int]time.Time // per seat: when its clock runs out
	actURL    string
	// replay: the view is a replay's, worded in the third person ("Ann
	// to act"), never as the viewer's own move
	replay bool
	rated  map[string]db.Rated // at a public table: the people's ratings, by player
	lang   *i18n.Lang          // the viewer's language (models built in Go write in it)
	// pushed is what a push's viewers share beyond this (nil outside a
	// push: nothing is shared)
	pushed *pushShares
	// kept is what the room keeps worded between pushes (nil outside a
	// room: nothing is kept)
	kept *keptWords
}

// pushShares are what the viewers of one push have alike, by language:
// the first viewer that needs a part words it, the others of its
// language read it.
type pushShares struct{ langs []*langShares }

// langShares are a push's parts in one language: what every viewer sees
// alike of the game (each game's glue says what), worded at the match's
// version.
type langShares struct {
	lang    *i18n.Lang
	version int
	public  any
}

// shares are the push's parts in the viewer's language (empty, and kept
// by no one, outside a push).
func (rv *roomView) shares() *langShares {
	l := rv.l()
	if rv.pushed == nil {
		return &langShares{lang: l}
	}
	for _, s := range rv.pushed.langs {
		if s.lang == l {
			return s
		}
	}
	s := &langShares{lang: l}
	rv.pushed.langs = append(rv.pushed.langs, s)
	return s
}

// keptWords are what a room words and keeps between pushes, by language
// (each game's glue says what: Impetus its map's cells, Hold'em its
// hand's action lines). Only the room's actor reads and writes them.
type keptWords struct{ langs map[*i18n.Lang]any }

// keptAt is what the room keeps worded in rv's language, made by fresh
// the first time (and every time outside a room).
func keptAt[T any](rv *roomView, fresh func() T) T {
	if rv.kept == nil {
		return fresh()
	}
	if k, ok := rv.kept.langs[rv.l()].(T); ok {
		return k
	}
	k := fresh()
	if rv.kept.langs == nil {
		rv.kept.langs = map[*i18n.Lang]any{}
	}
	rv.kept.langs[rv.l()] = k
	return k
}

// keptMsgs are messages a room words and keeps by number (a cell of the
// map, an action of the hand): a message equal to the one kept at its
// number reads as the text kept, not worded again.
type keptMsgs struct {
	msgs  []i18n.Msg
	texts []string
}

// text is m in l, kept (a copy) as number i.
func (k *keptMsgs) text(l *i18n.Lang, i int, m i18n.Msg) string {
	if i < len(k.msgs) && k.msgs[i].Equal(m) {
		return k.texts[i]
	}
	for len(k.msgs) <= i {
		k.msgs, k.texts = append(k.msgs, i18n.Msg{}), append(k.texts, "")
	}
	k.msgs[i], k.texts[i] = m.Clone(), l.Msg(m)
	return k.texts[i]
}

// publicAt is the part of the game every viewer of rv's language sees
// alike at the match's version, worded by words for the push's first
// viewer that needs it and read by the others. Its readers must not
// change it.
func publicAt[T any](rv *roomView, version int, words func() T) T {
	s := rv.shares()
	if p, ok := s.public.(T); ok && s.version == version {
		return p
	}
	p := words()
	s.public, s.version = p, version
	return p
}

func (rv *roomView) seatView(i int) views.Seat {
	s := rv.t.Seats[i]
	v := views.Seat{Index: i, Name: rv.name(i), Bot: s.Bot, Ready: s.Ready, Host: s.Player != "" && s.Player == rv.t.Host,
		You: i == rv.seat, Empty: s.empty(), Connected: s.Bot != "" || i == rv.seat || (i < len(rv.connected) && rv.connected[i]),
		Away: s.Away && !rv.replay, Deadline: unixMilli(rv.deadlines[i]), Place: views.Place(i, len(rv.t.Seats), rv.seat), Remote: s.Remote}
	if p, ok := rv.rated[s.Player]; ok && s.Player != "" && s.Bot == "" {
		v.Rating, v.Profile = int(math.Round(p.R)), "/p/"+p.Handle
	}
	if d := rv.deadlines[i]; !d.IsZero() {
		v.ClockMS = int64(rv.t.Opts.Clock) * 1000
		if h := rv.t.Opts.Pace; h > 0 {
			v.Slow, v.ClockMS = true, int64(h)*3600*1000
		}
		if rv.banks[i] {
			v.Bank, v.ClockMS = true, int64(rv.t.bank(i))
		}
	}
	return v
}

// name is what a seat's player goes by, in the viewer's language: a
// bot by its number ("Bot 3", bot.name), a person by their name, a seat
// nobody took by its number (seat.name).
func (rv *roomView) name(seat int) string { return rv.t.nameIn(rv.l(), seat) }

// l is the viewer's language (English when the view has none).
func (rv *roomView) l() *i18n.Lang {
	if rv.lang == nil {
		return i18n.English()
	}
	return rv.lang
}

func unixMilli(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func newRoom(rt *Runtime, code string, t *Table) *Room {
	var seed [16]byte
	rand.Read(seed[:])
	r := &Room{
		code: code, rt: rt, t: t, public: t.Opts.Public, hours: t.Opts.Pace,
		inbox:        make(chan func(), 64),
		done:         make(chan struct{}),
		viewers:      make(map[Conn]*viewer),
		waitingSince: make(map[int]time.Time), botDelay: make(map[int]time.Duration),
		gone: make(map[int]time.Time), chatTimes: make(map[string][]time.Time), asking: make(map[int]bool),
		rng:   mrand.New(mrand.NewPCG(binary.LittleEndian.Uint64(seed[:8]), binary.LittleEndian.Uint64(seed[8:]))),
		alone: rt.now(),
	}
	if pt, ok := t.Match.(playTimed); ok {
		r.playBase = pt.PlayedTime() // noted at its last deal
	}
	go r.loop()
	r.send(func() {
		r.record() // a game that ended just before a restart
		r.clubEvening("")
		r.seatings()
	})
	r.send(r.schedule)
	return r
}

func (r *Room) loop() {
	defer close(r.done)
	for fn := range r.inbox {
		fn()
		if r.stopped {
			return
		}
	}
}

// errRoomClosed is returned for a room that stopped.
var errRoomClosed = game.Err(game.CodeInternal, "error.table.closed")

// do runs fn in the actor and waits for it.
func (r *Room) do(ctx context.Context, fn func()) error {
	ran := make(chan struct{})
	select {
	case r.inbox <- func() { fn(); close(ran) }:
	case <-r.done:
		return errRoomClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case <-ran:
		return nil
	case <-r.done:
		return errRoomClosed
	}
}

// send queues fn for the actor without waiting.
func (r *Room) send(fn func()) {
	select {
	case r.inbox <- fn:
	case <-r.done:
	}
}

// stop finishes what is queued, disarms timers and ends the actor.
func (r *Room) stop() {
	r.send(func() {
		r.disarm()
		r.stopped = true
		if r.saveFailures > 0 {
			r.rt.failing(r.code, false)
		}
	})
	<-r.done
}

// commit applies an entry, writes it to the log, and only then tells the
// viewers. If the write fails the room is rebuilt from the log, which
// holds the truth.
func (r *Room) commit(e entry) error {
	if d := r.t.damage; d != nil {
		return game.Err("READ_ONLY", "error.table.damaged", i18n.N("Entry", int(d.Seq)))
	}
	if r.unsaved {
		// the table must be read again before anything is played on it
		if err := r.reload(); err != nil {
			r.saveTrouble(err)
			return game.Err(game.CodeInternal, "error.table.not_saved")
		}
	}
	start := time.Now()
	handed := r.t.Evening.last() // what the club has, unless this entry finishes something (clubEvening)
	lines, err := r.t.apply(e)
	if err != nil {
		return err
	}
	data, err := json.Marshal(e)
	if err == nil {
		err = r.rt.db.Append(context.Background(), r.code, r.t.Seq+1, r.rt.now(), data)
	}
	if err != nil {
		r.saveFailed(err)
		return game.Err(game.CodeInternal, "error.table.not_saved")
	}
	r.saved()
	r.t.Seq++
	if h := r.rt.CommitHook; h != nil {
		h(r)
	}
	if e.T == eSwitch {
		switched(r.rt, r.code, r.t)
		r.rated = nil // the people's ratings are in the next game now
	}
	r.record()
	r.clubEvening(handed) // after the game's results: the club's page reads both
	r.seatings()
	if e.T == eMove {
		delete(r.waitingSince, e.Seat) // the seat moved: its clock stops
	}
	if e.T == eAgain || e.T == eSwitch {
		r.playBase, r.playSince = 0, time.Time{} // a new match: its play time starts at 0
	}
	r.rt.cfg.Metrics.Committed(time.Since(start))
	if r.t.Seq%int64(r.rt.cfg.SnapshotEvery) == 0 {
		r.saveSnapshot()
	}
	r.rt.log.Debug("entry", "room", r.code, "seq", r.t.Seq, "t", e.T, "seat", e.Seat, "by", e.By, "duration", time.Since(start))
	r.schedule()
	r.reseat()
	r.push(lines)
	if e.T != eCommit {
		r.commitSeed()
	}
	r.seatAsks()
	if e.T == eQuit || e.T == eAway || e.T == eFree || e.T == eResume {
		// the one awaited to play again left, is away, or the table resumed
		if err := r.againIfReady(); err != nil {
			r.rt.log.Error("play again", "room", r.code, "err", err)
		}
	}
	return nil
}

// seatAsks seats the first accepted asker in a seat a bot holds, when the
// game lets a seat change hands now.
func (r *Room) seatAsks() {
	if !r.t.Started() || r.t.Match.Over() || (r.t.kind.seatOpen != nil && !r.t.kind.seatOpen(r.t.Match)) {
		return
	}
	for _, a := range r.t.Asks {
		if !a.Accepted {
			continue
		}
		for i, s := range r.t.Seats {
			if s.Bot != "" && (r.t.kind.seatFree == nil || r.t.kind.seatFree(r.t.Match, i)) {
				if err := r.commit(entry{T: eTake, Seat: i, Player: a.Player, Name: a.Name}); err != nil {
					r.rt.log.Error("take seat", "room", r.code, "seat", i, "err", err)
				}
				return // the commit seats the next one, if any
			}
		}
		return // no bot seat: the asker waits for one
	}
}

// commitSeed chooses the seed of the next deal as soon as none is
// pending, and logs its hash: the table is bound to it before any card of
// that deal exists.
func (r *Room) commitSeed() {
	f := &r.t.Fair
	if r.t.kind.fair == nil || f.Next != 0 || f.Current != 0 || r.t.Match != nil && r.t.Match.Over() && len(r.t.Offers) == 0 {
		return // an ended match deals nothing more, until someone wants to play again
	}
	if err := r.commit(entry{T: eCommit, Seed: r.rt.Seed()}); err != nil {
		r.rt.log.Error("commit seed", "room", r.code, "err", err)
	}
}

// nextSeed is the seed of the next deal: the committed one.
func (r *Room) nextSeed() uint64 {
	if r.t.Fair.Next != 0 {
		return r.t.Fair.Next
	}
	return r.rt.Seed()
}

func (r *Room) saveSnapshot() {
	snap, err := r.t.Snapshot()
	if err == nil {
		err = r.rt.db.SaveSnapshot(context.Background(), r.code, r.t.Seq, snap)
	}
	if err != nil {
		r.rt.log.Error("snapshot failed", "room", r.code, "err", err)
	}
}

// Saving trouble (a full disk, a failing volume): the table backs off,
// 250 ms after the first failure and twice as long after each next one up
// to 2 s, and its players are told; nothing the table does itself runs
// before the retry time. The first success clears it, so a table saves
// again within about 2 s of space returning.
const (
	saveRetryFirst = 250 * time.Millisecond
	saveRetryMax   = 2 * time.Second
)

// saveBackoff is the wait after the given number of consecutive failed
// writes.
func saveBackoff(failures int) time.Duration {
	if failures >= 8 {
		return saveRetryMax
	}
	return min(saveRetryFirst<<(failures-1), saveRetryMax)
}

// saveFailed notes a failed write, arms the backoff and rebuilds the
// table from the log, which holds the truth.
func (r *Room) saveFailed(err error) {
	if errors.Is(err, db.ErrFenced) {
		// another machine of the cluster took the table over (this one was
		// frozen or cut off past its lease): the database refused the
		// write, and this machine stops serving the table; its viewers
		// reconnect to the new owner
		r.rt.log.Warn("table taken over by another machine: stop serving it", "room", r.code)
		r.rt.db.Forget(r.code)
		go r.rt.Release(func(c string) bool { return c == r.code }, 1012, "table moved", context.Background())
		return
	}
	r.saveTrouble(err)
	if err := r.reload(); err != nil {
		r.rt.log.Error("reload failed", "room", r.code, "err", err)
	}
}

// saveTrouble notes a failed write and arms the backoff.
func (r *Room) saveTrouble(err error) {
	r.saveFailures++
	wait := saveBackoff(r.saveFailures)
	r.retryAt = r.rt.now().Add(wait)
	if r.saveFailures == 1 {
		r.rt.failing(r.code, true)
	}
	r.rt.cfg.Metrics.SaveFailed()
	r.rt.log.Error("append failed", "room", r.code, "failures", r.saveFailures, "retry_in", wait, "err", err)
}

// saved clears the saving trouble after a successful write.
func (r *Room) saved() {
	if r.saveFailures == 0 {
		return
	}
	r.rt.log.Info("saving works again", "room", r.code, "after_failures", r.saveFailures)
	r.saveFailures, r.retryAt = 0, time.Time{}
	r.rt.failing(r.code, false)
}

// reload rebuilds the table from the database after a failed write. If
// the database can't be read either (it is out of reach), the table in
// memory holds an entry the database never had: the viewers are told
// only that saving is failing, and nothing is played on until a reload
// works.
func (r *Room) reload() error {
	t, err := r.rt.loadTable(context.Background(), r.code)
	if err != nil {
		r.unsaved = true
		for _, v := range r.viewers {
			r.pushSaving(v)
		}
		return err
	}
	r.t, r.unsaved = t, false
	if pt, ok := t.Match.(playTimed); ok {
		r.playBase, r.playSince = pt.PlayedTime(), time.Time{}
	}
	for _, v := range r.viewers {
		v.sent, v.stage = nil, ""
	}
	r.push(nil)
	return nil
}

// pushSaving tells a viewer that saving is failing, and nothing else of
// the table (it holds an entry the database never had). Its whole table
// is pushed again once the table is read again.
func (r *Room) pushSaving(v *viewer) {
	if v.program {
		return
	}
	lang := v.lang
	if lang == nil {
		lang = i18n.English()
	}
	var buf bytes.Buffer
	views.State(views.TableState{Saving: true}).Render(templ.InitializeContext(lang.Context()), &buf)
	delete(v.sent, "table-state")
	if err := v.conn.Write(buf.Bytes()); err != nil {
		r.rt.log.Warn("push failed", "room", r.code, "err", err)
	}
}

// scheduleTimers arms the room's one timer for the earliest of: a bot's move
// after its thinking delay, a player's clock running out, a disconnected
// player's move played for them, a bot taking over the seat of a player
// gone past the grace period, and the next deal after a pause.
func (r *Room) scheduleTimers() {
	r.disarm()
	now := r.rt.now()
	r.playClock(now, r.t.Match != nil && !r.t.Match.Over() && r.t.damage == nil && !r.t.Paused && !r.dormant)
	if r.t.Match == nil || r.t.Match.Over() || r.t.damage != nil {
		return // nothing runs at a damaged table either
	}
	if r.t.Paused {
		// nothing runs on a paused table, but a host gone for good hands
		// the role on, so someone can resume it
		r.trackGone(now)
		if at, ok := r.hostGoneUntil(); ok {
			r.arm(at.Sub(now), r.passHost)
		}
		return
	}
	if now.Before(r.retryAt) {
		r.arm(r.retryAt.Sub(now), func() {}) // saving failed: nothing runs before the retry
		return
	}
	if r.unsaved {
		// the database was out of reach: read the table again, or wait
		if err := r.reload(); err != nil {
			r.saveTrouble(err)
			r.arm(r.retryAt.Sub(now), func() {})
			return
		}
	}
	cfg := r.rt.cfg
	// a table nobody is connected to pauses its bots after a while, so
	// abandoned tables don't play (and write) forever
	quietAt := time.Time{}
	if !r.alone.IsZero() && !r.Slow() { // a slow table's bots play on
		if quietAt = r.alone.Add(r.unattended()); !now.Before(quietAt) {
			if !r.dormant {
				r.dormant = true
				r.playClock(now, false)
				r.rt.log.Info("bots pause: nobody at the table", "room", r.code)
			}
			return
		}
	}
	waiting := r.t.Match.Waiting()
	r.trackWaiting(waiting, now)
	r.trackGone(now)

	var at time.Time
	var act func()
	consider := func(t time.Time, fn func()) {
		if act == nil || t.Before(at) {
			at, act = t, fn
		}
	}
	for _, s := range waiting {
		if s < 0 || s >= len(r.t.Seats) {
			continue
		}
		since := r.waitingSince[s]
		if r.t.Seats[s].botPlayed() {
			if !r.asking[s] { // a model's answer is on its way
				consider(since.Add(r.botDelay[s]), func() { r.botMove(s) })
			}
			continue
		}
		if r.Slow() {
			// the time per move; nobody is played for for being away
			consider(since.Add(r.perMove()), func() { r.autoMove(s, byClock) })
			continue
		}
		if c := r.t.Opts.Clock; c > 0 {
			out := since.Add(time.Duration(c) * time.Second)
			if bank := r.t.bank(s); bank > 0 {
				if now.Before(out) {
					consider(out, func() { r.push(nil) }) // the clock turns to the time bank
				}
				out = out.Add(time.Duration(bank) * time.Millisecond)
			}
			consider(out, func() { r.autoMove(s, byClock) })
		}
		if g, ok := r.gone[s]; ok {
			consider(later(since, g).Add(cfg.AbsentAutoplay), func() { r.autoMove(s, byAbsent) })
		}
	}
	gone := r.gone
	if r.Slow() {
		gone = nil // at a slow table no bot takes a seat for its player's absence
	}
	for s, g := range gone {
		if r.t.Seats[s].Away {
			continue
		}
		if _, ok := r.endAlone(); r.t.kind.endAlone != nil && !r.t.Opts.Bots && !ok {
			continue // a table without bots: its absent players are played for until the game ends
		}
		consider(g.Add(cfg.AbsentGrace), func() { r.takeOver(s) })
	}
	if at, ok := r.phaseDeadline(now); ok {
		consider(at, r.expire)
	}
	if at, ok := r.hostGoneUntil(); ok {
		consider(at, r.passHost)
	}
	// the table moves on by itself after a pause when nobody is awaited
	// and the match has a next step (a deal, a round)
	if len(waiting) == 0 && r.canContinue() {
		if r.idleSince.IsZero() {
			r.idleSince = now
		}
		consider(r.idleSince.Add(cfg.NextDealDelay), r.continueMatch)
	} else {
		r.idleSince = time.Time{}
	}
	if !quietAt.IsZero() && act != nil {
		consider(quietAt, func() {}) // then schedule finds the table dormant
	}
	if act != nil {
		r.arm(at.Sub(now), act)
	}
}

// restartClocks starts the clocks, a reveal's countdown and the pause
// before the next deal again in full from now (after a pause, or when a
// table nobody watched wakes up).
func (r *Room) restartClocks() {
	clear(r.waitingSince)
	if !r.phaseSince.IsZero() {
		r.phaseSince = r.rt.now()
	}
	r.idleSince = time.Time{}
}

// unattended is how long the table's bots play on with nobody connected.
func (r *Room) unattended() time.Duration {
	if m := r.t.Opts.Unattended; m > 0 {
		return time.Duration(m) * time.Minute
	}
	return r.rt.cfg.Unattended
}

// trackWaiting notes since when each seat has been waited for, and picks
// a bot's thinking delay once per wait.
func (r *Room) trackWaiting(waiting []int, now time.Time) {
	still := make(map[int]bool, len(waiting))
	for _, s := range waiting {
		still[s] = true
		if _, ok := r.waitingSince[s]; !ok {
			r.waitingSince[s] = now
			lo, hi := r.t.kind.pace[0], r.t.kind.pace[1]
			if c := r.rt.cfg; c.BotDelayMin != 0 || c.BotDelayMax != 0 {
				lo, hi = c.BotDelayMin, c.BotDelayMax // the flags override every game's pace
			}
			d := lo
			if hi > lo {
				d += time.Duration(r.rng.Int64N(int64(hi - lo)))
			}
			r.botDelay[s] = d
		}
	}
	for s := range r.waitingSince {
		if !still[s] {
			delete(r.waitingSince, s)
		}
	}
}

// trackGone notes which players of a started table have no connection.
func (r *Room) trackGone(now time.Time) {
	for s, st := range r.t.Seats {
		switch {
		case !r.t.Started() || st.Player == "" || r.seatConnected(s):
			delete(r.gone, s)
		default:
			if _, ok := r.gone[s]; !ok {
				r.gone[s] = now
			}
		}
	}
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// deadlines are the clocks shown to players: per seat, when its time for
// the current move runs out; banks the seats whose clock has run out and
// now runs on their time bank (the deadline is then the bank's end).
func (r *Room) deadlines() (out map[int]time.Time, banks map[int]bool) {
	if r.Slow() {
		return r.slowDeadlines(), nil
	}
	c := r.t.Opts.Clock
	if c <= 0 || len(r.waitingSince) == 0 || r.t.Paused {
		return nil, nil
	}
	now := r.rt.now()
	out = make(map[int]time.Time, len(r.waitingSince))
	for s, since := range r.waitingSince {
		if s >= 0 && s < len(r.t.Seats) && !r.t.Seats[s].botPlayed() {
			out[s] = since.Add(time.Duration(c) * time.Second)
			if bank := r.t.bank(s); bank > 0 && !now.Before(out[s]) {
				out[s] = out[s].Add(time.Duration(bank) * time.Millisecond)
				if banks == nil {
					banks = map[int]bool{}
				}
				banks[s] = true
			}
		}
	}
	return out, banks
}

// bankUsed is how much of its time bank (ms) seat has used on the move
// it makes now: the time past its clock, at most its bank.
func (r *Room) bankUsed(seat int) int {
	since, ok := r.waitingSince[seat]
	c := r.t.Opts.Clock
	if !ok || c <= 0 || r.t.bank(seat) == 0 || seat < 0 || seat >= len(r.t.Seats) || r.t.Seats[seat].botPlayed() {
		return 0
	}
	over := r.rt.now().Sub(since.Add(time.Duration(c) * time.Second))
	return min(max(int(over.Milliseconds()), 0), r.t.bank(seat))
}

// playTimed is a match whose next step depends on how long it has been
// played (a tournament's levels). The room keeps the play time, stopped
// while the table is paused or dormant; the match notes it at each deal,
// and the room starts from there after a restart.
type playTimed interface {
	ContinuePlayed(seed uint64, played time.Duration) (game.Move, bool)
	PlayedTime() time.Duration
}

// playClock starts or stops the match's play time.
func (r *Room) playClock(now time.Time, run bool) {
	switch {
	case run && r.playSince.IsZero():
		r.playSince = now
	case !run && !r.playSince.IsZero():
		r.playBase += now.Sub(r.playSince)
		r.playSince = time.Time{}
	}
}

// playTime is the match's play time now.
func (r *Room) playTime() time.Duration {
	if r.playSince.IsZero() {
		return r.playBase
	}
	return r.playBase + r.rt.now().Sub(r.playSince)
}

func (r *Room) canContinue() bool {
	_, ok := r.t.Match.Continue(0)
	return ok
}

// phaseDeadline is when the match's current timed phase ends, if it has
// one (game.Timed). The phase's start is noted the first time it is seen.
func (r *Room) phaseDeadline(now time.Time) (time.Time, bool) {
	tm, ok := r.t.Match.(game.Timed)
	if !ok {
		return time.Time{}, false
	}
	key, d := tm.PhaseTimer()
	if d <= 0 {
		r.phaseSince = time.Time{}
		return time.Time{}, false
	}
	if key != r.phaseKey || r.phaseSince.IsZero() {
		r.phaseKey, r.phaseSince = key, now
	}
	return r.phaseSince.Add(d), true
}

// expire plays the match's move for a phase whose timer ran out.
func (r *Room) expire() {
	if tm, ok := r.t.Match.(game.Timed); ok {
		if mv, ok := tm.Expire(); ok {
			r.commitMove(game.System, mv, bySystem)
		}
	}
}

func (r *Room) arm(d time.Duration, fn func()) {
	r.timerN++
	n := r.timerN
	r.timerAt = r.rt.now().Add(max(d, 0))
	r.timer = time.AfterFunc(max(d, 0), func() {
		r.send(func() {
			if n == r.timerN && !r.stopped {
				fn()
				r.schedule()
			}
		})
	})
}

func (r *Room) disarm() {
	r.timerN++
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
}

func (r *Room) botMove(s int) {
	kind := r.t.Seats[s].Bot
	if kind == "" { // a player away
		if r.t.kind.awayAuto {
			r.autoMove(s, byAbsent)
			return
		}
		kind = r.t.kind.defaultBot
	}
	if kind == "llm" && r.t.kind.llm != nil && r.rt.cfg.Ask != nil {
		r.askModel(s)
		return
	}
	mv, ok := r.t.Match.Bot(s, kind, r.rng)
	if !ok {
		return
	}
	r.commitMove(s, mv, byBot)
}

// askModel puts the seat's question to the language model outside the
// room, for at most LLMTimeout. The answer (or the fallback the game
// chose, with its reason) is played if the table still waits for that
// seat at the same version.
func (r *Room) askModel(s int) {
	question := r.t.kind.llm(r.t.Match, s, r.t.Name)
	version := r.t.Match.Version()
	r.asking[s] = true
	ask, timeout := r.rt.cfg.Ask, r.rt.cfg.LLMTimeout
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		mv, note := question(ctx, ask)
		cancel()
		r.send(func() {
			delete(r.asking, s)
			if r.t.Match == nil || r.t.Match.Version() != version {
				r.schedule()
				return
			}
			if !r.commitMoveNote(s, mv, byBot, note) {
				r.schedule()
			}
		})
	}()
}

// autoMove plays the game's own auto-action for a seat whose clock ran
// out or whose player is disconnected.
func (r *Room) autoMove(s int, by string) {
	mv, ok := r.t.Match.Auto(s)
	if !ok {
		return
	}
	r.commitMove(s, mv, by)
}

// takeOver lets a bot play the seat of a player gone past the grace period;
// at a table without bots whose game ends when fewer than two people are
// left (endAlone), it ends the match instead when that is so.
func (r *Room) takeOver(s int) {
	if mv, ok := r.endAlone(); ok {
		r.commitMove(game.System, mv, bySystem)
		return
	}
	if r.t.kind.endAlone != nil && !r.t.Opts.Bots {
		return // no bot sits at this table
	}
	if err := r.commit(entry{T: eAway, Seat: s}); err != nil {
		r.rt.log.Error("take over", "room", r.code, "seat", s, "err", err)
	}
}

func (r *Room) continueMatch() {
	seed := r.nextSeed()
	mv, ok := r.t.Match.Continue(seed)
	if pt, timed := r.t.Match.(playTimed); timed {
		mv, ok = pt.ContinuePlayed(seed, r.playTime())
	}
	if !ok {
		return
	}
	if d, ok := mv.(interface{ Deals() bool }); r.t.kind.fair == nil || ok && !d.Deals() {
		seed = 0 // the move uses no seed
	}
	data, err := json.Marshal(mv)
	if err == nil {
		err = r.commit(entry{T: eMove, Seat: game.System, Move: data, By: bySystem, Seed: seed})
	}
	if err != nil {
		r.rt.log.Error("continue", "room", r.code, "err", err)
	}
}

// commitMove logs a move the table makes itself (bots, clocks, deals).
func (r *Room) commitMove(seat int, mv game.Move, by string) {
	r.commitMoveNote(seat, mv, by, "")
}

// commitMoveNote is commitMove with a note for the log; it reports
// whether the move was committed.
func (r *Room) commitMoveNote(seat int, mv game.Move, by, note string) bool {
	data, err := json.Marshal(mv)
	if err == nil {
		err = r.commit(entry{T: eMove, Seat: seat, Move: data, By: by, Note: note, Bank: r.bankUsed(seat)})
	}
	if err != nil {
		r.rt.log.Error("table move rejected", "room", r.code, "seat", seat, "by", by, "err", err)
		return false
	}
	return true
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// view builds the render input for a seat.
func (r *Room) view(seat int, player string) *roomView {
	rv := r.shared()
	rv.seat, rv.player = r.gameSeat(seat), player
	return &rv
}

// gameSeat is the seat a viewer sees the game from: its own, or none
// (a watcher's view) while the seat is fresh.
func (r *Room) gameSeat(seat int) int {
	if seat >= 0 && seat < len(r.t.Seats) && r.t.Seats[seat].Fresh {
		return game.Spectator
	}
	return seat
}

// shared is what every viewer's render has in common: who is connected,
// the clocks and the next deal. A push computes it once for all viewers.
func (r *Room) shared() roomView {
	conn := make([]bool, len(r.t.Seats))
	for _, v := range r.viewers {
		if v.seat >= 0 && v.seat < len(conn) {
			conn[v.seat] = true
		}
	}
	var next time.Time
	if !r.idleSince.IsZero() {
		next = r.idleSince.Add(r.rt.cfg.NextDealDelay)
	}
	var phaseAt time.Time
	if r.t.Match != nil && !r.phaseSince.IsZero() {
		phaseAt, _ = r.phaseDeadline(r.phaseSince)
	}
	dl, banks := r.deadlines()
	return roomView{code: r.code, t: r.t, seat: game.Spectator, lang: i18n.English(), connected: conn, nextAt: next, phaseAt: phaseAt,
		deadlines: dl, banks: banks, now: r.rt.now(), played: r.playTime(), playing: !r.playSince.IsZero(), actURL: "/t/" + r.code + "/act",
		rated: r.rated, pushed: &pushShares{}, kept: &r.kept}
}

// page builds the whole table page model for a viewer.
func (r *Room) page(rv *roomView, csrf, shareURL string) views.Table {
	t := rv.t
	title := rv.l().Msg(r.t.kind.info.Title())
	p := views.Table{
		Page:      views.TablePageTitle(title, r.code, csrf, "/rules/"+r.t.kind.name),
		Code:      r.code,
		GameTitle: title,
		ShareURL:  shareURL,
		Fair:      fairWord(r.t.kind),
		BriefLog:  r.t.kind.logWeight != nil,
		You:       t.seatOf(rv.player), // the seat, even while the game shows it a watcher's view
		Host:      t.isHost(rv.player),
		Started:   t.Started(),
		URL:       "/t/" + r.code,
		Seq:       t.Seq,
		Now:       r.rt.now().UnixMilli(),
	}
	if p.You >= 0 {
		p.YouName = t.Seats[p.You].Name
	}
	p.Log = r.logViews(t.Log, rv.seat, rv.l())
	p.Chat = r.chatOf(rv)
	p.State = r.state(rv)
	p.Evening = eveningView(t.Evening, rv.player, rv.l())
	p.Next = nextGameView(r.rt, t, r.code, rv.player)
	if t.Started() {
		p.Game, _ = r.t.kind.render(rv)
		p.Seats = r.seatBar(rv)
		return p
	}
	p.Lobby = r.lobby(rv)
	return p
}

// chatOf is the table's chat as the viewer may read it.
func (r *Room) chatOf(rv *roomView) []views.LogLine {
	var chat []views.LogLine
	for _, l := range rv.t.Log {
		if l.Chat && visible(l, rv.seat) { // kept in the game log by tables from before chat had its own
			chat = append(chat, logView(l, rv.l()))
		}
	}
	for _, l := range rv.t.Chat {
		chat = append(chat, logView(l, rv.l()))
	}
	return chat
}

func logView(l logLine, lang *i18n.Lang) views.LogLine {
	v := views.LogLine{Text: l.text(lang), Private: len(l.Only) > 0, Chat: l.Chat, Who: l.Who, Said: l.Said, Role: l.Role}
	if l.Msg != nil && !l.Chat {
		// the fair record's lines (a seed sealed, a seed shown) fold
		// under one small line each, out of the way of play
		switch {
		case strings.HasPrefix(l.Msg.Key, "log.table.seed_committed."):
			v.Fair = "log.fair.committed"
		case strings.HasPrefix(l.Msg.Key, "log.table.seed_revealed."):
			v.Fair = "log.fair.revealed"
		}
	}
	return v
}

// logView is a line of the game's log as shown in lang, with the game's
// weight for it (see kind.logWeight).
func (k *kind) logView(l logLine, lang *i18n.Lang) views.LogLine {
	v := logView(l, lang)
	if k.logWeight != nil && !l.Chat {
		v.Weight = k.logWeight(&l)
	}
	return v
}

func visible(l logLine, seat int) bool {
	return !slices.Contains(l.Except, seat) && game.Event{Only: l.Only}.VisibleTo(seat)
}

// lobby builds the lobby for a viewer.
func (r *Room) lobby(rv *roomView) views.Lobby {
	t := rv.t
	words := r.t.kind.words(t.Opts)
	if t.Opts.OpenSeats {
		words = append(words, i18n.M("lobby.open_seats"))
	}
	l := views.Lobby{BotsAllowed: t.Opts.Bots, Options: views.OptionsText(rv.l(), words), Remote: r.remoteBots(rv)}
	l.Next = nextWords(t, rv.l(), l.Options)
	// the host starts as soon as enough are seated (bots fill the empty
	// seats when the table has them); someone not ready yet plays anyway,
	// and the host is told so
	players := 0
	var unready []int
	for i, s := range t.Seats {
		l.Seats = append(l.Seats, rv.seatView(i))
		if !s.empty() || t.Opts.Bots {
			players++
		}
		if s.Player != "" && !s.Ready && s.Player != t.Host {
			unready = append(unready, i)
		}
	}
	min := r.t.kind.minPlayers(t.Opts)
	switch {
	case players < min:
		l.StartHint = rv.l().F("lobby.hint.players", i18n.Count(min))
	case rv.player != t.Host:
		l.CanStart = true
		l.StartHint = rv.l().T("lobby.hint.host")
	case len(unready) > 0:
		l.CanStart = true
		l.StartHint = rv.l().F("lobby.hint.unready", i18n.Count(len(unready)), seatList("Names", t, unready))
	default:
		l.CanStart = true
		l.StartHint = rv.l().T("lobby.hint.ready")
	}
	return l
}

// push sends every viewer the fragments that changed for it and the new
// log lines it may see.
func (r *Room) push(lines []logLine) {
	if len(r.viewers) == 0 {
		return
	}
	sh := r.shared()
	// the watchers of one language share their render: each language's
	// is filled by its first watcher that needs it
	var shares map[*i18n.Lang]*watchers
	for _, v := range r.viewers {
		share := shares[v.lang]
		if share == nil {
			if shares == nil {
				shares = make(map[*i18n.Lang]*watchers, 1)
			}
			share = &watchers{}
			shares[v.lang] = share
		}
		r.pushTo(v, sh, lines, false, share)
	}
}

// pushTo writes the viewer what changed since its last push; full sends
// the whole stage and log (a new connection). share, when not nil, is
// what the watchers of one push share.
func (r *Room) pushTo(v *viewer, sh roomView, lines []logLine, full bool, share *watchers) {
	if r.unsaved {
		r.pushSaving(v)
		return
	}
	var msg []byte
	if v.program {
		msg = r.programMessage(v, sh, lines, full)
	} else {
		msg = r.message(v, sh, lines, full, share)
	}
	if len(msg) == 0 {
		return
	}
	if h := r.rt.PushHook; h != nil {
		h(v.conn, r.gameSeat(v.seat), msg, r.t) // what the viewer may see: a fresh seat sees what a watcher does
	}
	if err := v.conn.Write(msg); err != nil {
		r.rt.log.Warn("push failed", "room", r.code, "err", err)
	}
	r.rt.cfg.Metrics.Pushed(len(msg))
}

// message renders one push for a viewer, in a fresh buffer (Melody keeps
// the slice it is given): the fragments whose content changed since the
// viewer's last push, its new log lines, and the push mark (views.Seq:
// the sequence number, the viewer's push number and the server's clock).
// It notes what the viewer now has. Empty when nothing changed.
func (r *Room) message(v *viewer, sh roomView, lines []logLine, full bool, share *watchers) []byte {
	rv := &sh
	rv.seat, rv.player, rv.lang = r.gameSeat(v.seat), v.player, v.lang
	if rv.lang == nil {
		rv.lang = i18n.English()
	}
	if fresh := rv.seat != v.seat; fresh != v.fresh {
		v.fresh, v.stage = fresh, "" // the view turns from a watcher's to the seat's: a whole new stage
	}
	// one render context for the whole push (templ would make one per
	// fragment otherwise)
	ctx := templ.InitializeContext(rv.lang.Context())
	// one scratch buffer per room (the actor is its only user); the push
	// gets an exact copy, since Melody keeps the slice it is given
	buf := &r.scratch
	buf.Reset()
	defer func() {
		if buf.Cap() > 16<<10 {
			r.scratch = bytes.Buffer{} // a whole stage was rendered: don't keep its size
		}
	}()
	stage, frags, shared := r.fragmentsFor(v, rv, full, share)
	if full || stage != v.stage {
		page := r.page(rv, "", "")
		views.Stage(page).Render(ctx, buf)
		if full {
			views.Log(page.Log).Render(ctx, buf)
			views.Chat(page.Chat).Render(ctx, buf)
		}
		v.stage, v.sent = stage, sentOf(ctx, frags, func(f views.Fragment, html []byte) {
			if f.Frame {
				buf.Write(html) // outside the stage: sent along
			}
		})
	} else {
		for i, f := range frags {
			switch {
			case shared != nil && i < len(shared.frags):
				r.writeChanged(ctx, buf, v, f, &shared.html) // one of the game's fragments the watchers share
			case share != nil && f.Public && f.Key != 0:
				r.writeChanged(ctx, buf, v, f, &share.public) // the same for every viewer with its key
			default:
				r.writeChanged(ctx, buf, v, f, nil)
			}
		}
	}
	if !full {
		var chat []views.LogLine
		public, mine := 0, 0 // the lines that are not chat, and those of them the viewer may see
		for _, l := range lines {
			vis := visible(l, v.seat)
			switch {
			case !l.Chat:
				public++
				if vis {
					mine++
				}
			case vis:
				chat = append(chat, logView(l, rv.l()))
				if l.By > 0 && l.By <= len(r.t.Seats) && r.t.Started() && views.IsReaction(l.Said) {
					views.Reaction(l.By-1, views.Place(l.By-1, len(r.t.Seats), v.seat), l.Said).Render(ctx, buf)
				}
			}
		}
		switch {
		case mine == 0:
		case share != nil && mine == public:
			// every line of the push: worded and rendered alike for
			// every viewer of the language, so worded and rendered once
			if share.log == nil {
				var b bytes.Buffer
				views.LogAppend(r.logViews(lines, v.seat, rv.l())).Render(ctx, &b)
				share.log = b.Bytes()
			} else if r.rt.CheckShared {
				r.checkShared(ctx, "log", share.log, views.LogAppend(r.logViews(lines, v.seat, rv.l())))
			}
			buf.Write(share.log)
		default:
			views.LogAppend(r.logViews(lines, v.seat, rv.l())).Render(ctx, buf)
		}
		if len(chat) > 0 {
			views.ChatAppend(chat).Render(ctx, buf)
		}
	}
	markFull := full
	if v.page { // the first push after the page: the chat, which the page leaves out
		v.page, markFull = false, true
		views.Chat(r.chatOf(rv)).Render(ctx, buf)
	}
	if buf.Len() == 0 {
		return nil
	}
	// every push ends with the table's sequence number, so a client (or a
	// test) knows which log entry it has seen; the viewer's push number,
	// so its page sees a push that never arrived (the sequence number
	// can't tell: a push without a new entry repeats it, and an entry
	// that changes nothing for this viewer sends it nothing); and the
	// server's clock, so its page shows the clocks in the server's time
	// whatever its device's says
	v.pushes++
	views.Seq(views.PushMark{Seq: r.t.Seq, N: v.pushes, Now: r.rt.now().UnixMilli(), Full: markFull}).Render(ctx, buf)
	return bytes.Clone(buf.Bytes())
}

// logViews are the lines of the game's log (not chat) seat may see, as
// shown in l.
func (r *Room) logViews(lines []logLine, seat int, l *i18n.Lang) []views.LogLine {
	var out []views.LogLine
	for _, line := range lines {
		if !line.Chat && visible(line, seat) {
			out = append(out, r.t.kind.logView(line, l))
		}
	}
	return out
}

// fragments are the parts of the stage a push compares: the lobby panel,
// or the game's own fragments.
func (r *Room) fragments(rv *roomView) (stage string, frags []views.Fragment) {
	if r.t.Started() {
		_, frags = r.t.kind.render(rv)
		return "game", r.appendFrame(frags, rv)
	}
	return "lobby", r.appendFrame(append([]views.Fragment{{ID: "lobby", Component: views.LobbyPanel(r.page(rv, "", ""))}}, nextTitle(r.t, r.code, rv.l())...), rv)
}

// fragmentsFor is what a viewer's push compares: the stage and its
// fragments. A watcher in a push (share is not nil) shares the game's
// fragments with the other watchers (shared is then share; the frame
// stays its own).
func (r *Room) fragmentsFor(v *viewer, rv *roomView, full bool, share *watchers) (stage string, frags []views.Fragment, shared *watchers) {
	if share == nil || rv.seat != game.Spectator || !r.t.Started() || full || v.stage != "game" {
		stage, frags = r.fragments(rv)
		return stage, frags, nil
	}
	if share.html == nil { // the first watcher of the push
		w := *rv
		w.player = "" // the game's render doesn't read it; the frame does, per viewer
		_, share.frags = r.t.kind.render(&w)
		share.html = make(sharedRenders, len(share.frags))
	}
	gf := share.frags
	return "game", r.appendFrame(append(make([]views.Fragment, 0, len(gf)+views.FrameFragments), gf...), rv), share
}

// writeChanged writes a fragment the viewer lacks (nothing when its key or
// its HTML is what the viewer has), from the push's shared renders when
// cache is set (the watchers' game fragments, or the Public fragments of
// every viewer of the language), and notes what the viewer now has.
func (r *Room) writeChanged(ctx context.Context, buf *bytes.Buffer, v *viewer, f views.Fragment, cache *sharedRenders) {
	had := v.sent[f.ID]
	if f.Key != 0 && f.Key == had.key {
		return // unchanged: not even rendered
	}
	c, at := f.Component, renderKey{id: f.ID, key: f.Key}
	if f.Since != nil && had.key != 0 {
		if add := f.Since(had.key); add != nil { // what was added since the viewer's copy
			c, at.had = add, had.key
		}
	}
	var rf renderedFrag
	mark := buf.Len()
	if cache != nil {
		rf = cache.render(ctx, at, c)
		r.checkShared(ctx, f.ID, rf.b, c)
		buf.Write(rf.b)
	} else {
		c.Render(ctx, buf)
	}
	if at.had != 0 {
		v.sent[f.ID] = sentFrag{key: f.Key} // an append: sent as it is
		return
	}
	if cache == nil {
		rf.hash = fnv64(buf.Bytes()[mark:])
	}
	v.sent[f.ID] = sentFrag{key: f.Key, hash: rf.hash}
	if had.hash == rf.hash {
		buf.Truncate(mark) // rendered the same: not sent
	}
}

// checkShared, in tests that ask for it (Runtime.CheckShared), renders
// for the viewer itself what a push shares among its viewers, and stops
// the table at the first difference.
func (r *Room) checkShared(ctx context.Context, id string, shared []byte, c templ.Component) {
	if !r.rt.CheckShared {
		return
	}
	var own bytes.Buffer
	c.Render(ctx, &own)
	if !bytes.Equal(own.Bytes(), shared) {
		panic(fmt.Sprintf("room %s: the shared %q differs from the viewer's own:\n%s\n%s", r.code, id, shared, own.Bytes()))
	}
}

// appendFrame appends the viewer's own fragments around the game to
// frags: its seat bar and seat controls (once the game runs) and its
// table state (views.FrameFragments at most).
func (r *Room) appendFrame(frags []views.Fragment, rv *roomView) []views.Fragment {
	st := r.state(rv)
	state := views.Fragment{ID: "table-state", Component: views.State(st), Frame: true, Key: stateKey(st)}
	frags = append(frags, nextGameFragment(r.rt, r.t, r.code, rv.player))
	if !r.t.Started() {
		return append(frags, state)
	}
	bar := r.seatBar(rv)
	key := bar.Key()
	ev := eveningView(r.t.Evening, rv.player, rv.l())
	return append(frags, views.Fragment{ID: "seat-bar", Component: views.SeatBarView(bar), Frame: true, Key: key},
		views.Fragment{ID: "seat-leave", Component: views.SeatLeave(bar), Frame: true, Key: key}, state,
		views.Fragment{ID: "evening", Component: views.EveningPanel(ev), Frame: true, Key: views.EveningKey(ev)})
}

// watchers is what the viewers who see the game from no seat (watchers,
// and players whose seat is fresh) share in one push: the game's
// fragments, built once, and each one's HTML, rendered at most once. The
// game's render reads only the seat it is seen from, so their bytes are
// the same for all of them. Empty until the push's first watcher.
type watchers struct {
	frags []views.Fragment
	html  sharedRenders // the game's fragments (nil until built)
	// what every viewer of the language shares in the push, seated or
	// not: the Public fragments rendered, and the log lines when a viewer
	// may see them all
	public sharedRenders
	log    []byte
}

// sharedRenders are the fragments a push renders once for the viewers
// who share them.
type sharedRenders map[renderKey]renderedFrag

// renderKey is a fragment's render in a push: its ID and key, and for an
// append the key the viewer had.
type renderKey struct {
	id       string
	key, had uint64
}

type renderedFrag struct {
	b    []byte
	hash uint64
}

// render is a shared fragment's HTML (c is the fragment or its append).
func (rs *sharedRenders) render(ctx context.Context, at renderKey, c templ.Component) renderedFrag {
	if rf, ok := (*rs)[at]; ok {
		return rf
	}
	var b bytes.Buffer
	c.Render(ctx, &b)
	rf := renderedFrag{b: b.Bytes(), hash: fnv64(b.Bytes())}
	if *rs == nil {
		*rs = make(sharedRenders, 4)
	}
	(*rs)[at] = rf
	return rf
}

// state is the table's line for a viewer: saving trouble and the version
// of the viewer's seat.
func (r *Room) state(rv *roomView) views.TableState {
	st := views.TableState{Saving: r.saveFailures > 0}
	if d := r.t.damage; d != nil {
		st.Damaged = d.Seq
	}
	if me := r.t.seatOf(rv.player); me >= 0 {
		st.Version = r.t.Seats[me].Acts
	}
	return st
}

// stateKey is a fragment key of the state (never 0: 0 means no key).
func stateKey(st views.TableState) uint64 {
	k := uint64(st.Version)<<1 | 1
	if st.Saving {
		k |= 1 << 63
	}
	if st.Damaged != 0 {
		k |= 1 << 62
	}
	return k
}

// fnv64 is FNV-1a of b (hash/fnv's, without its allocation).
func fnv64(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// connect registers a websocket and sends it the whole table.
func (r *Room) connect(c Conn, player, page string) { r.connectViewer(c, player, page, false) }

// connectViewer registers a connection (a program's, pushed JSON lines,
// when program is set) and sends it what its page lacks (page: the page's
// token, see pages.go), else the whole table.
func (r *Room) connectViewer(c Conn, player, page string, program bool) {
	seat := r.t.seatOf(player)
	v := &viewer{conn: c, player: player, seat: seat, lang: langOf(c), program: program}
	wasConnected := seat >= 0 && r.seatConnected(seat)
	r.viewers[c] = v
	r.alone = time.Time{}
	if r.dormant {
		r.dormant = false // someone is here: the bots play again
		r.restartClocks()
		r.schedule()
	}
	// what the viewer's page holds, when it is the table as it stands: the
	// push sends only what changed since (pages.go); else the whole table
	r.pushTo(v, r.shared(), nil, !r.takePage(v, page), nil)
	if seat >= 0 && r.t.Seats[seat].Away {
		if err := r.commit(entry{T: eBack, Seat: seat}); err != nil {
			r.rt.log.Error("back", "room", r.code, "seat", seat, "err", err)
		}
		return
	}
	if seat >= 0 && !wasConnected {
		r.schedule()
		r.push(nil) // others see the player online
	}
}

// resync sends a connected viewer the whole table again, as connect
// does: its page missed a push.
func (r *Room) resync(c Conn) {
	if v, ok := r.viewers[c]; ok {
		r.pushTo(v, r.shared(), nil, true, nil)
	}
}

func (r *Room) disconnect(c Conn) {
	v, ok := r.viewers[c]
	if !ok {
		return
	}
	delete(r.viewers, c)
	if len(r.viewers) == 0 {
		r.alone = r.rt.now() // the unattended clock starts
	}
	playerGone := v.seat >= 0 && !r.seatConnected(v.seat)
	if playerGone || len(r.viewers) == 0 {
		r.schedule() // the absent player's clocks start, or the bots' pause nears
	}
	if playerGone {
		r.push(nil) // others see the player offline
	}
}

// hostGoneUntil is when the host, gone from a started table, has been
// away past the absent grace and hands the role on (false: the host is
// here, or nobody connected could take it).
func (r *Room) hostGoneUntil() (time.Time, bool) {
	if r.Slow() {
		return time.Time{}, false // at a slow table the host is away at times
	}
	host := r.t.seatOf(r.t.Host)
	g, gone := r.gone[host]
	if host < 0 || !gone || r.nextHost(host) < 0 {
		return time.Time{}, false
	}
	return g.Add(r.rt.cfg.AbsentGrace), true
}

// nextHost is the first person seated after seat from with a connection
// open, or -1.
func (r *Room) nextHost(from int) int {
	for j := 1; j < len(r.t.Seats); j++ {
		i := (from + j) % len(r.t.Seats)
		if s := r.t.Seats[i]; s.person() && s.Player != r.t.Host && r.seatConnected(i) {
			return i
		}
	}
	return -1
}

// passHost hands the host role of a host gone past the absent grace to the
// next person here (as a host who leaves does).
func (r *Room) passHost() {
	host := r.t.seatOf(r.t.Host)
	if at, ok := r.hostGoneUntil(); !ok || r.rt.now().Before(at) {
		return
	}
	if err := r.commit(entry{T: eHost, Seat: r.nextHost(host), By: "absent"}); err != nil {
		r.rt.log.Error("pass host", "room", r.code, "err", err)
	}
}

// endAlone is the move that ends the match now, at a table without bots
// of a game that ends when fewer than two people are left (kind.endAlone)
// and has fewer than two left connected.
func (r *Room) endAlone() (game.Move, bool) {
	if r.t.kind.endAlone == nil || r.t.Opts.Bots || r.peopleHere() >= 2 {
		return nil, false
	}
	return r.t.kind.endAlone(r.t.Match)
}

// peopleHere counts the seated players with a connection open.
func (r *Room) peopleHere() int {
	n := 0
	for i, s := range r.t.Seats {
		if s.Player != "" && r.seatConnected(i) {
			n++
		}
	}
	return n
}

func (r *Room) seatConnected(seat int) bool {
	for _, v := range r.viewers {
		if v.seat == seat {
			return true
		}
	}
	return false
}

// reseat follows players who took or left a seat (or whose seat the start
// moved): their viewers get a whole new stage on the next push.
func (r *Room) reseat() {
	for _, v := range r.viewers {
		if seat := r.t.seatOf(v.player); seat != v.seat {
			v.seat, v.stage, v.sent = seat, "", nil
		}
	}
	r.programGone()
}

// closeViewers ends every websocket of the room with a reason the browser
// reconnects after (1012, service restart).
func (r *Room) closeViewers(code int, reason string) {
	for c := range r.viewers {
		c.Close(code, reason)
	}
}

// seatOffer is the seat a visitor who is not seated may have: "sit" (a
// free seat in the lobby), "take" or "ask" (a seat a bot holds once the
// game runs, at once or when the host agrees), "removed" (the host
// removed them) or "watch".
func (r *Room) seatOffer(player string) string {
	t := r.t
	switch {
	case !t.Started():
		if slices.ContainsFunc(t.Seats, seat.empty) {
			return "sit"
		}
		return "watch"
	case t.removed(player):
		return "removed"
	case r.botSeats() == 0:
		return "watch"
	}
	if late := r.lateEntry(); late == "closed" || late == "wait" {
		return late // a sit-and-go: no seat now, or none ever
	}
	if t.Opts.OpenSeats {
		return "take"
	}
	return "ask"
}

// lateEntry says, at a game with registration (a sit-and-go), how a
// newcomer gets in: "open" (seats of players out are free), "wait"
// (registration is open but every seat still plays: a newcomer waits for
// a player to go out, or for registration to close), "closed"; "" at a
// game without registration.
func (r *Room) lateEntry() string {
	if r.t.kind.registration == nil || r.t.Match == nil {
		return ""
	}
	applies, open, free := r.t.kind.registration(r.t.Match)
	switch {
	case !applies:
		return ""
	case !open:
		return "closed"
	case free == 0:
		return "wait"
	}
	return "open"
}

// lateSeats is the number of seats a newcomer may take: at a sit-and-go
// those of players out, else every seat a bot holds.
func (r *Room) lateSeats() int {
	if r.lateEntry() != "" {
		_, _, free := r.t.kind.registration(r.t.Match)
		return free
	}
	return r.botSeats()
}

// botSeats counts the seats bots hold.
func (r *Room) botSeats() int {
	n := 0
	for _, s := range r.t.Seats {
		if s.Bot != "" {
			n++
		}
	}
	return n
}

// seatWhen says when a seat a bot holds changes hands: at the next hand
// or deal (the unit's word: "hand", "deal"), or "" at once.
func (r *Room) seatWhen() string {
	if r.t.kind.seatOpen == nil || r.t.kind.fair == nil {
		return ""
	}
	return r.t.kind.fair.what
}

// joinForm is the page that asks a visitor's name, in l, and says what
// seat they may have in the words the table's seat bar uses.
func (r *Room) joinForm(l *i18n.Lang, player, name, csrf string) views.Join {
	title := l.Msg(r.t.kind.info.Title())
	var seated []string
	free, host := 0, ""
	for i, s := range r.t.Seats {
		if s.empty() {
			free++
			continue
		}
		seated = append(seated, r.t.nameIn(l, i))
	}
	if i := r.t.seatOf(r.t.Host); i >= 0 {
		host = r.t.nameIn(l, i)
	}
	return views.Join{Page: views.Page{Title: views.TableTitle(title, r.code), CSRF: csrf,
		Description: i18n.M("join.page_description", i18n.S("Game", title))},
		Code: r.code, GameTitle: title, Name: name, Offer: r.seatOffer(player), Bots: r.lateSeats(), When: r.seatWhen(),
		Late: r.lateEntry(), Open: r.t.Opts.OpenSeats, Options: views.OptionsText(l, r.t.kind.words(r.t.Opts)), Seated: seated, Free: free, Host: host}
}

// seatBar is what the viewer is told about seats once the game runs.
func (r *Room) seatBar(rv *roomView) views.SeatBar {
	me := r.t.seatOf(rv.player)
	b := views.SeatBar{URL: "/t/" + r.code, Watching: me < 0, Seated: me >= 0, Open: r.t.Opts.OpenSeats, Paused: r.t.Paused, Pace: r.t.Opts.Pace,
		Host: r.t.isHost(rv.player), Removed: r.t.removed(rv.player), When: r.seatWhen(), Late: r.lateEntry()}
	if i := r.t.askOf(rv.player); i >= 0 {
		b.Asking = "waiting"
		if r.t.Asks[i].Accepted {
			b.Asking = "accepted"
		}
	}
	if !b.Host {
		return b
	}
	b.Remote = r.remoteBots(rv)
	if r.t.kind.stakes != nil && (r.t.kind.stakes.fixed == nil || !r.t.kind.stakes.fixed(r.t.Opts)) {
		b.Stakes, b.StakesAt = r.t.kind.stakes.choices, r.t.kind.stakes.current(r.t.Opts)
	}
	if r.t.kind.tableOptions != nil && r.t.Match != nil {
		b.Options = r.t.kind.tableOptions.form(r.t.Match, r.t.Opts, rv.l())
	}
	for i, s := range r.t.Seats {
		if s.person() && i != me {
			b.People = append(b.People, views.SeatRequest{Index: i, Name: s.Name})
		}
	}
	for i, a := range r.t.Asks {
		if !a.Accepted {
			b.Requests = append(b.Requests, views.SeatRequest{Index: i, Name: a.Name})
		}
	}
	return b
}

// publicSummary is the table's line in the home page's list, if it is
// public and open.
func (r *Room) publicSummary() (views.PublicTable, bool) {
	t := r.t
	if !t.Opts.Public || (t.Match != nil && t.Match.Over()) {
		return views.PublicTable{}, false
	}
	// data, not words: each reader's home page writes them in its language
	pt := views.PublicTable{Code: r.code, Kind: r.t.kind.name, Options: r.t.kind.words(t.Opts), Started: t.Started(),
		Seats: len(t.Seats), CreatedAt: t.opened}
	for _, s := range t.Seats {
		switch {
		case s.empty():
			pt.Free++
		case s.Bot != "" && t.Started():
			pt.Free++ // a late joiner takes a bot's seat
		}
	}
	return pt, pt.Free > 0
}
