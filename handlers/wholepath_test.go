package handlers

import (
	"encoding/json"
	"math/rand/v2"
	"net/url"
	"regexp"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/tablegames/tables/room"
)

// BenchmarkMoveWholePath is a move's whole path in one process, as a
// page makes it: the mover's frame over its websocket, the edge, the
// table's actor, the rules, the commit to SQLite, and the pushes read by
// every viewer's websocket client (four people at President, six at
// Hold'em). One op is one move, from the frame sent until the last
// viewer has read its push; choosing the move (the game's own bot)
// and waiting for the next deal are outside the timer. The server and
// the clients share the process, so the figure is the whole path's, the
// clients' reading included; e2e/load measures the server alone.
func BenchmarkMoveWholePath(b *testing.B) {
	for _, g := range []struct {
		kind  string
		seats int
		form  url.Values
	}{
		{"president", 4, url.Values{"ruleset": {"house"}}},
		{"holdem", 6, url.Values{"blinds": {"10/20"}, "stack_bb": {"1000"}}}, // deep stacks: nobody busts within a run
	} {
		b.Run(g.kind, func(b *testing.B) { benchWholePath(b, g.kind, g.seats, g.form) })
	}
}

var seqMark = regexp.MustCompile(`id="seq" hidden data-seq="(\d+)"`)

func benchWholePath(b *testing.B, kind string, seats int, form url.Values) {
	cfg := fastConfig()
	// nothing moves by itself but the next deal
	cfg.BotDelayMin, cfg.BotDelayMax = time.Hour, time.Hour
	cfg.AbsentAutoplay, cfg.AbsentGrace = time.Hour, 2*time.Hour
	cfg.Limits = NoLimits()
	e := newEnv(b, cfg)
	f := url.Values{"kind": {kind}, "seats": {strconv.Itoa(seats)}, "clock": {"0"}}
	for k, v := range form {
		f[k] = v
	}
	// a table of people, each with a client reading its pushes and
	// keeping the last sequence number it saw; note wakes the benchmark
	// at every push read
	var code string
	var seen []atomic.Int64
	var conns []*websocket.Conn
	note := make(chan struct{}, 1<<16)
	var bytes atomic.Int64
	open := func() {
		for _, c := range conns {
			c.Close()
		}
		people := []*client{e.client()}
		code = people[0].createTable("P0", f)
		for i := 1; i < seats; i++ {
			c := e.client()
			c.join(code, "P"+strconv.Itoa(i))
			if status, body := c.lobby(code, "do", "ready"); status != 204 {
				b.Fatalf("ready: %d %s", status, body)
			}
			people = append(people, c)
		}
		if status, body := people[0].lobby(code, "do", "start"); status != 204 {
			b.Fatalf("start: %d %s", status, body)
		}
		seen = make([]atomic.Int64, seats)
		conns = make([]*websocket.Conn, seats)
		for i, c := range people {
			conn, _, err := c.dialRaw(code)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { conn.Close() })
			conns[i] = conn
			seen := seen
			go func() {
				for {
					_, msg, err := conn.ReadMessage()
					if err != nil {
						return
					}
					bytes.Add(int64(len(msg)))
					if m := seqMark.FindSubmatch(msg); m != nil {
						n, _ := strconv.ParseInt(string(m[1]), 10, 64)
						seen[i].Store(n)
					}
					note <- struct{}{}
				}
			}()
		}
	}
	open()
	waitAll := func(seq int64) {
		for {
			done := true
			for i := range seen {
				done = done && seen[i].Load() >= seq
			}
			if done {
				return
			}
			select {
			case <-note:
			case <-time.After(10 * time.Second):
				var at []int64
				for i := range seen {
					at = append(at, seen[i].Load())
				}
				var tseq int64
				e.inRoom(code, func(r *room.Room) { tseq = r.Table().Seq })
				b.Fatalf("no push of seq %d to every viewer: %v, table at %d", seq, at, tseq)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	moves, pushedBytes := 0, int64(0)
	for b.Loop() {
		b.StopTimer()
		var seat int
		var mv url.Values
		var seq int64
		stuck := time.Now().Add(2 * time.Second)
		for seat = -1; seat < 0; {
			if time.Now().After(stuck) {
				// a match that ended (a Hold'em table down to one stack):
				// another table
				open()
				stuck = time.Now().Add(2 * time.Second)
			}
			e.inRoom(code, func(r *room.Room) {
				seq = r.Table().Seq
				m := r.Table().Match
				if m == nil || m.Over() || len(m.Waiting()) == 0 {
					return // between two deals: the next one starts shortly
				}
				seat = m.Waiting()[0]
				a, ok := m.Bot(seat, r.BotKind(), rng)
				if !ok {
					b.Fatalf("no move for seat %d", seat)
				}
				mv = m.Encode(a)
			})
			if seat < 0 {
				time.Sleep(5 * time.Millisecond)
			}
		}
		waitAll(seq)
		fields := map[string]any{"HEADERS": map[string]string{"HX-Request": "true"}}
		for k, vs := range mv {
			fields[k] = vs
		}
		frame, _ := json.Marshal(fields)
		before := bytes.Load()
		b.StartTimer()
		if err := conns[seat].WriteMessage(websocket.TextMessage, frame); err != nil {
			b.Fatal(err)
		}
		waitAll(seq + 1)
		b.StopTimer()
		moves++
		pushedBytes += bytes.Load() - before
		b.StartTimer()
	}
	b.ReportMetric(float64(pushedBytes)/float64(moves)/float64(seats), "B/viewer")
}
