package room

import (
	"testing"

	"github.com/tablegames/tables/game"
)

// TestPrivateTwinHidesPublicLine: a player who gave cards reads which
// cards they gave, not also the public line that hides them; everyone
// else reads only the public line.
func TestPrivateTwinHidesPublicLine(t *testing.T) {
	tb := newTable(presidentKind, Options{Seats: 3})
	lines := tb.events([]game.Event{
		{Text: "Ann gives 2 cards to Bob."},
		{Text: "Ann gives 3♥ 4♥ to Bob.", Only: []int{0, 1}, Twin: true},
		{Text: "Cara passes."},
	})
	want := map[int][]string{
		0:  {"Ann gives 3♥ 4♥ to Bob.", "Cara passes."},
		1:  {"Ann gives 3♥ 4♥ to Bob.", "Cara passes."},
		2:  {"Ann gives 2 cards to Bob.", "Cara passes."},
		-1: {"Ann gives 2 cards to Bob.", "Cara passes."},
	}
	for seat, w := range want {
		var got []string
		for _, l := range lines {
			if visible(l, seat) {
				got = append(got, l.String())
			}
		}
		if len(got) != len(w) || got[0] != w[0] || got[1] != w[1] {
			t.Errorf("seat %d reads %q, want %q", seat, got, w)
		}
	}
}
