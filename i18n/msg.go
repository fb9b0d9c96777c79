package i18n

import (
	"context"
	"io"
)

// Kind is what an Arg holds and how it is written.
type Kind uint8

const (
	// Num is a number (N), written the language's way; an Arg named
	// Count also chooses the message's plural form.
	Num Kind = iota
	// Text is verbatim text (S): a person's name, a table code, card
	// faces. It is never translated.
	Text
	// Word is a catalog key (S), written in the reader's language: a
	// street's name, a faction, a ruleset.
	Word
	// Seat is a seat of a game (N, from 0) that the table has not named
	// yet: Msg.Named turns it into the seat's name when the line is
	// logged.
	Seat
	// Bot is a bot's name by its number (N): "Bot 3" in the reader's
	// language.
	Bot
	// List is a list of values (L), joined the language's way ("A, B and
	// C").
	List
	// Sub is a whole message (M) inside this one.
	Sub
	// Series is a list of terms (L) joined by list.separator alone
	// ("blinds 25/50, BB ante 50, straddles").
	Series
	// Ordinal is a place in a ranking (N): "1st", "2nd", by the
	// catalog's key ordinal and CLDR's ordinal plural rules.
	Ordinal
	// Piece is a piece of page (C, made with Markup) in a sentence: a
	// name in bold, a link, a code, a countdown. Msg.Render writes it as
	// it is where the reader's language puts its placeholder; where the
	// message is plain text (F, a log, JSON) its text (S) stands for it.
	Piece
)

// Component is a piece of page that writes itself: what a Piece
// argument holds. templ.Component is one (this package does not import
// templ).
type Component interface {
	Render(ctx context.Context, w io.Writer) error
}

// Arg is one placeholder's value: {{.Name}} in the catalog's text.
type Arg struct {
	Name string `json:"n"`
	Kind Kind   `json:"k,omitempty"`
	N    int    `json:"i,omitempty"`
	S    string `json:"s,omitempty"`
	L    []Arg  `json:"l,omitempty"`
	M    *Msg   `json:"m,omitempty"`
	// C is a Piece's markup (never stored: a stored Piece is its text).
	C Component `json:"-"`
}

// Msg is a sentence as data: its catalog key and its arguments. A table's
// log keeps its lines as Msgs, so each reader reads them in their own
// language.
type Msg struct {
	Key  string `json:"key"`
	Args []Arg  `json:"args,omitempty"`
}

// M is the message key with args.
func M(key string, args ...Arg) Msg { return Msg{Key: key, Args: args} }

// IsZero reports a message with no key.
func (m Msg) IsZero() bool { return m.Key == "" }

// Equal reports whether m and o are the same sentence with the same
// arguments: written alike in every language. A piece of page is never
// equal to one (its markup can't be compared).
func (m Msg) Equal(o Msg) bool { return m.Key == o.Key && argsEqual(m.Args, o.Args) }

// Clone is a copy of m that shares no memory with it (but its strings and
// its pieces' markup).
func (m Msg) Clone() Msg { return Msg{Key: m.Key, Args: cloneArgs(m.Args)} }

func cloneArgs(args []Arg) []Arg {
	if args == nil {
		return nil
	}
	out := make([]Arg, len(args))
	for i, a := range args {
		a.L = cloneArgs(a.L)
		if a.M != nil {
			c := a.M.Clone()
			a.M = &c
		}
		out[i] = a
	}
	return out
}

func argsEqual(a, b []Arg) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Name != y.Name || x.Kind != y.Kind || x.N != y.N || x.S != y.S || x.C != nil || y.C != nil ||
			!argsEqual(x.L, y.L) || (x.M == nil) != (y.M == nil) || x.M != nil && !x.M.Equal(*y.M) {
			return false
		}
	}
	return true
}

// N is a number argument.
func N(name string, n int) Arg { return Arg{Name: name, Kind: Num, N: n} }

// Count is the number argument that chooses the plural form.
func Count(n int) Arg { return Arg{Name: "Count", Kind: Num, N: n} }

// S is a verbatim text argument (a name, a code).
func S(name, s string) Arg { return Arg{Name: name, Kind: Text, S: s} }

// K is an argument written from another catalog key.
func K(name, key string) Arg { return Arg{Name: name, Kind: Word, S: key} }

// SeatArg is a game's seat, named by the table when the line is logged.
func SeatArg(name string, seat int) Arg { return Arg{Name: name, Kind: Seat, N: seat} }

// Seats is a list of seats, named by the table when logged.
func Seats(name string, seats []int) Arg {
	l := make([]Arg, len(seats))
	for i, s := range seats {
		l[i] = Arg{Kind: Seat, N: s}
	}
	return Arg{Name: name, Kind: List, L: l}
}

// ListOf is a list of values (their names do not matter).
func ListOf(name string, items ...Arg) Arg { return Arg{Name: name, Kind: List, L: items} }

// SeriesOf is a list of terms joined by list.separator alone.
func SeriesOf(name string, items ...Arg) Arg { return Arg{Name: name, Kind: Series, L: items} }

// Ord is an ordinal argument (1st, 2nd).
func Ord(name string, n int) Arg { return Arg{Name: name, Kind: Ordinal, N: n} }

// BotArg is a bot's name by its number.
func BotArg(name string, n int) Arg { return Arg{Name: name, Kind: Bot, N: n} }

// Nest is a whole message as an argument.
func Nest(name string, m Msg) Arg { return Arg{Name: name, Kind: Sub, M: &m} }

// Markup is a piece of page as an argument: c where the message is
// rendered as HTML (escaped text around it, c written as it is), text
// where it is plain text. Markup("Code", codeSpan, "ABCD") lets a
// translation put the table's code, in its own element, anywhere in the
// sentence.
func Markup(name string, c Component, text string) Arg {
	return Arg{Name: name, Kind: Piece, S: text, C: c}
}

// Named is the message with every Seat argument, nested ones too, turned
// into what name says of the seat (its player's name, or a bot's); the
// message itself is not changed.
func (m Msg) Named(name func(seat int) Arg) Msg {
	if !m.hasSeats() {
		return m
	}
	out := Msg{Key: m.Key, Args: make([]Arg, len(m.Args))}
	for i, a := range m.Args {
		out.Args[i] = a.named(name)
	}
	return out
}

func (m Msg) hasSeats() bool {
	for _, a := range m.Args {
		if a.hasSeats() {
			return true
		}
	}
	return false
}

func (a Arg) hasSeats() bool {
	switch a.Kind {
	case Seat:
		return true
	case List, Series:
		for _, x := range a.L {
			if x.hasSeats() {
				return true
			}
		}
	case Sub:
		return a.M != nil && a.M.hasSeats()
	}
	return false
}

func (a Arg) named(name func(int) Arg) Arg {
	switch a.Kind {
	case Seat:
		n := name(a.N)
		n.Name = a.Name
		return n
	case List, Series:
		l := make([]Arg, len(a.L))
		for i, x := range a.L {
			l[i] = x.named(name)
		}
		a.L = l
	case Sub:
		if a.M != nil {
			m := a.M.Named(name)
			a.M = &m
		}
	}
	return a
}
