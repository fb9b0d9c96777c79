package main

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/tablegames/tables/db/pgtest"
)

// Cluster mode is off unless asked for, and asked for without Fly's
// environment or a PostgreSQL database it refuses to start rather than
// serve alone; a backup URL is SQLite's, refused beside PostgreSQL.
func TestClusterModeNeedsFlyAndPostgres(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	dir := t.TempDir()
	err := run(context.Background(), []string{"-cluster", "-data", dir, "-metrics-addr="}, env(nil), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "FLY_MACHINE_ID") {
		t.Fatalf("-cluster without Fly's environment: %v", err)
	}
	fly := map[string]string{"FLY_MACHINE_ID": "e784079b449483", "FLY_APP_NAME": "tables"}
	err = run(context.Background(), []string{"-cluster", "-data", dir, "-metrics-addr="}, env(fly), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "PostgreSQL") {
		t.Fatalf("-cluster on SQLite: %v", err)
	}
	err = run(context.Background(), []string{"-database", "/tmp/x.db", "-data", dir, "-metrics-addr="}, env(nil), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "postgres://") {
		t.Fatalf("-database with a file: %v", err)
	}
	err = run(context.Background(), []string{"-database", "postgres://127.0.0.1:1/x", "-backup-url", "file:///tmp/b", "-data", dir, "-metrics-addr="}, env(nil), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "SQLite") {
		t.Fatalf("-backup-url beside PostgreSQL: %v", err)
	}
}

// The package's PostgreSQL (copy-db's test), stopped at the end.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
