package room

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/game/lowunique"
	"github.com/tablegames/tables/game/president"
)

// playThrough plays the awaited seats as their people with the game's own
// bot, and deals on (the table's next step) when nobody is awaited, until
// done holds.
func playThrough(t *testing.T, r *Room, people []*person, done func(*Table) bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; ; n++ {
		if n > 3000 {
			t.Fatal("no end after 3,000 steps")
		}
		who, finished := -1, false
		var form url.Values
		r.Inspect(t.Context(), func(r *Room) {
			tb := r.Table()
			if finished = done(tb); finished {
				return
			}
			w := tb.Match.Waiting()
			if len(w) == 0 {
				r.continueMatch()
				return
			}
			who = w[0]
			mv, ok := tb.Match.Bot(who, r.BotKind(), rng)
			if !ok {
				t.Fatalf("no move for seat %d", who)
			}
			form = tb.Match.Encode(mv)
		})
		if finished {
			return
		}
		if who < 0 {
			continue
		}
		id := ""
		r.Inspect(t.Context(), func(r *Room) { id = r.Table().Seats[who].Player })
		if err := r.Move(t.Context(), id, form); err != nil {
			t.Fatalf("step %d, seat %d (%v): %v", n, who, form, err)
		}
	}
}

// refusedInPlay checks that the host's change of game is refused with
// GAME_IN_PLAY and leaves the table's log as it was.
func refusedInPlay(t *testing.T, r *Room, host *person, form url.Values) {
	t.Helper()
	var before int64
	r.Inspect(t.Context(), func(r *Room) { before = r.Table().Seq })
	err := r.Seat(t.Context(), host.id, host.name, form)
	var ge *game.Error
	if !errors.As(err, &ge) || ge.Code != "GAME_IN_PLAY" {
		t.Fatalf("a change of game in play: %v", err)
	}
	r.Inspect(t.Context(), func(r *Room) {
		if r.Table().Seq != before {
			t.Fatalf("a refused change of game logged %d entries", r.Table().Seq-before)
		}
	})
}

// switches counts the switch entries in a table's log.
func switches(t *testing.T, rt *Runtime, code string) int {
	t.Helper()
	entries, err := rt.db.Log(t.Context(), code, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if en, _ := decodeEntry(e); en.T == eSwitch {
			n++
		}
	}
	return n
}

