package holdem

// Options are the moves open to the seat to act, with the bounds of a bet
// or raise (as the seat's total bet this street).
type Options struct {
	Fold, Check, Call bool
	CallAmount        int // chips a call puts in (all the stack if short)
	Raise             bool
	MinTo, MaxTo      int // a raise to less than MinTo is only allowed all-in (MaxTo)
	// Twice: the seat is asked whether to run the board twice (RunTwice
	// or RunOnce); nothing else is open then.
	Twice bool
	// Show: the hand is over and the seat, which won it uncontested, may
	// show its cards (Show) until the next deal. The table does not wait.
	Show bool
}

// Asked reports whether the table waits for the seat: a bet to act on or
// the run-it-twice question.
func (o Options) Asked() bool { return o.Fold || o.Twice }

// Legal lists what seat may do now; the zero Options when it is not its
// turn.
func Legal(s *State, seat int) Options {
	if seat >= 0 && seat < s.N && s.RunOut == RunOutAsking && inHand(&s.Seats[seat]) && !s.Seats[seat].Agreed {
		return Options{Twice: true}
	}
	if s.mayShow(seat) {
		return Options{Show: true}
	}
	if s.Street == HandOver || seat != s.Turn || seat < 0 {
		return Options{}
	}
	p := &s.Seats[seat]
	toCall := s.toCall(p)
	o := Options{Fold: true, Check: toCall == 0, Call: toCall > 0, CallAmount: min(toCall, p.Stack)}
	most := p.Bet + p.Stack
	if most > s.CurrentBet && s.mayRaise(seat) {
		o.Raise = true
		o.MinTo = min(s.CurrentBet+max(s.MinRaise, s.Rules.BigBlind), most)
		o.MaxTo = most
	}
	return o
}

// Actions lists one action per legal choice: fold, check or call, the
// smallest raise and all-in; twice and once; show.
func (o Options) Actions() []Action {
	var out []Action
	if o.Twice {
		out = append(out, Action{Kind: RunTwice}, Action{Kind: RunOnce})
	}
	if o.Show {
		out = append(out, Action{Kind: Show})
	}
	if o.Check {
		out = append(out, Action{Kind: Check})
	}
	if o.Call {
		out = append(out, Action{Kind: Call})
	}
	if o.Fold {
		out = append(out, Action{Kind: Fold})
	}
	if o.Raise {
		out = append(out, Action{Kind: BetTo, Amount: o.MinTo})
		if o.MaxTo > o.MinTo {
			out = append(out, Action{Kind: AllIn})
		}
	}
	return out
}

// mayRaise reports whether seat may bet or raise now, its chips allowing:
//   - the betting is open to it: it has not acted since the last full
//     raise, or the short all-ins since it acted add up to at least a full
//     raise (TDA rule 47: cumulative short all-ins reopen the betting);
//   - somebody could call a raise: an opponent still in the hand who is not
//     all-in and would not be all-in by calling the current bet.
func (s *State) mayRaise(seat int) bool {
	p := &s.Seats[seat]
	full := max(s.MinRaise, s.Rules.BigBlind)
	open := !p.Acted || s.CurrentBet == 0 || s.CurrentBet-p.ActedAt >= full
	if !open {
		return false
	}
	for i := 0; i < s.N; i++ {
		o := &s.Seats[i]
		if i != seat && inHand(o) && !o.AllIn && o.Bet+o.Stack > s.CurrentBet {
			return true
		}
	}
	return false
}
