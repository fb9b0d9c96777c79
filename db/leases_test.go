package db

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestLeasesFenceAppends: two machines share one database. The table
// made on m1 is m1's; m2 can't take it while the lease is live, and once
// it ran out by the database's clock m2 takes it (generation 2). From
// then on m1's appends are refused in the database, whatever m1
// believes, and m1's next renewal tells it the table is lost.
func TestLeasesFenceAppends(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		m1, addr := open(t)
		m2 := openAgain(t, addr)
		const ttl = 400 * time.Millisecond
		if err := m1.SetMachine(ctx, "m1", ttl); err != nil {
			t.Fatal(err)
		}
		if err := m2.SetMachine(ctx, "m2", ttl); err != nil {
			t.Fatal(err)
		}
		if _, err := m1.Renew(ctx, "http://m1"); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		if err := m1.CreateRoom(ctx, "T1", "president", []byte(`{}`), now, 0); err != nil {
			t.Fatal(err)
		}
		if !m1.Holds("T1") || m2.Holds("T1") {
			t.Fatal("the new table is not m1's alone")
		}
		if err := m1.Append(ctx, "T1", 1, now, []byte(`1`)); err != nil {
			t.Fatal(err)
		}
		// m2 may not write it, nor take it while it is live
		if err := m2.Append(ctx, "T1", 2, now, []byte(`m2`)); !errors.Is(err, ErrFenced) {
			t.Fatalf("m2 appended to m1's table: %v", err)
		}
		l, err := m2.TakeLease(ctx, "T1")
		if err != nil || l.Owner != "m1" || !l.Live || l.Addr != "http://m1" || l.Gen != 1 || m2.Holds("T1") {
			t.Fatalf("m2 took a live lease: %+v %v", l, err)
		}
		if _, err := m2.TakeLease(ctx, "NOPE"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a lease for no table: %v", err)
		}
		// m1 stops renewing (frozen): once the database's clock passes
		// the expiry, m2 takes the table
		for {
			l, err := m2.LeaseOf(ctx, "T1")
			if err != nil {
				t.Fatal(err)
			}
			if !l.Live {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if free, _ := m2.FreeTables(ctx, 10); len(free) != 1 || free[0] != "T1" {
			t.Fatalf("free tables %v", free)
		}
		l, err = m2.TakeLease(ctx, "T1")
		if err != nil || l.Owner != "m2" || l.Gen != 2 || !m2.Holds("T1") {
			t.Fatalf("m2 did not take the expired lease: %+v %v", l, err)
		}
		// m1 wakes up: its append is refused by the database, and
		// nothing of it is written
		if err := m1.Append(ctx, "T1", 2, now, []byte(`late`)); !errors.Is(err, ErrFenced) {
			t.Fatalf("m1's late append: %v", err)
		}
		// nor may it write whose turn it is (the home pages read that)
		if err := m1.SetTurns(ctx, "T1", []Turn{{Seat: 0, Player: "p-ann", Deadline: now}}); !errors.Is(err, ErrFenced) {
			t.Fatalf("m1's late turns: %v", err)
		}
		if err := m2.SetTurns(ctx, "T1", []Turn{{Seat: 1, Player: "p-bob", Deadline: now}}); err != nil {
			t.Fatal(err)
		}
		if err := m2.Append(ctx, "T1", 2, now, []byte(`2`)); err != nil {
			t.Fatal(err)
		}
		if log, _ := m2.Log(ctx, "T1", 0); len(log) != 2 || string(log[1].Entry) != "2" {
			t.Fatalf("log %+v", log)
		}
		lost, err := m1.Renew(ctx, "http://m1")
		if err != nil || len(lost) != 1 || lost[0] != "T1" || m1.Holds("T1") {
			t.Fatalf("m1's renewal: lost %v, %v", lost, err)
		}
		// m2 stops gracefully: the table is free at once, and m1 takes it
		if err := m2.LeaveCluster(ctx); err != nil {
			t.Fatal(err)
		}
		if free, _ := m1.FreeTables(ctx, 10); len(free) != 1 {
			t.Fatalf("not free after a graceful stop: %v", free)
		}
		if ms, _ := m1.Machines(ctx); len(ms) != 0 {
			t.Fatalf("machines after m2 left: %v", ms)
		}
		if l, err := m1.TakeLease(ctx, "T1"); err != nil || l.Owner != "m1" || l.Gen != 3 {
			t.Fatalf("m1 takes it back: %+v %v", l, err)
		}
		if err := m1.Append(ctx, "T1", 3, now, []byte(`3`)); err != nil {
			t.Fatal(err)
		}
		if err := m2.Append(ctx, "T1", 4, now, []byte(`m2 gone`)); !errors.Is(err, ErrFenced) {
			t.Fatalf("m2 wrote after leaving: %v", err)
		}
	})
}

