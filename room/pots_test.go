package room

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/game"
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

// TestEndedSitAndGoShowsNoChips: sit-and-gos played by bots to their
// winner; once one ends on a hand where a seat had anted (the big blind's
// ante, from level 4 of the turbo structure), no seat shows a chip in
// front of it: no ante and no bet, for a player and for a watcher.
func TestEndedSitAndGoShowsNoChips(t *testing.T) {
	anted := 0
	for seed := uint64(1); seed <= 12 && anted < 2; seed++ {
		m, _ := pokerTable(t, url.Values{"format": {"sng"}, "structure": {"turbo"}, "level": {"2h"}, "payout": {"50/30/20"}}, 6)
		pokerPlay(t, m, seed, nil, func(m *pokerMatch) bool { return m.Over() })
		v := m.State.View(game.Spectator)
		for _, sv := range v.Seats {
			if sv.Ante > 0 {
				anted++
				break
			}
		}
		seats := make([]seat, 6)
		for i := range seats {
			seats[i] = seat{Player: itoa(i), Name: "P" + itoa(i)}
		}
		for _, viewer := range []int{0, game.Spectator} {
			rv := &roomView{t: &Table{Seats: seats, Match: m}, seat: viewer, now: time.UnixMilli(1), lang: i18n.Lookup("en")}
			h := holdemView(rv)
			for _, s := range h.Seats {
				if s.Ante > 0 || s.Bet > 0 {
					t.Fatalf("seed %d, viewer %d: the ended tournament shows seat %d with ante %d and bet %d", seed, viewer, s.Index, s.Ante, s.Bet)
				}
			}
		}
	}
	if anted == 0 {
		t.Fatal("no tournament ended on a hand with an ante: too little to judge")
	}
}
