package holdem

// The hand's format beyond the blinds: antes (classic and big blind),
// the straddle, bomb pots, running it twice, and showing or mucking.

import (
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem/eval"
	"github.com/tablegames/tables/i18n"
)

// postForced posts the hand's antes, blinds and straddle, and returns the
// seat the preflop betting starts after: the big blind, or the straddler;
// -1 in a bomb pot, which has no betting before the flop.
func (s *State) postForced(ev *[]game.Event) int {
	f := s.Rules.Format
	switch {
	case s.Bomb > 0:
		s.antes(s.Bomb, ev)
		return -1
	case f.Ante > 0 && f.BigBlindAnte:
		// the ante first, then what remains toward the blind (TDA)
		s.ante(s.BB, f.Ante, "log.holdem.posts_bb_ante", ev)
	case f.Ante > 0:
		s.antes(f.Ante, ev)
	}
	for _, b := range []struct {
		seat, amount int
		post, none   string
	}{{s.SB, s.Rules.SmallBlind, "log.holdem.posts_sb", "log.holdem.no_chips_sb"}, {s.BB, s.Rules.BigBlind, "log.holdem.posts_bb", "log.holdem.no_chips_bb"}} {
		n := min(b.amount, s.Seats[b.seat].Stack)
		s.put(b.seat, n)
		s.Actions = append(s.Actions, Record{Street: Preflop, Seat: b.seat, Kind: Blind, Amount: n})
		if n == 0 { // all-in on its ante
			*ev = append(*ev, seatSays(b.none, b.seat))
		} else {
			*ev = append(*ev, seatSays(b.post, b.seat, i18n.N("Chips", n)))
		}
	}
	s.CurrentBet = s.Rules.BigBlind
	utg := s.straddler(ev)
	if utg < 0 {
		return s.BB
	}
	// a full straddle: the bet to call is twice the big blind, and the
	// smallest raise is to twice the straddle
	n := 2 * s.Rules.BigBlind
	s.put(utg, n)
	s.Seats[utg].Straddled = true
	s.CurrentBet, s.MinRaise = n, n
	s.record(utg, Straddle, n, ev, allInKey("log.holdem.straddles", &s.Seats[utg]), i18n.N("Chips", n))
	return utg
}

// antes has every seat dealt in ante n, from the button's left.
func (s *State) antes(n int, ev *[]game.Event) {
	for i := 1; i <= s.N; i++ {
		if seat := (s.Button + i) % s.N; s.Seats[seat].Dealt {
			s.ante(seat, n, "log.holdem.antes", ev)
		}
	}
}

// ante puts up to n chips of seat's stack in the pot as dead money: in
// its Total, not its Bet.
func (s *State) ante(seat, n int, key string, ev *[]game.Event) {
	p := &s.Seats[seat]
	n = min(n, p.Stack)
	p.Stack -= n
	p.Total += n
	p.Ante += n
	p.AllIn = p.Stack == 0
	s.Actions = append(s.Actions, Record{Street: Preflop, Seat: seat, Kind: Ante, Amount: n})
	*ev = append(*ev, seatSays(allInKey(key, p), seat, i18n.N("Chips", n)))
}

// straddler is the seat under the gun (left of the big blind) when it
// straddles: the table allows it, three or more are dealt in, it chose to
// (Seat.Straddles), and it has a full straddle, twice the big blind,
// after its ante; -1 otherwise. A straddle is never for less.
func (s *State) straddler(ev *[]game.Event) int {
	dealt := func(p *Seat) bool { return p.Dealt }
	if !s.Rules.Straddle || s.count(dealt) < 3 {
		return -1
	}
	utg := s.next(s.BB, dealt)
	p := &s.Seats[utg]
	switch {
	case !p.Straddles:
		return -1
	case p.Stack < 2*s.Rules.BigBlind:
		*ev = append(*ev, seatSays("log.holdem.short_straddle", utg))
		return -1
	}
	return utg
}

// formatNews tells the table of a new format.
func formatNews(f Format) game.Event {
	ante := i18n.M("holdem.news.no_ante")
	switch {
	case f.Ante == 0:
	case f.BigBlindAnte:
		ante = i18n.M("holdem.news.bb_ante", i18n.N("Chips", f.Ante))
	default:
		ante = i18n.M("holdem.news.ante", i18n.N("Chips", f.Ante))
	}
	key := "log.holdem.format"
	if f.Straddle {
		key += "_straddles"
	}
	if f.RunItTwice {
		key += "_twice"
	}
	return game.Say(key, i18n.Nest("Ante", ante))
}

