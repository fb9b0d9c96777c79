package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// ErrFenced refuses an append for a table whose lease this machine does
// not hold (any more): another machine serves it now.
var ErrFenced = errors.New("this machine no longer holds the table's lease")

// Lease is who serves a table in cluster mode.
type Lease struct {
	Room  string
	Owner string // the machine's id ("" when handed on)
	Addr  string // where the other machines reach the owner
	Gen   int64
	Live  bool // unexpired by the database's clock
}

// leaseBook is this machine's part in the leases: its id, how long a
// lease lasts unrenewed, and each lease it holds.
type leaseBook struct {
	machine string
	ttl     time.Duration
	mu      sync.Mutex
	held    map[string]heldLease
}

// heldLease is a lease this machine holds: its generation, and until when
// (by this machine's monotonic clock, from the moment it asked for the
// lease) it may serve the table without asking the database again. That
// bound only ever errs towards asking: the database's clock alone decides
// who may take a lease, and its fence alone who may write.
type heldLease struct {
	gen   int64
	until time.Time
}

// SetMachine turns cluster mode on: this database is shared, this
// machine is id, a lease lasts ttl unrenewed, and every append is fenced
// by its table's lease. Leases an earlier run of this machine left are
// handed on (expired at once), so whichever machine sees them first
// takes them anew. Call it before the first append.
func (d *DB) SetMachine(ctx context.Context, id string, ttl time.Duration) error {
	if id == "" || ttl <= 0 {
		return errors.New("cluster mode needs a machine id and a lease time")
	}
	d.leases.machine, d.leases.ttl = id, ttl
	d.leases.held = map[string]heldLease{}
	_, err := d.w.ExecContext(ctx, `UPDATE leases SET owner = '', expires = 0 WHERE owner = $1`, id)
	return err
}

// Machine is this machine's id in cluster mode ("" on one machine).
func (d *DB) Machine() string { return d.leases.machine }

// Holds reports whether this machine holds a table's lease and renewed
// it within the lease time (a machine that was frozen or cut off asks the
// database again before it serves the table). Always true on one machine.
func (d *DB) Holds(code string) bool {
	if d.leases.machine == "" {
		return true
	}
	d.leases.mu.Lock()
	defer d.leases.mu.Unlock()
	h, ok := d.leases.held[code]
	return ok && time.Now().Before(h.until)
}

// Held lists the tables whose lease this machine holds.
func (d *DB) Held() []string {
	d.leases.mu.Lock()
	defer d.leases.mu.Unlock()
	out := make([]string, 0, len(d.leases.held))
	for c := range d.leases.held {
		out = append(out, c)
	}
	return out
}

func (d *DB) hold(code string, gen int64, asked time.Time) {
	d.leases.mu.Lock()
	defer d.leases.mu.Unlock()
	d.leases.held[code] = heldLease{gen, asked.Add(d.leases.ttl)}
}

// Forget drops a table from the leases this machine holds (it stopped
// serving it).
func (d *DB) Forget(codes ...string) {
	d.leases.mu.Lock()
	defer d.leases.mu.Unlock()
	for _, c := range codes {
		delete(d.leases.held, c)
	}
}

func (d *DB) ttlMS() int64 { return d.leases.ttl.Milliseconds() }

// leaseNew gives a table made here its lease, in its creation's
// transaction (cluster mode only).
func (d *DB) leaseNew(ctx context.Context, tx *sql.Tx, code string) error {
	if d.leases.machine == "" {
		return nil
	}
	asked := time.Now()
	_, err := tx.ExecContext(ctx, `INSERT INTO leases(room, owner, gen, expires) VALUES ($1, $2, 1, `+d.now+` + $3)`,
		code, d.leases.machine, d.ttlMS())
	if err != nil {
		return err
	}
	d.hold(code, 1, asked) // (a rolled-back creation leaves a lease nobody uses: Renew drops it)
	return nil
}

// ErrStale is a table this machine held and may have lost while it could
// not renew (frozen, cut off): it must stop serving it (Renew says so at
// once) before anyone serves it again here.
var ErrStale = errors.New("this machine's lease of the table is stale")

