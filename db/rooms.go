package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"
)

// ErrNotFound is returned for a room that does not exist.
var ErrNotFound = errors.New("not found")

// ErrExists is returned when creating a room whose code is taken.
var ErrExists = errors.New("already exists")

// Room is a room's row: its kind, options (JSON) and status.
type Room struct {
	Code      string
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
// (max <= 0: no cap). The count and the insert are one statement on the
// one writer connection, so concurrent creations can't pass the cap.
func (d *DB) CreateRoom(ctx context.Context, code, kind string, options []byte, now time.Time, max int) error {
	if max <= 0 {
		max = math.MaxInt32
	}
	res, err := d.w.ExecContext(ctx,
		`INSERT INTO rooms(code, kind, options, created_at, updated_at, status)
		 SELECT ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM rooms WHERE status = ?) < ?`,
		code, kind, string(options), now.UnixMilli(), now.UnixMilli(), StatusOpen, StatusOpen, max)
	if err != nil && isConstraint(err) {
		return ErrExists
	}
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrFull
	}
	return nil
}

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
// retried alone so one bad entry fails only its own caller.
func (d *DB) commit() {
	defer close(d.done)
	defer func() {
		if d.shipq != nil {
			close(d.shipq)
			<-d.shipDone
		}
	}()
	for req := range d.appends {
		group := d.fenced(gather(d.appends, req, maxGroup))
		if len(group) == 0 {
			continue
		}
		errs := make([]error, len(group))
		if err := d.appendGroup(group); err != nil {
			for i, r := range group {
				errs[i] = err
				if len(group) > 1 {
					errs[i] = d.appendGroup([]*appendReq{r})
				}
			}
		}
		d.answer(group, errs)
	}
}

// fenced answers the appends whose room may not be written here now and
// returns the others.
func (d *DB) fenced(group []*appendReq) []*appendReq {
	if d.fence == nil {
		return group
	}
	kept := group[:0]
	for _, r := range group {
		if err := d.fence(r.Code); err != nil {
			r.done <- err
			continue
		}
		kept = append(kept, r)
	}
	return kept
}

// shipment is a committed group waiting for the backup to have it.
type shipment struct {
	group []*appendReq
	errs  []error
}

// answer answers each append of a group committed with errs; with
// SetShipped, it hands the group to the shipper instead, which answers
// once the backup has it, while the next group commits.
func (d *DB) answer(group []*appendReq, errs []error) {
	if d.shipq != nil {
		d.shipq <- shipment{group, errs}
		return
	}
	d.reply(group, errs, nil)
}

// reply sends each append its answer: its commit's error, or else the
// shipping's, or else the fence's (a machine that lost its lease
// meanwhile must not acknowledge a move the new owner may not have).
func (d *DB) reply(group []*appendReq, errs []error, shipErr error) {
	for i, r := range group {
		err := errs[i]
		if err == nil {
			err = shipErr
		}
		if err == nil && d.fence != nil {
			err = d.fence(r.Code)
		}
		r.done <- err
	}
}

// ship is the shipper (SetShipped): it takes every committed group
// waiting, ships once for all of them, and answers them. Shipping costs
// a file or an upload whatever its size, so under load one shipment
// carries several group commits.
func (d *DB) ship() {
	defer close(d.shipDone)
	var last time.Time
	for s := range d.shipq {
		// at most one shipment per shipEvery: the groups committed
		// meanwhile ride along (fewer syncs, files and uploads under load)
		time.Sleep(time.Until(last.Add(d.shipEvery)))
		last = time.Now()
		batch := gather(d.shipq, s, math.MaxInt)
		err := d.shipped(context.Background())
		for _, b := range batch {
			d.reply(b.group, b.errs, err)
		}
	}
}

// gather takes first and whatever else ch holds now, up to max in all.
func gather[T any](ch <-chan T, first T, max int) []T {
	out := []T{first}
	for len(out) < max {
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
// are written or none.
func (d *DB) AppendBatch(ctx context.Context, now time.Time, batches []Batch) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		ins := tx.StmtContext(ctx, d.insertEntry) // prepared once, on the one writer connection
		defer ins.Close()
		// the log row is the only write: a room's last activity is its last
		// entry (see IdleRooms), and the foreign key refuses unknown rooms
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

// SaveSnapshot stores a room's state after log entry seq and drops older
// snapshots.
func (d *DB) SaveSnapshot(ctx context.Context, code string, seq int64, state []byte) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO room_snapshots(room, seq, state) VALUES (?, ?, ?)`, code, seq, string(state)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM room_snapshots WHERE room = ? AND seq < ?`, code, seq)
		return err
	})
}

// TruncateLog deletes a room's log entries from seq from on, and the
// snapshots taken after them (an operator's repair of a damaged entry).
func (d *DB) TruncateLog(ctx context.Context, code string, from int64) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM room_log WHERE room = ? AND seq >= ?`, code, from); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM room_snapshots WHERE room = ? AND seq >= ?`, code, from)
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
	err = d.r.QueryRowContext(ctx, `SELECT seq, state FROM room_snapshots WHERE room = ? ORDER BY seq DESC LIMIT 1`, code).Scan(&snapSeq, &state)
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
	rows, err := d.r.QueryContext(ctx, `SELECT seq, at, entry FROM room_log WHERE room = ? AND seq >= ? AND seq <= ? ORDER BY seq`, code, from, to)
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
	err := d.r.QueryRowContext(ctx, `SELECT code, kind, options, status, created_at, updated_at FROM rooms WHERE code = ?`, code).
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
	return d.codes(ctx, `SELECT code FROM rooms WHERE status = ? ORDER BY created_at DESC`, StatusOpen)
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
	err := d.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM rooms WHERE status = ?`, StatusOpen).Scan(&n)
	return n, err
}

// SetStatus changes a room's status (closing an idle room keeps its log).
func (d *DB) SetStatus(ctx context.Context, code, status string, now time.Time) error {
	_, err := d.w.ExecContext(ctx, `UPDATE rooms SET status = ?, updated_at = ? WHERE code = ?`, status, now.UnixMilli(), code)
	return err
}

// IdleRooms lists open rooms whose last log entry (or creation, for a room
// without entries) is older than before.
func (d *DB) IdleRooms(ctx context.Context, before time.Time) ([]string, error) {
	return d.codes(ctx, `SELECT code FROM rooms r WHERE status = ? AND
		COALESCE((SELECT at FROM room_log l WHERE l.room = r.code ORDER BY seq DESC LIMIT 1), r.created_at) < ?`, StatusOpen, before.UnixMilli())
}
