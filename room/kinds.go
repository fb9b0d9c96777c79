package room

import (
	"context"
	"net/url"
	"strconv"
	"time"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// kind is one game on the platform: how to read its options, start and
// restore a match, and render it for one viewer.
type kind struct {
	name       string
	info       views.GameInfo
	defaultBot string
	// options reads and checks the creation form.
	options func(form url.Values) (Options, error)
	// minPlayers is the fewest players a match of these options needs.
	minPlayers func(o Options) int
	// describe lists the game's own options as catalog messages, for the
	// lobby and the public list (the clock and the bots follow: see
	// words).
	describe func(o Options) []i18n.Msg
	// botWords says who fills empty seats, when the game words it its own
	// way (nil: "bots fill empty seats" or "no bots").
	botWords   func(o Options) i18n.Msg
	newMatch   func(o Options, players int, seed uint64) (game.Match, []game.Event, error)
	emptyMatch func() game.Match
	// render builds the viewer's game component and its fragments.
	render func(r *roomView) (templ.Component, []views.Fragment)

	// bots are the AI kinds a table may choose for its bot seats (none:
	// always defaultBot), each labelled game.KIND.bot.NAME in the catalog.
	bots []string
	// awayAuto: a player away past the grace period gets the game's auto
	// move (Match.Auto) rather than a bot's.
	awayAuto bool
	// llm, for games with a language-model bot, reads what the seat may
	// see now and returns the question to put to the model outside the
	// room: a move and, when the model failed, why.
	llm func(m game.Match, seat int, name func(int) string) func(context.Context, holdem.Ask) (game.Move, string)
	// hands, for games with a hand history, are the finished hands the
	// match keeps, oldest first, as viewer may read them, in lang.
	hands func(m game.Match, viewer int, name func(int) string, lang *i18n.Lang) []views.HandText
	// rematch, for games whose engine starts a new game itself once over
	// (Lowest Unique), tells that move, and whether the game is over so it
	// may be made: the table makes it an offer the others accept first
	// ("Play again"). Other games play again from the table once the match
	// is Over: a new match, the same seats (eAgain).
	rematch func(m game.Match, mv game.Move) (is, now bool)
	// between, for games played deal after deal (President, a Hold'em
	// cash table), says whether the match stands between two deals or
	// hands, where the table may change game though the match is not
	// over (nextgame.go); nil: only once it is.
	between func(m game.Match) bool
	// again, with rematch, is the engine's move that starts a new game.
	again game.Move
	// outcome, when the match stands at the end of a deal, hand or game,
	// is what that adds to the table's evening (evening.go).
	outcome func(m game.Match) (outcome, bool)
	// stakes, for games whose host may change the stakes between hands,
	// lists the choices and sets one for the next hand.
	stakes *stakes
	// tableOptions, for games whose host may change more of the table's
	// options between hands (Hold'em's antes, straddles and running it
	// twice), reads and applies the host's choice.
	tableOptions *tableOptions
	// onSeat tells the match who plays a seat now, a person or a bot, for
	// games where that changes a rule (in Hold'em, a person out of chips
	// is asked whether to buy back in; a bot buys in by itself).
	onSeat func(m game.Match, seat int, person bool)
	// endAlone, for games that end when fewer than two people are left at
	// a table without bots (past the absent grace), is the move that ends
	// the match (false: it is over already). Tables with bots let a bot
	// take the seat instead.
	endAlone func(m game.Match) (game.Move, bool)
	// seatOpen says whether a seat may change hands now (a late joiner
	// taking a bot's seat): nil, at any moment.
	seatOpen func(m game.Match) bool
	// seatFree, when set, says whether a late joiner may take this seat a
	// bot holds (a sit-and-go's late registration: only a seat whose
	// player is out, while registration is open); nil: any.
	seatFree func(m game.Match, seat int) bool
	// registration, for games a newcomer enters only while registration
	// is open (a sit-and-go), says whether it applies to this match,
	// whether it is open, and how many seats a bot holds whose player is
	// out (taken at the next hand while it is open); nil: never applies.
	registration func(m game.Match) (applies, open bool, free int)
	// pace is how long the game's bots think before a move, from–to: the
	// spec's pace for the game (the -bot-delay flags override it).
	pace [2]time.Duration
	// hiddenHands: cards never shown stay hidden for good (Hold'em's
	// mucked hands), so a replay shows a player only their own seat.
	hiddenHands bool
	// dealNote, when set, says what the list of replays shows of the
	// deal that just finished (the match as it stands at its end).
	dealNote func(m game.Match, t *Table) *dealNote
	// fair, for games with hidden randomness, names what one seed deals
	// and says when that is over (its seed may then be revealed).
	fair *fairness
	// logWeight, for a game whose log runs long, weighs a line of it:
	// "head" begins a turn, "minor" is a detail the log may fold away
	// ("Key events only"), "" the rest.
	logWeight func(l *logLine) string
}

// fairness is how a game's seeds are committed and revealed.
type fairness struct {
	what string // "deal", "hand", "game"
	over func(m game.Match) bool
}

// words are a table's options as catalog messages: the game's own, its
// clock, and who fills empty seats.
func (k *kind) words(o Options) []i18n.Msg {
	bots := i18n.M("lobby.option.no_bots")
	switch {
	case k.botWords != nil:
		bots = k.botWords(o)
	case o.Bots:
		bots = i18n.M("lobby.option.bots")
	}
	return append(k.describe(o), clockWords(o.Clock), bots)
}

// seatsWord is a table's seats, as its options say them ("4 seats").
func seatsWord(n int) i18n.Msg { return i18n.M("lobby.option.seats", i18n.Count(n)) }

// clockWords say a table's clock: "30 s per move", "no clock".
func clockWords(sec int) i18n.Msg {
	if sec <= 0 {
		return i18n.M("lobby.option.no_clock")
	}
	return i18n.M("lobby.option.clock", i18n.Count(sec))
}

// games are the games the runtime hosts, in the order the home page lists
// them: a new game's glue file adds its kind here (docs/NEW_GAME.md).
func games() []*kind { return []*kind{presidentKind, holdemKind, lowUniqueKind, impetusKind} }

// kinds are the games by name.
func kinds() map[string]*kind {
	m := map[string]*kind{}
	for _, k := range games() {
		m[k.name] = k
	}
	return m
}

// botKind is the AI kind of a table's bot seats.
func (t *Table) botKind(k *kind) string {
	if t.Opts.Bot != "" {
		return t.Opts.Bot
	}
	return k.defaultBot
}

// formInt reads an integer field within [lo, hi].
func formInt(f url.Values, name string, def, lo, hi int) (int, bool) {
	v := f.Get(name)
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, false
	}
	return n, true
}

// tableOptions are the options a host may change between hands beyond
// the stakes: form says what the host may choose now (nil: nothing, as at
// a tournament); read turns the host's form into an entry's By (refusing
// a choice that changes nothing); set applies a By from the log, from the
// next hand on, and returns the log's line.
type tableOptions struct {
	form func(m game.Match, o Options, l *i18n.Lang) *views.TableOptions
	read func(m game.Match, o Options, f url.Values) (string, error)
	set  func(m game.Match, o *Options, by string) (game.Event, error)
}

// stakes are the choices of a game's stakes (Hold'em's blinds) and how the
// next hand takes one.
type stakes struct {
	what    string   // "blinds"
	choices []string // "10/20"
	current func(o Options) string
	// fixed, when set, says the table's stakes can't change (a
	// tournament's follow its levels).
	fixed func(o Options) bool
	set   func(m game.Match, o *Options, choice string) error
}
