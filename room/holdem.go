package room

import (
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/game/holdem/eval"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// holdemBlinds are the blind levels a table can choose, lowest first,
// each named "small/big" ("10/20").
var holdemBlinds = []string{"5/10", "10/20", "25/50", "50/100", "100/200"}

// parseBlinds reads one of holdemBlinds.
func parseBlinds(s string) (small, big int, ok bool) {
	if !slices.Contains(holdemBlinds, s) {
		return 0, 0, false
	}
	sb, bb, _ := strings.Cut(s, "/")
	small, _ = strconv.Atoi(sb)
	big, _ = strconv.Atoi(bb)
	return small, big, true
}

var holdemKind = &kind{
	name: "holdem",
	info: views.GameInfo{Kind: "holdem", Args: []i18n.Arg{i18n.N("Min", 2), i18n.N("Max", holdem.MaxSeats)},
		Options: views.HoldemOptions(holdemStructures())},
	defaultBot:  "heuristic",
	pace:        [2]time.Duration{700 * time.Millisecond, 1300 * time.Millisecond},
	bots:        []string{"heuristic", "llm"},
	awayAuto:    true,
	hiddenHands: true,
	dealNote:    holdemDealNote,
	options: func(f url.Values) (Options, error) {
		choice := f.Get("blinds")
		if choice == "" {
			choice = "10/20"
		}
		sb, bb, ok := parseBlinds(choice)
		if !ok {
			return Options{}, game.Err(game.CodeInvalidAction, "error.holdem.choose_blinds_from_list")
		}
		depth, ok := formInt(f, "stack_bb", 100, 20, 1000)
		if !ok {
			return Options{}, game.Err(game.CodeInvalidAction, "error.holdem.starting_stack_20_1000")
		}
		stack := depth * bb
		n, ok := formInt(f, "seats", 6, 2, holdem.MaxSeats)
		if !ok {
			return Options{}, game.Err(game.CodeInvalidAction, "error.holdem.table_has_2_9")
		}
		o := Options{Seats: n, SmallBlind: sb, BigBlind: bb, Stack: stack}
		p, err := readPoker(f, bb)
		if err != nil {
			return Options{}, err
		}
		o.Poker = p
		if o.TimeBank, ok = formInt(f, "bank", 0, 0, 300); !ok {
			return Options{}, game.Err(game.CodeInvalidAction, "error.holdem.time_bank_0_none")
		}
		if o.BankEvery, ok = formInt(f, "bank_every", 0, 0, 100); !ok {
			return Options{}, game.Err(game.CodeInvalidAction, "error.holdem.time_bank_topped_up")
		}
		if st, ok := p.structure(); ok {
			l := st.Level(1)
			o.SmallBlind, o.BigBlind, o.Stack = l.SmallBlind, l.BigBlind, st.Stack
		}
		return o, nil
	},
	minPlayers: func(Options) int { return 2 },
	describe: func(o Options) []i18n.Msg {
		if st, ok := o.Poker.structure(); ok {
			return tourneyWords(o.Poker, st, o.Seats)
		}
		return append([]i18n.Msg{i18n.M("holdem.term.blinds", i18n.N("Small", o.SmallBlind), i18n.N("Big", o.BigBlind)),
			i18n.M("holdem.option.stacks", i18n.N("Chips", o.Stack)), seatsWord(o.Seats)}, formatWords(o.Poker)...)
	},
	botWords: func(o Options) i18n.Msg {
		switch {
		case !o.Bots:
			return i18n.M("holdem.option.no_ai")
		case o.Bot == "llm":
			return i18n.M("holdem.option.llm")
		}
		return i18n.M("holdem.option.ai")
	},
	newMatch: func(o Options, n int, seed uint64) (game.Match, []game.Event, error) {
		return newPokerMatch(o, n, seed)
	},
	emptyMatch: func() game.Match { return &pokerMatch{Match: holdem.EmptyMatch()} },
	stakes: &stakes{
		what:    "blinds",
		choices: holdemBlinds,
		current: func(o Options) string { return itoa(o.SmallBlind) + "/" + itoa(o.BigBlind) },
		fixed:   func(o Options) bool { return o.Poker != nil && o.Poker.Tourney != "" },
		set: func(m game.Match, o *Options, choice string) error {
			sb, bb, ok := parseBlinds(choice)
			if !ok {
				return game.Err(game.CodeInvalidAction, "error.holdem.choose_blinds_from_list")
			}
			if o.Poker != nil && o.Poker.Tourney != "" {
				return game.Err(game.CodeInvalidAction, "error.holdem.tournament_blinds")
			}
			if err := holdemState(m).SetNextBlinds(sb, bb); err != nil {
				return err
			}
			o.SmallBlind, o.BigBlind = sb, bb
			return nil
		},
	},
	tableOptions: holdemTableOptions,
	onSeat:       func(m game.Match, seat int, person bool) { m.(*pokerMatch).onSeat(seat, person) },
	// a seat changes hands between hands
	seatOpen: holdemHandOver,
	seatFree: func(m game.Match, seat int) bool { return m.(*pokerMatch).seatFree(seat) },
	// a cash table may change game between hands (a tournament once it
	// has its winner)
	between:      func(m game.Match) bool { return m.(*pokerMatch).Plus.Tour == nil && holdemHandOver(m) },
	registration: func(m game.Match) (bool, bool, int) { return m.(*pokerMatch).registration() },
	fair:         &fairness{what: "hand", over: holdemHandOver},
	outcome:      holdemOutcome,
	render: func(rv *roomView) (templ.Component, []views.Fragment) {
		h := holdemView(rv)
		return views.HoldemGame(&h), h.Fragments()
	},
	llm: func(m game.Match, seat int, name func(int) string) func(context.Context, holdem.Ask) (game.Move, string) {
		v := holdemState(m).View(seat)
		names := make([]string, v.N) // read now: the question runs outside the room
		for i := range names {
			names[i] = name(i)
		}
		about := tourPrompt(m, &v)
		return func(ctx context.Context, ask holdem.Ask) (game.Move, string) {
			return holdem.AskModel(ctx, ask, &v, func(i int) string { return names[i] }, about)
		}
	},
	hands: func(m game.Match, viewer int, name func(int) string, lang *i18n.Lang) []views.HandText {
		past := holdemState(m).Past
		out := make([]views.HandText, len(past))
		for i := range past {
			out[i] = views.HandText{Hand: past[i].Hand, Text: past[i].TextIn(lang, viewer, name)}
		}
		return out
	},
}

func holdemRules(o Options) holdem.Rules {
	return holdem.Rules{SmallBlind: o.SmallBlind, BigBlind: o.BigBlind, Stack: o.Stack, Rebuy: true, NobodyAlone: o.Revision >= 1,
		Format: o.Poker.format()}
}

// formatWords are a cash table's options beyond the blinds, as catalog
// messages.
func formatWords(p *pokerOptions) []i18n.Msg {
	if p == nil {
		return nil
	}
	var out []i18n.Msg
	switch {
	case p.BBAnte:
		out = append(out, i18n.M("holdem.option.bb_ante"))
	case p.Ante > 0:
		out = append(out, i18n.M("holdem.term.ante", i18n.N("Ante", p.Ante)))
	}
	if p.Straddle {
		out = append(out, i18n.M("holdem.term.straddles"))
	}
	if p.Twice {
		out = append(out, i18n.M("holdem.term.twice"))
	}
	if p.Muck {
		out = append(out, i18n.M("holdem.option.muck"))
	}
	switch {
	case p.BombAnte > 0 && p.BombEvery > 0:
		out = append(out, i18n.M("holdem.option.bomb_every", i18n.N("Ante", p.BombAnte), i18n.Count(p.BombEvery)))
	case p.BombAnte > 0:
		out = append(out, i18n.M("holdem.option.bomb_vote", i18n.N("Ante", p.BombAnte)))
	}
	return out
}

// tourneyWords are a sit-and-go's options as catalog messages.
func tourneyWords(p *pokerOptions, st holdem.Structure, seats int) []i18n.Msg {
	out := []i18n.Msg{i18n.M("holdem.option.sng", i18n.K("Structure", "holdem.structure."+st.Name)), i18n.M("holdem.option.chips_each", i18n.N("Chips", st.Stack)),
		levelLengthMsg(st), seatsWord(seats)}
	if st.RebuyLevels > 0 {
		key := "holdem.option.rebuys"
		if st.AddOn > 0 {
			key = "holdem.option.rebuys_add_on"
		}
		out = append(out, i18n.M(key, i18n.Count(st.RebuyLevels)))
	}
	if st.LateLevels > 0 {
		out = append(out, i18n.M("holdem.option.late", i18n.N("Level", st.LateLevels)))
	}
	if len(p.Shares) > 0 {
		out = append(out, i18n.M(map[bool]string{true: "holdem.option.pays_points", false: "holdem.option.pays_chips"}[p.Points], i18n.S("Shares", sharesWords(p.Shares))))
	}
	return out
}

func sharesWords(shares []int) string {
	parts := make([]string, len(shares))
	for i, s := range shares {
		parts[i] = itoa(s)
	}
	return strings.Join(parts, "/") + "%"
}

// holdemView builds what one viewer sees from the engine's View for that
// seat: nothing else of the state is read but the viewer's own histories.
func holdemView(rv *roomView) views.Holdem {
	st := holdemState(rv.t.Match)
	v := st.View(rv.seat)
	t, l := rv.t, rv.l()
	// the street, the pots, the hand's actions and once it is over the
	// hands shown and who won are the same for every viewer of a language:
	// the push's first viewer words them
	pub := publicAt(rv, v.Version, func() *holdemPublic { return holdemWords(rv, st, &v) })
	h := views.Holdem{ActURL: rv.actURL, Version: v.Version, You: v.Seat, Hand: v.Hand,
		Street: pub.street, Blinds: itoa(v.Rules.SmallBlind) + "/" + itoa(v.Rules.BigBlind),
		Seated: v.Seat >= 0, HandsURL: "/t/" + rv.code + "/hands", Ante: pub.ante, Next: pub.next,
		Pots: pub.pots, Results: pub.results, StreetItems: pub.items}
	h.Board = holdemCards(v.Board)
	h.Board2 = holdemCards(v.Board2)
	over := v.Street == holdem.HandOver
	pm, _ := rv.t.Match.(*pokerMatch)
	var plus pokerPlus
	if pm != nil {
		plus = pm.Plus
	}
	h.Seats, h.Ledger = make([]views.HSeat, 0, len(v.Seats)), make([]views.HLedger, 0, len(v.Seats))
	for i, sv := range v.Seats {
		hs := views.HSeat{Seat: rv.seatView(i), Stack: sv.Stack, Bet: sv.Bet, Dealt: sv.Dealt, Folded: sv.Folded,
			AllIn: sv.AllIn, SitOut: sv.SitOut, Turn: v.Turn == i || slices.Contains(v.Undecided, i), Won: sv.Won, Hole: holdemCards(sv.Hole),
			Ante: sv.Ante, Straddled: sv.Straddled, Mucked: sv.Mucked, Agreed: sv.Agreed && v.RunOut == holdem.RunOutAsking}
		if plus.Tour != nil {
			if e := tourEntry(plus.Tour, i); e != nil && e.Place > 1 { // the winner is not "out"
				hs.Out = e.Place
			}
			if plus.Tour.Over() { // nothing is in play any more: no chip in front of a seat
				hs.Ante, hs.Bet = 0, 0
			}
		}
		if sv.Dealt && v.Hand > 0 {
			hs.Button, hs.SB, hs.BB = v.Button == i, v.SB == i, v.BB == i
		}
		if sv.Dealt && !sv.Folded && len(sv.Hole) == 0 && !over {
			hs.Backs = 2
		}
		if pub.hands != nil {
			hs.HandName, hs.HandName2 = pub.hands[i][0], pub.hands[i][1]
		}
		h.Seats = append(h.Seats, hs)
		bought := sv.BuyIns * v.Rules.Stack
		if e := tourEntry(plus.Tour, i); e != nil {
			bought = plus.Tour.Structure.Stack * (1 + e.Rebuys)
			if e.AddOn {
				bought += plus.Tour.Structure.AddOn
			}
		}
		h.Ledger = append(h.Ledger, views.HLedger{Name: rv.name(i), BoughtIn: bought,
			Chips: sv.Stack + sv.Total, Net: sv.Stack + sv.Total - bought})
	}
	if over && v.Hand > 0 {
		showWinningCards(&v, &h)
		if n := len(st.Past); n > 0 && st.Past[n-1].Hand == v.Hand {
			h.Standings = holdemStandings(rv, &v, &st.Past[n-1], h.Seats)
		}
	}
	h.BoardNew = holdem.BoardAt(v.Street)
	if over || h.BoardNew > len(h.Board) {
		h.BoardNew = len(h.Board) // nothing new to deal in once the hand is over
	}
	h.Shared = len(h.Board2)
	if len(h.Board2) > 0 {
		h.Shared = holdemState(rv.t.Match).Shared // the cards both runs share (public once both are dealt)
	}
	if rv.seat >= 0 {
		me := v.Seats[rv.seat]
		h.SittingOut = me.SitOut
		h.OutOfChips = me.Stack == 0 && v.Rules.Rebuy && (!me.Dealt || over)
		// bought back in (or seated) since the hand began, or since the
		// hand just over began: in from the next
		waited := false
		if n := len(st.Past); over && n > 0 && st.Past[n-1].Hand == v.Hand && rv.seat < len(st.Past[n-1].Seats) {
			rs := st.Past[n-1].Seats[rv.seat]
			waited = !rs.Dealt || rs.End == 0
		}
		if me.Stack > 0 && !me.SitOut && (waited || !over && !me.Dealt && v.Hand > 0) {
			h.InNextHand = l.F("holdem.view.in_next_hand", i18n.N("Chips", me.Stack))
		}
		h.BuyIn, h.AutoRebuy = v.Rules.Stack, !me.NoAutoRebuy
	}
	o := v.Options
	h.AskTwice, h.CanShow = o.Twice, o.Show
	if rv.seat >= 0 {
		me := v.Seats[rv.seat]
		po := plus.Opts
		h.CanStraddle, h.Straddles = straddles(st), me.Straddles
		h.CanMuck, h.AutoMuck = po != nil && po.Muck, me.AutoMuck
		if po != nil && po.BombAnte > 0 && v.NextBomb == 0 {
			h.CanBomb, h.BombVoted = true, slices.Contains(plus.Votes, rv.seat)
		}
		if t := plus.Tour; t != nil && (!me.Dealt || over) {
			if e := plus.entryOf(rv.seat); e >= 0 {
				en := t.Entries[e]
				if t.Structure.MayRebuy(plus.Level, en.Chips, en.Rebuys) && me.Stack <= t.Structure.Stack {
					h.RebuyChips = t.Structure.Stack
				}
				if t.Structure.MayAddOn(plus.Level, en.AddOn) {
					h.AddOnChips = t.Structure.AddOn
				}
			}
		}
	}
	if v.NextBomb > 0 {
		h.NextBomb = rv.l().F("holdem.view.bomb.next", i18n.N("Amount", v.NextBomb))
	}
	h.YourTurn = (o.Fold || o.Check || o.Call || o.Raise || o.Twice) && !rv.replay // a replay is nobody's move
	if h.YourTurn {
		me := v.Seats[rv.seat]
		h.CanFold, h.CanCheck, h.CanCall, h.CallAmount = o.Fold, o.Check, o.Call, o.CallAmount
		h.CallAllIn = o.Call && o.CallAmount == me.Stack
		h.CanRaise, h.MinTo, h.MaxTo, h.Step = o.Raise, o.MinTo, o.MaxTo, v.Rules.BigBlind
		h.RaiseWord, h.RaiseKey = l.T("holdem.view.raise"), "holdem.view.raise.to"
		if v.CurrentBet == 0 {
			h.RaiseWord, h.RaiseKey = l.T("holdem.view.bet"), "holdem.view.bet.amount"
		}
		if o.Raise {
			h.Quick = quickSizes(&v, l)
		}
	}
	h.Status = holdemStatus(&v, l, t, h.YourTurn)
	if plus.Tour != nil {
		h.Tour = tourView(rv, &plus, &v)
		if plus.Tour.Over() {
			h.Standings = tourStandings(rv, &plus)
			h.Status = l.T("holdem.view.status.tour_over")
			h.CanMuck, h.CanStraddle, h.CanBomb, h.CanShow, h.RebuyChips, h.AddOnChips = false, false, false, false, 0, 0
		}
	}
	past, seat, code := st.Past, rv.seat, rv.code
	h.Past = func(after int) []views.HPast {
		var out []views.HPast
		for i := len(past) - 1; i >= 0 && past[i].Hand > after; i-- {
			r := &past[i]
			out = append(out, views.HPast{Hand: r.Hand, Summary: l.Msg(handSummary(r, seat, t)),
				URL: "/t/" + code + "/hands?hand=" + itoa(r.Hand), Replay: "/t/" + code + "/replay/" + itoa(r.Hand)})
		}
		return out
	}
	// the list changes only when a hand ends (names are fixed in play); the
	// summaries depend on the viewer's seat
	last := 0
	if len(past) > 0 {
		last = past[len(past)-1].Hand
	}
	h.LastHand = last
	return h
}

// streetKey is a street's name in the catalog ("between hands" once the
// hand is over).
func streetKey(s holdem.Street) string {
	if s == holdem.HandOver {
		return "holdem.view.street.over"
	}
	return "holdem.view.street." + s.String()
}

func holdemCards(cs []cards.Card) []views.CardView {
	if len(cs) == 0 {
		return nil
	}
	out := make([]views.CardView, len(cs))
	for i, c := range cs {
		out[i] = cardView[c]
	}
	return out
}

// potViews are the pots in play: "The main pot", "Side pot 1".
func potViews(pots []holdem.Pot, l *i18n.Lang) []views.HPot {
	var out []views.HPot
	for n, p := range pots {
		pot := holdem.PotMsg(n, len(pots))
		pot.Key = potStartKeys[pot.Key] // the pot's name starts its line
		out = append(out, views.HPot{Pot: pot, Amount: p.Amount, Label: l.F("holdem.view.pot", i18n.Nest("Pot", pot), i18n.N("Amount", p.Amount))})
	}
	return out
}

// holdemPublic is what every viewer sees alike of a Hold'em table, in one
// language: the street, the ante, when the next hand comes, the pots in
// play, the hand's actions, and once it is over the hands shown (by
// seat, on each board) and who won each pot.
type holdemPublic struct {
	street, ante, next string
	pots, results      []views.HPot
	items              []views.HItem
	hands              [][2]string
}

// holdemWords words the public part of the table in the viewer's
// language.
func holdemWords(rv *roomView, st *holdem.State, v *holdem.View) *holdemPublic {
	t, l := rv.t, rv.l()
	pub := &holdemPublic{street: l.T(streetKey(v.Street)), next: l.Msg(nextHandWords(st)), pots: potViews(v.Pots, l),
		items: streetLog(v, l, t, keptAt(rv, func() *keptMsgs { return &keptMsgs{} }))}
	if a := anteMsg(v); !a.IsZero() {
		pub.ante = l.Msg(a)
	}
	if v.Street != holdem.HandOver {
		return pub
	}
	pub.hands = make([][2]string, len(v.Seats))
	for i, sv := range v.Seats {
		if !sv.Shown || len(v.Board) != 5 {
			continue
		}
		for b, board := range [][]cards.Card{v.Board, v.Board2} {
			if len(board) == 5 {
				rk := eval.Eval(append(append([]cards.Card(nil), sv.Hole...), board...)...)
				pub.hands[i][b] = l.Msg(eval.Default().DescribeOverMsg(rk, beatenBy(v.Results, i, b, rk)))
			}
		}
	}
	if v.Hand == 0 {
		return pub
	}
	runs := 1
	if len(v.Board2) > 0 {
		runs = 2
	}
	for n, r := range v.Results {
		pot := holdem.PotMsg(n/runs, len(v.Results)/runs)
		if runs > 1 {
			pot = i18n.M([...]string{"holdem.view.pot.first_board", "holdem.view.pot.second_board"}[r.Run], i18n.Nest("Pot", pot))
		}
		p := views.HPot{Pot: pot, Amount: r.Pot.Amount, Winners: l.F("holdem.view.pot.winner_names", seatList("Names", t, r.Winners)),
			Several: len(r.Winners) > 1}
		if r.Rank > 0 {
			p.Hand = eval.Default().DescribeOverMsg(eval.Rank(r.Rank), eval.Rank(r.Over))
		}
		pub.results = append(pub.results, p)
	}
	return pub
}

// potStartKeys are the keys of a pot's name at the start of a line, by
// its key inside a sentence.
var potStartKeys = map[string]string{"holdem.pot.only": "holdem.pot.only.start", "holdem.pot.main": "holdem.pot.main.start",
	"holdem.pot.side": "holdem.pot.side.start"}

// quickSizes are the usual bet sizes, within the bounds: the minimum,
// 2.5× and 3× the big blind to open preflop, ½, ¾ and the pot, and
// all-in. Sizes that come out equal are offered once.
func quickSizes(v *holdem.View, l *i18n.Lang) []views.HQuick {
	pot := 0
	for _, s := range v.Seats {
		pot += s.Total
	}
	o := v.Options
	toCall := v.CurrentBet - v.Seats[v.Seat].Bet
	clamp := func(n int) int { return min(max(n, o.MinTo), o.MaxTo) }
	// a pot-sized raise: call, then raise by the pot as it then stands
	potRaise := func(num, den int) int { return clamp(v.CurrentBet + (pot+toCall)*num/den) }
	out := []views.HQuick{{Label: l.T("holdem.view.quick.min"), Amount: o.MinTo}}
	if v.Street == holdem.Preflop && v.CurrentBet == v.Rules.BigBlind {
		out = append(out, views.HQuick{Label: l.T("holdem.view.quick.2_5x"), Amount: clamp(v.Rules.BigBlind * 5 / 2)},
			views.HQuick{Label: l.T("holdem.view.quick.3x"), Amount: clamp(v.Rules.BigBlind * 3)})
	}
	out = append(out, views.HQuick{Label: l.T("holdem.view.quick.half"), Amount: potRaise(1, 2)}, views.HQuick{Label: l.T("holdem.view.quick.three_quarters"), Amount: potRaise(3, 4)},
		views.HQuick{Label: l.T("holdem.view.quick.pot"), Amount: potRaise(1, 1)}, views.HQuick{Label: l.T("holdem.view.quick.all_in"), Amount: o.MaxTo})
	seen := map[int]bool{}
	kept := out[:0]
	for i, q := range out {
		if !seen[q.Amount] || i == len(out)-1 { // all-in always shows
			kept = append(kept, q)
		}
		seen[q.Amount] = true
	}
	return kept
}

// beatenBy is the best hand the seat's hand rk beat in a pot it won on
// run b (0 when it won none): its name then says the kicker that decided.
func beatenBy(results []holdem.Result, seat, b int, rk eval.Rank) eval.Rank {
	for _, r := range results {
		if r.Run == b && eval.Rank(r.Rank) == rk && slices.Contains(r.Winners, seat) && r.Over > 0 {
			return eval.Rank(r.Over)
		}
	}
	return 0
}

// showWinningCards marks the five cards that won the main pot, on the
// board and in the winners' shown hands.
func showWinningCards(v *holdem.View, h *views.Holdem) {
	if len(v.Results) == 0 || v.Results[0].Rank == 0 || len(v.Board) != 5 {
		return
	}
	win := map[cards.Card]bool{}
	for _, w := range v.Results[0].Winners {
		sv := v.Seats[w]
		if len(sv.Hole) != 2 {
			continue
		}
		for _, c := range eval.Default().Best5(append(append([]cards.Card(nil), sv.Hole...), v.Board...)) {
			win[c] = true
		}
	}
	mark := func(cs []views.CardView) {
		for i := range cs {
			c, _ := cards.Parse(cs[i].ID)
			cs[i].Win = win[c]
		}
	}
	mark(h.Board)
	for _, w := range v.Results[0].Winners {
		mark(h.Seats[w].Hole)
	}
}

// holdemStandings ranks the hand that just ended by what each player won
// or lost on it, with the hand each showed (or that it folded); a player
// who folded without putting a chip in is left out.
func holdemStandings(rv *roomView, v *holdem.View, r *holdem.HandRecord, seats []views.HSeat) *views.Standings {
	l := rv.l()
	s := &views.Standings{Title: l.F("holdem.view.hand_over", i18n.N("Hand", v.Hand)), WhatHead: l.T("holdem.view.head.hand"),
		ScoreHead: l.T("holdem.view.head.net"), Next: l.T("holdem.view.next"), NextAt: rv.nextAtMilli(), Tonight: true}
	var rows []views.Standing
	var keys []int
	for i, sv := range v.Seats {
		if !sv.Dealt {
			continue
		}
		net := r.Net(i)
		if i == v.Seat {
			s.Note = holdemNote(sv, net, l)
		}
		if sv.Folded && net == 0 {
			continue
		}
		row := standingOf(rv, i)
		row.What, row.Score, row.Sign = seats[i].HandName, signedIn(l, net), sign(net)
		if seats[i].HandName2 != "" {
			row.What = runLines(l, v.Results, i, seats[i].HandName, seats[i].HandName2)
		}
		if sv.Folded {
			row.What = l.T("holdem.view.folded")
		}
		rows, keys = append(rows, row), append(keys, net)
	}
	s.Rows = ranked(rows, keys, false)
	return s
}

// runLines words a hand run twice for one player, a line a run: "wins run
// 1 with a pair of sixes" where the seat won a pot on that run, else "run
// 2: a pair of aces".
func runLines(l *i18n.Lang, results []holdem.Result, seat int, hands ...string) string {
	lines := make([]string, len(hands))
	for run, hand := range hands {
		key := "holdem.view.run.lost"
		for _, r := range results {
			if r.Run == run && slices.Contains(r.Winners, seat) {
				key = "holdem.view.run.won"
			}
		}
		lines[run] = l.F(key, i18n.N("Run", run+1), i18n.S("Hand", hand))
	}
	return strings.Join(lines, "\n")
}

// holdemOutcome is a finished hand or tournament for the evening. A cash
// table's hand adds each player's net (so a person's total is their net
// since they sat down, buy-ins apart) and ranks no one; a tournament's
// hands add nothing (its chips are not money), its end gives the places.
func holdemOutcome(m game.Match) (outcome, bool) {
	st := holdemState(m)
	if pm, ok := m.(*pokerMatch); ok && pm.Plus.Tour != nil {
		t := pm.Plus.Tour
		if !t.Over() {
			return outcome{}, false
		}
		places, prize := make([]int, st.N), make([]int, st.N)
		prizes, _ := tourPrizes(&pm.Plus)
		for _, e := range t.Standings(prizes) {
			if e.Seat >= 0 && e.Seat < st.N && e.Place > 0 && (places[e.Seat] == 0 || e.Place < places[e.Seat]) {
				places[e.Seat], prize[e.Seat] = e.Place, e.Prize // a seat that saw two entries: its best
			}
		}
		o := placedOutcome("tournament", "tournament", places)
		o.Unit = "prize"
		for i := range o.Seats {
			o.Seats[i].Score = prize[i]
		}
		return o, true
	}
	n := len(st.Past)
	if st.Street != holdem.HandOver || n == 0 || st.Past[n-1].Hand != st.Hand {
		return outcome{}, false
	}
	r := &st.Past[n-1]
	o := outcome{Key: "hand " + itoa(r.Hand), What: "hand", Figure: true}
	for i := range r.Seats {
		o.Seats = append(o.Seats, seatOutcome{Out: !r.Seats[i].Dealt, Add: r.Net(i)})
	}
	return o, true
}

// holdemNote tells the viewer how the hand ended for them: what they won,
// and what that was net of what they put in.
func holdemNote(me holdem.SeatView, net int, l *i18n.Lang) string {
	switch {
	case me.Won > 0:
		return l.F("holdem.view.note.win", i18n.N("Chips", me.Won), i18n.S("Net", signedIn(l, net)))
	case me.Folded && net == 0:
		return l.T("holdem.view.note.folded")
	case me.Folded:
		return l.F("holdem.view.note.folded_net", i18n.S("Net", signedIn(l, net)))
	}
	return l.F("holdem.view.note.lose", i18n.N("Chips", -net))
}

func holdemStatus(v *holdem.View, l *i18n.Lang, t *Table, yourTurn bool) string {
	switch {
	case v.RunOut == holdem.RunOutAsking && v.Options.Twice && yourTurn:
		return l.T("holdem.view.status.twice")
	case v.RunOut == holdem.RunOutAsking:
		return l.F("holdem.view.status.twice_wait", seatList("Names", t, v.Undecided))
	case v.Hand == 0:
		return l.T("holdem.view.status.first")
	case v.Street == holdem.HandOver:
		return l.F("holdem.view.status.over", i18n.N("Hand", v.Hand))
	case yourTurn && v.Options.Call:
		return l.F("holdem.view.status.call", i18n.N("Amount", v.Options.CallAmount))
	case yourTurn && v.CurrentBet == 0:
		return l.T("holdem.view.status.bet")
	case yourTurn:
		return l.T("holdem.view.status.raise")
	case v.Turn >= 0:
		return l.F("holdem.view.status.to_act", t.nameArgAs("Name", v.Turn))
	}
	return l.T("holdem.view.status.runs_out")
}

// streetLog is this hand's actions street by street, with the board as it
// came; an action's line worded in an earlier push is read from kept.
func streetLog(v *holdem.View, l *i18n.Lang, t *Table, kept *keptMsgs) []views.HItem {
	if v.Hand == 0 {
		return nil
	}
	out := []views.HItem{{Text: l.T("holdem.view.items.preflop"), Title: true}}
	street := holdem.Preflop
	msgs := holdem.ActionMsgs(v.Actions)
	for i, r := range v.Actions {
		for street < r.Street {
			street++
			out = append(out, boardStreet(street, v.Board, l))
		}
		out = append(out, views.HItem{Text: kept.text(l, i, i18n.M("holdem.view.items.action", t.nameArgAs("Name", r.Seat), i18n.Nest("Action", msgs[i])))})
	}
	for n := len(v.Board); street < holdem.River && holdem.BoardAt(street+1) <= n; {
		street++
		out = append(out, boardStreet(street, v.Board, l))
	}
	if len(v.Board2) > 0 {
		out = append(out, views.HItem{Text: l.F("holdem.view.items.second_board", facesArg("Cards", v.Board2)), Title: true})
	}
	return out
}

// boardStreet is a street's title with the board as it came: "Flop 7♦ 3♠ 8♠".
func boardStreet(s holdem.Street, board []cards.Card, l *i18n.Lang) views.HItem {
	n := min(holdem.BoardAt(s), len(board))
	return views.HItem{Text: l.F("holdem.view.items."+s.String(), facesArg("Cards", board[:n])), Title: true}
}

// facesArg is cards by face ("Q♠ 10♦"), the same in every language (as
// the log writes them).
func facesArg(name string, cs []cards.Card) i18n.Arg {
	faces := make([]string, len(cs))
	for i, c := range cs {
		faces[i] = c.Face()
	}
	return i18n.S(name, strings.Join(faces, " "))
}

// handSummary is a finished hand in one line for the history list: who
// won what, and the viewer's own result.
func handSummary(r *holdem.HandRecord, viewer int, t *Table) i18n.Msg {
	var out i18n.Msg
	for i := len(r.Results) - 1; i >= 0; i-- { // each pot's line before the ones after it
		res := r.Results[i]
		won := i18n.M("holdem.view.past.won", seatList("Names", t, res.Winners), i18n.Count(len(res.Winners)), i18n.N("Chips", res.Pot.Amount))
		if res.Rank > 0 {
			won = i18n.M("holdem.view.past.won_with", seatList("Names", t, res.Winners), i18n.Count(len(res.Winners)), i18n.N("Chips", res.Pot.Amount),
				i18n.Nest("Hand", eval.Default().DescribeOverMsg(eval.Rank(res.Rank), eval.Rank(res.Over))))
		}
		if !out.IsZero() {
			won = i18n.M("holdem.view.past.more", i18n.Nest("First", won), i18n.Nest("Rest", out))
		}
		out = won
	}
	if viewer >= 0 && viewer < len(r.Seats) && r.Seats[viewer].Dealt {
		out = i18n.M("holdem.view.past.net", i18n.Nest("Results", out), i18n.S("Net", signed(r.Net(viewer))))
	}
	return out
}

// holdemDealNote is what the list of replays says of the hand just finished:
// who won each pot (with the hand shown, if any), the whole pot, each
// seat's net, and the hand's marks.
func holdemDealNote(m game.Match, t *Table) *dealNote {
	past := holdemState(m).Past
	if len(past) == 0 {
		return nil
	}
	r := &past[len(past)-1]
	n := &dealNote{Won: handSummary(r, game.Spectator, t), Net: make([]int, len(r.Seats)), Players: make([]string, len(r.Seats))}
	for _, res := range r.Results {
		n.Pot += res.Pot.Amount
	}
	allIn := false
	for i, s := range r.Seats {
		if s.Dealt {
			n.Net[i] = r.Net(i)
			allIn = allIn || s.AllIn
			if i < len(t.Seats) {
				n.Players[i] = t.Seats[i].Player
			}
		}
	}
	if allIn {
		n.Marks = append(n.Marks, "replays.mark.all_in")
	}
	if len(r.Board2) > 0 {
		n.Marks = append(n.Marks, "replays.mark.twice")
	}
	if r.Bomb > 0 {
		n.Marks = append(n.Marks, "replays.mark.bomb")
	}
	return n
}

// anteMsg is the hand's antes for its header: "ante 5", "BB ante 20",
// "bomb pot 40" (zero for none).
func anteMsg(v *holdem.View) i18n.Msg {
	f := v.Rules.Format
	switch {
	case v.Bomb > 0:
		return i18n.M("holdem.term.bomb", i18n.N("Ante", v.Bomb))
	case f.Ante > 0 && f.BigBlindAnte:
		return i18n.M("holdem.term.bb_ante", i18n.N("Ante", f.Ante))
	case f.Ante > 0:
		return i18n.M("holdem.term.ante", i18n.N("Ante", f.Ante))
	}
	return i18n.Msg{}
}

// tourEntry is the entry playing seat, or the last one placed there.
func tourEntry(t *holdem.Tourney, seat int) *holdem.Entry {
	if t == nil {
		return nil
	}
	var out *holdem.Entry
	for i := range t.Entries {
		if e := &t.Entries[i]; e.Seat == seat {
			if e.Place == 0 {
				return e
			}
			out = e
		}
	}
	return out
}

// tourView is the tournament's line: its level, the time (or hands) to
// the next, the next blinds and ante, players left and the average stack;
// and its structure, to look at.
func tourView(rv *roomView, p *pokerPlus, v *holdem.View) *views.HTour {
	t, l := p.Tour, rv.l()
	st := t.Structure
	tv := &views.HTour{Level: p.Level, Blinds: l.Msg(levelMsg(st.Level(p.Level))), Left: t.Left(), Entrants: len(t.Entries), Name: st.Name}
	chips := 0
	for _, sv := range v.Seats {
		chips += sv.Stack + sv.Total
	}
	if t.Over() {
		for _, e := range t.Entries {
			if e.Place == 1 {
				tv.Winner = rv.name(e.Seat)
			}
		}
		return tv
	}
	if tv.Left > 0 {
		tv.Average = chips / tv.Left
	}
	if p.Level < len(st.Levels) {
		tv.Next = l.Msg(levelMsg(st.Level(p.Level + 1)))
		switch {
		case st.Minutes > 0:
			left := time.Duration(p.Level)*time.Duration(st.Minutes)*time.Minute - rv.played
			switch {
			case left <= 0 && v.Street == holdem.HandOver:
				tv.NextIn = l.T("holdem.view.tour.next_hand")
			case left <= 0:
				tv.NextIn = l.T("holdem.view.tour.after_hand")
			case !rv.playing:
				tv.NextIn = l.F("holdem.view.tour.paused", i18n.S("Time", clockText(left)))
			default:
				tv.NextAt = rv.now.Add(left).UnixMilli()
			}
		case st.Hands > 0:
			// the next level's first hand is p.Level*st.Hands+1: so many
			// deals from the hand under way (or just over)
			switch n := p.Level*st.Hands + 1 - v.Hand; {
			case n > 1:
				tv.NextIn = l.F("holdem.view.tour.in_hands", i18n.Count(n))
			case v.Street == holdem.HandOver:
				tv.NextIn = l.T("holdem.view.tour.next_hand")
			default:
				tv.NextIn = l.T("holdem.view.tour.after_hand")
			}
		}
	}
	if st.RebuyLevels > 0 && p.Level <= st.RebuyLevels {
		tv.Rebuys = l.F("holdem.view.tour.rebuys", i18n.N("Level", st.RebuyLevels))
	}
	if st.LateLevels > 0 && st.MayRegister(p.Level) {
		tv.Late = l.F("holdem.view.tour.late", i18n.N("Level", st.LateLevels))
	}
	for i, lv := range st.Levels {
		tv.Levels = append(tv.Levels, views.HLevel{N: i + 1, SmallBlind: lv.SmallBlind, BigBlind: lv.BigBlind, Ante: lv.Ante, Now: i+1 == p.Level})
	}
	return tv
}

// clockText is a duration as m:ss.
func clockText(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	return itoa(s/60) + ":" + string(rune('0'+s%60/10)) + string(rune('0'+s%10))
}

// tourStandings are a finished tournament's standings: place, name, hands
// played, rebuys and the prize.
func tourStandings(rv *roomView, p *pokerPlus) *views.Standings {
	t, l := p.Tour, rv.l()
	prizes, points := tourPrizes(p)
	s := &views.Standings{Title: l.T("standings.final"), WhatHead: l.T("holdem.view.head.hands_played"), ScoreHead: l.T("holdem.view.head.rebuys")}
	rv.ended(s)
	if prizes != nil {
		s.TotalHead = l.T("holdem.view.head.prize")
	}
	for _, e := range t.Standings(prizes) {
		row := standingOf(rv, e.Seat)
		row.Place, row.PlaceN = ordinal(e.Place), e.Place
		row.What = itoa(e.Hands)
		row.Score = itoa(e.Rebuys)
		if e.AddOn {
			row.Score = l.F("holdem.view.rebuys.add_on", i18n.N("Rebuys", e.Rebuys))
		}
		if prizes != nil {
			row.Total = "–"
			if e.Prize > 0 {
				row.Total = l.F(map[bool]string{true: "holdem.view.prize.points", false: "holdem.view.prize.chips"}[points], i18n.Count(e.Prize))
			}
		}
		if e.Seat == rv.seat && e.Place > 0 {
			s.Note = l.F("holdem.view.note.tour_place", i18n.Ord("Place", e.Place))
			if e.Place == 1 {
				s.Note = l.T("holdem.view.note.tour_win")
			}
		}
		s.Rows = append(s.Rows, row)
	}
	return s
}

// tourPrizes are a tournament's prize for each place (nil: no prizes)
// and whether they count points (or chips).
func tourPrizes(p *pokerPlus) (prizes []int, points bool) {
	t := p.Tour
	if len(p.Opts.Shares) == 0 {
		return nil, false
	}
	pool := 100
	if !p.Opts.Points {
		pool = 0
		for _, e := range t.Entries {
			pool += t.Structure.Stack * (1 + e.Rebuys)
			if e.AddOn {
				pool += t.Structure.AddOn
			}
		}
	}
	return holdem.Payouts(pool, p.Opts.Shares), p.Opts.Points
}

// holdemStructures are the blind structures for the creation form.
func holdemStructures() []views.HStructure {
	var out []views.HStructure
	all := holdem.Structures()
	for _, name := range []string{"turbo", "regular", "deep"} {
		st := all[name]
		hs := views.HStructure{Name: name, Note: i18n.M("holdem.create.structure.note",
			i18n.N("Chips", st.Stack), levelLengthArg("Length", st), i18n.N("Level", anteFrom(st)))}
		for i, l := range st.Levels {
			hs.Levels = append(hs.Levels, views.HLevel{N: i + 1, SmallBlind: l.SmallBlind, BigBlind: l.BigBlind, Ante: l.Ante})
		}
		out = append(out, hs)
	}
	return out
}

// anteFrom is the first level with an ante.
func anteFrom(st holdem.Structure) int {
	for i, l := range st.Levels {
		if l.Ante > 0 {
			return i + 1
		}
	}
	return 0
}

// tourPrompt tells a language model the tournament it plays: the
// structure, the level and the next, players left and the average stack
// in big blinds ("" at a cash table).
func tourPrompt(m game.Match, v *holdem.View) string {
	pm, ok := m.(*pokerMatch)
	if !ok || pm.Plus.Tour == nil {
		return ""
	}
	p := &pm.Plus
	t := p.Tour
	st := t.Structure
	out := "A " + st.Name + " sit-and-go tournament (freezeout: out of chips, you are out"
	if st.RebuyLevels > 0 {
		out = "A " + st.Name + " sit-and-go tournament (rebuys through level " + itoa(st.RebuyLevels)
	}
	out += "). Level " + itoa(p.Level) + " of " + itoa(len(st.Levels)) + ": blinds " + levelWords(st.Level(p.Level))
	if p.Level < len(st.Levels) {
		out += "; next level " + levelWords(st.Level(p.Level+1))
	}
	chips := 0
	for _, sv := range v.Seats {
		chips += sv.Stack + sv.Total
	}
	if left := t.Left(); left > 0 && v.Rules.BigBlind > 0 {
		avg := chips / left
		out += ". " + itoa(left) + " of " + itoa(len(t.Entries)) + " players left, average stack " + itoa(avg) + " (" + itoa(avg/v.Rules.BigBlind) + " BB)"
	}
	if n := len(p.Opts.Shares); n > 0 {
		out += "; the top " + itoa(n) + " are paid"
	}
	return out + "."
}
