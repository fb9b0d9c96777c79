package room

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
)

// Options are a table's settings, chosen at creation. Each game reads the
// fields it uses.
type Options struct {
	Seats int  `json:"seats"`
	Bots  bool `json:"bots"`
	// Clock is the seconds a player has for each move; 0 means no clock.
	Clock int `json:"clock,omitempty"`
	// Pace is the hours a person has for each move at a table played at a
	// slow pace (room/pace.go); 0: real time.
	Pace int `json:"pace,omitempty"`
	// Bot is the AI kind of the bot seats; "" is the game's default.
	Bot     string `json:"bot,omitempty"`
	Ruleset string `json:"ruleset,omitempty"` // President
	// NoJokers: President without its two jokers (the design note's
	// use_jokers off; on by default).
	NoJokers bool `json:"nojokers,omitempty"`
	// Hold'em
	SmallBlind int `json:"sb,omitempty"`
	BigBlind   int `json:"bb,omitempty"`
	Stack      int `json:"stack,omitempty"`
	// Poker: antes, straddles, running it twice, show or muck, bomb pots
	// and the sit-and-go (room/holdemmatch.go); nil for none of them.
	Poker *pokerOptions `json:"poker,omitempty"`
	// Lowest Unique
	Rounds int `json:"rounds,omitempty"`
	Cards  int `json:"cards,omitempty"`
	Reveal int `json:"reveal,omitempty"` // seconds
	// OpenSeats: anyone watching may take a seat a bot holds, without the
	// host's approval.
	OpenSeats bool `json:"open,omitempty"`
	// Public: listed on the home page for anyone to join.
	Public bool `json:"public,omitempty"`
	// Club is the handle of the club the table is one of (room/club.go);
	// "" for none.
	Club string `json:"club,omitempty"`
	// Unattended is the minutes bots play on with nobody connected before
	// they pause (0: the server's default, 10 min).
	Unattended int `json:"unattended,omitempty"`
	// ShortCode: the host chose a 4-character code, easy to say aloud but
	// findable by guessing (public tables have one too).
	ShortCode bool `json:"short,omitempty"`
	// TimeBank: each player's bank of extra seconds, used when the clock
	// runs out, topped up to full every BankEvery deals (0: never).
	TimeBank  int `json:"bank,omitempty"`
	BankEvery int `json:"bankevery,omitempty"`
	// Revision is the rules revision the table was created under, so a
	// table replays its log by the rules it was played by: 0 for tables
	// from before revisions were kept (Hold'em then asked a player to act
	// alone, Impetus took a vagrant's skips of what it could do), and
	// Revision for tables created now.
	Revision int `json:"rev,omitempty"`
}

// Revision is the rules revision of new tables (Options.Revision): 1 since
// nobody acts alone in Hold'em and an Impetus vagrant does all it can; 2
// since a sit-and-go's bot out of chips on the last rebuy hand buys back
// in before the next level closes rebuys.
const Revision = 2

// seat is one seat of a table: a human (Player, the session's player id),
// a bot (Bot, its kind), or empty.
type seat struct {
	Player string `json:"player,omitempty"`
	Name   string `json:"name,omitempty"`
	Bot    string `json:"bot,omitempty"`
	Ready  bool   `json:"ready,omitempty"`
	// Away marks a player gone longer than the grace period: a bot plays
	// the seat until they come back.
	Away bool `json:"away,omitempty"`
	// Fresh marks a player who took a bot's seat between deals: until the
	// next deal they see the table as a watcher, never the cards of a deal
	// they were not dealt.
	Fresh bool `json:"fresh,omitempty"`
	// Acts counts the moves made for the seat (by its player, a bot or a
	// clock): the version a move form carries, so a repeated or late post
	// can't land on a later state.
	Acts int `json:"acts,omitempty"`
	// Remote marks a remote bot: a program playing through the bot API
	// (program.go) as Player, a bot's player id ("bot:" + its id). It
	// plays under a person's clocks and absences, but it is no person:
	// it is never the host, never rated, and never awaited to play again.
	Remote bool `json:"remote,omitempty"`
	// Invited: the remote bot is a player's bot identity the host invited
	// (its owner keeps its token), not one made for this seat.
	Invited bool `json:"invited,omitempty"`
	// Own and Helped count the moves of the game under way (one that
	// places the players: a deal, a game, a tournament) made for the
	// person seated: by them, and for them (their clock, or a bot while
	// they were away). A rated game needs them (rated.go).
	Own    int `json:"own,omitempty"`
	Helped int `json:"helped,omitempty"`
}

func (s seat) empty() bool { return s.Player == "" && s.Bot == "" }

