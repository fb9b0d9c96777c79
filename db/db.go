// Package db is the store: the rooms' action logs and snapshots,
// sessions and secrets, players, passkeys, bots, results and ratings,
// clubs (clubs.go), the leases of cluster mode and the limits counted
// across machines. One API, two backends:
//
//   - SQLite (modernc.org/sqlite, pure Go), the default: one file, one
//     machine, `make run` with nothing else to set up, Litestream backups
//     (db/backup).
//   - PostgreSQL (github.com/jackc/pgx/v5 through database/sql), chosen by
//     a postgres:// URL: every machine of a cluster reads and writes it.
//
// Both run the same migrations (migrations/*.sql, written for SQLite and
// turned into PostgreSQL's types by pgSchema; TestSchemasAgree checks the
// two schemas hold the same tables and columns) and the same queries
// ($1-style parameters, which both accept). The contract tests run every
// test of the API against both.
//
// Durability on SQLite: WAL with synchronous=NORMAL. A committed
// transaction survives a crash of the process (kill -9): its WAL frames
// are in the operating system's page cache before COMMIT returns. Only a
// power loss or kernel crash can lose the last transactions before the
// next checkpoint. One connection writes (transactions start with BEGIN
// IMMEDIATE); a separate pool reads. On PostgreSQL a commit is durable
// when it returns (the server's own fsync settings).
//
// Cluster mode (SetMachine): a table is written by one machine at a time,
// the holder of its lease row (leases.go). Every append checks the lease's
// owner and generation in its own transaction, so a machine that lost a
// table (frozen, cut off, slow) can never write to it again, whatever its
// clock says.
//
// It must never know about games, HTTP or a room's state: it stores what
// it is given and answers what is asked.
package db

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL's driver
	_ "modernc.org/sqlite"             // SQLite's driver, pure Go
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB holds the writer connection, the reader pool and the committer
// goroutine that groups concurrent log appends into one transaction.
type DB struct {
	w       *sql.DB // SQLite: the one writer connection; PostgreSQL: the pool
	r       *sql.DB // SQLite: the readers; PostgreSQL: the same pool
	pg      bool
	appends chan *appendReq
	done    chan struct{}
	// insertEntry appends a log row on SQLite; prepared once (a statement
	// prepared in every transaction cost a parse per group commit)
	insertEntry *sql.Stmt
	closed      sync.Once
	err         error
	// now is the database clock's unix milliseconds, as SQL
	now string

	leases leaseBook // cluster mode: this machine's leases (leases.go)
}

// Options change how a database is opened.
type Options struct {
	// NoAutoCheckpoint turns SQLite's automatic checkpoints off on our
	// connections: Litestream (db/backup) checkpoints while it replicates,
	// so it never misses a WAL frame.
	NoAutoCheckpoint bool
	// MaxConns bounds PostgreSQL's pool (0: 20).
	MaxConns int
}

// IsPostgres reports whether a database address names a PostgreSQL
// server (postgres:// or postgresql://) rather than a SQLite file.
func IsPostgres(addr string) bool {
	return strings.HasPrefix(addr, "postgres://") || strings.HasPrefix(addr, "postgresql://")
}

// Open opens (creating if needed) the database at addr and migrates it:
// a SQLite file's path, or a postgres:// URL. ":memory:" is not
// supported: use a file in a temporary directory.
func Open(ctx context.Context, addr string) (*DB, error) {
	return OpenOptions(ctx, addr, Options{})
}

// OpenOptions is Open with options.
func OpenOptions(ctx context.Context, addr string, o Options) (*DB, error) {
	if IsPostgres(addr) {
		return openPostgres(ctx, addr, o)
	}
	return openSQLite(ctx, addr, o)
}

func openSQLite(ctx context.Context, path string, o Options) (*DB, error) {
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
	d := &DB{w: w, now: `CAST(unixepoch('subsec') * 1000 AS INTEGER)`}
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
	if d.insertEntry, err = w.PrepareContext(ctx, `INSERT INTO room_log(room, seq, at, entry) VALUES ($1, $2, $3, $4)`); err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	d.start()
	return d, nil
}

