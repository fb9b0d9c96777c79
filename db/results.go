package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/tablegames/tables/rating"
)

// Results and ratings (issue 31): every finished game of a table, each
// person's place in it, and per person and game a Glicko-2 rating that
// public tables change (docs/RATINGS.md).

// GameResult is one finished game of a table, as its room hands it over.
type GameResult struct {
	Room     string
	Game     int // its number at the table, from 1
	Kind     string
	Finished time.Time
	Public   bool
	Unit     string // what Figure counts: "points", "VP", "prize"
	Replay   int    // its replay's number (0: none of its own)
	Seats    []SeatResult
}

// SeatResult is one seat of a finished game: a person (Player set) or a
// bot, its name, place (1 the best, ties equal) and figure.
type SeatResult struct {
	Player string
	Name   string
	Place  int
	Figure int
	// Unrated: a person the table does not rate in this game (they did
	// not really play it, docs/RATINGS.md): counted as a bot is.
	Unrated bool
}

// Rated reports whether the game changes ratings: a public table with at
// least two people at it that it rates.
func (g GameResult) Rated() bool {
	n := 0
	for _, s := range g.Seats {
		if s.Player != "" && !s.Unrated {
			n++
		}
	}
	return g.Public && n >= 2
}

// people counts the seats a person played (not a bot).
func (g GameResult) people() int {
	n := 0
	for _, s := range g.Seats {
		if s.Player != "" {
			n++
		}
	}
	return n
}

// RecordGame writes a finished game once: its row, each person's result
// and, when it is rated, the people's new ratings, in one transaction. A
// game already recorded (the same table and number: a restarted table
// replaying its log) changes nothing and reports false.
func (d *DB) RecordGame(ctx context.Context, g GameResult) (bool, error) {
	recorded := false
	err := d.tx(ctx, func(tx *sql.Tx) error {
		people, rated := g.people(), g.Rated()
		at := g.Finished.UnixMilli()
		res, err := tx.ExecContext(ctx, `INSERT INTO finished_games(room, game, kind, finished, public, seats, people, rated, unit, replay)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
			g.Room, g.Game, g.Kind, at, flag(g.Public), len(g.Seats), people, flag(rated), g.Unit, g.Replay)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // recorded before
		}
		recorded = true
		after := make([]*float64, len(g.Seats))
		if rated {
			if err := rate(ctx, tx, g, after); err != nil {
				return err
			}
		}
		for i, s := range g.Seats {
			if s.Player == "" {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO results(player, room, game, kind, finished, place, seats, figure, public, name, rating)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
				s.Player, g.Room, g.Game, g.Kind, at, s.Place, len(g.Seats), s.Figure, flag(g.Public), s.Name, after[i]); err != nil {
				return err
			}
			if g.Public {
				if err := publicPlayer(ctx, tx, s.Player, s.Name, at); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return recorded, err
}

// rate updates the ratings of the people of a rated game (rating.RateGame:
// bots don't count) and notes each one's new rating in after.
func rate(ctx context.Context, tx *sql.Tx, g GameResult, after []*float64) error {
	placed := make([]rating.Placed, len(g.Seats))
	games := make([]int, len(g.Seats))
	for i, s := range g.Seats {
		placed[i] = rating.Placed{Rating: rating.Default(), Place: s.Place, Bot: s.Player == "" || s.Unrated}
		if s.Player == "" {
			continue
		}
		r := &placed[i].Rating
		err := tx.QueryRowContext(ctx, `SELECT r, rd, vol, games FROM ratings WHERE player = $1 AND kind = $2`, s.Player, g.Kind).
			Scan(&r.R, &r.RD, &r.Vol, &games[i])
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
	}
	now := g.Finished.UnixMilli()
	for i, r := range rating.RateGame(placed) {
		s := g.Seats[i]
		if s.Player == "" || s.Unrated {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO ratings(player, kind, r, rd, vol, games, updated) VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT(player, kind) DO UPDATE SET r = excluded.r, rd = excluded.rd, vol = excluded.vol, games = excluded.games, updated = excluded.updated`,
			s.Player, g.Kind, r.R, r.RD, r.Vol, games[i]+1, now); err != nil {
			return err
		}
		after[i] = &r.R
	}
	return nil
}

// publicPlayer gives a person who finished a game at a public table their
// public handle (once) and notes the name they used there. A handle drawn
// twice is drawn again, under a savepoint (PostgreSQL ends a transaction
// at its first error otherwise).
func publicPlayer(ctx context.Context, tx *sql.Tx, player, name string, at int64) error {
	for attempt := 0; ; attempt++ {
		if _, err := tx.ExecContext(ctx, `SAVEPOINT handle`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO players(player, handle, name, since) VALUES ($1, $2, $3, $4)
			ON CONFLICT(player) DO UPDATE SET name = excluded.name`, player, newHandle(), name, at)
		if err != nil && isConstraint(err) && attempt < 5 {
			if _, err := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT handle`); err != nil {
				return err
			}
			continue // the handle was taken: draw another
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `RELEASE SAVEPOINT handle`)
		return err
	}
}

