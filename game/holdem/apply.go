package holdem

import (
	"slices"
	"strconv"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem/eval"
	"github.com/tablegames/tables/i18n"
)

// Kind of action.
type Kind uint8

// Kinds. Blind, Ante and Straddle are recorded, never sent. Deal is the
// table's own (seat game.System); SitOut and SitIn, and the choices
// (AutoRebuyOn … StraddleOn … AutoMuckOff), are allowed at any time and
// count from the next hand (auto-muck from the next showdown). The
// numbers are in the tables' logs: new kinds go at the end.
const (
	Fold Kind = iota + 1
	Check
	Call
	BetTo // bet or raise to Amount (the seat's total bet this street)
	AllIn
	Blind
	Deal
	SitOut
	SitIn
	Rebuy        // a seat out of chips buys back in (counts from the next hand)
	AutoRebuyOn  // the seat buys back in by itself whenever it runs out
	AutoRebuyOff // the seat is asked instead: out of chips, it sits out until it buys in
	Ante         // an ante posted (Amount)
	Straddle     // a straddle posted (Amount)
	StraddleOn   // the seat straddles whenever it is under the gun
	StraddleOff  // … and no longer
	RunTwice     // a player still in agrees to run the rest of the board twice
	RunOnce      // … or declines: the board is run once
	Show         // the winner of a pot nobody contested shows its hand
	AutoMuckOn   // the seat mucks at showdown a hand that cannot win
	AutoMuckOff  // … and shows every hand again
)

var kindNames = [...]string{"", "fold", "check", "call", "raise", "allin", "blind", "deal", "sitout", "sitin", "rebuy", "autorebuy", "noautorebuy",
	"ante", "straddle", "straddleon", "straddleoff", "twice", "once", "show", "automuck", "noautomuck"}

func (k Kind) String() string {
	if int(k) >= len(kindNames) {
		return "kind " + itoa(int(k))
	}
	return kindNames[k]
}

// Action is one move; Amount is the total bet for BetTo, Seed the shuffle
// seed for Deal.
type Action struct {
	Kind   Kind
	Amount int
	Seed   uint64
}

// Error codes.
const (
	CodeNotYourTurn = game.CodeNotYourTurn
	CodeNotAllowed  = "ACTION_NOT_ALLOWED"
	CodeBetTooSmall = "BET_TOO_SMALL"
	CodeBetTooLarge = "BET_TOO_LARGE"
	CodeInternal    = game.CodeInternal
)

func errDetails(e *game.Error, d map[string]int) error {
	e.Details = d
	return e
}

// betDetails are the numbers behind a refused check, call, bet or raise
// (see the package doc): always current_bet, player_bet and to_call;
// min_raise and max_raise when the seat may raise.
func (s *State) betDetails(seat int) map[string]int {
	p := &s.Seats[seat]
	d := map[string]int{"current_bet": s.CurrentBet, "player_bet": p.Bet, "to_call": min(s.toCall(p), p.Stack)}
	if o := Legal(s, seat); o.Raise {
		d["min_raise"], d["max_raise"] = o.MinTo, o.MaxTo
	}
	return d
}

// callOrFold says what a seat that may not raise can do.
func callOrFold(d map[string]int) i18n.Arg {
	if d["to_call"] == 0 {
		return i18n.Nest("Then", i18n.M("error.holdem.check_or_fold"))
	}
	return i18n.Nest("Then", i18n.M("error.holdem.call_or_fold", i18n.N("Chips", d["to_call"])))
}

// Apply makes seat's move and returns the new state and the public events,
// or the unchanged state and a *game.Error.
func Apply(s State, seat int, a Action) (State, []game.Event, error) {
	next := s
	next.Actions = append([]Record(nil), s.Actions...)
	next.Results = append([]Result(nil), s.Results...)
	var ev []game.Event
	if err := next.step(seat, a, &ev); err != nil {
		return s, nil, err
	}
	next.Version++
	return next, ev, nil
}

