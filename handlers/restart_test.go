package handlers

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/president"
)

// renderAll renders what every seat and a spectator see of a table.
func renderAll(t *testing.T, r *Room) map[int]string {
	t.Helper()
	out := map[int]string{}
	for seat := -1; seat < len(r.t.Seats); seat++ {
		rv := r.view(seat, "")
		rv.connected, rv.deadlines, rv.nextAt = nil, nil, time.Time{} // clocks restart with the server
		var b bytes.Buffer
		_, frags := r.kind.render(rv)
		for _, f := range frags {
			f.Component.Render(context.Background(), &b)
		}
		for _, l := range r.t.Log {
			if visible(l, seat) {
				b.WriteString(l.Text + "\n")
			}
		}
		out[seat] = b.String()
	}
	return out
}

// TestRestartKeepsTables plays part of a deal, stops the server, starts a
// new one on the same database and checks every viewer's table is the same.
func TestRestartKeepsTables(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", mustForm("ruleset=standard&seats=4&bots=on"))
	bob := e.client()
	bob.join(code, "Bob")
	bob.lobby(code, "do", "ready")
	host.lobby(code, "do", "start")
	playHumans(t, e, code, map[int]*client{0: host, 1: bob}, func(m game.Match) bool {
		s := &m.(*president.Match).State
		return s.Deal == 2 && s.Phase == president.Playing && s.Version > 60
	})

	r, _ := e.srv.room(context.Background(), code)
	e.cfg.BotDelayMin, e.cfg.BotDelayMax = time.Hour, time.Hour // nothing moves after the restart
	e.stop()
	// the actor has ended: its table is final
	before := renderAll(t, r)
	seq := r.t.Seq
	state := r.t.Match.(*president.Match).State

	e.start()
	r2, err := e.srv.room(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	var after map[int]string
	e.inRoom(code, func(r *Room) { after = renderAll(t, r2) })
	var state2 president.State
	e.inRoom(code, func(r *Room) { state2 = r.t.Match.(*president.Match).State })
	if r2.t.Seq != seq || state2.Version != state.Version || state2.Players != state.Players {
		t.Fatalf("restored seq %d version %d, want %d %d", r2.t.Seq, state2.Version, seq, state.Version)
	}
	for seat, want := range before {
		if after[seat] != want {
			t.Fatalf("seat %d sees a different table after the restart", seat)
		}
	}
	// the session cookie still works: the host is still seated
	_, page := host.get("/t/" + code)
	if !bytes.Contains([]byte(page), []byte("You are Ann, seat 1")) {
		t.Fatalf("the host lost the seat after the restart: %.300s", page)
	}
}