// token is a random secret of n bytes in lower-case base32 (a club's
// invite; a public handle's letters).
func token(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// newHandle is a random public handle: 10 letters and digits (50 bits),
// unrelated to the player id it stands for.
func newHandle() string { return token(8)[:10] }

// StoredRating is a person's rating in one game.
type StoredRating struct {
	Kind    string
	Rating  rating.Rating
	Games   int
	Updated time.Time
}

// Ratings are a person's ratings, one per game they were rated in.
func (d *DB) Ratings(ctx context.Context, player string) ([]StoredRating, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT kind, r, rd, vol, games, updated FROM ratings WHERE player = $1 ORDER BY kind`, player)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []StoredRating
	for rows.Next() {
		var s StoredRating
		var at int64
		if err := rows.Scan(&s.Kind, &s.Rating.R, &s.Rating.RD, &s.Rating.Vol, &s.Games, &at); err != nil {
			return nil, err
		}
		s.Updated = time.UnixMilli(at)
		out = append(out, s)
	}
	return out, rows.Err()
}

// Rated is a person as a seat at a public table shows them: their public
// handle and their rating in the table's game.
type Rated struct {
	Handle string
	R      float64
}

// RatedPlayers are the handles and ratings in one game of those of
// players who have a rating in it (the others are not in the map).
func (d *DB) RatedPlayers(ctx context.Context, kind string, players []string) (map[string]Rated, error) {
	out := map[string]Rated{}
	if len(players) == 0 {
		return out, nil
	}
	args := []any{kind}
	rows, err := d.r.QueryContext(ctx, `SELECT r.player, p.handle, r.r FROM ratings r JOIN players p ON p.player = r.player
		WHERE r.kind = $1 AND r.player IN (`+placeholders(&args, players)+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var p string
		var r Rated
		if err := rows.Scan(&p, &r.Handle, &r.R); err != nil {
			return nil, err
		}
		out[p] = r
	}
	return out, rows.Err()
}

// Handle is a person's public handle ("" when they have none: no game
// finished at a public table).
func (d *DB) Handle(ctx context.Context, player string) (string, error) {
	var h string
	err := d.r.QueryRowContext(ctx, `SELECT handle FROM players WHERE player = $1`, player).Scan(&h)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return h, err
}

// PlayerByHandle is the player id and public name behind a handle;
// ErrNotFound for none.
func (d *DB) PlayerByHandle(ctx context.Context, handle string) (player, name string, err error) {
	err = d.r.QueryRowContext(ctx, `SELECT player, name FROM players WHERE handle = $1`, handle).Scan(&player, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", ErrNotFound
	}
	return player, name, err
}

// PlayerResult is one line of a person's record.
type PlayerResult struct {
	Room     string
	Game     int
	Kind     string
	Finished time.Time
	Place    int
	Seats    int
	Figure   int
	Unit     string
	Public   bool
	Name     string
	Replay   int
	Rating   float64 // after the game; 0 when it was not rated
}

// PlayerResults are a person's finished games, the newest first, at most
// limit; publicOnly keeps only those of public tables.
func (d *DB) PlayerResults(ctx context.Context, player string, publicOnly bool, limit int) ([]PlayerResult, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT r.room, r.game, r.kind, r.finished, r.place, r.seats, r.figure, g.unit, r.public, r.name, g.replay, COALESCE(r.rating, 0)
		FROM results r JOIN finished_games g ON g.room = r.room AND g.game = r.game
		WHERE r.player = $1 AND (r.public = 1 OR $2 = 0) ORDER BY r.finished DESC, r.game DESC LIMIT $3`, player, flag(publicOnly), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PlayerResult
	for rows.Next() {
		var p PlayerResult
		var at int64
		if err := rows.Scan(&p.Room, &p.Game, &p.Kind, &at, &p.Place, &p.Seats, &p.Figure, &p.Unit, &p.Public, &p.Name, &p.Replay, &p.Rating); err != nil {
			return nil, err
		}
		p.Finished = time.UnixMilli(at)
		out = append(out, p)
	}
	return out, rows.Err()
}

// Record is a person's record in one game: games played, won (placed
// first, ties too) and the average place.
type Record struct {
	Kind     string
	Played   int
	Wins     int
	AvgPlace float64
}

// Records sum a person's finished games per game; publicOnly counts only
// those of public tables.
func (d *DB) Records(ctx context.Context, player string, publicOnly bool) ([]Record, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT kind, COUNT(*), SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END), CAST(AVG(place) AS DOUBLE PRECISION) FROM results
		WHERE player = $1 AND (public = 1 OR $2 = 0) GROUP BY kind ORDER BY kind`, player, flag(publicOnly))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Record
	for rows.Next() {
		var r Record
		if err := rows.Scan(&r.Kind, &r.Played, &r.Wins, &r.AvgPlace); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Sat notes that a person sits at a table now (again: no change).
func (d *DB) Sat(ctx context.Context, player, room, name string, at time.Time) error {
	_, err := d.w.ExecContext(ctx, `INSERT INTO seatings(player, room, name, since) VALUES ($1, $2, $3, $4)
		ON CONFLICT(player, room) DO UPDATE SET name = excluded.name`, player, room, name, at.UnixMilli())
	return err
}

// Left notes that a person no longer sits at a table.
func (d *DB) Left(ctx context.Context, player, room string) error {
	_, err := d.w.ExecContext(ctx, `DELETE FROM seatings WHERE player = $1 AND room = $2`, player, room)
	return err
}

// Seating is an open table a person sits at.
type Seating struct {
	Room   string
	Kind   string
	Name   string
	Public bool
	Since  time.Time
}

// OpenSeatings are the open tables a person sits at, the newest first.
func (d *DB) OpenSeatings(ctx context.Context, player string) ([]Seating, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT s.room, r.kind, s.name, r.options, s.since FROM seatings s JOIN rooms r ON r.code = s.room
		WHERE s.player = $1 AND r.status = $2 ORDER BY s.since DESC LIMIT 100`, player, StatusOpen)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Seating
	for rows.Next() {
		var s Seating
		var opts string
		var at int64
		if err := rows.Scan(&s.Room, &s.Kind, &s.Name, &opts, &at); err != nil {
			return nil, err
		}
		var o struct {
			Public bool `json:"public"`
		}
		json.Unmarshal([]byte(opts), &o) // a row's options are the room's JSON
		s.Since, s.Public = time.UnixMilli(at), o.Public
		out = append(out, s)
	}
	return out, rows.Err()
}
