package handlers

import (
	"net/url"
	"testing"
	"time"

	"github.com/tablegames/tables/room"
)

// TestEachGameItsPace: with no -bot-delay flags, bots think as their
// game's spec says (President 300–700 ms, Hold'em about a second); the
// flags, when set, override every game.
func TestEachGameItsPace(t *testing.T) {
	cases := []struct {
		kind   string
		form   url.Values
		lo, hi time.Duration
	}{
		{"president", url.Values{"ruleset": {"house"}, "seats": {"4"}}, 300 * time.Millisecond, 700 * time.Millisecond},
		{"holdem", url.Values{"seats": {"4"}, "blinds": {"10/20"}, "stack_bb": {"100"}}, 700 * time.Millisecond, 1300 * time.Millisecond},
	}
	for _, flags := range []bool{false, true} {
		cfg := fastConfig()
		cfg.BotDelayMin, cfg.BotDelayMax = 0, 0
		// Ann has no page open: when the table waits for her first, it
		// plays for her at once and the bots' turns come
		cfg.AbsentAutoplay, cfg.AbsentGrace = time.Millisecond, time.Hour
		if flags {
			cfg.BotDelayMin, cfg.BotDelayMax = 50*time.Millisecond, 60*time.Millisecond
		}
		e := newEnv(t, cfg)
		for _, c := range cases {
			host := e.client()
			form := c.form
			form.Set("kind", c.kind)
			form.Set("bots", "on")
			code := host.createTable("Ann", form)
			host.lobby(code, "do", "start")
			lo, hi := c.lo, c.hi
			if flags {
				lo, hi = cfg.BotDelayMin, cfg.BotDelayMax
			}
			var delays []time.Duration
			deadline := time.Now().Add(5 * time.Second)
			for len(delays) == 0 && time.Now().Before(deadline) {
				e.inRoom(code, func(r *room.Room) {
					for s, d := range r.BotDelays() {
						if r.Table().Seats[s].Bot != "" {
							delays = append(delays, d)
						}
					}
				})
			}
			if len(delays) == 0 {
				t.Fatalf("%s: no bot waited for", c.kind)
			}
			for _, d := range delays {
				if d < lo || d > hi {
					t.Fatalf("%s (flags %v): a bot thinks %v, want %v–%v", c.kind, flags, d, lo, hi)
				}
			}
		}
	}
}
