package room

import (
	"net/url"
	"time"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/lowunique"
	"github.com/tablegames/tables/views"
)

var lowUniqueKind = &kind{
	name: "lowunique",
	info: views.GameInfo{
		Kind:  "lowunique",
		Title: "Lowest Unique",
		Blurb: "Everyone plays a card at once: the lowest card nobody else played scores its value. Bluff with your pair, then choose.",
		Rules: []string{
			"Each round, secretly select a pair from your hand; then all pairs are shown.",
			"Secretly play one card of your pair: the lowest value played by exactly one player scores that many points.",
			"Played cards go to your bench; with fewer than 2 cards in hand you take the bench back.",
		},
		Options: views.LowUniqueOptions(),
	},
	defaultBot: "thinking",
	pace:       [2]time.Duration{400 * time.Millisecond, 900 * time.Millisecond},
	bots:       []botChoice{{"thinking", "Thinking bots"}, {"random", "Random bots"}},
	options: func(f url.Values) (Options, error) {
		n, ok := formInt(f, "seats", 4, 2, lowunique.MaxSeats)
		if !ok {
			return Options{}, game.Errorf(game.CodeInvalidAction, "Lowest Unique is played by 2 to 4 players")
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
	l.Mode, l.Status = luMode(&v, name, waiting)
	l.YourTurn = v.Seat >= 0 && waiting[v.Seat]
	if v.Phase == lowunique.Over && len(rv.t.Offers) > 0 {
		l.Offered = rv.t.offered(v.Seat)
		var want, await []int
		for i, s := range rv.t.Seats {
			switch {
			case rv.t.offered(i):
				want = append(want, i)
			case s.Player != "" && !s.Away:
				await = append(await, i)
			}
		}
		l.OfferText = seatNames(want, name) + map[bool]string{true: " wants", false: " want"}[len(want) == 1] + " a rematch"
		if len(await) > 0 {
			l.OfferText += "; waiting for " + seatNames(await, name)
		}
		l.OfferText += "."
	}
	switch {
	case v.Seat < 0:
	case len(v.Winners) > 0:
		l.Result = "You lose the game."
		for _, w := range v.Winners {
			if w == v.Seat {
				l.Result = "You win the game!"
				if len(v.Winners) > 1 {
					l.Result = "You share the win!"
				}
			}
		}
	case last != nil && last.Winner == v.Seat:
		l.Result = "You win the round: +" + itoa(last.Lowest)
	}
	if v.Phase == lowunique.Reveal && !rv.phaseAt.IsZero() {
		l.RevealAt = rv.phaseAt.UnixMilli()
	}
	if v.Phase == lowunique.Resolved && !rv.nextAt.IsZero() {
		l.NextAt = rv.nextAt.UnixMilli()
	}
	return l
}

func winnersWords(ws []int, players []lowunique.PlayerView, name func(int) string) string {
	pts := plural(players[ws[0]].Score, "point", "points")
	if len(ws) == 1 {
		return name(ws[0]) + " wins with " + pts + "."
	}
	return seatNames(ws, name) + " share the win with " + pts + "."
}

// luMode picks the viewer's controls and says what the table waits for.
func luMode(v *lowunique.View, name func(int) string, waiting map[int]bool) (mode, status string) {
	o := v.Legal()
	var others []int
	for i := range v.Players {
		if waiting[i] && i != v.Seat {
			others = append(others, i)
		}
	}
	waitingFor := "Waiting for " + seatNames(others, name) + "."
	switch {
	case o.Select:
		return "select", "Select a pair of cards."
	case o.Ready:
		return "ready", "Every pair is shown: press ready when you have seen them."
	case o.Choose:
		return "choose", "Choose which card of your pair to play."
	case v.Phase == lowunique.Over:
		return "over", "The game is over."
	case v.Phase == lowunique.Resolved:
		return "resolved", "Round " + itoa(v.Round) + " is resolved."
	case v.Seat < 0:
		if len(others) == 0 {
			return "watch", "Spectating."
		}
		return "watch", waitingFor
	}
	return "wait", waitingFor
}

func lowUniqueRules(o Options) lowunique.Rules {
	return lowunique.Rules{Cards: o.Cards, Rounds: o.Rounds, Reveal: o.Reveal}
}
