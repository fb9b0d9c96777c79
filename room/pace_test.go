package room

import (
	"context"
	"encoding/json"
	"errors"
	"html"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
)

// slowRuntime is a runtime on the database at path whose clock the test
// moves, and whose real-time rules for absence act at once: an absent
// player's move after 1 ms, a bot in their seat after 2 ms, the bots'
// pause after 1 ms alone. A slow table must ignore all three. Each commit
// is told on commits; each OnTurn on the returned notices.
func slowRuntime(t *testing.T, path string, c *clock) (*Runtime, chan int64, *notices, func()) {
	t.Helper()
	d, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	n := &notices{}
	rt := New(Config{BotDelayMin: time.Hour, BotDelayMax: time.Hour, NextDealDelay: time.Hour,
		AbsentAutoplay: time.Millisecond, AbsentGrace: 2 * time.Millisecond, Unattended: time.Millisecond, OnTurn: n.add},
		d, slog.New(slog.NewTextHandler(io.Discard, nil)))
	rt.Now = c.Now
	commits := make(chan int64, 100)
	rt.CommitHook = func(r *Room) { commits <- r.t.Seq }
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		rt.Shutdown(ctx)
		d.Close()
	}
	t.Cleanup(stop)
	return rt, commits, n, stop
}

// notices are the OnTurn calls a test saw.
type notices struct {
	mu  sync.Mutex
	all []TurnNotice
}

func (n *notices) add(tn TurnNotice) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.all = append(n.all, tn)
}

func (n *notices) list() []TurnNotice {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]TurnNotice(nil), n.all...)
}

var t0 = time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC)

// slowPresident is a President table at 24 h per move for Ann, Bob and
// Cat, started at t0, with nobody connected any more.
func slowPresident(t *testing.T, rt *Runtime) (*Room, []*person) {
	t.Helper()
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}}
	r := seatTable(t, rt, "president", url.Values{"ruleset": {"house"}, "seats": {"3"}, "pace": {"24"}}, people)
	for _, p := range people {
		r.Disconnect(p.screen)
	}
	return r, people
}

// awaitedSeat is the seat the table waits for (one at a time in President).
func awaitedSeat(t *testing.T, r *Room) int {
	t.Helper()
	w := -1
	r.Inspect(t.Context(), func(r *Room) {
		if ws := r.t.Match.Waiting(); len(ws) == 1 {
			w = ws[0]
		}
	})
	if w < 0 {
		t.Fatal("the table waits for nobody, or for several")
	}
	return w
}

// poke makes the room look at its clocks now (as any command does).
func poke(t *testing.T, r *Room) {
	t.Helper()
	if err := r.Inspect(t.Context(), func(r *Room) { r.schedule() }); err != nil {
		t.Fatal(err)
	}
}

// nextCommit waits for the room's next commit and returns its entry.
func nextCommit(t *testing.T, rt *Runtime, r *Room, commits chan int64) entry {
	t.Helper()
	select {
	case seq := <-commits:
		es, err := rt.db.LogRange(t.Context(), r.Code(), seq, seq)
		if err != nil || len(es) != 1 {
			t.Fatalf("entry %d: %v", seq, err)
		}
		var e entry
		if err := json.Unmarshal(es[0].Entry, &e); err != nil {
			t.Fatal(err)
		}
		return e
	case <-time.After(10 * time.Second):
		t.Fatal("no move was played")
	}
	return entry{}
}

func drain(ch chan int64) {
	for {
		select {
		case <-ch:
		default:
			return
		}
	}
}

