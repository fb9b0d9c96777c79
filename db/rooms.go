package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// ErrNotFound is returned for a room that does not exist.
var ErrNotFound = errors.New("not found")

// ErrExists is returned when creating a room whose code is taken.
var ErrExists = errors.New("already exists")

// Room is a room's row: its kind, options (JSON) and status.
type Room struct {
	Code string
	// Kind is the game the table plays now (SetKind: a table may change
	// game); Options are those it was created with, for its first game.
	Kind      string
	Options   []byte
	Status    string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Room statuses.
const (
	StatusOpen   = "open"
	StatusClosed = "closed"
)

// Entry is one row of a room's action log.
type Entry struct {
	Seq   int64
	At    time.Time
	Entry []byte
}

// ErrFull is returned when creating a room would pass the cap on open rooms.
var ErrFull = errors.New("too many open rooms")

// CreateRoom inserts a new open room if fewer than max rooms are open
// (max <= 0: no cap). The count and the insert are one transaction that
// creations take one at a time (SQLite's one writer; PostgreSQL's
// advisory lock), so concurrent creations on any machine can't pass the
// cap. In cluster mode the room's lease is this machine's from the start.
func (d *DB) CreateRoom(ctx context.Context, code, kind string, options []byte, now time.Time, max int) error {
	if max <= 0 {
		max = math.MaxInt32
	}
	err := d.tx(ctx, func(tx *sql.Tx) error {
		if d.pg {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, createLock); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx,
			`INSERT INTO rooms(code, kind, options, created_at, updated_at, status)
			 SELECT $1, $2, $3, $4, $5, $6 WHERE (SELECT COUNT(*) FROM rooms WHERE status = $7) < $8`,
			code, kind, string(options), now.UnixMilli(), now.UnixMilli(), StatusOpen, StatusOpen, max)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return ErrFull
		}
		return d.leaseNew(ctx, tx, code)
	})
	if err != nil && isConstraint(err) {
		return ErrExists
	}
	return err
}

// createLock is the PostgreSQL advisory lock a table's creation holds
// while it counts the open tables.
const createLock = 7_246_583_102

// Append adds entries to a room's log, seq numbers from first on: when it
// returns nil they are durable (see the package doc). Appends made at the
// same time from many rooms share one transaction (group commit): one
// commit, one WAL sync point, for all of them.
func (d *DB) Append(ctx context.Context, code string, first int64, now time.Time, entries ...[]byte) error {
	req := &appendReq{Batch: Batch{Code: code, First: first, Entries: entries}, at: now, done: make(chan error, 1)}
	select {
	case d.appends <- req:
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-req.done
}

// appendReq is one Append waiting for the committer.
type appendReq struct {
	Batch
	at   time.Time
	done chan error
}

// maxGroup bounds how many appends one transaction takes.
const maxGroup = 256

// commit is the committer: it takes every append queued, writes them in
// one transaction and answers each. If the group fails, each append is
// retried alone so one bad entry (or one room whose lease is gone) fails
// only its own caller.
func (d *DB) commit() {
	defer close(d.done)
	for req := range d.appends {
		group := gather(d.appends, req)
		errs := make([]error, len(group))
		if err := d.appendGroup(group); err != nil {
			for i, r := range group {
				errs[i] = err
				if len(group) > 1 {
					errs[i] = d.appendGroup([]*appendReq{r})
				}
			}
		}
		for i, r := range group {
			r.done <- errs[i]
		}
	}
}

// gather takes first and whatever else ch holds now, up to maxGroup in
// all.
func gather(ch <-chan *appendReq, first *appendReq) []*appendReq {
	out := []*appendReq{first}
	for len(out) < maxGroup {
		select {
		case v, ok := <-ch:
			if !ok {
				return out
			}
			out = append(out, v)
		default:
			return out
		}
	}
	return out
}

func (d *DB) appendGroup(group []*appendReq) error {
	batches := make([]Batch, len(group))
	for i, r := range group {
		batches[i] = r.Batch
	}
	return d.AppendBatch(context.Background(), group[len(group)-1].at, batches)
}

// Batch is one room's entries in an AppendBatch.
type Batch struct {
	Code    string
	First   int64
	Entries [][]byte
}

// AppendBatch commits the entries of several rooms in one transaction: all
// are written or none. In cluster mode every room's lease is checked in
// the same transaction (ErrFenced: this machine no longer holds it).
func (d *DB) AppendBatch(ctx context.Context, now time.Time, batches []Batch) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		if err := d.fence(ctx, tx, batches); err != nil {
			return err
		}
		// the log row is the only write: a room's last activity is its last
		// entry (see IdleRooms), and the foreign key refuses unknown rooms
		if d.pg {
			return appendRows(ctx, tx, now, batches)
		}
		ins := tx.StmtContext(ctx, d.insertEntry) // prepared once, on the one writer connection
		defer ins.Close()
		for _, b := range batches {
			for i, e := range b.Entries {
				if _, err := ins.ExecContext(ctx, b.Code, b.First+int64(i), now.UnixMilli(), string(e)); err != nil {
					return fmt.Errorf("append %s/%d: %w", b.Code, b.First+int64(i), err)
				}
			}
		}
		return nil
	})
}

