package room

import (
	"bytes"
	"context"
	"time"

	"github.com/tablegames/tables/i18n"
)

// Inspection: how code outside the runtime (the HTTP edge's tests, an
// operator's tool) reads a live room as it is. Inspect runs a function in
// the room's actor; the read methods below may be called only from such a
// function (or a hook), and nothing they return may be kept or changed.

// Inspect runs fn in the room's actor and waits for it.
func (r *Room) Inspect(ctx context.Context, fn func(*Room)) error {
	return r.do(ctx, func() { fn(r) })
}

// Table is the room's table.
func (r *Room) Table() *Table { return r.t }

// Dormant reports that the bots paused: nobody has been connected for a
// while (Config.Unattended).
func (r *Room) Dormant() bool { return r.dormant }

// Armed reports that a timer waits (a bot's move, a clock, the next deal).
func (r *Room) Armed() bool { return r.timer != nil }

// Freeze disarms the room's timer: nothing happens by itself until the
// room's next change arms it again.
func (r *Room) Freeze() { r.disarm() }

// AloneSince is when the last viewer left (zero while someone watches).
func (r *Room) AloneSince() time.Time { return r.alone }

// SaveFailures counts the consecutive failed writes.
func (r *Room) SaveFailures() int { return r.saveFailures }

// SeatConnected reports whether a seat's player has a connection open.
func (r *Room) SeatConnected(seat int) bool { return r.seatConnected(seat) }

// Deadlines are the clocks shown to players: per seat, when its time for
// the current move runs out (nil: none runs).
func (r *Room) Deadlines() map[int]time.Time {
	dl, _ := r.deadlines()
	return dl
}

// Banks are the time banks left, in ms, per seat (nil: the table has none).
func (r *Room) Banks() []int { return r.t.Banks }

// BotDelays are the thinking times chosen for the bots awaited now.
func (r *Room) BotDelays() map[int]time.Duration { return r.botDelay }

// Conns are the room's viewers' connections.
func (r *Room) Conns() []Conn {
	out := make([]Conn, 0, len(r.viewers))
	for c := range r.viewers {
		out = append(out, c)
	}
	return out
}

// BotKind is the AI kind of the table's bot seats.
func (r *Room) BotKind() string { return r.t.botKind(r.t.kind) }

// GameHTML is what a seat (game.Spectator for a watcher) sees of the game
// now without clocks or presence, as a replay of this moment shows it:
// with fragments, the game's fragments (what a push compares), else the
// whole game component.
func (r *Room) GameHTML(seat int, fragments bool) string {
	rv := replayView(r.code, r.t, seat)
	comp, frags := r.t.kind.render(rv)
	var b bytes.Buffer
	if !fragments {
		comp.Render(context.Background(), &b)
		return b.String()
	}
	for _, f := range frags {
		f.Component.Render(context.Background(), &b)
	}
	return b.String()
}

// LogFor is the table's log as a seat may read it, a line each, in
// English.
func (r *Room) LogFor(seat int) []string {
	var out []string
	for _, l := range r.t.Log {
		if visible(l, seat) {
			out = append(out, l.text(i18n.English()))
		}
	}
	return out
}
