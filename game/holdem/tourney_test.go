package holdem

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/game"
)

// The tournament's cases, worked out by hand from the rules in
// tourney.go's docs.

func places(t Tourney) []int {
	out := make([]int, len(t.Entries))
	for i, e := range t.Entries {
		out[i] = e.Place
	}
	return out
}

// busted plays a hand at a freezeout table of four (blinds 10/20): seat 3
// (aces) shoves 2000 under the gun, the button folds, the blinds call
// all-in with what they have and lose. Both are out in the same hand.
func busted(t *testing.T, sb, bb int) *HandRecord {
	r := DefaultRules
	r.Rebuy = false
	s := startWith(t, r, nil, 1000, sb, bb, 2000)
	rigRuns(t, &s, map[int][2]string{0: {"QC", "QD"}, 1: {"KS", "KH"}, 2: {"8D", "3S"}, 3: {"AS", "AH"}}, dryBoard)
	act(t, &s, 3, AllIn, 0)
	act(t, &s, 0, Fold, 0)
	act(t, &s, 1, Call, 0)
	act(t, &s, 2, Call, 0)
	if s.Street != HandOver || s.Seats[1].Stack != 0 || s.Seats[2].Stack != 0 {
		t.Fatalf("street %v, stacks %v", s.Street, stacks(&s))
	}
	return &s.Past[0]
}

// TestTwoOutInOneHand: four players left; the small blind (300 at the
// hand's start) and the big blind (500) are out in the same hand. The
// larger stack places higher: the big blind 3rd, the small blind 4th.
// With equal stacks (400 each) they share 3rd. Paying 50/30/20 of 1000,
// the shared 3rd place takes the prizes of 3rd and 4th (200 + 0) split
// evenly: 100 each.
func TestTwoOutInOneHand(t *testing.T) {
	st := Structures()["regular"]
	names := []string{"Ann", "Bob", "Cy", "Di"}
	cases := []struct {
		name   string
		sb, bb int
		want   []int
		prizes []int
	}{
		{"different stacks", 300, 500, []int{0, 4, 3, 0}, []int{0, 0, 200, 0}},
		{"equal stacks", 400, 400, []int{0, 3, 3, 0}, []int{0, 100, 100, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tour := NewTourney(st, names)
			after := tour.AfterHand(busted(t, c.sb, c.bb), 1)
			if got := places(after); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("places %v, want %v", got, c.want)
			}
			if places(tour)[1] != 0 {
				t.Fatal("AfterHand changed its receiver")
			}
			if after.Left() != 2 || after.Over() {
				t.Fatalf("left %d, over %v", after.Left(), after.Over())
			}
			if got := after.Awards(Payouts(1000, []int{50, 30, 20})); !reflect.DeepEqual(got, c.prizes) {
				t.Fatalf("prizes %v, want %v", got, c.prizes)
			}
			for i, e := range after.Entries {
				if e.Hands != 1 {
					t.Fatalf("entry %d played %d hands", i, e.Hands)
				}
			}
		})
	}
}

// record is a finished hand as far as the tournament reads it: each
// seat's chips before and after (a negative start: not dealt in).
func record(hand int, startEnd ...[2]int) *HandRecord {
	r := &HandRecord{Hand: hand}
	for _, se := range startEnd {
		r.Seats = append(r.Seats, HandSeat{Dealt: se[0] >= 0, Start: se[0], End: se[1]})
	}
	return r
}