// offerTwice asks the players still in whether to run the board twice,
// when the table offers it and the board is about to be run out: the
// betting is over before the river, with a player all-in and at most one
// player able to bet. It asks once a hand. Every hand still in is turned
// face up (TDA rule 16: face up for all-ins).
func (s *State) offerTwice(ev *[]game.Event) bool {
	if !s.Rules.RunItTwice || s.RunOut != RunOutNone || s.count(canAct) >= 2 || s.count(inHand) < 2 {
		return false
	}
	s.RunOut, s.Turn, s.Shared = RunOutAsking, -1, s.BoardN
	for i := 0; i < s.N; i++ {
		if p := &s.Seats[i]; inHand(p) {
			p.Shown = true
			*ev = append(*ev, seatSays("log.holdem.shows", i, facesArg("Cards", p.Hole[:])))
		}
	}
	*ev = append(*ev, game.Say("log.holdem.twice_asked"))
	return true
}

// answerTwice is a player's answer: one "once" runs the board once; when
// every player still in has agreed, it runs twice.
func (s *State) answerTwice(seat int, yes bool, ev *[]game.Event) error {
	p := &s.Seats[seat]
	switch {
	case s.RunOut != RunOutAsking:
		return game.Err(CodeNotAllowed, "error.holdem.nobody_asked_run_twice")
	case !inHand(p):
		return game.Err(CodeNotAllowed, "error.holdem.are_not_hand")
	case p.Agreed:
		return game.Err(CodeNotAllowed, "error.holdem.have_agreed_already")
	}
	if !yes {
		s.RunOut = RunOutOnce
		s.record(seat, RunOnce, 0, ev, "log.holdem.twice_declined")
		s.endStreet(ev)
		return nil
	}
	p.Agreed = true
	s.record(seat, RunTwice, 0, ev, "log.holdem.twice_agreed")
	if s.count(func(p *Seat) bool { return inHand(p) && !p.Agreed }) == 0 {
		s.RunOut = RunOutTwice
		*ev = append(*ev, game.Say("log.holdem.twice_run"))
		s.endStreet(ev)
	}
	return nil
}

// Undecided are the seats asked whether to run the board twice that have
// not answered yet.
func (s *State) Undecided() []int {
	var out []int
	for i := 0; i < s.N; i++ {
		if p := &s.Seats[i]; s.RunOut == RunOutAsking && inHand(p) && !p.Agreed {
			out = append(out, i)
		}
	}
	return out
}

// secondRun deals the second board: the cards both runs share, then the
// deck's next cards, after the first run's (no reshuffle).
func (s *State) secondRun(ev *[]game.Event) {
	b := append([]cards.Card(nil), s.Board[:s.Shared]...)
	for st := boardStreet(s.Shared) + 1; st <= River; st++ {
		for len(b) < BoardAt(st) {
			b = append(b, s.Deck[s.DeckPos])
			s.DeckPos++
		}
		*ev = append(*ev, game.Say(secondRunKeys[st], facesArg("Cards", b)))
	}
	s.Board2 = b
}

// mayShow: the winner of a pot nobody contested may show its hand once
// the hand is over, until the next deal.
func (s *State) mayShow(seat int) bool {
	if seat < 0 || seat >= s.N || s.Street != HandOver || len(s.Past) == 0 || s.Past[len(s.Past)-1].Hand != s.Hand {
		return false
	}
	p := &s.Seats[seat]
	return inHand(p) && !p.Shown && s.count(inHand) == 1
}

// show turns the uncontested winner's hand face up, in the hand's record
// too.
func (s *State) show(seat int, ev *[]game.Event) error {
	if !s.mayShow(seat) {
		return game.Err(CodeNotAllowed, "error.holdem.only_winner_pot_nobody")
	}
	p := &s.Seats[seat]
	p.Shown = true
	last := len(s.Past) - 1
	r := s.Past[last] // a copy: the state before this one keeps its own
	r.Seats = append([]HandSeat(nil), r.Seats...)
	r.Seats[seat].Shown = true
	r.Seats[seat].Rank = rankOn(p.Hole, r.Board)
	s.Past = append(s.Past[:last:last], r)
	*ev = append(*ev, seatSays("log.holdem.shows", seat, facesArg("Cards", p.Hole[:])))
	return nil
}

// rankOn ranks hole cards with a board of three to five cards; 0 with
// fewer.
func rankOn(hole [2]cards.Card, board []cards.Card) uint16 {
	if len(board) < 3 {
		return 0
	}
	return uint16(eval.Eval(append(hole[:], board...)...))
}
