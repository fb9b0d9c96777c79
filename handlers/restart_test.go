package handlers

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/president"
	"github.com/tablegames/tables/room"
)

// renderAll renders what every seat and a spectator see of a table.
func renderAll(t *testing.T, r *room.Room) map[int]string {
	t.Helper()
	out := map[int]string{}
	for seat := -1; seat < len(r.Table().Seats); seat++ {
		// the game's fragments without clocks or presence (they restart
		// with the server), and the log
		out[seat] = r.GameHTML(seat, true) + strings.Join(r.LogFor(seat), "\n")
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

	r, _ := e.srv.rt.Get(context.Background(), code)
	e.cfg.BotDelayMin, e.cfg.BotDelayMax = time.Hour, time.Hour // nothing moves after the restart
	e.stop()
	// the actor has ended: its table is final
	before := renderAll(t, r)
	seq := r.Table().Seq
	state := r.Table().Match.(*president.Match).State

	e.start()
	r2, err := e.srv.rt.Get(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	var after map[int]string
	e.inRoom(code, func(r *room.Room) { after = renderAll(t, r2) })
	var state2 president.State
	e.inRoom(code, func(r *room.Room) { state2 = r.Table().Match.(*president.Match).State })
	if r2.Table().Seq != seq || state2.Version != state.Version || state2.Players != state.Players {
		t.Fatalf("restored seq %d version %d, want %d %d", r2.Table().Seq, state2.Version, seq, state.Version)
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
