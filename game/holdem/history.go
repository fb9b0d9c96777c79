package holdem

import (
	"strings"

	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem/eval"
)

// KeepHands is how many finished hands the state keeps for the table's
// history panel; the action log holds every hand for the export.
const KeepHands = 20

// HandSeat is one seat's part of a finished hand.
type HandSeat struct {
	Dealt bool
	Start int // chips at the start of the hand
	End   int // chips after it
	// Hole is secret: Text shows it only to its own seat, or when Shown.
	Hole  [2]cards.Card
	Shown bool
	Rank  uint16 // the hand shown, 0 when not shown
}

// HandRecord is a finished hand as its history tells it.
type HandRecord struct {
	Hand                 int
	SmallBlind, BigBlind int
	Button               int
	Seats                []HandSeat
	Board                []cards.Card
	Actions              []Record
	// Uncalled chips returned to UncalledSeat (-1 none).
	Uncalled, UncalledSeat int
	Results                []Result
}

// keepHand keeps the hand that finish just settled; start holds each seat's
// chips before the hand.
func (s *State) keepHand(start []int, uncalled, uncalledSeat int) {
	r := HandRecord{Hand: s.Hand, SmallBlind: s.Rules.SmallBlind, BigBlind: s.Rules.BigBlind,
		Button: s.Button, Board: append([]cards.Card(nil), s.Board[:s.BoardN]...),
		Actions: append([]Record(nil), s.Actions...), Results: append([]Result(nil), s.Results...),
		Uncalled: uncalled, UncalledSeat: uncalledSeat}
	tb := eval.Default()
	for i := 0; i < s.N; i++ {
		p := &s.Seats[i]
		hs := HandSeat{Dealt: p.Dealt, Start: start[i], End: p.Stack, Hole: p.Hole, Shown: p.Shown}
		if p.Shown {
			b := s.Board
			hs.Rank = uint16(tb.Eval7(p.Hole[0], p.Hole[1], b[0], b[1], b[2], b[3], b[4]))
		}
		r.Seats = append(r.Seats, hs)
	}
	// a new slice: the state before this one keeps its own
	drop := max(len(s.Past)+1-KeepHands, 0)
	past := make([]HandRecord, 0, len(s.Past)-drop+1)
	s.Past = append(append(past, s.Past[drop:]...), r)
}

// Net is what the hand won (or lost, negative) for a seat.
func (r *HandRecord) Net(seat int) int { return r.Seats[seat].End - r.Seats[seat].Start }

// HoleFor is seat's hole cards as viewer may see them: its own, or shown
// at showdown; nil otherwise (folded and mucked hands stay hidden forever).
func (r *HandRecord) HoleFor(viewer, seat int) []cards.Card {
	hs := r.Seats[seat]
	if !hs.Dealt || !(hs.Shown || seat == viewer) {
		return nil
	}
	return hs.Hole[:]
}

// Text writes the hand in the usual hand-history style for one viewer:
// the seats and their chips, the blinds, the viewer's own hole cards, the
// actions street by street, the showdown and the pots won. name gives
// each seat's name.
func (r *HandRecord) Text(viewer int, name func(int) string) string {
	var b strings.Builder
	line := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
		b.WriteByte('\n')
	}
	line("Hand #", itoa(r.Hand), ": Hold'em No Limit (", itoa(r.SmallBlind), "/", itoa(r.BigBlind), ")")
	line("Seat ", itoa(r.Button+1), " is the button")
	for i, hs := range r.Seats {
		if hs.Dealt {
			line("Seat ", itoa(i+1), ": ", name(i), " (", itoa(hs.Start), " in chips)")
		}
	}
	street := Preflop
	holeDone := false
	words := ActionWords(r.Actions)
	for i, a := range r.Actions {
		if a.Kind != Blind && !holeDone {
			r.holeCards(&b, viewer, name)
			holeDone = true
		}
		for street < a.Street {
			street++
			line("*** ", strings.ToUpper(street.String()), " *** [", faces(r.Board[:min(BoardAt(street), len(r.Board))]), "]")
		}
		line(name(a.Seat), ": ", words[i])
	}
	if !holeDone {
		r.holeCards(&b, viewer, name)
	}
	// a board run out after the last action
	for street < boardStreet(len(r.Board)) {
		street++
		line("*** ", strings.ToUpper(street.String()), " *** [", faces(r.Board[:BoardAt(street)]), "]")
	}
	if r.UncalledSeat >= 0 && r.Uncalled > 0 {
		line("Uncalled bet (", itoa(r.Uncalled), ") returned to ", name(r.UncalledSeat))
	}
	tb := eval.Default()
	shown := false
	for i, hs := range r.Seats {
		if hs.Shown {
			if !shown {
				line("*** SHOWDOWN ***")
				shown = true
			}
			line(name(i), ": shows [", faces(hs.Hole[:]), "] (", tb.Describe(eval.Rank(hs.Rank)), ")")
		}
	}
	for n, res := range r.Results {
		pot := "the pot"
		if len(r.Results) > 1 {
			pot = "the main pot"
			if n > 0 {
				pot = "side pot " + itoa(n)
			}
		}
		for _, w := range res.Winners {
			line(name(w), " collects from ", pot, " (", itoa(res.Pot.Amount), ")")
		}
	}
	line("*** SUMMARY ***")
	if len(r.Board) > 0 {
		line("Board [", faces(r.Board), "]")
	}
	for i, hs := range r.Seats {
		if !hs.Dealt {
			continue
		}
		net := r.Net(i)
		sign := ""
		if net > 0 {
			sign = "+"
		}
		line("Seat ", itoa(i+1), ": ", name(i), " ends with ", itoa(hs.End), " (", sign, itoa(net), ")")
	}
	return b.String()
}

// ActionWords says each action of a hand in words, without the seat:
// "posts the small blind 10", "calls (to 40)", "bets 60", "raises to 180".
func ActionWords(actions []Record) []string {
	out := make([]string, len(actions))
	street, blinds := Preflop, 0
	opened := false // a bet on this street so far (the blinds open preflop)
	for i, a := range actions {
		if a.Street != street {
			street, opened = a.Street, false
		}
		switch a.Kind {
		case Blind:
			out[i] = "posts the " + map[bool]string{true: "small", false: "big"}[blinds == 0] + " blind " + itoa(a.Amount)
			blinds++
			opened = true
		case Fold:
			out[i] = "folds"
		case Check:
			out[i] = "checks"
		case Call:
			out[i] = "calls (to " + itoa(a.Amount) + ")"
		case BetTo:
			out[i] = map[bool]string{false: "bets ", true: "raises to "}[opened] + itoa(a.Amount)
			opened = true
		case AllIn:
			out[i] = "goes all-in to " + itoa(a.Amount)
			opened = true
		}
	}
	return out
}

func (r *HandRecord) holeCards(b *strings.Builder, viewer int, name func(int) string) {
	b.WriteString("*** HOLE CARDS ***\n")
	if viewer >= 0 && viewer < len(r.Seats) && r.Seats[viewer].Dealt {
		b.WriteString("Dealt to " + name(viewer) + " [" + faces(r.Seats[viewer].Hole[:]) + "]\n")
	}
}

// BoardAt is how many board cards a street shows.
func BoardAt(s Street) int { return [...]int{0, 0, 3, 4, 5}[s] }

// boardStreet is the street a board of n cards has reached.
func boardStreet(n int) Street {
	switch {
	case n >= 5:
		return River
	case n == 4:
		return Turn
	case n >= 3:
		return Flop
	}
	return Preflop
}
