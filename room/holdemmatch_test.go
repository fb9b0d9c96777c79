package room

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/holdem"
)

// pokerPlay drives a pokerMatch with bots at every seat until stop, as
// the room does: the seats awaited move, then the next deal after played
// (the play clock, grown by a minute a hand); every move goes through its
// JSON, as the log has it. It returns the moves, for a replay.
func pokerPlay(t *testing.T, m *pokerMatch, seed uint64, before func(m *pokerMatch) []pokerMove, stop func(m *pokerMatch) bool) []logged {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []logged
	apply := func(seat int, mv game.Move) {
		t.Helper()
		data, _ := json.Marshal(mv)
		back, err := m.DecodeMove(data)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Apply(seat, back); err != nil {
			t.Fatalf("seat %d %s: %v", seat, data, err)
		}
		out = append(out, logged{seat, data})
	}
	played := time.Duration(0)
	for n := 0; !stop(m); n++ {
		if n > 20000 {
			t.Fatal("no end after 20,000 moves")
		}
		if w := m.Waiting(); len(w) > 0 {
			mv, ok := m.Bot(w[0], "heuristic", rng)
			if !ok {
				t.Fatalf("no move for seat %d", w[0])
			}
			apply(w[0], mv)
			continue
		}
		if before != nil {
			for _, mv := range before(m) {
				apply(mv.Level, pokerMove{Do: mv.Do}) // Level carries the seat here
			}
		}
		played += time.Minute
		mv, ok := m.ContinuePlayed(rng.Uint64()|1, played)
		if !ok {
			t.Fatalf("the table can't go on:\n%+v", m.Plus.Tour)
		}
		apply(game.System, mv)
	}
	return out
}

type logged struct {
	seat int
	move json.RawMessage
}

func pokerTable(t *testing.T, form url.Values, n int) (*pokerMatch, Options) {
	t.Helper()
	form.Set("seats", itoa(n))
	o, err := holdemKind.options(form)
	if err != nil {
		t.Fatal(err)
	}
	o.Revision = Revision
	m, _, err := newPokerMatch(o, n, 12345)
	if err != nil {
		t.Fatal(err)
	}
	return m, o
}

// chipsIn is every chip bought into a tournament: entries, rebuys and
// add-ons.
func chipsIn(tr *holdem.Tourney) int {
	n := 0
	for _, e := range tr.Entries {
		n += tr.Structure.Stack * (1 + e.Rebuys)
		if e.AddOn {
			n += tr.Structure.AddOn
		}
	}
	return n
}

