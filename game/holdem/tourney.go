package holdem

// A tournament's pure rules: blind structures, the level of a hand, late
// registration, rebuys and the add-on, placing the players who run out
// of chips, standings and payouts. No clock: times and hand counts come
// in as arguments, and the room keeps them.

import (
	"slices"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
)

// Level is one blind level: the blinds and the big blind ante (0: none).
type Level struct {
	SmallBlind, BigBlind, Ante int
}

// Structure is a tournament's blind structure and its rules of entry.
type Structure struct {
	Name   string
	Stack  int // starting chips, and a rebuy's
	Levels []Level
	// A level lasts Minutes of play, or Hands hands when Minutes is 0.
	Minutes, Hands int
	// LateLevels: registration stays open through this level.
	LateLevels int
	// RebuyLevels: rebuys are allowed during the first RebuyLevels levels
	// (0: a freezeout), at most MaxRebuys each (0: no limit); AddOn, when
	// positive, is the chips of the one add-on each player may take in
	// the last of those levels.
	RebuyLevels, MaxRebuys, AddOn int
}

// blindSteps are the usual blinds, small/big, from 10/20 up.
var blindSteps = [][2]int{{10, 20}, {15, 30}, {20, 40}, {25, 50}, {30, 60}, {40, 80}, {50, 100}, {60, 120}, {75, 150},
	{100, 200}, {125, 250}, {150, 300}, {200, 400}, {250, 500}, {300, 600}, {400, 800}, {500, 1000}, {600, 1200},
	{800, 1600}, {1000, 2000}, {1250, 2500}, {1500, 3000}, {2000, 4000}, {2500, 5000}, {3000, 6000}, {4000, 8000},
	{5000, 10000}, {6000, 12000}, {8000, 16000}, {10000, 20000}}

// levels builds a structure's levels from the steps given (indexes into
// blindSteps): the big blind ante, equal to the big blind, from level
// anteFrom on (1-based).
func levels(steps []int, anteFrom int) []Level {
	out := make([]Level, len(steps))
	for i, st := range steps {
		b := blindSteps[st]
		out[i] = Level{SmallBlind: b[0], BigBlind: b[1]}
		if i+1 >= anteFrom {
			out[i].Ante = b[1]
		}
	}
	return out
}

// Structures are the preset blind structures, all with a big blind ante
// equal to the big blind from a preset level, as freezeouts (set
// RebuyLevels for rebuys):
//   - turbo: 1,500 chips, 5-minute levels climbing two steps at a time
//     (10/20, 20/40, 30/60, 50/100 …), antes from level 4, registration
//     through level 3;
//   - regular: 3,000 chips, 10-minute levels through every step, antes
//     from level 5 (30/60), registration through level 6;
//   - deep: 5,000 chips, 15-minute levels through every step, antes from
//     level 7 (50/100), registration through level 8.
func Structures() map[string]Structure {
	var every, turbo []int
	for i := range blindSteps {
		every = append(every, i)
	}
	turbo = []int{0, 2, 4, 6, 8, 9, 11, 12, 14, 15, 17, 19, 21, 23, 25, 27, 29}
	return map[string]Structure{
		"turbo":   {Name: "turbo", Stack: 1500, Levels: levels(turbo, 4), Minutes: 5, LateLevels: 3},
		"regular": {Name: "regular", Stack: 3000, Levels: levels(every, 5), Minutes: 10, LateLevels: 6},
		"deep":    {Name: "deep", Stack: 5000, Levels: levels(every, 7), Minutes: 15, LateLevels: 8},
	}
}

// LevelAt is the level (1-based) after the given play time, or after the
// given number of hands when levels go by hands. Levels change between
// hands only: the room asks at each deal, and the hand plays at that
// level to its end. Past the last level, the last one.
func (st Structure) LevelAt(played time.Duration, hands int) int {
	n := 0
	switch {
	case st.Minutes > 0:
		n = int(played / (time.Duration(st.Minutes) * time.Minute))
	case st.Hands > 0:
		n = hands / st.Hands
	}
	return min(n+1, max(len(st.Levels), 1))
}

