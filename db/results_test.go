package db

import (
	"context"
	"database/sql"
	"net/url"
	"path/filepath"
	"testing"
	"time"
)

// TestOldDatabaseMigrates opens a database made by the code before
// results (only migrations 0001 and 0002 applied, with a room, its log,
// a session and a secret in it) with today's code: it migrates in place
// and keeps every row.
func TestOldDatabaseMigratesToResults(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite", "file:"+path+"?"+url.Values{"_pragma": {"journal_mode(WAL)"}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	must := func(q string, args ...any) {
		t.Helper()
		if _, err := old.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	must(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)`)
	for v, name := range map[int]string{1: "migrations/0001_init.sql", 2: "migrations/0002_handovers.sql"} {
		body, err := migrations.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		must(string(body))
		must(`INSERT INTO schema_migrations(version) VALUES ($1)`, v)
	}
	now := time.Now().UnixMilli()
	must(`INSERT INTO rooms(code, kind, options, created_at, updated_at, status) VALUES ('OLD1', 'lowunique', '{"seats":2}', $1, $2, 'open')`, now, now)
	must(`INSERT INTO room_log(room, seq, at, entry) VALUES ('OLD1', 1, $1, '{"t":"create","player":"p1","name":"Ann"}')`, now)
	must(`INSERT INTO sessions(id, data, expires_at) VALUES ('s1', 'x', $1)`, now+1e6)
	must(`INSERT INTO secrets(name, value) VALUES ('k', X'01')`)
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}

	d, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open an old database: %v", err)
	}
	defer d.Close()
	var versions []int
	rows, err := d.r.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var v int
		rows.Scan(&v)
		versions = append(versions, v)
	}
	rows.Close()
	if len(versions) < 3 || versions[0] != 1 || versions[1] != 2 || !contains(versions, 4) {
		t.Fatalf("migrations applied: %v, want 1, 2 and 4 among them", versions)
	}
	row, _, _, entries, err := d.Load(ctx, "OLD1")
	if err != nil || row.Kind != "lowunique" || len(entries) != 1 || string(entries[0].Entry) != `{"t":"create","player":"p1","name":"Ann"}` {
		t.Fatalf("the old room after migrating: %+v %v %v", row, entries, err)
	}
	var n int
	d.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions`).Scan(&n)
	if n != 1 {
		t.Fatalf("%d sessions after migrating, want 1", n)
	}
	if v, err := d.Secret(ctx, "k", 1); err != nil || len(v) != 1 || v[0] != 1 {
		t.Fatalf("secret after migrating: %v %v", v, err)
	}
	// the new tables work
	if _, err := d.RecordGame(ctx, GameResult{Room: "OLD1", Game: 1, Kind: "lowunique", Finished: time.Now(), Unit: "points",
		Seats: []SeatResult{{Player: "p1", Name: "Ann", Place: 1, Figure: 9}, {Name: "Bot 2", Place: 2, Figure: 3}}}); err != nil {
		t.Fatal(err)
	}
	// and opening again migrates nothing more
	d.Close()
	d2, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer d2.Close()
	rs, err := d2.PlayerResults(ctx, "p1", false, 10)
	if err != nil || len(rs) != 1 {
		t.Fatalf("results after reopening: %v %v", rs, err)
	}
}

func contains(vs []int, v int) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