func (s *State) step(seat int, a Action, ev *[]game.Event) error {
	if a.Kind == Deal {
		if seat != game.System {
			return game.Err(CodeNotAllowed, "error.holdem.only_table_deals")
		}
		if s.Street != HandOver {
			return game.Err(CodeNotAllowed, "error.holdem.hand_being_played")
		}
		if s.count(func(p *Seat) bool { return playing(p) || p.Stack == 0 && !p.SitOut && !p.NoAutoRebuy && s.Rules.Rebuy }) < 2 {
			return game.Err(CodeNotAllowed, "error.holdem.two_players_with_chips")
		}
		s.deal(a.Seed, ev)
		return nil
	}
	if seat < 0 || seat >= s.N {
		return game.Err(CodeNotAllowed, "error.holdem.are_not_seated_table")
	}
	switch a.Kind {
	case SitOut, SitIn:
		p := &s.Seats[seat]
		if p.SitOut == (a.Kind == SitOut) {
			return game.Err(CodeNotAllowed, "error.holdem.nothing_change")
		}
		p.SitOut = a.Kind == SitOut
		key := "log.holdem.sits_out"
		if !p.SitOut {
			key = "log.holdem.sits_in"
		}
		*ev = append(*ev, seatSays(key, seat))
		return nil
	case Rebuy:
		p := &s.Seats[seat]
		switch {
		case !s.Rules.Rebuy:
			return game.Err(CodeNotAllowed, "error.holdem.table_has_no_rebuys")
		case p.Stack > 0:
			return game.Err(CodeNotAllowed, "error.holdem.still_have_chips")
		case p.Dealt && s.Street != HandOver:
			return game.Err(CodeNotAllowed, "error.holdem.wait_hand_end")
		}
		p.Stack, p.SitOut = s.Rules.Stack, false
		p.BuyIns++
		*ev = append(*ev, seatSays("log.holdem.buys_back", seat, i18n.N("Chips", s.Rules.Stack)))
		return nil
	case AutoRebuyOn, AutoRebuyOff:
		return choose(&s.Seats[seat].NoAutoRebuy, a.Kind == AutoRebuyOff)
	case AutoMuckOn, AutoMuckOff:
		return choose(&s.Seats[seat].AutoMuck, a.Kind == AutoMuckOn)
	case StraddleOn, StraddleOff:
		if a.Kind == StraddleOn && !s.Rules.Straddle && (s.NextFormat == nil || !s.NextFormat.Straddle) {
			return game.Err(CodeNotAllowed, "error.holdem.table_plays_no_straddles")
		}
		return choose(&s.Seats[seat].Straddles, a.Kind == StraddleOn)
	case RunTwice, RunOnce:
		return s.answerTwice(seat, a.Kind == RunTwice, ev)
	case Show:
		return s.show(seat, ev)
	case Fold, Check, Call, BetTo, AllIn:
	default:
		return game.Err(CodeNotAllowed, "error.holdem.unknown_action")
	}
	if s.Street == HandOver {
		return game.Err(CodeNotAllowed, "error.holdem.wait_next_hand")
	}
	if s.Turn != seat {
		return game.Err(CodeNotYourTurn, "error.holdem.not_turn")
	}
	p := &s.Seats[seat]
	toCall := s.toCall(p)
	switch a.Kind {
	case Fold:
		p.Folded = true
		s.record(seat, Fold, 0, ev, "log.holdem.folds")
	case Check:
		if toCall > 0 {
			d := s.betDetails(seat)
			key := "error.holdem.cant_check"
			if _, ok := d["min_raise"]; ok {
				key = "error.holdem.cant_check_may_raise"
			}
			return errDetails(game.Err(CodeNotAllowed, key, i18n.N("Bet", s.CurrentBet), i18n.N("Chips", d["to_call"])), d)
		}
		p.Acted, p.ActedAt = true, s.CurrentBet
		s.record(seat, Check, 0, ev, "log.holdem.checks")
	case Call:
		if toCall == 0 {
			return game.Err(CodeNotAllowed, "error.holdem.nothing_to_call")
		}
		s.put(seat, min(toCall, p.Stack))
		p.Acted, p.ActedAt = true, s.CurrentBet
		s.record(seat, Call, p.Bet, ev, allInKey("log.holdem.calls", p), i18n.N("Chips", p.Bet))
	case AllIn:
		if err := s.raiseTo(seat, p.Bet+p.Stack, true, ev); err != nil {
			return err
		}
	case BetTo:
		if err := s.raiseTo(seat, a.Amount, false, ev); err != nil {
			return err
		}
	}
	s.advance(seat, ev)
	return nil
}

