package room

import (
	"context"
	"slices"
	"time"

	"github.com/tablegames/tables/db"
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

// record hands the game the match has just finished, if it has, to the
// runtime's Results, once per game while the room lives (Results itself
// keeps it once for good). A failure is logged: the game stays unrecorded
// until the table next loads at its end.
func (r *Room) record() {
	e := r.t.Evening
	if r.t.kind.outcome == nil || r.t.Match == nil || r.t.damage != nil || e == nil || e.Placed <= r.recorded {
		return
	}
	o, ok := r.t.kind.outcome(r.t.Match)
	if !ok || !o.Placed || len(o.Seats) != len(r.t.Seats) {
		return // the evening counted it, and the match has moved on since
	}
	replay := o.Replay
	if o.ReplayMatch {
		replay = max(r.t.Games, 1)
	}
	g := db.GameResult{Room: r.code, Game: e.Placed, Kind: r.t.kind.name, Finished: r.rt.now(), Public: r.t.Opts.Public,
		Unit: o.Unit, Replay: replay}
	var rated []int // the people who really played it, by seat (rated.go)
	for i, s := range r.t.Seats {
		if s.person() && r.t.playedEnough(i) {
			rated = append(rated, i)
		}
	}
	shared := map[int]bool{} // two seats of one address: neither is rated
	for _, i := range rated {
		for _, j := range rated {
			if i < j && r.sharesAddr(r.t.Seats[i].Player, r.t.Seats[j].Player) {
				shared[i], shared[j] = true, true
			}
		}
	}
	rated = slices.DeleteFunc(rated, func(i int) bool { return shared[i] })
	for i, s := range r.t.Seats {
		so := o.Seats[i]
		if so.Out || so.Place == 0 || s.empty() {
			continue // took no part
		}
		sr := db.SeatResult{Name: s.Name, Place: so.Place, Figure: so.Score}
		if s.person() {
			sr.Player = s.Player // a person (away or not); a bot, built-in or remote, has none
			sr.Unrated = !slices.Contains(rated, i)
		}
		g.Seats = append(g.Seats, sr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := r.rt.Results.RecordGame(ctx, g); err != nil {
		r.rt.log.Error("record results", "room", r.code, "game", g.Game, "err", err)
		return
	}
	r.recorded = g.Game
	r.rated = nil // the ratings changed: the caller's seatings reads them again
}

// seatsAsNoted reports whether the people seated are those noted (by
// player and name), without building the list again.
func (r *Room) seatsAsNoted() bool {
	n := 0
	for _, s := range r.t.Seats {
		if s.Player == "" || s.Bot != "" {
			continue
		}
		n++
		if had, ok := r.seated[s.Player]; !ok || had != s.Name {
			return false
		}
	}
	return n == len(r.seated)
}

// seatings keeps the database's note of who sits at the table (My games
// lists a person's open tables from it) and, at a public table, the
// ratings its seats show: both are read again when the people seated
// change.
func (r *Room) seatings() {
	if r.seatsAsNoted() && (!r.t.Opts.Public || r.rated != nil) {
		return // most commits: nobody sat or left
	}
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
	rated, err := r.rt.db.RatedPlayers(ctx, r.t.kind.name, players)
	if err != nil {
		r.rt.log.Error("read ratings", "room", r.code, "err", err)
		return
	}
	r.rated = rated
}
