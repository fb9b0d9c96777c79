package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/db/backup"
)

// Cluster mode is off unless asked for, and asked for without Fly's
// environment or a backup it refuses to start rather than serve alone.
func TestClusterModeNeedsFlyAndABackup(t *testing.T) {
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
	if err == nil || !strings.Contains(err.Error(), "-backup-url") {
		t.Fatalf("-cluster without a backup: %v", err)
	}
}

func TestReplicaURLs(t *testing.T) {
	o := clusterOptions{backup: "s3://bucket/prod?endpoint=https%3A%2F%2Ffly.storage.tigris.dev&region=auto"}
	got, err := o.replicaURL("e784079b449483")
	if want := "s3://bucket/prod/machines/e784079b449483?endpoint=https%3A%2F%2Ffly.storage.tigris.dev&region=auto"; err != nil || got != want {
		t.Fatalf("replica URL %q %v; want %q", got, err, want)
	}
	if got, _ := subURL("file:///data/backup", "cluster"); got != "file:///data/backup/cluster" {
		t.Fatalf("store URL %q", got)
	}
	if got, _ := subURL("s3://bucket", "cluster"); got != "s3://bucket/cluster" {
		t.Fatalf("store URL of a bare bucket %q", got)
	}
}

// In a cluster each machine streams to its own replica: the operators'
// subcommands read this machine's by default, or the one -machine names.
func TestBackupsSubcommandsReadTheMachinesReplica(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(t.TempDir(), "tables.db")
	d, err := db.OpenOptions(ctx, path, db.Options{NoAutoCheckpoint: true})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := backup.Start(ctx, path, backup.Config{URL: "file://" + filepath.Join(dir, "machines", "m1")})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.CreateRoom(ctx, "AB2345", "president", []byte(`{}`), time.Now(), 0); err != nil {
		t.Fatal(err)
	}
	if err := rep.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	d.Close()
	rep.Close(ctx)

	env := func(vars map[string]string) func(string) string {
		vars["BACKUP_URL"] = "file://" + dir
		return func(k string) string { return vars[k] }
	}
	var out strings.Builder
	if code := backups(ctx, "backups", nil, env(map[string]string{}), &out); code != 1 || !strings.Contains(out.String(), "no backup") {
		t.Fatalf("outside a cluster, the bucket's root: %d %q", code, out.String())
	}
	out.Reset()
	if code := backups(ctx, "backups", nil, env(map[string]string{"CLUSTER": "true", "FLY_MACHINE_ID": "m1"}), &out); code != 0 {
		t.Fatalf("machine m1's own replica: %d %q", code, out.String())
	}
	out.Reset()
	restored := filepath.Join(t.TempDir(), "m1.db")
	if code := backups(ctx, "restore", []string{"-o", restored, "-machine", "m1"}, env(map[string]string{}), &out); code != 0 {
		t.Fatalf("restore of -machine m1: %d %q", code, out.String())
	}
}
