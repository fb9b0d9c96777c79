package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"time"

	"github.com/tablegames/tables/cluster"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/db/backup"
	"github.com/tablegames/tables/handlers"
)

// clusterOptions are the flags of cluster mode (docs/OPERATIONS.md).
type clusterOptions struct {
	on      bool
	machine string // FLY_MACHINE_ID
	app     string // FLY_APP_NAME
	addr    string // how the other machines reach this one
	ttl     time.Duration
	grace   time.Duration
	backup  string // the backup URL: replicas and leases live under it
}

// subURL is rawURL with elem added to its path (s3://b/p?x → s3://b/p/elem?x).
func subURL(rawURL string, elem ...string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", err
	}
	u.Path = path.Join(append([]string{"/", u.Path}, elem...)...)
	return u.String(), nil
}

// replicaURL is where a machine of the cluster streams its database.
func (o clusterOptions) replicaURL(machine string) (string, error) {
	return subURL(o.backup, "machines", machine)
}

// check says what cluster mode lacks, if anything.
func (o clusterOptions) check() error {
	switch {
	case o.machine == "" || o.app == "":
		return errors.New("-cluster needs Fly's FLY_MACHINE_ID and FLY_APP_NAME")
	case o.backup == "":
		return errors.New("-cluster needs -backup-url: a table must outlive its machine")
	}
	return nil
}

// joinCluster joins the cluster before the server serves: it takes this
// machine's leases, marks moved the tables here whose tag another machine
// now holds, and returns the node with the shared session key. Adopt and
// Release reach the server through srv, set once it exists.
func joinCluster(ctx context.Context, o clusterOptions, d *db.DB, dataDir string, srv **handlers.Server, log *slog.Logger) (*cluster.Node, []byte, error) {
	storeURL, err := subURL(o.backup, "cluster")
	if err != nil {
		return nil, nil, err
	}
	st, err := cluster.OpenStore(ctx, storeURL)
	if err != nil {
		return nil, nil, err
	}
	key, err := cluster.SharedKey(ctx, st, "session-key", 64)
	if err != nil {
		return nil, nil, fmt.Errorf("cluster session key: %w", err)
	}
	node, err := cluster.Start(ctx, cluster.Config{
		Store: st, Machine: o.machine, Addr: o.addr, TTL: o.ttl, Grace: o.grace,
		NewTag: handlers.NewTag, Log: log,
		Adopt: func(ctx context.Context, from string, tags []string) error {
			codes, err := adoptTables(ctx, o, d, dataDir, from, tags, log)
			if err != nil {
				return err
			}
			(*srv).Adopted(ctx, codes)
			return nil
		},
		Release: func(tag string) { (*srv).Release(tag) },
	})
	if err != nil {
		return nil, nil, err
	}
	// the tables here whose tag this machine no longer holds (adopted
	// while it was away) are another's now
	rooms, err := d.Rooms(ctx)
	if err != nil {
		return nil, nil, err
	}
	var gone, legacy []string
	for _, c := range rooms {
		switch tag := cluster.TagOf(c); {
		case tag == cluster.Legacy:
			legacy = append(legacy, c)
		case !node.Holds(tag):
			gone = append(gone, c)
		}
	}
	if len(legacy) > 0 {
		// tables from before cluster mode stay with this machine
		if err := node.Claim(ctx, cluster.Legacy); err != nil {
			log.Warn("cluster: the tables from before cluster mode are another machine's", "err", err)
			gone = append(gone, legacy...)
		}
	}
	if err := d.MoveRooms(ctx, gone); err != nil {
		return nil, nil, err
	}
	if len(gone) > 0 {
		log.Info("cluster: tables here now served by other machines", "count", len(gone))
	}
	// a move is written only while this machine holds its table's tag
	d.SetFence(func(code string) error {
		if node.Holds(cluster.TagOf(code)) {
			return nil
		}
		return errNotHeld
	})
	return node, key, nil
}

var errNotHeld = errors.New("this machine no longer serves the table")

// adoptTables restores the replica of a machine that is gone and imports
// the tables of tags into this machine's database.
func adoptTables(ctx context.Context, o clusterOptions, d *db.DB, dataDir, from string, tags []string, log *slog.Logger) ([]string, error) {
	start := time.Now()
	src, err := o.replicaURL(from)
	if err != nil {
		return nil, err
	}
	tmp := filepath.Join(dataDir, "adopt-"+filepath.Base(from)+".db")
	clean := func() {
		for _, s := range []string{"", "-wal", "-shm"} {
			os.Remove(tmp + s)
		}
	}
	clean()
	defer clean()
	got, err := backup.Restore(ctx, src, tmp, log)
	if errors.Is(err, backup.ErrNoBackup) {
		log.Warn("cluster: the machine gone left no backup", "from", from)
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("restore %s: %w", from, err)
	}
	codes, err := d.Import(ctx, tmp, func(code string) bool { return slices.Contains(tags, cluster.TagOf(code)) })
	if err != nil {
		return nil, err
	}
	log.Info("cluster: imported the tables of a machine gone", "from", from, "tags", tags, "tables", len(codes),
		"txid", got.TXID, "shipped_at", got.At, "took", time.Since(start))
	return codes, nil
}