// person reports a seat a person holds (not a bot, built-in or remote).
func (s seat) person() bool { return s.Player != "" && !s.Remote }

// botPlayed reports whether a bot moves for the seat (a bot seat, or a
// player away).
func (s seat) botPlayed() bool { return s.Bot != "" || s.Away }

// seatAsk is a watcher's request for a seat.
type seatAsk struct {
	Player   string `json:"player"`
	Name     string `json:"name"`
	Accepted bool   `json:"ok,omitempty"`
}

// seatPlayedBy tells the match whether a person or a bot plays seat now.
func (t *Table) seatPlayedBy(k *kind, seat int) {
	if k.onSeat != nil && t.Match != nil {
		k.onSeat(t.Match, seat, t.Seats[seat].person())
	}
}

// nameTaken reports whether someone else at the table goes by name: a
// seated player or bot, an asker, or a watcher who chatted.
func (t *Table) nameTaken(name, player string) bool {
	other := func(p, n string) bool { return p != player && strings.EqualFold(n, name) }
	for _, s := range t.Seats {
		if other(s.Player, s.Name) {
			return true
		}
	}
	for _, a := range t.Asks {
		if other(a.Player, a.Name) {
			return true
		}
	}
	for _, k := range t.Talkers {
		if other(k.Player, k.Name) {
			return true
		}
	}
	return false
}

// knows reports whether player sits, asks or has talked at the table.
func (t *Table) knows(player string) bool {
	return player != "" && (t.seatOf(player) >= 0 || t.askOf(player) >= 0 || t.isHost(player) ||
		slices.ContainsFunc(t.Talkers, func(k talker) bool { return k.Player == player }))
}

// removed reports a player the host removed from the table.
func (t *Table) removed(player string) bool { return slices.Contains(t.Removed, player) }

// isHost reports whether player (a session's player id) hosts the table.
func (t *Table) isHost(player string) bool { return player != "" && player == t.Host }

// offered reports whether the player in seat wants a rematch.
func (t *Table) offered(seat int) bool { return slices.Contains(t.Offers, seat) }

// rematchReady reports whether every person seated wants a rematch.
func (t *Table) rematchReady() bool {
	for i, s := range t.Seats {
		if s.person() && !s.Away && !t.offered(i) {
			return false
		}
	}
	return true
}

// askOf is the index of a player's request, or -1.
func (t *Table) askOf(player string) int {
	return slices.IndexFunc(t.Asks, func(a seatAsk) bool { return a.Player == player })
}

// logLine is one line of a table's log: Msg, the line as data (a catalog
// key and its arguments, names already in), written in each reader's
// language when read; or Text, a chat line's, and the lines of tables
// logged before the catalogs (English, shown as they are).
type logLine struct {
	Text string    `json:"text,omitempty"`
	Msg  *i18n.Msg `json:"msg,omitempty"`
	// en is Msg in English, written once when the line is logged (most
	// readers read it, and a push writes it for each), not kept.
	en   string
	Only []int `json:"only,omitempty"`
	// Except are the seats that read a private twin of this line instead.
	Except []int `json:"except,omitempty"`
	Chat   bool  `json:"chat,omitempty"`
	// By is the chat line's seat plus one (0: a watcher's, or not chat).
	By   int    `json:"by,omitempty"`
	Said string `json:"said,omitempty"` // the chat line's words alone
	Who  string `json:"who,omitempty"`  // the chat line's author
	// Role marks the author: "host", "player" (seated) or "" (watching).
	Role string `json:"role,omitempty"`
}

// maxChatLines is how many chat lines a table keeps, apart from the game
// log so talk can't push the game out of it.
const maxChatLines = 100

// talker is a watcher who chatted: their name is theirs at this table.
type talker struct {
	Player string `json:"player"`
	Name   string `json:"name"`
}

// maxLog is how many log lines a table keeps in memory and snapshots.
const maxLog = 200

