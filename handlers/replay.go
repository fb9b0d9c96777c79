package handlers

import (
	"context"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/views"
)

// A replay shows a finished deal (President), hand (Hold'em) or game
// (Lowest Unique, Impetus) step by step, one log entry per step, as one
// chosen seat saw it. It is rebuilt from the action log on every request:
// nothing is stored for it.

// span is a finished deal's entries: [from, to] indexes of the log.
type span struct{ from, to int }

// replayLog reads a table's log and finds its finished deals: the stretches
// from a deal's first move to the moment nothing secret is in play.
func replayLog(ctx context.Context, d *db.DB, kinds map[string]*kind, code string) (*kind, Options, []entry, []span, error) {
	var k *kind
	var o Options
	var entries []entry
	var spans []span
	from, moved := 0, false
	err := walkLog(ctx, d, kinds, code, func(st logStep) error {
		k, o = st.kind, st.opts
		i, en, t := st.index, st.entry, st.t
		entries = append(entries, en)
		if !moved && (en.T == eMove || en.T == eStart) {
			from, moved = i, true // the deal starts with its first move
		}
		if moved && t.Fair.Next == 0 && t.Fair.Current == 0 && settled(k, t.Match) {
			spans = append(spans, span{from, i})
			moved = false
		}
		return nil
	})
	if err == nil && k == nil {
		err = db.ErrNotFound // a table whose creation never reached the log
	}
	return k, o, entries, spans, err
}

// replay serves /t/:code/replay/:deal?seat=S&step=K.
func (s *Server) replay(c echo.Context) error {
	code, err := s.tableCode(c)
	if err != nil {
		return err
	}
	id, err := s.identify(c, false)
	if err != nil {
		return err
	}
	k, o, entries, spans, err := replayLog(c.Request().Context(), s.db, s.kinds, code)
	if err != nil {
		return s.noTable(c, err, code)
	}
	n, err := strconv.Atoi(c.Param("deal"))
	if err != nil || n < 1 || n > len(spans) {
		return echo.NewHTTPError(http.StatusNotFound, "This table has "+plural(len(spans), "finished "+dealWord(k), "finished "+dealWord(k)+"s")+" to replay")
	}
	sp := spans[n-1]
	steps := sp.to - sp.from
	step := 0 // a replay opens at its start
	if q := c.QueryParam("step"); q != "" {
		if step, err = strconv.Atoi(q); err != nil || step < 0 || step > steps {
			return echo.NewHTTPError(http.StatusNotFound, "A step from 0 to "+itoa(steps))
		}
	}
	t := newTable(o)
	var lines []logLine
	for i := 0; i <= sp.from+step; i++ {
		out, err := t.apply(k, entries[i])
		if err != nil {
			return err
		}
		if i >= sp.from {
			lines = append(lines, out...)
		}
	}
	me := t.seatOf(id.player)
	seat, ok := s.replaySeat(k, t, me, c.QueryParam("seat"))
	if !ok {
		return echo.NewHTTPError(http.StatusForbidden, "In Hold'em a replay shows only your own cards: cards never shown stay hidden")
	}
	rv := replayView(code, t, seat)
	rv.player = id.player
	comp, _ := k.render(rv)
	p := views.Replay{Page: views.Page{Title: "Replay · " + code, CSRF: csrfToken(c)}, Code: code, What: dealWord(k),
		Deal: n, Deals: len(spans), Step: step, Steps: steps, Seat: seat, Stage: comp,
		URL: "/t/" + code + "/replay/" + itoa(n)}
	for _, l := range lines {
		if visible(l, seat) {
			p.Log = append(p.Log, logView(l))
		}
	}
	for i := range t.Seats {
		if k.name != "holdem" || i == me {
			p.Seats = append(p.Seats, views.Target{Seat: i, Name: t.name(i)})
		}
	}
	if c.Request().Header.Get("HX-Request") == "true" {
		return render(c, http.StatusOK, views.ReplayBody(p))
	}
	return render(c, http.StatusOK, views.ReplayPage(p))
}

// replaySeat is the seat a replay shows: any seat once the deal is over,
// but in Hold'em only the viewer's own (or none), since cards never shown
// stay hidden forever.
func (s *Server) replaySeat(k *kind, t *table, me int, q string) (int, bool) {
	if q == "" {
		return me, true
	}
	seat, err := strconv.Atoi(q)
	if err != nil || seat < game.Spectator || seat >= len(t.Seats) {
		return 0, false
	}
	if k.name == "holdem" && seat != me && seat != game.Spectator {
		return 0, false
	}
	return seat, true
}

// replays lists a table's finished deals.
func (s *Server) replays(c echo.Context) error {
	code, err := s.tableCode(c)
	if err != nil {
		return err
	}
	k, _, _, spans, err := replayLog(c.Request().Context(), s.db, s.kinds, code)
	if err != nil {
		return s.noTable(c, err, code)
	}
	p := views.Replays{Page: views.Page{Title: "Replays · " + code, CSRF: csrfToken(c)}, Code: code, What: dealWord(k), Count: len(spans)}
	return render(c, http.StatusOK, views.ReplaysPage(p))
}

func dealWord(k *kind) string {
	if k.fair != nil {
		return k.fair.what
	}
	return "game"
}

// replayView is how a replay renders a seat's view: presence and clocks
// are not part of a game, so every seat shows as present.
func replayView(code string, t *table, seat int) *roomView {
	conn := make([]bool, len(t.Seats))
	for i := range conn {
		conn[i] = true
	}
	return &roomView{code: code, t: t, seat: seat, connected: conn, actURL: "/t/" + code + "/act"}
}