// choose sets a seat's standing choice.
func choose(choice *bool, on bool) error {
	if *choice == on {
		return game.Err(CodeNotAllowed, "error.holdem.nothing_change")
	}
	*choice = on
	return nil
}

// raiseTo makes seat's total bet this street `to`: a bet, a raise, or an
// all-in that may be only a call or a short raise.
func (s *State) raiseTo(seat, to int, allIn bool, ev *[]game.Event) error {
	p := &s.Seats[seat]
	most := p.Bet + p.Stack
	minTo := s.CurrentBet + max(s.MinRaise, s.Rules.BigBlind)
	switch {
	case (to > s.CurrentBet || !allIn) && !s.mayRaise(seat):
		// a bet or raise (not an all-in that only calls) where none is open
		d := s.betDetails(seat)
		if p.Acted && s.CurrentBet > 0 && s.CurrentBet-p.ActedAt < max(s.MinRaise, s.Rules.BigBlind) {
			// facing less than a full raise since it acted: call or fold
			return errDetails(game.Err(CodeNotAllowed, "error.holdem.short_all_in", callOrFold(d)), d)
		}
		return errDetails(game.Err(CodeNotAllowed, "error.holdem.nobody_can_call", callOrFold(d)), d)
	case to > most:
		return errDetails(s.tooLarge(most), s.betDetails(seat))
	case to <= s.CurrentBet && !allIn, to < minTo && to < most:
		return errDetails(s.tooSmall(minTo, most), s.betDetails(seat))
	}
	if to <= s.CurrentBet { // an all-in that only calls (or calls short)
		// no more than the others' bets when they are all all-in: the
		// rest could not be called
		s.put(seat, min(to-p.Bet, s.toCall(p)))
		p.Acted, p.ActedAt = true, s.CurrentBet
		s.record(seat, Call, p.Bet, ev, allInKey("log.holdem.calls", p), i18n.N("Chips", p.Bet))
		return nil
	}
	increment := to - s.CurrentBet
	verb := "log.holdem.raises"
	if s.CurrentBet == 0 {
		verb = "log.holdem.bets"
	}
	s.put(seat, to-p.Bet)
	if increment >= max(s.MinRaise, s.Rules.BigBlind) {
		// a full raise reopens the betting for everyone else
		s.MinRaise = increment
		for i := 0; i < s.N; i++ {
			s.Seats[i].Acted = false
		}
	}
	s.CurrentBet = to
	s.LastAggressor = seat
	p.Acted, p.ActedAt = true, to
	kind := BetTo
	if p.AllIn {
		kind = AllIn
	}
	s.record(seat, kind, to, ev, allInKey(verb, p), i18n.N("Chips", to))
	return nil
}

// tooSmall names the smallest bet or raise and the bet it raises.
func (s *State) tooSmall(minTo, most int) *game.Error {
	key, args := "error.holdem.raise_at_least", []i18n.Arg{i18n.N("Min", minTo), i18n.N("Bet", s.CurrentBet)}
	if s.CurrentBet == 0 {
		key, args = "error.holdem.bet_at_least", args[:1]
	}
	if most < minTo {
		key, args = key+"_all_in", append(args, i18n.N("Most", most))
	}
	return game.Err(CodeBetTooSmall, key, args...)
}

// tooLarge names the most a seat can bet or raise to.
func (s *State) tooLarge(most int) *game.Error {
	if s.CurrentBet == 0 {
		return game.Err(CodeBetTooLarge, "error.holdem.bet_at_most", i18n.N("Most", most))
	}
	return game.Err(CodeBetTooLarge, "error.holdem.raise_at_most", i18n.N("Most", most), i18n.N("Bet", s.CurrentBet))
}

// put moves chips from a seat's stack in front of it.
func (s *State) put(seat, n int) {
	p := &s.Seats[seat]
	p.Stack -= n
	p.Bet += n
	p.Total += n
	if p.Stack == 0 {
		p.AllIn = true
	}
}

func (s *State) record(seat int, k Kind, amount int, ev *[]game.Event, key string, args ...i18n.Arg) {
	s.Actions = append(s.Actions, Record{Street: s.Street, Seat: seat, Kind: k, Amount: amount})
	*ev = append(*ev, seatSays(key, seat, args...))
}

