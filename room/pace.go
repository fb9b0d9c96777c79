package room

import (
	"context"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game/impetus"
	"github.com/tablegames/tables/i18n"
)

// Tables at a slow pace (issue 42). A host may choose, at creation, a
// time per move in hours instead of a clock of seconds (Options.Pace).
// At such a table nobody is replaced for being away: no move is played
// for a disconnected player, no bot takes their seat, the bots don't
// pause when nobody is connected, the host role stays with the host and
// the table doesn't close for inactivity while its game runs. The clock
// is the time per move: when it runs out the game's auto-move plays for
// the seat, as a clock of seconds does (byClock, and the log says so).
// The host may pause the table for everyone and resume it (a holiday):
// the clocks then start afresh.
//
// The people a slow table waits for, with their deadlines, are kept in
// the database (db.Turn): written whenever the awaited set changes, read
// back when the table loads, so a deadline survives a restart, and read
// by the home page and My games on every machine of a cluster.

// Paces are the hours per move a host may choose.
var Paces = []int{12, 24, 72}

// readPace reads the creation form's pace ("0" or none: real time). A
// slow table has no clock of seconds and no time bank; Hold'em is slow
// only as a sit-and-go (a cash game stays real time).
func readPace(game string, o *Options, form url.Values) error {
	v := form.Get("pace")
	if v == "" || v == "0" {
		o.Pace = 0
		return nil
	}
	h, err := strconv.Atoi(v)
	if err != nil || !slices.Contains(Paces, h) {
		return errNotAllowed("error.table.pace")
	}
	if game == "holdem" && (o.Poker == nil || o.Poker.Tourney == "") {
		return errNotAllowed("error.table.pace_cash")
	}
	if p := o.Poker; game == "holdem" {
		// a level of minutes would pass while people sleep: a slow
		// sit-and-go's blinds go up by hands (10 a level unless chosen)
		if p.LevelMins > 0 {
			return errNotAllowed("error.table.pace_levels")
		}
		if p.LevelHands == 0 {
			p.LevelHands = 10
		}
	}
	o.Pace, o.Clock, o.TimeBank, o.BankEvery = h, 0, 0, 0
	return nil
}

// paceState is what a slow table's room keeps of its turns.
type paceState struct {
	// saved are the turns the database has (nil: none)
	saved []db.Turn
	// read: the database's turns were read (once, when the table loads)
	read bool
	// begun is, per awaited seat, when its turn began and after which
	// log entry
	begun map[int]turnStart
}

type turnStart struct {
	since time.Time
	seq   int64
}

// perMove is a slow table's time per move.
func (r *Room) perMove() time.Duration { return time.Duration(r.t.Opts.Pace) * time.Hour }

// schedule arms the room's timer (scheduleTimers) and, at a slow table,
// keeps the database's turns and tells OnTurn of each turn that begins.
func (r *Room) schedule() {
	if r.Slow() && !r.pace.read {
		r.readTurns()
	}
	r.scheduleTimers()
	if r.Slow() {
		r.noteTurns()
	}
}

// readTurns takes back, after a restart, when each person the table
// still waits for began their turn: their deadline stays where it was.
func (r *Room) readTurns() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	turns, err := r.rt.db.Turns(ctx, r.code)
	if err != nil {
		r.rt.log.Error("read turns", "room", r.code, "err", err)
		return // tried again at the next schedule
	}
	r.pace.read, r.pace.saved = true, turns
	if r.pace.begun == nil {
		r.pace.begun = map[int]turnStart{}
	}
	if r.t.Match == nil || r.t.Match.Over() {
		return
	}
	waiting := r.t.Match.Waiting()
	for _, tu := range turns {
		s := tu.Seat
		if slices.Contains(waiting, s) && s < len(r.t.Seats) && r.t.Seats[s].Player == tu.Player && !r.t.Seats[s].botPlayed() {
			r.waitingSince[s] = tu.Since
			r.pace.begun[s] = turnStart{since: tu.Since, seq: tu.Seq}
		}
	}
}

