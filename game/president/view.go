package president

import (
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

// SeatView is what everyone may see of a seat.
type SeatView struct {
	HandCount int
	Passed    bool
	Place     int
	Role      Role
	Score     int
}

// View is what one seat (or a spectator, game.Spectator) may see: its own
// hand and exchange, and the public table. It never holds another hand, a
// discarded card, the deck order or a seed.
type View struct {
	Seat    int
	Rules   Rules
	N       int
	Deal    int
	Phase   Phase
	Version int
	Turn    int

	Hand  cards.Set // the viewer's own hand; empty for spectators
	Seats [MaxSeats]SeatView

	Pile       [PileShown]Play // the latest plays of the trick, oldest first
	PileLen    int             // how many of Pile are set
	PilePlays  int             // plays in the whole trick
	PileCount  int             // cards on the pile
	Inverted   bool
	Opening    bool
	Pending    Pending
	Returns    [2]Return
	NReturns   int
	Gave, Got  cards.Set // the viewer's own exchange this deal
	PlayedOut  int       // cards of finished tricks
	Discards   int       // cards discarded face down
	LastPlayer int
	History    [][MaxSeats]Role
}

// View returns what seat may see.
func (s *State) View(seat int) View {
	v := View{
		Seat: seat, Rules: s.Rules, N: s.N, Deal: s.Deal, Phase: s.Phase,
		Version: s.Version, Turn: s.Turn, PilePlays: s.PileLen,
		PileCount: s.PileCards.Len(), Inverted: s.Inverted, Opening: s.Opening,
		Pending: s.Pending, Returns: s.Returns, NReturns: s.NReturns,
		PlayedOut: s.Played.Len(), Discards: s.Discarded.Len(),
		LastPlayer: s.LastPlayer, History: s.History,
	}
	for i := range s.Players[:s.N] {
		p := &s.Players[i]
		v.Seats[i] = SeatView{HandCount: p.Hand.Len(), Passed: p.Passed, Place: p.Place, Role: p.Role, Score: p.Score}
	}
	n := min(s.PileLen, PileShown)
	for i := 0; i < n; i++ {
		v.Pile[i] = s.Pile[(s.PileLen-n+i)%PileShown]
	}
	v.PileLen = n
	if seat >= 0 && seat < s.N {
		p := &s.Players[seat]
		v.Hand, v.Gave, v.Got = p.Hand, p.Gave, p.Got
	}
	return v
}

// Top is the set on top of the pile.
func (v *View) Top() (Set, bool) {
	if v.PileLen == 0 {
		return Set{}, false
	}
	return v.Pile[v.PileLen-1].Set, true
}

// MyTurn reports whether the viewer must play or pass now.
func (v *View) MyTurn() bool {
	return v.Phase == Playing && v.Pending.Kind == 0 && v.Seat >= 0 && v.Turn == v.Seat
}

// Owes returns the exchange return the viewer still owes.
func (v *View) Owes() (Return, bool) {
	if v.Phase != Exchange {
		return Return{}, false
	}
	for _, r := range v.Returns[:v.NReturns] {
		if r.From == v.Seat && !r.Done {
			return r, true
		}
	}
	return Return{}, false
}

// Waiting lists the seats the table waits for: the player to act, the one
// owing a gift or discard, or those owing exchange returns.
func (v *View) Waiting() []int {
	switch {
	case v.Phase == Exchange:
		var out []int
		for _, r := range v.Returns[:v.NReturns] {
			if !r.Done {
				out = append(out, r.From)
			}
		}
		return out
	case v.Phase != Playing:
		return nil
	case v.Pending.Kind != 0:
		return []int{v.Pending.Seat}
	}
	return []int{v.Turn}
}

// Plays lists the legal sets the viewer could play now, one per rank,
// size and number of jokers, using the lowest suits (the 3♦ when opening).
func (v *View) Plays() []Set {
	if !v.MyTurn() {
		return nil
	}
	top, onPile := v.Top()
	return appendPlays(nil, v.Rules, v.Hand, top, onPile, v.Inverted, v.Opening)
}

// Playable is every card of the hand that some legal set uses.
func (v *View) Playable() cards.Set {
	var out cards.Set
	for _, p := range v.Plays() {
		// any natural of a playable rank can stand in for the lowest suit
		out |= p.Cards | v.Hand.OfRank(p.Rank)
	}
	return out
}

// CanPass reports whether the viewer may pass now.
func (v *View) CanPass() bool { return v.MyTurn() && v.PileLen > 0 }

// appendPlays adds to dst every legal set of hand: for each rank, size and
// number of wild jokers, one set using the lowest suits.
func appendPlays(dst []Set, r Rules, hand cards.Set, top Set, onPile, inverted, opening bool) []Set {
	jokers := hand.OfRank(cards.Joker)
	nj := 0
	if r.WildJokers {
		nj = jokers.Len()
	}
	ok := func(set Set) bool {
		if onPile {
			return beats(set, top, inverted)
		}
		return leads(set, opening)
	}
	for o := 0; o < rankJoker; o++ {
		rank := cardRank(o)
		naturals := hand.OfRank(rank)
		k := naturals.Len()
		if k == 0 {
			continue
		}
		if onPile && (inverted && o >= order(top.Rank) || !inverted && o <= order(top.Rank)) {
			continue
		}
		for count := 1; count <= 4; count++ {
			if onPile && count != top.Count {
				continue
			}
			for u := 0; u <= nj && u < count; u++ {
				m := count - u
				if m > k {
					continue
				}
				set := Set{Cards: pickLowest(naturals, m, opening) | pickLowest(jokers, u, false), Rank: rank, Count: count}
				if ok(set) {
					dst = append(dst, set)
				}
			}
		}
	}
	for count := 1; count <= jokers.Len(); count++ {
		set := Set{Cards: pickLowest(jokers, count, false), Rank: cards.Joker, Count: count}
		if ok(set) {
			dst = append(dst, set)
		}
	}
	return dst
}

// pickLowest takes m cards of a group, lowest suit first; withThree puts
// the 3♦ in first.
func pickLowest(group cards.Set, m int, withThree bool) cards.Set {
	var out cards.Set
	if withThree && group.Has(threeOfDiamonds) && m > 0 {
		out = out.With(threeOfDiamonds)
		group = group.Without(threeOfDiamonds)
		m--
	}
	for ; m > 0 && group != 0; m-- {
		c, _ := group.Lowest()
		out = out.With(c)
		group = group.Without(c)
	}
	return out
}

// Legal lists seat's legal actions for UI hints and bots. Plays are listed
// one per rank, size and number of jokers (see View.Plays); a pass when
// following. Gifts, discards and returns can be any cards, so only the
// lowest-card choice is listed, given to the next opponent for a gift.
func Legal(s *State, seat int) []Action {
	v := s.View(seat)
	if seat < 0 || seat >= s.N {
		return nil
	}
	var out []Action
	if a, ok := Auto(&v); ok && a.Kind != PlayCards && a.Kind != Pass {
		return append(out, a)
	}
	for _, p := range v.Plays() {
		out = append(out, Action{Kind: PlayCards, Cards: p.Cards.Cards()})
	}
	if v.CanPass() {
		out = append(out, Action{Kind: Pass})
	}
	return out
}

// Auto is what the table does for a seat whose clock ran out: pass, or the
// lowest legal set when leading, or the lowest cards for a gift (to the
// next opponent), discard or return. ok is false when the seat owes
// nothing.
func Auto(v *View) (a Action, ok bool) {
	switch {
	case v.Seat < 0:
		return Action{}, false
	case v.Phase == Exchange:
		if r, owes := v.Owes(); owes {
			return Action{Kind: ReturnCards, Cards: lowestCards(v.Hand, r.Count).Cards()}, true
		}
	case v.Phase != Playing:
	case v.Pending.Kind == Gift && v.Pending.Seat == v.Seat:
		give := lowestCards(v.Hand, v.Pending.Count).Cards()
		to := v.nextOpponent()
		a = Action{Kind: Gift, Cards: give, To: make([]int, len(give))}
		for i := range a.To {
			a.To[i] = to
		}
		return a, true
	case v.Pending.Kind == Discard && v.Pending.Seat == v.Seat:
		return Action{Kind: Discard, Cards: lowestCards(v.Hand, v.Pending.Count).Cards()}, true
	case v.CanPass():
		return Action{Kind: Pass}, true
	case v.MyTurn():
		if plays := v.Plays(); len(plays) > 0 {
			return Action{Kind: PlayCards, Cards: plays[0].Cards.Cards()}, true
		}
	}
	return Action{}, false
}

// nextOpponent is the next seat after the viewer still holding cards.
func (v *View) nextOpponent() int {
	for i := 1; i < v.N; i++ {
		t := (v.Seat + i) % v.N
		if v.Seats[t].Place == 0 {
			return t
		}
	}
	return -1
}

// Spectating reports whether the view is a spectator's.
func (v *View) Spectating() bool { return v.Seat == game.Spectator }
