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
	"github.com/tablegames/tables/game/lowunique"
	"github.com/tablegames/tables/game/president"
)

// countingResults counts the games handed to the database.
type countingResults struct {
	d     *db.DB
	calls int
	games []db.GameResult
}

func (c *countingResults) RecordGame(ctx context.Context, g db.GameResult) (bool, error) {
	c.calls++
	c.games = append(c.games, g)
	return c.d.RecordGame(ctx, g)
}

// playLowUnique plays the table's people (bots play themselves) until
// the game is over.
func playLowUnique(t *testing.T, r *Room, people []*person) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var who = -1
		var form url.Values
		over := false
		r.Inspect(t.Context(), func(r *Room) {
			m := r.Table().Match.(*lowunique.Match)
			if over = m.State.Phase == lowunique.Over; over {
				return
			}
			for _, w := range m.Waiting() {
				if r.Table().Seats[w].Bot == "" {
					who = w
					mv, _ := m.Bot(w, "random", rng)
					form = m.Encode(mv)
					return
				}
			}
		})
		if over {
			return
		}
		if who < 0 {
			time.Sleep(2 * time.Millisecond) // the bots' turn, or the next round
			continue
		}
		if err := r.Move(t.Context(), people[who].id, form); err != nil {
			t.Fatalf("seat %d moves: %v", who, err)
		}
	}
	t.Fatal("the game did not end")
}