// TestSitAndGoToItsWinner plays 6-seat turbo sit-and-gos, levels by
// hands, with rebuys, an add-on and payouts, to their winner: chips are
// all there after every move, levels rise between hands only, everyone is
// placed, the payouts add up, and replaying the moves from the log gives
// the same table.
func TestSitAndGoToItsWinner(t *testing.T) {
	for _, c := range []struct {
		name string
		form url.Values
	}{
		{"freezeout", url.Values{"format": {"sng"}, "structure": {"turbo"}, "level": {"3h"}, "payout": {"50/30/20"}}},
		{"rebuys and add-on", url.Values{"format": {"sng"}, "structure": {"turbo"}, "level": {"2h"}, "rebuy_levels": {"2"}, "addon": {"on"},
			"payout": {"65/35"}, "payout_unit": {"points"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, _ := pokerTable(t, c.form, 6)
			m.onSeat(0, true) // a person at seat 0: rebuys by hand, takes the add-on
			st := m.Plus.Tour.Structure
			if m.State.Rules.BigBlind != 20 || m.State.Seats[0].Stack != 1500 || m.State.Rules.Rebuy {
				t.Fatalf("first hand: blinds %d, stack %d, cash rebuys %v", m.State.Rules.BigBlind, m.State.Seats[0].Stack, m.State.Rules.Rebuy)
			}
			levelAt := map[int]int{} // hand → level
			person := func(m *pokerMatch) []pokerMove {
				var mvs []pokerMove
				e := m.Plus.entryOf(0)
				if e < 0 {
					return nil
				}
				en := m.Plus.Tour.Entries[e]
				if m.State.Seats[0].Stack == 0 && st.MayRebuy(m.Plus.Level, 0, en.Rebuys) {
					mvs = append(mvs, pokerMove{Do: "rebuy"})
				}
				if st.MayAddOn(m.Plus.Level, en.AddOn) {
					mvs = append(mvs, pokerMove{Do: "addon"})
				}
				return mvs
			}
			moves := pokerPlay(t, m, 1, person, func(m *pokerMatch) bool {
				if m.State.Street != holdem.HandOver {
					levelAt[m.State.Hand] = m.Plus.Level
				}
				if got, want := m.State.Chips(), chipsIn(m.Plus.Tour); got != want {
					t.Fatalf("hand %d: %d chips at the table, %d bought in", m.State.Hand, got, want)
				}
				return m.Over()
			})
			for h, l := range levelAt {
				if want := st.LevelAt(0, h-1); l != want {
					t.Fatalf("hand %d played at level %d, not %d", h, l, want)
				}
			}
			// each hand's history names its level, and the rebuys and
			// add-ons bought before it (the last hands kept)
			buys := 0
			for _, r := range m.State.Past {
				text := r.Text(0, func(i int) string { return "S" + itoa(i) })
				if r.Level != levelAt[r.Hand] || !strings.Contains(text, "\nLevel "+itoa(r.Level)+": blinds "+levelWords(st.Level(r.Level))+"\n") {
					t.Fatalf("hand %d at level %d:\n%s", r.Hand, levelAt[r.Hand], text)
				}
				buys += strings.Count(text, ": rebuys for ") + strings.Count(text, ": takes the add-on (")
				if len(r.Buys) != strings.Count(text, ": rebuys for ")+strings.Count(text, ": takes the add-on (") {
					t.Fatalf("hand %d's buys %+v:\n%s", r.Hand, r.Buys, text)
				}
			}
			t.Logf("%d rebuys and add-ons in the last %d hands' histories", buys, len(m.State.Past))
			places := map[int]int{}
			for _, e := range m.Plus.Tour.Entries {
				if e.Place == 0 {
					t.Fatalf("%+v is not placed", e)
				}
				places[e.Place]++
			}
			if places[1] != 1 {
				t.Fatalf("places %v", places)
			}
			if len(m.Waiting()) != 0 {
				t.Fatal("an ended tournament waits for someone")
			}
			if _, ok := m.Continue(1); ok {
				t.Fatal("an ended tournament deals again")
			}
			// the standings: everyone, by place, the prizes adding up
			rv := &roomView{t: &Table{Seats: make([]seat, 6)}, seat: 0}
			s := tourStandings(rv, &m.Plus)
			if len(s.Rows) != 6 || s.Rows[0].Place != "1st" || s.TotalHead != "Prize" {
				t.Fatalf("standings %+v", s)
			}
			t.Logf("%d hands, %d levels; %+v", m.State.Hand, m.Plus.Level, s.Rows)
			// replayed from its moves, the table is the same
			r, _ := pokerTable(t, c.form, 6)
			r.onSeat(0, true)
			for _, l := range moves {
				mv, err := r.DecodeMove(l.move)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := r.Apply(l.seat, mv); err != nil {
					t.Fatalf("replay: %s: %v", l.move, err)
				}
			}
			a, _ := m.Snapshot()
			b, _ := r.Snapshot()
			if !bytes.Equal(a, b) {
				t.Fatal("the replayed table differs")
			}
			// and a snapshot restores it
			back := &pokerMatch{Match: holdem.EmptyMatch()}
			if err := back.Restore(a); err != nil {
				t.Fatal(err)
			}
			if c, _ := back.Snapshot(); !bytes.Equal(a, c) || !back.Over() {
				t.Fatal("the restored table differs")
			}
		})
	}
}

// TestCashOptionsPlay plays a cash table with every option with bots:
// antes, straddles (everyone straddles), run it twice, auto-muck, bomb
// pots every 3 hands and by vote. Chips stay, bomb pots come when due,
// hands run twice, and an old table's snapshot (the engine's state
// alone) restores.
func TestCashOptionsPlay(t *testing.T) {
	form := url.Values{"ante": {"bb"}, "straddle": {"on"}, "twice": {"on"}, "muck": {"on"}, "bomb_bb": {"2"}, "bomb_every": {"3"},
		"blinds": {"10/20"}, "stack_bb": {"20"}}
	m, _ := pokerTable(t, form, 4)
	for i := range 4 {
		m.onSeat(i, i == 0)
		// a show-or-muck table mucks by default (issue 40): nothing to turn on
		if !m.State.Seats[i].AutoMuck {
			t.Fatalf("seat %d does not muck by default at a show-or-muck table", i)
		}
		if _, err := m.Apply(i, pokerMove{Action: holdem.Action{Kind: holdem.StraddleOn}}); err != nil {
			t.Fatal(err)
		}
	}
	twice, bombs, straddles, mucks := 0, 0, 0, 0
	voted := false
	vote := func(m *pokerMatch) []pokerMove {
		if !voted && m.State.Hand == 4 {
			voted = true
			return []pokerMove{{Do: "bomb", Level: 0}} // seat 0, the one person: carries it
		}
		return nil
	}
	pokerPlay(t, m, 3, vote, func(m *pokerMatch) bool {
		s := &m.State
		bought := 0
		for i := range s.N {
			bought += s.Seats[i].BuyIns * s.Rules.Stack
		}
		if s.Chips() != bought {
			t.Fatalf("hand %d: %d chips, %d bought", s.Hand, s.Chips(), bought)
		}
		if s.Street == holdem.HandOver && len(s.Past) > 0 && s.Past[len(s.Past)-1].Hand == s.Hand {
			r := &s.Past[len(s.Past)-1]
			if r.Board2 != nil {
				twice++
			}
			if r.Bomb > 0 {
				bombs++
			}
			for _, a := range r.Actions {
				if a.Kind == holdem.Straddle {
					straddles++
				}
			}
			for _, hs := range r.Seats {
				if hs.Mucked {
					mucks++
				}
			}
		}
		return m.State.Hand >= 60 && m.State.Street == holdem.HandOver || m.State.Hand > 200
	})
	if bombs < 20 || twice == 0 || straddles == 0 {
		t.Fatalf("%d bomb pots, %d hands run twice, %d straddles, %d mucks in %d hands", bombs, twice, straddles, mucks, m.State.Hand)
	}
	t.Logf("%d bomb pots, %d hands run twice, %d straddles, %d mucks in %d hands", bombs, twice, straddles, mucks, m.State.Hand)
	// a table from before the options: the engine's state alone
	old, err := holdem.EmptyMatch().Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	back := &pokerMatch{Match: holdem.EmptyMatch()}
	if err := back.Restore(old); err != nil || !back.Plus.zero() {
		t.Fatalf("an old snapshot: %v %+v", err, back.Plus)
	}
	if again, _ := back.Snapshot(); !bytes.Equal(again, old) {
		t.Fatal("an old table snapshots differently")
	}
}

// TestPokerFormErrors: bad options are refused with a message, never a
// panic.
func TestPokerFormErrors(t *testing.T) {
	for _, f := range []string{"ante=9", "ante=x", "bomb_bb=11", "bomb_every=3", "format=sng&structure=hyper", "format=sng&level=0h",
		"format=sng&level=5x", "format=sng&level=h", "format=sng&level=", "format=sng&rebuy_levels=9", "format=sng&payout=70/30", "bank=999"} {
		form, _ := url.ParseQuery(f)
		_, err := holdemKind.options(form)
		if f == "format=sng&level=" {
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "") {
			t.Fatalf("%s: no error", f)
		}
	}
	// moves the table does not offer
	m, _ := pokerTable(t, url.Values{}, 3)
	for _, k := range []string{"show", "automuck", "straddleon", "bomb", "addon", "nonsense"} {
		if _, err := m.Decode(url.Values{"kind": {k}}); err == nil {
			t.Fatalf("%s is accepted at a table without the option", k)
		}
	}
}

// TestTimeBank: a player whose clock ran out plays on its time bank,
// shown on its clock as such; the move logs the bank it used, the table
// keeps what is left, and a table rebuilt from its log has the same.
func TestTimeBank(t *testing.T) {
	rt := quietRuntime(t)
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}}
	r := seatTable(t, rt, "holdem", url.Values{"blinds": {"10/20"}, "seats": {"3"}, "clock": {"30"}, "bank": {"30"}, "bank_every": {"2"}}, people)
	ctx := t.Context()
	var who int
	var form url.Values
	var code string
	r.Inspect(ctx, func(r *Room) {
		code = r.code
		if got := r.Table().Banks; len(got) != 3 || got[0] != 30000 {
			t.Fatalf("banks %v", got)
		}
		who = r.Table().Match.Waiting()[0]
		r.waitingSince[who] = rt.now().Add(-40 * time.Second) // 10 s into the bank
		dl, banks := r.deadlines()
		if !banks[who] || dl[who].Sub(r.waitingSince[who]) != 60*time.Second {
			t.Fatalf("deadline %v after the wait's start, bank %v", dl[who].Sub(r.waitingSince[who]), banks[who])
		}
		rv := r.view(who, people[who].id)
		if sv := rv.seatView(who); !sv.Bank || sv.ClockMS != 30000 {
			t.Fatalf("the seat's clock: %+v", sv)
		}
		mv, _ := r.Table().Match.Auto(who)
		form = r.Table().Match.Encode(mv)
	})
	if err := r.Move(ctx, people[who].id, form); err != nil {
		t.Fatal(err)
	}
	var left []int
	r.Inspect(ctx, func(r *Room) { left = slices.Clone(r.Table().Banks) })
	if used := 30000 - left[who]; used < 10000 || used > 11000 {
		t.Fatalf("the move used %d ms of the bank", used)
	}
	back, err := rt.loadTable(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Banks, left) {
		t.Fatalf("rebuilt from the log: banks %v, not %v", back.Banks, left)
	}
}

