package backup

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	lss3 "github.com/benbjohnson/litestream/s3"
	"github.com/tablegames/tables/db"
)

// TestReplicateAndRestore writes a table's log while it replicates to a
// file replica, and restores it elsewhere: the same log, entry by entry.
func TestReplicateAndRestore(t *testing.T) {
	ctx := context.Background()
	dir, replica := t.TempDir(), "file://"+t.TempDir()
	path := filepath.Join(dir, "tables.db")
	d, err := db.OpenOptions(ctx, path, db.Options{NoAutoCheckpoint: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rep, err := Start(ctx, path, Config{URL: replica, SyncInterval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if err := d.CreateRoom(ctx, "ABCDEFGH", "president", []byte(`{}`), now, 0); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 300; i++ {
		if err := d.Append(ctx, "ABCDEFGH", int64(i), now, []byte(`{"t":"move","n":`+strconv.Itoa(i)+`}`)); err != nil {
			t.Fatal(err)
		}
	}
	if err := rep.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	st := rep.Status()
	if st.Behind != 0 || st.LocalTXID == 0 || st.ReplicaTXID != st.LocalTXID || st.LastSync.IsZero() || st.Stalled || st.Errors != 0 {
		t.Fatalf("status after a sync: %+v", st)
	}

	out := filepath.Join(t.TempDir(), "restored.db")
	got, err := Restore(ctx, replica, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.TXID != st.ReplicaTXID || got.At.IsZero() {
		t.Fatalf("restored up to %d (at %v); the replica holds %d", got.TXID, got.At, st.ReplicaTXID)
	}
	r, err := db.Open(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	want, _ := d.Log(ctx, "ABCDEFGH", 0)
	have, err := r.Log(ctx, "ABCDEFGH", 0)
	if err != nil || len(have) != 300 || len(want) != 300 {
		t.Fatalf("restored %d entries of %d: %v", len(have), len(want), err)
	}
	for i := range want {
		if string(have[i].Entry) != string(want[i].Entry) || have[i].Seq != want[i].Seq {
			t.Fatalf("entry %d differs", i+1)
		}
	}

	levels, err := List(ctx, replica)
	if err != nil || len(levels) == 0 || levels[0].Level != 0 || levels[0].MaxTXID != got.TXID {
		t.Fatalf("list: %+v %v", levels, err)
	}
	if err := rep.Close(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestRestoreFromAnEmptyReplica(t *testing.T) {
	_, err := Restore(context.Background(), "file://"+t.TempDir(), filepath.Join(t.TempDir(), "x.db"), nil)
	if !errors.Is(err, ErrNoBackup) {
		t.Fatalf("restore from nothing: %v", err)
	}
}

func TestReplicaURLs(t *testing.T) {
	if _, err := Client("ftp://host/dir"); err == nil {
		t.Fatal("an ftp replica is accepted")
	}
	// Fly's Tigris: the endpoint and region come from the environment
	t.Setenv("AWS_ENDPOINT_URL_S3", "https://fly.storage.tigris.dev")
	t.Setenv("AWS_REGION", "auto")
	c, err := Client("s3://bucket/tables")
	if err != nil {
		t.Fatal(err)
	}
	s3c := c.(*lss3.ReplicaClient)
	if s3c.Endpoint != "https://fly.storage.tigris.dev" || s3c.Region != "auto" || s3c.Bucket != "bucket" || s3c.Path != "tables" {
		t.Fatalf("s3 client: endpoint %q region %q bucket %q path %q", s3c.Endpoint, s3c.Region, s3c.Bucket, s3c.Path)
	}
	// an endpoint in the URL wins
	c, _ = Client("s3://bucket/tables?endpoint=http://127.0.0.1:9000")
	if e := c.(*lss3.ReplicaClient).Endpoint; e != "http://127.0.0.1:9000" {
		t.Fatalf("endpoint %q", e)
	}
	if r := redact("s3://key:secret@bucket/tables?endpoint=x"); r != "s3://bucket/tables" {
		t.Fatalf("redacted %q", r)
	}
}
