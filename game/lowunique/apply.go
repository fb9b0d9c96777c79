package lowunique

import (
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
)

// Kind of action.
type Kind uint8

// Kinds. Expire, Next and End are the table's own (seat game.System): the
// Reveal timer ran out; the pause after a resolution is over; fewer than
// two players remain (the design note, §5.4: "If <2 connected players
// remain after grace period: end game early"), so the game ends with the
// standings as they are.
const (
	SelectPair Kind = iota + 1
	Ready
	ChooseCard
	Expire
	Next
	Rematch
	End
)

var kindNames = [...]string{"", "select", "ready", "choose", "expire", "next", "rematch", "end"}

func (k Kind) String() string { return kindNames[k] }

// Action is one move: Pair for SelectPair, Card for ChooseCard.
type Action struct {
	Kind Kind
	Pair [2]int `json:",omitzero"`
	Card int    `json:",omitempty"`
}

// Error codes of the spec.
const (
	CodeNotYourTurn   = game.CodeNotYourTurn   // the action does not fit the phase, or was made already
	CodeInvalidAction = game.CodeInvalidAction // a card the player can't use
)

// Apply makes seat's move and returns the new state and the events, or the
// unchanged state and a *game.Error.
func Apply(s State, seat int, a Action) (State, []game.Event, error) {
	next := s
	var ev []game.Event
	if err := next.step(seat, a, &ev); err != nil {
		return s, nil, err
	}
	next.Version++
	return next, ev, nil
}

func (s *State) step(seat int, a Action, ev *[]game.Event) error {
	switch a.Kind {
	case Expire, Next, End:
		if seat != game.System {
			return game.Err(CodeNotYourTurn, "error.lowunique.only_table_moves_game")
		}
		if a.Kind == End {
			if s.Phase == Over {
				return game.Err(CodeNotYourTurn, "error.lowunique.game_over")
			}
			*ev = append(*ev, game.Say("log.lowunique.ends_after", i18n.Count(len(s.Results)), i18n.N("Rounds", s.Rules.Rounds)))
			s.gameOver(ev)
			return nil
		}
		if a.Kind == Expire {
			if s.Phase != Reveal {
				return game.Err(CodeNotYourTurn, "error.lowunique.no_timer_running")
			}
			*ev = append(*ev, game.Say("log.lowunique.time_up"))
			s.startChoose()
			return nil
		}
		if s.Phase != Resolved {
			return game.Err(CodeNotYourTurn, "error.lowunique.round_not_over")
		}
		s.nextRound(ev)
		return nil
	case SelectPair, Ready, ChooseCard, Rematch:
	default:
		return game.Err(CodeInvalidAction, "error.lowunique.unknown_action")
	}
	if seat < 0 || seat >= s.N {
		return game.Err(CodeNotYourTurn, "error.lowunique.are_not_playing_table")
	}
	p := &s.Players[seat]
	switch a.Kind {
	case SelectPair:
		if s.Phase != Select {
			return game.Err(CodeNotYourTurn, "error.lowunique.not_time_select_pair")
		}
		if p.Selected() {
			return game.Err(CodeNotYourTurn, "error.lowunique.have_selected_pair_already")
		}
		x, y := min(a.Pair[0], a.Pair[1]), max(a.Pair[0], a.Pair[1])
		if x == y || !p.Hand.Has(x) || !p.Hand.Has(y) {
			return game.Err(CodeInvalidAction, "error.lowunique.select_two_different_cards")
		}
		p.Pair = [2]int{x, y}
		*ev = append(*ev, game.Say("log.lowunique.selected", i18n.SeatArg("Seat", seat)),
			game.Event{Msg: i18n.M("log.lowunique.you_select", i18n.SeatArg("Seat", seat), i18n.N("Low", p.Pair[0]), i18n.N("High", p.Pair[1])), Only: []int{seat}, Twin: true})
		if len(s.Waiting()) == 0 {
			s.Phase = Reveal
			pairs := make([]i18n.Arg, s.N)
			for i := range pairs {
				pr := s.Players[i].Pair
				pairs[i] = i18n.Nest("", i18n.M("lowunique.seat_pair", i18n.SeatArg("Seat", i), i18n.N("Low", pr[0]), i18n.N("High", pr[1])))
			}
			*ev = append(*ev, game.Say("log.lowunique.pairs_in", i18n.SeriesOf("Pairs", pairs...)))
		}
	case Ready:
		if s.Phase != Reveal {
			return game.Err(CodeNotYourTurn, "error.lowunique.nothing_to_be_ready_for")
		}
		if p.Ready {
			return game.Err(CodeNotYourTurn, "error.lowunique.are_ready_already")
		}
		p.Ready = true
		*ev = append(*ev, game.Say("log.lowunique.ready", i18n.SeatArg("Seat", seat)))
		if len(s.Waiting()) == 0 {
			*ev = append(*ev, game.Say("log.lowunique.all_ready"))
			s.startChoose()
		}
	case ChooseCard:
		if s.Phase != Choose {
			return game.Err(CodeNotYourTurn, "error.lowunique.not_time_choose_card")
		}
		if p.Chosen != 0 {
			return game.Err(CodeNotYourTurn, "error.lowunique.have_chosen_card_already")
		}
		if a.Card != p.Pair[0] && a.Card != p.Pair[1] {
			return game.Err(CodeInvalidAction, "error.lowunique.choose_of_pair", i18n.N("Low", p.Pair[0]), i18n.N("High", p.Pair[1]))
		}
		p.Chosen = a.Card
		*ev = append(*ev, game.Say("log.lowunique.chosen", i18n.SeatArg("Seat", seat)),
			game.Event{Msg: i18n.M("log.lowunique.you_play", i18n.SeatArg("Seat", seat), i18n.N("Card", a.Card)), Only: []int{seat}, Twin: true})
		if len(s.Waiting()) == 0 {
			s.resolve(ev)
		}
	case Rematch:
		if s.Phase != Over {
			return game.Err(CodeNotYourTurn, "error.lowunique.game_not_over")
		}
		final := make([]int, s.N)
		for i := range final {
			final[i] = s.Players[i].Score
		}
		s.Finals = append(append([][]int(nil), s.Finals...), final)
		s.Game++
		s.deal()
		*ev = append(*ev, game.Say("log.lowunique.rematch", i18n.SeatArg("Seat", seat), i18n.N("Game", s.Game)))
	}
	return nil
}