// Level is level n's blinds and ante (n from 1; past the last, the last).
func (st Structure) Level(n int) Level {
	if len(st.Levels) == 0 {
		return Level{}
	}
	return st.Levels[min(max(n, 1), len(st.Levels))-1]
}

// MayRegister: registration is open through level LateLevels (always at
// the start).
func (st Structure) MayRegister(level int) bool { return level <= max(st.LateLevels, 1) }

// MayRebuy: a player may rebuy during the rebuy levels when its chips are
// at most a starting stack (busted or not), up to MaxRebuys.
func (st Structure) MayRebuy(level, chips, rebuys int) bool {
	return level <= st.RebuyLevels && chips <= st.Stack && (st.MaxRebuys == 0 || rebuys < st.MaxRebuys)
}

// MayAddOn: the one add-on is taken at the end of the rebuy period,
// between hands of its last level, whatever the player's chips.
func (st Structure) MayAddOn(level int, taken bool) bool {
	return st.AddOn > 0 && st.RebuyLevels > 0 && level == st.RebuyLevels && !taken
}

// SetLevel sets a tournament level's blinds and big blind ante from the
// next hand on; the hand under way keeps its own. The room calls it
// before each deal with the level LevelAt gives then. A level the same as
// the table's changes nothing (and says nothing).
func (s *State) SetLevel(l Level) error {
	if l.SmallBlind <= 0 || l.BigBlind < l.SmallBlind || l.Ante < 0 {
		return game.Err(CodeNotAllowed, "error.holdem.level_needs_blinds_big")
	}
	s.NextBlinds = [2]int{}
	if l.SmallBlind != s.Rules.SmallBlind || l.BigBlind != s.Rules.BigBlind {
		s.NextBlinds = [2]int{l.SmallBlind, l.BigBlind}
	}
	f := s.Rules.Format
	if s.NextFormat != nil {
		f = *s.NextFormat
	}
	f.Ante, f.BigBlindAnte = l.Ante, l.Ante > 0
	s.NextFormat = nil
	if f != s.Rules.Format {
		s.NextFormat = &f
	}
	return nil
}

// Entry is one player of a tournament.
type Entry struct {
	Name  string
	Seat  int // the table seat
	Chips int
	Hands int // hands dealt in
	// Rebuys taken, and whether the add-on was.
	Rebuys int
	AddOn  bool
	// Place: the finishing place (1 the winner), 0 while still playing.
	Place int
	// OutHand: the hand it ran out of chips in (0: it has chips), and
	// OutStart its chips at that hand's start: they decide its place.
	OutHand, OutStart int
}

// Tourney is a tournament's players as its hands finish. It is a value:
// each method returns a new one and leaves its receiver as it was.
type Tourney struct {
	Structure Structure
	Entries   []Entry
}

// NewTourney enters the players, the first at seat 0, each with a
// starting stack.
func NewTourney(st Structure, names []string) Tourney {
	t := Tourney{Structure: st}
	for i, n := range names {
		t.Entries = append(t.Entries, Entry{Name: n, Seat: i, Chips: st.Stack})
	}
	return t
}

func (t Tourney) with(change func(es []Entry)) Tourney {
	t.Entries = slices.Clone(t.Entries)
	change(t.Entries)
	return t
}

// Register enters a late player at seat while registration is open. The
// field grows by one: the players already placed each move one place
// down (the newcomer is still in, so it finishes above them).
func (t Tourney) Register(name string, seat, level int) (Tourney, error) {
	if !t.Structure.MayRegister(level) {
		return t, game.Err(CodeNotAllowed, "error.holdem.registration_closed", i18n.N("Level", max(t.Structure.LateLevels, 1)))
	}
	if slices.ContainsFunc(t.Entries, func(e Entry) bool { return e.Seat == seat && e.Place == 0 }) {
		return t, game.Err(CodeNotAllowed, "error.holdem.seat_taken")
	}
	// the newcomer will finish above everyone already out: each of them
	// moves one place down, so the places stay 1 … the field's size
	t = t.with(func(es []Entry) {
		for i := range es {
			if es[i].Place > 0 {
				es[i].Place++
			}
		}
	})
	t.Entries = append(t.Entries, Entry{Name: name, Seat: seat, Chips: t.Structure.Stack})
	return t, nil
}

