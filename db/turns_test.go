package db

import (
	"context"
	"testing"
	"time"
)

// TestTurns: a table's awaited people are replaced whole, read back by
// seat, and listed for each person who sits at the table (theirs and the
// others' turns), the earliest deadline first; a closed table's are not.
func TestTurns(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, _ := open(t)
		ctx := context.Background()
		now := time.UnixMilli(1_800_000_000_000)
		for _, code := range []string{"AAAA", "BBBB"} {
			if err := d.CreateRoom(ctx, code, "impetus", []byte(`{"pace":24}`), now, 0); err != nil {
				t.Fatal(err)
			}
		}
		for _, s := range []struct{ player, room string }{{"p-ann", "AAAA"}, {"p-bob", "AAAA"}, {"p-ann", "BBBB"}, {"p-cy", "BBBB"}} {
			if err := d.Sat(ctx, s.player, s.room, s.player[2:], now); err != nil {
				t.Fatal(err)
			}
		}
		day := 24 * time.Hour
		if err := d.SetTurns(ctx, "AAAA", []Turn{{Seat: 0, Player: "p-ann", Name: "ann", Seq: 3, Since: now, Deadline: now.Add(day)}}); err != nil {
			t.Fatal(err)
		}
		// the turn passes to Bob: Ann's row goes
		if err := d.SetTurns(ctx, "AAAA", []Turn{{Seat: 1, Player: "p-bob", Name: "bob", Seq: 4, Since: now.Add(time.Hour), Deadline: now.Add(time.Hour + day)}}); err != nil {
			t.Fatal(err)
		}
		if err := d.SetTurns(ctx, "BBBB", []Turn{{Seat: 0, Player: "p-ann", Name: "ann", Seq: 9, Since: now, Deadline: now.Add(12 * time.Hour)}}); err != nil {
			t.Fatal(err)
		}
		got, err := d.Turns(ctx, "AAAA")
		if err != nil || len(got) != 1 || got[0].Player != "p-bob" || got[0].Seq != 4 || !got[0].Deadline.Equal(now.Add(time.Hour+day)) {
			t.Fatalf("AAAA's turns: %+v, %v", got, err)
		}
		around, err := d.TurnsAround(ctx, "p-ann")
		if err != nil || len(around) != 2 {
			t.Fatalf("around Ann: %+v, %v", around, err)
		}
		if around[0].Room != "BBBB" || around[0].Player != "p-ann" || around[0].Kind != "impetus" || around[1].Room != "AAAA" || around[1].Name != "bob" {
			t.Fatalf("around Ann, earliest deadline first: %+v", around)
		}
		if cy, _ := d.TurnsAround(ctx, "p-cy"); len(cy) != 1 || cy[0].Room != "BBBB" {
			t.Fatalf("around Cy: %+v", cy)
		}
		if err := d.SetStatus(ctx, "BBBB", StatusClosed, now); err != nil {
			t.Fatal(err)
		}
		if err := d.SetTurns(ctx, "AAAA", nil); err != nil {
			t.Fatal(err)
		}
		if around, _ := d.TurnsAround(ctx, "p-ann"); len(around) != 0 {
			t.Fatalf("a closed table and one waiting for nobody: %+v", around)
		}
	})
}
