package holdem

import (
	"strings"

	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem/eval"
	"github.com/tablegames/tables/i18n"
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
	// AllIn: the seat put all its chips in during the hand.
	AllIn bool `json:",omitempty"`
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
		hs := HandSeat{Dealt: p.Dealt, Start: start[i], End: p.Stack, Hole: p.Hole, Shown: p.Shown, Mucked: p.Mucked, AllIn: p.AllIn}
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

// Text writes the hand in the usual hand-history style for one viewer,
// in English (TextIn).
func (r *HandRecord) Text(viewer int, name func(int) string) string {
	return r.TextIn(i18n.English(), viewer, name)
}

// TextIn writes the hand in the usual hand-history style for one viewer,
// in l (keys holdem.history.*): the seats and their chips, the blinds
// (and the ante or bomb pot), the viewer's own hole cards, the actions
// street by street, the board (both runs of a hand run twice), the
// showdown, the pots won and the hands shown by an uncontested winner. A
// mucked hand is named only to its own seat. name gives each seat's name.
func (r *HandRecord) TextIn(l *i18n.Lang, viewer int, name func(int) string) string {
	var b strings.Builder
	line := func(key string, args ...i18n.Arg) {
		b.WriteString(l.F(key, args...))
		b.WriteByte('\n')
	}
	who := func(seat int) i18n.Arg { return i18n.S("Name", name(seat)) }
	chips := func(n int) i18n.Arg { return i18n.N("Chips", n) }
	cardsArg := func(cs []cards.Card) i18n.Arg { return facesArg("Cards", cs) }
	blinds := []i18n.Arg{i18n.N("Hand", r.Hand), i18n.N("Small", r.SmallBlind), i18n.N("Big", r.BigBlind)}
	switch {
	case r.Bomb > 0:
		line("holdem.history.header_bomb", append(blinds, i18n.N("Ante", r.Bomb))...)
	case r.BigBlindAnte:
		line("holdem.history.header_bb_ante", append(blinds, i18n.N("Ante", r.Ante))...)
	case r.Ante > 0:
		line("holdem.history.header_ante", append(blinds, i18n.N("Ante", r.Ante))...)
	default:
		line("holdem.history.header", blinds...)
	}
	if r.Level > 0 {
		// a tournament's level, then the chips bought before the hand
		if r.Ante > 0 {
			line("holdem.history.level_ante", i18n.N("Level", r.Level), i18n.N("Small", r.SmallBlind), i18n.N("Big", r.BigBlind), i18n.N("Ante", r.Ante))
		} else {
			line("holdem.history.level", i18n.N("Level", r.Level), i18n.N("Small", r.SmallBlind), i18n.N("Big", r.BigBlind))
		}
	}
	for _, by := range r.Buys {
		switch by.What {
		case "rebuy":
			line("holdem.history.rebuys", who(by.Seat), chips(by.Chips))
		case "add-on":
			line("holdem.history.addon", who(by.Seat), chips(by.Chips))
		default:
			line("holdem.history.enters", who(by.Seat), chips(by.Chips))
		}
	}
	line("holdem.history.button", i18n.N("Seat", r.Button+1))
	for i, hs := range r.Seats {
		if hs.Dealt {
			line("holdem.history.seat", i18n.N("Seat", i+1), who(i), chips(hs.Start))
		}
	}
	streetLine := func(key string, cs []cards.Card) {
		line("holdem.history.street", i18n.K("Street", key), cardsArg(cs))
	}
	street := Preflop
	holeDone := false
	msgs := ActionMsgs(r.Actions)
	for i, a := range r.Actions {
		if !forced(a.Kind) && !holeDone {
			r.holeCards(&b, l, viewer, name)
			holeDone = true
		}
		for street < a.Street {
			street++
			streetLine(historyStreets[0][street], r.Board[:min(BoardAt(street), len(r.Board))])
		}
		line("holdem.history.does", who(a.Seat), i18n.Nest("What", msgs[i]))
	}
	if !holeDone {
		r.holeCards(&b, l, viewer, name)
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
		streetLine(historyStreets[0][street], r.Board[:BoardAt(street)])
	}
	for run, board := range runs {
		names := historyStreets[0]
		if len(runs) > 1 {
			names = historyStreets[1+run]
		}
		for st := street + 1; st <= boardStreet(len(board)); st++ {
			streetLine(names[st], board[:BoardAt(st)])
		}
	}
	if r.UncalledSeat >= 0 && r.Uncalled > 0 {
		line("holdem.history.uncalled", chips(r.Uncalled), who(r.UncalledSeat))
	}
	showdown := false
	for i, hs := range r.Seats {
		if !hs.Shown && !hs.Mucked || r.Uncontested {
			continue
		}
		if !showdown {
			line("holdem.history.showdown")
			showdown = true
		}
		line("holdem.history.does", who(i), i18n.Nest("What", r.showMsg(i, viewer)))
	}
	perRun := len(runs)
	for n, res := range r.Results {
		pot := potArg(n/perRun, len(r.Results)/perRun, 0, 1)
		if perRun > 1 {
			pot = i18n.Nest("Pot", i18n.M([...]string{"holdem.history.first_run", "holdem.history.second_run"}[res.Run], pot))
		}
		for _, w := range res.Winners {
			line("holdem.history.collects", who(w), pot, chips(res.Pot.Amount))
		}
	}
	for i, hs := range r.Seats {
		if hs.Shown && r.Uncontested {
			line("holdem.history.does", who(i), i18n.Nest("What", r.showMsg(i, viewer)))
		}
	}
	line("holdem.history.summary")
	for run, board := range runs {
		switch {
		case len(board) == 0:
		case len(runs) > 1:
			line([...]string{"holdem.history.first_board", "holdem.history.second_board"}[run], cardsArg(board))
		default:
			line("holdem.history.board", cardsArg(board))
		}
	}
	for i, hs := range r.Seats {
		if !hs.Dealt {
			continue
		}
		key := "holdem.history.ends"
		if net := r.Net(i); net > 0 {
			key = "holdem.history.ends_up"
		}
		line(key, i18n.N("Seat", i+1), who(i), chips(hs.End), i18n.N("Net", r.Net(i)))
	}
	return b.String()
}

// historyStreets are the keys of the streets' names in a hand history:
// the board's, then the first and the second run's of a board run twice.
var historyStreets = [3][River + 1]string{
	{Flop: "holdem.history.flop", Turn: "holdem.history.turn", River: "holdem.history.river"},
	{Flop: "holdem.history.first_flop", Turn: "holdem.history.first_turn", River: "holdem.history.first_river"},
	{Flop: "holdem.history.second_flop", Turn: "holdem.history.second_turn", River: "holdem.history.second_river"},
}

// showMsg says how seat's hand ended at showdown for viewer: shown with
// its hand on each board, or mucked (its cards only to its own seat).
func (r *HandRecord) showMsg(seat, viewer int) i18n.Msg {
	hs := r.Seats[seat]
	hole := facesArg("Cards", hs.Hole[:])
	if hs.Mucked {
		if seat == viewer {
			return i18n.M("holdem.history.mucks_cards", hole)
		}
		return i18n.M("holdem.history.mucks")
	}
	switch {
	case hs.Rank == 0:
		return i18n.M("holdem.history.shows", hole)
	case r.Board2 != nil:
		return i18n.M("holdem.history.shows_hand_twice", hole, handArg("Hand", eval.Rank(hs.Rank)), handArg("Second", eval.Rank(hs.Rank2)))
	}
	return i18n.M("holdem.history.shows_hand", hole, handArg("Hand", eval.Rank(hs.Rank)))
}

// forced reports a bet posted before the cards: an ante, a blind, a
// straddle.
func forced(k Kind) bool { return k == Blind || k == Ante || k == Straddle }

// ActionWords says each action of a hand in English words, without the
// seat: "posts the small blind 10", "calls (to 40)", "bets 60", "raises
// to 180" (ActionMsgs).
func ActionWords(actions []Record) []string {
	msgs := ActionMsgs(actions)
	out := make([]string, len(msgs))
	for i, m := range msgs {
		if !m.IsZero() {
			out[i] = i18n.English().Msg(m)
		}
	}
	return out
}

// ActionMsgs says each action of a hand as a catalog message, without
// the seat (holdem.history.action.*).
func ActionMsgs(actions []Record) []i18n.Msg {
	out := make([]i18n.Msg, len(actions))
	street, blinds := Preflop, 0
	opened := false // a bet on this street so far (the blinds open preflop)
	for i, a := range actions {
		if a.Street != street {
			street, opened = a.Street, false
		}
		chips := i18n.N("Chips", a.Amount)
		key := ""
		switch a.Kind {
		case Blind:
			key = map[bool]string{true: "holdem.history.action.posts_sb", false: "holdem.history.action.posts_bb"}[blinds == 0]
			if a.Amount == 0 {
				key = map[bool]string{true: "holdem.history.action.no_chips_sb", false: "holdem.history.action.no_chips_bb"}[blinds == 0]
			}
			blinds++
			opened = true
		case Ante:
			key = "holdem.history.action.ante"
		case Straddle:
			key = "holdem.history.action.straddles"
		case RunTwice:
			key = "holdem.history.action.twice"
		case RunOnce:
			key = "holdem.history.action.once"
		case Fold:
			key = "holdem.history.action.folds"
		case Check:
			key = "holdem.history.action.checks"
		case Call:
			key = "holdem.history.action.calls"
		case BetTo:
			key = map[bool]string{false: "holdem.history.action.bets", true: "holdem.history.action.raises"}[opened]
			opened = true
		case AllIn:
			key = "holdem.history.action.all_in"
			opened = true
		}
		if key != "" {
			out[i] = i18n.M(key, chips)
		}
	}
	return out
}

func (r *HandRecord) holeCards(b *strings.Builder, l *i18n.Lang, viewer int, name func(int) string) {
	b.WriteString(l.T("holdem.history.hole_cards"))
	b.WriteByte('\n')
	if viewer >= 0 && viewer < len(r.Seats) && r.Seats[viewer].Dealt {
		b.WriteString(l.F("holdem.history.dealt_to", i18n.S("Name", name(viewer)), facesArg("Cards", r.Seats[viewer].Hole[:])))
		b.WriteByte('\n')
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