// appendRows writes the entries of batches with one INSERT of many rows
// per rowsPerInsert (one round trip to PostgreSQL, not one a row).
func appendRows(ctx context.Context, tx *sql.Tx, now time.Time, batches []Batch) error {
	const rowsPerInsert = 500
	var q strings.Builder
	args := make([]any, 0, 4*rowsPerInsert)
	flush := func() error {
		if len(args) == 0 {
			return nil
		}
		_, err := tx.ExecContext(ctx, q.String(), args...)
		q.Reset()
		args = args[:0]
		return err
	}
	for _, b := range batches {
		for i, e := range b.Entries {
			if len(args) == 0 {
				q.WriteString(`INSERT INTO room_log(room, seq, at, entry) VALUES `)
			} else {
				q.WriteString(", ")
			}
			n := len(args)
			fmt.Fprintf(&q, "($%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4)
			args = append(args, b.Code, b.First+int64(i), now.UnixMilli(), string(e))
			if len(args) >= 4*rowsPerInsert {
				if err := flush(); err != nil {
					return fmt.Errorf("append: %w", err)
				}
			}
		}
	}
	if err := flush(); err != nil {
		return fmt.Errorf("append: %w", err)
	}
	return nil
}

// SaveSnapshot stores a room's state after log entry seq and drops older
// snapshots.
func (d *DB) SaveSnapshot(ctx context.Context, code string, seq int64, state []byte) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO room_snapshots(room, seq, state) VALUES ($1, $2, $3)
			ON CONFLICT(room, seq) DO UPDATE SET state = excluded.state`, code, seq, string(state)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM room_snapshots WHERE room = $1 AND seq < $2`, code, seq)
		return err
	})
}

// TruncateLog deletes a room's log entries from seq from on, and the
// snapshots taken after them (an operator's repair of a damaged entry).
func (d *DB) TruncateLog(ctx context.Context, code string, from int64) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM room_log WHERE room = $1 AND seq >= $2`, code, from); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM room_snapshots WHERE room = $1 AND seq >= $2`, code, from)
		return err
	})
}

// Load reads a room, its latest snapshot (seq 0 and nil when none) and the
// log entries after it.
func (d *DB) Load(ctx context.Context, code string) (r Room, snapSeq int64, snap []byte, entries []Entry, err error) {
	r, err = d.RoomInfo(ctx, code)
	if err != nil {
		return
	}
	var state string
	err = d.r.QueryRowContext(ctx, `SELECT seq, state FROM room_snapshots WHERE room = $1 ORDER BY seq DESC LIMIT 1`, code).Scan(&snapSeq, &state)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		err = nil
	case err != nil:
		return
	default:
		snap = []byte(state)
	}
	entries, err = d.Log(ctx, code, snapSeq)
	return
}

// Log reads a room's log entries after seq.
func (d *DB) Log(ctx context.Context, code string, after int64) ([]Entry, error) {
	return d.LogRange(ctx, code, after+1, math.MaxInt64)
}

// LogRange reads a room's log entries from seq from to seq to, both in.
func (d *DB) LogRange(ctx context.Context, code string, from, to int64) ([]Entry, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT seq, at, entry FROM room_log WHERE room = $1 AND seq >= $2 AND seq <= $3 ORDER BY seq`, code, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		var at int64
		var body string
		if err := rows.Scan(&e.Seq, &at, &body); err != nil {
			return nil, err
		}
		e.At, e.Entry = time.UnixMilli(at), []byte(body)
		out = append(out, e)
	}
	return out, rows.Err()
}

// RoomInfo reads a room's row.
func (d *DB) RoomInfo(ctx context.Context, code string) (Room, error) {
	var r Room
	var opts string
	var created, updated int64
	err := d.r.QueryRowContext(ctx, `SELECT code, kind, options, status, created_at, updated_at FROM rooms WHERE code = $1`, code).
		Scan(&r.Code, &r.Kind, &opts, &r.Status, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return Room{}, ErrNotFound
	}
	if err != nil {
		return Room{}, err
	}
	r.Options, r.CreatedAt, r.UpdatedAt = []byte(opts), time.UnixMilli(created), time.UnixMilli(updated)
	return r, nil
}

// OpenRooms lists the codes of open rooms, newest first.
func (d *DB) OpenRooms(ctx context.Context) ([]string, error) {
	return d.codes(ctx, `SELECT code FROM rooms WHERE status = $1 ORDER BY created_at DESC`, StatusOpen)
}

// codes runs a query listing room codes.
func (d *DB) codes(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := d.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// CountOpen counts open rooms.
func (d *DB) CountOpen(ctx context.Context) (int, error) {
	var n int
	err := d.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM rooms WHERE status = $1`, StatusOpen).Scan(&n)
	return n, err
}

// SetStatus changes a room's status (closing an idle room keeps its log).
func (d *DB) SetStatus(ctx context.Context, code, status string, now time.Time) error {
	_, err := d.w.ExecContext(ctx, `UPDATE rooms SET status = $1, updated_at = $2 WHERE code = $3`, status, now.UnixMilli(), code)
	return err
}

// IdleRooms lists open rooms whose last log entry (or creation, for a room
// without entries) is older than before.
func (d *DB) IdleRooms(ctx context.Context, before time.Time) ([]string, error) {
	return d.codes(ctx, `SELECT code FROM rooms r WHERE status = $1 AND
		COALESCE((SELECT at FROM room_log l WHERE l.room = r.code ORDER BY seq DESC LIMIT 1), r.created_at) < $2`, StatusOpen, before.UnixMilli())
}

// SetKind notes the game a table plays now (it changed game): the home
// page and My games name it. The table's options stay those it was
// created with, and its log says the rest.
func (d *DB) SetKind(ctx context.Context, code, kind string) error {
	_, err := d.w.ExecContext(ctx, `UPDATE rooms SET kind = $1 WHERE code = $2`, kind, code)
	return err
}
