package president

import (
	"errors"
	"net/url"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/i18n"
)

// TestErrorsFromTheCatalog: a refused move says why from the catalog
// (game.Err: its key and arguments, each reader reads it in their
// language), its English as the message.
func TestErrorsFromTheCatalog(t *testing.T) {
	house, _ := RulesNamed("house")
	nines := Set{Rank: cards.Nine, Count: 2}
	s, _, err := New(house, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	s.Phase, s.Pending = Playing, Pending{Kind: Gift, Count: 2, Seat: 1}
	_, _, tooMany := New(house, 9, 1)
	_, badGift := Decode(url.Values{"kind": {"gift"}, "give_QS": {"x"}})
	_, badCard := Decode(url.Values{"kind": {"play"}, "card": {"ZZ"}})
	for _, c := range []struct {
		err  error
		want string
	}{
		{Beats(Set{Rank: cards.Five, Count: 2}, nines, false), "Play a pair higher than nines, or pass"},
		{Beats(Set{Rank: cards.King, Count: 2}, nines, true), "The trick is inverted: play a pair lower than nines, or pass"},
		{Beats(Set{Rank: cards.King, Count: 1}, nines, false), "Play two cards of one rank, or pass"},
		{Beats(Set{Rank: cards.King, Count: 2}, Set{Rank: cards.Nine, Count: 1}, false), "Play a single card, or pass"},
		{badGift, "Choose a player to receive the queen of spades"},
		{badCard, `That is not a card: "ZZ"`},
		{tooMany, "This ruleset needs 3 to 5 players"},
		{s.checkTurn(0), "Wait: two cards must be given first (7s)"},
		{s.pendingFor(0, Gift), "Wait: another player must finish their gift first"},
		{s.pendingFor(1, Discard), "Wait: another player must finish their gift first"},
	} {
		var ge *game.Error
		if !errors.As(c.err, &ge) {
			t.Fatalf("%v is not a game error", c.err)
		}
		if ge.Msg.IsZero() || !i18n.English().Has(ge.Msg.Key) || ge.Message != c.want || ge.Text(i18n.English()) != c.want {
			t.Errorf("%q (key %q), want %q from the catalog", ge.Message, ge.Msg.Key, c.want)
		}
	}
}
