package room

import (
	"context"
	"strconv"
	"sync"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
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
	start    []byte    // the table's snapshot before entry from
	kind     *kind     // the game it was
	game     int       // and the table's changes of game before it
	note     *dealNote // what the list of replays says of it (nil: its number only)
}

// dealNote is what the list of replays says of a finished deal, so the
// big hand can be found: who won what, the pot, each seat's result, and
// its marks (all-in, run twice, bomb pot). Only what every seat saw at
// the end: no card that was never shown.
type dealNote struct {
	Won     i18n.Msg
	Pot     int
	Net     []int    // by seat: what the deal won or lost
	Places  []int    // by seat, for a game of places: each seat's (0: took no part)
	Players []string // by seat: who played it (a seat may change hands later)
	Marks   []string // catalog keys: replays.mark.*
}

// replayIndex is what replays of one table need, kept between requests
// and brought up to date with the log's new entries at each request.
type replayIndex struct {
	mu   sync.Mutex
	t    *Table // the table after the entries read so far
	open []byte // an unfinished deal's start, while one is under way
	// switches counts the table's changes of game so far
	switches int
	from     int64
	spans    []span
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
func (rt *Runtime) replayIndex(ctx context.Context, code string) (ix *replayIndex, done func(), err error) {
	ix = rt.replayIx.get(code)
	ix.mu.Lock()
	if err := ix.update(ctx, rt.db, rt.kinds, code); err != nil {
		ix.mu.Unlock()
		return nil, nil, err
	}
	return ix, ix.mu.Unlock, nil
}

// update reads the log's entries past the index's and notes the deals
// that finished: each from its first move to the moment nothing secret is
// in play.
func (ix *replayIndex) update(ctx context.Context, d *db.DB, kinds map[string]*kind, code string) error {
	var seq int64
	if ix.t != nil {
		seq = ix.t.Seq
	}
	entries, err := d.Log(ctx, code, seq)
	if err != nil {
		return err
	}
	if ix.t == nil {
		row, err := d.RoomInfo(ctx, code)
		if err != nil {
			return err
		}
		k, o, err := startKind(kinds, row, entries)
		if err != nil {
			return err
		}
		ix.t = newTable(k, o)
	}
	for _, e := range entries {
		en, err := decodeEntry(e)
		if err != nil {
			return nil // a damaged entry: the finished deals before it replay
		}
		if ix.open == nil && (en.T == eMove || en.T == eStart || en.T == eAgain) {
			// the deal starts with its first move: keep the table before it
			if ix.open, err = ix.t.Snapshot(); err != nil {
				return err
			}
			ix.from = e.Seq
		}
		if _, err := applyEntry(ix.t, en, e.Seq); err != nil {
			return nil // a damaged entry (apply changed nothing): the deals before it replay
		}
		if en.T == eSwitch {
			ix.open = nil // a new game: nothing of the last is under way
			ix.switches++
		}
		if ix.open != nil && ix.t.Match != nil && ix.t.Fair.Next == 0 && ix.t.Fair.Current == 0 && settled(ix.t.kind, ix.t.Match) {
			sp := span{from: ix.from, to: e.Seq, start: ix.open, kind: ix.t.kind, game: ix.switches}
			if ix.t.kind.dealNote != nil {
				sp.note = ix.t.kind.dealNote(ix.t.Match, ix.t)
			} else {
				sp.note = placedNote(ix.t.kind, ix.t.Match, ix.t)
			}
			ix.spans = append(ix.spans, sp)
			ix.open = nil
		}
	}
	if ix.t.Seq == 0 {
		return db.ErrNotFound // a table whose creation never reached the log
	}
	return nil
}

// replaySeat is the seat a replay shows: any seat once the deal is over,
// but in Hold'em only the viewer's own (or none), since cards never shown
// stay hidden forever.
func (rt *Runtime) replaySeat(k *kind, t *Table, me int, q string) (int, bool) {
	if q == "" {
		return me, true
	}
	seat, err := strconv.Atoi(q)
	if err != nil || seat < game.Spectator || seat >= len(t.Seats) {
		return 0, false
	}
	if k.hiddenHands && seat != me && seat != game.Spectator {
		return 0, false
	}
	return seat, true
}

func dealWord(k *kind) string {
	if k.fair != nil {
		return k.fair.what
	}
	return "game"
}

// replayView is how a replay renders a seat's view: presence and clocks
// are not part of a game, so every seat shows as present.
func replayView(code string, t *Table, seat int) *roomView {
	conn := make([]bool, len(t.Seats))
	for i := range conn {
		conn[i] = true
	}
	return &roomView{code: code, t: t, seat: seat, connected: conn, actURL: "/t/" + code + "/act", replay: true}
}

// placedNote is what the list of replays says of a finished deal or game
// that places its seats (President's deal, a game of Lowest Unique or
// Impetus): who came first, and each seat's place.
func placedNote(k *kind, m game.Match, t *Table) *dealNote {
	if k.outcome == nil || m == nil {
		return nil
	}
	o, ok := k.outcome(m)
	if !ok || !o.Placed {
		return nil
	}
	n := &dealNote{Places: make([]int, len(o.Seats)), Players: make([]string, len(o.Seats))}
	var first []int
	for i, s := range o.Seats {
		if s.Out || s.Place == 0 {
			continue
		}
		n.Places[i] = s.Place
		if i < len(t.Seats) {
			n.Players[i] = t.Seats[i].Player
		}
		if s.Place == 1 {
			first = append(first, i)
		}
	}
	if len(first) == 0 {
		return nil
	}
	n.Won = i18n.M("replays.first", seatList("Names", t, first), i18n.Count(len(first)))
	return n
}