// Table is everything a room's action log determines. It changes only by
// apply, live and in replay alike, so a replayed table equals the live one.
type Table struct {
	// Game is the game played now, by its kind's name (its options are
	// Opts): the table's first game, or the one the host switched to
	// last (eSwitch, nextgame.go); "" in snapshots from before a table
	// could change game, whose game is the table's first.
	Game  string  `json:"game,omitempty"`
	Opts  Options `json:"opts"`
	Host  string  `json:"host"`
	Seats []seat  `json:"seats"`
	// Asks are watchers who asked for a seat once the game had started;
	// an accepted one takes a bot's seat when the game allows.
	Asks []seatAsk `json:"asks,omitempty"`
	// Offers are the seats that want a rematch: it starts when every
	// person seated wants it (bots always do).
	Offers []int `json:"offers,omitempty"`
	// Removed are the players the host removed once the game ran: they
	// may watch, not sit again.
	Removed []string `json:"removed,omitempty"`
	// Paused: the host stopped the table; no move, clock or bot runs.
	Paused bool      `json:"paused,omitempty"`
	Seq    int64     `json:"seq"`
	Log    []logLine `json:"log"`
	Chat   []logLine `json:"chat,omitempty"`
	// Talkers are the watchers who chatted, whose names no one else may
	// take at this table.
	Talkers []talker  `json:"talkers,omitempty"`
	Fair    fairSeeds `json:"fair"`
	// Banks: each seat's time bank left, in ms, and the deals dealt since
	// the start (for the top-ups), at a table with time banks.
	Banks []int `json:"banks,omitempty"`
	Deals int   `json:"deals,omitempty"`
	// Games counts the matches begun at the table: 1 from the start, one
	// more each time everyone plays again (0 in tables from before).
	Games int `json:"games,omitempty"`
	// Evening adds up every deal, hand or game finished at the table
	// (evening.go); nil until the first.
	Evening *evening `json:"evening,omitempty"`
	// Played are the seats' Own and Helped moves in the last game that
	// placed the players, kept when it ended (rated.go).
	Played []play     `json:"played,omitempty"`
	Match  game.Match `json:"-"`
	// kind is the game played now (Game's).
	kind *kind
	// opened is when the table was created (from its row, not its log).
	opened time.Time
	// damage, when set, is the first log entry that did not apply: the
	// table stands at the entry before it, read-only (not in the log).
	damage *Damage
}

// fairSeeds are the seeds of a game with hidden randomness. Next is
// committed (its SHA-256 is in the log) and starts the next deal; Current
// started the deal under way and is revealed in the log when it ends.
// They never leave the server before that.
type fairSeeds struct {
	Next    uint64 `json:"next,omitempty"`
	Current uint64 `json:"current,omitempty"`
}

// entry is one row of the action log.
type entry struct {
	T      string          `json:"t"`
	Seat   int             `json:"seat,omitempty"`
	Player string          `json:"player,omitempty"`
	Name   string          `json:"name,omitempty"`
	Bot    string          `json:"bot,omitempty"`
	Seed   uint64          `json:"seed,omitempty"`
	Move   json.RawMessage `json:"move,omitempty"`
	By     string          `json:"by,omitempty"`
	// Note says why a bot's move is the fallback (its model failed).
	Note string `json:"note,omitempty"`
	// Bank: the ms of its time bank the seat used on this move.
	Bank int `json:"bank,omitempty"`
	// Game and Opts are the game a switch changes to and its options;
	// From is the game it leaves (nextgame.go).
	Game string   `json:"game,omitempty"`
	Opts *Options `json:"opts,omitempty"`
	From string   `json:"from,omitempty"`
}

// Entry kinds.
const (
	eCreate  = "create"  // the host takes seat 0
	eSit     = "sit"     // a human takes an empty seat (lobby)
	eLeave   = "leave"   // a human leaves a seat (lobby)
	eBot     = "bot"     // a bot takes an empty seat (lobby)
	eFree    = "free"    // the host frees a seat: empty in the lobby, a bot in play
	eReady   = "ready"   // a human is ready
	eUnready = "unready" // a human is not ready
	eStart   = "start"   // the match begins with a seed
	eMove    = "move"    // a move of the match (seat game.System for the table's own)
	eAway    = "away"    // a player gone past the grace period: a bot plays for them
	eBack    = "back"    // the player is back and plays again
	eChat    = "chat"    // a chat line (Name, Text in Move as a JSON string)
	eCommit  = "commit"  // the seed of the next deal is chosen; its hash is shown
	eAsk     = "ask"     // a watcher asks for a seat in a started game
	eAnswer  = "answer"  // the host lets an asker sit (By "yes") or not
	eTake    = "take"    // an accepted asker takes the seat a bot holds
	eQuit    = "quit"    // a seated player leaves a started game: a bot plays the seat
	ePause   = "pause"   // the host stops the table
	eResume  = "resume"  // the host starts it again
	eHost    = "host"    // the host hands the role to the player in Seat (By "absent": the host was gone too long)
	eOffer   = "offer"   // the player in Seat wants a rematch (to play again)
	eAgain   = "again"   // everyone seated plays again: a new match with a seed, same seats
	eStakes  = "stakes"  // the host sets the stakes (By) from the next hand
	eOpen    = "open"    // the host lets anyone sit (By "on") or asks first ("off")
	eOptions = "options" // the host sets the table's options (By, a form's query) from the next hand
	eRemote  = "remote"  // the host seats a remote bot (Player "bot:"+id, Name) in Seat: empty or a built-in bot's
	eSwitch  = "switch"  // the host changes the table's game (Game, Opts; From the game it leaves): its lobby opens
)

