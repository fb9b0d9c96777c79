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
	describe: func(o Options) []string {
		return []string{plural(o.Rounds, "round", "rounds"), "cards 1 to " + itoa(o.Cards), itoa(o.Reveal) + " s to look at the pairs", itoa(o.Seats) + " seats"}
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
	name := rv.t.Name
	l := views.LowUnique{ActURL: rv.actURL, Version: v.Version, You: v.Seat, Game: v.Game, Round: v.Round,
		Rounds: v.Rules.Rounds, Cards: v.Rules.Cards, Phase: v.Phase.String(), ReplayURL: "/t/" + rv.code + "/replay/" + itoa(v.Game)}
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
			s.Waiting = map[lowunique.Phase]string{lowunique.Select: "selecting", lowunique.Reveal: "looking", lowunique.Choose: "choosing"}[v.Phase]
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
	for _, r := range v.Results {
		lr := views.LURound{Round: r.Round, Result: "no unique card"}
		if r.Winner >= 0 {
			lr.Result = name(r.Winner) + " +" + itoa(r.Lowest)
		}
		count := map[int]int{}
		for _, c := range r.Chosen {
			count[c]++
		}
		for i, c := range r.Chosen {
			lr.Plays = append(lr.Plays, views.LUPlay{Name: name(i), Pair: itoa(r.Pairs[i][0]) + " and " + itoa(r.Pairs[i][1]),
				Card: c, Unique: count[c] == 1, Won: r.Winner == i})
		}
		l.Results = append(l.Results, lr)
	}
	if len(v.Winners) > 0 {
		l.Winners = winnersWords(v.Winners, v.Players, name)
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
		l.Finals = append(l.Finals, "Game "+itoa(g+1)+": "+seatNames(ws, name)+" won with "+plural(best, "point", "points")+".")
	}
	l.Mode, l.Status = luMode(&v, name, waiting, l.Winners)
	l.YourTurn = v.Seat >= 0 && waiting[v.Seat]
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

// luRound ranks the players after a resolved round: the card each played,
// what the round scored and the points so far.
func luRound(rv *roomView, v *lowunique.View, r *lowunique.RoundResult) *views.Standings {
	s := &views.Standings{Title: "Round " + itoa(r.Round) + " of " + itoa(v.Rules.Rounds), WhatHead: "Played", ScoreHead: "Round",
		TotalHead: "Points", Next: "Next round", NextAt: rv.nextAtMilli()}
	rows, keys := make([]views.Standing, v.N), make([]int, v.N)
	for i := range rows {
		rows[i] = standingOf(rv, i)
		rows[i].What, rows[i].Total = itoa(r.Chosen[i]), itoa(v.Players[i].Score)
		if i == r.Winner {
			rows[i].What += " (lowest unique)"
			rows[i].Score, rows[i].Sign = "+"+itoa(r.Lowest), 1
		}
		keys[i] = v.Players[i].Score
	}
	s.Rows = ranked(rows, keys, true)
	switch {
	case r.Winner < 0:
		s.Note = "No card was unique: nobody scores."
	case r.Winner == v.Seat:
		s.Note = "You win the round: +" + itoa(r.Lowest) + "."
	default:
		s.Note = rv.t.Name(r.Winner) + "'s " + itoa(r.Lowest) + " was the lowest unique card: +" + itoa(r.Lowest) + "."
	}
	return s
}

// luFinal ranks the players at the end of a game by their points.
func luFinal(rv *roomView, v *lowunique.View, replay string) *views.Standings {
	s := &views.Standings{Title: "Final standings", ScoreHead: "Points", Replay: replay, ReplayText: "Replay this game"}
	rv.ended(s)
	if v.Game > 1 {
		s.Title += " · game " + itoa(v.Game)
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
			s.Note = "You finish " + r.Place + " of " + itoa(v.N) + "."
		}
	}
	for _, w := range v.Winners {
		if w == v.Seat {
			s.Note = "You win the game!"
			if len(v.Winners) > 1 {
				s.Note = "You share the win!"
			}
		}
	}
	return s
}

func winnersWords(ws []int, players []lowunique.PlayerView, name func(int) string) string {
	pts := plural(players[ws[0]].Score, "point", "points")
	if len(ws) == 1 {
		return name(ws[0]) + " wins with " + pts + "."
	}
	return seatNames(ws, name) + " share the win with " + pts + "."
}

// luMode picks the viewer's controls and says what the table waits for:
// the viewer's move, or whose.
func luMode(v *lowunique.View, name func(int) string, waiting map[int]bool, winners string) (mode, status string) {
	o := v.Legal()
	var others []int
	for i := range v.Players {
		if waiting[i] && i != v.Seat {
			others = append(others, i)
		}
	}
	verb := map[lowunique.Phase]string{lowunique.Select: "select a pair", lowunique.Reveal: "look at the pairs", lowunique.Choose: "choose a card"}[v.Phase]
	waitingFor := "Waiting for " + seatNames(others, name) + " to " + verb + "."
	switch {
	case o.Select:
		return "select", "Your move: select a pair of cards."
	case o.Ready:
		return "ready", "Your move: look at every pair, then press Ready."
	case o.Choose:
		return "choose", "Your move: choose which card of your pair to play."
	case v.Phase == lowunique.Over:
		return "over", "The game is over: " + winners
	case v.Phase == lowunique.Resolved:
		return "resolved", "Round " + itoa(v.Round) + " is over."
	case len(others) == 0:
		return waitMode(v.Seat), "Waiting for the next round."
	}
	return waitMode(v.Seat), waitingFor
}

func lowUniqueRules(o Options) lowunique.Rules {
	return lowunique.Rules{Cards: o.Cards, Rounds: o.Rounds, Reveal: o.Reveal}
}
