package db

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestHandoverOnce: a link is taken once, for its table only, before it
// expires; a look at it takes nothing.
func TestHandoverOnce(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, _ := open(t)
		ctx := context.Background()
		now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
		ann := Handover{Player: "p-ann", Name: "Ann"}
		token, err := d.CreateHandover(ctx, "ROOM1", ann, now, now.Add(5*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if len(token) != 22 {
			t.Fatalf("token %q: want 22 characters", token)
		}
		if _, err := d.TakeHandover(ctx, "ROOM2", token, now); !errors.Is(err, ErrHandover) {
			t.Fatalf("taken for another table: %v", err)
		}
		if h, err := d.PeekHandover(ctx, "ROOM1", token, now); err != nil || h != ann {
			t.Fatalf("peek: %+v %v", h, err)
		}
		if h, err := d.TakeHandover(ctx, "ROOM1", token, now.Add(time.Minute)); err != nil || h != ann {
			t.Fatalf("first take: %+v %v", h, err)
		}
		if _, err := d.TakeHandover(ctx, "ROOM1", token, now.Add(time.Minute)); !errors.Is(err, ErrHandover) {
			t.Fatalf("second take: %v", err)
		}
		if _, err := d.PeekHandover(ctx, "ROOM1", token, now); !errors.Is(err, ErrHandover) {
			t.Fatalf("peek after the take: %v", err)
		}
		late, _ := d.CreateHandover(ctx, "ROOM1", ann, now, now.Add(5*time.Minute))
		if _, err := d.TakeHandover(ctx, "ROOM1", late, now.Add(5*time.Minute)); !errors.Is(err, ErrHandover) {
			t.Fatalf("taken when it expired: %v", err)
		}
		if _, err := d.TakeHandover(ctx, "ROOM1", "not-a-token", now); !errors.Is(err, ErrHandover) {
			t.Fatalf("a made-up token: %v", err)
		}
		// expired links are cleared when the next is made
		d.CreateHandover(ctx, "ROOM1", ann, now.Add(time.Hour), now.Add(time.Hour+time.Minute))
		var n int
		d.r.QueryRow(`SELECT COUNT(*) FROM handovers`).Scan(&n)
		if n != 1 {
			t.Fatalf("%d rows after the clear; want 1", n)
		}
	})
}