// Rebuy buys entry a starting stack again (the room adds the chips to its
// seat with State.AddChips).
func (t Tourney) Rebuy(entry, level int) (Tourney, error) {
	if entry < 0 || entry >= len(t.Entries) || t.Entries[entry].Place > 0 {
		return t, game.Err(CodeNotAllowed, "error.holdem.not_player_still")
	}
	e := t.Entries[entry]
	switch {
	case t.Structure.RebuyLevels == 0:
		return t, game.Err(CodeNotAllowed, "error.holdem.no_rebuys")
	case !t.Structure.MayRebuy(level, e.Chips, e.Rebuys):
		return t, game.Err(CodeNotAllowed, "error.holdem.no_rebuy_now", i18n.Count(t.Structure.RebuyLevels))
	}
	return t.with(func(es []Entry) {
		es[entry].Chips += t.Structure.Stack
		es[entry].Rebuys++
		es[entry].OutHand, es[entry].OutStart = 0, 0
	}), nil
}

// TakeAddOn gives entry the add-on's chips (the room adds them to its
// seat with State.AddChips).
func (t Tourney) TakeAddOn(entry, level int) (Tourney, error) {
	if entry < 0 || entry >= len(t.Entries) || t.Entries[entry].Place > 0 {
		return t, game.Err(CodeNotAllowed, "error.holdem.not_player_still")
	}
	if !t.Structure.MayAddOn(level, t.Entries[entry].AddOn) {
		return t, game.Err(CodeNotAllowed, "error.holdem.addon_once")
	}
	return t.with(func(es []Entry) {
		es[entry].Chips += t.Structure.AddOn
		es[entry].AddOn = true
		es[entry].OutHand, es[entry].OutStart = 0, 0
	}), nil
}

// AfterHand counts a finished hand: each player dealt in played a hand
// and has its chips after it; a player it left with no chips is out. At
// level (the level now) the players out are placed, unless they may
// still rebuy (Settle).
func (t Tourney) AfterHand(r *HandRecord, level int) Tourney {
	return t.with(func(es []Entry) {
		for i := range es {
			e := &es[i]
			if e.Place > 0 || e.Seat < 0 || e.Seat >= len(r.Seats) || !r.Seats[e.Seat].Dealt {
				continue
			}
			hs := r.Seats[e.Seat]
			e.Hands++
			e.Chips = hs.End
			if hs.End == 0 {
				e.OutHand, e.OutStart = r.Hand, hs.Start
			}
		}
	}).Settle(level)
}

// Settle places the players out of chips, once they may no longer rebuy
// (after the rebuy levels; at once in a freezeout). They finish below
// everyone still playing: out in a later hand places higher; out in the
// same hand, the larger stack at that hand's start places higher, and
// equal stacks share the higher place. The last player left is first.
func (t Tourney) Settle(level int) Tourney {
	if level <= t.Structure.RebuyLevels {
		return t
	}
	return t.with(func(es []Entry) {
		var out []int
		left := 0
		for i, e := range es {
			switch {
			case e.Place > 0:
			case e.OutHand > 0:
				out = append(out, i)
				left++
			default:
				left++
			}
		}
		// the worst first: out earlier, then the smaller stack
		slices.SortStableFunc(out, func(a, b int) int {
			if es[a].OutHand != es[b].OutHand {
				return es[a].OutHand - es[b].OutHand
			}
			return es[a].OutStart - es[b].OutStart
		})
		place := left // the place the next one out (the worst) takes
		for k := 0; k < len(out); {
			// a group out in the same hand with the same stack shares the
			// best of the places it covers
			g := k
			for g < len(out) && es[out[g]].OutHand == es[out[k]].OutHand && es[out[g]].OutStart == es[out[k]].OutStart {
				g++
			}
			for _, i := range out[k:g] {
				es[i].Place = place - (g - k) + 1
			}
			place -= g - k
			k = g
		}
		if place == 1 {
			for i := range es {
				if es[i].Place == 0 {
					es[i].Place = 1
				}
			}
		}
	})
}

