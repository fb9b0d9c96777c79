package room

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// Remote bots: a program that plays a seat through the bot API (issue 33,
// docs/BOTS.md). The seat is a player's ("bot:" + the bot's id, seat.Remote),
// so a remote bot plays under a person's rules: its clock, its auto-moves
// when the clock runs out, and while its program is disconnected the
// absent player's autoplay and then a built-in bot until it is back.
//
// A program's connection is a viewer like a browser's, but it is pushed
// JSON, one line per change: its seat's brief (programPush), built from
// the game's Brief for that seat (game.Briefer), itself built from the
// game's View for that seat only, never another's. This file stays free
// of HTTP as the rest of the package: the edge frames the lines.

// programPush is one line a program's connection is pushed: everything the
// seat may know now. Its JSON is the API (docs/BOTS.md).
type programPush struct {
	Type  string `json:"type"` // "view"; "gone" when the seat is no longer the bot's
	Table string `json:"table"`
	Game  string `json:"game"`
	// Seq is the table's log entry the push follows.
	Seq int64 `json:"seq"`
	// Version is the seat's version: a move must carry it (a move chosen
	// on an older one is refused as STALE_MOVE).
	Version int    `json:"version"`
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	// Status: lobby, playing, paused, over (the people choose whether to
	// play again), or waiting (the seat was taken between deals: it plays
	// from the next one and sees the table as a watcher until then).
	Status   string        `json:"status"`
	YourTurn bool          `json:"your_turn"`
	Waiting  []int         `json:"waiting"`
	Clock    *programClock `json:"clock,omitempty"`
	Seats    []programSeat `json:"seats"`
	View     any           `json:"view"`
	Moves    []game.Choice `json:"moves"`
	Auto     game.Fields   `json:"auto,omitempty"`
	Log      []string      `json:"log,omitempty"` // the seat's new log lines (chat excluded), oldest first
	Reason   string        `json:"reason,omitempty"`
	Now      int64         `json:"now_ms"` // the server's clock, unix ms
}

// programClock is the seat's move clock.
type programClock struct {
	Seconds    int   `json:"seconds"`     // per move (0: the table has no clock)
	DeadlineMS int64 `json:"deadline_ms"` // when the seat's time runs out, unix ms (0: not waited for)
	LeftMS     int64 `json:"left_ms"`     // time left at now_ms
	Bank       bool  `json:"bank"`        // the time bank runs (the clock ran out)
	BankMS     int   `json:"bank_ms"`     // the seat's time bank left
}

// programSeat is a seat as anyone at the table sees it.
type programSeat struct {
	Seat      int    `json:"seat"`
	Name      string `json:"name"`
	Kind      string `json:"kind"` // person, bot, remote, empty
	Connected bool   `json:"connected"`
	Away      bool   `json:"away"` // gone past the grace: a built-in bot plays for it
	You       bool   `json:"you"`
}

// programLogLines is how many of the table's latest log lines a new
// connection is sent.
const programLogLines = 20

// programMessage renders a program viewer's push: one JSON line, or nil
// when nothing it may know changed (its clock running down is no change:
// the push says when the clock runs out).
func (r *Room) programMessage(v *viewer, sh roomView, lines []logLine, full bool) []byte {
	seat := r.t.seatOf(v.player)
	if seat < 0 {
		return nil // the seat is no longer the bot's: reseat ends the connection
	}
	p := r.programView(seat, &sh)
	// what changed is read without the table's sequence number: a chat
	// line or another's seat request moves it, and tells the seat nothing
	seq := p.Seq
	p.Seq = 0
	key, _ := json.Marshal(p)
	h := fnv64(key)
	p.Seq = seq
	gs := r.gameSeat(seat)
	if full {
		from := max(len(r.t.Log)-programLogLines, 0)
		lines = r.t.Log[from:]
	}
	for _, l := range lines {
		if !l.Chat && visible(l, gs) {
			p.Log = append(p.Log, l.String())
		}
	}
	if !full && h == v.programHash && len(p.Log) == 0 {
		return nil
	}
	v.programHash = h
	now := r.rt.now()
	p.Now = now.UnixMilli()
	if p.Clock != nil && p.Clock.DeadlineMS > 0 {
		p.Clock.LeftMS = max(p.Clock.DeadlineMS-p.Now, 0)
	}
	v.pushes++
	out, err := json.Marshal(p)
	if err != nil {
		r.rt.log.Error("program push", "room", r.code, "err", err)
		return nil
	}
	return append(out, '\n')
}

