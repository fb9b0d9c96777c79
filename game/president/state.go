package president

import (
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/i18n"
)

// Phase of a deal.
type Phase uint8

// Phases.
const (
	// Exchange: the automatic gives are done; the President and Vice
	// President choose the cards they return.
	Exchange Phase = iota + 1
	// Playing: tricks are played.
	Playing
	// DealOver: one player is left holding cards; roles are assigned and
	// the table waits for the next deal.
	DealOver
)

func (p Phase) String() string {
	switch p {
	case Exchange:
		return "exchange"
	case Playing:
		return "play"
	case DealOver:
		return "deal over"
	}
	return "?"
}

// Player is one seat's part of the state.
type Player struct {
	Hand   cards.Set
	Passed bool // passed in the current trick
	Place  int  // finishing place in this deal, 0 while holding cards
	Role   Role // role earned in the last finished deal
	Score  int  // match points
	// Gave and Got are the cards this seat passed and took in this deal's
	// exchange; only this seat (and its partner) may see them.
	Gave, Got cards.Set
}

// Set is a legal set of one rank: its cards, the rank they count as, and
// how many cards.
type Set struct {
	Cards cards.Set
	Rank  cards.Rank
	Count int
}

// Play is a set on the pile and who played it.
type Play struct {
	Seat int
	Set
}

// PileShown is how many of the latest plays of a trick the state keeps for
// display; every card of the trick is still counted in PileCards.
const PileShown = 4

// Pending is a gift or discard the deal waits for.
type Pending struct {
	Kind  Kind // Gift or Discard; zero when nothing is pending
	Seat  int
	Count int
}

// Return is a card return owed in the exchange phase.
type Return struct {
	From, To int
	Count    int
	Done     bool
}

// State is a whole match at one table. It is a value: copying it copies
// everything but History, which is never changed in place.
type State struct {
	Rules   Rules
	N       int
	Players [MaxSeats]Player
	Deal    int
	Dealer  int
	Phase   Phase
	Turn    int // seat to act in Play, -1 otherwise
	Version int

	// The current trick: the latest plays (Pile[PileLen-1] on top, at most
	// PileShown kept), every card on the pile, and who played last.
	Pile       [PileShown]Play
	PileLen    int
	PileCards  cards.Set
	LastPlayer int
	Inverted   bool
	// Opening is set until the first play of a deal that must be 3s with
	// the 3♦.
	Opening bool
	Pending Pending

	Played    cards.Set // cards of finished tricks
	Discarded cards.Set // face-down discards (10s)
	Finished  int       // how many players are out

	Returns  [2]Return
	NReturns int

	// History holds the roles of every finished deal, by seat.
	History [][MaxSeats]Role
}

// Top is the set on top of the pile; ok is false on an empty pile.
func (s *State) Top() (Set, bool) {
	if s.PileLen == 0 {
		return Set{}, false
	}
	return s.Pile[(s.PileLen-1)%PileShown].Set, true
}

// RecentPlays lists the plays of the current trick still kept, oldest first.
func (s *State) RecentPlays() []Play {
	n := min(s.PileLen, PileShown)
	out := make([]Play, 0, n)
	for i := s.PileLen - n; i < s.PileLen; i++ {
		out = append(out, s.Pile[i%PileShown])
	}
	return out
}

// DeckSize is the number of cards in play at this table.
func (s *State) DeckSize() int { return 52 + s.Rules.Jokers }

// New starts a match of n players: it deals the first deal from seed.
func New(r Rules, n int, seed uint64) (State, []game.Event, error) {
	if n < r.MinPlayers || n > r.MaxPlayers || n > MaxSeats || n < 2 {
		return State{}, nil, game.Err(CodeActionNotAllowed, "error.president.ruleset_needs", i18n.N("Min", r.MinPlayers), i18n.N("Max", r.MaxPlayers))
	}
	if r.Jokers < 0 || r.Jokers > 2 {
		return State{}, nil, game.Err(CodeActionNotAllowed, "error.president.jokers_range")
	}
	s := State{Rules: r, N: n, Turn: -1, LastPlayer: -1}
	var ev events
	s.startDeal(seed, &ev)
	return s, ev.list, nil
}