// TestMigrationBelowTheHighestRuns: a migration numbered below one
// already applied (two branches merged in another order) still runs.
func TestMigrationBelowTheHighestRuns(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, path := open(t)
		ctx := context.Background()
		if _, err := d.w.ExecContext(ctx, `DROP TABLE handovers; DELETE FROM schema_migrations WHERE version = 2`); err != nil {
			t.Fatal(err)
		}
		d.Close()
		d2, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer d2.Close()
		var n int
		if err := d2.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM handovers`).Scan(&n); err != nil {
			t.Fatalf("migration 2 did not run again: %v", err)
		}
	})
}

func TestRecordGameOnceAndRated(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, _ := open(t)
		ctx := context.Background()
		at := time.UnixMilli(1_700_000_000_000)
		g := GameResult{Room: "PUB1", Game: 1, Kind: "lowunique", Finished: at, Public: true, Unit: "points", Replay: 1,
			Seats: []SeatResult{
				{Name: "Bot 1", Place: 1, Figure: 12},
				{Player: "ann", Name: "Ann", Place: 2, Figure: 9},
				{Name: "Bot 3", Place: 3, Figure: 5},
				{Player: "bob", Name: "Bob", Place: 4, Figure: 1},
			}}
		for i := 0; i < 3; i++ {
			ok, err := d.RecordGame(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			if ok != (i == 0) {
				t.Fatalf("write %d recorded %v", i+1, ok)
			}
		}
		ann, _ := d.Ratings(ctx, "ann")
		bob, _ := d.Ratings(ctx, "bob")
		if len(ann) != 1 || len(bob) != 1 || ann[0].Games != 1 || bob[0].Games != 1 {
			t.Fatalf("ratings after one game written three times: %+v %+v", ann, bob)
		}
		if !(ann[0].Rating.R > 1500 && bob[0].Rating.R < 1500) {
			t.Fatalf("Ann placed above Bob: %v, %v", ann[0].Rating, bob[0].Rating)
		}
		var bots int
		d.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM results WHERE player = ''`).Scan(&bots)
		if bots != 0 {
			t.Fatal("a bot has a result")
		}
		rs, err := d.PlayerResults(ctx, "ann", false, 10)
		if err != nil || len(rs) != 1 || rs[0].Place != 2 || rs[0].Seats != 4 || rs[0].Figure != 9 || rs[0].Rating != ann[0].Rating.R || rs[0].Replay != 1 || !rs[0].Finished.Equal(at) {
			t.Fatalf("Ann's results: %+v %v", rs, err)
		}
		h, err := d.Handle(ctx, "ann")
		if err != nil || len(h) != 10 {
			t.Fatalf("handle %q %v", h, err)
		}
		if p, name, err := d.PlayerByHandle(ctx, h); err != nil || p != "ann" || name != "Ann" {
			t.Fatalf("by handle: %q %q %v", p, name, err)
		}
		rated, err := d.RatedPlayers(ctx, "lowunique", []string{"ann", "bob", "cy"})
		if err != nil || len(rated) != 2 || rated["ann"].Handle != h {
			t.Fatalf("rated players: %v %v", rated, err)
		}

		// a private game: recorded, rates nothing, gives no handle
		priv := GameResult{Room: "PRIV", Game: 1, Kind: "lowunique", Finished: at.Add(time.Hour), Unit: "points",
			Seats: []SeatResult{{Player: "cy", Name: "Cy", Place: 1}, {Player: "ann", Name: "Ann at home", Place: 2}}}
		if ok, err := d.RecordGame(ctx, priv); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if rs, _ := d.Ratings(ctx, "cy"); len(rs) != 0 {
			t.Fatalf("a private game rated Cy: %v", rs)
		}
		if h, _ := d.Handle(ctx, "cy"); h != "" {
			t.Fatal("a private game gave Cy a public handle")
		}
		if _, name, _ := d.PlayerByHandle(ctx, h); name != "Ann" {
			t.Fatalf("a private table's name reached Ann's public name: %q", name)
		}
		if rs, _ := d.PlayerResults(ctx, "ann", true, 10); len(rs) != 1 || rs[0].Room != "PUB1" {
			t.Fatalf("Ann's public results: %+v", rs)
		}
		if rs, _ := d.PlayerResults(ctx, "ann", false, 10); len(rs) != 2 || rs[0].Room != "PRIV" {
			t.Fatalf("Ann's results: %+v", rs)
		}
		recs, err := d.Records(ctx, "ann", false)
		if err != nil || len(recs) != 1 || recs[0].Played != 2 || recs[0].Wins != 0 || recs[0].AvgPlace != 2 {
			t.Fatalf("Ann's record: %+v %v", recs, err)
		}
		// a public game with one person and bots: recorded, not rated
		solo := GameResult{Room: "PUB2", Game: 1, Kind: "lowunique", Finished: at, Public: true, Unit: "points",
			Seats: []SeatResult{{Player: "dee", Name: "Dee", Place: 1}, {Name: "Bot 2", Place: 2}}}
		if ok, err := d.RecordGame(ctx, solo); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if rs, _ := d.Ratings(ctx, "dee"); len(rs) != 0 {
			t.Fatalf("one person with bots was rated: %v", rs)
		}
	})
}

func TestSeatings(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, _ := open(t)
		ctx := context.Background()
		now := time.Now()
		d.CreateRoom(ctx, "AAAA", "president", []byte(`{"seats":4,"public":true}`), now, 0)
		d.CreateRoom(ctx, "BBBB", "holdem", []byte(`{"seats":6}`), now.Add(time.Second), 0)
		for _, c := range []string{"AAAA", "BBBB"} {
			if err := d.Sat(ctx, "ann", c, "Ann", now); err != nil {
				t.Fatal(err)
			}
		}
		d.Sat(ctx, "ann", "AAAA", "Ann", now) // again: no change
		ss, err := d.OpenSeatings(ctx, "ann")
		if err != nil || len(ss) != 2 {
			t.Fatalf("seatings: %+v %v", ss, err)
		}
		for _, s := range ss {
			if s.Public != (s.Room == "AAAA") {
				t.Fatalf("public: %+v", s)
			}
		}
		d.SetStatus(ctx, "BBBB", StatusClosed, now)
		d.Left(ctx, "ann", "AAAA")
		if ss, _ := d.OpenSeatings(ctx, "ann"); len(ss) != 0 {
			t.Fatalf("after leaving one and closing the other: %+v", ss)
		}
	})
}
