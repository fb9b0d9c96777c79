package views

import (
	"context"
	"io"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/i18n"
)

// CardView is one card as shown: its id for forms, face, accessible name.
type CardView struct {
	// *CardFace is the card as printed, the same for every hand that
	// holds it: made once per card, so a hand of views is a slice of
	// small values (a push builds hands for every viewer)
	*CardFace
	Win bool // one of the five cards that won the hand
}

// CardFace is how a card is printed. It never changes once made.
type CardFace struct {
	ID  string
	Pip string // the rank as printed: "10", "A"; "JK" for a joker
	// PipKey is the catalog key of a face card's, an ace's or a joker's
	// rank as printed (card.pip.*: a language writes its own letters);
	// "" for a number, printed as Pip
	PipKey string
	Sym    string // the suit symbol; "★" for a joker
	Name   string
	Red    bool
	Rank   string // rank class: r2 … rA, rJK; fixed for the card
	Suit   string // suit class for the four-colour deck: suit-c, suit-d, suit-h, suit-s; "" for jokers
}

// PSeat is a seat at a President table.
type PSeat struct {
	Seat
	HandCount int
	Passed    bool
	Place     string // "1st" once out
	Role      string
	Score     int
	Turn      bool
	Owes      string // "owes a gift of 2", "returns 2"
	GiveTo    bool   // the viewer may tap this seat to give it cards
}

// PPlay is one set on the pile.
type PPlay struct {
	Who   string
	Label string
	Cards []CardView
	From  string // the player's side of the table: the cards travel from there
}

// Target is a seat and its player, as offered in a list (whose view a
// replay shows).
type Target struct {
	Seat int
	Name string
}

// President is everything one viewer sees of a President table.
type President struct {
	ActURL string
	// ReplayURL replays the deal on the table once it is over.
	ReplayURL string
	Version   int // the match's version: grows with every move
	You       int
	Seats     []PSeat
	Deal      int
	Ruleset   string // the rules in words: "house rules, jokers wild"
	Status    string
	YourTurn  bool
	Inverted  bool
	Pile      []PPlay
	PileNote  string
	Hand      []CardView
	HandKey   uint64 // stands for the hand as shown (see Fragment.Key)
	// HandLeft names the cards that left the hand since the hand of key
	// had, when the hand only lost cards since then.
	HandLeft func(had uint64) ([]string, bool)
	Playable string // the rank classes playable now, space separated
	// Mode picks the controls: play, gift, discard, return, wait, over,
	// watch.
	Mode        string
	CanPass     bool
	Need        int
	ReturnTo    string
	Gave, Got   []CardView
	Standings   *Standings // once the deal is over
	ScoreNames  []string
	ScoreTotals []int
	History     [][]string
	ScoreKey    uint64 // stands for the scoreboard (see Fragment.Key)
}

// Fragments lists the President table's fragments in page order. The
// components share p (a pointer each, not a copy each).
func (p *President) Fragments() []Fragment {
	out := make([]Fragment, 0, 11+len(p.Seats)+FrameFragments)
	out = append(out, []Fragment{
		{ID: "p-status", Component: presidentStatus(p)}, // changes with every move
		{ID: "p-deal", Component: presidentDeal(p), Key: uint64(p.Deal)<<1 | 1, Public: true},
		{ID: "p-swap", Component: presidentSwap(p), Key: p.swapKey()},
		{ID: "turn-mark", Component: turnMark(p.YourTurn, "game.your_turn")},
		p.layoutFragment(),
		TurnsFragment("p-ring", p.seatList()),
		{ID: "p-pile", Component: presidentPile(p), Key: p.pileKey(), Public: true},
		{ID: "p-hand", Component: presidentHand(p), Key: p.HandKey, Since: p.handSince},
		{ID: "p-playable", Component: presidentPlayable(p)},
		{ID: "p-actions", Component: presidentActions(p), Key: p.controlsKey()},
		{ID: "p-score", Component: presidentScore(p), Key: p.ScoreKey, Public: true},
	}...)
	for i := range p.Seats {
		s := &p.Seats[i]
		out = append(out, Fragment{ID: numbered("p-seat-", s.Index), Component: presidentSeat(s), Key: s.key()})
	}
	return out
}

// The keys below cover every field the fragment's template reads.