// TestSlowTableClock: at a table of 24 h per move whose people all left,
// nothing plays for the awaited person before their day is out (no move
// for the absent, no bot in their seat, no pause of the table); at 24 h
// the game's auto-move plays for them, the log says their time ran out,
// and the next person's 24 h begin. The database has each deadline.
func TestSlowTableClock(t *testing.T) {
	c := &clock{now: t0}
	rt, commits, _, _ := slowRuntime(t, filepath.Join(t.TempDir(), "tables.db"), c)
	r, people := slowPresident(t, rt)
	ctx := t.Context()
	w := awaitedSeat(t, r)
	day := 24 * time.Hour
	check := func(seat int, deadline time.Time) {
		t.Helper()
		r.Inspect(ctx, func(r *Room) {
			if dl := r.Deadlines(); len(dl) != 1 || !dl[seat].Equal(deadline) {
				t.Fatalf("deadlines %v, want seat %d until %v", dl, seat, deadline)
			}
			if at := r.NextTimer(); !at.Equal(deadline) {
				t.Fatalf("the table acts at %v, want %v (the deadline)", at, deadline)
			}
			if r.Dormant() || r.t.Seats[seat].Away {
				t.Fatalf("dormant %v, seat away %v", r.Dormant(), r.t.Seats[seat].Away)
			}
		})
		turns, err := rt.db.Turns(ctx, r.Code())
		if err != nil || len(turns) != 1 || turns[0].Seat != seat || turns[0].Player != people[seat].id || !turns[0].Deadline.Equal(deadline) {
			t.Fatalf("the database's turns %+v, %v; want seat %d until %v", turns, err, seat, deadline)
		}
	}
	check(w, t0.Add(day))
	drain(commits)
	c.now = t0.Add(23 * time.Hour)
	poke(t, r)
	check(w, t0.Add(day))
	c.now = t0.Add(day)
	poke(t, r)
	e := nextCommit(t, rt, r, commits)
	if e.T != eMove || e.Seat != w || e.By != byClock {
		t.Fatalf("at the deadline: %+v, want seat %d's move by the clock", e, w)
	}
	next := awaitedSeat(t, r)
	if next == w {
		t.Fatal("the same seat is awaited after its move")
	}
	check(next, t0.Add(2*day))
	// a day and more with nobody at the table: it stays open (a
	// real-time table closes after IdleClose, 24 h)
	c.now = t0.Add(2*day - time.Minute)
	if n, err := rt.CloseIdle(ctx); err != nil || n != 0 {
		t.Fatalf("idle close of a slow table: %d closed, %v", n, err)
	}
	if _, err := rt.Get(ctx, r.Code()); err != nil {
		t.Fatalf("the slow table closed: %v", err)
	}
	// the log says so, to anyone who opens the table
	screen := &conn{}
	r.Connect(ctx, screen, people[next].id)
	if !strings.Contains(html.UnescapeString(screen.last()), people[w].name+"'s time ran out: the table plays for them.") {
		t.Fatalf("the log doesn't say %s's time ran out: %s", people[w].name, screen.last())
	}
}

// TestSlowTablePause: the host pauses a slow table for everyone (a
// holiday): no clock runs and nobody is awaited, for days; resumed, the
// awaited person has their whole time per move again.
func TestSlowTablePause(t *testing.T) {
	c := &clock{now: t0}
	rt, _, _, _ := slowRuntime(t, filepath.Join(t.TempDir(), "tables.db"), c)
	r, people := slowPresident(t, rt)
	ctx := t.Context()
	w := awaitedSeat(t, r)
	c.now = t0.Add(2 * time.Hour)
	if err := r.Seat(ctx, people[0].id, people[0].name, url.Values{"do": {"pause"}}); err != nil {
		t.Fatal(err)
	}
	var seq int64
	r.Inspect(ctx, func(r *Room) {
		seq = r.t.Seq
		if dl, at := r.Deadlines(), r.NextTimer(); dl != nil || !at.IsZero() {
			t.Fatalf("paused: deadlines %v, a timer at %v", dl, at)
		}
	})
	if turns, err := rt.db.Turns(ctx, r.Code()); err != nil || len(turns) != 0 {
		t.Fatalf("paused, the database still awaits %+v (%v)", turns, err)
	}
	c.now = t0.Add(5 * 24 * time.Hour)
	poke(t, r)
	r.Inspect(ctx, func(r *Room) {
		if r.t.Seq != seq || !r.NextTimer().IsZero() {
			t.Fatalf("five days paused: entry %d (was %d), a timer at %v", r.t.Seq, seq, r.NextTimer())
		}
	})
	if err := r.Seat(ctx, people[0].id, people[0].name, url.Values{"do": {"resume"}}); err != nil {
		t.Fatal(err)
	}
	want := c.now.Add(24 * time.Hour)
	r.Inspect(ctx, func(r *Room) {
		if dl := r.Deadlines(); !dl[w].Equal(want) || !r.NextTimer().Equal(want) {
			t.Fatalf("resumed: deadlines %v, timer at %v; want %v", dl, r.NextTimer(), want)
		}
	})
	if turns, _ := rt.db.Turns(ctx, r.Code()); len(turns) != 1 || !turns[0].Deadline.Equal(want) {
		t.Fatalf("resumed, the database's turns %+v", turns)
	}
}

