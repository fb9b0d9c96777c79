package room

import (
	"context"
	"slices"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/impetus"
	"github.com/tablegames/tables/game/lowunique"
	"github.com/tablegames/tables/game/president"
)

// Results (issue 31): when a game ends at a table, the room hands its
// places to the runtime's Results, which records them once and, at a
// public table with two people or more, rates them. The room knows no
// more of it than the game's outcome hook: which game just finished and
// each seat's place and figure.

// Results takes each finished game of every table. *db.DB is one: it
// writes the game once (by table and game number, so a table replaying
// its log records nothing twice) and rates public games in the same
// transaction.
type Results interface {
	RecordGame(ctx context.Context, g db.GameResult) (bool, error)
}

// outcome is a game a match has just finished, while the match stands
// at its end.
type outcome struct {
	game    int    // its number at the table, from 1
	places  []int  // per seat: 1 the best, equal places a tie
	figures []int  // per seat: the game's own count (points, VP, prize)
	unit    string // what the figures count
	replay  int    // its replay's number (0: none of its own)
}

// placesBy are the places of seats ranked by key, the highest first,
// equal keys sharing a place (1, 1, 3).
func placesBy(keys []int) []int {
	out := make([]int, len(keys))
	for i, k := range keys {
		out[i] = 1
		for _, o := range keys {
			if o > k {
				out[i]++
			}
		}
	}
	return out
}

// presidentOutcome: each deal is a game, its places the order the players
// went out in, its figure the points the deal's role earns.
func presidentOutcome(m game.Match, _ int) (outcome, bool) {
	s := &m.(*president.Match).State
	if s.Phase != president.DealOver {
		return outcome{}, false
	}
	o := outcome{game: s.Deal, unit: "points", replay: s.Deal}
	for i := 0; i < s.N; i++ {
		p := s.Players[i]
		place := p.Place
		if place == 0 {
			place = s.N // the one left holding cards
		}
		o.places = append(o.places, place)
		o.figures = append(o.figures, p.Role.Points())
	}
	return o, true
}

// lowUniqueOutcome: each game (a rematch is the next) by its points.
func lowUniqueOutcome(m game.Match, _ int) (outcome, bool) {
	s := &m.(*lowunique.Match).State
	if s.Phase != lowunique.Over {
		return outcome{}, false
	}
	o := outcome{game: s.Game, unit: "points", replay: s.Game}
	for i := 0; i < s.N; i++ {
		o.figures = append(o.figures, s.Players[i].Score)
	}
	o.places = placesBy(o.figures)
	return o, true
}

// impetusOutcome: the one game, by victory points.
func impetusOutcome(m game.Match, _ int) (outcome, bool) {
	s := &m.(*impetus.Match).State
	if s.Phase != impetus.Over {
		return outcome{}, false
	}
	o := outcome{game: 1, unit: "VP", replay: 1}
	for i := 0; i < s.N; i++ {
		o.figures = append(o.figures, s.Spirits[i].VP)
	}
	o.places = placesBy(o.figures)
	return o, true
}

// holdemOutcome: a sit-and-go, once its winner is known, by each seat's
// finishing place (its latest entry's, when a late registration took a
// busted seat) and prize. A cash table never ends: it records nothing.
func holdemOutcome(m game.Match, n int) (outcome, bool) {
	pm, ok := m.(*pokerMatch)
	if !ok || pm.Plus.Tour == nil || !pm.Plus.Tour.Over() {
		return outcome{}, false
	}
	t := pm.Plus.Tour
	o := outcome{game: 1, unit: "prize", places: make([]int, n), figures: make([]int, n)}
	prizes, _ := tourPrizes(&pm.Plus)
	for _, st := range t.Standings(prizes) {
		if st.Seat >= 0 && st.Seat < n && (o.places[st.Seat] == 0 || st.Place < o.places[st.Seat]) {
			o.places[st.Seat], o.figures[st.Seat] = st.Place, st.Prize
		}
	}
	for i, p := range o.places {
		if p == 0 {
			o.places[i] = len(t.Entries) // a seat never entered: last
		}
	}
	return o, true
}

// record hands the game the match has just finished, if it has, to the
// runtime's Results, once per game while the room lives (Results itself
// keeps it once for good). A failure is logged: the game stays unrecorded
// until the table next loads at its end.
func (r *Room) record() {
	if r.kind.outcome == nil || r.t.Match == nil || r.t.damage != nil {
		return
	}
	o, ok := r.kind.outcome(r.t.Match, len(r.t.Seats))
	if !ok || o.game <= r.recorded || len(o.places) != len(r.t.Seats) {
		return
	}
	g := db.GameResult{Room: r.code, Game: o.game, Kind: r.kind.name, Finished: r.rt.now(), Public: r.t.Opts.Public,
		Unit: o.unit, Replay: o.replay}
	for i, s := range r.t.Seats {
		sr := db.SeatResult{Name: s.Name, Place: o.places[i], Figure: o.figures[i]}
		if s.Bot == "" {
			sr.Player = s.Player // a person (away or not); a bot has none
		}
		g.Seats = append(g.Seats, sr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := r.rt.Results.RecordGame(ctx, g); err != nil {
		r.rt.log.Error("record results", "room", r.code, "game", o.game, "err", err)
		return
	}
	r.recorded = o.game
	r.rated = nil // the ratings changed: read them again
	r.seatings()
}

// seatings keeps the database's note of who sits at the table (My games
// lists a person's open tables from it) and, at a public table, the
// ratings its seats show: both are read again when the people seated
// change.
func (r *Room) seatings() {
	now := map[string]string{}
	for _, s := range r.t.Seats {
		if s.Player != "" && s.Bot == "" {
			now[s.Player] = s.Name
		}
	}
	changed := len(now) != len(r.seated)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for p, name := range now {
		if had, ok := r.seated[p]; !ok || had != name {
			changed = true
			if err := r.rt.db.Sat(ctx, p, r.code, name, r.rt.now()); err != nil {
				r.rt.log.Error("note a seat", "room", r.code, "err", err)
				return
			}
		}
	}
	for p := range r.seated {
		if _, ok := now[p]; !ok {
			if err := r.rt.db.Left(ctx, p, r.code); err != nil {
				r.rt.log.Error("note a seat left", "room", r.code, "err", err)
				return
			}
		}
	}
	r.seated = now
	if !r.t.Opts.Public || (!changed && r.rated != nil) {
		return
	}
	players := make([]string, 0, len(now))
	for p := range now {
		players = append(players, p)
	}
	slices.Sort(players)
	rated, err := r.rt.db.RatedPlayers(ctx, r.kind.name, players)
	if err != nil {
		r.rt.log.Error("read ratings", "room", r.code, "err", err)
		return
	}
	r.rated = rated
}
