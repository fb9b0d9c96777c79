package room

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/i18n"
)

// TestPotsShowNoUncalledBet: heads-up at 10/20 running it twice, the
// small blind (2,000 behind) raises to 420 and the big blind, 400 in
// all, calls all-in. Worked out by hand: 20 of the raise can never be
// called and go back to the raiser, so while the table is asked to run it
// twice the pots read "The pot: 800" (400 from each) and nothing
// else, for either player and a watcher: no "Side pot" of 20.
func TestPotsShowNoUncalledBet(t *testing.T) {
	m, _ := pokerTable(t, url.Values{"twice": {"on"}, "blinds": {"10/20"}}, 2)
	sb, bb := m.State.SB, m.State.BB
	if m.State.Seats[bb].Bet != 20 || m.State.Seats[sb].Bet != 10 {
		t.Fatalf("blinds %d and %d", m.State.Seats[sb].Bet, m.State.Seats[bb].Bet)
	}
	m.State.Seats[sb].Stack, m.State.Seats[bb].Stack = 1990, 380
	for _, mv := range []struct {
		seat int
		a    holdem.Action
	}{{sb, holdem.Action{Kind: holdem.BetTo, Amount: 420}}, {bb, holdem.Action{Kind: holdem.Call}}} {
		if _, err := m.Apply(mv.seat, mv.a); err != nil {
			t.Fatal(err)
		}
	}
	if m.State.RunOut != holdem.RunOutAsking {
		t.Fatalf("run out %v, want asking", m.State.RunOut)
	}
	for _, viewer := range []int{0, 1, -1} {
		rv := &roomView{t: &Table{Seats: []seat{{Player: "a", Name: "Ann"}, {Player: "b", Name: "Bob"}}, Match: m},
			seat: viewer, now: time.UnixMilli(1), lang: i18n.Lookup("en")}
		h := holdemView(rv)
		var b strings.Builder
		for _, f := range h.Fragments() {
			if f.ID == "h-pots" {
				if err := f.Component.Render(t.Context(), &b); err != nil {
					t.Fatal(err)
				}
			}
		}
		text := strings.Join(strings.Fields(tagText(b.String())), " ")
		if text != "The pot: 800" {
			t.Errorf("viewer %d: the pots read %q, want %q", viewer, text, "The pot: 800")
		}
	}
}

// tagText is HTML's text: the tags dropped.
func tagText(html string) string {
	var b strings.Builder
	in := false
	for _, r := range html {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}
