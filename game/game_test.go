package game

import (
	"encoding/json"
	"testing"

	"github.com/tablegames/tables/i18n"
)

func TestEventRender(t *testing.T) {
	names := func(seat int) string { return []string{"Ann", "Bob", "<Cy>"}[seat] }
	cases := map[string]string{
		"{0} plays a nine.":            "Ann plays a nine.",
		"{1} gives two cards to {2}.":  "Bob gives two cards to <Cy>.",
		"no seats here":                "no seats here",
		"{x} stays {":                  "{x} stays {",
		"Deal 2: {0} deals, {1} next.": "Deal 2: Ann deals, Bob next.",
	}
	for in, want := range cases {
		if got := (Event{Text: in}).Render(names); got != want {
			t.Errorf("%q rendered %q, want %q", in, got, want)
		}
	}
}

func TestEventVisibleTo(t *testing.T) {
	pub := Event{Text: "x"}
	priv := Event{Text: "y", Only: []int{1, 3}}
	if !pub.VisibleTo(Spectator) || !priv.VisibleTo(3) || priv.VisibleTo(0) || priv.VisibleTo(Spectator) {
		t.Fatal("visibility wrong")
	}
}

func TestErrorJSON(t *testing.T) {
	e := &Error{Code: "BET_TOO_SMALL", Message: "Raise to at least 80: the bet is 40", Details: map[string]int{"min_raise": 80, "current_bet": 40}}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"code":"BET_TOO_SMALL","message":"Raise to at least 80: the bet is 40","details":{"current_bet":40,"min_raise":80}}`
	if string(b) != want {
		t.Fatalf("got %s, want %s", b, want)
	}
	if b, _ := json.Marshal(Errorf("X", "y")); string(b) != `{"code":"X","message":"y"}` {
		t.Fatalf("no details: got %s", b)
	}
}

// SeatAnds joins seats as the English log lines always have: "{0} and
// {1} and {2}", each pair by the language's list.last.
func TestSeatAnds(t *testing.T) {
	for seats, want := range map[int]string{1: "{0} wins", 2: "{0} and {1} win", 3: "{0} and {1} and {2} win"} {
		list := []int{0, 1, 2}[:seats]
		ev := Say("log.holdem.wins", SeatAnds("Winners", list), i18n.Count(seats), i18n.Nest("Pot", i18n.M("holdem.pot.only")), i18n.N("Chips", 30))
		if got := ev.String(); got != want+" the pot (30)." {
			t.Errorf("%d winners: %q", seats, got)
		}
	}
}
