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
	if _, err := CopyAll(ctx, src, dst); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("a second copy: %v", err)
	}
}
