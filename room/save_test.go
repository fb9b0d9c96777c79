package room

import (
	"testing"
	"time"
)

// TestSaveBackoff: after failed writes a table waits 250 ms, then twice as
// long each time, never more than 2 s: it saves again within about 2 s of
// space returning.
func TestSaveBackoff(t *testing.T) {
	for failures, want := range map[int]time.Duration{1: 250 * time.Millisecond, 2: 500 * time.Millisecond, 3: time.Second, 4: 2 * time.Second, 5: 2 * time.Second, 40: 2 * time.Second} {
		if got := saveBackoff(failures); got != want {
			t.Errorf("after %d failures: %v, want %v", failures, got, want)
		}
	}
}