// startDeal shuffles and deals the next deal and, from deal 2 on, makes the
// automatic exchange gives.
func (s *State) startDeal(seed uint64, ev *events) {
	s.Deal++
	s.Dealer = (s.Deal + s.N - 2) % s.N // deal 1: the last seat deals, seat 0 gets the first card
	deck := cards.Deck(s.Rules.Jokers)
	cards.Shuffle(deck, cards.NewSource(seed, uint64(s.Deal)))
	for i := range s.Players[:s.N] {
		p := &s.Players[i]
		p.Hand, p.Passed, p.Place, p.Gave, p.Got = 0, false, 0, 0, 0
	}
	for i, c := range deck {
		seat := (s.Dealer + 1 + i) % s.N
		s.Players[seat].Hand = s.Players[seat].Hand.With(c)
	}
	s.PileLen, s.PileCards, s.LastPlayer, s.Inverted = 0, 0, -1, false
	s.Played, s.Discarded, s.Finished = 0, 0, 0
	s.Pending = Pending{}
	s.NReturns = 0
	s.Turn = -1
	ev.add(i18n.M("log.president.deals", i18n.N("Deal", s.Deal), i18n.SeatArg("Seat", s.Dealer)), nil)

	if s.Deal == 1 {
		s.startPlay(ev)
		return
	}
	roles := s.seatsByRole()
	s.exchange(roles[Asshole], roles[President], 2, ev)
	s.exchange(roles[Scumbag], roles[VicePresident], 1, ev)
	if s.NReturns == 0 {
		s.startPlay(ev)
		return
	}
	s.Phase = Exchange
}

// seatsByRole maps each role held to its seat (-1 when nobody holds it).
func (s *State) seatsByRole() [Asshole + 1]int {
	var out [Asshole + 1]int
	for i := range out {
		out[i] = -1
	}
	for i := range s.Players[:s.N] {
		if r := s.Players[i].Role; r != NoRole && r != Citizen {
			out[r] = i
		}
	}
	return out
}

// exchange moves from's best n cards to to and records the return owed.
func (s *State) exchange(from, to, n int, ev *events) {
	if from < 0 || to < 0 {
		return
	}
	best := bestCards(s.Players[from].Hand, n)
	s.Players[from].Hand &^= best
	s.Players[from].Gave |= best
	s.Players[to].Hand |= best
	s.Players[to].Got |= best
	s.Returns[s.NReturns] = Return{From: to, To: from, Count: best.Len()}
	s.NReturns++
	ev.add(i18n.M("log.president.gives_best_cards", i18n.SeatArg("Seat", from), i18n.Count(best.Len()), numberArg(best.Len()), i18n.SeatArg("To", to)), nil)
	ev.add(i18n.M("log.president.gives", i18n.SeatArg("Seat", from), facesArg("Cards", best), i18n.SeatArg("To", to)), []int{from, to})
}

// startPlay opens the first trick of the deal.
func (s *State) startPlay(ev *events) {
	s.Phase = Playing
	if s.Deal > 1 && s.Rules.AssholeLeads {
		s.Turn = s.seatsByRole()[Asshole]
		s.Opening = false
		ev.add(say("log.president.asshole_leads", s.Turn), nil)
		return
	}
	three := cards.New(cards.Three, cards.Diamonds)
	for i := range s.Players[:s.N] {
		if s.Players[i].Hand.Has(three) {
			s.Turn = i
		}
	}
	s.Opening = true
	ev.add(say("log.president.three_leads", s.Turn), nil)
}

// bestCards picks the n highest cards in normal order (jokers first, then
// 2s, aces …), breaking ties by the fixed suit order.
func bestCards(h cards.Set, n int) cards.Set {
	var out cards.Set
	for r := rankJoker; r >= 0 && n > 0; r-- {
		group := h.OfRank(cardRank(r)).Cards()
		for i := len(group) - 1; i >= 0 && n > 0; i-- {
			out = out.With(group[i])
			n--
		}
	}
	return out
}

// lowestCards picks the n lowest cards in normal order.
func lowestCards(h cards.Set, n int) cards.Set {
	var out cards.Set
	for r := 0; r <= rankJoker && n > 0; r++ {
		for _, c := range h.OfRank(cardRank(r)).Cards() {
			if n == 0 {
				break
			}
			out = out.With(c)
			n--
		}
	}
	return out
}

// President order: 3 is 0 … A is 11, 2 is 12, JOKER 13.
const rankJoker = 13

func order(r cards.Rank) int {
	switch r {
	case cards.Joker:
		return rankJoker
	case cards.Two:
		return 12
	}
	return int(r) - 3
}

func cardRank(o int) cards.Rank {
	switch o {
	case rankJoker:
		return cards.Joker
	case 12:
		return cards.Two
	}
	return cards.Rank(o + 3)
}

// Actor is a seat the table is waiting for, or -1 when none (deal over):
// the player owing a gift or discard, the player to play, or the first
// player owing an exchange return.
func (s *State) Actor() int {
	switch s.Phase {
	case Playing:
		if s.Pending.Kind != 0 {
			return s.Pending.Seat
		}
		return s.Turn
	case Exchange:
		for _, r := range s.Returns[:s.NReturns] {
			if !r.Done {
				return r.From
			}
		}
	}
	return -1
}