// TestPlacesInOrder: five players. Hand 4: Eve (100 at its start) is out:
// 5th. Hand 6: Cy (200) and Di (200) are out together: they share 3rd
// (places 3 and 4). Hand 9: Bob is out: 2nd, and Ann, the last one left,
// is 1st. The standings list them by place, with hands played; paying
// 5/3/2 points of 10: Ann 5, Bob 3, Cy and Di 1 each.
func TestPlacesInOrder(t *testing.T) {
	tour := NewTourney(Structure{Stack: 1000}, []string{"Ann", "Bob", "Cy", "Di", "Eve"})
	tour = tour.AfterHand(record(4, [2]int{1000, 1100}, [2]int{1000, 1000}, [2]int{1000, 1000}, [2]int{1000, 1000}, [2]int{100, 0}), 1)
	tour = tour.AfterHand(record(6, [2]int{1100, 2500}, [2]int{1000, 1000}, [2]int{200, 0}, [2]int{200, 0}, [2]int{-1, 0}), 1)
	if got := places(tour); !reflect.DeepEqual(got, []int{0, 0, 3, 3, 5}) {
		t.Fatalf("places %v", got)
	}
	tour = tour.AfterHand(record(9, [2]int{2500, 3500}, [2]int{1000, 0}, [2]int{-1, 0}, [2]int{-1, 0}, [2]int{-1, 0}), 2)
	if got := places(tour); !reflect.DeepEqual(got, []int{1, 2, 3, 3, 5}) || !tour.Over() {
		t.Fatalf("places %v, over %v", got, tour.Over())
	}
	var lines []string
	for _, s := range tour.Standings(Payouts(10, []int{5, 3, 2})) {
		lines = append(lines, itoa(s.Place)+" "+s.Name+" "+itoa(s.Hands)+" hands "+itoa(s.Prize))
	}
	want := "1 Ann 3 hands 5|2 Bob 3 hands 3|3 Cy 2 hands 1|3 Di 2 hands 1|5 Eve 1 hands 0"
	if got := strings.Join(lines, "|"); got != want {
		t.Fatalf("standings %s\nwant      %s", got, want)
	}
}

// TestStandingsWhilePlaying: players still in come first, the most chips
// first; those out follow by place.
func TestStandingsWhilePlaying(t *testing.T) {
	tour := NewTourney(Structure{Stack: 1000}, []string{"Ann", "Bob", "Cy"})
	tour = tour.AfterHand(record(1, [2]int{1000, 700}, [2]int{1000, 0}, [2]int{1000, 2300}), 1)
	var names []string
	for _, s := range tour.Standings(nil) {
		names = append(names, s.Name+":"+itoa(s.Place))
	}
	if got := strings.Join(names, " "); got != "Cy:0 Ann:0 Bob:3" {
		t.Fatalf("standings %s", got)
	}
}

// TestPayouts: shares rounded down, the units left over one each to the
// best places; the total is always the pool.
func TestPayouts(t *testing.T) {
	cases := []struct {
		pool   int
		shares []int
		want   []int
	}{
		{1000, []int{50, 30, 20}, []int{500, 300, 200}},
		{1001, []int{50, 30, 20}, []int{501, 300, 200}}, // 500.5, 300.3, 200.2: one left over
		{999, []int{50, 30, 20}, []int{500, 300, 199}},  // 499.5, 299.7, 199.8: two left over
		{100, []int{3, 2, 1}, []int{51, 33, 16}},        // points: 50, 33.3, 16.7: one left over
		{7, []int{1, 1, 1}, []int{3, 2, 2}},             // 2.33 each
		{10, []int{0, 0}, []int{0, 0}},                  // nothing to share by
		{9000, []int{40, 25, 15, 10, 10}, []int{3600, 2250, 1350, 900, 900}},
	}
	for _, c := range cases {
		got := Payouts(c.pool, c.shares)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Payouts(%d, %v) = %v, want %v", c.pool, c.shares, got, c.want)
		}
	}
	// any pool and split sums exactly
	for pool := 0; pool < 500; pool += 7 {
		sum := 0
		for _, n := range Payouts(pool, []int{45, 27, 17, 11}) {
			sum += n
		}
		if sum != pool {
			t.Fatalf("pool %d paid %d", pool, sum)
		}
	}
}

