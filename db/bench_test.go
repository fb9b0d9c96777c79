package db

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkAppend commits one log entry per transaction, as a move does.
func BenchmarkAppend(b *testing.B) {
	d, err := Open(context.Background(), filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
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
func BenchmarkAppendBatch(b *testing.B) {
	d, err := Open(context.Background(), filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
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
func BenchmarkAppendParallel(b *testing.B) {
	d, err := Open(context.Background(), filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
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
