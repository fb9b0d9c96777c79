package room

import (
	"math/rand/v2"
	"net/url"
	"testing"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem"
)

// tourLine is the tournament's line as a player sees it: the blinds now,
// the next level's and when, with played of play time on the table's
// clock, running or paused.
func tourLine(m *pokerMatch, played time.Duration, playing bool) *struct{ Blinds, Next, NextIn string } {
	now := time.UnixMilli(1_000_000)
	rv := &roomView{t: &Table{Seats: make([]seat, m.State.N), Match: m}, seat: -1, now: now, played: played, playing: playing}
	h := holdemView(rv)
	in := h.Tour.NextIn
	if in == "" && h.Tour.NextAt > 0 {
		in = "at +" + (time.Duration(h.Tour.NextAt-now.UnixMilli()) * time.Millisecond).Truncate(time.Second).String()
	}
	return &struct{ Blinds, Next, NextIn string }{h.Blinds, h.Tour.Next, in}
}

// botsPlayHand has the bots play the hand under way to its end.
func botsPlayHand(t *testing.T, m *pokerMatch, rng *rand.Rand) {
	t.Helper()
	for n := 0; m.State.Street != holdem.HandOver; n++ {
		w := m.Waiting()
		if len(w) == 0 || n > 500 {
			t.Fatalf("hand %d stuck on the %v", m.State.Hand, m.State.Street)
		}
		mv, ok := m.Bot(w[0], "heuristic", rng)
		if !ok {
			t.Fatalf("no move for seat %d", w[0])
		}
		if _, err := m.Apply(w[0], mv); err != nil {
			t.Fatal(err)
		}
	}
}

// deal deals the next hand after played of play time (a new table has
// its first hand dealt).
func deal(t *testing.T, m *pokerMatch, played time.Duration) {
	t.Helper()
	if m.State.Hand == 1 && m.State.Street != holdem.HandOver && m.State.Past == nil {
		return
	}
	mv, ok := m.ContinuePlayed(uint64(m.State.Hand)*7+1, played)
	if !ok {
		t.Fatalf("no deal after hand %d", m.State.Hand)
	}
	if _, err := m.Apply(game.System, mv); err != nil {
		t.Fatal(err)
	}
}

// TestLevelClockByHands: turbo levels of 2 hands (10/20, 20/40, 30/60).
// Worked out by hand: level 2 starts with hand 3, level 3 with hand 5.
// During hand 1 the next level is two deals away (hands 2 and 3): "in 2
// hands", and still when hand 1 is over. During hand 2 it comes "after
// this hand"; once hand 2 is over, "from the next hand". Hand 3 is dealt
// at 20/40 and says "Next 30/60 in 2 hands"; once hand 4 is over, "from
// the next hand", and hand 5 is dealt at 30/60.
func TestLevelClockByHands(t *testing.T) {
	m, _ := pokerTable(t, url.Values{"format": {"sng"}, "structure": {"turbo"}, "level": {"2h"}}, 3)
	rng := rand.New(rand.NewPCG(3, 4))
	want := []struct{ blinds, next, during, over string }{
		{"10/20", "20/40", "in 2 hands", "in 2 hands"},
		{"10/20", "20/40", "after this hand", "from the next hand"},
		{"20/40", "30/60", "in 2 hands", "in 2 hands"},
		{"20/40", "30/60", "after this hand", "from the next hand"},
		{"30/60", "50/100, ante 100", "in 2 hands", "in 2 hands"},
	}
	for i, w := range want {
		hand := i + 1
		deal(t, m, time.Duration(hand)*time.Second)
		if m.State.Hand != hand {
			t.Fatalf("dealt hand %d, want %d", m.State.Hand, hand)
		}
		if got := tourLine(m, 0, true); got.Blinds != w.blinds || got.Next != w.next || got.NextIn != w.during {
			t.Errorf("during hand %d: %s, next %s %s; want %s, next %s %s", hand, got.Blinds, got.Next, got.NextIn, w.blinds, w.next, w.during)
		}
		botsPlayHand(t, m, rng)
		if got := tourLine(m, 0, true); got.Next != w.next || got.NextIn != w.over {
			t.Errorf("hand %d over: next %s %s; want next %s %s", hand, got.Next, got.NextIn, w.next, w.over)
		}
		if m.Over() {
			t.Fatalf("the tournament ended in hand %d", hand)
		}
	}
}

