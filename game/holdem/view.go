package holdem

import (
	"strings"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem/eval"
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
	live := make([]bool, s.N)
	for i := 0; i < s.N; i++ {
		p := &s.Seats[i]
		sv := SeatView{Stack: p.Stack, Bet: p.Bet, Total: p.Total, Dealt: p.Dealt, Folded: p.Folded,
			AllIn: p.AllIn, SitOut: p.SitOut, Shown: p.Shown, Won: p.Won, BuyIns: p.BuyIns}
		if p.Dealt && (i == seat || p.Shown) {
			sv.Hole = []cards.Card{p.Hole[0], p.Hole[1]}
		}
		v.Seats = append(v.Seats, sv)
		contrib[i], live[i] = p.Total, inHand(p)
	}
	if s.Street != HandOver {
		v.Pots = Pots(contrib, live)
	}
	return v
}

// History writes the current (or last) hand in the usual text style for
// a viewer: seats with their chips in play now, blinds, the viewer's own hole cards, the
// actions street by street, the board, the hands shown and the pots won.
// names gives each seat's name.
func (s *State) History(viewer int, name func(int) string) string {
	var b strings.Builder
	b.WriteString("Hand #" + itoa(s.Hand) + ": Hold'em No Limit (" + itoa(s.Rules.SmallBlind) + "/" + itoa(s.Rules.BigBlind) + ")\n")
	b.WriteString("Seat " + itoa(s.Button+1) + " is the button\n")
	for i := 0; i < s.N; i++ {
		if s.Seats[i].Dealt {
			b.WriteString("Seat " + itoa(i+1) + ": " + name(i) + " (" + itoa(s.Seats[i].Stack+s.Seats[i].Total) + " in play)\n")
		}
	}
	if viewer >= 0 && viewer < s.N && s.Seats[viewer].Dealt {
		b.WriteString("Dealt to " + name(viewer) + " [" + faces(s.Seats[viewer].Hole[:]) + "]\n")
	}
	street := Preflop
	b.WriteString("*** PREFLOP ***\n")
	for _, r := range s.Actions {
		for street < r.Street {
			street++
			n := map[Street]int{Flop: 3, Turn: 4, River: 5}[street]
			b.WriteString("*** " + strings.ToUpper(street.String()) + " *** [" + faces(s.Board[:min(n, s.BoardN)]) + "]\n")
		}
		b.WriteString(name(r.Seat) + ": ")
		switch r.Kind {
		case Blind:
			b.WriteString("posts a blind " + itoa(r.Amount))
		case Fold:
			b.WriteString("folds")
		case Check:
			b.WriteString("checks")
		case Call:
			b.WriteString("calls to " + itoa(r.Amount))
		case BetTo:
			b.WriteString("bets/raises to " + itoa(r.Amount))
		case AllIn:
			b.WriteString("all-in to " + itoa(r.Amount))
		}
		b.WriteByte('\n')
	}
	if s.Street == HandOver && s.BoardN > 0 {
		b.WriteString("Board [" + faces(s.Board[:s.BoardN]) + "]\n")
	}
	if s.Street == HandOver {
		tb := eval.Default()
		for i := 0; i < s.N; i++ {
			if s.Seats[i].Shown {
				h := s.Seats[i].Hole
				b.WriteString(name(i) + " shows [" + faces(h[:]) + "]\n")
			}
		}
		for n, r := range s.Results {
			for _, w := range r.Winners {
				how := ""
				if r.Rank > 0 {
					how = " with " + tb.Describe(eval.Rank(r.Rank))
				}
				b.WriteString(name(w) + " collects from pot " + itoa(n+1) + " (" + itoa(r.Pot.Amount) + ")" + how + "\n")
			}
		}
	}
	return b.String()
}

// Spectating reports whether the view is a spectator's.
func (v *View) Spectating() bool { return v.Seat == game.Spectator }
