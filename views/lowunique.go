package views

import (
	"context"

	"github.com/tablegames/tables/i18n"
)

// LUSeat is a seat at a Lowest Unique table as one viewer sees it.
type LUSeat struct {
	Seat
	Score      int
	BenchCount int
	Selected   bool
	Chosen     bool
	Ready      bool
	Returned   bool
	Waiting    string // what the table waits for from this seat, in words: "selecting", "looking", "choosing"; "" none
	Pair       []int  // shown only when the viewer may see it
	Card       int    // the chosen card, when the viewer may see it
	Won        bool   // won the round on the table
}

// LUCard is a card of the viewer's hand.
type LUCard struct {
	Value  int
	InPair bool
}

// LUPlay is one player's part of a resolved round.
type LUPlay struct {
	Pair   [2]int // the pair it came from
	Card   int
	Unique bool
	Won    bool
}

// LURound is a resolved round.
type LURound struct {
	Round  int
	Plays  []LUPlay
	Result string
}

// LowUnique is everything one viewer sees of a Lowest Unique table.
type LowUnique struct {
	ActURL  string
	Version int
	You     int
	Game    int
	Round   int
	Rounds  int
	Cards   int
	Phase   string // the phase's name for scripts: select, reveal, choose, resolved, over
	// PhaseText is the phase in words, on the felt
	PhaseText string
	Status    string
	Seats     []LUSeat
	// the viewer's own cards
	Hand  []LUCard
	Bench []int
	Pair  []int
	Card  int
	// Mode picks the controls: select, ready, choose, wait, resolved,
	// over, watch.
	Mode      string
	RevealAt  int64 // ms since epoch when the reveal ends
	Results   []LURound
	Winners   string // when the game is over
	ReplayURL string
	Finals    []string // earlier games, in words
	YourTurn  bool     // the table waits for the viewer
	// once a round or the game is over (at the end with the evening and
	// Play again)
	Standings *Standings
}

// seatList is the seats' common part, for the ring.
func (l LowUnique) seatList() []Seat {
	return ringSeats(l.Seats, func(s LUSeat) (Seat, bool) { return s.Seat, s.Waiting != "" })
}

// Fragments lists the table's fragments in page order.
func (l LowUnique) Fragments() []Fragment {
	out := make([]Fragment, 0, 7+len(l.Seats)+FrameFragments)
	out = append(out, []Fragment{
		{ID: "lu-status", Component: luStatus(l), Key: 0},
		{ID: "lu-round", Component: luRound(l), Key: 1<<63 | uint64(l.Game)<<40 | uint64(l.Round)<<20 | uint64(l.Rounds)},
		{ID: "turn-mark", Component: turnMark(l.YourTurn, "game.your_move")},
		TurnsFragment("lu-ring", l.seatList()),
		{ID: "lu-centre", Component: luCentre(l), Key: 0},
		{ID: "lu-hand", Component: luHand(l), Key: 0},
		{ID: "lu-results", Component: luResults(l), Key: l.resultsKey()},
	}...)
	for _, s := range l.Seats {
		out = append(out, Fragment{ID: numbered("lu-seat-", s.Index), Component: luSeat(s), Key: s.key()})
	}
	return out
}

func (l LowUnique) resultsKey() uint64 {
	k := newKeyer()
	k.num(int64(l.Game))
	for _, r := range l.Results {
		k.num(int64(r.Round))
		k.str(r.Result)
		for _, p := range r.Plays {
			k.num(int64(p.Pair[0]))
			k.num(int64(p.Pair[1]))
			k.num(int64(p.Card))
			k.flag(p.Unique)
			k.flag(p.Won)
		}
	}
	for _, s := range l.Seats {
		k.str(s.Name)
		k.num(int64(s.Score))
	}
	k.str(l.Winners)
	for _, f := range l.Finals {
		k.str(f)
	}
	return k.sum()
}

func (s LUSeat) key() uint64 {
	k := newKeyer()
	s.Seat.key(&k)
	k.num(int64(s.Score))
	k.num(int64(s.BenchCount))
	k.str(s.Waiting)
	for _, f := range []bool{s.Selected, s.Chosen, s.Ready, s.Returned, s.Won} {
		k.flag(f)
	}
	k.num(int64(len(s.Pair)))
	for _, v := range s.Pair {
		k.num(int64(v))
	}
	k.num(int64(s.Card))
	return k.sum()
}

// luPair is the viewer's pair in bold, as a message's argument: "3 and 7".
func luPair(ctx context.Context, pair []int) i18n.Arg {
	text := trf(ctx, "lowunique.view.pair.cards", i18n.N("First", pair[0]), i18n.N("Second", pair[1]))
	return i18n.Markup("Pair", strong(text), text)
}
