package db

import (
	"context"
	"database/sql"
	"time"
)

// Turn is a person a slow table waits for (issue 42): their seat and
// name, the log entry after which their turn began, and since and until
// when they have to move.
type Turn struct {
	Room     string
	Seat     int
	Player   string
	Name     string
	Seq      int64
	Since    time.Time
	Deadline time.Time
}

// SetTurns replaces the people a table waits for with turns (none: it
// waits for nobody, its game ended or it is paused), in one transaction.
func (d *DB) SetTurns(ctx context.Context, room string, turns []Turn) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		// in a cluster, only the table's machine writes them, as its log
		if err := d.fence(ctx, tx, []Batch{{Code: room}}); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM turns WHERE room = $1`, room); err != nil {
			return err
		}
		for _, t := range turns {
			if _, err := tx.ExecContext(ctx, `INSERT INTO turns(room, seat, player, name, seq, since, deadline) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
				room, t.Seat, t.Player, t.Name, t.Seq, t.Since.UnixMilli(), t.Deadline.UnixMilli()); err != nil {
				return err
			}
		}
		return nil
	})
}

// Turns are the people a table waits for, by seat.
func (d *DB) Turns(ctx context.Context, room string) ([]Turn, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT room, seat, player, name, seq, since, deadline, '' FROM turns WHERE room = $1 ORDER BY seat`, room)
	if err != nil {
		return nil, err
	}
	ts, err := scanTurns(rows)
	out := make([]Turn, len(ts))
	for i, t := range ts {
		out[i] = t.Turn
	}
	return out, err
}

// TurnAt is a turn at a table with the table's game.
type TurnAt struct {
	Turn
	Kind string
}

// TurnsAround are the turns at the open tables a person sits at (theirs
// and the others'), the earliest deadline first: the home page and My
// games list "your move" and whose move it is from them.
func (d *DB) TurnsAround(ctx context.Context, player string) ([]TurnAt, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT t.room, t.seat, t.player, t.name, t.seq, t.since, t.deadline, r.kind
		FROM turns t JOIN seatings s ON s.room = t.room JOIN rooms r ON r.code = t.room
		WHERE s.player = $1 AND r.status = $2 ORDER BY t.deadline, t.room, t.seat LIMIT 500`, player, StatusOpen)
	if err != nil {
		return nil, err
	}
	return scanTurns(rows)
}

func scanTurns(rows *sql.Rows) ([]TurnAt, error) {
	defer rows.Close()
	var out []TurnAt
	for rows.Next() {
		var t TurnAt
		var since, deadline int64
		if err := rows.Scan(&t.Room, &t.Seat, &t.Player, &t.Name, &t.Seq, &since, &deadline, &t.Kind); err != nil {
			return nil, err
		}
		t.Since, t.Deadline = time.UnixMilli(since), time.UnixMilli(deadline)
		out = append(out, t)
	}
	return out, rows.Err()
}
