package room

import (
	"net/url"
	"time"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/lowunique"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

var lowUniqueKind = &kind{
	name: "lowunique",
	info: views.GameInfo{Kind: "lowunique", Args: []i18n.Arg{i18n.N("Rounds", lowunique.DefaultRules.Rounds)},
		Options: views.LowUniqueOptions()},
	defaultBot: "thinking",
	pace:       [2]time.Duration{400 * time.Millisecond, 900 * time.Millisecond},
	bots:       []string{"thinking", "random"},
	options: func(f url.Values) (Options, error) {
		n, ok := formInt(f, "seats", 4, 2, lowunique.MaxSeats)
		if !ok {
			return Options{}, game.Err(game.CodeInvalidAction, "error.lowunique.lowest_unique_played_by")
		}
		d := lowunique.DefaultRules
		rounds, ok1 := formInt(f, "rounds", d.Rounds, lowunique.MinRounds, lowunique.MaxRounds)
		cards, ok2 := formInt(f, "cards", d.Cards, lowunique.MinCards, lowunique.MaxCards)
		reveal, ok3 := formInt(f, "reveal", d.Reveal, lowunique.MinReveal, lowunique.MaxReveal)
		if !ok1 || !ok2 || !ok3 {
			return Options{}, (lowunique.Rules{Cards: cards, Rounds: rounds, Reveal: reveal}).Check()
		}
		return Options{Seats: n, Rounds: rounds, Cards: cards, Reveal: reveal}, nil
	},
	minPlayers: func(Options) int { return 2 },
	describe: func(o Options) []i18n.Msg {
		return []i18n.Msg{i18n.M("lowunique.option.rounds", i18n.Count(o.Rounds)), i18n.M("lowunique.option.cards", i18n.N("Cards", o.Cards)),
			i18n.M("lowunique.option.reveal", i18n.Count(o.Reveal)), seatsWord(o.Seats)}
	},
	newMatch: func(o Options, n int, _ uint64) (game.Match, []game.Event, error) {
		return lowunique.NewMatch(lowUniqueRules(o), n)
	},
	emptyMatch: func() game.Match { return lowunique.EmptyMatch() },
	endAlone: func(m game.Match) (game.Move, bool) {
		return lowunique.Action{Kind: lowunique.End}, m.(*lowunique.Match).State.Phase != lowunique.Over
	},
	rematch: func(m game.Match, mv game.Move) (bool, bool) {
		a, ok := mv.(lowunique.Action)
		return ok && a.Kind == lowunique.Rematch, m.(*lowunique.Match).State.Phase == lowunique.Over
	},
	again: lowunique.Action{Kind: lowunique.Rematch},
	outcome: func(m game.Match) (outcome, bool) {
		st := &m.(*lowunique.Match).State
		if st.Phase != lowunique.Over {
			return outcome{}, false
		}
		scores := make([]int, st.N)
		for i := range scores {
			scores[i] = st.Players[i].Score
		}
		o := placedOutcome("game "+itoa(st.Game), "game", placesBy(scores))
		o.Unit, o.Replay = "points", st.Game
		for i := range o.Seats {
			o.Seats[i].Score = scores[i]
		}
		return o, true
	},
	render: func(rv *roomView) (templ.Component, []views.Fragment) {
		l := lowUniqueView(rv)
		return views.LowUniqueGame(l), l.Fragments()
	},
}

// lowUniqueView builds what one viewer sees from the engine's View for
// that seat.
func lowUniqueView(rv *roomView) views.LowUnique {
	m := rv.t.Match.(*lowunique.Match)
	v := m.State.View(rv.seat)
	t, lang := rv.t, rv.l()
	// the rounds' results and the games' winners are the same for every
	// viewer of a language: the push's first viewer words them
	pub := publicAt(rv, v.Version, func() *luPublic { return luWords(rv, &v) })
	l := views.LowUnique{ActURL: rv.actURL, Version: v.Version, You: v.Seat, Game: v.Game, Round: v.Round,
		Rounds: v.Rules.Rounds, Cards: v.Rules.Cards, Phase: v.Phase.String(), PhaseText: pub.phase,
		ReplayURL: "/t/" + rv.code + "/replay/" + itoa(v.Game)}
	waiting := map[int]bool{}
	for _, w := range m.State.Waiting() {
		waiting[w] = true
	}
	var last *lowunique.RoundResult
	if n := len(v.Results); n > 0 && (v.Phase == lowunique.Resolved || v.Phase == lowunique.Over) {
		last = &v.Results[n-1]
	}
	for i, pv := range v.Players {
		s := views.LUSeat{Seat: rv.seatView(i), Score: pv.Score, BenchCount: pv.BenchCount, Selected: pv.Selected,
			Chosen: pv.Chosen, Ready: pv.Ready, Returned: pv.Returned && v.Phase == lowunique.Select, Card: pv.Card,
			Won: last != nil && last.Winner == i}
		if pv.Pair[0] != 0 {
			s.Pair = pv.Pair[:]
		}
		if waiting[i] {
			s.Waiting = pub.waiting
		}
		l.Seats = append(l.Seats, s)
	}
	if me, ok := v.Me(); ok {
		for _, c := range me.Hand {
			l.Hand = append(l.Hand, views.LUCard{Value: c, InPair: c == me.Pair[0] || c == me.Pair[1]})
		}
		l.Bench, l.Card = me.Bench, me.Card
		if me.Pair[0] != 0 {
			l.Pair = me.Pair[:]
		}
	}
	l.Results, l.Winners, l.Finals = pub.results, pub.winners, pub.finals
	l.Mode, l.Status = luMode(&v, lang, t, waiting, pub)
	l.YourTurn = v.Seat >= 0 && waiting[v.Seat] && !rv.replay
	if rv.replay { // worded as a watcher reads it: "Waiting for Ann", nobody's move
		w := v
		w.Seat = game.Spectator
		_, l.Status = luMode(&w, lang, t, waiting, pub)
	}
	switch {
	case v.Phase == lowunique.Over:
		l.Standings = luFinal(rv, &v, l.ReplayURL)
	case last != nil:
		l.Standings = luRound(rv, &v, last)
	}
	if v.Phase == lowunique.Reveal && !rv.phaseAt.IsZero() {
		l.RevealAt = rv.phaseAt.UnixMilli()
	}
	return l
}

// luPublic is what every viewer sees alike of a Lowest Unique table, in
// one language: the phase, what a seat the table waits for is doing, the
// rounds' results, the games' winners and the status once it is over.
type luPublic struct {
	phase, waiting string
	results        []views.LURound
	winners, over  string
	finals         []string
}

// luWords words the public part of the table in the viewer's language.
func luWords(rv *roomView, v *lowunique.View) *luPublic {
	t, l := rv.t, rv.l()
	pub := &luPublic{phase: l.T(luPhaseKeys[v.Phase])}
	if int(v.Phase) < len(luWaitingKeys) {
		pub.waiting = l.T(luWaitingKeys[v.Phase])
	}
	for _, r := range v.Results {
		lr := views.LURound{Round: r.Round, Result: l.T("lowunique.view.result.none")}
		if r.Winner >= 0 {
			lr.Result = l.F("lowunique.view.result.won", t.nameArgAs("Name", r.Winner), i18n.N("Card", r.Lowest))
		}
		count := map[int]int{}
		for _, c := range r.Chosen {
			count[c]++
		}
		for i, c := range r.Chosen {
			lr.Plays = append(lr.Plays, views.LUPlay{Pair: r.Pairs[i], Card: c, Unique: count[c] == 1, Won: r.Winner == i})
		}
		pub.results = append(pub.results, lr)
	}
	var winners i18n.Msg
	if len(v.Winners) > 0 {
		winners = winnersMsg(t, v.Winners, v.Players[v.Winners[0]].Score)
		pub.winners = l.Msg(winners)
	}
	if v.Phase == lowunique.Over {
		pub.over = l.F("lowunique.view.status.over", i18n.Nest("Winners", winners))
	}
	for g, final := range v.Finals {
		best := 0
		for _, sc := range final {
			best = max(best, sc)
		}
		var ws []int
		for i, sc := range final {
			if sc == best {
				ws = append(ws, i)
			}
		}
		pub.finals = append(pub.finals, l.F("lowunique.view.final", i18n.N("Game", g+1), seatList("Names", t, ws), i18n.Count(best)))
	}
	return pub
}

// luPhaseKeys name the phases on the felt; luWaitingKeys say what a seat
// the table waits for is doing.
var luPhaseKeys = [...]string{lowunique.Select: "lowunique.view.phase.select", lowunique.Reveal: "lowunique.view.phase.reveal",
	lowunique.Choose: "lowunique.view.phase.choose", lowunique.Resolved: "lowunique.view.phase.resolved", lowunique.Over: "lowunique.view.phase.over"}

var luWaitingKeys = [...]string{lowunique.Select: "lowunique.view.waiting.select", lowunique.Reveal: "lowunique.view.waiting.reveal",
	lowunique.Choose: "lowunique.view.waiting.choose"}

// luRound ranks the players after a resolved round: the card each played,
// what the round scored and the points so far.
func luRound(rv *roomView, v *lowunique.View, r *lowunique.RoundResult) *views.Standings {
	l := rv.l()
	s := &views.Standings{Title: l.F("lowunique.view.round", i18n.N("Round", r.Round), i18n.N("Rounds", v.Rules.Rounds)),
		WhatHead: l.T("lowunique.view.head.played"), ScoreHead: l.T("lowunique.view.head.round"),
		TotalHead: l.T("standings.head.points"), Next: l.T("lowunique.view.next"), NextAt: rv.nextAtMilli()}
	rows, keys := make([]views.Standing, v.N), make([]int, v.N)
	for i := range rows {
		rows[i] = standingOf(rv, i)
		rows[i].What, rows[i].Total = itoa(r.Chosen[i]), itoa(v.Players[i].Score)
		if i == r.Winner {
			rows[i].What = l.F("lowunique.view.lowest_unique", i18n.N("Card", r.Chosen[i]))
			rows[i].Score, rows[i].Sign = "+"+itoa(r.Lowest), 1
		}
		keys[i] = v.Players[i].Score
	}
	s.Rows = ranked(rows, keys, true)
	switch {
	case r.Winner < 0:
		s.Note = l.T("lowunique.view.note.none")
	case r.Winner == v.Seat:
		s.Note = l.F("lowunique.view.note.you", i18n.N("Points", r.Lowest))
	default:
		s.Note = l.F("lowunique.view.note.other", rv.t.nameArgAs("Name", r.Winner), i18n.N("Card", r.Lowest), i18n.N("Points", r.Lowest))
	}
	return s
}

// luFinal ranks the players at the end of a game by their points.
func luFinal(rv *roomView, v *lowunique.View, replay string) *views.Standings {
	l := rv.l()
	s := &views.Standings{Title: l.T("standings.final"), ScoreHead: l.T("standings.head.points"), Replay: replay, ReplayText: l.T("lowunique.view.replay")}
	rv.ended(s)
	if v.Game > 1 {
		s.Title = l.F("standings.final.game", i18n.N("Game", v.Game))
	}
	rows, keys := make([]views.Standing, v.N), make([]int, v.N)
	for i := range rows {
		rows[i] = standingOf(rv, i)
		rows[i].Score = itoa(v.Players[i].Score)
		keys[i] = v.Players[i].Score
	}
	s.Rows = ranked(rows, keys, true)
	for _, r := range s.Rows {
		if r.You {
			s.Note = l.F("lowunique.view.note.place", i18n.Ord("Place", r.PlaceN), i18n.N("Players", v.N))
		}
	}
	for _, w := range v.Winners {
		if w == v.Seat {
			s.Note = l.T("lowunique.view.note.win")
			if len(v.Winners) > 1 {
				s.Note = l.T("lowunique.view.note.share")
			}
		}
	}
	return s
}

// winnersMsg says who won the game, with how many points.
func winnersMsg(t *Table, ws []int, points int) i18n.Msg {
	if len(ws) == 1 {
		return i18n.M("lowunique.view.winner", t.nameArgAs("Name", ws[0]), i18n.Count(points))
	}
	return i18n.M("lowunique.view.winners", seatList("Names", t, ws), i18n.Count(points))
}

// luMode picks the viewer's controls and says what the table waits for:
// the viewer's move, or whose.
func luMode(v *lowunique.View, l *i18n.Lang, t *Table, waiting map[int]bool, pub *luPublic) (mode, status string) {
	o := v.Legal()
	var others []int
	for i := range v.Players {
		if waiting[i] && i != v.Seat {
			others = append(others, i)
		}
	}
	switch {
	case o.Select:
		return "select", l.T("lowunique.view.status.select")
	case o.Ready:
		return "ready", l.T("lowunique.view.status.ready")
	case o.Choose:
		return "choose", l.T("lowunique.view.status.choose")
	case v.Phase == lowunique.Over:
		return "over", pub.over
	case v.Phase == lowunique.Resolved:
		return "resolved", l.F("lowunique.view.status.resolved", i18n.N("Round", v.Round))
	case len(others) == 0:
		return waitMode(v.Seat), l.T("lowunique.view.status.next_round")
	}
	return waitMode(v.Seat), l.F(luWaitKeys[v.Phase], seatList("Names", t, others))
}

// luWaitKeys say whom the table waits for, and to do what.
var luWaitKeys = [...]string{lowunique.Select: "lowunique.view.status.wait.select", lowunique.Reveal: "lowunique.view.status.wait.reveal",
	lowunique.Choose: "lowunique.view.status.wait.choose"}

func lowUniqueRules(o Options) lowunique.Rules {
	return lowunique.Rules{Cards: o.Cards, Rounds: o.Rounds, Reveal: o.Reveal}
}
