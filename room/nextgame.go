package room

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"net/url"
	"strconv"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// The next game: once a game ends (President and a Hold'em cash table
// between deals or hands), the host may change the table's game. The
// game is a part of the table like any other (Table.Game and Opts, with
// its kind): one log entry, eSwitch, changes it by apply, live and in
// replay alike. The switch opens the new game's lobby at the same link,
// with the chat, the host and the evening kept: the people seated sit in
// the new game's seats as far as its seats go (the host first), the
// others watch first in line for a seat (accepted asks), and everyone
// presses Ready as in any lobby; the host may start anyway. Bots fill
// the seats at the start as the new game's options say.
//
// The table's row names the game played now (db.SetKind), for the home
// page and My games; its options stay those it was created with, and a
// table that changed game names the game it began with in its first
// switch (From), so its log replays from the start (startKind).

// kindNamed is the game of that name, or nil.
func kindNamed(name string) *kind {
	for _, k := range games() {
		if k.name == name {
			return k
		}
	}
	return nil
}

// gameOver reports whether the match is over so that its players may play
// again: the engine's own rematch may be made (Lowest Unique), or the
// match is Over for good (every other game).
func (t *Table) gameOver() bool {
	if t.Match == nil {
		return false
	}
	if k := t.kind; k.rematch != nil {
		_, now := k.rematch(t.Match, k.again)
		return now
	}
	return t.Match.Over()
}

// switchable reports whether the table may change game now: in its lobby,
// once its game is over, or between the deals or hands of a game played
// deal after deal (kind.between); never while a hand, deal, round or turn
// is in play.
func (t *Table) switchable() bool {
	m := t.Match
	switch {
	case m == nil || t.gameOver():
		return true
	case t.kind.between == nil || len(m.Waiting()) > 0:
		return false
	}
	return t.kind.between(m)
}

// switchGame applies a switch (eSwitch): the table plays e.Game with
// e.Opts from its lobby on.
func (t *Table) switchGame(e entry) ([]logLine, error) {
	k := kindNamed(e.Game)
	if k == nil || e.Opts == nil || e.Opts.Seats < 1 || e.From != t.kind.name || !t.switchable() {
		return nil, errEntry
	}
	var lines []logLine
	if t.kind.fair != nil && t.Fair.Next != 0 {
		// the seed committed for a deal that never comes is shown, so
		// the record keeps no secret of the game left
		seed := t.Fair.Next
		lines = t.say(i18n.M("log.table.seed_unused", i18n.S("Seed", strconv.FormatUint(seed, 16)), i18n.S("Hash", seedHash(seed))))
	}
	// the people seated, the host first, then the remote bots the host
	// seated (a switch logged before they moved with it says so: By is
	// not "remote"); built-in bots stay with the game they played
	var kept []seat
	if h := t.seatOf(t.Host); h >= 0 && t.Seats[h].person() {
		kept = append(kept, t.Seats[h])
	}
	for _, s := range t.Seats {
		if s.person() && s.Player != t.Host {
			kept = append(kept, s)
		}
	}
	if e.By == switchKeepsRemote {
		for _, s := range t.Seats {
			if s.Remote {
				kept = append(kept, s)
			}
		}
	}
	seats := make([]seat, e.Opts.Seats)
	var first []seatAsk
	for i, p := range kept {
		switch {
		case i < len(seats) && p.Remote:
			seats[i] = seat{Player: p.Player, Name: p.Name, Ready: true, Remote: true, Invited: p.Invited}
		case i < len(seats):
			seats[i] = seat{Player: p.Player, Name: p.Name, Ready: p.Player == t.Host}
		case !p.Remote: // a remote bot past the seats leaves (programGone tells its program)
			first = append(first, seatAsk{Player: p.Player, Name: p.Name, Accepted: true})
		}
	}
	from := t.kind
	t.Game, t.kind, t.Opts, t.Seats = k.name, k, *e.Opts, seats
	t.Asks = append(first, t.Asks...)
	t.Match, t.Offers, t.Paused, t.Banks, t.Deals, t.Fair = nil, nil, false, nil, 0, fairSeeds{}
	t.Games = max(t.Games, 1)
	lines = append(lines, t.say(i18n.M("log.table.next_game", i18n.Nest("From", from.info.Title()), i18n.Nest("Game", k.info.Title())))...)
	for _, a := range first {
		lines = append(lines, t.say(i18n.M("log.table.first_in_line", i18n.S("Name", a.Name)))...)
	}
	return lines, nil
}