func (p President) pileKey() uint64 {
	k := newKeyer()
	for _, pl := range p.Pile {
		k.str(pl.Who)
		k.str(pl.Label)
		k.cards(pl.Cards)
		k.str(pl.From)
	}
	k.str(p.PileNote)
	return k.sum()
}

func (p President) controlsKey() uint64 {
	k := newKeyer()
	k.str(p.ActURL)
	k.str(p.ReplayURL)
	k.str(p.Mode)
	k.flag(p.CanPass)
	k.num(int64(p.Need))
	k.str(p.ReturnTo)
	p.Standings.key(&k)
	k.flag(p.YourTurn)
	k.cards(p.Got)
	return k.sum()
}

func (p President) swapKey() uint64 {
	k := newKeyer()
	k.cards(p.Gave)
	k.cards(p.Got)
	return k.sum()
}

// received reports a card of the hand that came in the exchange.
func (p *President) received(c CardView) bool {
	for _, g := range p.Got {
		if g.ID == c.ID {
			return true
		}
	}
	return false
}

// cardName is a card's name in the hand: a received card says so.
func (p *President) cardName(ctx context.Context, c CardView) string {
	if p.received(c) {
		return trf(ctx, "card.received", i18n.S("Card", cardName(ctx, c)))
	}
	return cardName(ctx, c)
}

func (s PSeat) key() uint64 {
	k := newKeyer()
	s.Seat.key(&k)
	k.num(int64(s.HandCount))
	k.flag(s.Passed)
	k.str(s.Place)
	k.str(s.Role)
	k.num(int64(s.Score))
	k.str(s.Owes)
	k.flag(s.GiveTo)
	return k.sum()
}

// seatList is the seats' common part, for the ring.
func (p President) seatList() []Seat {
	return ringSeats(p.Seats, func(s PSeat) (Seat, bool) { return s.Seat, s.Turn })
}

// handSince removes the cards that left the hand, when that is all that
// changed.
func (p *President) handSince(had uint64) templ.Component {
	if p.HandLeft == nil {
		return nil
	}
	gone, ok := p.HandLeft(had)
	if !ok || len(gone) == 0 {
		return nil
	}
	return handRemove(gone)
}

// handMarker is the viewer's hand size marker (#p-layout): how many of
// the sizes at which static/app.css lays a hand out anew the hand has
// reached (a phone tightens the fan at 9 cards, takes rows at 11, gives
// the felt's height to a third row at 17 and a fourth at 25; a wider
// screen to a second row at 19), written as a class "holds-N" for each.
// The marker stands before the felt and the hand, so the stylesheet
// reaches both with "~" and never counts the cards with
// :has(:nth-child(N)), which a browser must match again on every change
// to the table; it changes only when the hand crosses a size, and the
// hand's own fragment is untouched. A small number, it is a Component
// that allocates nothing on every viewer's every push.
type handMarker uint8

// handLayout is the marker of a hand of n cards.
func handLayout(n int) handMarker {
	var m handMarker
	for _, size := range [...]int{9, 11, 17, 19, 25} {
		if n >= size {
			m++
		}
	}
	return m
}

func (m handMarker) class() string {
	return [...]string{"", "holds-9", "holds-9 holds-11", "holds-9 holds-11 holds-17",
		"holds-9 holds-11 holds-17 holds-19", "holds-9 holds-11 holds-17 holds-19 holds-25"}[m]
}

func (m handMarker) Render(_ context.Context, w io.Writer) error {
	for _, s := range [...]string{`<i id="p-layout" class="`, m.class(), `" hidden></i>`} {
		if _, err := io.WriteString(w, s); err != nil {
			return err
		}
	}
	return nil
}

// layoutFragment is the marker's fragment: Public, since all it shows is
// the sizes reached, which its key stands for.
func (p *President) layoutFragment() Fragment {
	m := handLayout(len(p.Hand))
	return Fragment{ID: "p-layout", Component: m, Key: uint64(m) + 1, Public: true}
}

// cardsPiece is cards written inline (cardText) as a message's argument:
// "K♠ K♥" where the message is plain text.
func cardsPiece(name string, cs []CardView) i18n.Arg {
	text := make([]byte, 0, 4*len(cs))
	for i, c := range cs {
		if i > 0 {
			text = append(text, ' ')
		}
		text = append(text, c.Pip+c.Sym...)
	}
	return i18n.Markup(name, cardText(cs), string(text))
}