func openPostgres(ctx context.Context, addr string, o Options) (*DB, error) {
	p, err := sql.Open("pgx", addr)
	if err != nil {
		return nil, fmt.Errorf("open PostgreSQL: %w", err)
	}
	if o.MaxConns <= 0 {
		o.MaxConns = 20
	}
	p.SetMaxOpenConns(o.MaxConns)
	p.SetMaxIdleConns(o.MaxConns)
	p.SetConnMaxIdleTime(5 * time.Minute)
	if err := p.PingContext(ctx); err != nil {
		p.Close()
		return nil, fmt.Errorf("open PostgreSQL: %w", err)
	}
	d := &DB{w: p, r: p, pg: true, now: `CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)`}
	if err := d.migrate(ctx); err != nil {
		p.Close()
		return nil, err
	}
	d.start()
	return d, nil
}

// start starts the committer.
func (d *DB) start() {
	d.appends = make(chan *appendReq, 1024)
	d.done = make(chan struct{})
	go d.commit()
}

// Postgres reports whether the database is PostgreSQL.
func (d *DB) Postgres() bool { return d.pg }

// Close stops the committer after the appends already queued, then
// closes the pools.
func (d *DB) Close() error {
	d.closed.Do(func() {
		close(d.appends)
		<-d.done
		errs := []error{d.w.Close()}
		if d.insertEntry != nil {
			errs = append(errs, d.insertEntry.Close())
		}
		if d.r != d.w {
			errs = append(errs, d.r.Close())
		}
		d.err = errors.Join(errs...)
	})
	return d.err
}

// migrationLock is the PostgreSQL advisory lock held while migrating, so
// machines starting together migrate one at a time.
const migrationLock = 7_246_583_101

func (d *DB) migrate(ctx context.Context) error {
	conn, err := d.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Close()
	if d.pg {
		// one machine migrates at a time; the others wait, then find
		// every migration applied
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
			return fmt.Errorf("migrate: lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)
	}
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	// every migration not applied yet runs, in order: not only those past
	// the highest applied, so a migration numbered below one that came
	// first (branches merged in another order) still runs
	applied := map[int]bool{}
	rows, err := conn.QueryContext(ctx, `SELECT version FROM schema_migrations`)
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
		text := string(body)
		if d.pg {
			text = pgSchema(text)
		}
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("migration %s: %w", base, err)
		}
		if _, err := tx.ExecContext(ctx, text); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", base, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations(version) VALUES ($1)`, v); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", base, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %s: %w", base, err)
		}
	}
	return nil
}

// pgSchema turns a migration written for SQLite into PostgreSQL's: the
// same tables and columns, with PostgreSQL's names for the types (an
// INTEGER of SQLite holds 64 bits: BIGINT) and no WITHOUT ROWID (every
// PostgreSQL table is a heap with its primary key's index).
func pgSchema(sqlite string) string {
	s := pgTypes.ReplaceAllStringFunc(sqlite, func(t string) string {
		switch strings.ToUpper(t) {
		case "INTEGER":
			return "BIGINT"
		case "REAL":
			return "DOUBLE PRECISION"
		case "BLOB":
			return "BYTEA"
		}
		return t
	})
	return withoutRowid.ReplaceAllString(s, "")
}

var (
	pgTypes      = regexp.MustCompile(`\b(INTEGER|REAL|BLOB)\b`)
	withoutRowid = regexp.MustCompile(`(?i)\s*WITHOUT ROWID`)
)

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
	if d.pg {
		return errors.New("FillDisk: SQLite only")
	}
	var pages int64
	if err := d.w.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		return err
	}
	_, err := d.w.ExecContext(ctx, `PRAGMA max_page_count = `+strconv.FormatInt(pages, 10))
	return err
}

// EmptyDisk lifts FillDisk.
func (d *DB) EmptyDisk(ctx context.Context) error {
	if d.pg {
		return errors.New("EmptyDisk: SQLite only")
	}
	_, err := d.w.ExecContext(ctx, `PRAGMA max_page_count = 4294967294`)
	return err
}