func (s *State) startChoose() {
	s.Phase = Choose
	for i := 0; i < s.N; i++ {
		s.Players[i].Ready = false
	}
}

// Resolve finds the lowest value chosen by exactly one player, scores it,
// benches the chosen cards and ends the round (or the game).
func (s *State) resolve(ev *[]game.Event) {
	var count [MaxCards + 1]int
	r := RoundResult{Round: s.Round, Winner: -1}
	plays := make([]i18n.Arg, s.N)
	for i := 0; i < s.N; i++ {
		p := &s.Players[i]
		count[p.Chosen]++
		r.Pairs = append(r.Pairs, p.Pair)
		r.Chosen = append(r.Chosen, p.Chosen)
		plays[i] = i18n.Nest("", i18n.M("lowunique.seat_plays", i18n.SeatArg("Seat", i), i18n.N("Card", p.Chosen)))
	}
	*ev = append(*ev, game.Say("log.lowunique.round_plays", i18n.N("Round", s.Round), i18n.SeriesOf("Plays", plays...)))
	for v := 1; v <= s.Rules.Cards && r.Lowest == 0; v++ {
		if count[v] == 1 {
			r.Lowest = v
		}
	}
	for i := 0; i < s.N; i++ {
		p := &s.Players[i]
		if p.Chosen == r.Lowest {
			r.Winner = i
			p.Score += r.Lowest
		}
		p.Hand, p.Bench = p.Hand.without(p.Chosen), p.Bench.with(p.Chosen)
	}
	if r.Winner >= 0 {
		*ev = append(*ev, game.Say("log.lowunique.lowest", i18n.N("Card", r.Lowest), i18n.SeatArg("Seat", r.Winner), i18n.Count(r.Lowest)))
	} else {
		*ev = append(*ev, game.Say("log.lowunique.none_unique"))
	}
	s.Results = append(append([]RoundResult(nil), s.Results...), r)
	if s.Round < s.Rules.Rounds {
		s.Phase = Resolved
		return
	}
	s.gameOver(ev)
}

// gameOver ends the game and says who won.
func (s *State) gameOver(ev *[]game.Event) {
	s.Phase = Over
	w := s.Winners()
	pts := i18n.Count(s.Players[w[0]].Score)
	if len(w) == 1 {
		*ev = append(*ev, game.Say("log.lowunique.wins", i18n.SeatArg("Seat", w[0]), pts))
	} else {
		*ev = append(*ev, game.Say("log.lowunique.share", i18n.Seats("Winners", w), pts))
	}
}

// nextRound starts the next round's Select: clears the round's picks, and
// gives the bench back to every player holding fewer than 2 cards.
func (s *State) nextRound(ev *[]game.Event) {
	s.Round++
	s.Phase = Select
	for i := 0; i < s.N; i++ {
		p := &s.Players[i]
		p.Pair, p.Chosen, p.Ready = [2]int{}, 0, false
		s.Returned[i] = false
		if p.Hand.Len() < 2 {
			*ev = append(*ev, game.Say("log.lowunique.takes_back", i18n.SeatArg("Seat", i), i18n.Count(p.Bench.Len())))
			p.Hand, p.Bench = p.Hand|p.Bench, 0
			s.Returned[i] = true
		}
	}
	*ev = append(*ev, roundStarts(s.Round, s.Rules.Rounds))
}

// roundStarts is the line that opens a round.
func roundStarts(round, rounds int) game.Event {
	return game.Say("log.lowunique.round", i18n.N("Round", round), i18n.Count(rounds))
}