// TestLevels: the presets' antes start at their level; the level goes by
// play time (or hands), stays at the last one past the end.
func TestLevels(t *testing.T) {
	ps := Structures()
	cases := []struct {
		preset string
		n      int
		want   Level
	}{
		{"turbo", 1, Level{10, 20, 0}},
		{"turbo", 3, Level{30, 60, 0}},
		{"turbo", 4, Level{50, 100, 100}},
		{"regular", 4, Level{25, 50, 0}},
		{"regular", 5, Level{30, 60, 60}},
		{"deep", 6, Level{40, 80, 0}},
		{"deep", 7, Level{50, 100, 100}},
		{"deep", 99, Level{10000, 20000, 20000}},
	}
	for _, c := range cases {
		if got := ps[c.preset].Level(c.n); got != c.want {
			t.Errorf("%s level %d: %v, want %v", c.preset, c.n, got, c.want)
		}
	}
	reg := ps["regular"]
	for _, c := range []struct {
		played time.Duration
		want   int
	}{{0, 1}, {9*time.Minute + 59*time.Second, 1}, {10 * time.Minute, 2}, {25 * time.Minute, 3}, {100 * time.Hour, len(reg.Levels)}} {
		if got := reg.LevelAt(c.played, 0); got != c.want {
			t.Errorf("regular after %v: level %d, want %d", c.played, got, c.want)
		}
	}
	byHands := Structure{Levels: reg.Levels, Hands: 10}
	if byHands.LevelAt(0, 9) != 1 || byHands.LevelAt(0, 10) != 2 {
		t.Error("levels by hands")
	}
}

// TestLevelChangeMidHand: regular levels of 10 minutes. A hand starts
// at 9:50 of play, level 1 (10/20); at 10:05, mid-hand, the level is 2
// (15/30) and the room sets it: the hand keeps 10/20 (the smallest raise
// is still to 40) and the next hand plays 15/30. At level 5 the big
// blind ante (60) comes with the blinds.
func TestLevelChangeMidHand(t *testing.T) {
	reg := Structures()["regular"]
	r := DefaultRules
	r.Rebuy, r.Stack = false, reg.Stack
	s, _ := New(r, 3)
	if err := s.SetLevel(reg.Level(reg.LevelAt(9*time.Minute+50*time.Second, 0))); err != nil {
		t.Fatal(err)
	}
	s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: 1})
	if err := s.SetLevel(reg.Level(reg.LevelAt(10*time.Minute+5*time.Second, 0))); err != nil {
		t.Fatal(err)
	}
	if o := Legal(&s, s.Turn); s.Rules.BigBlind != 20 || o.MinTo != 40 || o.CallAmount != 20 {
		t.Fatalf("the hand's blinds changed: %+v, options %+v", s.Rules, o)
	}
	for s.Street != HandOver {
		act(t, &s, s.Turn, Fold, 0)
	}
	s, ev, _ := Apply(s, game.System, Action{Kind: Deal, Seed: 2})
	if s.Rules.SmallBlind != 15 || s.Rules.BigBlind != 30 || ev[0].String() != "The blinds are now 15/30." {
		t.Fatalf("next hand %+v, first event %q", s.Rules, ev[0].String())
	}
	if err := s.SetLevel(reg.Level(5)); err != nil {
		t.Fatal(err)
	}
	for s.Street != HandOver {
		act(t, &s, s.Turn, Fold, 0)
	}
	s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: 3})
	if s.Rules.BigBlind != 60 || s.Seats[s.BB].Ante != 60 || !s.Rules.BigBlindAnte {
		t.Fatalf("level 5: rules %+v, big blind %+v", s.Rules, s.Seats[s.BB])
	}
	// the same level again changes nothing and says nothing
	if err := s.SetLevel(reg.Level(5)); err != nil || s.NextFormat != nil || s.NextBlinds != [2]int{} {
		t.Fatalf("the same level: %v, %v, %v", err, s.NextFormat, s.NextBlinds)
	}
	if err := s.SetLevel(Level{SmallBlind: 0, BigBlind: 10}); err == nil {
		t.Fatal("a level without a small blind")
	}
}