// advance moves to the next seat to act, or ends the street or the hand.
func (s *State) advance(from int, ev *[]game.Event) {
	if s.count(inHand) == 1 {
		s.finish(ev)
		return
	}
	if next := s.next(from, s.mustAct); next >= 0 {
		s.Turn = next
		return
	}
	s.endStreet(ev)
}

// endStreet deals the next street, or runs the board out when at most one
// player can still act (nobody bets alone), or goes to the showdown after
// the river. Before a board is run out the table may ask whether to run
// it twice (offerTwice).
func (s *State) endStreet(ev *[]game.Event) {
	for s.Street != River {
		if s.offerTwice(ev) {
			return
		}
		s.nextStreet(ev)
		if s.Turn = s.firstToAct(s.Button); s.Turn >= 0 {
			return
		}
		// at most one player can act: nobody bets against an all-in; run out
	}
	if s.RunOut == RunOutTwice {
		s.secondRun(ev)
	}
	s.finish(ev) // the river's last aggressor shows first
}

// nextStreet clears the street's bets and deals the next street.
func (s *State) nextStreet(ev *[]game.Event) {
	for i := 0; i < s.N; i++ {
		s.Seats[i].Bet, s.Seats[i].Acted = 0, false
	}
	s.CurrentBet, s.MinRaise, s.LastAggressor = 0, s.Rules.BigBlind, -1
	s.Street++
	for s.BoardN < BoardAt(s.Street) {
		s.Board[s.BoardN] = s.Deck[s.DeckPos]
		s.BoardN++
		s.DeckPos++
	}
	*ev = append(*ev, game.Say(streetKeys[s.Street], facesArg("Cards", s.Board[:s.BoardN])))
}

func faces(cs []cards.Card) string {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += " "
		}
		out += c.Face()
	}
	return out
}

// contributions are what each seat put in this hand toward the pots,
// which seats are still in and which all-in, and the dead money no seat's
// level counts: a big blind ante, posted for the whole table, goes to the
// main pot (classic antes count as each seat's own chips: a seat all-in
// for part of its ante wins only that much from each other seat).
func (s *State) contributions() (contrib []int, live, allIn []bool, dead int) {
	contrib, live, allIn = make([]int, s.N), make([]bool, s.N), make([]bool, s.N)
	for i := 0; i < s.N; i++ {
		p := &s.Seats[i]
		contrib[i], live[i], allIn[i] = p.Total, inHand(p), p.AllIn
		if s.Rules.BigBlindAnte && s.Bomb == 0 {
			contrib[i] -= p.Ante
			dead += p.Ante
		}
	}
	return contrib, live, allIn, dead
}

// finish ends the hand: returns the uncalled bet, shows the hands in
// showdown order, and pays every pot (each in two halves, one per board,
// when the board was run twice).
func (s *State) finish(ev *[]game.Event) {
	start := make([]int, s.N)
	for i := 0; i < s.N; i++ {
		start[i] = s.Seats[i].Stack + s.Seats[i].Total
	}
	contrib, live, _, dead := s.contributions()
	seat, back := Uncalled(contrib)
	if seat >= 0 {
		s.Seats[seat].Stack += back
		s.Seats[seat].Total -= back
		contrib[seat] -= back
		*ev = append(*ev, seatSays("log.holdem.uncalled", seat, i18n.N("Chips", back)))
	}
	s.Results = s.Results[:0]
	pots := PotsWithDead(contrib, live, nil, dead)
	boards := [][]cards.Card{s.Board[:]}
	if s.RunOut == RunOutTwice {
		boards = append(boards, s.Board2)
	}
	ranks := make([][]eval.Rank, len(boards))
	for r := range ranks {
		ranks[r] = make([]eval.Rank, s.N)
	}
	showdown := s.count(inHand) > 1
	if showdown {
		s.showdown(pots, boards, ranks, ev)
	}
	for i := 0; i < s.N; i++ {
		s.Seats[i].Won = 0
	}
	for n, pot := range pots {
		for run := range boards {
			s.award(pot, n, len(pots), run, len(boards), ranks[run], showdown, ev)
		}
	}
	for i := 0; i < s.N; i++ {
		s.Seats[i].Total, s.Seats[i].Bet, s.Seats[i].Acted = 0, 0, false
	}
	s.Street, s.Turn, s.CurrentBet = HandOver, -1, 0
	s.keepHand(start, back, seat, !showdown)
}

