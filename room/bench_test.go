package room

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/views"
)

// benchGames are the tables the benchmarks render: 4 seats, two people,
// and the bot kind that moves for every seat (cheap, so the figures are
// the platform's and not the bots').
var benchGames = []struct {
	kind *kind
	opts Options
	bot  string
}{
	{presidentKind, Options{Seats: 4, Bots: true, Ruleset: "house"}, "greedy"},
	{holdemKind, Options{Seats: 4, Bots: true, SmallBlind: 10, BigBlind: 20, Stack: 2000}, "random"},
	{lowUniqueKind, Options{Seats: 4, Bots: true, Rounds: 8, Cards: 8, Reveal: 60}, "random"},
	{impetusKind, Options{Seats: 4, Bots: true}, "random"},
}

// benchRoom is a started 4-seat table in a room with no server around it:
// what rendering needs.
func benchRoom(b testing.TB, k *kind, o Options) *Room {
	b.Helper()
	t := newTable(k, o)
	for _, e := range []entry{{T: eCreate, Player: "p0", Name: "Ann"}, {T: eSit, Seat: 1, Player: "p1", Name: "Bob"}, {T: eStart, Seed: 7}} {
		if _, err := t.apply(e); err != nil {
			b.Fatal(err)
		}
	}
	rt := New(Config{}, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	// a frozen clock: every push carries the server's now, and two rooms
	// compared byte for byte must read the same
	frozen := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	rt.Now = func() time.Time { return frozen }
	return &Room{code: "ABCD", rt: rt, t: t, viewers: nil,
		rng: rand.New(rand.NewPCG(1, 1))}
}

// BenchmarkRenderTable renders a seated player's whole table page.
func BenchmarkRenderTable(b *testing.B) {
	for _, g := range benchGames {
		b.Run(g.kind.name, func(b *testing.B) {
			r := benchRoom(b, g.kind, g.opts)
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				page := r.page(r.view(0, "p0"), "token", "http://localhost/t/ABCD")
				w := &countWriter{}
				views.TablePage(page).Render(context.Background(), w)
				n = w.n
			}
			b.ReportMetric(float64(n), "page-bytes")
		})
	}
}

// BenchmarkMovePush makes one move and renders the push of each of four
// viewers (the fragments that changed, log lines, sequence number), as the
// room does after every move.
func BenchmarkMovePush(b *testing.B) {
	for _, g := range benchGames {
		b.Run(g.kind.name, func(b *testing.B) {
			benchMovePush(b, g.kind, g.opts, g.bot, []*viewer{{player: "p0", seat: 0}, {player: "p1", seat: 1}, {seat: 2}, {seat: -1}}, true) // shared as Room.push does
		})
	}
}

// benchMovePush plays the table's moves (bots for every seat) and pushes
// each to the viewers, as Room.push does; with share the watchers share
// their render, as in a push.
func benchMovePush(b *testing.B, k *kind, o Options, bot string, viewers []*viewer, share bool) {
	r := benchRoom(b, k, o)
	rng := rand.New(rand.NewPCG(2, 2))
	for _, v := range viewers {
		r.message(v, r.shared(), nil, true, nil)
	}
	b.ReportAllocs()
	bytes := 0
	for b.Loop() {
		if r.t.Match.Version() > 300 {
			// a table's match: a few deals, not thousands of history rows
			b.StopTimer()
			r = benchRoom(b, k, o)
			for _, v := range viewers {
				r.message(v, r.shared(), nil, true, nil)
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
			mv, _ := r.t.Match.Bot(w[0], bot, rng)
			evs, err := r.t.Match.Apply(w[0], mv)
			if err != nil {
				b.Fatal(err)
			}
			lines = r.t.events(evs)
		}
		r.t.Seq++
		sh := r.shared() // once per move, as Room.push does
		var ws *watchers
		if share {
			ws = &watchers{}
		}
		for _, v := range viewers {
			bytes += len(r.message(v, sh, lines, false, ws))
		}
	}
	b.ReportMetric(float64(bytes)/float64(b.N)/float64(len(viewers)), "bytes/viewer")
}

type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

// TestFragmentKeysStandForContent plays tables of every game with a
// viewer per seat and a watcher, and checks after every move that a
// fragment whose key did not change renders the same HTML: a key that
// misses a field would leave a viewer with a stale fragment.
func TestFragmentKeysStandForContent(t *testing.T) {
	for _, g := range benchGames {
		t.Run(g.kind.name, func(t *testing.T) {
			r := benchRoom(t, g.kind, g.opts)
			rng := rand.New(rand.NewPCG(3, 3))
			type seen struct {
				key  uint64
				html string
			}
			last := map[int]map[string]seen{}
			keyed, hasKeys := 0, false
			for move := 0; move < 600; move++ {
				sh := r.shared()
				for seat := -1; seat < len(r.t.Seats); seat++ {
					rv := sh
					rv.seat = seat
					if seat >= 0 {
						rv.player = r.t.Seats[seat].Player
					}
					_, frags := r.fragments(&rv) // the game's, and the frame's around it
					if last[seat] == nil {
						last[seat] = map[string]seen{}
					}
					for _, f := range frags {
						var b strings.Builder
						f.Component.Render(context.Background(), &b)
						hasKeys = hasKeys || f.Key != 0
						if old, ok := last[seat][f.ID]; ok && f.Key != 0 && f.Key == old.key {
							keyed++
							if old.html != b.String() {
								t.Fatalf("move %d, seat %d: %s kept its key but changed:\n%s\n%s", move, seat, f.ID, old.html, b.String())
							}
						}
						last[seat][f.ID] = seen{f.Key, b.String()}
					}
				}
				if w := r.t.Match.Waiting(); len(w) > 0 {
					mv, _ := r.t.Match.Bot(w[0], g.bot, rng)
					if _, err := r.t.Match.Apply(w[0], mv); err != nil {
						t.Fatal(err)
					}
				} else if mv, ok := r.t.Match.Continue(rng.Uint64()); ok {
					r.t.Match.Apply(game.System, mv)
				}
			}
			if hasKeys && keyed < 1000 {
				t.Fatalf("only %d unchanged keys seen", keyed)
			}
		})
	}
}

// BenchmarkReplayStep builds and renders one step of a replay (the page,
// as a browser asks for it) on President tables whose logs hold 1,000 and 10,000
// entries: a step costs its deal's entries, not the table's whole log.
func BenchmarkReplayStep(b *testing.B) {
	for _, n := range []int64{1000, 10000} {
		b.Run(itoa(int(n))+"-entries", func(b *testing.B) {
			ctx := context.Background()
			d, err := db.Open(ctx, filepath.Join(b.TempDir(), "tables.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer d.Close()
			// the room's own timers stay quiet: the benchmark drives it
			cfg := Config{BotDelayMin: time.Hour, BotDelayMax: time.Hour, NextDealDelay: time.Hour}
			rt := New(cfg, d, slog.New(slog.NewTextHandler(io.Discard, nil)))
			defer rt.Shutdown(ctx)
			r, err := rt.createRoom(ctx, presidentKind, Options{Seats: 4, Bots: true, Ruleset: "house"}, "p0", "Ann")
			if err != nil {
				b.Fatal(err)
			}
			r.do(ctx, func() {
				if err := r.lobbyAction("p0", "Ann", url.Values{"do": {"start"}}); err != nil {
					b.Fatal(err)
				}
				r.commit(entry{T: eQuit, Seat: 0}) // bots in every seat
				for r.t.Seq < n {
					if w := r.t.Match.Waiting(); len(w) > 0 {
						r.botMove(w[0])
					} else {
						r.continueMatch()
					}
				}
			})
			ix, done, err := rt.replayIndex(ctx, r.code)
			if err != nil {
				b.Fatal(err)
			}
			deal, sp := len(ix.spans), ix.spans[len(ix.spans)-1]
			done()
			step := itoa(int(sp.to-sp.from) / 2)
			b.ReportAllocs()
			for b.Loop() {
				p, err := rt.ReplayStep(ctx, r.code, deal, step, "", "0")
				if err != nil {
					b.Fatal(err)
				}
				views.ReplayPage(p).Render(ctx, io.Discard) // the page, as a browser asks for it
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/step")
		})
	}
}

// BenchmarkWatchers pushes every move of a Hold'em table to its two
// players and twenty watchers, as Room.push does: the watchers' game
// fragments are built and rendered once per move ("shared"), or, to
// compare, once per watcher ("apart").
func BenchmarkWatchers(b *testing.B) {
	g := benchGames[1] // Hold'em
	for _, mode := range []string{"shared", "apart"} {
		b.Run(mode, func(b *testing.B) {
			viewers := []*viewer{{player: "p0", seat: 0}, {player: "p1", seat: 1}}
			for i := 0; i < 20; i++ {
				viewers = append(viewers, &viewer{player: "w" + itoa(i), seat: -1})
			}
			benchMovePush(b, g.kind, g.opts, g.bot, viewers, mode == "shared")
		})
	}
}

// TestWatchersShareTheirRender plays two identical tables, one pushing to
// its watchers from a shared render and one rendering for each: every
// viewer gets the same bytes from both.
func TestWatchersShareTheirRender(t *testing.T) {
	for _, g := range benchGames {
		t.Run(g.kind.name, func(t *testing.T) {
			rooms := [2]*Room{benchRoom(t, g.kind, g.opts), benchRoom(t, g.kind, g.opts)}
			var viewers [2][]*viewer
			for k, r := range rooms {
				viewers[k] = []*viewer{{player: "p0", seat: 0}, {player: "p1", seat: 1}, {player: "w1", seat: -1}, {player: "w2", seat: -1}, {seat: -1}}
				for _, v := range viewers[k] {
					r.message(v, r.shared(), nil, true, nil)
				}
			}
			rng := rand.New(rand.NewPCG(4, 4))
			move := 0
			for ; move < 300 && !rooms[0].t.Match.Over(); move++ {
				seat, mv, ok := nextMove(rooms[0].t.Match, g.bot, rng)
				if !ok {
					break
				}
				out := [2][]string{pushMove(t, rooms[0], seat, mv, &watchers{}, viewers[0]...), pushMove(t, rooms[1], seat, mv, nil, viewers[1]...)}
				for i := range out[0] {
					if out[0][i] != out[1][i] {
						t.Fatalf("move %d, viewer %d: the shared render differs:\n%.300s\n%.300s", move, i, out[0][i], out[1][i])
					}
				}
			}
			if move < 40 {
				t.Fatalf("only %d moves compared", move)
			}
		})
	}
}