// maxChat is the longest chat line, in characters.
const maxChat = 200

// seedHash is the commitment to a seed: the SHA-256 of its 8 bytes, big
// endian, in hex.
func seedHash(seed uint64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seed)
	sum := sha256.Sum256(b[:])
	return hex.EncodeToString(sum[:])
}

// checkSeed refuses a seed other than the committed one (tables from
// before commitments have none and take any).
func (t *Table) checkSeed(k *kind, seed uint64) error {
	if k.fair != nil && t.Fair.Next != 0 && seed != t.Fair.Next {
		return fmt.Errorf("%w: the seed is not the committed one", errEntry)
	}
	return nil
}

// useSeed starts a deal with the committed seed.
func (t *Table) useSeed(k *kind, seed uint64) error {
	if err := t.checkSeed(k, seed); err != nil {
		return err
	}
	if k.fair != nil {
		t.Fair.Current, t.Fair.Next = seed, 0
	}
	return nil
}

// reveal tells the seed of a deal that just ended.
func (t *Table) reveal(k *kind) []logLine {
	if k.fair == nil || t.Fair.Current == 0 || t.Match == nil || !k.fair.over(t.Match) {
		return nil
	}
	seed := t.Fair.Current
	t.Fair.Current = 0
	return t.say(i18n.M("log.table.seed_revealed."+k.fair.what, i18n.S("Seed", strconv.FormatUint(seed, 16)), i18n.S("Hash", seedHash(seed))))
}

// Started reports whether the match has begun (the lobby is over).
func (t *Table) Started() bool { return t.Match != nil }

// newTable is a new table of game k, with options o.
func newTable(k *kind, o Options) *Table {
	return &Table{Game: k.name, kind: k, Opts: o, Seats: make([]seat, o.Seats)}
}

// errEntry is an entry the table can't take; in replay it means a corrupt
// log.
var errEntry = errors.New("entry does not apply")