// TestLevelClockByMinutes: turbo levels of 5 minutes, on the table's play
// clock, which stops while the table is paused. Worked out by hand:
//   - hand 1 dealt at 0:00 is level 1 (10/20); at 3:00 of play the next
//     level is 2:00 away, counting down; paused at 3:00 it reads "in 2:00
//     (paused)", and after any pause the clock still reads 3:00, so a hand
//     dealt then is still level 1;
//   - at 5:30 of play, during a hand: "after this hand"; once it is over,
//     "from the next hand"; the hand dealt then is level 2 (20/40), and
//     level 3 (30/60) is 4:30 away (at 10:00).
func TestLevelClockByMinutes(t *testing.T) {
	m, _ := pokerTable(t, url.Values{"format": {"sng"}, "structure": {"turbo"}, "level": {"5m"}}, 3)
	rng := rand.New(rand.NewPCG(5, 6))
	deal(t, m, 0)
	if got := tourLine(m, 3*time.Minute, true); got.Blinds != "10/20" || got.Next != "20/40" || got.NextIn != "at +2m0s" {
		t.Errorf("hand 1 at 3:00 of play: %+v", got)
	}
	if got := tourLine(m, 3*time.Minute, false); got.NextIn != "in 2:00 (paused)" {
		t.Errorf("paused at 3:00: %+v", got)
	}
	botsPlayHand(t, m, rng)
	deal(t, m, 3*time.Minute) // the table resumed after a pause: its clock reads 3:00
	if got := tourLine(m, 3*time.Minute, true); got.Blinds != "10/20" || got.NextIn != "at +2m0s" {
		t.Errorf("hand 2 after the pause: %+v", got)
	}
	if got := tourLine(m, 5*time.Minute+30*time.Second, true); got.NextIn != "after this hand" {
		t.Errorf("hand 2 at 5:30: %+v", got)
	}
	botsPlayHand(t, m, rng)
	if got := tourLine(m, 5*time.Minute+30*time.Second, true); got.NextIn != "from the next hand" {
		t.Errorf("hand 2 over at 5:30: %+v", got)
	}
	deal(t, m, 5*time.Minute+30*time.Second)
	if got := tourLine(m, 5*time.Minute+30*time.Second, true); got.Blinds != "20/40" || got.Next != "30/60" || got.NextIn != "at +4m30s" {
		t.Errorf("hand 3 at 5:30: %+v", got)
	}
}

// TestPlayClockStopsWhilePaused: the room's play clock runs 3 minutes,
// stops for a 10-minute pause, and runs 2 more: 5 minutes of play.
func TestPlayClockStopsWhilePaused(t *testing.T) {
	t0 := time.UnixMilli(1_000_000)
	now := t0
	rt := &Runtime{Now: func() time.Time { return now }}
	r := &Room{rt: rt}
	r.playClock(now, true)
	now = t0.Add(3 * time.Minute)
	r.playClock(now, false) // paused
	now = now.Add(10 * time.Minute)
	if got := r.playTime(); got != 3*time.Minute {
		t.Fatalf("paused: %v of play", got)
	}
	r.playClock(now, true)
	now = now.Add(2 * time.Minute)
	if got := r.playTime(); got != 5*time.Minute {
		t.Fatalf("after the pause: %v of play", got)
	}
}

// TestWinnerSeatNotOut: once a sit-and-go has its winner, the winner's
// seat shows no place "out"; the others' show theirs.
func TestWinnerSeatNotOut(t *testing.T) {
	m, _ := pokerTable(t, url.Values{"format": {"sng"}, "structure": {"turbo"}, "level": {"2h"}}, 3)
	pokerPlay(t, m, 9, nil, func(m *pokerMatch) bool { return m.Over() })
	rv := &roomView{t: &Table{Seats: make([]seat, 3), Match: m}, seat: -1, now: time.UnixMilli(1)}
	h := holdemView(rv)
	for _, e := range m.Plus.Tour.Entries {
		out := h.Seats[e.Seat].Out
		if e.Place == 1 && out != 0 || e.Place > 1 && out != e.Place {
			t.Errorf("seat %d, place %d: its seat reads out %d", e.Seat, e.Place, out)
		}
	}
}

