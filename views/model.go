// Package views renders every page and fragment with templ. Views receive
// plain view models built by handlers from a game's View: they never see a
// game state, so they can't show what the viewer may not see.
package views

import (
	"time"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/i18n"
)

// Page is what the layout needs.
type Page struct {
	// Title is the page's title (the browser's tab), in the reader's
	// language.
	Title i18n.Msg
	// Description is the page's one sentence for search engines and link
	// previews (<meta name="description">); zero: the site's.
	Description i18n.Msg
	CSRF        string
	// Game and Code name a table's page: its top bar shows them and offers
	// the sound toggle (on a narrow screen the game's name gives way).
	Game, Code string
	// Refresh reloads the page after so many seconds (0: never).
	Refresh int
	// Rules links a table's top bar to its game's how-to-play page.
	Rules string
	// Passkeys offers "Keep my name on any device" and "Sign in with a
	// passkey".
	Passkeys bool
}

// TablePageTitle is the page of a table: "Game · CODE" in the title and
// the top bar.
func TablePageTitle(game, code, csrf, rules string) Page {
	return Page{Title: TableTitle(game, code), CSRF: csrf, Game: game, Code: code, Rules: rules,
		Description: i18n.M("table.page_description", i18n.S("Game", game))}
}

// description is the page's meta description: its own, else the site's.
func description(p Page) i18n.Msg {
	if !p.Description.IsZero() {
		return p.Description
	}
	return i18n.M("layout.description")
}

// TableTitle names a table: "Texas Hold'em · KX7P-M4QA".
func TableTitle(game, code string) i18n.Msg {
	return i18n.M("table.page_title", i18n.S("Game", game), i18n.S("Code", CodeLabel(code)))
}

// GameInfo describes a game on the home page and its how-to-play page.
// Its words are the catalog's, under keys named by its Kind
// (docs/I18N.md): game.KIND.title (its name), .pitch (the line on its
// tile) and .blurb; rules.KIND.short.N (the rules in short), and
// rules.KIND.guide.N.heading with its .point.M (the how-to-play page),
// numbered from 1: English's keys say how many there are.
type GameInfo struct {
	Kind string
	// Args fill the placeholders of the game's words: numbers its rules
	// hold (the seats it takes, its default rounds), so the words never
	// drift from the code. Every word of the game gets them all.
	Args []i18n.Arg
	Bots []BotChoice // the AI kinds a table may choose
	// Options are the game's own fields of the creation form.
	Options templ.Component
}

// Title is the game's name: "Texas Hold'em".
func (g GameInfo) Title() i18n.Msg { return g.word("game." + g.Kind + ".title") }

// Pitch is the game in one line, on the home page's tile.
func (g GameInfo) Pitch() i18n.Msg { return g.word("game." + g.Kind + ".pitch") }

// Blurb says what the game is, over its creation form and its rules.
func (g GameInfo) Blurb() i18n.Msg { return g.word("game." + g.Kind + ".blurb") }

// SetUp is the rules page's link to the game's creation form ("Set up
// a President table": one message per game, for its article).
func (g GameInfo) SetUp() i18n.Msg { return g.word("rules." + g.Kind + ".set_up") }

// Rules are the rules in short.
func (g GameInfo) Rules() []i18n.Msg { return g.words("rules." + g.Kind + ".short.") }

// Guide is the how-to-play page (/rules/KIND) after the blurb and the
// rules in short.
func (g GameInfo) Guide() []RuleSection {
	var out []RuleSection
	for n := 1; ; n++ {
		key := "rules." + g.Kind + ".guide." + itoa(n)
		if !i18n.English().Has(key + ".heading") {
			return out
		}
		out = append(out, RuleSection{Heading: g.word(key + ".heading"), Points: g.words(key + ".point.")})
	}
}

func (g GameInfo) word(key string) i18n.Msg { return i18n.M(key, g.Args...) }

