package room

import (
	"math/rand/v2"
	"testing"

	"github.com/tablegames/tables/game"
)

// nextMove is a table's next move as the tests without a server play
// it: bot's for the first seat waited for, else the game's own
// continuation, else the end of a timed phase (Lowest Unique's reveal);
// false when nothing moves.
func nextMove(m game.Match, bot string, rng *rand.Rand) (seat int, mv game.Move, ok bool) {
	if w := m.Waiting(); len(w) > 0 {
		mv, ok = m.Bot(w[0], bot, rng)
		return w[0], mv, ok
	}
	if mv, ok = m.Continue(rng.Uint64()); !ok {
		if tm, timed := m.(game.Timed); timed {
			mv, ok = tm.Expire()
		}
	}
	return game.System, mv, ok
}

// pushMove applies seat's move straight on r's match (no log, no
// database) and renders what each viewer is pushed for it, as a commit
// would; w shares the watchers' render (nil: none).
func pushMove(tb testing.TB, r *Room, seat int, mv game.Move, w *watchers, vs ...*viewer) []string {
	tb.Helper()
	evs, err := r.t.Match.Apply(seat, mv)
	if err != nil {
		tb.Fatal(err)
	}
	lines := r.t.events(evs)
	r.t.Seq++
	sh := r.shared()
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		out = append(out, string(r.message(v, sh, lines, false, w)))
	}
	return out
}
