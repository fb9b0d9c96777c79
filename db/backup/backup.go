// Package backup streams the tables database to object storage with
// Litestream, inside the server process, and restores it from there.
//
// Litestream (github.com/benbjohnson/litestream, v0.5) watches SQLite's
// WAL: every committed transaction becomes an LTX file, shipped to the
// replica every SyncInterval (1 s), the WAL being read every half
// interval. What can be lost with the machine is what was committed in
// the last 1.5 intervals and the upload's time (docs/OPERATIONS.md has the
// measured lag). It owns checkpointing while it runs: it holds a read transaction
// so no checkpoint passes what it has not copied, and the server's own
// connections run with wal_autocheckpoint off (db.Options).
//
// Replica URLs: file:///dir, or s3://bucket/path with the usual S3
// environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, and an endpoint
// in the URL, ?endpoint=..., or in AWS_ENDPOINT_URL_S3, which Fly's
// Tigris sets).
package backup

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/benbjohnson/litestream"
	_ "github.com/benbjohnson/litestream/file" // file:// replicas
	_ "github.com/benbjohnson/litestream/s3"   // s3:// replicas (AWS, Tigris, any S3-compatible store)
	"github.com/superfly/ltx"
)

// Config is how to replicate.
type Config struct {
	// URL is the replica: file:///dir or s3://bucket/path?endpoint=...
	URL string
	// SyncInterval is how often the WAL's new transactions are shipped
	// (1 s by default): the most that losing the machine loses.
	SyncInterval time.Duration
	// Stalled is how long the replica may be behind before readiness
	// reports it (a minute by default).
	Stalled time.Duration
	Log     *slog.Logger
}

// Replicator streams one database to its replica until Close.
type Replicator struct {
	cfg     Config
	store   *litestream.Store
	db      *litestream.DB
	replica *litestream.Replica
	errors  atomic.Int64
	started time.Time
}

// Client makes Litestream's replica client for a URL (file:// or s3://).
// An s3 URL without an endpoint takes AWS_ENDPOINT_URL_S3 and AWS_REGION
// from the environment (Fly's Tigris sets them with the bucket's keys).
func Client(raw string) (litestream.ReplicaClient, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("backup URL: %w", err)
	}
	if endpointFromEnv(u) {
		raw = u.String()
	}
	if u.Scheme != "s3" && u.Scheme != "file" {
		return nil, fmt.Errorf("backup URL %q: use file:///dir or s3://bucket/path", raw)
	}
	c, err := litestream.NewReplicaClientFromURL(raw)
	if err != nil {
		return nil, fmt.Errorf("backup URL: %w", err)
	}
	return c, nil
}

// endpointFromEnv gives an s3 URL without an endpoint the one in
// AWS_ENDPOINT_URL_S3 (and the region in AWS_REGION), as Fly's Tigris sets
// them; it reports whether it changed u.
func endpointFromEnv(u *url.URL) bool {
	ep := os.Getenv("AWS_ENDPOINT_URL_S3")
	if u.Scheme != "s3" || u.Query().Get("endpoint") != "" || ep == "" {
		return false
	}
	q := u.Query()
	q.Set("endpoint", ep)
	if r := os.Getenv("AWS_REGION"); r != "" && q.Get("region") == "" {
		q.Set("region", r)
	}
	u.RawQuery = q.Encode()
	return true
}