// TestSlowDeadlineSurvivesARestart: the server restarts ten hours into
// a person's day: the table loads with the same deadline (not a fresh
// day), nobody is told again that it is their turn, and at the deadline
// the move is played for them.
func TestSlowDeadlineSurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables.db")
	c := &clock{now: t0}
	rt, _, before, stop := slowRuntime(t, path, c)
	r, people := slowPresident(t, rt)
	ctx := t.Context()
	code := r.Code()
	// the first person moves an hour in; the next one's day begins then
	c.now = t0.Add(time.Hour)
	w := awaitedSeat(t, r)
	playUntil(t, r, people, func(tb *Table) bool { ws := tb.Match.Waiting(); return len(ws) == 1 && ws[0] != w })
	next := awaitedSeat(t, r)
	deadline := t0.Add(25 * time.Hour)
	if got := len(before.list()); got != 2 {
		t.Fatalf("%d turns told before the restart, want 2", got)
	}
	c.now = t0.Add(11 * time.Hour)
	stop()

	rt2, commits, after, _ := slowRuntime(t, path, c)
	r2, err := rt2.Get(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	if got := awaitedSeat(t, r2); got != next {
		t.Fatalf("after the restart the table waits for seat %d, want %d", got, next)
	}
	r2.Inspect(ctx, func(r *Room) {
		if dl := r.Deadlines(); !dl[next].Equal(deadline) || !r.NextTimer().Equal(deadline) {
			t.Fatalf("after the restart: deadlines %v, timer at %v; want %v", dl, r.NextTimer(), deadline)
		}
	})
	if n := after.list(); len(n) != 0 {
		t.Fatalf("a restart told the turn again: %+v", n)
	}
	drain(commits)
	c.now = deadline
	poke(t, r2)
	if e := nextCommit(t, rt2, r2, commits); e.Seat != next || e.By != byClock {
		t.Fatalf("at the deadline after the restart: %+v", e)
	}
}

// TestOnTurnOncePerTurn: OnTurn hears of each person's turn once, with
// the game, the seat, the entry it began after, the deadline and the move
// awaited; a new viewer, a chat line or a resync tell nothing again. A
// real-time table tells nothing.
func TestOnTurnOncePerTurn(t *testing.T) {
	c := &clock{now: t0}
	rt, _, n, _ := slowRuntime(t, filepath.Join(t.TempDir(), "tables.db"), c)
	r, people := slowPresident(t, rt)
	ctx := t.Context()
	w := awaitedSeat(t, r)
	var seq int64
	r.Inspect(ctx, func(r *Room) { seq = r.t.Seq })
	got := n.list()
	if len(got) != 1 {
		t.Fatalf("%d notices at the start, want 1: %+v", len(got), got)
	}
	want := TurnNotice{Room: r.Code(), Game: "president", Player: people[w].id, Seat: w, Seq: seq, Deadline: t0.Add(24 * time.Hour)}
	if g := got[0]; g.Room != want.Room || g.Game != want.Game || g.Player != want.Player || g.Seat != want.Seat || g.Seq != want.Seq || !g.Deadline.Equal(want.Deadline) || g.Move.Key != "pace.move.president" {
		t.Fatalf("notice %+v, want %+v (move pace.move.president)", g, want)
	}
	screen := &conn{}
	r.Connect(ctx, screen, people[w].id)
	r.Chat(ctx, people[w].id, people[w].name, "thinking")
	r.Resync(ctx, screen)
	poke(t, r)
	if len(n.list()) != 1 {
		t.Fatalf("told again: %+v", n.list())
	}
	c.now = t0.Add(3 * time.Hour)
	playUntil(t, r, people, func(tb *Table) bool { ws := tb.Match.Waiting(); return len(ws) == 1 && ws[0] != w })
	next := awaitedSeat(t, r)
	got = n.list()
	if len(got) != 2 || got[1].Seat != next || got[1].Seq <= seq || !got[1].Deadline.Equal(c.now.Add(24*time.Hour)) {
		t.Fatalf("after seat %d's move: %+v", w, got)
	}

	// real time: no notice
	c2 := &clock{now: t0}
	rt2, _, n2, _ := slowRuntime(t, filepath.Join(t.TempDir(), "tables.db"), c2)
	seatTable(t, rt2, "president", url.Values{"ruleset": {"house"}, "seats": {"3"}},
		[]*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}})
	if len(n2.list()) != 0 {
		t.Fatalf("a real-time table told %+v", n2.list())
	}
}

