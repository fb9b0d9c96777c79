package room

import (
	"bytes"
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/holdem"
)

// TestHostChangesTableOptions: the host of a cash table changes the ante,
// the big blind ante, straddles and running it twice between hands, as a
// logged entry. Worked by hand at blinds 10/20 with three people: the ante
// chosen during hand 1 (4 a seat, straddles, run it twice) leaves hand 1
// as it was (no ante) and is posted at hand 2 by all three seats (12 in
// antes, 30 in blinds: 42 in the pot before anyone acts); the big blind
// ante of 20 chosen after hand 2 is posted at hand 3 by the big blind
// alone. Anyone else is refused, and so are an ante not on the list, a
// choice that changes nothing and a tournament's antes. The table rebuilt
// from its log, from its first entry or its snapshot, is the same.
func TestHostChangesTableOptions(t *testing.T) {
	rt := quietRuntime(t)
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}}
	r := seatTable(t, rt, "holdem", url.Values{"blinds": {"10/20"}, "stack_bb": {"100"}, "seats": {"3"}, "clock": {"0"}}, people)
	ctx := t.Context()
	options := func(p *person, kv ...string) error {
		f := url.Values{"do": {"options"}}
		for i := 0; i+1 < len(kv); i += 2 {
			f.Set(kv[i], kv[i+1])
		}
		return r.Seat(ctx, p.id, p.name, f)
	}
	state := func() (s holdem.State) {
		r.Inspect(ctx, func(r *Room) { s = *holdemState(r.Table().Match) })
		return s
	}
	var ge *game.Error
	if err := options(people[1], "ante", "4"); !errors.As(err, &ge) || ge.Code != "NOT_HOST" {
		t.Fatalf("Bob sets the ante: %v", err)
	}
	if err := options(people[0], "ante", "7"); err == nil || !strings.Contains(err.Error(), "from the list") {
		t.Fatalf("an ante not on the list: %v", err)
	}
	if err := options(people[0], "ante", "0"); err == nil || !strings.Contains(err.Error(), "already") {
		t.Fatalf("a choice that changes nothing: %v", err)
	}

	// during hand 1: it keeps its own format
	if s := state(); s.Hand != 1 || s.Street == holdem.HandOver {
		t.Fatalf("not in hand 1: %d %v", s.Hand, s.Street)
	}
	if err := options(people[0], "ante", "4", "straddle", "on", "twice", "on"); err != nil {
		t.Fatal(err)
	}
	s := state()
	if s.Rules.Format != (holdem.Format{}) || s.NextFormat == nil || *s.NextFormat != (holdem.Format{Ante: 4, Straddle: true, RunItTwice: true}) {
		t.Fatalf("hand 1's format %+v, next %+v", s.Rules.Format, s.NextFormat)
	}
	if got := people[2].screen.last(); !strings.Contains(got, "Next hand: ante 4, straddles, run it twice.") {
		t.Fatalf("Cat is not told what the next hand brings: %.300s", got)
	}
	if err := options(people[0], "ante", "4", "straddle", "on", "twice", "on"); err == nil {
		t.Fatal("the same options twice")
	}
	playUntil(t, r, people, func(tb *Table) bool { return holdemState(tb.Match).Street == holdem.HandOver })
	s = state()
	for i := range 3 {
		if s.Seats[i].Ante != 0 {
			t.Fatalf("seat %d anted %d in hand 1", i, s.Seats[i].Ante)
		}
	}

	// a person who lost every chip is asked to buy back in before the
	// next hand is dealt (the deck may bust one in any hand)
	rebuy := func() {
		for i, p := range people {
			if state().Seats[i].Stack == 0 {
				if err := r.Move(ctx, p.id, url.Values{"kind": {"rebuy"}}); err != nil {
					t.Fatalf("%s buys back in: %v", p.name, err)
				}
			}
		}
	}

	// hand 2: everyone antes 4
	rebuy()
	r.Inspect(ctx, func(r *Room) { r.continueMatch() })
	s = state()
	if s.Hand != 2 || s.Rules.Format != (holdem.Format{Ante: 4, Straddle: true, RunItTwice: true}) || s.NextFormat != nil {
		t.Fatalf("hand %d's format %+v", s.Hand, s.Rules.Format)
	}
	pot := 0
	for i := range 3 {
		if s.Seats[i].Ante != 4 {
			t.Fatalf("seat %d anted %d in hand 2", i, s.Seats[i].Ante)
		}
		pot += s.Seats[i].Total
	}
	if pot != 42 {
		t.Fatalf("hand 2's pot before anyone acts: %d, want 12 in antes and 30 in blinds", pot)
	}
	var log string
	r.Inspect(ctx, func(r *Room) { log = strings.Join(r.LogFor(0), "\n") })
	for _, want := range []string{"The host sets the table's options from the next hand: ante 4, straddles, run it twice.",
		"From this hand: an ante of 4; straddles allowed; all-ins may run it twice."} {
		if !strings.Contains(log, want) {
			t.Fatalf("the log lacks %q:\n%s", want, log)
		}
	}

	// between hands 2 and 3: a big blind ante of 20, no straddles
	playUntil(t, r, people, func(tb *Table) bool { return holdemState(tb.Match).Street == holdem.HandOver })
	if err := options(people[0], "ante", "20", "bbante", "on", "twice", "on"); err != nil {
		t.Fatal(err)
	}
	if s := state(); s.Rules.Ante != 4 || s.Hand != 2 {
		t.Fatalf("the ante changed before the deal: %+v", s.Rules.Format)
	}
	rebuy()
	r.Inspect(ctx, func(r *Room) { r.continueMatch() })
	s = state()
	for i := range 3 {
		want := 0
		if i == s.BB {
			want = 20
		}
		if s.Seats[i].Ante != want {
			t.Fatalf("hand 3: seat %d (big blind %d) anted %d", i, s.BB, s.Seats[i].Ante)
		}
	}
	if err := r.Move(ctx, people[s.Turn].id, url.Values{"kind": {"straddleon"}}); err == nil {
		t.Fatal("a straddle chosen at a table that no longer has them")
	}

	// the log rebuilds the same table
	var live []byte
	r.Inspect(ctx, func(r *Room) {
		var err error
		if live, err = r.Table().Snapshot(); err != nil {
			t.Fatal(err)
		}
		if o := r.Table().Opts.Poker; o == nil || o.Ante != 20 || !o.BBAnte || o.Straddle || !o.Twice {
			t.Fatalf("the table's options: %+v", o)
		}
	})
	for _, scratch := range []bool{true, false} {
		_, again, err := Replay(ctx, rt.db, r.Code(), scratch)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, live) {
			t.Fatalf("replayed (from scratch %v):\n%s\nlive:\n%s", scratch, again, live)
		}
	}

	// a tournament's antes follow its levels
	sng := seatTable(t, rt, "holdem", url.Values{"format": {"sng"}, "seats": {"2"}, "clock": {"0"}},
		[]*person{{id: "p-dan", name: "Dan"}, {id: "p-eve", name: "Eve"}})
	if err := sng.Seat(ctx, "p-dan", "Dan", url.Values{"do": {"options"}, "ante": {"0"}, "straddle": {"on"}}); err == nil || !strings.Contains(err.Error(), "tournament") {
		t.Fatalf("a tournament's options: %v", err)
	}
}
