package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// recordingTables stands for the tables: it notes whether the request in
// flight had finished when it was told to stop.
type recordingTables struct {
	finished   *atomic.Bool
	sawRequest chan bool
}

func (r recordingTables) Shutdown(context.Context) error {
	r.sawRequest <- r.finished.Load()
	return nil
}

// A move posted just before SIGTERM finishes on an open table: drain waits
// for the requests in flight before it stops the tables.
func TestDrainFinishesRequestsBeforeStoppingTables(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	var finished atomic.Bool
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-release
		finished.Store(true)
		w.WriteHeader(http.StatusNoContent)
	})}
	shuttingDown := make(chan struct{})
	hs.RegisterOnShutdown(func() { close(shuttingDown) })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	status := make(chan int, 1)
	go func() {
		resp, err := http.Post("http://"+ln.Addr().String()+"/t/ABCD/act", "application/x-www-form-urlencoded", nil)
		if err != nil {
			status <- -1
			return
		}
		resp.Body.Close()
		status <- resp.StatusCode
	}()
	<-entered

	tables := recordingTables{finished: &finished, sawRequest: make(chan bool, 1)}
	done := make(chan struct{})
	go func() {
		drain(hs, tables, 8*time.Second, slog.New(slog.NewTextHandler(io.Discard, nil)))
		close(done)
	}()
	<-shuttingDown
	// the tables must not be stopped while the move is in flight; a wrong
	// order stops them at once, well within this window
	select {
	case <-tables.sawRequest:
		t.Fatal("the tables were stopped while a request was in flight")
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if s := <-status; s != http.StatusNoContent {
		t.Fatalf("the request in flight got %d", s)
	}
	if !<-tables.sawRequest {
		t.Fatal("the tables were stopped before the request finished")
	}
	<-done
}

// TestMetricsBeyondLoopbackNeedAToken: a metrics listener on any address
// but loopback refuses to start without a token.
func TestMetricsBeyondLoopbackNeedAToken(t *testing.T) {
	for _, tc := range []struct {
		addr, token string
		ok          bool
	}{
		{"127.0.0.1:9091", "", true}, {"localhost:9091", "", true}, {"[::1]:9091", "", true}, {"", "", true},
		{":9091", "", false}, {"0.0.0.0:9091", "", false}, {"[fdaa::3]:9091", "", false},
		{":9091", "s3cret", true},
	} {
		if err := checkMetricsAddr(tc.addr, tc.token); (err == nil) != tc.ok {
			t.Errorf("%q with token %q: %v", tc.addr, tc.token, err)
		}
	}
	err := run(context.Background(), []string{"-data", t.TempDir(), "-metrics-addr", ":0"}, func(string) string { return "" }, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "METRICS_TOKEN") {
		t.Fatalf("the server started with open metrics: %v", err)
	}
}

// TestPasskeySite (issue 40, item 15): passkeys are made for the public
// URL, else for http://localhost and the listen address's port (make
// run), never for a request's Host.
func TestPasskeySite(t *testing.T) {
	for _, c := range []struct{ public, addr, want string }{
		{"https://tables.fly.dev", ":8080", "https://tables.fly.dev"},
		{"", ":8080", "http://localhost:8080"},
		{"", "127.0.0.1:4000", "http://localhost:4000"},
		{"", "[::1]:4000", "http://localhost:4000"},
		{"", "nonsense", ""},
		{"", ":0", ""},
	} {
		if got := passkeySite(c.public, c.addr); got != c.want {
			t.Errorf("passkeySite(%q, %q) = %q, want %q", c.public, c.addr, got, c.want)
		}
	}
}