// TestOneTableTheWholeEvening plays a Hold'em cash hand, then President,
// then Lowest Unique at one table with the same three people: each change
// of game is refused while a hand, deal or round is in play, is one log
// entry, keeps the host, the chat and the evening, seats the people as far
// as the next game's seats go (the others first in line), and the table
// rebuilt from its log (from the start and from a snapshot) is the live
// one; its record verifies, game by game, and its replays say which game
// each was.
func TestOneTableTheWholeEvening(t *testing.T) {
	rt := quietRuntime(t)
	ctx := t.Context()
	ann, bob, cat := &person{id: "p-ann", name: "Ann"}, &person{id: "p-bob", name: "Bob"}, &person{id: "p-cat", name: "Cat"}
	people := []*person{ann, bob, cat}
	r := seatTable(t, rt, "holdem", url.Values{"seats": {"3"}, "clock": {"0"}}, people)
	code := r.Code()
	if err := r.Chat(ctx, bob.id, bob.name, "one more game after this?"); err != nil {
		t.Fatal(err)
	}
	toPresident := url.Values{"do": {"next"}, "game": {"president"}, "ruleset": {"house"}, "seats": {"4"}, "clock": {"0"}}

	// mid-hand: refused, for the host; anyone else may not at all
	refusedInPlay(t, r, ann, toPresident)
	if err := r.Seat(ctx, bob.id, bob.name, toPresident); err == nil || !strings.Contains(err.Error(), "host") {
		t.Fatalf("Bob changes the game: %v", err)
	}
	playThrough(t, r, people, func(tb *Table) bool { return holdemState(tb.Match).Street == holdem.HandOver })
	// between hands, a bad choice is refused as the creation form refuses it
	if err := r.Seat(ctx, ann.id, ann.name, url.Values{"do": {"next"}, "game": {"president"}, "seats": {"9"}}); err == nil {
		t.Fatal("a President table of 9 seats")
	}
	if err := r.Seat(ctx, ann.id, ann.name, url.Values{"do": {"next"}, "game": {"chess"}}); err == nil {
		t.Fatal("a game the server doesn't have")
	}
	if err := r.Seat(ctx, ann.id, ann.name, toPresident); err != nil {
		t.Fatal(err)
	}
	if n := switches(t, rt, code); n != 1 {
		t.Fatalf("%d switch entries after one change of game", n)
	}
	r.Inspect(ctx, func(r *Room) {
		tb := r.Table()
		if tb.Game != "president" || tb.kind != presidentKind || tb.Match != nil || tb.Host != ann.id || len(tb.Seats) != 4 {
			t.Fatalf("after the switch: game %q, match %v, host %q, %d seats", tb.Game, tb.Match, tb.Host, len(tb.Seats))
		}
		for i, p := range people {
			if s := tb.Seats[i]; s.Player != p.id || s.Ready != (p == ann) {
				t.Fatalf("seat %d: %+v", i, s)
			}
		}
		if !tb.Seats[3].empty() || len(tb.Chat) != 1 || tb.Evening == nil || tb.Evening.Count[0] != (eveningCount{Game: "holdem", What: "hand", N: 1}) {
			t.Fatalf("seat 4 %+v, chat %d, evening %+v", tb.Seats[3], len(tb.Chat), tb.Evening)
		}
	})
	if row, err := rt.db.RoomInfo(ctx, code); err != nil || row.Kind != "president" {
		t.Fatalf("the table's row: %+v, %v", row, err)
	}
	for _, p := range []*person{bob, cat} {
		if err := r.Lobby(ctx, p.id, p.name, url.Values{"do": {"ready"}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Start(ctx, ann.id, ann.name); err != nil {
		t.Fatal(err)
	}
	r.Inspect(ctx, func(r *Room) {
		if tb := r.Table(); tb.Games != 2 || len(tb.Seats) != 3 {
			t.Fatalf("President starts as game %d with %d seats", tb.Games, len(tb.Seats))
		}
	})

	// mid-deal: refused; between deals (the deal over): the next game
	toLowUnique := url.Values{"do": {"next"}, "game": {"lowunique"}, "seats": {"2"}, "rounds": {"4"}, "clock": {"0"}}
	refusedInPlay(t, r, ann, toLowUnique)
	playThrough(t, r, people, func(tb *Table) bool {
		return tb.Match.(*president.Match).State.Phase == president.DealOver
	})
	if err := r.Seat(ctx, ann.id, ann.name, toLowUnique); err != nil {
		t.Fatal(err)
	}
	r.Inspect(ctx, func(r *Room) {
		tb := r.Table()
		// two seats: Cat watches, first in line
		if tb.Game != "lowunique" || len(tb.Seats) != 2 || tb.Seats[1].Player != bob.id || len(tb.Asks) != 1 || tb.Asks[0] != (seatAsk{Player: cat.id, Name: "Cat", Accepted: true}) {
			t.Fatalf("Lowest Unique's lobby: %+v, asks %+v", tb.Seats, tb.Asks)
		}
	})
	if err := r.Start(ctx, ann.id, ann.name); err != nil {
		t.Fatal(err)
	}
	refusedInPlay(t, r, ann, toPresident)
	playThrough(t, r, people, func(tb *Table) bool {
		return tb.Match.(*lowunique.Match).State.Phase == lowunique.Over
	})
	if n := switches(t, rt, code); n != 2 {
		t.Fatalf("%d switch entries after two changes of game", n)
	}

	// the evening ran across the three games
	var live []byte
	r.Inspect(ctx, func(r *Room) {
		tb := r.Table()
		var games []string
		for _, c := range tb.Evening.Count {
			games = append(games, c.Game+" "+c.What)
		}
		if strings.Join(games, ", ") != "holdem hand, president deal, lowunique game" || tb.Games != 3 {
			t.Fatalf("the evening: %v, game %d", games, tb.Games)
		}
		var err error
		if live, err = tb.Snapshot(); err != nil {
			t.Fatal(err)
		}
	})

	// the log rebuilds the same evening, from the start and from a snapshot
	for _, scratch := range []bool{true, false} {
		_, again, err := Replay(ctx, rt.db, code, scratch)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, live) {
			t.Fatalf("replayed (from scratch %v):\n%s\nlive:\n%s", scratch, again, live)
		}
	}
	if _, err := rt.db.Log(ctx, code, 0); err != nil {
		t.Fatal(err)
	}

	// the record verifies, and says each game apart
	rec, err := rt.FairRecord(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Kind != "holdem" {
		t.Fatalf("the record begins with %q", rec.Kind)
	}
	v, err := Verify(rec)
	if err != nil {
		t.Fatal(err)
	}
	// each dealt game's seeds: the one it dealt with, and the one
	// committed for the next deal, revealed unused by the change of game
	want := []VerdictPart{{Kind: "holdem", What: "hand", Seeded: true, Deals: 2, Finished: 1},
		{Kind: "president", What: "deal", Seeded: true, Deals: 2, Finished: 1},
		{Kind: "lowunique", What: "game", Finished: 1}}
	if len(v.Parts) != len(want) {
		t.Fatalf("parts: %+v", v.Parts)
	}
	for i := range want {
		if v.Parts[i] != want[i] {
			t.Fatalf("part %d: %+v, want %+v", i+1, v.Parts[i], want[i])
		}
	}
	if len(v.Deals) != 4 || v.Deals[1].Kind != "holdem" || v.Deals[2].Kind != "president" {
		t.Fatalf("seeds checked: %+v", v.Deals)
	}
	// a changed switch (Lowest Unique of 6 rounds, not 4) no longer
	// verifies
	changed := false
	for i, data := range rec.Entries {
		if bytes.Contains(data, []byte(`"t":"switch"`)) && bytes.Contains(data, []byte(`"rounds":4`)) {
			bad := rec
			bad.Entries = append([]json.RawMessage(nil), rec.Entries...)
			bad.Entries[i], changed = bytes.Replace(data, []byte(`"rounds":4`), []byte(`"rounds":6`), 1), true
			if _, err := Verify(bad); !errors.Is(err, ErrTampered) {
				t.Fatalf("a changed switch verifies: %v", err)
			}
		}
	}
	if !changed {
		t.Fatal("no switch to Lowest Unique in the record")
	}

	// the replays: one hand, one deal, one game, each of its game
	_, deals, err := rt.Replays(ctx, code, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range deals {
		got = append(got, d.Kind+" "+d.What+" "+itoa(d.Part)+"."+itoa(d.N))
	}
	if strings.Join(got, ", ") != "holdem hand 1.1, president deal 2.1, lowunique game 3.1" {
		t.Fatalf("replays: %v", got)
	}
	if _, err := rt.ReplayStep(ctx, code, 2, "3", ann.id, ""); err != nil {
		t.Fatalf("President's replay: %v", err)
	}
	// the hand history keeps the Hold'em hand
	if text, err := rt.HandsText(ctx, code, ann.id); err != nil || !strings.Contains(text, "Hand #1") && !strings.Contains(text, "Hand 1") {
		t.Fatalf("hand history: %v\n%s", err, text)
	}
}

// TestSnapshotFromBeforeSwitches reads a snapshot written before a table
// could change game (no "game"): it is the table's first game.
func TestSnapshotFromBeforeSwitches(t *testing.T) {
	tb := newTable(holdemKind, Options{Seats: 2})
	data, err := tb.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	old := bytes.Replace(data, []byte(`"game":"holdem",`), nil, 1)
	if bytes.Equal(old, data) {
		t.Fatalf("no game in %s", data)
	}
	back, err := restoreTable(holdemKind, old)
	if err != nil || back.kind != holdemKind || back.Game != "holdem" {
		t.Fatalf("restored: %v, %+v", err, back)
	}
	// a snapshot of another game than the table began with restores as it
	lu := newTable(lowUniqueKind, Options{Seats: 2})
	data, _ = lu.Snapshot()
	if back, err := restoreTable(holdemKind, data); err != nil || back.kind != lowUniqueKind {
		t.Fatalf("restored: %v, %+v", err, back)
	}
}

// TestNoChangeOfGameMidTurn: an Impetus game in play (a turn under way)
// and a sit-and-go between hands are no moment to change game.
func TestNoChangeOfGameMidTurn(t *testing.T) {
	rt := quietRuntime(t)
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}}
	next := url.Values{"do": {"next"}, "game": {"president"}, "seats": {"3"}}
	r := seatTable(t, rt, "impetus", url.Values{"seats": {"2"}, "clock": {"0"}}, people)
	refusedInPlay(t, r, people[0], next)

	people = []*person{{id: "p-cy", name: "Cy"}, {id: "p-dan", name: "Dan"}}
	r = seatTable(t, rt, "holdem", url.Values{"format": {"sng"}, "seats": {"2"}, "clock": {"0"}}, people)
	playThrough(t, r, people, func(tb *Table) bool { return holdemState(tb.Match).Street == holdem.HandOver })
	over := false
	r.Inspect(t.Context(), func(r *Room) { over = r.Table().Match.Over() })
	if !over {
		refusedInPlay(t, r, people[0], next)
	}
}

// TestRemoteBotsFollowAChangeOfGame: the people take the new game's seats
// first (the host first), then the remote bots the host seated; a remote
// bot past the seats leaves (it never queues as a person does). A switch
// logged before remote bots followed it (no By) replays as it was
// played: they leave.
func TestRemoteBotsFollowAChangeOfGame(t *testing.T) {
	table := func() *Table {
		tb := newTable(lowUniqueKind, Options{Seats: 4})
		for _, e := range []entry{
			{T: eCreate, Seat: 0, Player: "p-ann", Name: "Ann"},
			{T: eRemote, Seat: 1, Player: "bot:robo", Name: "Robo", By: "invite"},
			{T: eSit, Seat: 2, Player: "p-bob", Name: "Bob"},
			{T: eRemote, Seat: 3, Player: "bot:deep", Name: "Deep"},
		} {
			if _, err := tb.apply(e); err != nil {
				t.Fatalf("%+v: %v", e, err)
			}
		}
		return tb
	}
	to := func(seats int, by string) entry {
		return entry{T: eSwitch, Player: "p-ann", Game: "president", Opts: &Options{Seats: seats}, From: "lowunique", By: by}
	}
	// four seats: Ann, Bob, then Robo and Deep, ready as remote bots are
	tb := table()
	if _, err := tb.apply(to(4, switchKeepsRemote)); err != nil {
		t.Fatal(err)
	}
	want := []seat{
		{Player: "p-ann", Name: "Ann", Ready: true},
		{Player: "p-bob", Name: "Bob"},
		{Player: "bot:robo", Name: "Robo", Ready: true, Remote: true, Invited: true},
		{Player: "bot:deep", Name: "Deep", Ready: true, Remote: true},
	}
	if !slices.Equal(tb.Seats, want) {
		t.Fatalf("seats after the change: %+v, want %+v", tb.Seats, want)
	}
	// three seats: Deep has none left, and is no asker either
	tb = table()
	if _, err := tb.apply(to(3, switchKeepsRemote)); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tb.Seats, want[:3]) || len(tb.Asks) != 0 {
		t.Fatalf("seats after the change to three: %+v, asks %+v", tb.Seats, tb.Asks)
	}
	// a switch logged before: the remote bots leave
	tb = table()
	if _, err := tb.apply(to(4, "")); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tb.Seats, append(want[:2:2], seat{}, seat{})) {
		t.Fatalf("seats after an old switch: %+v", tb.Seats)
	}
}
