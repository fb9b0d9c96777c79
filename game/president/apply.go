package president

import (
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/i18n"
)

// Apply makes seat's move. It returns the new state and the events of the
// move, or the unchanged state and a *game.Error with one of the spec's
// codes. The version grows by one with every accepted move.
func Apply(s State, seat int, a Action) (State, []game.Event, error) {
	next := s
	var ev events
	if err := next.step(seat, a, &ev); err != nil {
		return s, nil, err
	}
	next.Version++
	return next, ev.list, nil
}

func (s *State) step(seat int, a Action, ev *events) error {
	if a.Kind == Deal {
		if seat != game.System {
			return game.Errorf(CodeActionNotAllowed, "Only the table deals")
		}
		if s.Phase != DealOver {
			return game.Errorf(CodeActionNotAllowed, "The deal is still being played")
		}
		s.startDeal(a.Seed, ev)
		return nil
	}
	if seat < 0 || seat >= s.N {
		return game.Errorf(CodeActionNotAllowed, "You are not seated at this table")
	}
	switch a.Kind {
	case PlayCards, Pass:
		if err := s.checkTurn(seat); err != nil {
			return err
		}
		if a.Kind == Pass {
			return s.pass(seat, ev)
		}
		return s.play(seat, a.Cards, ev)
	case Gift:
		return s.gift(seat, a, ev)
	case Discard:
		return s.discard(seat, a.Cards, ev)
	case ReturnCards:
		return s.giveBack(seat, a.Cards, ev)
	}
	return game.Errorf(CodeActionNotAllowed, "Unknown action")
}

// checkTurn is what a play or a pass needs: the play phase, no pending
// effect, a seat still in the deal and in the trick, and its turn.
func (s *State) checkTurn(seat int) error {
	switch {
	case s.Phase == Exchange:
		return game.Errorf(CodeActionNotAllowed, "Wait for the exchange of cards to finish")
	case s.Phase != Playing:
		return game.Errorf(CodeActionNotAllowed, "The deal is over: wait for the next one")
	case s.Pending.Kind == Gift:
		return game.Errorf(CodeEffectPending, "Wait: "+countCards(s.Pending.Count)+" must be given first (7s)")
	case s.Pending.Kind == Discard:
		return game.Errorf(CodeEffectPending, "Wait: "+countCards(s.Pending.Count)+" must be discarded first (10s)")
	case s.Players[seat].Place != 0:
		return game.Errorf(CodeActionNotAllowed, "You are out of this deal")
	case s.Players[seat].Passed:
		return game.Errorf(CodeAlreadyPassed, "You passed: wait for the next trick")
	case s.Turn != seat:
		return game.Errorf(CodeNotYourTurn, "It is not your turn")
	}
	return nil
}

// cardSet checks a list of cards is free of duplicates and held by seat.
func (s *State) cardSet(seat int, cs []cards.Card, code string) (cards.Set, error) {
	var set cards.Set
	for _, c := range cs {
		if c > cards.BlackJoker {
			return 0, game.Errorf(code, "That is not a card")
		}
		if set.Has(c) {
			return 0, game.Errorf(code, "The same card is chosen twice")
		}
		set = set.With(c)
	}
	if set&^s.Players[seat].Hand != 0 {
		return 0, game.Errorf(CodeOwnership, "You don't hold "+describeCards(set&^s.Players[seat].Hand))
	}
	return set, nil
}

// MakeSet reads cards as a set under the rules: 1–4 cards of one rank,
// jokers standing in (wild) or alone (pure joker set).
func (r Rules) MakeSet(cs cards.Set) (Set, error) {
	n := cs.Len()
	if n < 1 || n > 4 {
		return Set{}, game.Errorf(CodePatternMismatch, "Play 1 to 4 cards of one rank")
	}
	naturals := cs &^ cs.OfRank(cards.Joker)
	if naturals == 0 {
		return Set{Cards: cs, Rank: cards.Joker, Count: n}, nil
	}
	low, _ := naturals.Lowest()
	rank := low.Rank()
	if naturals.OfRank(rank) != naturals {
		return Set{}, game.Errorf(CodePatternMismatch, "All cards of a set must have the same rank")
	}
	if naturals != cs && !r.WildJokers {
		return Set{}, game.Errorf(CodePatternMismatch, "Jokers can only be played together, as a set of jokers")
	}
	return Set{Cards: cs, Rank: rank, Count: n}, nil
}

