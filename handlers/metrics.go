package handlers

import (
	"crypto/subtle"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/tablegames/tables/db/backup"
)

// metrics are the server's Prometheus series, in a registry of its own.
type metrics struct {
	reg     *prometheus.Registry
	moves   prometheus.Counter
	latency prometheus.Histogram
	// pushed is every byte pushed; the series shows it in whole MiB only
	// (pushBytesUnit): one table's push sizes vary with its cards, and
	// must not show through a counter an observer can read between moves
	pushed    atomic.Int64
	pushDrops prometheus.Counter
	// saveFailures counts failed log writes (a full disk).
	saveFailures prometheus.Counter
	wsRejected   *prometheus.CounterVec
	// replays counts the requests for tables of other machines (cluster
	// mode): replayed to their owner, or unavailable (moving, down).
	replays *prometheus.CounterVec
}

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.moves = prometheus.NewCounter(prometheus.CounterOpts{Name: "tables_log_entries_total", Help: "Entries committed to table logs (moves, joins, deals)."})
	m.latency = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "tables_move_seconds", Help: "Time to apply and commit one entry.",
		Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25}})
	pushBytes := prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "tables_push_bytes_total", Help: "Bytes pushed to websockets, in whole MiB (coarse on purpose: push sizes vary with the cards)."},
		func() float64 { return float64(m.pushed.Load() / pushBytesUnit * pushBytesUnit) })
	m.pushDrops = prometheus.NewCounter(prometheus.CounterOpts{Name: "tables_push_drops_total", Help: "Websockets closed because their send queue was full."})
	m.saveFailures = prometheus.NewCounter(prometheus.CounterOpts{Name: "tables_save_failures_total", Help: "Log writes that failed (the table backs off and retries)."})
	m.wsRejected = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tables_ws_rejected_total", Help: "Websocket upgrades or connections refused, by reason."}, []string{"reason"})
	m.replays = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tables_cluster_requests_total", Help: "Requests for tables another machine serves: replayed to it, or unavailable while a table moves."}, []string{"outcome"})
	active := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tables_active", Help: "Tables loaded in memory."}, func() float64 {
		return float64(len(s.rt.Loaded()))
	})
	conns := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tables_websockets", Help: "Open websocket connections."}, func() float64 {
		return float64(s.hub.Len())
	})
	failing := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tables_failing_to_save", Help: "Tables whose last write failed."}, func() float64 {
		return float64(s.rt.Failing())
	})
	if b := s.cfg.Backup; b != nil {
		m.reg.MustRegister(backupCollector(b))
	}
	m.reg.MustRegister(m.moves, m.latency, pushBytes, m.pushDrops, m.saveFailures, m.wsRejected, m.replays, active, conns, failing,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Committed counts a log entry and its time (room.Metrics).
func (m *metrics) Committed(d time.Duration) {
	m.moves.Inc()
	m.latency.Observe(d.Seconds())
}

// Pushed counts the bytes of a push (room.Metrics).
func (m *metrics) Pushed(n int) { m.pushed.Add(int64(n)) }

// pushBytesUnit is the grain of tables_push_bytes_total.
const pushBytesUnit = 1 << 20

// SaveFailed counts a failed log write (room.Metrics).
func (m *metrics) SaveFailed() { m.saveFailures.Inc() }

// MetricsHandler serves GET /metrics, with token (when not empty) as the
// bearer token it requires. It belongs on a listener of its own, never on
// the public port: a counter such as the bytes pushed lets a player size
// an opponent's frames.
func (s *Server) MetricsHandler(token string) http.Handler {
	prom := promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		got, bearer := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if token != "" && (!bearer || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1) {
			w.Header().Set("WWW-Authenticate", "Bearer")
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		prom.ServeHTTP(w, r)
	})
	return mux
}

// backupCollector reports the backup's state, read once per scrape.
type backupCollector func() backup.Status

var backupDescs = struct{ lagTx, lagBytes, lagSeconds, lastSync, errors *prometheus.Desc }{
	prometheus.NewDesc("tables_backup_lag_transactions", "Transactions committed locally and not yet on the replica.", nil, nil),
	prometheus.NewDesc("tables_backup_lag_bytes", "Size of the transactions not yet on the replica.", nil, nil),
	prometheus.NewDesc("tables_backup_lag_seconds", "How long the replica has lacked them (0 in sync).", nil, nil),
	prometheus.NewDesc("tables_backup_last_sync_timestamp_seconds", "When the replica last took a sync.", nil, nil),
	prometheus.NewDesc("tables_backup_errors_total", "Errors the replication logged.", nil, nil),
}

func (backupCollector) Describe(ch chan<- *prometheus.Desc) {
	d := backupDescs
	for _, x := range []*prometheus.Desc{d.lagTx, d.lagBytes, d.lagSeconds, d.lastSync, d.errors} {
		ch <- x
	}
}

func (c backupCollector) Collect(ch chan<- prometheus.Metric) {
	st, d := c(), backupDescs
	last := 0.0
	if !st.LastSync.IsZero() {
		last = float64(st.LastSync.UnixNano()) / 1e9
	}
	ch <- prometheus.MustNewConstMetric(d.lagTx, prometheus.GaugeValue, float64(st.Behind))
	ch <- prometheus.MustNewConstMetric(d.lagBytes, prometheus.GaugeValue, float64(st.BehindBytes))
	ch <- prometheus.MustNewConstMetric(d.lagSeconds, prometheus.GaugeValue, st.BehindFor.Seconds())
	ch <- prometheus.MustNewConstMetric(d.lastSync, prometheus.GaugeValue, last)
	ch <- prometheus.MustNewConstMetric(d.errors, prometheus.CounterValue, float64(st.Errors))
}
