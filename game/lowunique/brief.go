package lowunique

import (
	"net/url"
	"strconv"

	"github.com/tablegames/tables/game"
)

// BriefView is the JSON a program playing a seat is shown (docs/BOTS.md):
// built from View alone, so it holds what the seat may see and nothing
// more: its own hand, bench, pair and card; of the others their pairs
// from the reveal on and their cards once the round is resolved.
type BriefView struct {
	Game    int           `json:"game"`
	Round   int           `json:"round"`
	Rounds  int           `json:"rounds"`
	Cards   int           `json:"cards"` // hands hold 1 to Cards
	Phase   string        `json:"phase"` // select, reveal, choose, resolved, over
	Hand    []int         `json:"hand"`
	Bench   []int         `json:"bench"`
	Pair    []int         `json:"pair"` // the seat's pair, once selected
	Card    int           `json:"card"` // the seat's card, once chosen (0: none)
	Players []BriefPlayer `json:"players"`
	Results []BriefRound  `json:"results"`
	Winners []int         `json:"winners"`
}

// BriefPlayer is one seat as the viewer may see it.
type BriefPlayer struct {
	Seat       int   `json:"seat"`
	Score      int   `json:"score"`
	BenchCount int   `json:"bench_count"`
	Selected   bool  `json:"selected"`
	Pair       []int `json:"pair"` // from the reveal on (the viewer's own at once)
	Chosen     bool  `json:"chosen"`
	Card       int   `json:"card"` // once resolved (the viewer's own at once); 0 hidden
	Ready      bool  `json:"ready"`
}

// BriefRound is a resolved round: every pair, every card played, the
// lowest unique card and who played it (-1: nobody).
type BriefRound struct {
	Round  int      `json:"round"`
	Pairs  [][2]int `json:"pairs"`
	Chosen []int    `json:"chosen"`
	Lowest int      `json:"lowest"`
	Winner int      `json:"winner"`
}

var _ game.Briefer = (*Match)(nil)

// Brief is what seat may see and do, for a program (game.Briefer).
func (m *Match) Brief(seat int) game.Brief {
	v := m.State.View(seat)
	return v.Brief()
}

// Brief builds the program's brief from the view alone. A rematch is not
// among the moves: the people at the table choose to play again.
func (v *View) Brief() game.Brief {
	bv := BriefView{Game: v.Game, Round: v.Round, Rounds: v.Rules.Rounds, Cards: v.Rules.Cards, Phase: v.Phase.String(),
		Hand: []int{}, Bench: []int{}, Players: []BriefPlayer{}, Results: []BriefRound{}, Winners: []int{}}
	for i, p := range v.Players {
		bp := BriefPlayer{Seat: i, Score: p.Score, BenchCount: p.BenchCount, Selected: p.Selected, Chosen: p.Chosen, Card: p.Card, Ready: p.Ready}
		if p.Pair[0] != 0 {
			bp.Pair = []int{p.Pair[0], p.Pair[1]}
		}
		bv.Players = append(bv.Players, bp)
	}
	for _, r := range v.Results {
		bv.Results = append(bv.Results, BriefRound{Round: r.Round, Pairs: r.Pairs, Chosen: r.Chosen, Lowest: r.Lowest, Winner: r.Winner})
	}
	bv.Winners = append(bv.Winners, v.Winners...)
	b := game.Brief{View: &bv, Moves: []game.Choice{}}
	me, ok := v.Me()
	if !ok {
		return b
	}
	bv.Hand, bv.Bench, bv.Card = append(bv.Hand, me.Hand...), append(bv.Bench, me.Bench...), me.Card
	if me.Pair[0] != 0 {
		bv.Pair = []int{me.Pair[0], me.Pair[1]}
	}
	o := v.Legal()
	switch {
	case o.Select && len(me.Hand) >= 2:
		hand := make([]string, len(me.Hand))
		for i, c := range me.Hand {
			hand[i] = strconv.Itoa(c)
		}
		b.Moves = append(b.Moves, game.Choice{Move: game.Fields{"kind": "select", "card": []any{me.Hand[0], me.Hand[1]}},
			Say: "Select a pair: any two cards of your hand", Pick: []game.Pick{{Field: "card", Count: 2, From: hand}}})
	case o.Ready:
		b.Moves = append(b.Moves, game.Option(url.Values{"kind": {"ready"}}, "Ready: you have seen the pairs"))
	case o.Choose:
		for _, c := range me.Pair {
			b.Moves = append(b.Moves, game.Option(url.Values{"kind": {"choose"}, "card": {strconv.Itoa(c)}}, "Play your "+strconv.Itoa(c)))
		}
	}
	if a, ok := Auto(v); ok && a.Kind != Rematch && len(b.Moves) > 0 {
		b.Auto = game.FieldsOf((&Match{}).Encode(a))
	}
	return b
}