// TestRebuysAndAddOn: rebuys during the first 3 levels with a starting
// stack (3000) or less, at most 2; the add-on (3000) once, in level 3;
// registration through level 4. A player out during the rebuy levels is
// not placed while it may rebuy; it rebuys and plays on. One out and not
// rebuying is placed once the rebuy levels are over.
func TestRebuysAndAddOn(t *testing.T) {
	st := Structure{Stack: 3000, RebuyLevels: 3, MaxRebuys: 2, AddOn: 3000, LateLevels: 4}
	for _, c := range []struct {
		name string
		got  bool
		want bool
	}{
		{"register in level 4", st.MayRegister(4), true},
		{"register in level 5", st.MayRegister(5), false},
		{"rebuy with 3000", st.MayRebuy(3, 3000, 0), true},
		{"rebuy with 3001", st.MayRebuy(3, 3001, 0), false},
		{"rebuy in level 4", st.MayRebuy(4, 0, 0), false},
		{"third rebuy", st.MayRebuy(2, 0, 2), false},
		{"add-on in level 3", st.MayAddOn(3, false), true},
		{"add-on in level 2", st.MayAddOn(2, false), false},
		{"second add-on", st.MayAddOn(3, true), false},
		{"add-on in level 4", st.MayAddOn(4, false), false},
		{"a freezeout's add-on", Structure{AddOn: 3000}.MayAddOn(0, false), false},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v", c.name, c.got)
		}
	}
	tour := NewTourney(st, []string{"Ann", "Bob", "Cy"})
	tour = tour.AfterHand(record(2, [2]int{3000, 6000}, [2]int{3000, 0}, [2]int{3000, 3000}), 1)
	if tour.Entries[1].Place != 0 || tour.Entries[1].OutHand != 2 {
		t.Fatalf("out in a rebuy level: %+v", tour.Entries[1])
	}
	tour, err := tour.Rebuy(1, 1)
	if err != nil || tour.Entries[1].Chips != 3000 || tour.Entries[1].Rebuys != 1 || tour.Entries[1].OutHand != 0 {
		t.Fatalf("rebuy: %v %+v", err, tour.Entries[1])
	}
	if _, err := tour.Rebuy(0, 1); err == nil {
		t.Fatal("a rebuy with 6000")
	}
	// a freezeout says so, not "the first 0 levels"
	freeze := NewTourney(Structure{Stack: 3000}, []string{"Ann", "Bob"})
	var ge *game.Error
	if _, err := freeze.Rebuy(0, 1); !errors.As(err, &ge) || ge.Msg.Key != "error.holdem.no_rebuys" {
		t.Fatalf("a freezeout's rebuy: %v", err)
	}
	tour, err = tour.TakeAddOn(0, 3)
	if err != nil || tour.Entries[0].Chips != 9000 || !tour.Entries[0].AddOn {
		t.Fatalf("add-on: %v %+v", err, tour.Entries[0])
	}
	if _, err := tour.TakeAddOn(0, 3); err == nil {
		t.Fatal("a second add-on")
	}
	tour, err = tour.Register("Di", 3, 4)
	if err != nil || tour.Entries[3].Chips != 3000 {
		t.Fatalf("late registration: %v", err)
	}
	if _, err := tour.Register("Eve", 4, 5); err == nil {
		t.Fatal("registration after level 4")
	}
	if _, err := tour.Register("Eve", 3, 4); err == nil {
		t.Fatal("two players at seat 3")
	}
	// Cy is out in level 3 and does not rebuy: placed when level 4 starts
	tour = tour.AfterHand(record(7, [2]int{9000, 12000}, [2]int{3000, 3000}, [2]int{3000, 0}, [2]int{3000, 3000}), 3)
	if tour.Entries[2].Place != 0 {
		t.Fatalf("placed while it may rebuy: %+v", tour.Entries[2])
	}
	if got := places(tour.Settle(4)); !reflect.DeepEqual(got, []int{0, 0, 4, 0}) {
		t.Fatalf("places %v", got)
	}
}

