package cluster

import (
	"context"
	"errors"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/db/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// machine is one machine's node on a shared database, noting what it was
// asked to load and to release.
type machine struct {
	db       *db.DB
	node     *Node
	mu       sync.Mutex
	loaded   []string
	released []string
}

func start(t *testing.T, addr, id string, ttl time.Duration) *machine {
	t.Helper()
	d, err := db.Open(context.Background(), addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	m := &machine{db: d}
	m.node, err = Start(context.Background(), Config{DB: d, Machine: id, Addr: "http://" + id, TTL: ttl,
		Load: func(_ context.Context, code string) error {
			m.mu.Lock()
			defer m.mu.Unlock()
			m.loaded = append(m.loaded, code)
			return nil
		},
		Release: func(codes []string) {
			m.mu.Lock()
			defer m.mu.Unlock()
			m.released = append(m.released, codes...)
		}})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRoundsMoveTablesByTheDatabase: m1's table is served by m1 (Where
// says so on both machines); m1 stops renewing; once its lease ran out
// by the database's clock, m2's round takes it and loads it; m1's next
// round learns it lost it and releases it. A stop hands tables on at
// once.
func TestRoundsMoveTablesByTheDatabase(t *testing.T) {
	ctx := context.Background()
	addr := pgtest.NewDatabase(t)
	const ttl = 600 * time.Millisecond
	m1, m2 := start(t, addr, "m1", ttl), start(t, addr, "m2", ttl)
	if err := m1.db.CreateRoom(ctx, "T1", "president", []byte(`{}`), time.Now(), 0); err != nil {
		t.Fatal(err)
	}
	if here, _, err := m1.node.Where(ctx, "T1"); !here || err != nil {
		t.Fatalf("m1's own table: here %v, %v", here, err)
	}
	if here, owner, err := m2.node.Where(ctx, "T1"); here || owner != "m1" || err != nil {
		t.Fatalf("m2 asked for m1's table: here %v owner %q, %v", here, owner, err)
	}
	m2.node.Round(ctx)
	if len(m2.loaded) != 0 {
		t.Fatalf("m2 took a live table: %v", m2.loaded)
	}
	// m1 stops renewing (frozen): m2 takes T1 once it is free
	for start := time.Now(); len(m2.loaded) == 0; {
		if time.Since(start) > 10*time.Second {
			t.Fatal("m2 never took the table m1 stopped renewing")
		}
		m2.node.Round(ctx)
	}
	if !slices.Equal(m2.loaded, []string{"T1"}) || !m2.db.Holds("T1") {
		t.Fatalf("m2 loaded %v", m2.loaded)
	}
	// m1's lease is stale here: it serves T1 no more, before it knows more
	if here, _, err := m1.node.Where(ctx, "T1"); here || !errors.Is(err, db.ErrStale) {
		t.Fatalf("m1 after its lease ran out: here %v, %v", here, err)
	}
	m1.node.Round(ctx)
	if !slices.Equal(m1.released, []string{"T1"}) || m1.db.Holds("T1") {
		t.Fatalf("m1 released %v", m1.released)
	}
	if here, owner, err := m1.node.Where(ctx, "T1"); here || owner != "m2" || err != nil {
		t.Fatalf("m1 asked for T1 after its round: here %v owner %q, %v", here, owner, err)
	}
	// m2 stops: T1 is free at once, and m1's next round takes it back
	if err := m2.node.Leave(ctx); err != nil {
		t.Fatal(err)
	}
	m1.node.Refused("T1") // (its note that m2 serves it, dropped as a replay coming back would)
	m1.node.Round(ctx)
	if !slices.Equal(m1.loaded, []string{"T1"}) || !m1.db.Holds("T1") {
		t.Fatalf("m1 after m2 stopped: loaded %v", m1.loaded)
	}
	if ps := m1.node.Peers(ctx); len(ps) != 0 {
		t.Fatalf("peers after m2 left: %v", ps)
	}
}