// apply changes the table by one entry and returns the log lines it adds.
// On error nothing changed.
func (t *Table) apply(e entry) ([]logLine, error) {
	k := t.kind
	inSeat := e.Seat >= 0 && e.Seat < len(t.Seats)
	lobby := !t.Started()
	switch e.T {
	case eCreate:
		if t.Host != "" || len(t.Seats) == 0 {
			return nil, errEntry
		}
		t.Host = e.Player
		t.Seats[0] = seat{Player: e.Player, Name: e.Name, Ready: true}
		return t.say(i18n.M("log.table.opens", i18n.S("Name", e.Name))), nil
	case eSit:
		if !lobby || !inSeat || !t.Seats[e.Seat].empty() {
			return nil, errEntry
		}
		t.Seats[e.Seat] = seat{Player: e.Player, Name: e.Name}
		if i := t.askOf(e.Player); i >= 0 {
			t.Asks = slices.Delete(t.Asks, i, i+1) // first in line after a switch, now seated
		}
		return t.say(i18n.M("log.table.sits", i18n.S("Name", e.Name), i18n.N("Seat", e.Seat+1))), nil
	case eLeave:
		if !lobby || !inSeat || t.Seats[e.Seat].Player == "" {
			return nil, errEntry
		}
		name := t.Seats[e.Seat].Name
		t.Seats[e.Seat] = seat{}
		return t.say(i18n.M("log.table.leaves", i18n.S("Name", name))), nil
	case eBot:
		if !lobby || !inSeat || !t.Seats[e.Seat].empty() || !t.Opts.Bots {
			return nil, errEntry
		}
		t.Seats[e.Seat] = seat{Bot: e.Bot, Name: botName(e.Seat)}
		return t.say(i18n.M("log.table.bot_sits", i18n.BotArg("Bot", e.Seat+1), i18n.N("Seat", e.Seat+1))), nil
	case eFree:
		if !inSeat || t.Seats[e.Seat].empty() {
			return nil, errEntry
		}
		old := t.Seats[e.Seat]
		if lobby {
			t.Seats[e.Seat] = seat{}
			return t.say(i18n.M("log.table.removed_lobby", nameOf(old, "Name"), i18n.N("Seat", e.Seat+1))), nil
		}
		if old.Bot != "" {
			return nil, errEntry
		}
		t.Seats[e.Seat] = seat{Bot: t.botKind(k), Name: botName(e.Seat)}
		t.seatPlayedBy(k, e.Seat)
		t.Removed = append(t.Removed, old.Player)
		if old.Remote {
			return t.say(i18n.M("log.table.handed_back", i18n.S("Name", old.Name), i18n.BotArg("Bot", e.Seat+1))), nil
		}
		lines := t.say(i18n.M("log.table.removed", i18n.S("Name", old.Name), i18n.BotArg("Bot", e.Seat+1)))
		if t.Opts.OpenSeats {
			// a removed player must not walk back in with a fresh cookie:
			// newcomers now wait for the host (who may open the seats again)
			t.Opts.OpenSeats = false
			lines = append(lines, t.say(i18n.M("log.table.seats_closed"))...)
		}
		return lines, nil
	case eOpen:
		if lobby || t.Opts.OpenSeats == (e.By == "on") {
			return nil, errEntry
		}
		t.Opts.OpenSeats = e.By == "on"
		if t.Opts.OpenSeats {
			return t.say(i18n.M("log.table.seats_open")), nil
		}
		return t.say(i18n.M("log.table.seats_closed")), nil
	case eAsk:
		if lobby || e.Player == "" || t.seatOf(e.Player) >= 0 || t.askOf(e.Player) >= 0 || t.removed(e.Player) {
			return nil, errEntry
		}
		// no log line: the host sees the requests in the seat bar, and a
		// crowd of askers must not fill the log
		t.Asks = append(t.Asks, seatAsk{Player: e.Player, Name: e.Name, Accepted: t.Opts.OpenSeats})
		return nil, nil
	case eAnswer:
		i := t.askOf(e.Player)
		if i < 0 || t.Asks[i].Accepted {
			return nil, errEntry
		}
		a := t.Asks[i]
		if e.By != "yes" {
			t.Asks = append(t.Asks[:i], t.Asks[i+1:]...)
			return t.say(i18n.M("log.table.ask_declined", i18n.S("Name", a.Name))), nil
		}
		t.Asks[i].Accepted = true
		return t.say(i18n.M("log.table.ask_accepted", i18n.S("Name", a.Name))), nil
	case eTake:
		i := t.askOf(e.Player)
		if lobby || !inSeat || i < 0 || !t.Asks[i].Accepted || t.Seats[e.Seat].Bot == "" || t.seatOf(e.Player) >= 0 {
			return nil, errEntry
		}
		a := t.Asks[i]
		t.Asks = append(t.Asks[:i], t.Asks[i+1:]...)
		was := t.nameArg(e.Seat)
		was.Name = "Was"
		t.Seats[e.Seat] = seat{Player: a.Player, Name: a.Name, Ready: true, Fresh: k.seatOpen != nil}
		t.seatPlayedBy(k, e.Seat)
		return t.say(i18n.M("log.table.takes_seat", i18n.S("Name", a.Name), i18n.N("Seat", e.Seat+1), was)), nil
	case eQuit:
		if lobby || !inSeat || t.Seats[e.Seat].Player == "" {
			return nil, errEntry
		}
		old := t.Seats[e.Seat]
		t.Seats[e.Seat] = seat{Bot: t.botKind(k), Name: botName(e.Seat)}
		t.seatPlayedBy(k, e.Seat)
		lines := t.say(i18n.M("log.table.quits", i18n.S("Name", old.Name), i18n.BotArg("Bot", e.Seat+1), i18n.N("Seat", e.Seat+1)))
		if old.Player == t.Host {
			// the host role passes to the next person seated
			for j := 1; j < len(t.Seats); j++ {
				if next := t.Seats[(e.Seat+j)%len(t.Seats)]; next.person() {
					t.Host = next.Player
					lines = append(lines, t.say(i18n.M("log.table.new_host", i18n.S("Name", next.Name)))...)
					break
				}
			}
		}
		return lines, nil
	case eStakes:
		if lobby || k.stakes == nil {
			return nil, errEntry
		}
		if err := k.stakes.set(t.Match, &t.Opts, e.By); err != nil {
			return nil, fmt.Errorf("%w: %v", errEntry, err)
		}
		return t.say(i18n.M("log.table.stakes."+k.stakes.what, i18n.S("Stakes", e.By))), nil
	case eOptions:
		if lobby || k.tableOptions == nil {
			return nil, errEntry
		}
		line, err := k.tableOptions.set(t.Match, &t.Opts, e.By)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errEntry, err)
		}
		return t.events([]game.Event{line}), nil
	case eRemote:
		if !inSeat || !strings.HasPrefix(e.Player, "bot:") || e.Name == "" || t.seatOf(e.Player) >= 0 || t.removed(e.Player) {
			return nil, errEntry
		}
		was := t.Seats[e.Seat]
		if lobby && !was.empty() && was.Bot == "" && !(was.Player == t.Host && !was.Remote) || !lobby && was.Bot == "" {
			return nil, errEntry // another person's seat, or an empty one in play
		}
		t.Seats[e.Seat] = seat{Player: e.Player, Name: e.Name, Ready: true, Remote: true, Invited: e.By == "invite", Fresh: !lobby && k.seatOpen != nil}
		if lobby {
			return t.say(i18n.M("log.table.remote_sits", i18n.S("Name", e.Name), i18n.N("Seat", e.Seat+1))), nil
		}
		t.seatPlayedBy(k, e.Seat)
		return t.say(i18n.M("log.table.remote_takes", i18n.S("Name", e.Name), i18n.N("Seat", e.Seat+1), nameOf(was, "Was"))), nil
	case eOffer:
		if lobby || !inSeat || t.Seats[e.Seat].Player == "" || t.offered(e.Seat) {
			return nil, errEntry
		}
		t.Offers = append(t.Offers, e.Seat)
		return t.say(i18n.M("log.table.offer", t.nameArgAs("Name", e.Seat))), nil
	case ePause, eResume:
		if lobby || t.Paused == (e.T == ePause) {
			return nil, errEntry
		}
		t.Paused = e.T == ePause
		if t.Paused {
			return t.say(i18n.M("log.table.paused")), nil
		}
		return t.say(i18n.M("log.table.resumed")), nil
	case eHost:
		if !inSeat || !t.Seats[e.Seat].person() || t.Seats[e.Seat].Player == t.Host {
			return nil, errEntry
		}
		old := t.nameArgAs("Old", t.seatOf(t.Host))
		t.Host = t.Seats[e.Seat].Player
		if e.By == "absent" {
			return t.say(i18n.M("log.table.host_absent", old, t.nameArgAs("Name", e.Seat))), nil
		}
		return t.say(i18n.M("log.table.new_host", t.nameArgAs("Name", e.Seat))), nil
	case eReady, eUnready:
		if !lobby || !inSeat || t.Seats[e.Seat].Player == "" {
			return nil, errEntry
		}
		t.Seats[e.Seat].Ready = e.T == eReady
		return nil, nil
	case eCommit:
		if k.fair == nil || t.Fair.Next != 0 || e.Seed == 0 {
			return nil, errEntry
		}
		t.Fair.Next = e.Seed
		return t.say(i18n.M("log.table.seed_committed."+k.fair.what, i18n.S("Hash", seedHash(e.Seed)))), nil
	case eStart:
		if err := t.useSeed(k, e.Seed); err != nil {
			return nil, err
		}
		lines, err := t.start(k, e.Seed)
		if err != nil {
			return nil, err
		}
		for i := range t.Seats {
			t.seatPlayedBy(k, i)
		}
		return append(lines, t.reveal(k)...), nil
	case eAway, eBack:
		if lobby || !inSeat || t.Seats[e.Seat].Player == "" || t.Seats[e.Seat].Away == (e.T == eAway) {
			return nil, errEntry
		}
		t.Seats[e.Seat].Away = e.T == eAway
		if e.T == eAway {
			return t.say(i18n.M("log.table.away", t.nameArgAs("Name", e.Seat))), nil
		}
		return t.say(i18n.M("log.table.back", t.nameArgAs("Name", e.Seat))), nil
	case eChat:
		var text string
		if err := json.Unmarshal(e.Move, &text); err != nil || text == "" {
			return nil, errEntry
		}
		line := logLine{Text: e.Name + ": " + text, Chat: true, Said: text, Who: e.Name}
		if e.Seat >= 0 && e.Seat < len(t.Seats) {
			line.By, line.Role = e.Seat+1, "player"
			if p := t.Seats[e.Seat].Player; p != "" && p == t.Host {
				line.Role = "host"
			}
		} else if e.Player != "" && !slices.ContainsFunc(t.Talkers, func(k talker) bool { return k.Player == e.Player }) {
			t.Talkers = append(t.Talkers, talker{Player: e.Player, Name: e.Name})
		}
		t.Chat = append(t.Chat, line)
		if len(t.Chat) > maxChatLines {
			t.Chat = append(t.Chat[:0:0], t.Chat[len(t.Chat)-maxChatLines:]...)
		}
		return []logLine{line}, nil
	case eMove:
		if t.Match == nil {
			return nil, errEntry
		}
		mv, err := t.Match.DecodeMove(e.Move)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errEntry, err)
		}
		if e.Seed != 0 {
			if err := t.checkSeed(k, e.Seed); err != nil {
				return nil, err
			}
		}
		evs, err := t.Match.Apply(e.Seat, mv)
		if err != nil {
			return nil, err
		}
		if e.Seat >= 0 && e.Seat < len(t.Seats) {
			t.Seats[e.Seat].Acts++
			t.Seats[e.Seat].counted(e.By)
			if e.Bank > 0 && e.Seat < len(t.Banks) {
				t.Banks[e.Seat] = max(t.Banks[e.Seat]-e.Bank, 0)
			}
		}
		if e.Seat == game.System && e.Seed != 0 && t.Opts.TimeBank > 0 {
			t.Deals++
			if n := t.Opts.BankEvery; n > 0 && t.Deals%n == 0 {
				for i := range t.Banks {
					t.Banks[i] = t.Opts.TimeBank * 1000
				}
				evs = append(evs, game.Say("log.table.banks_topped", i18n.N("Seconds", t.Opts.TimeBank)))
			}
		}
		if e.Seat == game.System {
			for i := range t.Seats {
				t.Seats[i].Fresh = false // a new deal: the seats are their players' own
			}
		}
		t.Offers = nil // a move: any rematch offer was taken or is moot
		if e.Seed != 0 {
			t.useSeed(k, e.Seed)
		}
		switch e.By {
		case byClock:
			evs = append([]game.Event{game.Say("log.table.timed_out", i18n.SeatArg("Name", e.Seat))}, evs...)
		case byAbsent:
			evs = append([]game.Event{game.Say("log.table.disconnected", i18n.SeatArg("Name", e.Seat))}, evs...)
		}
		if e.Note != "" {
			evs = append([]game.Event{game.Say("log.table.model_failed", i18n.SeatArg("Name", e.Seat), i18n.S("Why", e.Note))}, evs...)
		}
		t.tally(k)
		return append(t.events(evs), t.reveal(k)...), nil
	case eSwitch:
		return t.switchGame(e)
	case eAgain:
		if lobby || !t.Match.Over() {
			return nil, errEntry
		}
		if err := t.checkSeed(k, e.Seed); err != nil {
			return nil, err
		}
		m, evs, err := k.newMatch(t.Opts, len(t.Seats), e.Seed)
		if err != nil {
			return nil, err
		}
		t.useSeed(k, e.Seed)
		t.Match, t.Offers, t.Games = m, nil, max(t.Games, 1)+1
		t.resetBanks()
		for i := range t.Seats {
			t.Seats[i].Fresh = false
			t.Seats[i].Own, t.Seats[i].Helped = 0, 0 // a new game
			t.seatPlayedBy(k, i)
		}
		lines := t.say(i18n.M("log.table.again", i18n.N("Game", t.Games)))
		return append(append(lines, t.events(evs)...), t.reveal(k)...), nil
	}
	return nil, errEntry
}