// TestFencedAppendFailsAlone: in a group commit, the append of a table
// whose lease is gone is refused and the others are written.
func TestFencedAppendFailsAlone(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		d, _ := open(t)
		if err := d.SetMachine(ctx, "m1", time.Minute); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		for _, c := range []string{"A", "B"} {
			if err := d.CreateRoom(ctx, c, "president", []byte(`{}`), now, 0); err != nil {
				t.Fatal(err)
			}
		}
		d.Forget("B") // as if B were lost
		errs := make(chan error, 2)
		go func() { errs <- d.Append(ctx, "A", 1, now, []byte(`a`)) }()
		go func() { errs <- d.Append(ctx, "B", 1, now, []byte(`b`)) }()
		var fenced, ok int
		for range 2 {
			switch err := <-errs; {
			case err == nil:
				ok++
			case errors.Is(err, ErrFenced):
				fenced++
			default:
				t.Fatal(err)
			}
		}
		if ok != 1 || fenced != 1 {
			t.Fatalf("ok %d fenced %d", ok, fenced)
		}
		if log, _ := d.Log(ctx, "B", 0); len(log) != 0 {
			t.Fatal("the fenced entry was written")
		}
	})
}

// TestTokensAreShared: two machines take from one bucket: a burst of 4
// is 4 however the takes are spread; another key has its own; a refused
// take costs too; the bucket fills again with time.
func TestTokensAreShared(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		a, addr := open(t)
		b := openAgain(t, addr)
		var allowed int
		for i := range 6 {
			d := a
			if i%2 == 1 {
				d = b
			}
			ok, err := d.TakeToken(ctx, "tables:203.0.113.7", 4, time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				allowed++
			}
		}
		if allowed != 4 {
			t.Fatalf("%d of 6 allowed by a burst of 4 over two machines", allowed)
		}
		if ok, _ := b.HasToken(ctx, "tables:203.0.113.7", 4, time.Hour); ok {
			t.Fatal("an empty bucket has a token")
		}
		if ok, _ := a.HasToken(ctx, "tables:198.51.100.1", 4, time.Hour); !ok {
			t.Fatal("a new bucket is empty")
		}
		if ok, _ := a.TakeToken(ctx, "tables:198.51.100.1", 4, time.Hour); !ok {
			t.Fatal("another address shares the budget")
		}
		// one token every 50 ms: the bucket refills by the database's clock
		for range 2 {
			a.TakeToken(ctx, "codes:x", 1, 50*time.Millisecond)
		}
		for start := time.Now(); ; {
			if ok, _ := b.HasToken(ctx, "codes:x", 1, 50*time.Millisecond); ok {
				break
			}
			if time.Since(start) > 5*time.Second {
				t.Fatal("the bucket never filled again")
			}
		}
		if ok, _ := b.TakeToken(ctx, "codes:x", 1, 50*time.Millisecond); !ok {
			t.Fatal("a refilled bucket refused")
		}
	})
}

// TestCapCountsEveryMachine: the cap on open tables holds for two
// machines creating at once.
func TestCapCountsEveryMachine(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		a, addr := open(t)
		b := openAgain(t, addr)
		errs := make(chan error, 20)
		for i := range 20 {
			d := a
			if i%2 == 1 {
				d = b
			}
			go func() { errs <- d.CreateRoom(ctx, string(rune('A'+i))+"X", "president", []byte(`{}`), time.Now(), 7) }()
		}
		made := 0
		for range 20 {
			switch err := <-errs; {
			case err == nil:
				made++
			case errors.Is(err, ErrFull):
			default:
				t.Fatal(err)
			}
		}
		if n, _ := a.CountOpen(ctx); made != 7 || n != 7 {
			t.Fatalf("made %d, open %d, cap 7", made, n)
		}
	})
}

// openAgain opens a database a second time: another machine on it.
func openAgain(t *testing.T, addr string) *DB {
	t.Helper()
	d, err := Open(context.Background(), addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}