// words are the keys prefix1, prefix2… that English has.
func (g GameInfo) words(prefix string) []i18n.Msg {
	var out []i18n.Msg
	for n := 1; i18n.English().Has(prefix + itoa(n)); n++ {
		out = append(out, g.word(prefix+itoa(n)))
	}
	return out
}

// RuleSection is a part of a game's how-to-play page: a heading and its
// points.
type RuleSection struct {
	Heading i18n.Msg
	Points  []i18n.Msg
}

// RulesPage is a game's how-to-play page.
type RulesPage struct {
	Page
	Game GameInfo
}

// BotChoice is an AI kind offered when creating a table: its name in the
// form, and its label's key (game.KIND.bot.NAME).
type BotChoice struct {
	Name  string
	Label T
}

// Home is the home page.
type Home struct {
	Page
	Name  string
	Error string
	Games []GameInfo
	// Slow are the visitor's slow tables, their move first.
	Slow []SlowTable
	// Back lists the other tables the visitor is seated at: a returning
	// player finds them first, passkey or not (issue 40).
	Back []OpenTable
	// Playing are the open tables of the visitor's clubs; Club marks the
	// creation forms for one of them (a table made from its page).
	Playing []ClubPlaying
	Club    *ClubFor
}

// Seat is one seat as everyone sees it in the lobby and on the table.
type Seat struct {
	Index     int
	Name      string
	Bot       string // bot kind; "" for a human
	Ready     bool
	Connected bool
	Host      bool
	You       bool
	Empty     bool
	Away      bool  // a bot plays for the absent player
	Deadline  int64 // ms since epoch when the seat's clock runs out; 0: no clock
	ClockMS   int64 // the whole clock in ms, for the bar that drains
	Bank      bool  // the clock ran out: the seat's time bank runs (Deadline is its end)
	Slow      bool  // a slow table's time per move: Deadline is shown as a date and time
	Place     RingPlace
	Turn      bool // the table waits for this seat
	// Rating, at a public table, is the person's rating in the game
	// (0: none yet) and Profile their public page.
	Rating  int
	Profile string
	// Remote: a remote bot, a program playing through the bot API
	// (Connected says whether its program is connected).
	Remote bool
}

// Lobby is the waiting room before the host starts.
type Lobby struct {
	Seats       []Seat
	CanStart    bool
	StartHint   string
	BotsAllowed bool
	Options     string // the table options in words
	// Next, in the lobby of a table that changed game, says so: "Next:
	// Texas Hold'em, sit-and-go, turbo" ("" in a table's first lobby).
	Next string
	// Remote is the host's panel for remote bots (nil for anyone else).
	Remote *RemoteBots
}

// NextGame is the host's choice of the table's next game, shown while the
// table may change game: each game with its options, as the creation
// form offers them.
type NextGame struct {
	URL   string // the table's path
	Games []GameInfo
	// Slow: the table plays at a slow pace, and the next game keeps it.
	Slow bool
	// Lobby: the table is in a lobby (the choice changes its game).
	Lobby bool
}

// RemoteBots is the host's panel for remote bots (docs/BOTS.md): the seats
// a remote bot may take, and those one holds.
type RemoteBots struct {
	URL   string // the table's bots form: /t/{code}/bots
	Seats []RemoteSeat
	// Started: the game runs (a remote bot then takes a bot's seat, and
	// hands it back to a built-in bot when the host says so).
	Started bool
}

// RemoteSeat is one seat in the host's panel for remote bots.
type RemoteSeat struct {
	Index     int
	Name      string
	Kind      string // "empty", "bot" (built-in), "yours" (the host's own, in the lobby), "remote"
	Connected bool   // a remote bot's program is connected
	Invited   bool   // a bot identity the host invited (its owner keeps its token)
}

// Any reports whether the panel has something to show.
func (b *RemoteBots) Any() bool { return b != nil && len(b.Seats) > 0 }

// Free are the seats a remote bot may take: the host's own last (the
// form's first choice is never to give up one's seat).
func (b *RemoteBots) Free() []RemoteSeat {
	var out, yours []RemoteSeat
	for _, s := range b.Seats {
		switch s.Kind {
		case "remote":
		case "yours":
			yours = append(yours, s)
		default:
			out = append(out, s)
		}
	}
	return append(out, yours...)
}