// TakeLease makes this machine the server of a table whose lease is free
// (never taken, handed on, or past its expiry by the database's clock):
// its generation grows by one. It returns the lease as it is now: ours,
// or another machine's that is live (Live, Owner). ErrNotFound for a
// table that does not exist or is closed; ErrStale for a table held here
// whose lease this machine could not renew in time and another machine
// holds now or may take.
func (d *DB) TakeLease(ctx context.Context, code string) (Lease, error) {
	if d.leases.machine == "" {
		return Lease{Room: code, Live: true}, nil
	}
	asked := time.Now()
	d.leases.mu.Lock()
	h, ok := d.leases.held[code]
	d.leases.mu.Unlock()
	if ok && asked.Before(h.until) {
		return Lease{Room: code, Owner: d.leases.machine, Gen: h.gen, Live: true}, nil
	}
	if ok {
		// held, but not renewed in time: still ours only if the database
		// says so (nobody took it meanwhile)
		l, err := d.LeaseOf(ctx, code)
		if err != nil {
			return l, err
		}
		if l.Owner == d.leases.machine && l.Gen == h.gen {
			return l, nil
		}
		return l, ErrStale
	}
	var gen int64
	err := d.w.QueryRowContext(ctx, `INSERT INTO leases(room, owner, gen, expires)
		SELECT $1, $2, 1, `+d.now+` + $3 WHERE EXISTS (SELECT 1 FROM rooms WHERE code = $1 AND status = 'open')
		ON CONFLICT(room) DO UPDATE SET owner = excluded.owner, gen = leases.gen + 1, expires = excluded.expires
		WHERE leases.expires < `+d.now+`
		RETURNING gen`, code, d.leases.machine, d.ttlMS()).Scan(&gen)
	if err == nil {
		d.hold(code, gen, asked)
		return Lease{Room: code, Owner: d.leases.machine, Gen: gen, Live: true}, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return Lease{}, fmt.Errorf("take lease %s: %w", code, err)
	}
	// live and another's, or no such table
	return d.LeaseOf(ctx, code)
}

// LeaseOf reads a table's lease; ErrNotFound when the table has none
// (no such table, or never served in cluster mode).
func (d *DB) LeaseOf(ctx context.Context, code string) (Lease, error) {
	l := Lease{Room: code}
	err := d.r.QueryRowContext(ctx, `SELECT l.owner, COALESCE(m.addr, ''), l.gen, CASE WHEN l.expires >= `+d.now+` THEN 1 ELSE 0 END
		FROM leases l LEFT JOIN machines m ON m.id = l.owner WHERE l.room = $1`, code).Scan(&l.Owner, &l.Addr, &l.Gen, &l.Live)
	if errors.Is(err, sql.ErrNoRows) {
		return l, ErrNotFound
	}
	return l, err
}

