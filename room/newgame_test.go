package room

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// A fifth game, added by following docs/NEW_GAME.md, registered only in
// this test: Ten, for two. Players take turns adding 1 or 2 to a count
// that starts at 0; whoever brings it to 10 wins.

// --- 1. the engine (would be game/ten) ---

type tenState struct {
	Count, Turn, Winner, Version int
}

type tenAction struct {
	Add int `json:"add"`
}

func tenStep(s tenState, seat int, a tenAction) (tenState, []game.Event, error) {
	switch {
	case s.Winner >= 0:
		return s, nil, game.Errorf(game.CodeInvalidAction, "The game is over")
	case seat != s.Turn:
		return s, nil, game.Errorf(game.CodeNotYourTurn, "It is not your turn")
	case a.Add != 1 && a.Add != 2, s.Count+a.Add > 10:
		return s, nil, game.Errorf(game.CodeInvalidAction, "Add 1 or 2, up to 10")
	}
	s.Count += a.Add
	s.Version++
	evs := []game.Event{{Text: fmt.Sprintf("{%d} adds %d: %d.", seat, a.Add, s.Count)}}
	if s.Count == 10 {
		s.Winner = seat
		return s, append(evs, game.Event{Text: fmt.Sprintf("{%d} wins.", seat)}), nil
	}
	s.Turn = 1 - s.Turn
	return s, evs, nil
}

type tenMatch struct {
	game.Adapter[tenState, tenAction]
}

func newTenMatch() *tenMatch {
	return &tenMatch{game.Adapter[tenState, tenAction]{State: tenState{Winner: -1}, Step: tenStep}}
}

func (m *tenMatch) Version() int { return m.State.Version }
func (m *tenMatch) Decode(f url.Values) (game.Move, error) {
	n, err := strconv.Atoi(f.Get("add"))
	if err != nil {
		return nil, game.Errorf(game.CodeInvalidAction, "Add 1 or 2")
	}
	return tenAction{Add: n}, nil
}
func (m *tenMatch) Encode(mv game.Move) url.Values {
	return url.Values{"add": {strconv.Itoa(mv.(tenAction).Add)}}
}
func (m *tenMatch) Waiting() []int {
	if m.State.Winner >= 0 {
		return nil
	}
	return []int{m.State.Turn}
}
func (m *tenMatch) Auto(int) (game.Move, bool) { return tenAction{Add: 1}, m.State.Winner < 0 }
func (m *tenMatch) Bot(_ int, _ string, rng *rand.Rand) (game.Move, bool) {
	if m.State.Winner >= 0 {
		return nil, false
	}
	if 10-m.State.Count <= 2 {
		return tenAction{Add: 10 - m.State.Count}, true
	}
	return tenAction{Add: 1 + rng.IntN(2)}, true
}
func (m *tenMatch) Continue(uint64) (game.Move, bool) { return nil, false }
func (m *tenMatch) Over() bool                        { return m.State.Winner >= 0 }

// --- 2. the glue (would be room/ten.go) ---

var tenKind = &kind{
	name:       "ten",
	info:       views.GameInfo{Kind: "ten"}, // its words would be game.ten.* and rules.ten.* in the catalog
	defaultBot: "counter",
	pace:       [2]time.Duration{100 * time.Millisecond, 200 * time.Millisecond},
	options:    func(url.Values) (Options, error) { return Options{Seats: 2}, nil },
	minPlayers: func(Options) int { return 2 },
	describe:   func(Options) []i18n.Msg { return []i18n.Msg{seatsWord(2)} },
	newMatch: func(Options, int, uint64) (game.Match, []game.Event, error) {
		return newTenMatch(), []game.Event{{Text: "The count starts at 0."}}, nil
	},
	emptyMatch: func() game.Match { return newTenMatch() },
	// a finished game ranks the two: the winner 1st, the other 2nd
	outcome: func(m game.Match) (outcome, bool) {
		s := m.(*tenMatch).State
		if s.Winner < 0 {
			return outcome{}, false
		}
		places := []int{2, 2}
		places[s.Winner] = 1
		return placedOutcome("game", "game", places), true
	},
	render: func(rv *roomView) (templ.Component, []views.Fragment) {
		s := rv.t.Match.(*tenMatch).State
		line := fmt.Sprintf("Count %d.", s.Count)
		if s.Winner < 0 && s.Turn == rv.seat {
			line += " Your turn: add 1 or 2."
		}
		c := templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
			_, err := io.WriteString(w, `<p id="ten">`+templ.EscapeString(line)+`</p>`)
			return err
		})
		return c, []views.Fragment{{ID: "ten", Component: c}}
	},
}

