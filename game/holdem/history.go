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
	Rank  uint16 // the hand shown, 0 when not shown (or shown before the flop)
	// Rank2: the hand shown, on the second board of a run twice.
	Rank2 uint16 `json:",omitempty"`
	// Mucked at showdown: Text shows the cards to their own seat only.
	Mucked bool `json:",omitempty"`
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
	// The format: the ante (BigBlindAnte: posted by the big blind for
	// the table), a bomb pot's ante, and the second board of a hand run
	// twice.
	Ante         int          `json:",omitempty"`
	BigBlindAnte bool         `json:",omitempty"`
	Bomb         int          `json:",omitempty"`
	Board2       []cards.Card `json:",omitempty"`
	// Uncontested: the hand ended with one player in, no showdown (a
	// hand shown then was shown by its winner's choice).
	Uncontested bool `json:",omitempty"`
	// A tournament's: the hand's level, and the chips bought since the
	// hand before (rebuys, add-ons, late entries).
	Level int   `json:",omitempty"`
	Buys  []Buy `json:",omitempty"`
}

// keepHand keeps the hand that finish just settled; start holds each seat's
// chips before the hand.
func (s *State) keepHand(start []int, uncalled, uncalledSeat int, uncontested bool) {
	r := HandRecord{Hand: s.Hand, SmallBlind: s.Rules.SmallBlind, BigBlind: s.Rules.BigBlind,
		Button: s.Button, Board: append([]cards.Card(nil), s.Board[:s.BoardN]...),
		Actions: append([]Record(nil), s.Actions...), Results: append([]Result(nil), s.Results...),
		Uncalled: uncalled, UncalledSeat: uncalledSeat, Bomb: s.Bomb, Uncontested: uncontested,
		Board2: append([]cards.Card(nil), s.Board2...), Level: s.Level}
	if len(s.HandBuys) > 0 {
		r.Buys = append([]Buy(nil), s.HandBuys...)
	}
	if s.Bomb == 0 {
		r.Ante, r.BigBlindAnte = s.Rules.Ante, s.Rules.BigBlindAnte && s.Rules.Ante > 0
	}
	if len(r.Board2) == 0 {
		r.Board2 = nil
	}
	for i := 0; i < s.N; i++ {
		p := &s.Seats[i]
		hs := HandSeat{Dealt: p.Dealt, Start: start[i], End: p.Stack, Hole: p.Hole, Shown: p.Shown, Mucked: p.Mucked}
		if p.Shown {
			hs.Rank = rankOn(p.Hole, r.Board)
			if r.Board2 != nil {
				hs.Rank2 = rankOn(p.Hole, r.Board2)
			}
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
// the seats and their chips, the blinds (and the ante or bomb pot), the
// viewer's own hole cards, the actions street by street, the board (both
// runs of a hand run twice), the showdown, the pots won and the hands
// shown by an uncontested winner. A mucked hand is named only to its own
// seat. name gives each seat's name.
func (r *HandRecord) Text(viewer int, name func(int) string) string {
	var b strings.Builder
	line := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
		b.WriteByte('\n')
	}
	line("Hand #", itoa(r.Hand), ": Hold'em No Limit (", itoa(r.SmallBlind), "/", itoa(r.BigBlind), ")", r.formatWords())
	if r.Level > 0 {
		// a tournament's level, then the chips bought before the hand
		l := "Level " + itoa(r.Level) + ": blinds " + itoa(r.SmallBlind) + "/" + itoa(r.BigBlind)
		if r.Ante > 0 {
			l += ", ante " + itoa(r.Ante)
		}
		line(l)
	}
	for _, by := range r.Buys {
		switch by.What {
		case "rebuy":
			line(name(by.Seat), ": rebuys for ", itoa(by.Chips))
		case "add-on":
			line(name(by.Seat), ": takes the add-on (", itoa(by.Chips), ")")
		default:
			line(name(by.Seat), ": enters (late registration) with ", itoa(by.Chips))
		}
	}
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
		if !forced(a.Kind) && !holeDone {
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
	// a board run out after the last action (twice: the streets the runs
	// share, then each run's)
	runs := [][]cards.Card{r.Board}
	shared := boardStreet(len(r.Board))
	if r.Board2 != nil {
		runs = append(runs, r.Board2)
		n := 0
		for n < len(r.Board) && r.Board[n] == r.Board2[n] {
			n++
		}
		shared = boardStreet(n)
	}
	for street < shared {
		street++
		line("*** ", strings.ToUpper(street.String()), " *** [", faces(r.Board[:BoardAt(street)]), "]")
	}
	for run, board := range runs {
		prefix := ""
		if len(runs) > 1 {
			prefix = strings.ToUpper(runWords[run]) + " "
		}
		for st := street + 1; st <= boardStreet(len(board)); st++ {
			line("*** ", prefix, strings.ToUpper(st.String()), " *** [", faces(board[:BoardAt(st)]), "]")
		}
	}
	if r.UncalledSeat >= 0 && r.Uncalled > 0 {
		line("Uncalled bet (", itoa(r.Uncalled), ") returned to ", name(r.UncalledSeat))
	}
	showdown := false
	for i, hs := range r.Seats {
		if !hs.Shown && !hs.Mucked || r.Uncontested {
			continue
		}
		if !showdown {
			line("*** SHOWDOWN ***")
			showdown = true
		}
		line(name(i), ": ", r.showWords(i, viewer))
	}
	perRun := len(runs)
	for n, res := range r.Results {
		pot := potName(n/perRun, len(r.Results)/perRun)
		if perRun > 1 {
			pot += ", " + runWords[res.Run] + " run"
		}
		for _, w := range res.Winners {
			line(name(w), " collects from ", pot, " (", itoa(res.Pot.Amount), ")")
		}
	}
	for i, hs := range r.Seats {
		if hs.Shown && r.Uncontested {
			line(name(i), ": ", r.showWords(i, viewer))
		}
	}
	line("*** SUMMARY ***")
	for run, board := range runs {
		switch {
		case len(board) == 0:
		case len(runs) > 1:
			line(strings.ToUpper(runWords[run][:1]), runWords[run][1:], " board [", faces(board), "]")
		default:
			line("Board [", faces(board), "]")
		}
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

var runWords = [...]string{"first", "second"}

// formatWords name the hand's ante or bomb pot after its blinds; nothing
// for an ordinary hand.
func (r *HandRecord) formatWords() string {
	switch {
	case r.Bomb > 0:
		return " - bomb pot, ante " + itoa(r.Bomb)
	case r.BigBlindAnte:
		return " - big blind ante " + itoa(r.Ante)
	case r.Ante > 0:
		return " - ante " + itoa(r.Ante)
	}
	return ""
}

// showWords say how seat's hand ended at showdown for viewer: shown with
// its hand on each board, or mucked (its cards only to its own seat).
func (r *HandRecord) showWords(seat, viewer int) string {
	hs := r.Seats[seat]
	if hs.Mucked {
		if seat == viewer {
			return "mucks [" + faces(hs.Hole[:]) + "]"
		}
		return "mucks hand"
	}
	words := "shows [" + faces(hs.Hole[:]) + "]"
	tb := eval.Default()
	switch {
	case hs.Rank == 0:
	case r.Board2 != nil:
		words += " (" + tb.Describe(eval.Rank(hs.Rank)) + "; second board: " + tb.Describe(eval.Rank(hs.Rank2)) + ")"
	default:
		words += " (" + tb.Describe(eval.Rank(hs.Rank)) + ")"
	}
	return words
}

// forced reports a bet posted before the cards: an ante, a blind, a
// straddle.
func forced(k Kind) bool { return k == Blind || k == Ante || k == Straddle }

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
			blind := map[bool]string{true: "small", false: "big"}[blinds == 0] + " blind"
			out[i] = "posts the " + blind + " " + itoa(a.Amount)
			if a.Amount == 0 {
				out[i] = "has no chips left for the " + blind
			}
			blinds++
			opened = true
		case Ante:
			out[i] = "posts the ante " + itoa(a.Amount)
		case Straddle:
			out[i] = "straddles " + itoa(a.Amount)
		case RunTwice:
			out[i] = "agrees to run it twice"
		case RunOnce:
			out[i] = "declines to run it twice"
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
