package room

import (
	"slices"

	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// The standings every game shows when a deal, a hand, a round or the game
// ends (views.Standings): each game's glue makes one row a seat, with a
// key to rank it by, and ranked orders and places them.

// standingOf is seat's row, as the viewer sees it: its name (a bot's in
// the viewer's language), and whether it is the viewer's own.
func standingOf(rv *roomView, seat int) views.Standing {
	return views.Standing{Name: rv.name(seat), You: seat == rv.seat}
}

// ranked orders rows best first by their keys (the higher the better;
// ties keep seat order) and, when placed, gives each row its place, tied
// rows sharing one ("1st, 1st, 3rd").
func ranked(rows []views.Standing, keys []int, placed bool) []views.Standing {
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return keys[b] - keys[a] })
	out := make([]views.Standing, len(rows))
	place := 0
	for n, i := range order {
		out[n] = rows[i]
		if n == 0 || keys[i] != keys[order[n-1]] {
			place = n + 1
		}
		if placed {
			out[n].Place, out[n].PlaceN = ordinal(place), place
		}
	}
	return out
}

// ordinal is a place in figures: 1st, 2nd, 3rd, 4th.
func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return itoa(n) + "th"
}

// sign is a number's sign: 1, -1 or 0.
func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

// nextAt is when the table moves on by itself, for a countdown (0: it
// waits for someone).
func (rv *roomView) nextAtMilli() int64 { return unixMilli(rv.nextAt) }

// eveningOf is the table's evening as the viewer sees it: as the seat the
// game is seen from (its own row marked), so watchers share one render.
func (rv *roomView) eveningOf() *views.Evening {
	player := ""
	if rv.seat >= 0 && rv.seat < len(rv.t.Seats) {
		player = rv.t.Seats[rv.seat].Player
	}
	return eveningView(rv.t.Evening, player, rv.l())
}

// ended puts the table's evening and "Play again" under a finished game's
// final standings: every game's glue calls it there.
func (rv *roomView) ended(s *views.Standings) {
	s.Evening, s.Again = rv.eveningOf(), rv.again()
}

// again is the viewer's "Play again": who wants to play again, who is
// awaited, and whether the viewer has asked.
func (rv *roomView) again() *views.Again {
	t := rv.t
	a := &views.Again{URL: "/t/" + rv.code, Seated: rv.seat >= 0 && rv.seat < len(t.Seats) && t.Seats[rv.seat].person()}
	a.Offered = a.Seated && t.offered(rv.seat)
	a.Next = a.Seated && nextShown(t, t.Seats[rv.seat].Player)
	if len(t.Offers) == 0 {
		return a
	}
	var want, await []int
	for i, s := range t.Seats {
		switch {
		case t.offered(i):
			want = append(want, i)
		case s.person() && !s.Away:
			await = append(await, i)
		}
	}
	if len(await) > 0 {
		a.Text = rv.l().F("standings.again.waiting", i18n.Count(len(want)), seatList("Names", t, want), seatList("Waiting", t, await))
	} else {
		a.Text = rv.l().F("standings.again", i18n.Count(len(want)), seatList("Names", t, want))
	}
	return a
}

// seatList names seats as a list argument ("Ann, Bob and Bot 3"), each
// in the reader's language.
func seatList(arg string, t *Table, seats []int) i18n.Arg {
	l := make([]i18n.Arg, len(seats))
	for i, s := range seats {
		l[i] = t.nameArg(s)
	}
	return i18n.ListOf(arg, l...)
}
