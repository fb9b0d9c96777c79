// Package game holds what every game engine on the platform shares: the
// error value a rejected action returns, the event an accepted action
// reports, the Match the platform drives, and the Brief a remote bot is
// shown (brief.go: a seat's view and legal moves as JSON). The engines
// themselves live in subpackages and are pure: no I/O, no clock,
// randomness only from a seeded source.
package game

import (
	"strconv"
	"strings"

	"github.com/tablegames/tables/i18n"
)

// Spectator is the seat of a viewer who is not playing.
const Spectator = -1

// System is the seat the platform acts from for steps no player takes, such
// as dealing the next deal with a fresh seed.
const System = -2

// Error is a rejected action: a stable machine-readable Code, a Message a
// player understands, and optional Details. An engine returning an Error
// has not changed its state.
//
// Details are the numbers behind the message, by name (snake_case), for a
// client that reads them rather than the words: for example Hold'em's
// too-small raise carries "min_raise" and "current_bet". Each game
// documents its names; nil when there are none. The JSON tags are the
// shape a response or a push that carries an Error uses.
type Error struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]int `json:"details,omitempty"`
	// Msg is Message as data (a catalog key and its arguments), so the
	// player reads it in their own language; Message is its English, for
	// logs and clients that read the code. Zero for an error built with
	// Errorf (its Message is all there is).
	Msg i18n.Msg `json:"-"`
}

// Err builds an *Error from the catalog's key and its arguments.
func Err(code, key string, args ...i18n.Arg) *Error {
	m := i18n.M(key, args...)
	return &Error{Code: code, Message: i18n.English().Msg(m), Msg: m}
}

// Text is the error's message in l.
func (e *Error) Text(l *i18n.Lang) string {
	if e.Msg.IsZero() {
		return e.Message
	}
	return l.Msg(e.Msg)
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf builds an *Error with a message.
func Errorf(code, message string) *Error { return &Error{Code: code, Message: message} }

// Codes shared by every game.
const (
	CodeInternal      = "INTERNAL"
	CodeInvalidAction = "INVALID_ACTION"
	CodeNotYourTurn   = "NOT_YOUR_TURN"
)

// Event is one line of a table's log. Msg is the line as data, a catalog
// key and its arguments (docs/I18N.md), so each reader reads it in their
// own language; it names seats with i18n.SeatArg, and the platform puts
// the players' names in. Text is the older form, English with seats as
// {0}, {1}, …, for a line not in the catalog. Only, when set, lists the
// seats allowed to see the event (for example the two players of a card
// exchange). An event with empty Only is public.
type Event struct {
	Msg  i18n.Msg
	Text string
	Only []int
	// Twin marks a private event that tells its seats, with what only they
	// may know, what the public event just before it tells everyone: those
	// seats read the private line instead of the public one.
	Twin bool
}

// VisibleTo reports whether seat may see the event.
func (e Event) VisibleTo(seat int) bool {
	if len(e.Only) == 0 {
		return true
	}
	for _, s := range e.Only {
		if s == seat {
			return true
		}
	}
	return false
}

// Say is a public event: the catalog's key with its arguments.
func Say(key string, args ...i18n.Arg) Event { return Event{Msg: i18n.M(key, args...)} }

// String is the event in English, its seats as {0}, {1}, … (a test's).
func (e Event) String() string {
	if e.Msg.IsZero() {
		return e.Text
	}
	return e.Render(SeatToken)
}

// Render is the event in English with each seat named name(seat) (a
// test's, or a log's that is not a table's).
func (e Event) Render(name func(seat int) string) string {
	if !e.Msg.IsZero() {
		return i18n.English().Msg(e.Msg.Named(func(s int) i18n.Arg { return i18n.S("", name(s)) }))
	}
	t := e.Text
	if !strings.Contains(t, "{") {
		return t
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			break
		}
		n, err := strconv.Atoi(t[i+1 : i+j])
		b.WriteString(t[:i])
		if err != nil {
			b.WriteString(t[i : i+j+1])
		} else {
			b.WriteString(name(n))
		}
		t = t[i+j+1:]
	}
	b.WriteString(t)
	return b.String()
}

// Ands joins items the way the log lines have always joined them in
// English, "A and B and C": each pair by the language's list.last (as
// nested two-item lists), so a translation joins them its own way.
func Ands(name string, items ...i18n.Arg) i18n.Arg {
	if len(items) <= 2 {
		return i18n.ListOf(name, items...)
	}
	return i18n.ListOf(name, items[0], Ands("", items[1:]...))
}

// SeatAnds is Ands of seats ("{0} and {2}").
func SeatAnds(name string, seats []int) i18n.Arg {
	items := make([]i18n.Arg, len(seats))
	for i, s := range seats {
		items[i] = i18n.SeatArg("", s)
	}
	return Ands(name, items...)
}

// SeatToken is the {N} placeholder for seat n in event text.
func SeatToken(n int) string { return "{" + strconv.Itoa(n) + "}" }
