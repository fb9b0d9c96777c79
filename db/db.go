// Package db is the SQLite store: opening with the right pragmas, embedded
// migrations, the rooms' action logs and snapshots, sessions and secrets.
//
// Durability: the database runs in WAL mode with synchronous=NORMAL. A
// committed transaction survives a crash of the process (kill -9): its WAL
// frames are in the operating system's page cache before COMMIT returns.
// Only a power loss or kernel crash can lose the last transactions before
// the next checkpoint; synchronous=FULL would close that gap at several
// times the cost of every commit. One connection writes (transactions
// start with BEGIN IMMEDIATE); a separate pool reads.
package db

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the driver, pure Go
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB holds the writer connection, the reader pool and the committer
// goroutine that groups concurrent log appends into one transaction.
type DB struct {
	w       *sql.DB
	r       *sql.DB
	appends chan *appendReq
	done    chan struct{}
	// insertEntry appends a log row; prepared once (a statement prepared
	// in every transaction cost a parse per group commit)
	insertEntry *sql.Stmt
	closed      sync.Once
	err         error
	// fence and shipped (SetFence, SetShipped) make an append wait for
	// the backup and refuse a room this machine may no longer write
	fence     func(code string) error
	shipped   func(ctx context.Context) error
	shipq     chan shipment
	shipDone  chan struct{}
	shipEvery time.Duration
}

// SetFence makes every append check its room first: a non-nil error from
// fence refuses the append (cluster mode: the room's tag is not held by
// this machine now), and is checked again before an append is answered.
// Set it before the first Append.
func (d *DB) SetFence(fence func(code string) error) { d.fence = fence }

// SetShipped makes every append wait for shipped (the backup has the
// transaction) before it is answered: a move is acknowledged only once it
// would survive the machine. Shipping runs beside the committer, once for
// all the groups committed meanwhile, at most once per every (a move
// waits up to every more; under load a shipment carries more groups).
// Set it before the first Append.
func (d *DB) SetShipped(shipped func(ctx context.Context) error, every time.Duration) {
	d.shipped, d.shipEvery = shipped, every
	d.shipq, d.shipDone = make(chan shipment, maxGroup), make(chan struct{})
	go d.ship()
}

// Options change how a database is opened.
type Options struct {
	// NoAutoCheckpoint turns SQLite's automatic checkpoints off on our
	// connections: Litestream (db/backup) checkpoints while it replicates,
	// so it never misses a WAL frame.
	NoAutoCheckpoint bool
}

// Open opens (creating if needed) the database file at path and migrates
// it. ":memory:" is not supported: use a file in a temporary directory.
func Open(ctx context.Context, path string) (*DB, error) {
	return OpenOptions(ctx, path, Options{})
}

// OpenOptions is Open with options.
func OpenOptions(ctx context.Context, path string, o Options) (*DB, error) {
	pragmas := []string{"journal_mode(WAL)", "synchronous(NORMAL)", "busy_timeout(5000)", "foreign_keys(1)"}
	if o.NoAutoCheckpoint {
		pragmas = append(pragmas, "wal_autocheckpoint(0)")
	}
	dsn := func(extra ...string) string {
		q := url.Values{}
		for _, p := range pragmas {
			q.Add("_pragma", p)
		}
		for _, p := range extra {
			q.Add("_pragma", p)
		}
		q.Set("_txlock", "immediate")
		return "file:" + path + "?" + q.Encode()
	}
	w, err := sql.Open("sqlite", dsn())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	d := &DB{w: w}
	if err := d.migrate(ctx); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", dsn("query_only(1)"))
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(4)
	d.r = r
	if d.insertEntry, err = w.PrepareContext(ctx, `INSERT INTO room_log(room, seq, at, entry) VALUES (?, ?, ?, ?)`); err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	d.appends = make(chan *appendReq, 1024)
	d.done = make(chan struct{})
	go d.commit()
	return d, nil
}

// Close stops the committer after the appends already queued, then
// closes both pools.
func (d *DB) Close() error {
	d.closed.Do(func() {
		close(d.appends)
		<-d.done
		d.err = errors.Join(d.insertEntry.Close(), d.r.Close(), d.w.Close())
	})
	return d.err
}

func (d *DB) migrate(ctx context.Context) error {
	if _, err := d.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	// every migration not applied yet runs, in order: not only those past
	// the highest applied, so a migration numbered below one that came
	// first (branches merged in another order) still runs
	applied := map[int]bool{}
	rows, err := d.w.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return fmt.Errorf("migrate: %w", err)
		}
		applied[v] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration %s: bad name", name)
		}
		if applied[v] {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		err = d.tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations(version) VALUES (?)`, v)
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", base, err)
		}
	}
	return nil
}

// tx runs fn in a write transaction (BEGIN IMMEDIATE).
func (d *DB) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// FillDisk makes the database behave as if its disk were full: a write
// that needs a new page fails with SQLITE_FULL, as on a full volume.
// EmptyDisk lifts it. For fault drills and tests only.
func (d *DB) FillDisk(ctx context.Context) error {
	var pages int64
	if err := d.w.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		return err
	}
	_, err := d.w.ExecContext(ctx, `PRAGMA max_page_count = `+strconv.FormatInt(pages, 10))
	return err
}

// EmptyDisk lifts FillDisk.
func (d *DB) EmptyDisk(ctx context.Context) error {
	_, err := d.w.ExecContext(ctx, `PRAGMA max_page_count = 4294967294`)
	return err
}