// TestAutoRebuyOnTheLastRebuyHand: a turbo sit-and-go of three bots,
// levels of 2 hands, rebuys through level 1 (hands 1 and 2). Hand 1
// is checked down with seat 0 holding aces, so seat 1 ends it with at
// most its 1500. In hand 2, the last of the rebuy levels, seat 1 (seven-
// deuce) is all in against seat 0's aces and loses everything. A bot
// rebuys by itself while it may: it ran out in a rebuy level, so it buys
// back in before hand 3 (level 2, rebuys over) is dealt, and is not
// placed.
//
// A table created before (rules revision 1) replays its log as it was
// played: there the new level came first and placed the bot 3rd.
func TestAutoRebuyOnTheLastRebuyHand(t *testing.T) {
	for _, rev := range []int{Revision, 1} {
		autoRebuyOnTheLastRebuyHand(t, rev)
	}
}

func autoRebuyOnTheLastRebuyHand(t *testing.T, rev int) {
	o, err := holdemKind.options(url.Values{"format": {"sng"}, "structure": {"turbo"}, "level": {"2h"}, "rebuy_levels": {"1"}, "seats": {"3"}})
	if err != nil {
		t.Fatal(err)
	}
	o.Revision = rev
	m, _, err := newPokerMatch(o, 3, 12345)
	if err != nil {
		t.Fatal(err)
	}
	rig := func(holes map[int]string, board string) {
		for seat, h := range holes {
			a, _ := cards.Parse(h[:2])
			b, _ := cards.Parse(h[3:])
			m.State.Seats[seat].Hole = [2]cards.Card{a, b}
		}
		for i := 0; i < 5; i++ {
			c, _ := cards.Parse(board[3*i : 3*i+2])
			m.State.Deck[m.State.DeckPos+i] = c
		}
	}
	holes := map[int]string{0: "AS AH", 1: "7D 2C", 2: "8C 3S"}
	board := "KC 9D 5H 4S JC"
	deal(t, m, time.Second)
	rig(holes, board)
	for m.State.Street != holdem.HandOver {
		seat := m.Waiting()[0]
		k := holdem.Check
		if m.State.CurrentBet > m.State.Seats[seat].Bet {
			k = holdem.Call
		}
		if _, err := m.Apply(seat, holdem.Action{Kind: k}); err != nil {
			t.Fatal(err)
		}
	}
	if m.State.Seats[1].Stack > 1500 || m.State.Seats[0].Stack < 1500 {
		t.Fatalf("after hand 1: stacks %d %d %d", m.State.Seats[0].Stack, m.State.Seats[1].Stack, m.State.Seats[2].Stack)
	}
	deal(t, m, 2*time.Second)
	rig(holes, board)
	for m.State.Street != holdem.HandOver {
		seat := m.Waiting()[0]
		k := holdem.AllIn
		if seat == 2 {
			k = holdem.Fold
		}
		if _, err := m.Apply(seat, holdem.Action{Kind: k}); err != nil {
			if _, err := m.Apply(seat, holdem.Action{Kind: holdem.Call}); err != nil { // all in over a smaller stack
				t.Fatal(err)
			}
		}
	}
	if m.State.Seats[1].Stack != 0 || m.Plus.Level != 1 {
		t.Fatalf("after hand 2: seat 1 has %d, level %d", m.State.Seats[1].Stack, m.Plus.Level)
	}
	deal(t, m, 3*time.Second)
	if rev < 2 {
		if e := m.Plus.entryOf(1); e >= 0 || m.Plus.Tour.Entries[1].Place != 3 {
			t.Fatalf("revision %d: seat 1's entries %+v", rev, m.Plus.Tour.Entries)
		}
		return
	}
	e := m.Plus.entryOf(1)
	if m.Plus.Level != 2 || e < 0 || m.Plus.Tour.Entries[e].Rebuys != 1 || m.State.Seats[1].Stack+m.State.Seats[1].Total != 1500 || !m.State.Seats[1].Dealt {
		t.Fatalf("hand 3, level %d: seat 1's entry %d (%+v), stack %d", m.Plus.Level, e, m.Plus.Tour.Entries, m.State.Seats[1].Stack)
	}
}
