package views

import (
	"fmt"
	"testing"

	"github.com/a-h/templ"
)

// TestClassNamesAsTempl checks that the class names the hot elements
// write are what templ's class={ … } wrote for the same items: names in
// order, each once, an empty one kept, a name switched off left out.
func TestClassNamesAsTempl(t *testing.T) {
	for _, names := range [][]string{
		{"seat", "seat-of-2", "at-1-of-4", "from-w", "you"},
		{"card", "", "red"},           // a joker: no suit class
		{"seat", "seat-of-0", "", ""}, // two classes switched off by cls
		{"play", "new", "from-s"},
		{"a", "b", "a", "c", "b"},
		{""},
	} {
		items := make([]any, len(names))
		for i, n := range names {
			items[i] = n
		}
		if got, want := classNames(names...), templ.CSSClasses(items).String(); got != want {
			t.Errorf("classNames(%q) = %q, templ wrote %q", names, got, want)
		}
	}
	joker := CardView{CardFace: &CardFace{Rank: "rJK", Red: true}}
	for _, tc := range []struct {
		got  classAttr
		want []any
	}{
		{cardClasses(joker), []any{"card", joker.Suit, templ.KV("red", joker.Red)}},
		{cardClasses(CardView{CardFace: &CardFace{Suit: "suit-s"}}, cls(true, "win"), cls(false, "dealt")), []any{"card", "suit-s", templ.KV("red", false), templ.KV("win", true), templ.KV("dealt", false)}},
		{handClasses(joker, true), []any{"card", joker.Rank, joker.Suit, templ.KV("red", true), templ.KV("got", true)}},
		{handClasses(CardView{CardFace: &CardFace{Rank: "r7", Suit: "suit-c"}}, false), []any{"card", "r7", "suit-c", templ.KV("red", false), templ.KV("got", false)}},
		{seatClasses(Seat{Index: 1, Place: RingPlace{Pos: 2, N: 4}, Bot: "easy"}, []string{"", "winner"}),
			[]any{"seat", "seat-of-1", RingPlace{Pos: 2, N: 4}.Class(), RingPlace{Pos: 2, N: 4}.From(), templ.KV("you", false), templ.KV("gone", false), []string{"", "winner"}}},
		{seatClasses(Seat{Index: 3, Place: RingPlace{Pos: 0, N: 4}, You: true}, nil),
			[]any{"seat", "seat-of-3", RingPlace{Pos: 0, N: 4}.Class(), RingPlace{Pos: 0, N: 4}.From(), templ.KV("you", true), templ.KV("gone", true), []string(nil)}},
		{actsClasses(true), []any{"acts", templ.KV("has-actions", true)}},
		{actsClasses(false), []any{"acts", templ.KV("has-actions", false)}},
	} {
		if want := templ.CSSClasses(tc.want).String(); string(tc.got) != want {
			t.Errorf("got %q, templ wrote %q", tc.got, want)
		}
	}
}

// TestPlaceClass checks a seat's place class at every table size, the
// ones made once and the ones made on the spot.
func TestPlaceClass(t *testing.T) {
	for n := 1; n <= 14; n++ {
		for pos := range n {
			if got, want := (RingPlace{Pos: pos, N: n}).Class(), fmt.Sprintf("at-%d-of-%d", pos, n); got != want {
				t.Errorf("RingPlace{%d, %d}.Class() = %q, want %q", pos, n, got, want)
			}
		}
	}
}

// TestNumbered checks the seats' numbered names, made once or not.
func TestNumbered(t *testing.T) {
	for _, prefix := range []string{"seat-of-", "turn-of-", "p-seat-", "h-seat-", "lu-seat-", "im-spirit-"} {
		for i := range 15 {
			if got, want := numbered(prefix, i), fmt.Sprintf("%s%d", prefix, i); got != want {
				t.Errorf("numbered(%q, %d) = %q, want %q", prefix, i, got, want)
			}
		}
	}
}

// TestHandLayoutBySize: the hand size marker names each size the
// stylesheet lays a hand out anew at (9, 11, 17, 19, 25 cards), once
// reached, and its fragment's key changes only when a hand crosses one.
func TestHandLayoutBySize(t *testing.T) {
	key := func(n int) uint64 {
		p := &President{Hand: make([]CardView, n)}
		for _, f := range p.Fragments() {
			if f.ID == "p-layout" {
				return f.Key
			}
		}
		t.Fatal("no p-layout fragment")
		return 0
	}
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, ""}, {8, ""}, {9, "holds-9"}, {10, "holds-9"},
		{11, "holds-9 holds-11"}, {16, "holds-9 holds-11"},
		{17, "holds-9 holds-11 holds-17"}, {18, "holds-9 holds-11 holds-17"},
		{19, "holds-9 holds-11 holds-17 holds-19"}, {24, "holds-9 holds-11 holds-17 holds-19"},
		{25, "holds-9 holds-11 holds-17 holds-19 holds-25"}, {28, "holds-9 holds-11 holds-17 holds-19 holds-25"},
	} {
		if got := handLayout(tc.n).class(); got != tc.want {
			t.Errorf("a hand of %d: %q, want %q", tc.n, got, tc.want)
		}
	}
	for _, tc := range []struct {
		had, now int
		changed  bool
	}{
		{10, 9, false}, // both hold 9 or more, fewer than 11
		{11, 10, true}, // rows become one fan again
		{12, 11, false},
		{13, 8, true}, // four cards played at once, from rows to a plain fan
		{19, 18, true},
		{26, 25, false},
		{28, 14, true},
	} {
		if changed := key(tc.had) != key(tc.now); changed != tc.changed {
			t.Errorf("%d cards → %d: the marker changed %v, want %v", tc.had, tc.now, changed, tc.changed)
		}
	}
}