// showdown shows the hands still in, in order from the river's last
// aggressor (else the first seat left of the button), and ranks them on
// each board. A seat that auto-mucks mucks instead a hand that can win no
// part of any pot: in each pot it could win, on every board, a hand shown
// before it beats it. When a player is all-in every hand is shown (TDA
// rule 16: face up for all-ins).
func (s *State) showdown(pots []Pot, boards [][]cards.Card, ranks [][]eval.Rank, ev *[]game.Event) {
	tb := eval.Default()
	first := s.LastAggressor
	if s.Street != River || first < 0 || !inHand(&s.Seats[first]) {
		first = s.next(s.Button, inHand)
	}
	mayMuck := s.count(func(p *Seat) bool { return inHand(p) && p.AllIn }) == 0
	var shown []int
	for i := 0; i < s.N; i++ {
		seat := (first + i) % s.N
		p := &s.Seats[seat]
		if !inHand(p) {
			continue
		}
		for r, b := range boards {
			ranks[r][seat] = tb.Eval7(p.Hole[0], p.Hole[1], b[0], b[1], b[2], b[3], b[4])
		}
		if mayMuck && p.AutoMuck && beaten(seat, shown, pots, ranks) {
			p.Mucked = true
			for r := range ranks {
				ranks[r][seat] = 0
			}
			*ev = append(*ev, seatSays("log.holdem.mucks", seat))
			continue
		}
		p.Shown = true
		shown = append(shown, seat)
		if len(boards) > 1 {
			*ev = append(*ev, seatSays("log.holdem.shows_hand_twice", seat, facesArg("Cards", p.Hole[:]),
				handArg("Hand", ranks[0][seat]), handArg("Second", ranks[1][seat])))
		} else {
			*ev = append(*ev, seatSays("log.holdem.shows_hand", seat, facesArg("Cards", p.Hole[:]), handArg("Hand", ranks[0][seat])))
		}
	}
}

// beaten reports that seat can win no part of any pot: in each pot it
// may win, on every board, one of the hands shown that may win that pot
// beats it.
func beaten(seat int, shown []int, pots []Pot, ranks [][]eval.Rank) bool {
	for _, pot := range pots {
		if !slices.Contains(pot.Eligible, seat) {
			continue
		}
		for _, rank := range ranks {
			better := func(o int) bool { return slices.Contains(pot.Eligible, o) && rank[o] > rank[seat] }
			if !slices.ContainsFunc(shown, better) {
				return false
			}
		}
	}
	return true
}

// award pays a pot, or one run's half of it, to the best hands on that
// run's board among the seats that may win it. Halving a pot, the odd
// chip goes to the first run; within a run the pot splits as usual.
func (s *State) award(pot Pot, n, count, run, runs int, ranks []eval.Rank, showdown bool, ev *[]game.Event) {
	amount := pot.Amount / runs
	if run == 0 {
		amount += pot.Amount % runs
	}
	var winners []int
	best, over := eval.Rank(0), eval.Rank(0)
	for _, e := range pot.Eligible {
		switch {
		case ranks[e] > best:
			best, over, winners = ranks[e], best, []int{e}
		case ranks[e] == best:
			winners = append(winners, e)
		case ranks[e] > over:
			over = ranks[e]
		}
	}
	for w, n := range Split(amount, winners, s.Button, s.N) {
		s.Seats[w].Stack += n
		s.Seats[w].Won += n
	}
	s.Results = append(s.Results, Result{Pot: Pot{Amount: amount, Eligible: pot.Eligible}, Winners: winners, Rank: uint16(best), Run: run, Over: uint16(over)})
	// the winners share it: plural by their count
	args := []i18n.Arg{game.SeatAnds("Winners", winners), i18n.Count(len(winners)), potArg(n, count, run, runs), i18n.N("Chips", amount)}
	if showdown {
		*ev = append(*ev, game.Say("log.holdem.wins_with", append(args, i18n.Nest("Hand", eval.Default().DescribeOverMsg(best, over)))...))
		return
	}
	*ev = append(*ev, game.Say("log.holdem.wins", args...))
}

