package holdem

import (
	"net/url"
	"strconv"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

// BriefView is the JSON a program playing a seat is shown (docs/BOTS.md):
// built from View alone, so it never holds another seat's hole cards
// before they are shown, a folded or mucked hand, or the deck.
type BriefView struct {
	Hand       int           `json:"hand"`
	Street     string        `json:"street"` // preflop, flop, turn, river, or "hand over"
	SmallBlind int           `json:"small_blind"`
	BigBlind   int           `json:"big_blind"`
	Ante       int           `json:"ante"`
	Button     int           `json:"button"`
	Turn       int           `json:"turn"` // the seat to act, -1 none
	Board      []string      `json:"board"`
	Board2     []string      `json:"board2,omitempty"` // the second run, when the board runs twice
	CurrentBet int           `json:"current_bet"`
	MinRaise   int           `json:"min_raise"`
	Pot        int           `json:"pot"` // every chip put in this hand
	Pots       []BriefPot    `json:"pots"`
	Seats      []BriefSeat   `json:"seats"`
	Actions    []BriefAction `json:"actions"` // this hand's, in order
	Results    []BriefResult `json:"results"` // the pots paid, once the hand is over
	Bomb       int           `json:"bomb,omitempty"`
}

// BriefSeat is one seat as the viewer may see it; Hole is the viewer's
// own cards, or a hand shown.
type BriefSeat struct {
	Seat   int      `json:"seat"`
	Stack  int      `json:"stack"`
	Bet    int      `json:"bet"`   // in front of it on this street
	Total  int      `json:"total"` // put in this hand
	Dealt  bool     `json:"dealt"`
	Folded bool     `json:"folded"`
	AllIn  bool     `json:"all_in"`
	SitOut bool     `json:"sit_out"`
	Hole   []string `json:"hole,omitempty"`
	Won    int      `json:"won"`
}

// BriefPot is a pot and the seats that may win it.
type BriefPot struct {
	Amount   int   `json:"amount"`
	Eligible []int `json:"eligible"`
}

// BriefAction is one action of this hand.
type BriefAction struct {
	Street string `json:"street"`
	Seat   int    `json:"seat"`
	Kind   string `json:"kind"`
	Amount int    `json:"amount,omitempty"`
}

// BriefResult is one pot paid.
type BriefResult struct {
	Amount  int   `json:"amount"`
	Winners []int `json:"winners"`
	Run     int   `json:"run,omitempty"`
}

var _ game.Briefer = (*Match)(nil)

// Brief is what seat may see and do, for a program (game.Briefer).
func (m *Match) Brief(seat int) game.Brief {
	v := m.State.View(seat)
	return v.Brief()
}

// Brief builds the program's brief from the view alone: the moves are
// View.Options, a raise as a range of amounts (the total bet this street).
func (v *View) Brief() game.Brief {
	bv := BriefView{Hand: v.Hand, Street: v.Street.String(), SmallBlind: v.Rules.SmallBlind, BigBlind: v.Rules.BigBlind,
		Ante: v.Rules.Format.Ante, Button: v.Button, Turn: v.Turn, Board: cardNames(v.Board), Board2: cardNames(v.Board2),
		CurrentBet: v.CurrentBet, MinRaise: v.MinRaise, Pots: []BriefPot{}, Seats: []BriefSeat{}, Actions: []BriefAction{},
		Results: []BriefResult{}, Bomb: v.Bomb}
	if len(bv.Board2) == 0 {
		bv.Board2 = nil
	}
	if v.Street == HandOver {
		bv.Turn = -1
	}
	for i, sv := range v.Seats {
		bv.Pot += sv.Total
		bs := BriefSeat{Seat: i, Stack: sv.Stack, Bet: sv.Bet, Total: sv.Total, Dealt: sv.Dealt, Folded: sv.Folded, AllIn: sv.AllIn,
			SitOut: sv.SitOut, Won: sv.Won}
		if len(sv.Hole) > 0 {
			bs.Hole = cardNames(sv.Hole)
		}
		bv.Seats = append(bv.Seats, bs)
	}
	for _, p := range v.Pots {
		bv.Pots = append(bv.Pots, BriefPot{Amount: p.Amount, Eligible: append([]int{}, p.Eligible...)})
	}
	for _, r := range v.Actions {
		bv.Actions = append(bv.Actions, BriefAction{Street: r.Street.String(), Seat: r.Seat, Kind: r.Kind.String(), Amount: r.Amount})
	}
	for _, r := range v.Results {
		bv.Results = append(bv.Results, BriefResult{Amount: r.Pot.Amount, Winners: append([]int{}, r.Winners...), Run: r.Run})
	}
	b := game.Brief{View: &bv, Moves: []game.Choice{}}
	o := v.Options
	kind := func(k string) url.Values { return url.Values{"kind": {k}} }
	if o.Twice {
		b.Moves = append(b.Moves, game.Option(kind("twice"), "Run the board twice"), game.Option(kind("once"), "Run it once"))
	}
	if o.Show {
		b.Moves = append(b.Moves, game.Option(kind("show"), "Show your cards"))
	}
	if o.Check {
		b.Moves = append(b.Moves, game.Option(kind("check"), "Check"))
	}
	if o.Call {
		b.Moves = append(b.Moves, game.Option(kind("call"), "Call "+strconv.Itoa(o.CallAmount)))
	}
	if o.Fold {
		b.Moves = append(b.Moves, game.Option(kind("fold"), "Fold"))
	}
	if o.Raise {
		if o.MaxTo > o.MinTo {
			verb := "raise"
			if v.CurrentBet == 0 {
				verb = "bet"
			}
			c := game.Option(url.Values{"kind": {verb}, "amount": {strconv.Itoa(o.MinTo)}},
				"Bet a total of "+strconv.Itoa(o.MinTo)+" to "+strconv.Itoa(o.MaxTo)+" this street")
			c.Range = &game.Range{Field: "amount", Min: o.MinTo, Max: o.MaxTo}
			b.Moves = append(b.Moves, c)
		}
		b.Moves = append(b.Moves, game.Option(kind("allin"), "All in: a total of "+strconv.Itoa(o.MaxTo)+" this street"))
	}
	if a, ok := Auto(v); ok {
		b.Auto = game.FieldsOf((&Match{}).Encode(a))
	}
	return b
}

func cardNames(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
