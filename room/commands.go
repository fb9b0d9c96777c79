package room

import (
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
)

// Commands run inside the room actor: each checks who asks, then commits
// one entry. They return a *game.Error for the player.

func errNotAllowed(key string, args ...i18n.Arg) error {
	return game.Err(game.CodeInvalidAction, key, args...)
}

// errNameTaken refuses a name someone else at the table goes by, so no
// one can speak as another.
func errNameTaken(name string) error {
	return game.Err("NAME_TAKEN", "error.table.name_taken", i18n.S("Name", name))
}

// codeStale refuses a move posted from a version of the seat older than
// the table's (a double click, a retried request): answered with 409.
const codeStale = "STALE_MOVE"

// join seats a player in the first empty seat of the lobby, or keeps them
// where they sit. It returns the seat, or -1 when they can only watch.
func (r *Room) join(player, name string) (int, error) {
	if s := r.t.seatOf(player); s >= 0 {
		return s, nil
	}
	if r.t.Started() {
		return -1, nil
	}
	if r.t.nameTaken(name, player) {
		return -1, errNameTaken(name)
	}
	for i, s := range r.t.Seats {
		if s.empty() {
			if err := r.commit(entry{T: eSit, Seat: i, Player: player, Name: name}); err != nil {
				return -1, err
			}
			return i, nil
		}
	}
	return -1, nil
}

// lobbyAction is a lobby button: ready, unready, leave, sit, bot, free,
// start.
func (r *Room) lobbyAction(player, name string, form url.Values) error {
	me := r.t.seatOf(player)
	host := r.t.isHost(player)
	target, err := parseSeat(form, len(r.t.Seats))
	if err != nil {
		return err
	}
	do := form.Get("do")
	if r.t.Started() && do != "free" {
		return game.Err("ROOM_IN_GAME", "error.table.game_has_started")
	}
	switch do {
	case "ready", "unready":
		if me < 0 {
			return errNotAllowed("error.table.take_seat_first")
		}
		t := eReady
		if do == "unready" {
			t = eUnready
		}
		return r.commit(entry{T: t, Seat: me})
	case "leave":
		if me < 0 {
			return errNotAllowed("error.table.are_not_seated")
		}
		if host {
			return errNotAllowed("error.table.host_keeps_seat")
		}
		return r.commit(entry{T: eLeave, Seat: me})
	case "sit":
		if me >= 0 {
			return errNotAllowed("error.table.already_have_seat")
		}
		if target < 0 || !r.t.Seats[target].empty() {
			return game.Err("ROOM_FULL", "error.table.seat_taken")
		}
		if name == "" {
			return errNotAllowed("error.table.enter_name_first")
		}
		if r.t.nameTaken(name, player) {
			return errNameTaken(name)
		}
		return r.commit(entry{T: eSit, Seat: target, Player: player, Name: name})
	case "bot":
		if !host {
			return game.Err("NOT_HOST", "error.table.only_host_adds_bots")
		}
		if !r.t.Opts.Bots {
			return errNotAllowed("error.table.table_plays_without_bots")
		}
		if target < 0 || !r.t.Seats[target].empty() {
			return errNotAllowed("error.table.seat_taken")
		}
		return r.commit(entry{T: eBot, Seat: target, Bot: r.t.botKind(r.t.kind)})
	case "free":
		if !host {
			return game.Err("NOT_HOST", "error.table.only_host_frees_seats")
		}
		if target < 0 || target == me || r.t.Seats[target].empty() {
			return errNotAllowed("error.table.choose_another_player_s")
		}
		if r.t.Started() && r.t.Seats[target].Bot != "" {
			return errNotAllowed("error.table.bot_already_plays_seat")
		}
		return r.commit(entry{T: eFree, Seat: target})
	case "start":
		if !host {
			return game.Err("NOT_HOST", "error.table.only_host_starts_game")
		}
		l := r.lobby(r.view(me, player))
		if !l.CanStart {
			return game.Err("NOT_ENOUGH_PLAYERS", "lobby.hint.players", i18n.Count(r.t.kind.minPlayers(r.t.Opts)))
		}
		return r.commit(entry{T: eStart, Seed: r.nextSeed()})
	}
	return errNotAllowed("error.table.unknown_lobby_action")
}

