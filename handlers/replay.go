package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/views"
)

// A replay shows a finished deal (President), hand (Hold'em) or game
// (Lowest Unique, Impetus) step by step, one log entry per step, as one
// chosen seat saw it. It is rebuilt from the action log: the server keeps,
// per table, where each finished deal starts (the table's state there,
// as a snapshot), so a step costs the deal's entries up to it, whatever
// the length of the table's log.

// span is a finished deal: the log's sequence numbers of its first and
// last entries, and the table just before the first.
type span struct {
	from, to int64
	start    []byte // the table's snapshot before entry from
}

// replayIndex is what replays of one table need, kept between requests
// and brought up to date with the log's new entries at each request.
type replayIndex struct {
	mu    sync.Mutex
	kind  *kind
	t     *table // the table after the entries read so far
	open  []byte // an unfinished deal's start, while one is under way
	from  int64
	spans []span
}

// maxReplayIndexes bounds the tables whose replay indexes are kept.
const maxReplayIndexes = 256

// replayIndexes are the kept indexes, by table code.
type replayIndexes struct {
	mu sync.Mutex
	m  map[string]*replayIndex
}

func (c *replayIndexes) get(code string) *replayIndex {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = make(map[string]*replayIndex)
	}
	ix, ok := c.m[code]
	if !ok {
		if len(c.m) >= maxReplayIndexes {
			for k := range c.m { // forget one: it is rebuilt if asked for
				delete(c.m, k)
				break
			}
		}
		ix = &replayIndex{}
		c.m[code] = ix
	}
	return ix
}

// replayIndex returns a table's replay index, up to date with its log;
// the index stays locked until done is called.
func (s *Server) replayIndex(ctx context.Context, code string) (ix *replayIndex, done func(), err error) {
	ix = s.replayIx.get(code)
	ix.mu.Lock()
	if err := ix.update(ctx, s.db, s.kinds, code); err != nil {
		ix.mu.Unlock()
		return nil, nil, err
	}
	return ix, ix.mu.Unlock, nil
}

// update reads the log's entries past the index's and notes the deals
// that finished: each from its first move to the moment nothing secret is
// in play.
func (ix *replayIndex) update(ctx context.Context, d *db.DB, kinds map[string]*kind, code string) error {
	if ix.t == nil {
		k, o, err := roomKind(ctx, d, kinds, code)
		if err != nil {
			return err
		}
		ix.kind, ix.t = k, newTable(o)
	}
	entries, err := d.Log(ctx, code, ix.t.Seq)
	if err != nil {
		return err
	}
	for _, e := range entries {
		en, err := decodeEntry(e)
		if err != nil {
			return fmt.Errorf("room %s: %w", code, err)
		}
		if ix.open == nil && (en.T == eMove || en.T == eStart) {
			// the deal starts with its first move: keep the table before it
			if ix.open, err = ix.t.snapshot(); err != nil {
				return err
			}
			ix.from = e.Seq
		}
		if _, err := applyEntry(ix.kind, ix.t, en, e.Seq); err != nil {
			ix.t, ix.open, ix.spans = nil, nil, nil // start afresh next time
			return fmt.Errorf("room %s: %w", code, err)
		}
		if ix.open != nil && ix.t.Fair.Next == 0 && ix.t.Fair.Current == 0 && settled(ix.kind, ix.t.Match) {
			ix.spans = append(ix.spans, span{from: ix.from, to: e.Seq, start: ix.open})
			ix.open = nil
		}
	}
	if ix.t.Seq == 0 {
		return db.ErrNotFound // a table whose creation never reached the log
	}
	return nil
}

// replay serves /t/:code/replay/:deal?seat=S&step=K.
func (s *Server) replay(c echo.Context) error {
	code, err := s.tableCode(c)
	if err != nil {
		return err
	}
	id, err := s.identify(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	ix, done, err := s.replayIndex(ctx, code)
	if err != nil {
		return s.noTable(c, err, code)
	}
	k, nspans := ix.kind, len(ix.spans)
	n, err := strconv.Atoi(c.Param("deal"))
	if err != nil || n < 1 || n > nspans {
		done()
		return echo.NewHTTPError(http.StatusNotFound, "This table has "+plural(nspans, "finished "+dealWord(k), "finished "+dealWord(k)+"s")+" to replay")
	}
	sp := ix.spans[n-1]
	done()
	steps := int(sp.to - sp.from)
	step := 0 // a replay opens at its start
	if q := c.QueryParam("step"); q != "" {
		if step, err = strconv.Atoi(q); err != nil || step < 0 || step > steps {
			return echo.NewHTTPError(http.StatusNotFound, "A step from 0 to "+itoa(steps))
		}
	}
	// the table where the deal starts, then its entries up to the step
	t, err := restoreTable(k, sp.start)
	if err != nil {
		return err
	}
	entries, err := s.db.LogRange(ctx, code, sp.from, sp.from+int64(step))
	if err != nil {
		return err
	}
	var lines []logLine
	for _, e := range entries {
		out, err := applyLogged(k, t, e)
		if err != nil {
			return err
		}
		lines = append(lines, out...)
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
		Deal: n, Deals: nspans, Step: step, Steps: steps, Seat: seat, Stage: comp,
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
	noStore(c) // a seat's cards, even of a finished deal
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
	ix, done, err := s.replayIndex(c.Request().Context(), code)
	if err != nil {
		return s.noTable(c, err, code)
	}
	k, count := ix.kind, len(ix.spans)
	done()
	p := views.Replays{Page: views.Page{Title: "Replays · " + code, CSRF: csrfToken(c)}, Code: code, What: dealWord(k), Count: count}
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