// Held are the seats remote bots hold.
func (b *RemoteBots) Held() []RemoteSeat {
	var out []RemoteSeat
	for _, s := range b.Seats {
		if s.Kind == "remote" {
			out = append(out, s)
		}
	}
	return out
}

// BotToken is a remote bot's token, shown once to whoever made it.
type BotToken struct {
	Name  string
	Seat  int    // -1 for a bot identity
	Code  string // the table ("" for a bot identity)
	Token string
	Base  string // the site's address, for the example commands
	ID    string // the bot's id (an identity's, to give to hosts)
}

// LogLine is one rendered line of the table log.
type LogLine struct {
	Text    string
	Private bool
	Chat    bool
	// a chat line's author, words and mark: "host", "player" (seated) or
	// "" (watching)
	Who, Said, Role string
	// Weight is the game's weight for the line: "head" (a turn begins),
	// "minor" (a detail "Key events only" hides) or ""
	Weight string
	// Fair, for a line of the fair record (a seed sealed or shown), is
	// the catalog key of the small line it folds under (its Text inside).
	Fair string
}

// Mark is the word after a chat line's author: host, player or watching;
// a chat line shows it only for the host and watchers (markClass).
func (l LogLine) Mark() string {
	switch l.Role {
	case "host", "player":
		return l.Role
	}
	return "watching"
}

func (l LogLine) markClass() string {
	if m := l.Mark(); m != "player" {
		return m
	}
	return ""
}

// Table is the generic frame around a game: header, share link, lobby or
// game, message line and log.
type Table struct {
	Page
	Code      string
	GameTitle string
	ShareURL  string
	Fair      string // what one seed deals ("deal", "hand", "game"); "" for a game without seeds
	BriefLog  bool   // the game weighs its log lines: the log may show key events only
	You       int    // seat, or -1 for a spectator
	YouName   string
	ChatName  string // the name the viewer chats under (a watcher may change it)
	Host      bool
	Started   bool
	Lobby     Lobby
	Log       []LogLine // the game's log, chat apart
	Chat      []LogLine
	Game      templ.Component // the game's own fragments, once started
	URL       string          // the table's path: /t/CODE
	Seq       int64           // the table's last log entry
	Now       int64           // the server's clock when the page was made (unix ms)
	// PageToken names what this page holds for its websocket's first
	// push (room/pages.go); empty: the socket gets the whole table.
	PageToken string
	Seats     SeatBar
	State     TableState
	// Evening is the table's evening so far (the Tonight drawer); nil
	// while nothing has finished.
	Evening *Evening
	// Next is the host's choice of the next game (nil: not now, or not
	// the host).
	Next *NextGame
	// PushKey, when set, offers the seated viewer "Tell me when it is my
	// turn" (Web Push): the server's VAPID public key (PushOffer).
	PushKey string
}

// PushMark ends every push: what the page checks a push by.
type PushMark struct {
	Seq  int64 // the table's last log entry
	N    int64 // the viewer's push number on its connection, from 1 (0: the page itself)
	Now  int64 // the server's clock, unix ms
	Full bool  // the push is the whole table (a connection's first, or a resync)
}

// TableState is the table's own line outside the stage: whether saving
// fails, and the version of the viewer's seat that move posts carry (a
// post made from an older version is refused: the table moved on).
type TableState struct {
	// Damaged, when not 0, is the log entry that could not be read: the
	// table shows as it was before it and is read-only.
	Damaged int64
	Saving  bool
	Version int
}