// programView is what the seat's program may know now, without the
// server's clock reading or log lines (programMessage adds them).
func (r *Room) programView(seat int, sh *roomView) *programPush {
	t := r.t
	s := t.Seats[seat]
	p := &programPush{Type: "view", Table: r.code, Game: r.t.kind.name, Seq: t.Seq, Version: s.Acts, Seat: seat, Name: s.Name,
		Status: "lobby", Waiting: []int{}, Moves: []game.Choice{}}
	for i, o := range t.Seats {
		ps := programSeat{Seat: i, Name: o.Name, Away: o.Away, You: i == seat}
		switch {
		case o.empty():
			ps.Kind, ps.Name = "empty", ""
		case o.Bot != "":
			ps.Kind, ps.Connected = "bot", true
		case o.Remote:
			ps.Kind = "remote"
		default:
			ps.Kind = "person"
		}
		if o.Player != "" {
			ps.Connected = i < len(sh.connected) && sh.connected[i]
		}
		p.Seats = append(p.Seats, ps)
	}
	if t.Match == nil {
		return p
	}
	gs := r.gameSeat(seat)
	switch {
	case r.t.damage != nil:
		p.Status = "read-only"
	case t.Paused:
		p.Status = "paused"
	case r.t.gameOver():
		p.Status = "over"
	case gs != seat:
		p.Status = "waiting"
	default:
		p.Status = "playing"
	}
	p.Waiting = append(p.Waiting, t.Match.Waiting()...)
	if b, ok := t.Match.(game.Briefer); ok {
		brief := b.Brief(gs)
		p.View, p.Auto = brief.View, brief.Auto
		if p.Status == "playing" && brief.Moves != nil {
			p.Moves = brief.Moves
		}
	}
	if p.Status != "playing" {
		p.Auto = nil
	}
	p.YourTurn = len(p.Moves) > 0
	if c := t.Opts.Clock; c > 0 || t.bank(seat) > 0 {
		p.Clock = &programClock{Seconds: c, BankMS: t.bank(seat), Bank: sh.banks[seat]}
		if d, ok := sh.deadlines[seat]; ok {
			p.Clock.DeadlineMS = d.UnixMilli()
		}
	}
	return p
}

// remoteBots is the host's panel for remote bots (nil for anyone else):
// the seats one may take (empty ones in the lobby, built-in bots'), and
// those remote bots hold.
func (r *Room) remoteBots(rv *roomView) *views.RemoteBots {
	t := rv.t
	if !t.isHost(rv.player) {
		return nil
	}
	b := &views.RemoteBots{URL: "/t/" + r.code + "/bots", Started: t.Started()}
	for i, s := range t.Seats {
		rs := views.RemoteSeat{Index: i, Name: s.Name, Invited: s.Invited}
		if s.Bot != "" {
			rs.Name = rv.name(i) // a built-in bot's in the viewer's language
		}
		switch {
		case s.Remote:
			rs.Kind, rs.Connected = "remote", i < len(rv.connected) && rv.connected[i]
		case s.Bot != "":
			rs.Kind = "bot"
		case s.empty() && !t.Started():
			rs.Kind = "empty"
		case s.Player == t.Host && !t.Started():
			rs.Kind = "yours"
		default:
			continue // a person's seat
		}
		b.Seats = append(b.Seats, rs)
	}
	return b
}

// RemoteAt is the bot's player id in a seat a remote bot holds, and
// whether it is an invited bot identity (its owner keeps its token): the
// host's question before a new token or a revocation.
func (r *Room) RemoteAt(ctx context.Context, host string, seat int) (player string, invited bool, err error) {
	err = r.run(ctx, func() error {
		if !r.t.isHost(host) {
			return game.Err("NOT_HOST", "error.table.only_host_manages_remote")
		}
		if seat < 0 || seat >= len(r.t.Seats) || !r.t.Seats[seat].Remote {
			return errNotAllowed("error.table.no_remote_bot_holds")
		}
		player, invited = r.t.Seats[seat].Player, r.t.Seats[seat].Invited
		return nil
	})
	return player, invited, err
}

// goneLine is the last line a program's connection gets when its seat is
// no longer the bot's (programGone).
func (r *Room) goneLine(reason string) []byte {
	out, _ := json.Marshal(programPush{Type: "gone", Table: r.code, Game: r.t.kind.name, Seq: r.t.Seq, Seat: -1, Reason: reason,
		Status: "gone", Waiting: []int{}, Moves: []game.Choice{}, Now: r.rt.now().UnixMilli()})
	return append(out, '\n')
}

// Program connections: the door the bot API uses.

// ConnectProgram registers a remote bot's connection (its program's
// stream) for the bot's player id and pushes it the whole view; from then
// on it gets a line whenever what its seat may know changes, until
// Disconnect. A player not seated here is refused (NOT_SEATED).
func (r *Room) ConnectProgram(ctx context.Context, c Conn, player string) error {
	return r.run(ctx, func() error {
		seat := r.t.seatOf(player)
		if seat < 0 || !r.t.Seats[seat].Remote {
			return errNotSeated
		}
		r.connectViewer(c, player, "", true)
		return nil
	})
}

// errNotSeated refuses a bot that has no seat at the table.
var errNotSeated = game.Err("NOT_SEATED", "error.table.bot_has_no_seat")

// CodeNotSeated is the code of a bot without a seat at the table.
const CodeNotSeated = "NOT_SEATED"