// Who made a move, for the log.
const (
	byPlayer = ""
	byBot    = "bot"
	byClock  = "clock"
	byAbsent = "absent"
	bySystem = "system"
)

// start fills empty seats with bots if the table allows them, closes up
// the seats left empty, and deals.
func (t *Table) start(k *kind, seed uint64) ([]logLine, error) {
	if t.Started() {
		return nil, errEntry
	}
	seats := make([]seat, 0, len(t.Seats))
	for i, s := range t.Seats {
		if s.empty() && t.Opts.Bots {
			s = seat{Bot: t.botKind(k), Name: botName(i)}
		}
		if !s.empty() {
			seats = append(seats, s)
		}
	}
	m, evs, err := k.newMatch(t.Opts, len(seats), seed)
	if err != nil {
		return nil, err
	}
	t.Seats, t.Match, t.Games = seats, m, t.Games+1 // 1, or the next game after a switch
	t.resetBanks()
	lines := t.say(i18n.M("log.table.begins"))
	return append(lines, t.events(evs)...), nil
}

// resetBanks gives every seat a full time bank, at a table with them.
func (t *Table) resetBanks() {
	if t.Opts.TimeBank > 0 {
		t.Banks = make([]int, len(t.Seats))
		for i := range t.Banks {
			t.Banks[i] = t.Opts.TimeBank * 1000
		}
	}
}