// Beats reports whether set may be played on top under the inversion flag,
// or the error that says why not.
func Beats(set, top Set, inverted bool) error {
	if beats(set, top, inverted) {
		return nil
	}
	if set.Count != top.Count {
		return game.Errorf(CodePatternMismatch, "Play "+countWords[top.Count]+" cards of one rank, or pass")
	}
	if inverted {
		return game.Errorf(CodeRankTooLow, "The trick is inverted: p"+FollowHint(top, true)[1:])
	}
	return game.Errorf(CodeRankTooLow, "P"+FollowHint(top, false)[1:])
}

// FollowHint says what beats top: "play a pair higher than nines, or pass".
func FollowHint(top Set, inverted bool) string {
	dir := " higher than "
	if inverted {
		dir = " lower than "
	}
	return "play " + patternNames[top.Count] + dir + top.Rank.Plural() + ", or pass"
}

var patternNames = [...]string{"", "a single", "a pair", "three of a kind", "four of a kind"}

var threeOfDiamonds = cards.New(cards.Three, cards.Diamonds)

func beats(set, top Set, inverted bool) bool {
	if set.Count != top.Count {
		return false
	}
	if inverted {
		return order(set.Rank) < order(top.Rank)
	}
	return order(set.Rank) > order(top.Rank)
}

// leads reports whether set may open a trick (see checkLead).
func leads(set Set, opening bool) bool {
	return !opening || set.Rank == cards.Three && set.Cards.Has(threeOfDiamonds)
}

// checkLead is the opening rule: the deal's first set is 3s with the 3♦.
func checkLead(set Set, opening bool) error {
	if !leads(set, opening) {
		return game.Errorf(CodeActionNotAllowed, "Open the deal with the 3♦, alone or with other 3s")
	}
	return nil
}

func (s *State) play(seat int, cs []cards.Card, ev *events) error {
	chosen, err := s.cardSet(seat, cs, CodePatternMismatch)
	if err != nil {
		return err
	}
	set, err := s.Rules.MakeSet(chosen)
	if err != nil {
		return err
	}
	top, onPile := s.Top()
	if onPile {
		err = Beats(set, top, s.Inverted)
	} else {
		err = checkLead(set, s.Opening)
	}
	if err != nil {
		return err
	}

	// The move is legal: from here on nothing fails.
	wasInverted := s.Inverted
	p := &s.Players[seat]
	p.Hand &^= set.Cards
	s.Pile[s.PileLen%PileShown] = Play{Seat: seat, Set: set}
	s.PileLen++
	s.PileCards |= set.Cards
	s.LastPlayer = seat
	s.Opening = false
	ev.add(playMsg(seat, set), nil)
	if p.Hand == 0 {
		s.goOut(seat, ev)
	}
	if s.dealDone(ev) {
		return nil
	}

	left := p.Hand.Len()
	switch {
	case set.Rank == cards.Seven && left > 0:
		s.Pending = Pending{Kind: Gift, Seat: seat, Count: min(set.Count, left)}
		ev.add(i18n.M("log.president.must_give", i18n.SeatArg("Seat", seat), cardsArg("Cards", s.Pending.Count)), nil)
	case set.Rank == cards.Eight:
		ev.add(i18n.M("log.president.eights"), nil)
		s.endTrick(s.holderFrom(seat), ev)
	case set.Rank == cards.Ten && left > 0:
		s.Pending = Pending{Kind: Discard, Seat: seat, Count: min(set.Count, left)}
		ev.add(i18n.M("log.president.must_discard", i18n.SeatArg("Seat", seat), cardsArg("Cards", s.Pending.Count)), nil)
	case set.Rank == cards.Ten:
		s.endTrick(s.holderAfter(seat), ev)
	case set.Rank == cards.Three && wasInverted:
		ev.add(i18n.M("log.president.three_on_inverted"), nil)
		s.endTrick(s.holderFrom(seat), ev)
	default:
		if set.Rank == cards.Jack && !s.Inverted {
			s.Inverted = true
			ev.add(i18n.M("log.president.jacks_invert"), nil)
		}
		s.passTurn(seat, ev)
	}
	return nil
}