// Brief is the JSON line a remote bot's stream would get now (for a
// program that polls rather than streams); NOT_SEATED for a player
// without a remote bot's seat here.
func (r *Room) Brief(ctx context.Context, player string) ([]byte, error) {
	var out []byte
	err := r.run(ctx, func() error {
		seat := r.t.seatOf(player)
		if seat < 0 || !r.t.Seats[seat].Remote {
			return errNotSeated
		}
		v := &viewer{player: player, seat: seat, program: true}
		out = r.programMessage(v, r.shared(), nil, true)
		return nil
	})
	return out, err
}

// MoveAt is a remote bot's move: as Move, but the seat's version is
// required: a program always says which view it chose the move from. It
// returns the table's sequence number and the seat's version after it.
func (r *Room) MoveAt(ctx context.Context, player string, version int, form url.Values) (seq int64, now int, err error) {
	err = r.run(ctx, func() error {
		seat := r.t.seatOf(player)
		if seat < 0 || !r.t.Seats[seat].Remote {
			return errNotSeated
		}
		if version != r.t.Seats[seat].Acts {
			e := game.Err(codeStale, "error.table.stale_version", i18n.N("Yours", version), i18n.N("Version", r.t.Seats[seat].Acts))
			e.Details = map[string]int{"version": r.t.Seats[seat].Acts, "yours": version}
			return e
		}
		if r.t.Match != nil && r.t.gameOver() {
			return game.Err(game.CodeNotYourTurn, "error.table.game_over_people_table")
		}
		f := url.Values{}
		for k, vs := range form {
			f[k] = vs
		}
		delete(f, "v")
		if err := r.move(player, f); err != nil {
			return err
		}
		seq, now = r.t.Seq, r.t.Seats[seat].Acts
		return nil
	})
	return seq, now, err
}

// SeatRemote seats a remote bot (player "bot:" + its id, named name) in
// seat: the host's command. In the lobby the seat is empty, a built-in
// bot's, or the host's own (the host then watches, and still hosts: their
// bot plays for them); once the game runs, a built-in bot's, when the game
// lets a seat change hands now.
// invited says it is a player's bot identity the host invited.
func (r *Room) SeatRemote(ctx context.Context, host string, seat int, player, name string, invited bool) error {
	return r.run(ctx, func() error { return r.seatRemote(host, seat, player, name, invited) })
}

func (r *Room) seatRemote(host string, target int, player, name string, invited bool) error {
	t := r.t
	if !t.isHost(host) {
		return game.Err("NOT_HOST", "error.table.only_host_seats_remote")
	}
	if target < 0 || target >= len(t.Seats) {
		return errNotAllowed("error.table.no_such_seat")
	}
	if !strings.HasPrefix(player, "bot:") {
		return errNotAllowed("error.table.not_bot")
	}
	if t.seatOf(player) >= 0 {
		return errNotAllowed("error.table.bot_has_seat_table")
	}
	if t.removed(player) {
		return game.Err("REMOVED", "error.table.host_handed_bot_s")
	}
	s := t.Seats[target]
	switch {
	case !t.Started() && s.Remote:
		return errNotAllowed("error.table.remote_bot_holds_seat")
	case !t.Started() && !s.empty() && s.Bot == "" && s.Player != host:
		return errNotAllowed("error.table.person_holds_seat_choose")
	case t.Started() && s.Bot == "":
		return errNotAllowed("error.table.once_game_runs_remote")
	case t.Started() && (r.t.kind.seatOpen != nil && !r.t.kind.seatOpen(t.Match) || r.t.kind.seatFree != nil && !r.t.kind.seatFree(t.Match, target)):
		return errNotAllowed("error.table.seat_between." + dealWord(r.t.kind))
	}
	name, err := CheckName(name)
	if err != nil {
		return err
	}
	if t.nameTaken(name, player) {
		return errNameTaken(name)
	}
	by := ""
	if invited {
		by = "invite"
	}
	return r.commit(entry{T: eRemote, Seat: target, Player: player, Name: name, By: by})
}

// programGone ends the connections of programs whose seat is no longer
// their bot's (handed back to a built-in bot, freed in the lobby, or left
// out of a new game's seats), with a last line saying so.
func (r *Room) programGone() {
	for c, v := range r.viewers {
		if v.program && r.t.seatOf(v.player) < 0 {
			reason := "The host freed this bot's seat, or changed the game to one with no seat left for it"
			if r.t.removed(v.player) {
				reason = "The host handed this seat back to a built-in bot"
			}
			if err := c.Write(r.goneLine(reason)); err != nil {
				r.rt.log.Warn("push failed", "room", r.code, "err", err)
			}
			c.Close(1000, "seat handed back")
			delete(r.viewers, c)
		}
	}
}

// programAlive is how long a program's stream may be silent: the edge
// writes a keep-alive line this often.
const programAlive = 20 * time.Second

// ProgramKeepAlive is how often the edge writes an empty line to a
// program's stream, so a dead connection is found and dropped.
func ProgramKeepAlive() time.Duration { return programAlive }
