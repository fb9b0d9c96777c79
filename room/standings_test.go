package room

import (
	"testing"

	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// TestRankedPlacesTies: rows go best first, ties in seat order and
// sharing a place.
func TestRankedPlacesTies(t *testing.T) {
	rows := []views.Standing{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}}
	got := ranked(rows, []int{3, 5, 5, 1}, true)
	want := []string{"1st B", "1st C", "3rd A", "4th D"}
	for i, r := range got {
		if r.Place+" "+r.Name != want[i] {
			t.Fatalf("row %d: %s %s, want %s", i, r.Place, r.Name, want[i])
		}
	}
	if got := ranked(rows, []int{1, 2, 3, 4}, false); got[0].Name != "D" || got[0].Place != "" {
		t.Fatalf("unplaced: %+v", got[0])
	}
}

// TestHoldemNote: a player's result says what they won, and what that
// was net of what they put in.
func TestHoldemNote(t *testing.T) {
	for _, c := range []struct {
		me   holdem.SeatView
		net  int
		want string
	}{
		{holdem.SeatView{Won: 600}, 200, "You win 600 (+200 net)."},
		{holdem.SeatView{Won: 100}, -100, "You win 100 (-100 net)."},
		{holdem.SeatView{Folded: true}, -20, "You folded: -20."},
		{holdem.SeatView{Folded: true}, 0, "You folded."},
		{holdem.SeatView{}, -400, "You lose 400."},
	} {
		if got := holdemNote(c.me, c.net, i18n.English()); got != c.want {
			t.Errorf("%+v %d: %q, want %q", c.me, c.net, got, c.want)
		}
	}
}
