package room

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
)

// clock is a test's time: it moves only when told.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

// cappedRuntime is a quiet runtime with a cap of max open tables and a
// clock the test moves.
func cappedRuntime(t *testing.T, max int) (*Runtime, *clock) {
	t.Helper()
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "tables.db"))
	if err != nil {
		t.Fatal(err)
	}
	rt := New(Config{BotDelayMin: time.Hour, BotDelayMax: time.Hour, MaxOpenTables: max}, d, slog.New(slog.NewTextHandler(io.Discard, nil)))
	c := &clock{now: time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)}
	rt.Now = c.Now
	t.Cleanup(func() { rt.Shutdown(context.Background()); d.Close() })
	return rt, c
}

// TestAFloodCantFillTheCap: tables opened and left alone (a script's) make
// way for a visitor's new table once the cap is reached, oldest first; a
// table where someone is connected is never closed for it, and when
// every open table has someone at it the cap holds.
func TestAFloodCantFillTheCap(t *testing.T) {
	rt, c := cappedRuntime(t, 4)
	ctx := t.Context()
	opts, _ := rt.ReadOptions("president", url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}})
	// a friend's table, played and watched
	played, err := rt.Create(ctx, "president", opts, "p-ann", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	played.Connect(ctx, &conn{}, "p-ann")
	played.Start(ctx, "p-ann", "Ann")
	// a flood: three tables nobody opens
	var flood []string
	for i := range 3 {
		c.now = c.now.Add(time.Second)
		r, err := rt.Create(ctx, "president", opts, "p-bot", "Flood")
		if err != nil {
			t.Fatalf("flood table %d: %v", i, err)
		}
		flood = append(flood, r.Code())
	}
	c.now = c.now.Add(10 * time.Second)
	// the cap is reached: a visitor's table still opens, and the oldest
	// flood table made way
	visitor, err := rt.Create(ctx, "president", opts, "p-vic", "Vic")
	if err != nil {
		t.Fatalf("a visitor's table at the cap: %v", err)
	}
	visitor.Connect(ctx, &conn{}, "p-vic")
	if _, err := rt.Get(ctx, flood[0]); !errors.Is(err, db.ErrNotFound) {
		t.Fatalf("the oldest flood table is still open: %v", err)
	}
	for _, code := range append(flood[1:], played.Code(), visitor.Code()) {
		if _, err := rt.Get(ctx, code); err != nil {
			t.Fatalf("table %s closed: %v", code, err)
		}
	}
	// two more tables: the two remaining flood tables make way
	for i := range 2 {
		r, err := rt.Create(ctx, "president", opts, "p-new", "New")
		if err != nil {
			t.Fatalf("new table %d: %v", i, err)
		}
		r.Connect(ctx, &conn{}, "p-new")
	}
	// now everyone open has someone at it: the cap holds
	if _, err := rt.Create(ctx, "president", opts, "p-late", "Late"); !errors.Is(err, db.ErrFull) {
		t.Fatalf("a fifth table with four attended: %v", err)
	}
	if _, err := rt.Get(ctx, played.Code()); err != nil {
		t.Fatalf("the played table was closed: %v", err)
	}
}

// TestLobbiesNobodyJoinedExpire: a table that never started and that
// nobody has been connected to for LobbyClose (10 min) closes; a started
// table alone that long stays (it closes after IdleClose), and so does a
// lobby someone is in.
func TestLobbiesNobodyJoinedExpire(t *testing.T) {
	rt, c := cappedRuntime(t, 100)
	ctx := t.Context()
	opts, _ := rt.ReadOptions("president", url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}})
	lonely, _ := rt.Create(ctx, "president", opts, "p-a", "A")
	waiting, _ := rt.Create(ctx, "president", opts, "p-b", "B")
	waiting.Connect(ctx, &conn{}, "p-b")
	started, _ := rt.Create(ctx, "president", opts, "p-c", "C")
	started.Start(ctx, "p-c", "C")
	c.now = c.now.Add(9 * time.Minute)
	if n, err := rt.CloseIdle(ctx); err != nil || n != 0 {
		t.Fatalf("after 9 minutes: %d closed, %v", n, err)
	}
	c.now = c.now.Add(2 * time.Minute)
	if n, err := rt.CloseIdle(ctx); err != nil || n != 1 {
		t.Fatalf("after 11 minutes: %d closed, %v", n, err)
	}
	if _, err := rt.Get(ctx, lonely.Code()); !errors.Is(err, db.ErrNotFound) {
		t.Fatalf("the lobby nobody joined is open: %v", err)
	}
	for _, r := range []*Room{waiting, started} {
		if _, err := rt.Get(ctx, r.Code()); err != nil {
			t.Fatalf("table %s closed: %v", r.Code(), err)
		}
	}
}
