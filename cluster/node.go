// Package cluster spreads tables over several machines that share one
// PostgreSQL database: which machine serves a table, handing tables on,
// and taking over the tables of a machine that is gone.
//
// A table is served by the machine holding its lease row in the database
// (db.Lease: owner, generation, expiry by the database's clock). A
// machine renews all its leases with one statement every TTL/3, takes
// tables whose lease ran out (db.FreeTables) and loads them from the
// shared log, and stops serving the tables its renewal says it lost. The
// database fences every append by the lease's owner and generation, so a
// frozen, partitioned or slow machine never writes once another took
// over, whatever any clock says: no clock but the database's is read.
//
// Requests for a table another machine serves are sent there by the
// handlers (fly-replay); Where tells which machine that is, from the
// lease row, cached for a moment and dropped on a refusal.
//
// It must never know about games, HTTP or a room's state: it moves leases
// and calls Load and Release.
package cluster

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/tablegames/tables/db"
)

// Config is one machine's part in the cluster.
type Config struct {
	DB      *db.DB
	Machine string // this machine's id (FLY_MACHINE_ID)
	Addr    string // how the others reach this machine: http://host:port
	// TTL is how long a lease lasts unrenewed (15 s by default): a
	// machine gone for good has its tables taken over within TTL and one
	// round (TTL/3).
	TTL time.Duration
	// Load starts serving a table whose lease this machine took (the
	// runtime loads it from the log, so its bots and clocks run here).
	Load func(ctx context.Context, code string) error
	// Release stops serving tables whose lease another machine now holds.
	Release func(codes []string)
	Log     *slog.Logger
}

// Node is this machine's part in the cluster.
type Node struct {
	cfg Config

	mu     sync.Mutex
	owners map[string]owner // where tables of other machines are, for a moment
}

type owner struct {
	machine string
	until   time.Time
}

// ownerFor is how long a table's owner is remembered without asking the
// database again: a lease moves only when its owner stops or is gone, and
// a request replayed to a machine that no longer serves it comes back.
const ownerFor = 2 * time.Second

// freePerRound bounds how many free tables one machine takes in a round.
const freePerRound = 200

// Start joins the cluster: the database is shared from now on (every
// append fenced by its lease), the leases an earlier run of this machine
// held are handed on, and this machine's row says where it is.
func Start(ctx context.Context, cfg Config) (*Node, error) {
	if cfg.TTL <= 0 {
		cfg.TTL = 15 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Machine == "" || cfg.Addr == "" {
		return nil, errors.New("cluster: a machine id and an address are needed")
	}
	if !cfg.DB.Postgres() {
		return nil, errors.New("cluster mode needs a PostgreSQL database (-database postgres://… or DATABASE_URL)")
	}
	if err := cfg.DB.SetMachine(ctx, cfg.Machine, cfg.TTL); err != nil {
		return nil, err
	}
	n := &Node{cfg: cfg, owners: map[string]owner{}}
	if _, err := cfg.DB.Renew(ctx, cfg.Addr); err != nil {
		return nil, err
	}
	return n, nil
}

// Run renews this machine's leases and takes free tables every TTL/3
// until ctx ends.
func (n *Node) Run(ctx context.Context) {
	t := time.NewTicker(n.cfg.TTL / 3)
	defer t.Stop()
	for {
		n.Round(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Round is one renewal: this machine's leases and row are extended, the
// tables it lost are released, and free tables (their machine gone or
// stopped) are taken and loaded here.
func (n *Node) Round(ctx context.Context) {
	lost, err := n.cfg.DB.Renew(ctx, n.cfg.Addr)
	if err != nil {
		// the database is out of reach: the tables here keep their state
		// and say "saving is failing"; nothing is acknowledged meanwhile
		n.cfg.Log.Warn("cluster: renewing the leases failed", "err", err)
		return
	}
	if len(lost) > 0 {
		n.cfg.Log.Warn("cluster: tables now served by another machine", "count", len(lost))
		n.cfg.Release(lost)
	}
	free, err := n.cfg.DB.FreeTables(ctx, freePerRound)
	if err != nil {
		n.cfg.Log.Warn("cluster: free tables", "err", err)
		return
	}
	taken := 0
	for _, code := range free {
		if ctx.Err() != nil {
			return
		}
		l, err := n.cfg.DB.TakeLease(ctx, code)
		if err != nil || l.Owner != n.cfg.Machine {
			continue // another machine was first, or the table closed
		}
		if err := n.cfg.Load(ctx, code); err != nil {
			n.cfg.Log.Error("cluster: load a table taken over", "room", code, "err", err)
			continue
		}
		taken++
	}
	if taken > 0 {
		n.cfg.Log.Info("cluster: took over tables no machine served", "count", taken)
	}
}

// Where tells which machine serves a table: here (this machine holds its
// lease, or took it now because none did, or there is no such table for
// the page to say so), or the live owner's id.
func (n *Node) Where(ctx context.Context, code string) (here bool, machine string, err error) {
	d := n.cfg.DB
	if d.Holds(code) {
		return true, n.cfg.Machine, nil
	}
	now := time.Now()
	n.mu.Lock()
	o, ok := n.owners[code]
	n.mu.Unlock()
	if ok && now.Before(o.until) {
		return false, o.machine, nil
	}
	l, err := d.TakeLease(ctx, code)
	switch {
	case errors.Is(err, db.ErrStale):
		// held here, but not renewed in time (this machine was frozen
		// or cut off): the next round releases it if it was lost; until
		// then nobody is served it from here
		return false, "", err
	case errors.Is(err, db.ErrNotFound):
		return true, n.cfg.Machine, nil // no such table here or anywhere: the page says so
	case err != nil:
		return false, "", err
	case l.Owner == n.cfg.Machine || !l.Live:
		// taken here now, or a closed table's lease nobody holds
		return true, n.cfg.Machine, nil
	}
	n.mu.Lock()
	if len(n.owners) > 100_000 {
		clear(n.owners)
	}
	n.owners[code] = owner{l.Owner, now.Add(ownerFor)}
	n.mu.Unlock()
	return false, l.Owner, nil
}

// Refused forgets where a table was thought to be: a request sent there
// came back (its machine no longer serves it).
func (n *Node) Refused(code string) {
	n.mu.Lock()
	delete(n.owners, code)
	n.mu.Unlock()
}

// Peers are the other live machines.
func (n *Node) Peers(ctx context.Context) []db.Machine {
	ms, err := n.cfg.DB.Machines(ctx)
	if err != nil {
		n.cfg.Log.Warn("cluster: list machines", "err", err)
	}
	return ms
}

// Leave hands every table of this machine on at once (a graceful stop):
// their next request, through any machine, takes them without waiting
// for a lease to run out.
func (n *Node) Leave(ctx context.Context) error {
	return n.cfg.DB.LeaveCluster(ctx)
}