// Start replicates the database at path (which must exist: open it with
// db.Open first) to cfg.URL.
func Start(ctx context.Context, path string, cfg Config) (*Replicator, error) {
	if cfg.SyncInterval <= 0 {
		cfg.SyncInterval = litestream.DefaultSyncInterval
	}
	if cfg.Stalled <= 0 {
		cfg.Stalled = time.Minute
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	c, err := Client(cfg.URL)
	if err != nil {
		return nil, err
	}
	r := &Replicator{cfg: cfg, started: time.Now()}
	log := slog.New(&countErrors{Handler: cfg.Log.Handler(), n: &r.errors}).With("system", "backup")
	c.SetLogger(log)
	r.db = litestream.NewDB(path)
	// the WAL is read twice per sync interval: a commit waits at most half
	// an interval to become an LTX file, then at most one to be shipped
	r.db.MonitorInterval = cfg.SyncInterval / 2
	r.replica = litestream.NewReplicaWithClient(r.db, c)
	r.replica.SyncInterval = cfg.SyncInterval
	r.db.Replica = r.replica
	levels := litestream.CompactionLevels{
		{Level: 0},
		{Level: 1, Interval: 30 * time.Second},
		{Level: 2, Interval: 5 * time.Minute},
		{Level: 3, Interval: time.Hour},
	}
	r.store = litestream.NewStore([]*litestream.DB{r.db}, levels)
	r.store.Logger = log
	r.db.SetLogger(log)
	if err := r.store.Open(ctx); err != nil {
		return nil, fmt.Errorf("start backups to %s: %w", redact(cfg.URL), err)
	}
	cfg.Log.Info("backups on", "replica", redact(cfg.URL), "sync_interval", cfg.SyncInterval)
	return r, nil
}

// Close ships what is left (a final sync) and stops. Call it after the
// server's own connections are closed.
func (r *Replicator) Close(ctx context.Context) error {
	err := r.store.Close(ctx)
	if err != nil {
		r.cfg.Log.Error("backup: final sync", "err", err)
		return err
	}
	r.cfg.Log.Info("backup: final sync done", "txid", r.replica.Pos().TXID.String())
	return nil
}

// Sync ships every committed transaction now and waits for it.
func (r *Replicator) Sync(ctx context.Context) error { return r.db.SyncAndWait(ctx) }

// Status is the replication's state, for /metrics and readiness.
type Status struct {
	LocalTXID, ReplicaTXID uint64
	// Behind is how many transactions the replica lacks; BehindBytes their
	// size as LTX files; BehindFor since when it has lacked them (zero when
	// in sync).
	Behind      uint64
	BehindBytes int64
	BehindFor   time.Duration
	LastSync    time.Time // the last successful sync
	Errors      int64     // errors logged by the replication
	Stalled     bool      // behind for longer than Config.Stalled
}

// Status reads the replication's state without I/O to the replica.
func (r *Replicator) Status() Status {
	st := Status{Errors: r.errors.Load(), LastSync: r.db.LastSuccessfulSyncAt()}
	local, err := r.db.Pos()
	if err != nil {
		return st
	}
	st.LocalTXID, st.ReplicaTXID = uint64(local.TXID), uint64(r.replica.Pos().TXID)
	if st.LocalTXID <= st.ReplicaTXID {
		return st
	}
	st.Behind = st.LocalTXID - st.ReplicaTXID
	for id := st.ReplicaTXID + 1; id <= st.LocalTXID && id <= st.ReplicaTXID+1000; id++ {
		if fi, err := os.Stat(r.db.LTXPath(0, ltx.TXID(id), ltx.TXID(id))); err == nil {
			st.BehindBytes += fi.Size()
		}
	}
	since := st.LastSync
	if since.IsZero() {
		since = r.started
	}
	st.BehindFor = time.Since(since)
	st.Stalled = st.BehindFor > r.cfg.Stalled
	return st
}

// Restored says what a restore brought back.
type Restored struct {
	TXID uint64    // the last transaction restored
	At   time.Time // when that transaction was shipped
}

// ErrNoBackup is returned when the replica holds nothing to restore.
var ErrNoBackup = errors.New("the replica holds no backup")

// Restore writes the latest state of the replica at rawURL to output,
// which must not exist.
func Restore(ctx context.Context, rawURL, output string, log *slog.Logger) (Restored, error) {
	c, err := Client(rawURL)
	if err != nil {
		return Restored{}, err
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	c.SetLogger(log)
	if err := c.Init(ctx); err != nil {
		return Restored{}, err
	}
	plan, err := litestream.CalcRestorePlan(ctx, c, 0, time.Time{}, log)
	if errors.Is(err, litestream.ErrTxNotAvailable) || errors.Is(err, litestream.ErrNoSnapshots) || err == nil && len(plan) == 0 {
		return Restored{}, ErrNoBackup
	}
	if err != nil {
		return Restored{}, err
	}
	var got Restored
	for _, f := range plan {
		if uint64(f.MaxTXID) > got.TXID {
			got.TXID, got.At = uint64(f.MaxTXID), f.CreatedAt
		}
	}
	if err := os.MkdirAll(filepath.Dir(output), 0o755); err != nil {
		return Restored{}, err
	}
	replica := litestream.NewReplicaWithClient(nil, c)
	opt := litestream.NewRestoreOptions()
	opt.OutputPath = output
	opt.IntegrityCheck = litestream.IntegrityCheckQuick
	if err := replica.Restore(ctx, opt); err != nil {
		if errors.Is(err, litestream.ErrTxNotAvailable) || errors.Is(err, litestream.ErrNoSnapshots) {
			return Restored{}, ErrNoBackup
		}
		return Restored{}, err
	}
	return got, nil
}

// Level is what a replica holds at one compaction level.
type Level struct {
	Level       int
	Files       int
	Bytes       int64
	MinTXID     uint64
	MaxTXID     uint64
	First, Last time.Time
}

// List reads what the replica at rawURL holds, level by level (Litestream
// v0.5 keeps LTX files: level 0 one per synced transaction batch, the
// higher levels compacted, and the snapshot level).
func List(ctx context.Context, rawURL string) ([]Level, error) {
	c, err := Client(rawURL)
	if err != nil {
		return nil, err
	}
	if err := c.Init(ctx); err != nil {
		return nil, err
	}
	var out []Level
	for _, lvl := range []int{0, 1, 2, 3, litestream.SnapshotLevel} {
		itr, err := c.LTXFiles(ctx, lvl, 0, false)
		if err != nil {
			return nil, err
		}
		l := Level{Level: lvl}
		for itr.Next() {
			f := itr.Item()
			if l.Files == 0 || uint64(f.MinTXID) < l.MinTXID {
				l.MinTXID = uint64(f.MinTXID)
			}
			if uint64(f.MaxTXID) > l.MaxTXID {
				l.MaxTXID = uint64(f.MaxTXID)
			}
			if l.First.IsZero() || f.CreatedAt.Before(l.First) {
				l.First = f.CreatedAt
			}
			if f.CreatedAt.After(l.Last) {
				l.Last = f.CreatedAt
			}
			l.Files++
			l.Bytes += f.Size
		}
		if err := itr.Close(); err != nil {
			return nil, err
		}
		if l.Files > 0 {
			out = append(out, l)
		}
	}
	return out, nil
}

// redact drops credentials and query values from a URL for logs.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable URL)"
	}
	u.User, u.RawQuery = nil, ""
	return strings.TrimSuffix(u.String(), "?")
}

// countErrors counts the error records Litestream logs (a failed sync, a
// failed upload) and passes every record on.
type countErrors struct {
	slog.Handler
	n *atomic.Int64
}

func (h *countErrors) Handle(ctx context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		h.n.Add(1)
	}
	return h.Handler.Handle(ctx, r)
}

func (h *countErrors) WithAttrs(as []slog.Attr) slog.Handler {
	return &countErrors{Handler: h.Handler.WithAttrs(as), n: h.n}
}

func (h *countErrors) WithGroup(name string) slog.Handler {
	return &countErrors{Handler: h.Handler.WithGroup(name), n: h.n}
}
