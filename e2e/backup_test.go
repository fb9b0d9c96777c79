package e2e

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// backupTables play by themselves (bots, no clock, no timed phase), deal
// after deal: when the bots are told to wait an hour, nothing moves.
var backupTables = []url.Values{
	{"kind": {"president"}, "ruleset": {"house"}, "seats": {"4"}, "bots": {"on"}, "clock": {"0"}},
	{"kind": {"president"}, "ruleset": {"standard"}, "seats": {"5"}, "bots": {"on"}, "clock": {"0"}},
	{"kind": {"holdem"}, "blinds": {"10/20"}, "stack_bb": {"100"}, "seats": {"6"}, "bots": {"on"}, "clock": {"0"}},
	{"kind": {"holdem"}, "blinds": {"25/50"}, "stack_bb": {"20"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"}},
}

// backupSync is the sync interval the test runs with (docs/OPERATIONS.md:
// a lost machine loses at most 1.5 intervals plus the upload).
const backupSync = 500 * time.Millisecond

// lostWindow is how long before a kill an entry must have been pushed to
// be in the backup: the sync interval, with room for a machine so busy
// that the backup's goroutine runs late (the sync interval is what a lost
// machine loses when it is not starved).
const lostWindow = 10 * backupSync

// TestBackupRestoresOnAnEmptyVolume plays tables with bots while the
// server replicates its database (a file:// replica, then an S3 one served
// by an in-process S3 fake), kills it with SIGKILL, deletes its data
// directory, and starts a fresh process with the same backup URL: every
// entry a viewer was pushed more than two sync intervals before the kill
// is back, the restored log equals the lost one entry by entry, and play
// continues (and is backed up again: the second round restores it).
func TestBackupRestoresOnAnEmptyVolume(t *testing.T) {
	t.Parallel()
	for _, replica := range []string{"file", "s3"} {
		t.Run(replica, func(t *testing.T) {
			var backupURL string
			var env []string
			switch replica {
			case "file":
				backupURL = "file://" + t.TempDir()
			case "s3":
				mem := s3mem.New()
				if err := mem.CreateBucket("tables"); err != nil {
					t.Fatal(err)
				}
				fake := httptest.NewServer(gofakes3.New(mem).Server())
				t.Cleanup(fake.Close)
				backupURL = "s3://tables/prod?endpoint=" + url.QueryEscape(fake.URL) + "&region=us-east-1&force-path-style=true"
				// the fake speaks plain HTTP: no CA bundle (the AWS SDK refuses one
				// together with the client Litestream gives it)
				env = []string{"AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test", "AWS_CA_BUNDLE="}
			}
			data := filepath.Join(t.TempDir(), "data")
			backup := []string{"-backup-url", backupURL, "-backup-sync-interval", backupSync.String()}
			play := append([]string{"-bot-delay-min", "20ms", "-bot-delay-max", "60ms", "-next-deal-delay", "50ms",
				"-absent-autoplay", "20ms", "-absent-grace", "100ms"}, backup...)
			still := append([]string{"-bot-delay-min", "1h", "-bot-delay-max", "1h", "-next-deal-delay", "1h",
				"-absent-autoplay", "1h", "-absent-grace", "1h"}, backup...)

			srv := startServerEnv(t, data, "", env, play...)
			var codes []string
			for _, form := range backupTables {
				codes = append(codes, createAndStart(t, srv.url, form))
			}
			for round := 1; round <= 2; round++ {
				w := watchAcks(t, srv.url, codes)
				w.waitEach(t, 25)
				time.Sleep(lostWindow + time.Second) // play on while the backup ships
				before := readLogs(t, data, codes)
				srv.kill()
				killed := time.Now()
				acked := w.stop(killed.Add(-lostWindow))
				if err := os.RemoveAll(data); err != nil { // the machine is lost, its volume with it
					t.Fatal(err)
				}

				// a fresh machine: the same URL, an empty data directory;
				// its bots wait, so what is read is what was restored
				srv = startServerEnv(t, data, "", env, still...)
				after := readLogs(t, data, codes)
				for _, code := range codes {
					a, b := after[code], before[code]
					if len(a) == 0 {
						t.Fatalf("round %d: table %s was not restored", round, code)
					}
					for i, e := range a {
						if i >= len(b) || e != b[i] {
							t.Fatalf("round %d: table %s: restored entry %d differs from the lost one", round, code, i+1)
						}
					}
					if int64(len(a)) < acked[code] {
						t.Fatalf("round %d: table %s: a viewer saw entry %d more than %v before the kill; the backup has %d",
							round, code, acked[code], lostWindow, len(a))
					}
					t.Logf("round %d: table %s: %d of %d entries back (%d acknowledged in time)", round, code, len(a), len(b), acked[code])
				}
				if status, _ := get(t, http.DefaultClient, srv.url+"/t/"+codes[0]); status != http.StatusOK {
					t.Fatalf("round %d: restored table page: %d", round, status)
				}
				// play continues from the restored tables
				srv.stop()
				srv = startServerEnv(t, data, "", env, play...)
			}
			restored := readLogs(t, data, codes)
			w := watchAcks(t, srv.url, codes)
			for _, code := range codes {
				w.waitFor(t, code, int64(len(restored[code])+5))
			}
			w.stop(time.Now())
		})
	}
}

// readLogs reads every table's log entries, in order, from the database
// file (read-only: the server may be running).
// roomStatus is a table's status in a machine's database ("" when absent).
func roomStatus(t *testing.T, data, code string) string {
	t.Helper()
	d, err := sql.Open("sqlite", "file:"+filepath.Join(data, "tables.db")+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var status string
	if err := d.QueryRow(`SELECT status FROM rooms WHERE code = ?`, code).Scan(&status); err != nil && !errors.Is(err, sql.ErrNoRows) {
		t.Fatal(err)
	}
	return status
}

func readLogs(t *testing.T, data string, codes []string) map[string][]string {
	t.Helper()
	d, err := sql.Open("sqlite", "file:"+filepath.Join(data, "tables.db")+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	out := map[string][]string{}
	for _, code := range codes {
		rows, err := d.QueryContext(context.Background(), `SELECT seq, entry FROM room_log WHERE room = ? ORDER BY seq`, code)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var seq int64
			var e string
			if err := rows.Scan(&seq, &e); err != nil {
				t.Fatal(err)
			}
			if seq != int64(len(out[code])+1) {
				t.Fatalf("table %s: entry %d follows entry %d", code, seq, len(out[code]))
			}
			out[code] = append(out[code], e)
		}
		rows.Close()
	}
	return out
}

// acks follow tables over websockets and note when each sequence number
// was pushed: what the server acknowledged, and when (the crash and
// backup tests).
type acks struct {
	mu       sync.Mutex
	seen     map[string][]ack
	conns    []*websocket.Conn // by table, the connection now
	stopping bool
	wg       sync.WaitGroup
}

type ack struct {
	seq int64
	at  time.Time
}

// watchAcks watches tables as their pages do, noting each entry pushed
// and when. Like a page, a watcher whose connection the table closes (it
// moved to another machine, or the machine stopped) connects again,
// until stop.
func watchAcks(t *testing.T, base string, codes []string) *acks {
	t.Helper()
	w := &acks{seen: map[string][]ack{}}
	for i, code := range codes {
		u := "ws" + strings.TrimPrefix(base, "http") + "/t/" + code + "/ws"
		// a table that just moved to another machine may refuse the
		// handshake for a moment (the page says it is moving): dial again
		dial := func() (*websocket.Conn, error) {
			var err error
			for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
				var c *websocket.Conn
				if c, _, err = websocket.DefaultDialer.Dial(u, http.Header{"Origin": {base}}); err == nil {
					return c, nil
				}
				w.mu.Lock()
				stopping := w.stopping
				w.mu.Unlock()
				if stopping || time.Now().After(deadline) {
					return nil, err
				}
			}
		}
		conn, err := dial()
		if err != nil {
			t.Fatalf("watch %s: %v", code, err)
		}
		w.conns = append(w.conns, conn)
		w.wg.Add(1)
		go func() {
			defer w.wg.Done()
			for {
				_, msg, err := conn.ReadMessage()
				if err != nil {
					w.mu.Lock()
					stopping := w.stopping
					w.mu.Unlock()
					if stopping {
						return
					}
					if conn, err = dial(); err != nil {
						return
					}
					w.mu.Lock()
					w.conns[i] = conn
					if w.stopping {
						conn.SetReadDeadline(time.Now().Add(2 * time.Second))
					}
					w.mu.Unlock()
					continue
				}
				now := time.Now()
				for _, m := range seqRe.FindAllSubmatch(msg, -1) {
					n, _ := strconv.ParseInt(string(m[1]), 10, 64)
					w.mu.Lock()
					w.seen[code] = append(w.seen[code], ack{n, now})
					w.mu.Unlock()
				}
			}
		}()
	}
	return w
}

// waitFor waits until table code has pushed entry n.
func (w *acks) waitFor(t *testing.T, code string, n int64) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		w.mu.Lock()
		as := w.seen[code]
		done := len(as) > 0 && as[len(as)-1].seq >= n
		w.mu.Unlock()
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s did not reach entry %d in 30 s", code, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitEach waits until every table has pushed entry n.
func (w *acks) waitEach(t *testing.T, n int64) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		behind := ""
		w.mu.Lock()
		for code, as := range w.seen {
			if len(as) == 0 || as[len(as)-1].seq < n {
				behind = code
			}
		}
		if len(w.seen) < len(w.conns) {
			behind = "(a table with no push yet)"
		}
		w.mu.Unlock()
		if behind == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s did not reach entry %d in 30 s", behind, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// stop waits for the readers and returns, per table, the last entry
// pushed no later than by.
func (w *acks) stop(by time.Time) map[string]int64 {
	w.mu.Lock()
	w.stopping = true
	for _, c := range w.conns {
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
	}
	w.mu.Unlock()
	w.wg.Wait()
	for _, c := range w.conns {
		c.Close()
	}
	out := map[string]int64{}
	for code, as := range w.seen {
		for _, a := range as {
			if !a.at.After(by) {
				out[code] = max(out[code], a.seq)
			}
		}
	}
	return out
}
