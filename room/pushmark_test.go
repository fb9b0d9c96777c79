package room

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablegames/tables/game/president"
)

// clockConn is a test connection that notes the runtime's clock at each
// push it gets (pushes are written from the room's actor, which alone
// moves the test's clock).
type clockConn struct {
	conn
	clock *atomic.Int64
	at    []int64
}

func (c *clockConn) Write(msg []byte) error {
	c.mu.Lock()
	c.at = append(c.at, c.clock.Load())
	c.mu.Unlock()
	return c.conn.Write(msg)
}

// pushMark is what ends a push (views.Seq).
type pushMark struct {
	seq, n, now int64
	full        bool
}

var markRe = regexp.MustCompile(`<i id="seq" hidden data-seq="(\d+)" data-n="(\d+)" data-now="(\d+)"( data-full)?></i>$`)

// markOf reads the mark that ends a push; a push without one fails.
func markOf(t *testing.T, push string) pushMark {
	t.Helper()
	m := markRe.FindStringSubmatch(push)
	if m == nil {
		t.Fatalf("a push that doesn't end with its mark: …%s", push[max(0, len(push)-200):])
	}
	num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
	return pushMark{seq: num(m[1]), n: num(m[2]), now: num(m[3]), full: m[4] != ""}
}

// TestPushMarks plays a President deal with the runtime's clock moving a
// second before each move: every push to every connection ends with its
// mark; the connection's push numbers run 1, 2, 3… with no gap, the first
// (the whole table) marked full and no other; each push carries the
// runtime's clock at the moment it was made. The table's sequence number
// is no such count: a push without a log entry (a player going offline)
// repeats it, and an entry that changes nothing for a viewer sends it
// nothing, so its next push skips a number; the page checks the push
// number instead.
func TestPushMarks(t *testing.T) {
	rt := quietRuntime(t)
	var clock atomic.Int64
	clock.Store(time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC).UnixMilli())
	rt.Now = func() time.Time { return time.UnixMilli(clock.Load()) }

	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}}
	ctx := t.Context()
	opts, err := rt.ReadOptions("president", url.Values{"ruleset": {"house"}, "seats": {"3"}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := rt.Create(ctx, "president", opts, people[0].id, people[0].name)
	if err != nil {
		t.Fatal(err)
	}
	screens := make([]*clockConn, len(people))
	for i, p := range people {
		if i > 0 {
			if _, err := r.Join(ctx, p.id, p.name); err != nil {
				t.Fatal(err)
			}
			if err := r.Lobby(ctx, p.id, p.name, url.Values{"do": {"ready"}}); err != nil {
				t.Fatal(err)
			}
		}
		screens[i] = &clockConn{clock: &clock}
		p.screen = &screens[i].conn
		if err := r.Connect(ctx, screens[i], p.id); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Start(ctx, people[0].id, people[0].name); err != nil {
		t.Fatal(err)
	}
	watcher := &clockConn{clock: &clock}
	if _, err := r.Join(ctx, "p-wes", "Wes"); err != nil {
		t.Fatal(err)
	}
	if err := r.Connect(ctx, watcher, "p-wes"); err != nil {
		t.Fatal(err)
	}
	// Cat's screen goes: the others are pushed that she is offline, with
	// no new log entry (the same sequence number); she comes back on a
	// new connection, numbered from 1 again
	r.Disconnect(screens[2])
	screens[2] = &clockConn{clock: &clock}
	people[2].screen = &screens[2].conn
	if err := r.Connect(ctx, screens[2], people[2].id); err != nil {
		t.Fatal(err)
	}
	moves := playUntil(t, r, people, func(tb *Table) bool {
		clock.Add(1000) // in the actor, before each move
		return tb.Match.(*president.Match).State.Phase == president.DealOver
	})
	if moves < 10 {
		t.Fatalf("%d moves", moves)
	}

	seqRepeated := false
	for i, c := range append(screens, watcher) {
		pushes := c.all()
		if len(pushes) < 10 {
			t.Fatalf("screen %d got %d pushes", i, len(pushes))
		}
		nows := map[int64]bool{}
		var last pushMark
		for k, p := range pushes {
			m := markOf(t, p)
			if m.n != int64(k+1) {
				t.Fatalf("screen %d, push %d is numbered %d", i, k+1, m.n)
			}
			if m.full != (k == 0) {
				t.Fatalf("screen %d, push %d: full is %v", i, k+1, m.full)
			}
			if k == 0 && !strings.Contains(p, `id="stage"`) {
				t.Fatalf("screen %d: the first push is not the whole table", i)
			}
			if c.at[k] != m.now {
				t.Fatalf("screen %d, push %d carries now %d; the runtime's clock read %d", i, k+1, m.now, c.at[k])
			}
			nows[m.now] = true
			if k > 0 && m.seq == last.seq {
				seqRepeated = true
			}
			last = m
		}
		if len(nows) < 10 {
			t.Fatalf("screen %d: the clock moved for every move, yet its pushes carry %d different times", i, len(nows))
		}
	}
	if !seqRepeated {
		t.Fatal("every push came with a new sequence number: the test shows nothing about why pages count pushes")
	}
}

// TestResyncSendsTheWholeTable: a viewer that asks for its table again
// gets the whole table, byte for byte what a new connection gets, as the
// next push of its connection (numbered on, marked full); the other
// viewers get nothing, and a connection the room doesn't know gets
// nothing either.
func TestResyncSendsTheWholeTable(t *testing.T) {
	rt := quietRuntime(t)
	frozen := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	rt.Now = func() time.Time { return frozen }
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}}
	r := seatTable(t, rt, "president", url.Values{"ruleset": {"house"}, "seats": {"3"}}, people)
	moves := 0
	playUntil(t, r, people, func(*Table) bool { moves++; return moves > 6 })
	if err := r.Chat(t.Context(), people[2].id, "Cat", "hello"); err != nil {
		t.Fatal(err)
	}

	bob := people[1].screen
	before := bob.all()
	others := []int{len(people[0].screen.all()), len(people[2].screen.all())}
	if err := r.Resync(t.Context(), bob); err != nil {
		t.Fatal(err)
	}
	after := bob.all()
	if len(after) != len(before)+1 {
		t.Fatalf("a resync made %d pushes", len(after)-len(before))
	}
	got, prev := after[len(after)-1], markOf(t, before[len(before)-1])
	m := markOf(t, got)
	if !m.full || m.n != prev.n+1 {
		t.Fatalf("the resync's push: full %v, number %d after %d", m.full, m.n, prev.n)
	}
	for _, want := range []string{`id="stage"`, `id="log"`, `id="chat"`, `id="p-hand"`, `hello`, `id="table-state"`} {
		if !strings.Contains(got, want) {
			t.Fatalf("the resync's push lacks %s", want)
		}
	}
	if n := []int{len(people[0].screen.all()), len(people[2].screen.all())}; n[0] != others[0] || n[1] != others[1] {
		t.Fatalf("a resync pushed to others: %v, was %v", n, others)
	}
	// what a new connection of Bob's gets first
	fresh := &conn{}
	if err := r.Connect(t.Context(), fresh, people[1].id); err != nil {
		t.Fatal(err)
	}
	first := fresh.all()[0]
	strip := regexp.MustCompile(` data-n="\d+"`)
	if strip.ReplaceAllString(got, "") != strip.ReplaceAllString(first, "") {
		t.Fatalf("the resync differs from a new connection's table:\n%.300s\n%.300s", got, first)
	}

	stranger := &conn{}
	if err := r.Resync(t.Context(), stranger); err != nil || len(stranger.all()) != 0 {
		t.Fatalf("a connection the room doesn't know: %v, %d pushes", err, len(stranger.all()))
	}
}
