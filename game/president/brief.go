package president

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

// BriefView is the JSON a program playing a seat is shown (docs/BOTS.md):
// built from View alone, so it holds the seat's own hand and exchange and
// the public table, never another hand, a discarded card or the deck.
type BriefView struct {
	Deal       int           `json:"deal"`
	Phase      string        `json:"phase"` // exchange, play, deal over
	Turn       int           `json:"turn"`  // the seat to play, -1 none
	Hand       []string      `json:"hand"`
	Seats      []BriefSeat   `json:"seats"`
	Pile       []BriefPlay   `json:"pile"` // the trick's latest plays, oldest first (at most 4)
	PilePlays  int           `json:"pile_plays"`
	PileCards  int           `json:"pile_cards"`
	Inverted   bool          `json:"inverted"` // a revolution: lower ranks beat higher
	Opening    bool          `json:"opening"`  // the deal's first play must hold the 3 of diamonds
	Pending    *BriefEffect  `json:"pending"`  // a gift (7s) or discard (10s) the deal waits for
	Returns    []BriefEffect `json:"returns"`  // the exchange's returns owed
	Gave       []string      `json:"gave"`     // the seat's own exchange this deal
	Got        []string      `json:"got"`
	PlayedOut  int           `json:"played_out"` // cards of finished tricks
	Discards   int           `json:"discards"`   // cards discarded face down
	LastPlayer int           `json:"last_player"`
	Rules      BriefRules    `json:"rules"`
}

// BriefRules are the table's rules a program needs to play.
type BriefRules struct {
	Ruleset    string `json:"ruleset"`
	WildJokers bool   `json:"wild_jokers"`
}

// BriefSeat is one seat as everyone sees it.
type BriefSeat struct {
	Seat      int    `json:"seat"`
	HandCount int    `json:"hand_count"`
	Passed    bool   `json:"passed"`
	Place     int    `json:"place"` // finishing place in this deal, 0 while holding cards
	Role      string `json:"role"`  // from the last deal
	Score     int    `json:"score"`
}

// BriefPlay is a set on the pile.
type BriefPlay struct {
	Seat  int      `json:"seat"`
	Cards []string `json:"cards"`
	Rank  string   `json:"rank"` // the rank the set counts as
	Count int      `json:"count"`
}

// BriefEffect is a gift, discard or return owed: Count cards from Seat
// (to To, for a return).
type BriefEffect struct {
	Kind  string `json:"kind"`
	Seat  int    `json:"seat"`
	To    int    `json:"to,omitempty"`
	Count int    `json:"count"`
	Done  bool   `json:"done,omitempty"`
}

var _ game.Briefer = (*Match)(nil)

// Brief is what seat may see and do, for a program (game.Briefer).
func (m *Match) Brief(seat int) game.Brief {
	v := m.State.View(seat)
	return v.Brief()
}

// Brief builds the program's brief from the view alone. Plays are listed
// one per rank, size and number of jokers with the lowest suits (any
// natural card of the rank may stand in); gifts, discards and returns as
// a choice of cards.
func (v *View) Brief() game.Brief {
	bv := BriefView{Deal: v.Deal, Phase: v.Phase.String(), Turn: -1, Hand: names(v.Hand), Seats: []BriefSeat{}, Pile: []BriefPlay{},
		PilePlays: v.PilePlays, PileCards: v.PileCount, Inverted: v.Inverted, Opening: v.Opening, Returns: []BriefEffect{},
		Gave: names(v.Gave), Got: names(v.Got), PlayedOut: v.PlayedOut, Discards: v.Discards, LastPlayer: v.LastPlayer,
		Rules: BriefRules{Ruleset: v.Rules.Name, WildJokers: v.Rules.WildJokers}}
	if v.Phase == Playing && v.Pending.Kind == 0 {
		bv.Turn = v.Turn
	}
	for i, sv := range v.Seats[:v.N] {
		bv.Seats = append(bv.Seats, BriefSeat{Seat: i, HandCount: sv.HandCount, Passed: sv.Passed, Place: sv.Place, Role: sv.Role.String(), Score: sv.Score})
	}
	for _, p := range v.Pile[:v.PileLen] {
		bv.Pile = append(bv.Pile, BriefPlay{Seat: p.Seat, Cards: names(p.Cards), Rank: p.Rank.Short(), Count: p.Count})
	}
	if v.Pending.Kind != 0 {
		bv.Pending = &BriefEffect{Kind: v.Pending.Kind.String(), Seat: v.Pending.Seat, Count: v.Pending.Count}
	}
	for _, r := range v.Returns[:v.NReturns] {
		bv.Returns = append(bv.Returns, BriefEffect{Kind: "return", Seat: r.From, To: r.To, Count: r.Count, Done: r.Done})
	}
	b := game.Brief{View: &bv, Moves: []game.Choice{}}
	if v.Seat < 0 || v.Seat >= v.N {
		return b
	}
	hand := names(v.Hand)
	auto, hasAuto := Auto(v)
	pick := func(n int, say string) {
		b.Moves = append(b.Moves, game.Choice{Move: game.FieldsOf(auto.Encode()), Say: say, Pick: []game.Pick{{Field: "card", Count: n, From: hand}}})
	}
	switch {
	case !hasAuto:
	case auto.Kind == ReturnCards:
		r, _ := v.Owes()
		pick(r.Count, "Return any "+countCards(r.Count)+" of your hand to seat "+strconv.Itoa(r.To))
	case auto.Kind == Discard:
		pick(v.Pending.Count, "Discard any "+countCards(v.Pending.Count)+" of your hand face down (10s)")
	case auto.Kind == Gift:
		var to []string
		give := &game.Give{Count: v.Pending.Count, Cards: hand, To: []int{}}
		for i := 1; i < v.N; i++ {
			if t := (v.Seat + i) % v.N; v.Seats[t].Place == 0 {
				to = append(to, strconv.Itoa(t))
				give.To = append(give.To, t)
			}
		}
		b.Moves = append(b.Moves, game.Choice{Move: game.FieldsOf(auto.Encode()), Give: give,
			Say: "Give any " + countCards(v.Pending.Count) + " of your hand (7s): one field give_<card> per card, its value the seat it goes to (seats " +
				strings.Join(to, ", ") + ")"})
	default:
		for _, p := range v.Plays() {
			b.Moves = append(b.Moves, game.Option(Action{Kind: PlayCards, Cards: p.Cards.Cards()}.Encode(), "Play "+describeSet(p)))
		}
		if v.CanPass() {
			b.Moves = append(b.Moves, game.Option(url.Values{"kind": {"pass"}}, "Pass"))
		}
	}
	if hasAuto {
		b.Auto = game.FieldsOf(auto.Encode())
	}
	return b
}

// names are cards as the API writes them ("3D", "TS", "JR").
func names(s cards.Set) []string {
	cs := s.Cards()
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