func (s *State) pass(seat int, ev *events) error {
	if s.PileLen == 0 {
		return game.Errorf(CodeActionNotAllowed, "You lead this trick: play any set")
	}
	s.Players[seat].Passed = true
	ev.add(say("log.president.passes", seat), nil)
	next := s.activeAfter(seat)
	switch {
	case next == s.LastPlayer:
		s.endTrick(next, ev)
	case next < 0:
		s.endTrick(s.holderAfter(s.LastPlayer), ev)
	default:
		s.Turn = next
	}
	return nil
}

// passTurn moves play on after seat's set: to the next seat still in the
// trick, or, when everyone else has passed, ends the trick.
func (s *State) passTurn(seat int, ev *events) {
	if next := s.activeAfter(seat); next >= 0 && next != seat {
		s.Turn = next
		return
	}
	s.endTrick(s.holderFrom(seat), ev)
}

// pendingFor checks that seat owes the pending effect of kind k.
func (s *State) pendingFor(seat int, k Kind) error {
	if s.Phase != Playing || s.Pending.Kind == 0 {
		return game.Errorf(CodeActionNotAllowed, "There is nothing to "+k.String()+" now")
	}
	if s.Pending.Seat != seat || s.Pending.Kind != k {
		return game.Errorf(CodeEffectPending, "Wait: another player must finish their "+s.Pending.Kind.String()+" first")
	}
	return nil
}

func (s *State) gift(seat int, a Action, ev *events) error {
	if err := s.pendingFor(seat, Gift); err != nil {
		return err
	}
	want := s.Pending.Count
	if len(a.Cards) != want || len(a.To) != len(a.Cards) {
		return game.Errorf(CodeInvalidGiftDistribution, "Give exactly "+countCards(want)+" to your opponents")
	}
	chosen, err := s.cardSet(seat, a.Cards, CodeInvalidGiftDistribution)
	if err != nil {
		return err
	}
	var to [MaxSeats]cards.Set
	for i, r := range a.To {
		if r < 0 || r >= s.N || r == seat || s.Players[r].Place != 0 {
			return game.Errorf(CodeInvalidGiftDistribution, "Give only to opponents still holding cards")
		}
		to[r] = to[r].With(a.Cards[i])
	}
	s.Players[seat].Hand &^= chosen
	for r, given := range to {
		if given == 0 {
			continue
		}
		s.Players[r].Hand |= given
		ev.add(i18n.M("log.president.gives", i18n.SeatArg("Seat", seat), cardsArg("Cards", given.Len()), i18n.SeatArg("To", r)), nil)
		ev.add(i18n.M("log.president.gives", i18n.SeatArg("Seat", seat), facesArg("Cards", given), i18n.SeatArg("To", r)), []int{seat, r})
	}
	s.Pending = Pending{}
	if s.Players[seat].Hand == 0 {
		s.goOut(seat, ev)
	}
	if s.dealDone(ev) {
		return nil
	}
	s.passTurn(seat, ev)
	return nil
}

func (s *State) discard(seat int, cs []cards.Card, ev *events) error {
	if err := s.pendingFor(seat, Discard); err != nil {
		return err
	}
	want := s.Pending.Count
	if len(cs) != want {
		return game.Errorf(CodeInvalidDiscardSelection, "Discard exactly "+countCards(want))
	}
	chosen, err := s.cardSet(seat, cs, CodeInvalidDiscardSelection)
	if err != nil {
		return err
	}
	s.Players[seat].Hand &^= chosen
	s.Discarded |= chosen
	s.Pending = Pending{}
	ev.add(i18n.M("log.president.discards", i18n.SeatArg("Seat", seat), cardsArg("Cards", want)), nil)
	if s.Players[seat].Hand == 0 {
		s.goOut(seat, ev)
	}
	if s.dealDone(ev) {
		return nil
	}
	s.endTrick(s.holderAfter(seat), ev)
	return nil
}