// SeatBar is what a table says about seats once the game runs: to a
// watcher, how to get one; to the host, who asks.
type SeatBar struct {
	URL      string
	Watching bool   // the viewer has no seat
	Seated   bool   // the viewer has a seat in the running game
	Asking   string // the viewer's request: "", "waiting" or "accepted"
	Open     bool   // anyone may sit, without the host's approval
	Removed  bool   // the host removed the viewer: they may only watch
	When     string // when a seat changes hands ("at the next hand"; "" at once)
	Requests []SeatRequest
	Host     bool          // the viewer is the host
	Paused   bool          // the host paused the table
	Pace     int           // a slow table's hours per move (0: real time)
	People   []SeatRequest // the others seated, who may become the host (Index is the seat)
	Stakes   []string      // the stakes the host may set for the next hand (Hold'em's blinds)
	StakesAt string        // the stakes now
	// Options: the table's options the host may change for the next hand
	// (Hold'em's antes, straddles, run it twice); nil: none.
	Options *TableOptions
	// Late: a sit-and-go's registration, as Join.Late ("" elsewhere).
	Late string
	// Remote is the host's panel for remote bots (nil for anyone else).
	Remote *RemoteBots
}

// TableOptions are a Hold'em cash table's options as the host's form
// shows them: as they will be at the next hand.
type TableOptions struct {
	Antes                   []int // the antes to choose from (0: none)
	Ante                    int
	BBAnte, Straddle, Twice bool
	Next                    string // what changes at the next hand, in words ("" nothing)
}

// SeatRequest is an open request, for the host.
type SeatRequest struct {
	Index int
	Name  string
}

// Join is the page that asks a visitor for a name.
type Join struct {
	Page
	Code      string
	GameTitle string
	Name      string
	Error     string
	// Offer is the seat the visitor may have, as the table's seat bar
	// words it: "sit" (a free seat in the lobby), "take" or "ask" (once
	// the game runs, a seat a bot holds: at once, or when the host agrees),
	// "removed" (the host removed them: they may watch) or "watch".
	Offer  string
	Bots   int    // the seats bots hold (take and ask)
	When   string // when a seat changes hands ("at the next hand"; "" at once)
	Rename bool   // a watcher changing the name they chat under
	// Late, at a sit-and-go once it runs: "open" (Bots counts the seats
	// of players out, taken at the next hand), "wait" (registration is
	// open but every seat still plays), "closed"; "" elsewhere. Offer is
	// then "wait" or "closed" when no seat is to be had now.
	Late string
	Open bool // a newcomer sits without asking the host
	// Who invites, and what to: the host's name ("" when not seated),
	// the table's options in words (stakes, format), who sits and how
	// many seats are free.
	Host    string
	Options string
	Seated  []string
	Free    int
}

// FrameFragments is how many fragments at most the room adds to a game's
// around it (the viewer's seat bar, seat controls, table state, evening
// and the host's next game): a game's Fragments leaves room for them.
const FrameFragments = 5

// Fragment is one element pushed over the websocket, swapped by its id.
// Key, when not zero, stands for everything the fragment shows: a push
// skips rendering a fragment whose key the viewer already has.
type Fragment struct {
	ID        string
	Component templ.Component
	Key       uint64
	// Since, when set, may update the fragment from the key the viewer
	// has: it returns what turns that into this one (nil when it can't,
	// and the whole fragment is sent). A list that only grows uses it to
	// send its new items (listKey, appendSince).
	Since func(had uint64) templ.Component
	// Frame marks a fragment of the page around the stage: a new stage
	// does not carry it, so it is sent along.
	Frame bool
	// Public marks a fragment that holds nothing private to its viewer,
	// whose Key (never 0 then) stands for all it shows, the viewer's
	// position included: a push renders it once for all its viewers of a
	// language with that key, and each is sent the same bytes. A
	// fragment that may show a card to one viewer only is never Public.
	Public bool
}

// ErrorInfo is an error page.
type ErrorInfo struct {
	Page
	Heading string
	Message string
}

// PublicTable is an open public table in the home page's list.
type PublicTable struct {
	Code string
	Kind string // the game's kind: its name is the reader's (game.KIND.title)
	// Options are the table's options as messages, written in the
	// reader's language (the list crosses machines as JSON, so data)
	Options   []i18n.Msg
	Started   bool
	Seats     int
	Free      int // seats a newcomer may take: empty, or a bot's once started
	CreatedAt time.Time
}
