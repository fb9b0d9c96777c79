package holdem

// The chip arithmetic: side pots, the uncalled bet, and splitting a pot
// among winners.

import "sort"

// Pot is an amount and the seats that may win it.
type Pot struct {
	Amount   int
	Eligible []int
}

// Uncalled returns the seat whose last bet nobody matched and the excess
// it gets back: the highest contribution minus the second highest. A seat
// that is alone at the top with nothing matched takes it all back.
func Uncalled(contrib []int) (seat, amount int) {
	seat, first, second := -1, 0, 0
	for i, c := range contrib {
		switch {
		case c > first:
			seat, first, second = i, c, first
		case c > second:
			second = c
		}
	}
	if seat < 0 || first == second {
		return -1, 0
	}
	return seat, first - second
}

// uncalledOut takes out of contrib, while the hand is played, a bet that
// nobody left can call: when every other seat still in is all-in, the
// top contribution's excess over the next (Uncalled) goes back to its
// bettor when the hand ends, so it is in no pot. A bet that a seat still
// able to act may yet call stays in.
func uncalledOut(contrib []int, live, allIn []bool) {
	seat, back := Uncalled(contrib)
	if seat < 0 {
		return
	}
	for i := range contrib {
		if i != seat && live[i] && !allIn[i] {
			return
		}
	}
	contrib[seat] -= back
}

// Pots splits the hand's contributions into the main pot and side pots.
// contrib is what each seat put in this hand (after any uncalled bet was
// returned); live marks the seats still in the hand. Each all-in level of
// a live seat closes a pot that only live seats who reached it may win;
// folded seats' chips stay in the pots they reached. Pots come main pot
// first.
func Pots(contrib []int, live []bool) []Pot { return pots(contrib, live, nil) }

// LivePots are the pots while the hand is played: only an all-in caps a
// pot, since a seat that can still act may yet put in more. allIn marks
// the seats all-in.
func LivePots(contrib []int, live, allIn []bool) []Pot { return pots(contrib, live, allIn) }

// PotsWithDead is Pots (LivePots when allIn is not nil) with dead money:
// chips in the pot that count toward no seat's level (a big blind ante,
// posted for the whole table). They go to the main pot, which every seat
// still in the hand may win; it stands alone when a seat still in put in
// nothing else (a big blind all-in on its ante).
func PotsWithDead(contrib []int, live, allIn []bool, dead int) []Pot {
	ps := pots(contrib, live, allIn)
	if dead == 0 {
		return ps
	}
	main := Pot{Amount: dead}
	for i := range live {
		if live[i] {
			main.Eligible = append(main.Eligible, i)
		}
	}
	if len(ps) > 0 && sameSeats(ps[0].Eligible, main.Eligible) {
		ps[0].Amount += dead
		return ps
	}
	return append([]Pot{main}, ps...)
}

func pots(contrib []int, live, allIn []bool) []Pot {
	open := func(i int) bool { return allIn != nil && !allIn[i] } // not capped yet
	top := 0
	for _, c := range contrib {
		top = max(top, c)
	}
	var levels []int
	for i, c := range contrib {
		switch {
		case live[i] && open(i):
			levels = append(levels, top)
		case live[i] && c > 0:
			levels = append(levels, c)
		}
	}
	sort.Ints(levels)
	var pots []Pot
	prev := 0
	for _, level := range levels {
		if level == prev {
			continue
		}
		p := Pot{}
		for i, c := range contrib {
			p.Amount += max(0, min(c, level)-prev)
			if live[i] && (c >= level || open(i)) {
				p.Eligible = append(p.Eligible, i)
			}
		}
		prev = level
		if n := len(pots); n > 0 && sameSeats(pots[n-1].Eligible, p.Eligible) {
			pots[n-1].Amount += p.Amount
			continue
		}
		pots = append(pots, p)
	}
	// chips of folded seats above every live level (only possible when a
	// bet was not returned) go to the last pot
	over := 0
	for _, c := range contrib {
		over += max(0, c-prev)
	}
	if over > 0 && len(pots) > 0 {
		pots[len(pots)-1].Amount += over
	}
	return pots
}

func sameSeats(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Split divides amount among the winning seats evenly; the odd chips go
// one each to the winners nearest the button's left (button+1, button+2,
// … around the table of n seats).
func Split(amount int, winners []int, button, n int) map[int]int {
	out := make(map[int]int, len(winners))
	if len(winners) == 0 {
		return out
	}
	share, odd := amount/len(winners), amount%len(winners)
	for _, w := range winners {
		out[w] = share
	}
	for i := 1; odd > 0 && i <= n; i++ {
		seat := (button + i) % n
		if _, ok := out[seat]; ok {
			out[seat]++
			odd--
		}
	}
	return out
}