// TestPublicGameRecordsAndRates: a finished Lowest Unique game at a
// public table with two people and two bots is recorded once, with the
// people's places and figures, and rates the two people, the better
// placed up and the other down; the bots have no result and no rating.
// A restart that reloads the table at its end records nothing again.
// Seats then show each person's rating and link to their public page.
func TestPublicGameRecordsAndRates(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tables.db")
	d, err := db.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	cfg := Config{BotDelayMin: time.Millisecond, BotDelayMax: 2 * time.Millisecond, NextDealDelay: time.Millisecond,
		AbsentAutoplay: time.Hour, AbsentGrace: time.Hour}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rt := New(cfg, d, log)
	sink := &countingResults{d: d}
	rt.Results = sink
	people := []*person{{id: "secret-ann", name: "Ann"}, {id: "secret-bob", name: "Bob"}}
	r := seatTable(t, rt, "lowunique", url.Values{"seats": {"4"}, "rounds": {"2"}, "cards": {"5"}, "reveal": {"1"},
		"bots": {"on"}, "public": {"on"}, "clock": {"0"}}, people)
	code := r.Code()
	playLowUnique(t, r, people)

	if sink.calls != 1 || len(sink.games[0].Seats) != 4 {
		t.Fatalf("recorded %d times: %+v", sink.calls, sink.games)
	}
	g := sink.games[0]
	if !g.Public || g.Game != 1 || g.Kind != "lowunique" || g.Unit != "points" || g.Replay != 1 {
		t.Fatalf("the game: %+v", g)
	}
	place := map[string]int{}
	for _, s := range g.Seats {
		if strings.HasPrefix(s.Name, "Bot") != (s.Player == "") {
			t.Fatalf("a seat's person: %+v", s)
		}
		if s.Player != "" {
			place[s.Player] = s.Place
		}
	}
	ann, _ := d.Ratings(ctx, "secret-ann")
	bob, _ := d.Ratings(ctx, "secret-bob")
	if len(ann) != 1 || len(bob) != 1 {
		t.Fatalf("ratings: Ann %v, Bob %v", ann, bob)
	}
	a, b := ann[0].Rating.R, bob[0].Rating.R
	switch pa, pb := place["secret-ann"], place["secret-bob"]; {
	case pa < pb && !(a > 1500 && b < 1500), pa > pb && !(a < 1500 && b > 1500), pa == pb && (a != 1500 || b != 1500):
		t.Fatalf("Ann placed %d and rated %.1f, Bob placed %d and rated %.1f", pa, a, pb, b)
	}
	for _, bot := range []string{"", "thinking", "random"} {
		if rs, _ := d.Ratings(ctx, bot); len(rs) != 0 {
			t.Fatalf("a bot is rated: %v", rs)
		}
	}
	rs, _ := d.PlayerResults(ctx, "secret-ann", false, 10)
	if len(rs) != 1 || rs[0].Room != code || rs[0].Seats != 4 || rs[0].Place != place["secret-ann"] || rs[0].Rating != a {
		t.Fatalf("Ann's results: %+v", rs)
	}
	// the seats show the ratings, linked to the public pages
	h, _ := d.Handle(ctx, "secret-ann")
	r.Inspect(ctx, func(*Room) {}) // the pushes after the last move are out
	html := strings.Join(people[1].screen.all(), "\n")
	if !strings.Contains(html, `href="/p/`+h+`"`) || strings.Contains(html, "secret-") {
		t.Fatalf("Bob's screen: no link to Ann's page /p/%s, or a player id shows:\n%.3000s", h, people[1].screen.last())
	}
	// a restart: the table loads at its end and records nothing again
	shut, cancel := context.WithTimeout(ctx, 5*time.Second)
	rt.Shutdown(shut)
	cancel()
	rt2 := New(cfg, d, log)
	sink2 := &countingResults{d: d}
	rt2.Results = sink2
	r2, err := rt2.Get(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	r2.Inspect(ctx, func(*Room) {}) // after its load-time record
	if again, _ := d.Ratings(ctx, "secret-ann"); again[0].Games != 1 || again[0].Rating.R != a {
		t.Fatalf("a restart rated the game again: %+v", again)
	}
	if rs, _ := d.PlayerResults(ctx, "secret-ann", false, 10); len(rs) != 1 {
		t.Fatalf("a restart recorded the game again: %+v", rs)
	}
	seat, _ := d.OpenSeatings(ctx, "secret-bob")
	if len(seat) != 1 || seat[0].Room != code || !seat[0].Public {
		t.Fatalf("Bob's open tables: %+v", seat)
	}
	shut, cancel = context.WithTimeout(ctx, 5*time.Second)
	rt2.Shutdown(shut)
	cancel()
}

// TestSitAndGoOutcome: a sit-and-go records nothing until its winner is
// known, then each seat's finishing place and prize; a cash table never.
func TestSitAndGoOutcome(t *testing.T) {
	cash, _ := pokerTable(t, url.Values{}, 4)
	if _, ok := holdemOutcome(cash); ok {
		t.Fatal("a cash table has an outcome")
	}
	m, _ := pokerTable(t, url.Values{"format": {"sng"}, "structure": {"turbo"}, "level": {"3h"}, "payout": {"50/30/20"}}, 6)
	pokerPlay(t, m, 1, nil, func(m *pokerMatch) bool {
		if _, ok := holdemOutcome(m); ok != m.Over() {
			t.Fatalf("an outcome %v while over %v", ok, m.Over())
		}
		return m.Over()
	})
	o, ok := holdemOutcome(m)
	if !ok || !o.Placed || o.Unit != "prize" || len(o.Seats) != 6 {
		t.Fatalf("outcome %+v %v", o, ok)
	}
	seen, prizes := map[int]bool{}, 0
	for _, so := range o.Seats {
		if so.Place < 1 || so.Place > 6 || seen[so.Place] {
			t.Fatalf("places %+v", o.Seats)
		}
		seen[so.Place] = true
		prizes += so.Score
		if so.Place > 3 && so.Score != 0 {
			t.Fatalf("place %d has a prize: %+v", so.Place, o.Seats)
		}
	}
	if prizes != 6*1500 {
		t.Fatalf("prizes %+v add up to %d, not the 9,000 bought in", o.Seats, prizes)
	}
}

// TestPresidentDealIsAGame: at a private President table each finished
// deal is recorded, with the order the people went out in and the deal's
// replay, and rates nobody.
func TestPresidentDealIsAGame(t *testing.T) {
	rt := quietRuntime(t)
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}}
	r := seatTable(t, rt, "president", url.Values{"ruleset": {"house"}, "seats": {"3"}, "clock": {"0"}}, people)
	playUntil(t, r, people, func(tb *Table) bool {
		return tb.Match.(*president.Match).State.Phase == president.DealOver
	})
	ctx := t.Context()
	places := map[int]bool{}
	for _, p := range people {
		rs, err := rt.db.PlayerResults(ctx, p.id, false, 10)
		if err != nil || len(rs) != 1 || rs[0].Game != 1 || rs[0].Replay != 1 || rs[0].Seats != 3 || rs[0].Public || rs[0].Rating != 0 {
			t.Fatalf("%s's results: %+v %v", p.name, rs, err)
		}
		places[rs[0].Place] = true
		if rts, _ := rt.db.Ratings(ctx, p.id); len(rts) != 0 {
			t.Fatalf("a private table rated %s", p.name)
		}
	}
	if len(places) != 3 {
		t.Fatalf("places %v", places)
	}
	if _, err := rt.ReplayStep(ctx, r.Code(), 1, "", people[0].id, ""); err != nil {
		t.Fatalf("the recorded deal's replay: %v", err)
	}
}