// potName names pot n of count: "the pot", or "the main pot" and "side
// pot 1", "side pot 2" …
func potName(n, count int) string {
	switch {
	case count == 1:
		return "the pot"
	case n == 0:
		return "the main pot"
	}
	return "side pot " + itoa(n)
}

// deal starts the next hand: rebuys, the button, the forced bets and hole
// cards.
func (s *State) deal(seed uint64, ev *[]game.Event) {
	s.Hand++
	if b := s.NextBlinds; b[1] > 0 {
		s.Rules.SmallBlind, s.Rules.BigBlind, s.NextBlinds = b[0], b[1], [2]int{}
		*ev = append(*ev, game.Say("log.holdem.blinds_now", i18n.N("Small", b[0]), i18n.N("Big", b[1])))
	}
	if f := s.NextFormat; f != nil {
		if *f != s.Rules.Format {
			*ev = append(*ev, formatNews(*f))
		}
		s.Rules.Format, s.NextFormat = *f, nil
	}
	s.Bomb, s.NextBomb = s.NextBomb, 0
	if s.NextLevel > 0 {
		s.Level, s.NextLevel = s.NextLevel, 0
	}
	s.HandBuys, s.Buys = s.Buys, nil
	for i := 0; i < s.N; i++ {
		p := &s.Seats[i]
		if p.Stack == 0 && !p.SitOut && s.Rules.Rebuy {
			if p.NoAutoRebuy {
				// out of chips: the player chooses to buy back in or not
				p.SitOut = true
				*ev = append(*ev, seatSays("log.holdem.broke_sits_out", i))
			} else {
				p.Stack = s.Rules.Stack
				p.BuyIns++
				*ev = append(*ev, seatSays("log.holdem.buys_in_again", i, i18n.N("Chips", s.Rules.Stack)))
			}
		}
		*p = Seat{Stack: p.Stack, SitOut: p.SitOut, BuyIns: p.BuyIns, NoAutoRebuy: p.NoAutoRebuy,
			Straddles: p.Straddles, AutoMuck: p.AutoMuck, Dealt: playing(p)}
	}
	deck := cards.Deck(0)
	cards.Shuffle(deck, cards.NewSource(seed, uint64(s.Hand)))
	copy(s.Deck[:], deck)
	s.DeckPos, s.BoardN, s.Board = 0, 0, [5]cards.Card{}
	s.RunOut, s.Shared, s.Board2 = RunOutNone, 0, nil
	s.Actions, s.Results = s.Actions[:0], s.Results[:0]
	s.Street, s.CurrentBet, s.MinRaise, s.LastAggressor = Preflop, 0, s.Rules.BigBlind, -1

	dealt := func(p *Seat) bool { return p.Dealt }
	s.Button = s.next(s.Button, dealt)
	switch {
	case s.Bomb > 0: // no blinds
		s.SB, s.BB = -1, -1
	case s.count(dealt) == 2: // heads-up: the button is the small blind
		s.SB = s.Button
	default:
		s.SB = s.next(s.Button, dealt)
	}
	if s.SB >= 0 {
		s.BB = s.next(s.SB, dealt)
	}
	*ev = append(*ev, seatSays("log.holdem.hand", s.Button, i18n.N("Hand", s.Hand)))
	first := s.postForced(ev)
	for round := 0; round < 2; round++ {
		for i := 1; i <= s.N; i++ {
			seat := (s.Button + i) % s.N
			if s.Seats[seat].Dealt {
				s.Seats[seat].Hole[round] = s.Deck[s.DeckPos]
				s.DeckPos++
			}
		}
	}
	if first < 0 { // a bomb pot: no betting before the flop
		s.endStreet(ev)
		return
	}
	s.Turn = s.next(first, s.mustAct)
	if !s.Rules.NobodyAlone && s.Turn >= 0 && s.count(canAct) < 2 && s.Seats[s.Turn].Bet >= s.CurrentBet {
		s.Turn = -1 // as tables begun before NobodyAlone dealt it
	}
	if s.Turn < 0 {
		// the blinds left at most one player with chips, and it covers
		// them: nobody is asked to act alone, run it out
		s.endStreet(ev)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
