package holdem

import (
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

// SeatView is what everyone may see of a seat; Hole is set only for the
// viewer's own seat and for hands shown at showdown.
type SeatView struct {
	Stack, Bet, Total int
	Dealt, Folded     bool
	AllIn, SitOut     bool
	Shown             bool
	Hole              []cards.Card
	Won               int
	BuyIns            int
	NoAutoRebuy       bool
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
}

// View returns what seat may see.
func (s *State) View(seat int) View {
	v := View{Seat: seat, Rules: s.Rules, N: s.N, Hand: s.Hand, Button: s.Button, SB: s.SB, BB: s.BB,
		Street: s.Street, Board: append([]cards.Card(nil), s.Board[:s.BoardN]...), Turn: s.Turn,
		CurrentBet: s.CurrentBet, MinRaise: s.MinRaise, Version: s.Version, LastAggressor: s.LastAggressor,
		Actions: append([]Record(nil), s.Actions...), Results: append([]Result(nil), s.Results...),
		Options: Legal(s, seat)}
	contrib := make([]int, s.N)
	live, allIn := make([]bool, s.N), make([]bool, s.N)
	for i := 0; i < s.N; i++ {
		p := &s.Seats[i]
		sv := SeatView{Stack: p.Stack, Bet: p.Bet, Total: p.Total, Dealt: p.Dealt, Folded: p.Folded,
			AllIn: p.AllIn, SitOut: p.SitOut, Shown: p.Shown, Won: p.Won, BuyIns: p.BuyIns, NoAutoRebuy: p.NoAutoRebuy}
		if p.Dealt && (i == seat || p.Shown) {
			sv.Hole = []cards.Card{p.Hole[0], p.Hole[1]}
		}
		v.Seats = append(v.Seats, sv)
		contrib[i], live[i], allIn[i] = p.Total, inHand(p), p.AllIn
	}
	if s.Street != HandOver {
		v.Pots = LivePots(contrib, live, allIn)
	}
	return v
}

// Spectating reports whether the view is a spectator's.
func (v *View) Spectating() bool { return v.Seat == game.Spectator }
