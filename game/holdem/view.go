package holdem

import (
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

// SeatView is what everyone may see of a seat; Hole is set only for the
// viewer's own seat and for hands shown (at showdown, face up before a
// run it twice, or shown by an uncontested winner).
type SeatView struct {
	Stack, Bet, Total int
	Dealt, Folded     bool
	AllIn, SitOut     bool
	Shown             bool
	Hole              []cards.Card
	Won               int
	BuyIns            int
	NoAutoRebuy       bool
	Ante              int  // anted this hand
	Straddled         bool // posted the straddle this hand
	Straddles         bool // straddles when under the gun
	AutoMuck          bool // mucks hands that cannot win (the viewer's own seat only)
	Mucked            bool // mucked at showdown: Hole only for its owner
	Agreed            bool // agreed to run it twice
}

// View is what one seat (or game.Spectator) may see: never another
// seat's hole cards before they are shown, never a folded hand, never the
// deck.
type View struct {
	Seat          int
	Rules         Rules
	N             int
	Hand          int
	Button        int
	SB, BB        int
	Street        Street
	Board         []cards.Card
	Turn          int
	CurrentBet    int
	MinRaise      int
	Pots          []Pot
	Seats         []SeatView
	Actions       []Record
	Results       []Result
	Options       Options // the viewer's legal moves
	Version       int
	LastAggressor int
	// Bomb: this hand is a bomb pot with that ante (0: an ordinary hand).
	Bomb int
	// RunOut: whether the board is run twice; Board2 the second run's
	// board once dealt (nil otherwise); Undecided the seats still to
	// answer while RunOut is RunOutAsking.
	RunOut    RunOut
	Board2    []cards.Card
	Undecided []int
	// NextFormat, NextBomb: what the next hand brings (see State).
	NextFormat *Format
	NextBomb   int
	Bubble     bool
}

// View returns what seat may see.
func (s *State) View(seat int) View {
	v := View{Seat: seat, Rules: s.Rules, N: s.N, Hand: s.Hand, Button: s.Button, SB: s.SB, BB: s.BB,
		Street: s.Street, Board: append([]cards.Card(nil), s.Board[:s.BoardN]...), Turn: s.Turn,
		CurrentBet: s.CurrentBet, MinRaise: s.MinRaise, Version: s.Version, LastAggressor: s.LastAggressor,
		Actions: append([]Record(nil), s.Actions...), Results: append([]Result(nil), s.Results...),
		Options: Legal(s, seat), Bomb: s.Bomb, RunOut: s.RunOut, Board2: append([]cards.Card(nil), s.Board2...),
		Undecided: s.Undecided(), NextBomb: s.NextBomb, Bubble: s.Bubble}
	if s.NextFormat != nil {
		f := *s.NextFormat
		v.NextFormat = &f
	}
	if len(v.Board2) == 0 {
		v.Board2 = nil
	}
	for i := 0; i < s.N; i++ {
		p := &s.Seats[i]
		sv := SeatView{Stack: p.Stack, Bet: p.Bet, Total: p.Total, Dealt: p.Dealt, Folded: p.Folded,
			AllIn: p.AllIn, SitOut: p.SitOut, Shown: p.Shown, Won: p.Won, BuyIns: p.BuyIns, NoAutoRebuy: p.NoAutoRebuy,
			Ante: p.Ante, Straddled: p.Straddled, Straddles: p.Straddles, AutoMuck: p.AutoMuck && i == seat, Mucked: p.Mucked, Agreed: p.Agreed}
		if p.Dealt && (i == seat || p.Shown) {
			sv.Hole = []cards.Card{p.Hole[0], p.Hole[1]}
		}
		v.Seats = append(v.Seats, sv)
	}
	if s.Street != HandOver {
		contrib, live, allIn, dead := s.contributions()
		uncalledOut(contrib, live, allIn)
		v.Pots = PotsWithDead(contrib, live, allIn, dead)
	}
	return v
}

// Spectating reports whether the view is a spectator's.
func (v *View) Spectating() bool { return v.Seat == game.Spectator }
