package db

import (
	"context"
	"testing"
	"time"
)

// TestPlayerLanguage: a player who never chose has none; a choice is kept
// and a later one replaces it.
func TestPlayerLanguage(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, _ := open(t)
		ctx := context.Background()
		now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
		if l, err := d.PlayerLanguage(ctx, "p-ann"); err != nil || l != "" {
			t.Fatalf("never chose: %q %v", l, err)
		}
		for _, want := range []string{"fr", "ja"} {
			if err := d.SetPlayerLanguage(ctx, "p-ann", want, now); err != nil {
				t.Fatal(err)
			}
			if l, err := d.PlayerLanguage(ctx, "p-ann"); err != nil || l != want {
				t.Fatalf("chose %s: %q %v", want, l, err)
			}
		}
	})
}
