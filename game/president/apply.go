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
			return game.Err(CodeActionNotAllowed, "error.president.only_table_deals")
		}
		if s.Phase != DealOver {
			return game.Err(CodeActionNotAllowed, "error.president.deal_not_over")
		}
		s.startDeal(a.Seed, ev)
		return nil
	}
	if seat < 0 || seat >= s.N {
		return game.Err(CodeActionNotAllowed, "error.president.not_seated")
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
	return game.Err(CodeActionNotAllowed, "error.president.unknown_action")
}

// checkTurn is what a play or a pass needs: the play phase, no pending
// effect, a seat still in the deal and in the trick, and its turn.
func (s *State) checkTurn(seat int) error {
	switch {
	case s.Phase == Exchange:
		return game.Err(CodeActionNotAllowed, "error.president.wait_exchange")
	case s.Phase != Playing:
		return game.Err(CodeActionNotAllowed, "error.president.deal_over")
	case s.Pending.Kind == Gift:
		return game.Err(CodeEffectPending, "error.president.wait_gift", cardsArg("Cards", s.Pending.Count))
	case s.Pending.Kind == Discard:
		return game.Err(CodeEffectPending, "error.president.wait_discard", cardsArg("Cards", s.Pending.Count))
	case s.Players[seat].Place != 0:
		return game.Err(CodeActionNotAllowed, "error.president.out_of_deal")
	case s.Players[seat].Passed:
		return game.Err(CodeAlreadyPassed, "error.president.passed")
	case s.Turn != seat:
		return game.Err(CodeNotYourTurn, "error.president.not_turn")
	}
	return nil
}

// cardSet checks a list of cards is free of duplicates and held by seat.
func (s *State) cardSet(seat int, cs []cards.Card, code string) (cards.Set, error) {
	var set cards.Set
	for _, c := range cs {
		if c > cards.BlackJoker {
			return 0, game.Err(code, "error.president.not_a_card")
		}
		if set.Has(c) {
			return 0, game.Err(code, "error.president.card_twice")
		}
		set = set.With(c)
	}
	if set&^s.Players[seat].Hand != 0 {
		return 0, game.Err(CodeOwnership, "error.president.not_held", facesArg("Cards", set&^s.Players[seat].Hand))
	}
	return set, nil
}

// MakeSet reads cards as a set under the rules: 1–4 cards of one rank,
// jokers standing in (wild) or alone (pure joker set).
func (r Rules) MakeSet(cs cards.Set) (Set, error) {
	n := cs.Len()
	if n < 1 || n > 4 {
		return Set{}, game.Err(CodePatternMismatch, "error.president.one_to_four")
	}
	naturals := cs &^ cs.OfRank(cards.Joker)
	if naturals == 0 {
		return Set{Cards: cs, Rank: cards.Joker, Count: n}, nil
	}
	low, _ := naturals.Lowest()
	rank := low.Rank()
	if naturals.OfRank(rank) != naturals {
		return Set{}, game.Err(CodePatternMismatch, "error.president.same_rank")
	}
	if naturals != cs && !r.WildJokers {
		return Set{}, game.Err(CodePatternMismatch, "error.president.jokers_together")
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
		return game.Err(CodePatternMismatch, "error.president.count", i18n.Count(top.Count), numberArg(top.Count))
	}
	follow := []i18n.Arg{i18n.K("Pattern", patternKeys[top.Count]), i18n.K("Rank", ranksKeys[top.Rank])}
	if inverted {
		return game.Err(CodeRankTooLow, "error.president.follow_inverted", follow...)
	}
	return game.Err(CodeRankTooLow, "error.president.follow", follow...)
}

// patternKeys name a set's shape by its count ("a pair"); ranksKeys a
// rank in the plural ("nines"), as the status line says them.
var patternKeys = [...]string{1: "president.pattern.1", 2: "president.pattern.2", 3: "president.pattern.3", 4: "president.pattern.4"}

var ranksKeys = [...]string{cards.Two: "card.ranks.2", cards.Three: "card.ranks.3", cards.Four: "card.ranks.4", cards.Five: "card.ranks.5",
	cards.Six: "card.ranks.6", cards.Seven: "card.ranks.7", cards.Eight: "card.ranks.8", cards.Nine: "card.ranks.9", cards.Ten: "card.ranks.10",
	cards.Jack: "card.ranks.11", cards.Queen: "card.ranks.12", cards.King: "card.ranks.13", cards.Ace: "card.ranks.14", cards.Joker: "card.ranks.15"}

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
		return game.Err(CodeActionNotAllowed, "error.president.open_with_three")
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
		return game.Err(CodeActionNotAllowed, "error.president.you_lead")
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
		return game.Err(CodeActionNotAllowed, "error.president.nothing_to_"+k.String())
	}
	if s.Pending.Seat != seat || s.Pending.Kind != k {
		return game.Err(CodeEffectPending, "error.president.wait_other_"+s.Pending.Kind.String())
	}
	return nil
}

func (s *State) gift(seat int, a Action, ev *events) error {
	if err := s.pendingFor(seat, Gift); err != nil {
		return err
	}
	want := s.Pending.Count
	if len(a.Cards) != want || len(a.To) != len(a.Cards) {
		return game.Err(CodeInvalidGiftDistribution, "error.president.give_exactly", cardsArg("Cards", want))
	}
	chosen, err := s.cardSet(seat, a.Cards, CodeInvalidGiftDistribution)
	if err != nil {
		return err
	}
	var to [MaxSeats]cards.Set
	for i, r := range a.To {
		if r < 0 || r >= s.N || r == seat || s.Players[r].Place != 0 {
			return game.Err(CodeInvalidGiftDistribution, "error.president.give_to_opponents")
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
		return game.Err(CodeInvalidDiscardSelection, "error.president.discard_exactly", cardsArg("Cards", want))
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
		return game.Err(CodeActionNotAllowed, "error.president.return_in_exchange")
	}
	var r *Return
	for i := range s.Returns[:s.NReturns] {
		if s.Returns[i].From == seat && !s.Returns[i].Done {
			r = &s.Returns[i]
		}
	}
	if r == nil {
		return game.Err(CodeActionNotAllowed, "error.president.nothing_to_return")
	}
	if len(cs) != r.Count {
		return game.Err(CodeActionNotAllowed, "error.president.return_exactly", cardsArg("Cards", r.Count))
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