// seatAction is a request about seats once the game runs: a watcher asks
// for one (do=ask), the host answers (do=accept or do=decline, who=the
// request's index), a seated player leaves (do=leave); the host pauses,
// resumes, sets the stakes (do=stakes) and the table's options
// (do=options), hands the role on, and lets anyone sit (do=open) or asks
// first (do=close).
func (r *Room) seatAction(player, name string, form url.Values) error {
	if form.Get("do") == "next" { // the host changes game (nextgame.go), in the lobby too
		e, err := nextGame(r.rt, r.t, player, form)
		if err != nil {
			return err
		}
		return r.commit(e)
	}
	if !r.t.Started() {
		return game.Err("ROOM_IN_LOBBY", "error.table.game_has_not_started")
	}
	me := r.t.seatOf(player)
	switch form.Get("do") {
	case "ask":
		switch {
		case me >= 0:
			return errNotAllowed("error.table.already_have_seat")
		case name == "":
			return errNotAllowed("error.table.enter_name_first")
		case r.t.askOf(player) >= 0:
			return errNotAllowed("error.table.have_asked_already")
		case r.t.removed(player):
			return game.Err("REMOVED", "error.table.host_removed_from_table")
		case r.lateEntry() == "closed":
			return game.Err("REGISTRATION_CLOSED", "error.table.registration_tournament_closed_may")
		case r.t.nameTaken(name, player):
			return errNameTaken(name)
		case len(r.t.Asks) >= maxAsks:
			return game.Err("TOO_MANY_ASKS", "error.table.too_many_people_are")
		}
		return r.commit(entry{T: eAsk, Player: player, Name: name})
	case "leave":
		if me < 0 {
			return errNotAllowed("error.table.are_not_seated")
		}
		return r.commit(entry{T: eQuit, Seat: me})
	case "again":
		if me < 0 {
			return errNotAllowed("error.table.are_watching_players_choose")
		}
		return r.playAgain(me)
	}
	// the rest is the host's
	if !slices.Contains([]string{"accept", "decline", "pause", "resume", "stakes", "options", "host", "open", "close"}, form.Get("do")) {
		return errNotAllowed("error.table.unknown_seat_action")
	}
	if !r.t.isHost(player) {
		return game.Err("NOT_HOST", "error.table.only_host_do")
	}
	switch form.Get("do") {
	case "accept", "decline":
		i, err := strconv.Atoi(form.Get("who"))
		if err != nil || i < 0 || i >= len(r.t.Asks) || r.t.Asks[i].Accepted {
			return errNotAllowed("error.table.request_no_longer_open")
		}
		by := "no"
		if form.Get("do") == "accept" {
			by = "yes"
		}
		return r.commit(entry{T: eAnswer, Player: r.t.Asks[i].Player, By: by})
	case "pause":
		if r.t.Paused {
			return errNotAllowed("error.table.table_paused_already")
		}
		return r.commit(entry{T: ePause})
	case "resume":
		if !r.t.Paused {
			return errNotAllowed("error.table.table_not_paused")
		}
		r.restartClocks()
		return r.commit(entry{T: eResume})
	case "stakes":
		choice := form.Get("stakes")
		if r.t.kind.stakes == nil || !slices.Contains(r.t.kind.stakes.choices, choice) {
			return errNotAllowed("error.table.choose_stakes_from_list")
		}
		if choice == r.t.kind.stakes.current(r.t.Opts) {
			return errNotAllowed("error.table.those_are_stakes_already")
		}
		return r.commit(entry{T: eStakes, By: choice})
	case "options":
		if r.t.kind.tableOptions == nil {
			return errNotAllowed("error.table.table_has_no_options")
		}
		by, err := r.t.kind.tableOptions.read(r.t.Match, r.t.Opts, form)
		if err != nil {
			return err
		}
		return r.commit(entry{T: eOptions, By: by})
	case "open", "close":
		if open := form.Get("do") == "open"; open == r.t.Opts.OpenSeats {
			return errNotAllowed("error.table.seats_already")
		}
		by := "off"
		if form.Get("do") == "open" {
			by = "on"
		}
		return r.commit(entry{T: eOpen, By: by})
	case "host":
		to, err := strconv.Atoi(form.Get("seat"))
		if err != nil || to < 0 || to >= len(r.t.Seats) || !r.t.Seats[to].person() || to == me {
			return errNotAllowed("error.table.choose_another_person_seated")
		}
		return r.commit(entry{T: eHost, Seat: to})
	}
	return errNotAllowed("error.table.unknown_seat_action")
}

