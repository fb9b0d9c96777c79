package db

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablegames/tables/db/pgtest"
)

// benchBackends runs a benchmark on a new SQLite file and a new database
// of the package's PostgreSQL server; cluster adds a machine with its
// leases (every append fenced).
func benchBackends(b *testing.B, bench func(b *testing.B, d *DB)) {
	for _, backend := range []string{"sqlite", "postgres", "postgres-cluster"} {
		b.Run(backend, func(b *testing.B) {
			addr := filepath.Join(b.TempDir(), "b.db")
			if backend != "sqlite" {
				addr = pgtest.NewDatabase(b)
			}
			d, err := Open(context.Background(), addr)
			if err != nil {
				b.Fatal(err)
			}
			defer d.Close()
			if backend == "postgres-cluster" {
				if err := d.SetMachine(context.Background(), "m1", time.Minute); err != nil {
					b.Fatal(err)
				}
			}
			bench(b, d)
		})
	}
}

// BenchmarkAppend commits one log entry per transaction, as a move does.
func BenchmarkAppend(b *testing.B) { benchBackends(b, benchAppend) }

func benchAppend(b *testing.B, d *DB) {
	ctx := context.Background()
	d.CreateRoom(ctx, "ABCD", "president", []byte(`{}`), time.Now(), 0)
	entry := []byte(`{"t":"move","seat":2,"move":{"Kind":1,"Cards":[13,14],"To":null,"Seed":0}}`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := d.Append(ctx, "ABCD", int64(i+1), time.Now(), entry); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commits/s")
}

// BenchmarkAppendBatch commits 32 rooms' entries per transaction (group
// commit).
func BenchmarkAppendBatch(b *testing.B) { benchBackends(b, benchAppendBatch) }

func benchAppendBatch(b *testing.B, d *DB) {
	ctx := context.Background()
	const rooms = 32
	codes := make([]string, rooms)
	for i := range codes {
		codes[i] = string(rune('A'+i/26)) + string(rune('A'+i%26)) + "ZZ"
		d.CreateRoom(ctx, codes[i], "president", []byte(`{}`), time.Now(), 0)
	}
	entry := []byte(`{"t":"move","seat":2,"move":{"Kind":1,"Cards":[13,14],"To":null,"Seed":0}}`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		batch := make([]Batch, rooms)
		for j := range batch {
			batch[j] = Batch{Code: codes[j], First: int64(i + 1), Entries: [][]byte{entry}}
		}
		if err := d.AppendBatch(ctx, time.Now(), batch); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*rooms)/b.Elapsed().Seconds(), "entries/s")
}

// BenchmarkAppendParallel appends from many rooms at once, as busy tables
// do: the committer groups what arrives together into one transaction.
func BenchmarkAppendParallel(b *testing.B) { benchBackends(b, benchAppendParallel) }

func benchAppendParallel(b *testing.B, d *DB) {
	ctx := context.Background()
	entry := []byte(`{"t":"move","seat":2,"move":{"Kind":1,"Cards":[13,14],"To":null,"Seed":0}}`)
	var next atomic.Int64
	b.SetParallelism(32) // 64 rooms on 2 cores, each waiting for its commit
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		code := fmt.Sprintf("R%03d", next.Add(1))
		d.CreateRoom(ctx, code, "president", []byte(`{}`), time.Now(), 0)
		for seq := int64(1); pb.Next(); seq++ {
			if err := d.Append(ctx, code, seq, time.Now(), entry); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commits/s")
}

// BenchmarkRenew renews a machine's 1,000 leases, as every round does.
func BenchmarkRenew(b *testing.B) {
	ctx := context.Background()
	d, err := Open(ctx, pgtest.NewDatabase(b))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	if err := d.SetMachine(ctx, "m1", time.Minute); err != nil {
		b.Fatal(err)
	}
	for i := range 1000 {
		if err := d.CreateRoom(ctx, fmt.Sprintf("R%04d", i), "president", []byte(`{}`), time.Now(), 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for range b.N {
		if lost, err := d.Renew(ctx, "http://m1"); err != nil || len(lost) != 0 {
			b.Fatal(lost, err)
		}
	}
}