// TestReadPace: the creation form's pace is real time or 12 h, 24 h or
// 3 days per move; a slow table has no clock of seconds; Hold'em is slow
// only as a sit-and-go.
func TestReadPace(t *testing.T) {
	rt := quietRuntime(t)
	for _, tc := range []struct {
		game string
		form url.Values
		pace int
		err  string
	}{
		{"president", url.Values{"ruleset": {"house"}, "seats": {"4"}}, 0, ""},
		{"president", url.Values{"ruleset": {"house"}, "seats": {"4"}, "pace": {"0"}}, 0, ""},
		{"impetus", url.Values{"pace": {"72"}, "clock": {"60"}}, 72, ""},
		{"lowunique", url.Values{"pace": {"12"}}, 12, ""},
		{"president", url.Values{"ruleset": {"house"}, "seats": {"4"}, "pace": {"5"}}, 0, "error.table.pace"},
		{"president", url.Values{"ruleset": {"house"}, "seats": {"4"}, "pace": {"1e3"}}, 0, "error.table.pace"},
		{"holdem", url.Values{"seats": {"4"}, "blinds": {"10/20"}, "stack_bb": {"100"}, "pace": {"24"}}, 0, "error.table.pace_cash"},
		{"holdem", url.Values{"seats": {"4"}, "blinds": {"10/20"}, "stack_bb": {"100"}, "format": {"sng"}, "pace": {"24"}}, 24, ""},
		{"holdem", url.Values{"seats": {"4"}, "blinds": {"10/20"}, "stack_bb": {"100"}, "format": {"sng"}, "level": {"5m"}, "pace": {"24"}}, 0, "error.table.pace_levels"},
	} {
		o, err := rt.ReadOptions(tc.game, tc.form)
		var ge *game.Error
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s %v: %v", tc.game, tc.form, err)
		case tc.err != "" && (!errors.As(err, &ge) || ge.Msg.Key != tc.err):
			t.Errorf("%s %v: %v, want %s", tc.game, tc.form, err, tc.err)
		case err == nil && (o.Pace != tc.pace || tc.pace > 0 && o.Clock != 0):
			t.Errorf("%s %v: pace %d clock %d, want pace %d", tc.game, tc.form, o.Pace, o.Clock, tc.pace)
		}
		if err == nil && tc.game == "holdem" && o.Poker.LevelHands != 10 {
			t.Errorf("a slow sit-and-go's levels: %d hands, %d minutes; want 10 hands", o.Poker.LevelHands, o.Poker.LevelMins)
		}
	}
}

// TestOnTurnSaysImpetusChoice: at a slow Impetus table the notice says
// which choice is open ("Choose a faction to guide."), not only "your
// move".
func TestOnTurnSaysImpetusChoice(t *testing.T) {
	c := &clock{now: t0}
	rt, _, n, _ := slowRuntime(t, filepath.Join(t.TempDir(), "tables.db"), c)
	seatTable(t, rt, "impetus", url.Values{"seats": {"3"}, "bots": {"on"}, "pace": {"72"}}, []*person{{id: "p-ann", name: "Ann"}})
	got := n.list()
	if len(got) != 1 || got[0].Game != "impetus" || got[0].Player != "p-ann" || got[0].Move.Key != "impetus.view.need.guide" || !got[0].Deadline.Equal(t0.Add(72*time.Hour)) {
		t.Fatalf("notices %+v, want Ann's, to choose a faction to guide, until %v", got, t0.Add(72*time.Hour))
	}
}

// TestSlowLobbyWaitsForItsFriends: a slow table's lobby that nobody is
// connected to is not closed after the ten minutes a real-time lobby
// gets, but after the idle time of any table (a day by default).
func TestSlowLobbyWaitsForItsFriends(t *testing.T) {
	c := &clock{now: t0}
	rt, _, _, _ := slowRuntime(t, filepath.Join(t.TempDir(), "tables.db"), c)
	ctx := t.Context()
	o, err := rt.ReadOptions("lowunique", url.Values{"seats": {"3"}, "pace": {"24"}})
	if err != nil {
		t.Fatal(err)
	}
	slow, err := rt.Create(ctx, "lowunique", o, "p-ann", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	o.Pace = 0
	live, err := rt.Create(ctx, "lowunique", o, "p-bob", "Bob")
	if err != nil {
		t.Fatal(err)
	}
	c.now = t0.Add(11 * time.Minute)
	if n, err := rt.CloseIdle(ctx); err != nil || n != 1 {
		t.Fatalf("after 11 minutes alone: %d closed, %v; want the real-time lobby only", n, err)
	}
	if _, err := rt.Get(ctx, live.Code()); err == nil {
		t.Fatal("the real-time lobby is still open")
	}
	if _, err := rt.Get(ctx, slow.Code()); err != nil {
		t.Fatalf("the slow lobby closed after 11 minutes: %v", err)
	}
	c.now = t0.Add(25 * time.Hour)
	if n, _ := rt.CloseIdle(ctx); n != 1 {
		t.Fatalf("after 25 hours alone: %d closed; want the slow lobby", n)
	}
}