// parseSeat reads the optional seat field of a lobby form: -1 when absent.
func parseSeat(form url.Values, seats int) (int, error) {
	v := form.Get("seat")
	if v == "" {
		return -1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n >= seats {
		return -1, errNotAllowed("error.table.no_such_seat")
	}
	return n, nil
}

// move decodes and commits a player's move from a posted form.
func (r *Room) move(player string, form url.Values) error {
	seat := r.t.seatOf(player)
	if seat < 0 {
		return game.Err(game.CodeNotYourTurn, "error.table.are_watching_table_only")
	}
	if r.t.Match == nil {
		return errNotAllowed("error.table.game_not_started")
	}
	if r.t.Paused {
		return game.Err("TABLE_PAUSED", "error.table.table_paused_wait_host")
	}
	if v := form.Get("v"); v != "" && v != strconv.Itoa(r.t.Seats[seat].Acts) {
		return game.Err(codeStale, "error.table.table_moved_before_move")
	}
	mv, err := r.t.Match.Decode(form)
	if err != nil {
		return err
	}
	data, err := json.Marshal(mv)
	if err != nil {
		return game.Err(game.CodeInternal, "error.table.move_not_saved")
	}
	if r.t.kind.rematch == nil {
		return r.commit(entry{T: eMove, Seat: seat, Move: data, By: byPlayer, Bank: r.bankUsed(seat)})
	}
	if is, _ := r.t.kind.rematch(r.t.Match, mv); is {
		return r.playAgain(seat)
	}
	return r.commit(entry{T: eMove, Seat: seat, Move: data, By: byPlayer})
}

// playAgain is a seated player's "Play again" once the game is over. It is
// an offer: the new game starts when every person seated wants it (bots
// always do), with the same people in the same seats at the same link,
// and the table's evening runs on. A game whose engine starts again itself
// gets its rematch move; any other a new match (eAgain) with the seed
// committed at the first offer.
func (r *Room) playAgain(seat int) error {
	if !r.t.gameOver() {
		return game.Err(game.CodeNotYourTurn, "error.table.game_not_over")
	}
	if r.t.Paused {
		return game.Err("TABLE_PAUSED", "error.table.table_paused_wait_host")
	}
	if !r.t.offered(seat) {
		if err := r.commit(entry{T: eOffer, Seat: seat}); err != nil {
			return err
		}
	}
	return r.againIfReady()
}

// againIfReady starts the next game when someone wants to play again and
// every person seated does (after an offer, or when the one awaited left
// the table or is away).
func (r *Room) againIfReady() error {
	if len(r.t.Offers) == 0 || r.t.Paused || !r.t.gameOver() || !r.t.rematchReady() {
		return nil
	}
	if r.t.kind.rematch != nil {
		data, err := json.Marshal(r.t.kind.again)
		if err != nil {
			return game.Err(game.CodeInternal, "error.table.move_not_saved")
		}
		return r.commit(entry{T: eMove, Seat: r.t.Offers[0], Move: data, By: byPlayer})
	}
	return r.commit(entry{T: eAgain, Seed: r.nextSeed()})
}

// maxAsks is how many requests for a seat may wait at once (for the host's
// answer, or for a bot's seat).
const maxAsks = 8

// chat rate limit: at most chatBurst lines per chatWindow per player.
const (
	chatBurst  = 5
	chatWindow = 10 * time.Second
)

// chat adds a line from a player (seated or watching) to the table log.
func (r *Room) chat(player, name, raw string) error {
	if name == "" || player == "" {
		return errNotAllowed("error.table.enter_name_table_first")
	}
	text, err := checkChat(raw)
	if err != nil {
		return err
	}
	if r.t.nameTaken(name, player) {
		return errNameTaken(name)
	}
	now := r.rt.now()
	recent := r.chatTimes[player][:0]
	for _, t := range r.chatTimes[player] {
		if now.Sub(t) < chatWindow {
			recent = append(recent, t)
		}
	}
	if len(recent) >= chatBurst {
		r.chatTimes[player] = recent
		return game.Err("RATE_LIMITED", "error.table.slow_down_most_5")
	}
	r.chatTimes[player] = append(recent, now)
	body, _ := json.Marshal(text)
	return r.commit(entry{T: eChat, Seat: r.t.seatOf(player), Player: player, Name: name, Move: body})
}

// checkChat trims a chat line and checks it has 1–200 printable characters.
func checkChat(raw string) (string, error) {
	return checkText(raw, maxChat, textRules{code: "INVALID_MESSAGE",
		empty: "error.chat.empty", long: "error.chat.long", unprintable: "error.chat.unprintable",
		invisible: "error.chat.invisible", marks: "error.chat.marks"})
}