// events keeps a match's events as log lines, with the players' names
// as they are now.
func (t *Table) events(evs []game.Event) []logLine {
	out := make([]logLine, 0, len(evs))
	for _, ev := range evs {
		if n := len(out); ev.Twin && n > 0 && len(out[n-1].Only) == 0 {
			out[n-1].Except = ev.Only
		}
		l := logLine{Only: ev.Only}
		if ev.Msg.IsZero() {
			l.Text = ev.Render(t.Name)
		} else {
			m := ev.Msg.Named(t.nameArg)
			l.Msg, l.en = &m, i18n.English().Msg(m)
		}
		out = append(out, l)
	}
	t.Log = append(t.Log, out...)
	t.trimLog()
	return out
}

// trimLog keeps the last maxLog lines. The window moves along its array
// (cleared behind it, so the lines it leaves are garbage at once; an
// append that outgrows the array copies only the lines kept): a line
// logged copies no whole log.
func (t *Table) trimLog() {
	if n := len(t.Log) - maxLog; n > 0 {
		clear(t.Log[:n])
		t.Log = t.Log[n:]
	}
}

func (t *Table) say(m i18n.Msg) []logLine {
	return t.events([]game.Event{{Msg: m}})
}

// String is the line in English (a test's, an operator's).
func (l logLine) String() string { return l.text(i18n.English()) }