// Left is how many players are not placed yet.
func (t Tourney) Left() int {
	n := 0
	for _, e := range t.Entries {
		if e.Place == 0 {
			n++
		}
	}
	return n
}

// Over reports that the tournament has its winner.
func (t Tourney) Over() bool {
	return slices.ContainsFunc(t.Entries, func(e Entry) bool { return e.Place == 1 })
}

// NearMoney reports that paid places are about to be reached: no more
// than two players beyond them are left (for State.SetBubble).
func (t Tourney) NearMoney(paid int) bool {
	left := t.Left()
	return left > paid && left <= paid+2
}

// Standing is one line of the standings.
type Standing struct {
	Place  int // 0 while still playing
	Name   string
	Seat   int
	Chips  int
	Hands  int
	Rebuys int
	AddOn  bool
	Prize  int
}

// Standings are the players still in, by chips (the most first; equal,
// by seat), then those placed, by place; prizes gives each place's prize
// (Payouts; nil for none), tied places sharing theirs (Awards).
func (t Tourney) Standings(prizes []int) []Standing {
	awards := t.Awards(prizes)
	out := make([]Standing, len(t.Entries))
	for i, e := range t.Entries {
		out[i] = Standing{Place: e.Place, Name: e.Name, Seat: e.Seat, Chips: e.Chips, Hands: e.Hands, Rebuys: e.Rebuys, AddOn: e.AddOn, Prize: awards[i]}
	}
	// players still in rank as place 0, the best
	slices.SortStableFunc(out, func(a, b Standing) int {
		switch {
		case a.Place != b.Place:
			return cmpPlace(a.Place) - cmpPlace(b.Place)
		case a.Chips != b.Chips:
			return b.Chips - a.Chips
		}
		return a.Seat - b.Seat
	})
	return out
}

// cmpPlace orders places with 0, still playing, first.
func cmpPlace(p int) int {
	if p == 0 {
		return -1
	}
	return p
}

// Payouts splits pool (chips or points) among the paid places by shares
// (percentages such as 50, 30, 20, or any weights), in whole units that
// add up to pool exactly: each place gets its share rounded down, and the
// units left over go one each to the best places, first place first.
func Payouts(pool int, shares []int) []int {
	total := 0
	for _, s := range shares {
		total += max(s, 0)
	}
	out := make([]int, len(shares))
	if total == 0 || pool <= 0 {
		return out
	}
	left := pool
	for i, s := range shares {
		out[i] = pool * max(s, 0) / total
		left -= out[i]
	}
	for i := 0; left > 0; i = (i + 1) % len(out) {
		if shares[i] > 0 {
			out[i]++
			left--
		}
	}
	return out
}

// Awards is each entry's prize, by the prizes of the places (prizes[0]
// first place's): players sharing a place share the prizes of the places
// they cover evenly, the odd units one each to them in entry order.
func (t Tourney) Awards(prizes []int) []int {
	out := make([]int, len(t.Entries))
	tied := map[int][]int{} // place → entries
	for i, e := range t.Entries {
		if e.Place > 0 {
			tied[e.Place] = append(tied[e.Place], i)
		}
	}
	for place, es := range tied {
		sum := 0
		for p := place; p < place+len(es); p++ {
			if p-1 < len(prizes) {
				sum += prizes[p-1]
			}
		}
		for k, i := range es {
			out[i] = sum / len(es)
			if k < sum%len(es) {
				out[i]++
			}
		}
	}
	return out
}
