package main

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/tablegames/tables/cluster"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/handlers"
)

// clusterOptions are the flags of cluster mode (docs/OPERATIONS.md).
type clusterOptions struct {
	on      bool
	machine string // FLY_MACHINE_ID
	app     string // FLY_APP_NAME
	addr    string // how the other machines reach this one
	ttl     time.Duration
}

// check says what cluster mode lacks, if anything.
func (o clusterOptions) check(database string) error {
	switch {
	case o.machine == "":
		return errors.New("-cluster needs Fly's FLY_MACHINE_ID (this machine's id)")
	case o.addr == "":
		return errors.New("-cluster needs -cluster-addr (or FLY_APP_NAME): how the other machines reach this one")
	case !db.IsPostgres(database):
		return errors.New("-cluster needs a PostgreSQL database: -database postgres://… or DATABASE_URL (docs/OPERATIONS.md)")
	}
	return nil
}

// joinCluster joins the cluster before the server serves. Load and
// Release reach the server through srv, set once it exists.
func joinCluster(ctx context.Context, o clusterOptions, d *db.DB, srv **handlers.Server, log *slog.Logger) (*cluster.Node, error) {
	return cluster.Start(ctx, cluster.Config{
		DB: d, Machine: o.machine, Addr: o.addr, TTL: o.ttl, Log: log,
		Load:    func(ctx context.Context, code string) error { return (*srv).Load(ctx, code) },
		Release: func(codes []string) { (*srv).Release(codes) },
	})
}