// TestHistoryNamesLevelAndBuys: a turbo sit-and-go's hands name their
// level in their history, and the chips bought since the hand before.
// Worked by hand, three seats of 1500: hand 1 is level 1 (10/20, no
// ante). Between hands P1 rebuys (1500) and P2 takes the add-on (1500);
// hand 2 is set to level 4 (50/100, big blind ante 100): its history reads
// "Level 4: blinds 50/100, ante 100", then P1's rebuy and P2's add-on,
// before the button. Hand 3, with nothing bought, notes none; a cash
// table's history names no level.
func TestHistoryNamesLevelAndBuys(t *testing.T) {
	turbo := Structures()["turbo"]
	r := DefaultRules
	r.Rebuy, r.Stack = false, turbo.Stack
	s, _ := New(r, 3)
	if err := s.SetLevel(turbo.Level(1)); err != nil {
		t.Fatal(err)
	}
	s.NameLevel(1)
	s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: 1})
	for s.Street != HandOver {
		act(t, &s, s.Turn, Fold, 0)
	}
	h1 := s.Past[0].Text(-1, seatName)
	if !strings.Contains(h1, "Level 1: blinds 10/20\n") || strings.Contains(h1, "rebuys") {
		t.Fatalf("hand 1:\n%s", h1)
	}
	if err := s.AddChips(1, 1500, "rebuy"); err != nil {
		t.Fatal(err)
	}
	if err := s.AddChips(2, 1500, "add-on"); err != nil {
		t.Fatal(err)
	}
	l4 := turbo.Level(4)
	if l4 != (Level{SmallBlind: 50, BigBlind: 100, Ante: 100}) {
		t.Fatalf("turbo level 4 is %+v", l4)
	}
	if err := s.SetLevel(l4); err != nil {
		t.Fatal(err)
	}
	s.NameLevel(4)
	if s.Level != 1 {
		t.Fatal("the level changed before the deal")
	}
	s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: 2})
	for s.Street != HandOver {
		act(t, &s, s.Turn, Fold, 0)
	}
	h2 := s.Past[1].Text(-1, seatName)
	want := "Hand #2: Hold'em No Limit (50/100) - big blind ante 100\nLevel 4: blinds 50/100, ante 100\nP1: rebuys for 1500\nP2: takes the add-on (1500)\nSeat "
	if !strings.HasPrefix(h2, want) {
		t.Fatalf("hand 2:\n%s\nwant it to begin:\n%s", h2, want)
	}
	s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: 3})
	for s.Street != HandOver {
		act(t, &s, s.Turn, Fold, 0)
	}
	if h3 := s.Past[2].Text(-1, seatName); !strings.Contains(h3, "Level 4: blinds 50/100, ante 100\nSeat ") {
		t.Fatalf("hand 3:\n%s", h3)
	}
	cash := startWith(t, DefaultRules, nil, 1000, 1000)
	for cash.Street != HandOver {
		act(t, &cash, cash.Turn, Fold, 0)
	}
	if h := cash.Past[0].Text(-1, seatName); strings.Contains(h, "Level") {
		t.Fatalf("a cash hand:\n%s", h)
	}
}

// TestLateEntryPlaces: three players, Ann, Bob and Cy (seats 0-2). Hand 2:
// Cy is out: of three, 3rd. Di registers at Cy's seat: the field is four,
// and Cy, below everyone still in, is 4th. Hand 5: Di is out, with Ann
// and Bob still in: 3rd. Hand 7: Bob is out: 2nd, and Ann is 1st. Places
// A 1, B 2, D 3, C 4: each once, 1 to 4.
func TestLateEntryPlaces(t *testing.T) {
	tour := NewTourney(Structure{Stack: 1000, LateLevels: 3}, []string{"Ann", "Bob", "Cy"})
	tour = tour.AfterHand(record(2, [2]int{1000, 2000}, [2]int{1000, 1000}, [2]int{1000, 0}), 1)
	if got := places(tour); !reflect.DeepEqual(got, []int{0, 0, 3}) {
		t.Fatalf("after Cy is out: places %v", got)
	}
	tour, err := tour.Register("Di", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := places(tour); !reflect.DeepEqual(got, []int{0, 0, 4, 0}) {
		t.Fatalf("after Di registers: places %v", got)
	}
	tour = tour.AfterHand(record(5, [2]int{2000, 3000}, [2]int{1000, 1000}, [2]int{1000, 0}), 2)
	if got := places(tour); !reflect.DeepEqual(got, []int{0, 0, 4, 3}) {
		t.Fatalf("after Di is out: places %v", got)
	}
	tour = tour.AfterHand(record(7, [2]int{3000, 4000}, [2]int{1000, 0}, [2]int{-1, 0}), 2)
	if got := places(tour); !reflect.DeepEqual(got, []int{1, 2, 4, 3}) || !tour.Over() {
		t.Fatalf("at the end: places %v (Ann, Bob, Cy, Di), want [1 2 4 3]", got)
	}
	// paying 50/30/20 of 100: Ann 50, Bob 30, Di 20, Cy nothing
	if got := tour.Awards(Payouts(100, []int{50, 30, 20})); !reflect.DeepEqual(got, []int{50, 30, 0, 20}) {
		t.Fatalf("awards %v", got)
	}
}