// awaited are the people the slow table waits for now, with their
// deadlines: none while it is paused, damaged, unsaved or its game over.
func (r *Room) awaited() []db.Turn {
	if r.t.Match == nil || r.t.Match.Over() || r.t.damage != nil || r.t.Paused || r.unsaved {
		return nil
	}
	if r.pace.begun == nil {
		r.pace.begun = map[int]turnStart{}
	}
	var out []db.Turn
	waiting := slices.Sorted(slices.Values(r.t.Match.Waiting()))
	for s := range r.pace.begun {
		if !slices.Contains(waiting, s) {
			delete(r.pace.begun, s)
		}
	}
	for _, s := range waiting {
		since, ok := r.waitingSince[s]
		if !ok || s < 0 || s >= len(r.t.Seats) || r.t.Seats[s].Player == "" || r.t.Seats[s].botPlayed() {
			continue
		}
		b, ok := r.pace.begun[s]
		if !ok || !b.since.Equal(since) {
			b = turnStart{since: since, seq: r.t.Seq}
			r.pace.begun[s] = b
		}
		out = append(out, db.Turn{Room: r.code, Seat: s, Player: r.t.Seats[s].Player, Name: r.t.Seats[s].Name,
			Seq: b.seq, Since: since, Deadline: since.Add(r.perMove())})
	}
	return out
}

// noteTurns writes the awaited set when it changed, and tells OnTurn of
// each turn that began (once: a turn the database had is not told again,
// after a restart either).
func (r *Room) noteTurns() {
	want := r.awaited()
	if slices.EqualFunc(want, r.pace.saved, sameTurn) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := r.rt.db.SetTurns(ctx, r.code, want); err != nil {
		r.rt.log.Error("note turns", "room", r.code, "err", err)
		return // written at the next schedule
	}
	before := r.pace.saved
	r.pace.saved = want
	on := r.rt.cfg.OnTurn
	if on == nil {
		return
	}
	for _, tu := range want {
		if slices.ContainsFunc(before, func(b db.Turn) bool { return sameTurn(b, tu) }) {
			continue
		}
		on(TurnNotice{Room: r.code, Game: r.t.kind.name, Player: tu.Player, Seat: tu.Seat, Seq: tu.Seq,
			Deadline: tu.Deadline, Move: r.awaitedMove(tu.Seat)})
	}
}

// sameTurn: one person's one turn (the same seat, player and start).
func sameTurn(a, b db.Turn) bool {
	return a.Seat == b.Seat && a.Player == b.Player && a.Seq == b.Seq && a.Since.Equal(b.Since)
}

// awaitedMove is what the table awaits of seat, in words: Impetus says
// which choice is open; the other games have one word each.
func (r *Room) awaitedMove(seat int) i18n.Msg {
	if m, ok := r.t.Match.(*impetus.Match); ok {
		if key, ok := impetusNeedKeys[m.State.View(r.gameSeat(seat)).Need]; ok {
			return i18n.M(key)
		}
	}
	return i18n.M("pace.move." + r.t.kind.name)
}

// slowDeadlines are a slow table's clocks: per awaited person, when their
// time per move runs out.
func (r *Room) slowDeadlines() map[int]time.Time {
	if r.t.Paused || len(r.waitingSince) == 0 {
		return nil
	}
	out := make(map[int]time.Time, len(r.waitingSince))
	for s, since := range r.waitingSince {
		if s >= 0 && s < len(r.t.Seats) && !r.t.Seats[s].botPlayed() {
			out[s] = since.Add(r.perMove())
		}
	}
	return out
}

// keepSlow leaves out of codes (tables idle long enough to close) the
// slow tables whose game runs: their people may take days over a move.
func (rt *Runtime) keepSlow(ctx context.Context, codes []string) []string {
	out := codes[:0]
	for _, code := range codes {
		if !rt.slowRunning(ctx, code) {
			out = append(out, code)
		}
	}
	return out
}

// slowRunning reports a slow table whose game has started and not ended
// (a table not loaded here: whether it is slow).
func (rt *Runtime) slowRunning(ctx context.Context, code string) bool {
	rt.mu.Lock()
	slot, ok := rt.rooms[code]
	rt.mu.Unlock()
	if ok {
		select {
		case <-slot.ready:
			if r := slot.room; r != nil {
				running := false
				r.do(ctx, func() { running = r.Slow() && r.t.Match != nil && !r.t.Match.Over() })
				return running
			}
		default:
		}
	}
	row, err := rt.db.RoomInfo(ctx, code)
	if err != nil {
		return false
	}
	_, o, err := rowKind(rt.kinds, row)
	return err == nil && o.Pace > 0
}

// NextTimer is when the room's timer fires, by the runtime's clock (zero:
// no timer waits).
func (r *Room) NextTimer() time.Time {
	if r.timer == nil {
		return time.Time{}
	}
	return r.timerAt
}