// --- 3. the test: the runtime plays it with no HTTP ---

// TestANewGamePlaysThroughTheRuntime registers Ten with a runtime and
// plays it through commands: the lobby, moves and refusals, pushes to
// each screen, the end, and a restart that rebuilds the table from its
// log.
func TestANewGamePlaysThroughTheRuntime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables.db")
	start := func() (*Runtime, func()) {
		d, err := db.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		rt := New(Config{BotDelayMin: time.Hour, BotDelayMax: time.Hour}, d, slog.New(slog.NewTextHandler(io.Discard, nil)))
		rt.host(tenKind)
		return rt, func() { rt.Shutdown(context.Background()); d.Close() }
	}
	rt, stop := start()
	if _, ok := rt.Game("ten"); !ok || rt.Games()[len(rt.Games())-1].Kind != "ten" {
		t.Fatal("the runtime does not list Ten")
	}
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}}
	r := seatTable(t, rt, "ten", url.Values{"clock": {"0"}}, people)
	ctx := t.Context()
	code := r.Code()
	if got := people[0].screen.last(); !strings.Contains(got, "Count 0. Your turn: add 1 or 2.") {
		t.Fatalf("Ann's screen at the start: %.300s", got)
	}
	if err := r.Move(ctx, "p-bob", url.Values{"add": {"1"}}); err == nil || !strings.Contains(err.Error(), "not your turn") {
		t.Fatalf("Bob out of turn: %v", err)
	}
	if err := r.Move(ctx, "p-ann", url.Values{"add": {"3"}}); err == nil {
		t.Fatal("Ann added 3")
	}
	// 2, 2, 2, 2: Ann 2, Bob 4, Ann 6, Bob 8; then Ann adds 2 and wins
	for i, who := range []string{"p-ann", "p-bob", "p-ann", "p-bob"} {
		if err := r.Move(ctx, who, url.Values{"add": {"2"}}); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
	if got := people[1].screen.last(); !strings.Contains(got, "Count 8.") || strings.Contains(got, "Your turn") {
		t.Fatalf("Bob's screen after his move: %.300s", got)
	}
	stop()

	// a restart rebuilds the table from its log, and play goes on
	rt, stop = start()
	defer stop()
	r, err := rt.Get(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	again := &conn{}
	if err := r.Connect(ctx, again, "p-ann"); err != nil {
		t.Fatal(err)
	}
	if got := again.last(); !strings.Contains(got, "Count 8. Your turn: add 1 or 2.") {
		t.Fatalf("Ann's screen after the restart: %.300s", got)
	}
	if err := r.Move(ctx, "p-ann", url.Values{"add": {"2"}}); err != nil {
		t.Fatal(err)
	}
	var log []string
	var over bool
	r.Inspect(ctx, func(r *Room) { log, over = r.LogFor(0), r.Table().Match.Over() })
	if !over || !strings.Contains(strings.Join(log, "\n"), "Ann adds 2: 10.\nAnn wins.") {
		t.Fatalf("the end: over %v, log:\n%s", over, strings.Join(log, "\n"))
	}
	// the log's entries hold the moves as the game encodes them
	entries, err := rt.db.Log(ctx, code, 0)
	if err != nil {
		t.Fatal(err)
	}
	var moves int
	for _, e := range entries {
		var en entry
		json.Unmarshal(e.Entry, &en)
		if en.T == eMove {
			moves++
		}
	}
	if moves != 5 {
		t.Fatalf("%d moves in the log", moves)
	}
}