// Renew extends every lease this machine holds by the lease time from
// the database's clock now, and its machine row with them. It returns
// the tables this machine thought it held and no longer does (another
// machine took them while this one could not renew): stop serving them.
func (d *DB) Renew(ctx context.Context, addr string) (lost []string, err error) {
	asked := time.Now()
	err = d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO machines(id, addr, started, expires) VALUES ($1, $2, `+d.now+`, `+d.now+` + $3)
			ON CONFLICT(id) DO UPDATE SET addr = excluded.addr, expires = excluded.expires`, d.leases.machine, addr, d.ttlMS()); err != nil {
			return err
		}
		still, err := gens(tx.QueryContext(ctx, `UPDATE leases SET expires = `+d.now+` + $1 WHERE owner = $2 RETURNING room, gen`, d.ttlMS(), d.leases.machine))
		if err != nil {
			return err
		}
		d.leases.mu.Lock()
		for c, h := range d.leases.held {
			if still[c] != h.gen {
				lost = append(lost, c)
				delete(d.leases.held, c)
				continue
			}
			d.leases.held[c] = heldLease{h.gen, asked.Add(d.leases.ttl)}
		}
		d.leases.mu.Unlock()
		return nil
	})
	return lost, err
}

// ReleaseLeases hands tables on at once (this machine is stopping, or
// stopped serving them): their leases expire now, so the next request
// for one, through any machine, takes it without waiting.
func (d *DB) ReleaseLeases(ctx context.Context, codes []string) error {
	if d.leases.machine == "" || len(codes) == 0 {
		return nil
	}
	for len(codes) > 0 {
		part := codes[:min(len(codes), 500)]
		codes = codes[len(part):]
		args := []any{d.leases.machine}
		in := placeholders(&args, part)
		// only the generations held here: a lease taken meanwhile by another stays
		if _, err := d.w.ExecContext(ctx, `UPDATE leases SET owner = '', expires = 0 WHERE owner = $1 AND room IN (`+in+`)`, args...); err != nil {
			return err
		}
		d.Forget(part...)
	}
	return nil
}

// LeaveCluster hands on every lease this machine holds and drops its
// machine row (a graceful stop).
func (d *DB) LeaveCluster(ctx context.Context) error {
	if d.leases.machine == "" {
		return nil
	}
	if err := d.ReleaseLeases(ctx, d.Held()); err != nil {
		return err
	}
	_, err := d.w.ExecContext(ctx, `DELETE FROM machines WHERE id = $1`, d.leases.machine)
	return err
}

// FreeTables lists open tables that no machine serves: their lease ran
// out by the database's clock, was handed on, or was never taken. At
// most limit, the longest free first.
func (d *DB) FreeTables(ctx context.Context, limit int) ([]string, error) {
	return d.codes(ctx, `SELECT r.code FROM rooms r LEFT JOIN leases l ON l.room = r.code
		WHERE r.status = $1 AND (l.room IS NULL OR l.expires < `+d.now+`)
		ORDER BY COALESCE(l.expires, 0) LIMIT $2`, StatusOpen, limit)
}

// Machine is a live machine of the cluster.
type Machine struct {
	ID, Addr string
}

// Machines lists the live machines but this one.
func (d *DB) Machines(ctx context.Context) ([]Machine, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT id, addr FROM machines WHERE expires >= `+d.now+` AND id <> $1 ORDER BY id`, d.leases.machine)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Machine
	for rows.Next() {
		var m Machine
		if err := rows.Scan(&m.ID, &m.Addr); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// fence checks, in an append's transaction, that this machine holds the
// lease of every room of batches at the generation it took: on
// PostgreSQL the rows stay share-locked until the commit, so a takeover
// waits for the append, or the append sees the takeover and is refused.
func (d *DB) fence(ctx context.Context, tx *sql.Tx, batches []Batch) error {
	if d.leases.machine == "" {
		return nil
	}
	args := []any{d.leases.machine}
	codes := make([]string, len(batches))
	for i, b := range batches {
		codes[i] = b.Code
	}
	q := `SELECT room, gen FROM leases WHERE owner = $1 AND room IN (` + placeholders(&args, codes) + `)`
	if d.pg {
		q += ` FOR SHARE`
	}
	found, err := gens(tx.QueryContext(ctx, q, args...))
	if err != nil {
		return err
	}
	d.leases.mu.Lock()
	defer d.leases.mu.Unlock()
	for _, c := range codes {
		if h, ok := d.leases.held[c]; !ok || found[c] != h.gen {
			return fmt.Errorf("append %s: %w", c, ErrFenced)
		}
	}
	return nil
}

// gens reads the rows of a query of (room, gen): each room's generation.
func gens(rows *sql.Rows, err error) (map[string]int64, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var c string
		var g int64
		if err := rows.Scan(&c, &g); err != nil {
			return nil, err
		}
		out[c] = g
	}
	return out, rows.Err()
}

// placeholders adds values to args and returns their parameters ("$2,
// $3") for an IN list.
func placeholders(args *[]any, values []string) string {
	var b strings.Builder
	for i, v := range values {
		*args = append(*args, v)
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d", len(*args))
	}
	return b.String()
}
