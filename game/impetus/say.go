package impetus

import (
	"math"
	"sort"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
)

// The log's lines are catalog messages (log.impetus.*, docs/I18N.md):
// factions, cards, idols and places are words of the catalog
// (impetus.faction.*, impetus.card.*, impetus.place.*), spirits are seats.

var factionKeys = [NumFactions]string{"impetus.faction.mountain", "impetus.faction.mesa", "impetus.faction.sand",
	"impetus.faction.plains", "impetus.faction.river", "impetus.faction.jungle"}

// FactionKey is the catalog key of faction f's name.
func FactionKey(f int) string { return factionKeys[f] }

// factionArg is a faction's name.
func factionArg(name string, f int) i18n.Arg { return i18n.K(name, factionKeys[f]) }

// fnameArg names a faction with its guide when it has one (fname).
func (s *State) fnameArg(name string, f int) i18n.Arg {
	if g := s.Factions[f].Guide; g >= 0 {
		return i18n.Nest(name, i18n.M("impetus.guided", factionArg("Faction", f), i18n.SeatArg("Spirit", g)))
	}
	return factionArg(name, f)
}

var cardKeys = [NumCards]string{"impetus.card.trade", "impetus.card.steal", "impetus.card.expand", "impetus.card.change"}

// CardKey is the catalog key of card type c's name.
func CardKey(c Card) string { return cardKeys[c] }

// cardArg is a card type's name ("Trade").
func cardArg(name string, c Card) i18n.Arg { return i18n.K(name, cardKeys[c]) }

var cardAKeys = [NumCards]string{"impetus.card_a.trade", "impetus.card_a.steal", "impetus.card_a.expand", "impetus.card_a.change"}

// cardAArg is one card of a type ("a Trade").
func cardAArg(name string, c Card) i18n.Arg { return i18n.K(name, cardAKeys[c]) }

var idolAKeys = [...]string{Battle: "impetus.idol_a.battle", Affluence: "impetus.idol_a.affluence", Spread: "impetus.idol_a.spread"}

// spiritsArg names spirits as "{1} and {3}".
func spiritsArg(name string, seats []int) i18n.Arg { return game.SeatAnds(name, seats) }

// othersArgs name the spirits of a contest but one (others), and count
// them (Count: a verb agrees with them).
func othersArgs(name string, spirits []int, but int) (others, count i18n.Arg) {
	var out []int
	for _, sp := range spirits {
		if sp != but {
			out = append(out, sp)
		}
	}
	return spiritsArg(name, out), i18n.Count(len(out))
}

// semis joins parts with "; " (impetus.parts), in order.
func semis(name string, parts []i18n.Arg) i18n.Arg {
	if len(parts) == 1 {
		p := parts[0]
		p.Name = name
		return p
	}
	return i18n.Nest(name, i18n.M("impetus.parts", withName("First", parts[0]), semis("Rest", parts[1:])))
}

func withName(name string, a i18n.Arg) i18n.Arg { a.Name = name; return a }

// placeArg names a cell as it is now (cellName).
func (s *State) placeArg(name string, c int) i18n.Arg { return i18n.Nest(name, PlaceMsg(&s.Owner, c)) }

// PlaceMsg is PlaceName as a catalog message.
func PlaceMsg(owner *[NumHexes]int, c int) i18n.Msg {
	h := Cells[c]
	if h.Q == 0 && h.R == 0 {
		return i18n.M("impetus.place.centre")
	}
	var by []int
	seen := [NumFactions]bool{}
	for _, n := range adjacent[c] {
		if o := owner[n]; o >= 0 && o != owner[c] && !seen[o] {
			seen[o] = true
			by = append(by, o)
		}
	}
	sort.Slice(by, func(i, j int) bool { return FactionNames[by[i]] < FactionNames[by[j]] })
	side := i18n.K("Side", compassKey(h))
	key := "impetus.place.neutral"
	args := []i18n.Arg{side}
	if o := owner[c]; o >= 0 {
		key = "impetus.place.land"
		args = append(args, factionArg("Faction", o))
	}
	if len(by) > 0 {
		key += "_by"
		items := make([]i18n.Arg, len(by))
		for i, f := range by {
			items[i] = factionArg("", f)
		}
		args = append(args, game.Ands("By", items...))
	}
	return i18n.M(key, args...)
}

var sideKeys = [...]string{"east", "north_east", "north", "north_west", "west", "south_west", "south", "south_east"}

// compassKey is compass's catalog key: impetus.side.<side>[_edge].
func compassKey(h Hex) string {
	x := 1.5 * float64(h.Q)
	y := math.Sqrt(3) * (float64(h.R) + float64(h.Q)/2)
	a := math.Atan2(-y, x)
	sector := (int(math.Round(a/(math.Pi/4))) + 8) % 8
	k := "impetus.side." + sideKeys[sector]
	if Distance(h, Hex{}) == Radius {
		return k + "_edge"
	}
	return k
}