// TestPokerPrompt: a language model at a sit-and-go is told the format,
// the level, the antes and the stacks in big blinds.
func TestPokerPrompt(t *testing.T) {
	m, _ := pokerTable(t, url.Values{"format": {"sng"}, "structure": {"turbo"}, "level": {"2h"}, "payout": {"65/35"}}, 6)
	pokerPlay(t, m, 5, nil, func(m *pokerMatch) bool { return m.Plus.Level >= 4 && len(m.Waiting()) > 0 })
	seat := m.Waiting()[0]
	v := m.State.View(seat)
	got := holdem.Prompt(&v, func(i int) string { return "P" + itoa(i+1) }, tourPrompt(m, &v))
	for _, want := range []string{"turbo sit-and-go", "Level 4 of 17: blinds 50/100, ante 100", "next level 75/150, ante 150",
		"big blind ante 100", "players left, average stack", "BB)", "top 2 are paid"} {
		if !strings.Contains(got, want) {
			t.Fatalf("the prompt lacks %q:\n%s", want, got)
		}
	}
	t.Log(got)
}

// TestLateRegistration: while registration is open a newcomer takes the
// seat of a player out, with a starting stack of its own; a seat still
// playing, or any seat once registration closed, is not free.
func TestLateRegistration(t *testing.T) {
	m, _ := pokerTable(t, url.Values{"format": {"sng"}, "structure": {"turbo"}, "level": {"3h"}, "late_levels": {"3"}}, 6)
	if m.seatFree(0) {
		t.Fatal("a seat still playing is free")
	}
	if applies, open, free := m.registration(); !applies || !open || free != 0 {
		t.Fatalf("registration at the start: %v %v %d", applies, open, free)
	}
	pokerPlay(t, m, 2, nil, func(m *pokerMatch) bool {
		return m.State.Street == holdem.HandOver && m.Plus.Tour.Left() < 6 || m.Plus.Level > 3
	})
	if m.Plus.Level > 3 {
		t.Skip("nobody was out during registration")
	}
	out := -1
	for i := range 6 {
		if m.seatFree(i) {
			out = i
		}
	}
	if out < 0 {
		t.Fatal("no seat is free with a player out")
	}
	if _, open, free := m.registration(); !open || free != 6-m.Plus.Tour.Left() {
		t.Fatalf("registration with %d left: open %v, %d free", m.Plus.Tour.Left(), open, free)
	}
	chips := m.State.Chips()
	m.onSeat(out, true)
	if m.State.Seats[out].Stack != 1500 || m.Plus.entryOf(out) < 0 || len(m.Plus.Tour.Entries) != 7 || m.State.Chips() != chips+1500 {
		t.Fatalf("the newcomer: stack %d, entries %d", m.State.Seats[out].Stack, len(m.Plus.Tour.Entries))
	}
	if m.seatFree(out) {
		t.Fatal("the newcomer's seat is still free")
	}
}
