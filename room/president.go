package room

import (
	"net/url"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/president"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

var presidentKind = &kind{
	name:       "president",
	info:       views.GameInfo{Kind: "president", Options: views.PresidentOptions()},
	defaultBot: "greedy",
	pace:       [2]time.Duration{300 * time.Millisecond, 700 * time.Millisecond},
	options: func(f url.Values) (Options, error) {
		rules, ok := president.RulesNamed(f.Get("ruleset"))
		if !ok {
			return Options{}, game.Err(game.CodeInvalidAction, "error.president.choose_ruleset")
		}
		n, ok := formInt(f, "seats", 4, 2, president.MaxSeats)
		if !ok || n < rules.MinPlayers || n > rules.MaxPlayers {
			return Options{}, game.Err(game.CodeInvalidAction, "error.president.ruleset_seats", i18n.K("Rules", "president.ruleset."+rules.Name),
				i18n.N("Min", rules.MinPlayers), i18n.N("Max", rules.MaxPlayers))
		}
		jokers := f.Get("jokers")
		if jokers != "" && jokers != "on" && jokers != "off" {
			return Options{}, game.Err(game.CodeInvalidAction, "error.president.jokers_choice")
		}
		return Options{Seats: n, Ruleset: rules.Name, NoJokers: jokers == "off"}, nil
	},
	minPlayers: func(o Options) int {
		r, _ := president.RulesNamed(o.Ruleset)
		return r.MinPlayers
	},
	describe: func(o Options) []i18n.Msg {
		return []i18n.Msg{presidentRulesMsg(presidentRules(o)), seatsWord(o.Seats)}
	},
	newMatch: func(o Options, n int, seed uint64) (game.Match, []game.Event, error) {
		return president.NewMatch(presidentRules(o), n, seed)
	},
	emptyMatch: func() game.Match { return president.EmptyMatch() },
	// a seat changes hands between deals
	seatOpen: presidentDealOver,
	// and the table may change game between deals
	between: presidentDealOver,
	fair:    &fairness{what: "deal", over: presidentDealOver},
	outcome: presidentOutcome,
	render: func(rv *roomView) (templ.Component, []views.Fragment) {
		p := presidentView(rv)
		return views.PresidentGame(&p), p.Fragments()
	},
}

// presidentRules are a table's rules: its ruleset, with or without jokers
// (the design note's use_jokers, on unless the host turned it off).
func presidentRules(o Options) president.Rules {
	r, _ := president.RulesNamed(o.Ruleset)
	return r.WithJokers(!o.NoJokers)
}

// presidentDealOver reports a match between two deals (its seed is then
// spent).
func presidentDealOver(m game.Match) bool {
	return m.(*president.Match).State.Phase == president.DealOver
}

// presidentView builds what one viewer sees from the engine's View for
// that seat: nothing else of the state is read.
func presidentView(rv *roomView) views.President {
	m := rv.t.Match.(*president.Match)
	v := m.State.View(rv.seat)
	name, l := rv.name, rv.l()
	// the seats' words, the scoreboard and the pile are the same for
	// every viewer of a language: the push's first viewer words them
	pub := publicAt(rv, v.Version, func() *presidentPublic { return presidentWords(rv, &v) })
	p := views.President{ActURL: rv.actURL, ReplayURL: "/t/" + rv.code + "/replay/" + itoa(v.Deal), Version: v.Version, You: v.Seat, Deal: v.Deal, Ruleset: pub.ruleset, Inverted: v.Inverted,
		ScoreNames: pub.names, ScoreTotals: pub.totals, History: pub.history, PileNote: pub.pileNote}

	waiting := v.Waiting()
	isWaiting := func(s int) bool {
		for _, w := range waiting {
			if w == s {
				return true
			}
		}
		return false
	}
	p.Seats = make([]views.PSeat, 0, v.N)
	for i := 0; i < v.N; i++ {
		sv, words := v.Seats[i], pub.seats[i]
		p.Seats = append(p.Seats, views.PSeat{Seat: rv.seatView(i), HandCount: sv.HandCount, Passed: sv.Passed, Score: sv.Score,
			Turn: isWaiting(i) && v.Phase == president.Playing, Place: words.place, Role: words.role, Owes: words.owes})
	}
	// the scoreboard changes only when a deal ends (names are fixed once
	// the game starts)
	p.ScoreKey = uint64(len(v.History)) + 1
	// the pile's plays travel from their seat's side of the viewer's table
	for i, pl := range pub.pile {
		pl.From = views.Place(v.Pile[v.PileLen-len(pub.pile)+i].Seat, v.N, v.Seat).From()
		p.Pile = append(p.Pile, pl)
	}

	if v.MyTurn() {
		p.Playable = rankClasses(v.Playable())
	}
	p.Hand = cardViews(v.Hand)
	// the hand shows the cards, or for a watcher a notice: the set of cards
	// (with a bit for watching) stands for it
	p.HandKey = uint64(v.Hand) | uint64(v.Deal&0xff)<<54 | 1<<62
	if v.Seat < 0 {
		p.HandKey = 1<<63 | uint64(v.Deal&0xff)<<54
	} else {
		key := p.HandKey
		p.HandLeft = func(had uint64) ([]string, bool) {
			const cardBits = 1<<54 - 1
			if had&^cardBits != key&^cardBits || had&key&cardBits != key&cardBits || key&cardBits == 0 {
				return nil, false // another deal or a watcher's, a card came in, or no card is left
			}
			var gone []string
			for _, c := range cards.Set(had & cardBits &^ key).Cards() {
				gone = append(gone, c.String())
			}
			return gone, true
		}
	}
	p.Gave, p.Got = cardViews(v.Gave), cardViews(v.Got)
	p.Status, p.Mode = presidentStatus(&v, l, rv.t.nameArgAs)
	p.YourTurn = p.Mode != "wait" && p.Mode != "watch" && p.Mode != "over"
	if rv.replay { // worded as a watcher reads it: "Ann to play", nobody's move
		w := v
		w.Seat = game.Spectator
		p.Status, _ = presidentStatus(&w, l, rv.t.nameArgAs)
		p.YourTurn = false
	}
	switch p.Mode {
	case "play":
		p.CanPass = v.CanPass()
	case "gift", "discard":
		p.Need = v.Pending.Count
		for i := 0; i < v.N && p.Mode == "gift"; i++ {
			// a gift goes to opponents still in the deal: their seats take it
			p.Seats[i].GiveTo = i != v.Seat && v.Seats[i].Place == 0
		}
	case "return":
		r, _ := v.Owes()
		p.Need, p.ReturnTo = r.Count, name(r.To)
	case "over":
		p.Standings = presidentStandings(rv, &v, p.ReplayURL)
	}
	return p
}

// presidentPublic is what every viewer sees alike of a President table,
// in one language: the ruleset, each seat's badges, the scoreboard and
// the pile (its plays without the side they come from).
type presidentPublic struct {
	ruleset  string
	seats    []presidentSeatWords
	names    []string
	totals   []int
	history  [][]string
	pile     []views.PPlay
	pileNote string
}

// presidentSeatWords are a seat's badges: its place once out, its role,
// what it owes.
type presidentSeatWords struct{ place, role, owes string }

// presidentWords words the public part of the table in the viewer's
// language.
func presidentWords(rv *roomView, v *president.View) *presidentPublic {
	name, l := rv.name, rv.l()
	pub := &presidentPublic{ruleset: presidentRulesWords(l, v.Rules), seats: make([]presidentSeatWords, v.N),
		names: make([]string, v.N), totals: make([]int, v.N)}
	for i := range v.N {
		sv, w := v.Seats[i], &pub.seats[i]
		if sv.Place > 0 && v.Phase == president.Playing {
			w.place = l.F("president.view.out", i18n.Ord("Place", sv.Place))
		}
		if sv.Role != president.NoRole {
			w.role = l.T(roleKeys[sv.Role])
		}
		switch {
		case v.Phase == president.Playing && v.Pending.Kind != 0 && v.Pending.Seat == i:
			w.owes = l.F("president.view.owes."+v.Pending.Kind.String(), i18n.Count(v.Pending.Count))
		case v.Phase == president.Exchange:
			for _, r := range v.Returns[:v.NReturns] {
				if r.From == i && !r.Done {
					w.owes = l.F("president.view.owes.return", i18n.Count(r.Count))
				}
			}
		}
		pub.names[i], pub.totals[i] = name(i), sv.Score
	}
	cells := make([]string, len(v.History)*v.N)
	pub.history = make([][]string, len(v.History))
	for d, row := range v.History {
		r := cells[d*v.N : (d+1)*v.N]
		for i := range r {
			if k := roleShortKeys[row[i]]; k != "" {
				r[i] = l.T(k)
			}
		}
		pub.history[d] = r
	}
	// the pile shows the last two plays: the one to beat and the one before
	for _, pl := range v.Pile[max(0, v.PileLen-2):v.PileLen] {
		pub.pile = append(pub.pile, views.PPlay{Who: name(pl.Seat), Label: l.Msg(presidentSet(pl.Set)), Cards: cardViews(pl.Cards)})
	}
	switch {
	case v.PileLen > 0:
		pub.pileNote = l.F("president.view.pile", i18n.Count(v.PileCount))
	case v.Phase == president.Playing:
		pub.pileNote = l.F("president.view.pile.leads", rv.t.nameArgAs("Name", v.Turn))
	default:
		pub.pileNote = l.T("president.view.pile.empty")
	}
	return pub
}

// presidentStandings ranks the deal that just ended: each player's place,
// the role it earns for the next deal, its points and its total.
func presidentStandings(rv *roomView, v *president.View, replay string) *views.Standings {
	l := rv.l()
	s := &views.Standings{Title: l.F("president.view.deal_over", i18n.N("Deal", v.Deal)), WhatHead: l.T("president.view.head.role"), ScoreHead: l.T("standings.head.points"), TotalHead: l.T("standings.head.total"),
		Note: presidentResult(v, l, rv.t.nameArgAs), Next: l.T("president.view.next"), NextAt: rv.nextAtMilli(),
		Replay: replay, ReplayText: l.T("president.view.replay"), Tonight: true}
	rows, keys := make([]views.Standing, v.N), make([]int, v.N)
	for i := range rows {
		sv := v.Seats[i]
		pts := sv.Role.Points()
		rows[i] = standingOf(rv, i)
		rows[i].What, rows[i].Score, rows[i].Sign, rows[i].Total = l.T(roleKeys[sv.Role]), signed(pts), sign(pts), itoa(sv.Score)
		keys[i] = -sv.Place
	}
	s.Rows = ranked(rows, keys, true)
	return s
}

// presidentOutcome is a finished deal for the evening: each place, the
// deal's points and the role it earned (its key: its name, "VP" for the
// Vice President).
func presidentOutcome(m game.Match) (outcome, bool) {
	st := &m.(*president.Match).State
	if st.Phase != president.DealOver {
		return outcome{}, false
	}
	o := outcome{Key: "deal " + itoa(st.Deal), What: "deal", Placed: true, Figure: true, Unit: "points", Replay: st.Deal}
	for i := 0; i < st.N; i++ {
		p := st.Players[i]
		role := roleKeys[p.Role]
		if p.Role == president.VicePresident {
			role = roleShortKeys[p.Role] // "VP"
		}
		place := p.Place
		if place == 0 {
			place = st.N // the one left holding cards
		}
		o.Seats = append(o.Seats, seatOutcome{Place: place, Add: p.Role.Points(), Mark: role, Score: p.Role.Points()})
	}
	return o, true
}

// presidentResult tells the viewer how the deal ended for them, or a
// watcher who won it.
func presidentResult(v *president.View, l *i18n.Lang, name func(string, int) i18n.Arg) string {
	if v.Seat < 0 {
		for i := 0; i < v.N; i++ {
			if v.Seats[i].Role == president.President {
				return l.F("president.view.result.president", name("Name", i))
			}
		}
		return l.T("president.view.result.over")
	}
	me := v.Seats[v.Seat]
	switch me.Role {
	case president.President:
		return l.T("president.view.result.win")
	case president.NoRole:
		return l.T("president.view.result.over")
	}
	place := "president.view.place.last"
	if me.Place > 0 && me.Place < v.N {
		place = [...]string{"", "president.view.place.1", "president.view.place.2", "president.view.place.3", "president.view.place.4"}[min(me.Place, 4)]
	}
	return l.F("president.view.result.finished", i18n.K("Place", place), i18n.K("Role", roleKeys[me.Role]))
}

// roleKeys are the roles' names in the catalog.
var roleKeys = [...]string{president.NoRole: "", president.President: "president.role.president", president.VicePresident: "president.role.vice_president",
	president.Citizen: "president.role.citizen", president.Scumbag: "president.role.scumbag", president.Asshole: "president.role.asshole"}

// roleShortKeys are the roles' letters on the scoreboard.
var roleShortKeys = [...]string{president.NoRole: "", president.President: "president.role.short.president", president.VicePresident: "president.role.short.vice_president",
	president.Citizen: "president.role.short.citizen", president.Scumbag: "president.role.short.scumbag", president.Asshole: "president.role.short.asshole"}

// presidentRulesWords names the ruleset and its jokers: "house rules,
// jokers wild".
func presidentRulesWords(l *i18n.Lang, r president.Rules) string { return l.Msg(presidentRulesMsg(r)) }

// presidentRulesMsg is presidentRulesWords as a catalog message.
func presidentRulesMsg(r president.Rules) i18n.Msg {
	jokers := "president.jokers.set"
	switch {
	case !r.UseJokers():
		jokers = "president.jokers.none"
	case r.WildJokers:
		jokers = "president.jokers.wild"
	}
	return i18n.M("president.rules", i18n.K("Rules", "president.ruleset."+r.Name), i18n.K("Jokers", jokers))
}

// presidentSet is a set in words: "a nine", "two queens", "three sevens
// (a joker)" (as the log writes it).
func presidentSet(st president.Set) i18n.Msg {
	m := i18n.M(setRankKeys[st.Rank], i18n.Count(st.Count), setNumber(st.Count))
	if st.Rank != cards.Joker {
		if j := st.Cards.OfRank(cards.Joker).Len(); j > 0 {
			m = i18n.M("card.set.with_jokers", i18n.Nest("Set", m), i18n.Count(j), setNumber(j))
		}
	}
	return m
}

var setRankKeys = [...]string{2: "card.set.2", 3: "card.set.3", 4: "card.set.4", 5: "card.set.5", 6: "card.set.6",
	7: "card.set.7", 8: "card.set.8", 9: "card.set.9", 10: "card.set.10", 11: "card.set.jack", 12: "card.set.queen",
	13: "card.set.king", 14: "card.set.ace", 15: "card.set.joker"}

// setNumber is a small count in words ("two") as Number; digits past four.
func setNumber(n int) i18n.Arg {
	if n >= 2 && n <= 4 {
		return i18n.K("Number", "word.number."+itoa(n))
	}
	return i18n.N("Number", n)
}

// presidentStatus says what the table waits for, and which controls the
// viewer gets.
func presidentStatus(v *president.View, l *i18n.Lang, name func(string, int) i18n.Arg) (status, mode string) {
	me := v.Seat
	switch v.Phase {
	case president.Exchange:
		if r, ok := v.Owes(); ok {
			return l.F("president.view.status.give_back", i18n.Count(r.Count), name("Name", r.To)), "return"
		}
		waiting := v.Waiting()
		names := make([]i18n.Arg, len(waiting))
		for i, s := range waiting {
			names[i] = name("", s)
		}
		return l.F("president.view.status.exchange_wait", i18n.ListOf("Names", names...), i18n.Count(len(names))), waitMode(me)
	case president.DealOver:
		return l.F("president.view.status.deal_over", i18n.N("Deal", v.Deal)), "over"
	}
	if v.Pending.Kind != 0 {
		kind := v.Pending.Kind.String()
		if v.Pending.Seat == me {
			return l.F("president.view.status.your_"+kind, i18n.Count(v.Pending.Count)), kind
		}
		return l.F("president.view.status.must_"+kind, name("Name", v.Pending.Seat), i18n.Count(v.Pending.Count)), waitMode(me)
	}
	if !v.MyTurn() {
		return l.F("president.view.status.to_play", name("Name", v.Turn)), waitMode(me)
	}
	top, onPile := v.Top()
	switch {
	case v.Opening:
		return l.T("president.view.status.opening"), "play"
	case !onPile:
		return l.T("president.view.status.lead"), "play"
	}
	follow := "president.view.status.follow"
	if v.Inverted {
		follow = "president.view.status.follow_inverted"
	}
	return l.F(follow, i18n.K("Pattern", "president.pattern."+itoa(top.Count)), i18n.K("Rank", "card.ranks."+itoa(int(top.Rank)))), "play"
}

func waitMode(seat int) string {
	if seat < 0 {
		return "watch"
	}
	return "wait"
}

// cardViews lists a set's cards in President order (3 low … 2, jokers).
func cardViews(s cards.Set) []views.CardView {
	out := make([]views.CardView, 0, s.Len())
	for _, r := range presidentOrder {
		for g := s.OfRank(r); g != 0; {
			c, _ := g.Lowest()
			g = g.Without(c)
			out = append(out, cardView[c])
		}
	}
	return out
}

// cardView is each card as shown, made once.
var cardView = func() (t [cards.BlackJoker + 1]views.CardView) {
	for _, c := range cards.Deck(2) {
		f := &views.CardFace{ID: c.String(), Name: c.Name(), Red: c.Red(), Rank: "r" + c.Rank().Short(),
			Pip: c.Rank().Short(), PipKey: pipKeys[c.Rank()], Sym: "★"}
		if !c.IsJoker() {
			f.Sym = strings.TrimPrefix(c.Face(), c.Rank().Short())
			f.Suit = "suit-" + string("cdhs"[c.Suit()])
		}
		t[c] = views.CardView{CardFace: f}
	}
	return t
}()

// pipKeys are the catalog keys of the ranks printed as letters.
var pipKeys = [...]string{cards.Jack: "card.pip.jack", cards.Queen: "card.pip.queen", cards.King: "card.pip.king", cards.Ace: "card.pip.ace",
	cards.Joker: "card.pip.joker"}

// rankClasses lists the rank classes of the cards in s: "r4 r9 rJK".
func rankClasses(s cards.Set) string {
	out := ""
	for _, r := range presidentOrder {
		if s.OfRank(r) != 0 {
			if out != "" {
				out += " "
			}
			out += "r" + r.Short()
		}
	}
	return out
}

var presidentOrder = []cards.Rank{cards.Three, cards.Four, cards.Five, cards.Six, cards.Seven, cards.Eight, cards.Nine, cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace, cards.Two, cards.Joker}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return itoa(n) + " " + many
}
