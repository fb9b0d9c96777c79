package holdem

import (
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/holdem/eval"
	"github.com/tablegames/tables/i18n"
)

// The hand's log lines are catalog messages (log.holdem.*, docs/I18N.md):
// seats, chips and cards are their arguments.

// seatSays is a line about one seat: key with {{.Seat}} and args.
func seatSays(key string, seat int, args ...i18n.Arg) game.Event {
	return game.Event{Msg: i18n.M(key, append([]i18n.Arg{i18n.SeatArg("Seat", seat)}, args...)...)}
}

// allInKey is key, or its _all_in form when the seat is all-in ("…
// and is all-in.").
func allInKey(key string, p *Seat) string {
	if p.AllIn {
		return key + "_all_in"
	}
	return key
}

// facesArg is cards by face ("Q♠ 10♦"), the same in every language.
func facesArg(name string, cs []cards.Card) i18n.Arg { return i18n.S(name, faces(cs)) }

// handArg is a hand's name ("pair of jacks") in the reader's language.
func handArg(name string, r eval.Rank) i18n.Arg {
	return i18n.Nest(name, eval.Default().DescribeMsg(r))
}

// PotMsg names pot n (from 0) of count: "the pot", "the main pot",
// "side pot 2".
func PotMsg(n, count int) i18n.Msg {
	switch {
	case count == 1:
		return i18n.M("holdem.pot.only")
	case n == 0:
		return i18n.M("holdem.pot.main")
	}
	return i18n.M("holdem.pot.side", i18n.N("Number", n))
}

// potArg names pot n of count (PotMsg), on a board when run twice.
func potArg(n, count, run, runs int) i18n.Arg {
	m := PotMsg(n, count)
	if runs > 1 {
		m = i18n.M([...]string{"holdem.pot.first_board", "holdem.pot.second_board"}[run], i18n.Nest("Pot", m))
	}
	return i18n.Nest("Pot", m)
}

var streetKeys = [...]string{Flop: "log.holdem.flop", Turn: "log.holdem.turn", River: "log.holdem.river"}
var secondRunKeys = [...]string{Flop: "log.holdem.second_flop", Turn: "log.holdem.second_turn", River: "log.holdem.second_river"}
