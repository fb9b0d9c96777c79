package db

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// TestPushSubscriptions: a player's subscriptions, one per endpoint,
// capped (the oldest goes), moved with a device handed to another
// player, forgotten only by their owner, and each turn claimed once per
// device.
func TestPushSubscriptions(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		d, addr := open(t)
		t0 := time.UnixMilli(1_800_000_000_000)
		sub := func(i int) PushSubscription {
			return PushSubscription{Endpoint: fmt.Sprintf("https://push.example/%d", i), P256dh: fmt.Sprintf("key%d", i), Auth: fmt.Sprintf("auth%d", i), Created: t0.Add(time.Duration(i) * time.Minute)}
		}
		endpoints := func(player string) string {
			subs, err := d.PushSubscriptions(ctx, player)
			if err != nil {
				t.Fatal(err)
			}
			var s []string
			for _, x := range subs {
				s = append(s, x.Endpoint)
			}
			return fmt.Sprint(s)
		}
		for i := 1; i <= 3; i++ {
			if err := d.SavePushSubscription(ctx, "ann", sub(i), 2); err != nil {
				t.Fatal(err)
			}
		}
		// the cap is 2: the oldest (1) went; newest first
		if got, want := endpoints("ann"), "[https://push.example/3 https://push.example/2]"; got != want {
			t.Fatalf("ann's subscriptions = %s, want %s", got, want)
		}
		subs, _ := d.PushSubscriptions(ctx, "ann")
		if s := subs[0]; s.P256dh != "key3" || s.Auth != "auth3" || !s.Created.Equal(t0.Add(3*time.Minute)) {
			t.Fatalf("stored %+v", s)
		}

		// each turn is claimed once per device, and never after a later
		// turn of the same table
		for _, c := range []struct {
			endpoint, room string
			seq            int64
			want           bool
		}{
			{"https://push.example/3", "ABCD", 7, true},
			{"https://push.example/3", "ABCD", 7, false},
			{"https://push.example/2", "ABCD", 7, true},
			{"https://push.example/3", "WXYZ", 7, true}, // another table
			{"https://push.example/3", "ABCD", 9, true},
			{"https://push.example/3", "ABCD", 8, false}, // older than 9
			{"https://push.example/1", "ABCD", 9, false}, // forgotten by the cap
		} {
			got, err := d.ClaimPushTurn(ctx, c.endpoint, c.room, c.seq)
			if err != nil || got != c.want {
				t.Fatalf("ClaimPushTurn(%s, %s, %d) = %v, %v; want %v", c.endpoint, c.room, c.seq, got, err, c.want)
			}
		}

		// the device of 2 is handed to bob: it is his now, with new keys
		moved := sub(2)
		moved.P256dh, moved.Created = "bobkey", t0.Add(time.Hour)
		if err := d.SavePushSubscription(ctx, "bob", moved, 2); err != nil {
			t.Fatal(err)
		}
		if got := endpoints("ann") + endpoints("bob"); got != "[https://push.example/3][https://push.example/2]" {
			t.Fatalf("after the move: ann, bob = %s", got)
		}
		// a new subscription starts with no turn claimed
		if ok, _ := d.ClaimPushTurn(ctx, "https://push.example/2", "ABCD", 7); !ok {
			t.Fatal("a saved subscription kept the turn claimed before")
		}

		// only their owner forgets them
		if ok, err := d.DeletePushSubscription(ctx, "ann", "https://push.example/2"); ok || err != nil {
			t.Fatalf("ann deleted bob's subscription: %v, %v", ok, err)
		}
		if ok, err := d.DeletePushSubscription(ctx, "bob", "https://push.example/2"); !ok || err != nil {
			t.Fatalf("bob's delete = %v, %v", ok, err)
		}
		if got := endpoints("bob"); got != "[]" {
			t.Fatalf("bob's subscriptions after delete = %s", got)
		}

		// they are shared data: another opening of the database sees them
		d2, err := Open(ctx, addr)
		if err != nil {
			t.Fatal(err)
		}
		defer d2.Close()
		subs, err = d2.PushSubscriptions(ctx, "ann")
		if err != nil || len(subs) != 1 || subs[0].Endpoint != "https://push.example/3" {
			t.Fatalf("another opening sees %v, %v", subs, err)
		}
	})
}