// text is the line in lang.
func (l *logLine) text(lang *i18n.Lang) string {
	if l.en != "" && lang == i18n.English() {
		return l.en
	}
	if l.Msg != nil {
		return lang.Msg(*l.Msg)
	}
	return l.Text
}

// bank is the time bank seat has left, in ms.
func (t *Table) bank(seat int) int {
	if seat < 0 || seat >= len(t.Banks) {
		return 0
	}
	return t.Banks[seat]
}

// Name is what a seat goes by: its player's name, or its bot's.
func (t *Table) Name(seat int) string {
	if seat >= 0 && seat < len(t.Seats) && t.Seats[seat].Name != "" {
		return t.Seats[seat].Name
	}
	return "Seat " + strconv.Itoa(seat+1)
}

// nameIn is what a seat's player goes by, in l: a bot by its name in l
// ("Bot 3"), a person by the name they gave, an unnamed seat by its
// number.
func (t *Table) nameIn(l *i18n.Lang, seat int) string {
	if seat >= 0 && seat < len(t.Seats) {
		s := t.Seats[seat]
		if s.Bot != "" {
			if n, ok := botNumber(s.Name); ok {
				return l.BotName(n)
			}
		}
		if s.Name != "" {
			return s.Name
		}
	}
	return l.SeatName(seat)
}

func botName(seat int) string { return "Bot " + strconv.Itoa(seat+1) }

// botNumber is the number of a bot's name ("Bot 3": 3).
func botNumber(name string) (int, bool) {
	digits, ok := strings.CutPrefix(name, "Bot ")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	return n, err == nil
}

// nameOf is what a seat's player goes by, as a line's argument: a bot by
// its number (each reader reads "Bot 3" in their language), a person by
// their name.
func nameOf(s seat, arg string) i18n.Arg {
	if s.Bot != "" {
		if n, ok := botNumber(s.Name); ok {
			return i18n.BotArg(arg, n)
		}
	}
	return i18n.S(arg, s.Name)
}

// nameArg names a seat in a line, as it is now (i18n.Msg.Named).
func (t *Table) nameArg(seat int) i18n.Arg { return t.nameArgAs("", seat) }

// nameArgAs names a seat as the line's argument arg.
func (t *Table) nameArgAs(arg string, seat int) i18n.Arg {
	if seat >= 0 && seat < len(t.Seats) && t.Seats[seat].Name != "" {
		return nameOf(t.Seats[seat], arg)
	}
	return i18n.SeatArg(arg, seat)
}

// seatOf is the seat of a player, or -1.
func (t *Table) seatOf(player string) int {
	if player == "" {
		return -1
	}
	for i, s := range t.Seats {
		if s.Player == player {
			return i
		}
	}
	return -1
}

// snapshot is a table's state as stored every few entries.
type snapshot struct {
	Table *Table          `json:"table"`
	Match json.RawMessage `json:"match,omitempty"`
}

func (t *Table) Snapshot() ([]byte, error) {
	s := snapshot{Table: t}
	if t.Match != nil {
		m, err := t.Match.Snapshot()
		if err != nil {
			return nil, err
		}
		s.Match = m
	}
	return json.Marshal(s)
}

// restoreTable is a table from its snapshot; k is its game when the
// snapshot does not say (one from before a table could change game).
func restoreTable(k *kind, data []byte) (*Table, error) {
	var s snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	if s.Table == nil {
		return nil, errors.New("snapshot without table")
	}
	if g := s.Table.Game; g != "" && g != k.name {
		if k = kindNamed(g); k == nil {
			return nil, fmt.Errorf("snapshot of unknown game %q", g)
		}
	}
	s.Table.Game, s.Table.kind = k.name, k
	if s.Match != nil {
		m := k.emptyMatch()
		if err := m.Restore(s.Match); err != nil {
			return nil, err
		}
		s.Table.Match = m
	}
	return s.Table, nil
}
