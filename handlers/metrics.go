package handlers

import (
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus series, in a registry of its own.
type metrics struct {
	reg        *prometheus.Registry
	moves      prometheus.Counter
	latency    prometheus.Histogram
	pushBytes  prometheus.Counter
	pushDrops  prometheus.Counter
	wsRejected *prometheus.CounterVec
}

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.moves = prometheus.NewCounter(prometheus.CounterOpts{Name: "tables_log_entries_total", Help: "Entries committed to table logs (moves, joins, deals)."})
	m.latency = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "tables_move_seconds", Help: "Time to apply and commit one entry.",
		Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25}})
	m.pushBytes = prometheus.NewCounter(prometheus.CounterOpts{Name: "tables_push_bytes_total", Help: "Bytes pushed to websockets."})
	m.pushDrops = prometheus.NewCounter(prometheus.CounterOpts{Name: "tables_push_drops_total", Help: "Websockets closed because their send queue was full."})
	m.wsRejected = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tables_ws_rejected_total", Help: "Websocket upgrades or connections refused, by reason."}, []string{"reason"})
	active := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tables_active", Help: "Tables loaded in memory."}, func() float64 {
		s.mu.Lock()
		defer s.mu.Unlock()
		return float64(len(s.rooms))
	})
	conns := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tables_websockets", Help: "Open websocket connections."}, func() float64 {
		return float64(s.hub.Len())
	})
	m.reg.MustRegister(m.moves, m.latency, m.pushBytes, m.pushDrops, m.wsRejected, active, conns,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) move(d time.Duration) {
	m.moves.Inc()
	m.latency.Observe(d.Seconds())
}

func (m *metrics) pushed(n int) { m.pushBytes.Add(float64(n)) }

func (m *metrics) handler() echo.HandlerFunc {
	return echo.WrapHandler(promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
}
