package handlers

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/president"
	"github.com/tablegames/tables/views"
)

// benchRoom is a started 4-player house table in a room with no server
// around it: what rendering needs.
func benchRoom(b *testing.B) *Room {
	b.Helper()
	t := newTable(Options{Seats: 4, Bots: true, Ruleset: "house"})
	for _, e := range []entry{{T: eCreate, Player: "p0", Name: "Ann"}, {T: eSit, Seat: 1, Player: "p1", Name: "Bob"}, {T: eStart, Seed: 7}} {
		if _, err := t.apply(presidentKind, e); err != nil {
			b.Fatal(err)
		}
	}
	srv := &Server{cfg: Config{}.withDefaults(), log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	return &Room{code: "ABCD", kind: presidentKind, srv: srv, t: t, viewers: nil,
		rng: rand.New(rand.NewPCG(1, 1))}
}

// BenchmarkRenderTable renders a seated player's whole table page.
func BenchmarkRenderTable(b *testing.B) {
	r := benchRoom(b)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		page := r.page(r.view(0, "p0"), "token", "http://localhost/t/ABCD")
		w := &countWriter{}
		views.TablePage(page).Render(context.Background(), w)
		n = w.n
	}
	b.ReportMetric(float64(n), "page-bytes")
}

// BenchmarkMovePush makes one move and renders the push of each of four
// viewers (the fragments that changed, log lines, sequence number), as the
// room does after every move.
func BenchmarkMovePush(b *testing.B) {
	r := benchRoom(b)
	rng := rand.New(rand.NewPCG(2, 2))
	viewers := []*viewer{{player: "p0", seat: 0}, {player: "p1", seat: 1}, {seat: 2}, {seat: -1}}
	for _, v := range viewers {
		r.message(v, r.shared(), nil, true)
	}
	b.ReportAllocs()
	bytes := 0
	for b.Loop() {
		if r.t.Match.(*president.Match).State.Deal > 3 {
			// a table's match: a few deals, not thousands of history rows
			b.StopTimer()
			r = benchRoom(b)
			for _, v := range viewers {
				r.message(v, r.shared(), nil, true)
			}
			b.StartTimer()
		}
		w := r.t.Match.Waiting()
		var lines []logLine
		if len(w) == 0 {
			mv, _ := r.t.Match.Continue(rng.Uint64())
			evs, _ := r.t.Match.Apply(game.System, mv)
			lines = r.t.events(evs)
		} else {
			mv, _ := r.t.Match.Bot(w[0], "greedy", rng)
			evs, err := r.t.Match.Apply(w[0], mv)
			if err != nil {
				b.Fatal(err)
			}
			lines = r.t.events(evs)
		}
		r.t.Seq++
		sh := r.shared() // once per move, as Room.push does
		for _, v := range viewers {
			bytes += len(r.message(v, sh, lines, false))
		}
	}
	b.ReportMetric(float64(bytes)/float64(b.N)/float64(len(viewers)), "bytes/viewer")
}

type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }
