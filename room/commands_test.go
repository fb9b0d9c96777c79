package room

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/game/president"
)

// conn is a viewer's connection in a test: it keeps every push.
type conn struct {
	mu     sync.Mutex
	pushes []string
	closed int // the close code, once closed
}

func (c *conn) Write(msg []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pushes = append(c.pushes, string(msg))
	return nil
}

func (c *conn) Close(code int, _ string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = code
}

func (c *conn) all() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.pushes)
}

func (c *conn) last() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pushes) == 0 {
		return ""
	}
	return c.pushes[len(c.pushes)-1]
}

// quietRuntime is a runtime on a temporary database where nothing happens
// by itself: bots, clocks and the next deal wait an hour. The test drives
// every step through commands.
func quietRuntime(t *testing.T) *Runtime {
	t.Helper()
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "tables.db"))
	if err != nil {
		t.Fatal(err)
	}
	rt := New(Config{BotDelayMin: time.Hour, BotDelayMax: time.Hour, NextDealDelay: time.Hour, AbsentAutoplay: time.Hour, AbsentGrace: time.Hour},
		d, slog.New(slog.NewTextHandler(io.Discard, nil)))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		rt.Shutdown(ctx)
		d.Close()
	})
	return rt
}

// person is someone at a test table: their player id, name and screen.
type person struct {
	id, name string
	screen   *conn
}

// seatTable creates a table of a game for people, seats them all (the
// first hosts), connects each, and starts it.
func seatTable(t *testing.T, rt *Runtime, game string, form url.Values, people []*person) *Room {
	t.Helper()
	ctx := t.Context()
	opts, err := rt.ReadOptions(game, form)
	if err != nil {
		t.Fatal(err)
	}
	r, err := rt.Create(ctx, game, opts, people[0].id, people[0].name)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range people {
		if i > 0 {
			if seat, err := r.Join(ctx, p.id, p.name); err != nil || seat != i {
				t.Fatalf("%s joins: seat %d, %v", p.name, seat, err)
			}
			if err := r.Lobby(ctx, p.id, p.name, url.Values{"do": {"ready"}}); err != nil {
				t.Fatal(err)
			}
		}
		p.screen = &conn{}
		if err := r.Connect(ctx, p.screen, p.id); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Start(ctx, people[0].id, people[0].name); err != nil {
		t.Fatal(err)
	}
	return r
}

// playUntil makes the awaited seat's move, chosen by the game's own bot
// with a fixed random source, as that seat's person (a Move command with
// the form the game encodes), until done holds. It returns the moves made.
func playUntil(t *testing.T, r *Room, people []*person, done func(*Table) bool) int {
	t.Helper()
	rng := rand.New(rand.NewPCG(9, 9))
	for n := 0; ; n++ {
		var who int
		var form url.Values
		finished := false
		r.Inspect(t.Context(), func(r *Room) {
			if finished = done(r.Table()); finished {
				return
			}
			w := r.Table().Match.Waiting()
			if len(w) == 0 {
				t.Fatal("the table waits for nobody before the end")
			}
			who = w[0]
			mv, ok := r.Table().Match.Bot(who, r.BotKind(), rng)
			if !ok {
				t.Fatalf("no move for seat %d", who)
			}
			form = r.Table().Match.Encode(mv)
		})
		if finished {
			return n
		}
		if n > 2000 {
			t.Fatal("no end after 2,000 moves")
		}
		if err := r.Move(t.Context(), people[who].id, form); err != nil {
			t.Fatalf("move %d of seat %d (%v): %v", n, who, form, err)
		}
	}
}

// TestPresidentDealThroughCommands plays a whole President deal with
// three people through the runtime's commands, no HTTP: each move is
// acknowledged to every screen, a move out of turn, a stale one and a
// watcher's are refused and change nothing, the deal ends with places
// and its revealed seed, and a screen that reconnects gets the whole
// table.
func TestPresidentDealThroughCommands(t *testing.T) {
	rt := quietRuntime(t)
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}}
	r := seatTable(t, rt, "president", url.Values{"ruleset": {"house"}, "seats": {"3"}, "clock": {"0"}}, people)
	ctx := t.Context()

	// refused commands: they leave the table as it was
	var seq int64
	var turn int
	var acts int
	r.Inspect(ctx, func(r *Room) {
		seq, turn = r.Table().Seq, r.Table().Match.Waiting()[0]
		acts = r.Table().Seats[turn].Acts
	})
	other := people[(turn+1)%3]
	var ge *game.Error
	if err := r.Move(ctx, other.id, url.Values{"kind": {"pass"}}); !errors.As(err, &ge) || ge.Code != game.CodeNotYourTurn {
		t.Fatalf("a move out of turn: %v", err)
	}
	if err := r.Move(ctx, "p-watcher", url.Values{"kind": {"pass"}}); !errors.As(err, &ge) || ge.Code != game.CodeNotYourTurn {
		t.Fatalf("a watcher's move: %v", err)
	}
	if err := r.Move(ctx, people[turn].id, url.Values{"kind": {"pass"}, "v": {itoa(acts + 1)}}); !errors.As(err, &ge) || ge.Code != CodeStale {
		t.Fatalf("a move from another version of the seat: %v", err)
	}
	r.Inspect(ctx, func(r *Room) {
		if r.Table().Seq != seq {
			t.Fatalf("refused moves wrote the log: seq %d, was %d", r.Table().Seq, seq)
		}
	})

	before := len(people[0].screen.all())
	moves := playUntil(t, r, people, func(tb *Table) bool {
		return tb.Match.(*president.Match).State.Phase == president.DealOver
	})
	if moves < 10 {
		t.Fatalf("a deal of %d moves", moves)
	}
	for _, p := range people {
		got := p.screen.all()
		if len(got) < before+moves/2 {
			t.Fatalf("%s's screen got %d pushes for %d moves", p.name, len(got), moves)
		}
		last := p.screen.last()
		if !strings.Contains(last, `id="seq"`) {
			t.Fatalf("a push without its sequence number: %.200s", last)
		}
	}
	var log []string
	r.Inspect(ctx, func(r *Room) { log = r.LogFor(0) })
	text := strings.Join(log, "\n")
	for _, want := range []string{"1st place", "Deal 1 is over.", "The deal is over: its seed was"} {
		if !strings.Contains(text, want) {
			t.Fatalf("the log lacks %q:\n%s", want, text)
		}
	}

	// Bob's screen drops and comes back: the new one gets the whole table
	r.Disconnect(people[1].screen)
	back := &conn{}
	if err := r.Connect(ctx, back, people[1].id); err != nil {
		t.Fatal(err)
	}
	if got := back.all(); len(got) != 1 || !strings.Contains(got[0], `id="stage"`) || !strings.Contains(got[0], `id="log"`) {
		t.Fatalf("a reconnect got %d pushes, not the whole table", len(got))
	}
}

// TestHoldemHandThroughCommands plays Hold'em hands with three people
// through commands until one has ended: the chips are all still there,
// each screen saw its own hole cards, and no one's cards that were never
// shown.
func TestHoldemHandThroughCommands(t *testing.T) {
	rt := quietRuntime(t)
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}}
	r := seatTable(t, rt, "holdem", url.Values{"blinds": {"10/20"}, "stack_bb": {"100"}, "seats": {"3"}, "clock": {"0"}}, people)
	ctx := t.Context()

	var hole [3][2]string // each seat's hole cards as the page names them
	r.Inspect(ctx, func(r *Room) {
		s := (*holdemState(r.Table().Match))
		for i := range 3 {
			for k, c := range s.Seats[i].Hole {
				hole[i][k] = holdemCards([]cards.Card{c})[0].Name
			}
		}
	})
	playUntil(t, r, people, func(tb *Table) bool {
		return holdemState(tb.Match).Street == holdem.HandOver
	})
	var shown [3]bool
	r.Inspect(ctx, func(r *Room) {
		s := (*holdemState(r.Table().Match))
		total := 0
		for i := range 3 {
			total += s.Seats[i].Stack
			shown[i] = s.Seats[i].Shown
		}
		if total != 3*2000 {
			t.Fatalf("%d chips at the end of the hand, 6,000 at its start", total)
		}
		if len(s.Past) != 1 {
			t.Fatalf("%d hands in the history", len(s.Past))
		}
	})
	for i, p := range people {
		all := p.screen.all()
		seen := strings.Join(all, "")
		for _, c := range hole[i] {
			if !strings.Contains(seen, `aria-label="`+c+`"`) {
				t.Fatalf("%s never saw their own %s", p.name, c)
			}
		}
		// a hand never shown stays hidden from everyone else for good
		for j := range 3 {
			if j == i || shown[j] {
				continue
			}
			for _, c := range hole[j] {
				if strings.Contains(seen, `aria-label="`+c+`"`) {
					t.Fatalf("%s saw %s's unshown %s", p.name, people[j].name, c)
				}
			}
		}
	}
}

// TestRuntimeKnowsNoHTTP: the runtime builds without the HTTP edge or
// Echo (go list of its dependencies).
func TestRuntimeKnowsNoHTTP(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "labstack/echo") || strings.HasSuffix(dep, "/handlers") {
			t.Fatalf("the runtime depends on %s", dep)
		}
	}
}
