package views

import (
	"slices"
	"strings"

	"github.com/a-h/templ"
)

// classAttr is a class attribute written as it is given, spread into an
// element ({ classAttr(…)... }). templ's class={ … } builds a set of the
// names for every element it renders (a map, slices, each name boxed):
// the elements of a push's hot fragments (seats, cards, turn marks)
// write their names with classNames instead, byte for byte the same.
type classAttr string

func (c classAttr) Items() []templ.KeyValue[string, any] {
	return []templ.KeyValue[string, any]{{Key: "class", Value: string(c)}}
}

// classNames joins class names as templ's class={ … } writes them: in
// their order, each once ("" too: templ writes it as an empty name). A
// name templ.KV would leave out is not passed.
func classNames(names ...string) string {
	n := 0
	for _, s := range names {
		n += len(s) + 1
	}
	var b strings.Builder
	b.Grow(n)
	written := 0
	for i, s := range names {
		if slices.Contains(names[:i], s) {
			continue
		}
		if written > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
		written++
	}
	return b.String()
}

// seatClasses are a seat's class names (see seatFrame).
func seatClasses(s Seat, cls []string) classAttr {
	var arr [10]string
	names := append(arr[:0], "seat", numbered("seat-of-", s.Index), s.Place.Class(), s.Place.From())
	if s.You {
		names = append(names, "you")
	}
	if !s.Connected && s.Bot == "" {
		names = append(names, "gone")
	}
	return classAttr(classNames(append(names, cls...)...))
}

// cardClasses are a card face's class names: "card", its suit, "red"
// for a red one, then each of more that is on (the others are "").
func cardClasses(c CardView, more ...string) classAttr {
	var arr [6]string
	names := append(arr[:0], "card", c.Suit)
	if c.Red {
		names = append(names, "red")
	}
	for _, m := range more {
		if m != "" {
			names = append(names, m)
		}
	}
	return classAttr(classNames(names...))
}

// handClasses are a card's of the hand in President: "card", its rank
// and suit, "red" for a red one, "got" for one just received.
func handClasses(c CardView, got bool) classAttr {
	var arr [5]string
	names := append(arr[:0], "card", c.Rank, c.Suit)
	if c.Red {
		names = append(names, "red")
	}
	if got {
		names = append(names, "got")
	}
	return classAttr(classNames(names...))
}

// actsClasses are an action bar's: "acts", and "has-actions" when the
// viewer has some.
func actsClasses(has bool) classAttr {
	if has {
		return "acts has-actions"
	}
	return "acts"
}

// numbered is prefix and i ("p-seat-3"): made once for the seats' ids
// and classes a push names over and over (see seatNames).
func numbered(prefix string, i int) string {
	if names, ok := seatNames[prefix]; ok && i >= 0 && i < len(names) {
		return names[i]
	}
	return prefix + itoa(i)
}

// seatNames are the seat-numbered names of twelve seats, by prefix (never
// changed after they are made).
var seatNames = func() map[string][]string {
	out := map[string][]string{}
	for _, prefix := range []string{"seat-of-", "turn-of-", "p-seat-", "h-seat-", "lu-seat-"} {
		for i := range 12 {
			out[prefix] = append(out[prefix], prefix+itoa(i))
		}
	}
	return out
}()
