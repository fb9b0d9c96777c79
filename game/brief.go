package game

import (
	"net/url"
	"slices"
	"strconv"
)

// Briefer is a Match that can tell a program playing one of its seats
// (the bot API, docs/BOTS.md) what that seat sees and may do, as JSON.
// Brief must be built from the game's View for that seat alone, so it can
// hold nothing the seat may not see; it is pure (no I/O, no clock).
type Briefer interface {
	Brief(seat int) Brief
}

// Brief is what a program playing one seat is told about the game: the
// seat's view and the moves open to it now.
type Brief struct {
	// View is the game's view for the seat, as a value with JSON tags
	// (each game documents its fields in docs/BOTS.md).
	View any `json:"view"`
	// Moves are the moves the seat may make now (none: the table does not
	// wait for it). Each is a move to post as it is, or a family of them
	// (a range of amounts, a choice of cards).
	Moves []Choice `json:"moves"`
	// Auto is the move the table makes for the seat when its clock runs
	// out or its program is gone (nil: none now).
	Auto Fields `json:"auto,omitempty"`
}

// Fields is a move as a program posts it: the fields of the game's move
// form (Match.Decode reads them), each a string, a whole number, or a
// list of them. {"kind": "play", "card": ["3D", "3S"]} is the form
// kind=play&card=3D&card=3S.
type Fields map[string]any

// FieldsOf turns a move form into Fields: one value as itself (a whole
// number as a number), several as a list.
func FieldsOf(f url.Values) Fields {
	out := make(Fields, len(f))
	for k, vs := range f {
		if len(vs) == 1 {
			out[k] = value(vs[0])
			continue
		}
		list := make([]any, len(vs))
		for i, v := range vs {
			list[i] = value(v)
		}
		out[k] = list
	}
	return out
}

// value is a form value as JSON: a whole number (without a sign or
// leading zero) as a number, anything else as a string.
func value(s string) any {
	if n, err := strconv.Atoi(s); err == nil && strconv.Itoa(n) == s && n >= 0 {
		return n
	}
	return s
}

// Choice is one move, or a family of moves, open to a seat: Move is ready
// to post as it is; Range or Pick, when set, say which field the program
// may change and within what bounds.
type Choice struct {
	// Move is a legal move as its fields.
	Move Fields `json:"move"`
	// Say is the move in words ("Raise to 40").
	Say string `json:"say"`
	// Range: Field may be any whole number from Min to Max.
	Range *Range `json:"range,omitempty"`
	// Pick: each Field may be any Count of its values From (cards of
	// the hand, say), in any order.
	Pick []Pick `json:"pick,omitempty"`
	// Give: a gift's choices as data (President's 7s).
	Give *Give `json:"give,omitempty"`
}

// Give is a gift open to a seat: any Count of Cards, each posted in its
// own field "give_<card>" whose value is one seat of To.
type Give struct {
	Count int      `json:"count"`
	Cards []string `json:"cards"`
	To    []int    `json:"to"`
}

// Range is a number field's bounds, both included.
type Range struct {
	Field string `json:"field"`
	Min   int    `json:"min"`
	Max   int    `json:"max"`
}

// Pick is a field holding Count values chosen from From.
type Pick struct {
	Field string   `json:"field"`
	Count int      `json:"count"`
	From  []string `json:"from"`
}

// Option is a choice of a move form, with its words.
func Option(f url.Values, say string) Choice { return Choice{Move: FieldsOf(f), Say: say} }

// Allows reports whether the choice lists the move form f: the same
// fields, with any value of a Range or Pick field within its bounds.
func (c Choice) Allows(f url.Values) bool {
	want := c.Move
	if len(f) != len(want) {
		return false
	}
	for k, vs := range f {
		switch {
		case c.Range != nil && k == c.Range.Field:
			n, err := strconv.Atoi(first(vs))
			if len(vs) != 1 || err != nil || n < c.Range.Min || n > c.Range.Max {
				return false
			}
		case c.picks(k) != nil:
			p := c.picks(k)
			if len(vs) != p.Count {
				return false
			}
			seen := map[string]bool{}
			for _, v := range vs {
				if seen[v] || !slices.Contains(p.From, v) {
					return false
				}
				seen[v] = true
			}
		default:
			if !slices.Equal(vs, formValues(want[k])) {
				return false
			}
		}
	}
	return true
}

// picks is the Pick of a field, or nil.
func (c Choice) picks(field string) *Pick {
	for i := range c.Pick {
		if c.Pick[i].Field == field {
			return &c.Pick[i]
		}
	}
	return nil
}

func first(vs []string) string {
	if len(vs) == 0 {
		return ""
	}
	return vs[0]
}

// formValues are a field's values as the form holds them.
func formValues(v any) []string {
	switch x := v.(type) {
	case []any:
		out := make([]string, len(x))
		for i, e := range x {
			out[i] = formValues(e)[0]
		}
		return out
	case int:
		return []string{strconv.Itoa(x)}
	case string:
		return []string{x}
	}
	return nil
}

// Limits of a posted move's fields.
const (
	maxFields = 64
	maxValues = 64
	maxValue  = 64 // characters
)

// FormOf reads a posted move's fields as the game's move form: each value
// a string, a whole number (float64 or json.Number, as a JSON decoder
// gives it) or a list of them. Anything else (an object, a fraction, a
// long value) is an INVALID_ACTION error saying which field.
func FormOf(f Fields) (url.Values, error) {
	if len(f) > maxFields {
		return nil, Errorf(CodeInvalidAction, "A move has at most "+strconv.Itoa(maxFields)+" fields")
	}
	out := make(url.Values, len(f))
	for k, v := range f {
		bad := func(why string) (url.Values, error) {
			return nil, &Error{Code: CodeInvalidAction, Message: "The move's field " + strconv.Quote(clip(k)) + " " + why}
		}
		if len(k) == 0 || len(k) > maxValue {
			return bad("has no name or too long a name")
		}
		list, isList := v.([]any)
		if !isList {
			list = []any{v}
		}
		if len(list) > maxValues {
			return bad("has too many values")
		}
		vs := make([]string, 0, len(list))
		for _, e := range list {
			s, ok := scalar(e)
			if !ok {
				return bad("must be a string, a whole number or a list of them")
			}
			if len(s) > maxValue {
				return bad("has too long a value")
			}
			vs = append(vs, s)
		}
		out[k] = vs
	}
	return out, nil
}

// scalar is a JSON string or whole number as a form value.
func scalar(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case int:
		return strconv.Itoa(x), true
	case float64:
		if x != float64(int64(x)) || x > 1<<53 || x < -(1<<53) {
			return "", false
		}
		return strconv.FormatInt(int64(x), 10), true
	case interface{ Int64() (int64, error) }: // json.Number
		n, err := x.Int64()
		if err != nil {
			return "", false
		}
		return strconv.FormatInt(n, 10), true
	}
	return "", false
}

func clip(s string) string {
	if len(s) > 16 {
		return s[:16] + "…"
	}
	return s
}