func (s *State) giveBack(seat int, cs []cards.Card, ev *events) error {
	if s.Phase != Exchange {
		return game.Errorf(CodeActionNotAllowed, "Cards are returned only in the exchange")
	}
	var r *Return
	for i := range s.Returns[:s.NReturns] {
		if s.Returns[i].From == seat && !s.Returns[i].Done {
			r = &s.Returns[i]
		}
	}
	if r == nil {
		return game.Errorf(CodeActionNotAllowed, "You have no cards to give back")
	}
	if len(cs) != r.Count {
		return game.Errorf(CodeActionNotAllowed, "Choose exactly "+countCards(r.Count)+" to give back")
	}
	chosen, err := s.cardSet(seat, cs, CodeActionNotAllowed)
	if err != nil {
		return err
	}
	s.Players[seat].Hand &^= chosen
	s.Players[seat].Gave |= chosen
	s.Players[r.To].Hand |= chosen
	s.Players[r.To].Got |= chosen
	r.Done = true
	ev.add(i18n.M("log.president.returns", i18n.SeatArg("Seat", seat), cardsArg("Cards", r.Count), i18n.SeatArg("To", r.To)), nil)
	ev.add(i18n.M("log.president.returns", i18n.SeatArg("Seat", seat), facesArg("Cards", chosen), i18n.SeatArg("To", r.To)), []int{seat, r.To})
	for _, other := range s.Returns[:s.NReturns] {
		if !other.Done {
			return nil
		}
	}
	s.startPlay(ev)
	return nil
}

// activeAfter is the next seat after from still in the trick (holding cards
// and not passed), from itself last; -1 if none.
func (s *State) activeAfter(from int) int {
	for i := 1; i <= s.N; i++ {
		t := (from + i) % s.N
		if p := &s.Players[t]; p.Place == 0 && !p.Passed {
			return t
		}
	}
	return -1
}

// holderAfter is the next seat after from still holding cards.
func (s *State) holderAfter(from int) int {
	for i := 1; i <= s.N; i++ {
		if t := (from + i) % s.N; s.Players[t].Place == 0 {
			return t
		}
	}
	return -1
}

// holderFrom is from itself if it still holds cards, else the next holder.
func (s *State) holderFrom(from int) int {
	if s.Players[from].Place == 0 {
		return from
	}
	return s.holderAfter(from)
}

// endTrick clears the pile and gives the lead.
func (s *State) endTrick(leader int, ev *events) {
	s.Played |= s.PileCards
	s.PileCards, s.PileLen, s.LastPlayer, s.Inverted = 0, 0, -1, false
	for i := range s.Players[:s.N] {
		s.Players[i].Passed = false
	}
	s.Turn = leader
	ev.add(say("log.president.cleared", leader), nil)
}

func (s *State) goOut(seat int, ev *events) {
	s.Finished++
	s.Players[seat].Place = s.Finished
	ev.add(i18n.M("log.president.out", i18n.SeatArg("Seat", seat), i18n.Ord("Place", s.Finished)), nil)
}

// dealDone ends the deal when one player is left holding cards.
func (s *State) dealDone(ev *events) bool {
	if s.Finished < s.N-1 {
		return false
	}
	last := s.holderAfter(0)
	s.Finished++
	s.Players[last].Place = s.Finished
	s.Played |= s.PileCards
	s.PileCards, s.PileLen, s.LastPlayer, s.Inverted = 0, 0, -1, false
	s.Pending = Pending{}
	s.Turn = -1
	s.Phase = DealOver
	roles := s.Rules.RolesFor(s.N)
	var row [MaxSeats]Role
	for i := range s.Players[:s.N] {
		p := &s.Players[i]
		p.Passed = false
		p.Role = roles[p.Place-1]
		p.Score += p.Role.Points()
		row[i] = p.Role
	}
	hist := make([][MaxSeats]Role, len(s.History), len(s.History)+1)
	copy(hist, s.History)
	s.History = append(hist, row)
	ev.add(say("log.president.last", last), nil)
	ev.add(i18n.M("log.president.deal_over", i18n.N("Deal", s.Deal)), nil)
	return true
}
