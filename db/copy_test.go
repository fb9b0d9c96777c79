package db

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestCopyAllMovesOneMachineToPostgres: a SQLite database with a table
// and its log, a snapshot, a session, a passkey player, a result and a
// rating is copied into a new PostgreSQL database: every row, the same;
// a second copy into it is refused.
func TestCopyAllMovesOneMachineToPostgres(t *testing.T) {
	ctx := context.Background()
	src, _ := open(t)
	now := time.UnixMilli(time.Now().UnixMilli())
	if err := src.CreateRoom(ctx, "ABCD2345", "president", []byte(`{"seats":4}`), now, 0); err != nil {
		t.Fatal(err)
	}
	for i := int64(1); i <= 3; i++ {
		if err := src.Append(ctx, "ABCD2345", i, now, []byte(fmt.Sprintf(`{"n":%d}`, i))); err != nil {
			t.Fatal(err)
		}
	}
	src.SaveSnapshot(ctx, "ABCD2345", 2, []byte(`{"snap":2}`))
	key, _ := src.Secret(ctx, "session-key", 64)
	src.SetPlayerLanguage(ctx, "p-ann", "fr", now)
	if _, err := src.RecordGame(ctx, GameResult{Room: "ABCD2345", Game: 1, Kind: "president", Finished: now, Public: true, Unit: "points",
		Seats: []SeatResult{{Player: "p-ann", Name: "Ann", Place: 1, Figure: 9}, {Player: "p-bob", Name: "Bob", Place: 2, Figure: 3}}}); err != nil {
		t.Fatal(err)
	}

	club, err := src.NewClub(ctx, "Friday poker", "p-ann", "Ann", false, "10,7,5", now)
	if err != nil {
		t.Fatal(err)
	}
	if err := src.AddClubTable(ctx, club.Handle, "ABCD2345", "president", now); err != nil {
		t.Fatal(err)
	}

	dst, _ := newPostgres(t)
	counts, err := CopyAll(ctx, src, dst)
	if err != nil {
		t.Fatal(err)
	}
	if counts["rooms"] != 1 || counts["room_log"] != 3 || counts["results"] != 2 || counts["ratings"] != 2 {
		t.Fatalf("copied %v", counts)
	}
	r, seq, snap, entries, err := dst.Load(ctx, "ABCD2345")
	if err != nil || r.Kind != "president" || string(r.Options) != `{"seats":4}` || !r.CreatedAt.Equal(now) || seq != 2 || string(snap) != `{"snap":2}` ||
		len(entries) != 1 || string(entries[0].Entry) != `{"n":3}` {
		t.Fatalf("the table in PostgreSQL: %+v %d %s %+v %v", r, seq, snap, entries, err)
	}
	if k, _ := dst.Secret(ctx, "session-key", 64); string(k) != string(key) {
		t.Fatal("the cookie key changed: every player would be signed out")
	}
	if l, _ := dst.PlayerLanguage(ctx, "p-ann"); l != "fr" {
		t.Fatalf("Ann's language: %q", l)
	}
	a, _ := src.Ratings(ctx, "p-ann")
	b, _ := dst.Ratings(ctx, "p-ann")
	if len(a) != 1 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("ratings %v, copied %v", a, b)
	}
	if c, err := dst.Club(ctx, club.Handle); err != nil || c.Name != "Friday poker" || c.Invite != club.Invite {
		t.Fatalf("the club in PostgreSQL: %+v %v", c, err)
	}
	if m, ok, err := dst.ClubMember(ctx, club.Handle, "p-ann"); !ok || m.Num != 1 || err != nil {
		t.Fatalf("the club's owner in PostgreSQL: %+v %v %v", m, ok, err)
	}
	if ts, err := dst.ClubOpenTables(ctx, club.Handle); err != nil || len(ts) != 1 || ts[0].Room != "ABCD2345" {
		t.Fatalf("the club's tables in PostgreSQL: %+v %v", ts, err)
	}
	if _, err := CopyAll(ctx, src, dst); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("a second copy: %v", err)
	}
}

// TestCopyAllNamesEveryTable: every table of the schema is one CopyAll
// copies or one it leaves on purpose, so a migration's new table is not
// forgotten by a move to PostgreSQL.
func TestCopyAllNamesEveryTable(t *testing.T) {
	d, _ := open(t)
	tables, err := d.codes(context.Background(), `SELECT name FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]int{}
	for _, tb := range append(append([]string{}, copied...), notCopied...) {
		named[tb]++
	}
	for _, tb := range tables {
		if named[tb] != 1 {
			t.Errorf("table %s is named %d times by copied and notCopied", tb, named[tb])
		}
		delete(named, tb)
	}
	for tb := range named {
		t.Errorf("%s is no table of the schema", tb)
	}
}