// nextGame reads the host's choice of the next game (the creation form's
// fields, with "game") into the switch that makes it, or says why not.
// The table keeps what is the table's, not the game's: being listed, its
// code's length, open seats, how long bots play alone, and its pace (a
// game that can't be played at the table's pace is refused).
func nextGame(rt *Runtime, t *Table, player string, form url.Values) (entry, error) {
	if !t.isHost(player) {
		return entry{}, game.Err("NOT_HOST", "error.table.only_host_do")
	}
	if t.damage != nil {
		return entry{}, game.Err("READ_ONLY", "error.table.damaged", i18n.N("Entry", int(t.damage.Seq)))
	}
	if !t.switchable() {
		return entry{}, game.Err("GAME_IN_PLAY", "error.table.next_game_in_play."+dealWord(t.kind))
	}
	name := form.Get("game")
	if kindNamed(name) == nil {
		return entry{}, errNotAllowed("error.table.choose_game")
	}
	f := maps.Clone(form)
	f.Set("pace", strconv.Itoa(t.Opts.Pace))
	o, err := rt.ReadOptions(name, f)
	if err != nil {
		return entry{}, err
	}
	o.Public, o.ShortCode, o.OpenSeats, o.Unattended = t.Opts.Public, t.Opts.ShortCode, t.Opts.OpenSeats, t.Opts.Unattended
	return entry{T: eSwitch, Player: player, Game: name, Opts: &o, From: t.kind.name, By: switchKeepsRemote}, nil
}

// switchKeepsRemote is a switch's By when the remote bots keep their
// seats in the new game's lobby (every switch made now; the first ones
// logged dropped them, and replay as they were played).
const switchKeepsRemote = "remote"

// startKind is the game a table began with, and its options: its row's,
// unless its log switched game, whose first switch names the game it
// left (the row names the game played now).
func startKind(kinds map[string]*kind, row db.Room, entries []db.Entry) (*kind, Options, error) {
	k, o, err := rowKind(kinds, row)
	if err != nil {
		return nil, o, err
	}
	for _, e := range entries {
		if !bytes.Contains(e.Entry, []byte(`"t":"switch"`)) {
			continue
		}
		en, err := decodeEntry(e)
		if err != nil || en.T != eSwitch {
			continue
		}
		first, ok := kinds[en.From]
		if !ok {
			return nil, o, fmt.Errorf("room %s: unknown first game %q: %w", row.Code, en.From, errUnreadable())
		}
		return first, o, nil
	}
	return k, o, nil
}

// switched is what the room does once a switch is saved: the row names
// the new game (for the home page and My games).
func switched(rt *Runtime, code string, t *Table) {
	if err := rt.db.SetKind(context.Background(), code, t.Game); err != nil {
		rt.log.Error("note the table's game", "room", code, "err", err)
	}
}

// nextGameView is the host's choice of the next game, for a viewer: the
// games with their options as the creation form offers them, while the
// table may change game (nil for anyone else, or while a deal is in
// play).
func nextGameView(rt *Runtime, t *Table, code, player string) *views.NextGame {
	if !nextShown(t, player) {
		return nil
	}
	return &views.NextGame{URL: "/t/" + code, Games: rt.gameInfos(), Slow: t.Opts.Pace > 0, Lobby: t.Match == nil}
}

// nextShown reports whether player is offered the choice of the next
// game now: the host, while the table may change game. A game played
// deal after deal offers it while the host has paused it between deals,
// not in every short pause before the next deal (it would come and go
// under the host's hand).
func nextShown(t *Table, player string) bool {
	if !t.isHost(player) || t.damage != nil || t.Match != nil && !t.Paused && !t.gameOver() || t.Match == nil && t.Games == 0 {
		return false // (a table's first lobby is the game its host just chose)
	}
	return t.switchable()
}

// nextGameFragment is the host's choice of the next game as a push's
// fragment: keyed by whether it shows (and where), so it is built,
// rendered and sent only when that changes, never under the host's hand
// while they choose.
func nextGameFragment(rt *Runtime, t *Table, code, player string) views.Fragment {
	key := uint64(1)
	if nextShown(t, player) {
		key = 2
		if t.Match == nil {
			key = 3
		}
	}
	return views.Fragment{ID: "next-game", Frame: true, Key: key,
		Component: templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
			return views.NextGamePanel(nextGameView(rt, t, code, player)).Render(ctx, w)
		})}
}

// nextWords are the words of a lobby the table switched to ("Next: Texas
// Hold'em, sit-and-go, turbo"): its game and options, when the table has
// played a game before ("" in a table's first lobby).
func nextWords(t *Table, l *i18n.Lang, options string) string {
	if t.Games == 0 || t.Match != nil {
		return ""
	}
	return l.Msg(i18n.M("lobby.next", i18n.Nest("Game", t.kind.info.Title()), i18n.S("Options", options)))
}

// nextTitle, in the lobby of a table that changed game, are the top
// bar's game (and the page's title) and rules link, and the Log drawer's
// line on the record, pushed so that a page opened on the last
// game names the next (none in a table's first lobby: its page does).
func nextTitle(t *Table, code string, l *i18n.Lang) []views.Fragment {
	if t.Games == 0 {
		return nil
	}
	title := l.Msg(t.kind.info.Title())
	return []views.Fragment{{ID: "bar-game", Component: views.BarGameTitled(title, l.Msg(views.TableTitle(title, code))), Frame: true},
		{ID: "rules-link", Component: views.RulesLink(title, "/rules/"+t.kind.name), Frame: true},
		{ID: "fair-line", Component: views.FairLine("/t/"+code, fairWord(t.kind)), Frame: true}}
}
