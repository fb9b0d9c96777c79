package room

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/i18n"
)

// TestKickerInResults: a cash table of three checks a rigged hand down.
// Worked out by hand: on K♠ 9♦ 7♣ 4♥ 2♠, seat 0 (K♣ A♥) has kings with
// A 9 7, seat 1 (K♥ Q♦) kings with Q 9 7, seat 2 (9♣ 3♦) nines: seat 0
// wins, and against seat 1's kings the ace kicker decided it. The pot's
// result line, seat 0's shown hand and its row of the standings, and
// the hand's line in the hand list name the ace kicker; seat 1's hand,
// which lost, is just its name. In English and Japanese.
func TestKickerInResults(t *testing.T) {
	m, _ := pokerTable(t, url.Values{}, 3)
	if m.State.Hand == 0 || m.State.Street == holdem.HandOver {
		t.Fatalf("hand %d on the %v", m.State.Hand, m.State.Street)
	}
	for seat, h := range map[int]string{0: "KC AH", 1: "KH QD", 2: "9C 3D"} {
		a, _ := cards.Parse(h[:2])
		b, _ := cards.Parse(h[3:])
		m.State.Seats[seat].Hole = [2]cards.Card{a, b}
	}
	for i, c := range strings.Fields("KS 9D 7C 4H 2S") {
		m.State.Deck[m.State.DeckPos+i], _ = cards.Parse(c)
	}
	for m.State.Street != holdem.HandOver {
		seat := m.Waiting()[0]
		k := holdem.Check
		if m.State.CurrentBet > m.State.Seats[seat].Bet {
			k = holdem.Call
		}
		if _, err := m.Apply(seat, holdem.Action{Kind: k}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ lang, win, lose string }{
		{"en", "pair of kings, ace kicker", "pair of kings"},
		{"ja", "Kのワンペア、キッカーA", "Kのワンペア"},
	} {
		l := i18n.Lookup(c.lang)
		rv := &roomView{t: &Table{Seats: []seat{{Player: "a", Name: "Ann"}, {Player: "b", Name: "Bob"}, {Player: "c", Name: "Cy"}}, Match: m},
			seat: 0, now: time.UnixMilli(1), lang: l}
		h := holdemView(rv)
		if len(h.Results) != 1 || l.Msg(h.Results[0].Hand) != c.win {
			t.Errorf("%s: the pot's result: %+v, want %q", c.lang, h.Results, c.win)
		}
		if h.Seats[0].HandName != c.win || h.Seats[1].HandName != c.lose {
			t.Errorf("%s: the seats' hands %q and %q, want %q and %q", c.lang, h.Seats[0].HandName, h.Seats[1].HandName, c.win, c.lose)
		}
		if h.Standings == nil || len(h.Standings.Rows) == 0 || h.Standings.Rows[0].What != c.win {
			t.Errorf("%s: the standings: %+v", c.lang, h.Standings)
		}
		r := &m.State.Past[len(m.State.Past)-1]
		if sum := l.Msg(handSummary(r, 0, rv.t)); !strings.Contains(sum, c.win) {
			t.Errorf("%s: the hand list says %q, want %q in it", c.lang, sum, c.win)
		}
	}
}
