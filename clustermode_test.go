package main

import (
	"context"
	"io"
	"strings"
	"testing"
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
