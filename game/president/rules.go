// Package president implements President (a.k.a. Asshole) for 2–5 players
// as specified in shared/specs/president.md, for the house (default) and
// standard rulesets.
//
// The engine is pure: State is a value, Apply returns a new State and the
// public events of the move, or a *game.Error that leaves the state and its
// version untouched. View gives exactly what one seat may see and Legal the
// moves open to it. Randomness comes only from the seed of each deal.
//
// The spec comes from two design notes, ../shared/seeds/
// president-house-rules.md (the house ruleset) and
// president-standard-rules.md (the standard one); where the spec is
// silent they decide. Jokers are a table option, the notes' use_jokers,
// on by default in both rulesets: Rules.WithJokers(false) plays with the
// 52 cards alone. The greedy bot follows the notes' strategy hints (§18;
// see Greedy).
//
// Choices the spec leaves open, settled here the way players expect:
//   - The leader of a trick must play; passing is only for following.
//   - A single joker, or any set made only of jokers, has rank JOKER.
//   - "Best card" ties between equal ranks go to the higher suit in the
//     order clubs < diamonds < hearts < spades; the black joker ranks above
//     the red one.
//   - The dealer moves one seat left each deal; the first card goes to the
//     seat after the dealer.
//   - The President returns as many cards as it received (two), the Vice
//     President one; returning a card just received is allowed.
//   - A player who goes out on a 7 or a 10 owes no gift or discard.
//   - Gift, discard and return errors that the spec has no code for use
//     ACTION_NOT_ALLOWED with a message saying what is expected.
package president

import "strconv"

// MaxSeats is the most players a table can have.
const MaxSeats = 5

// Rules is every difference between rulesets, so other mixes are possible.
type Rules struct {
	Name       string
	MinPlayers int
	MaxPlayers int
	// Jokers is how many jokers the deck holds besides its 52 cards: 2 with
	// the design note's table option use_jokers on (the default of both
	// rulesets), 0 with it off. Every stored state has carried this field
	// since the first snapshot, so the option needs no field of its own:
	// see UseJokers and WithJokers.
	Jokers int
	// WildJokers lets a joker stand for any rank in a set (house); without
	// it jokers play only as a pure joker set (standard).
	WildJokers bool
	// ViceAtThree gives the second place at 3 players the Vice President
	// role (house) instead of Citizen (standard).
	ViceAtThree bool
	// AssholeLeads makes the last deal's Asshole lead deals 2+ freely
	// (house); otherwise the holder of the 3♦ leads with 3s (standard).
	AssholeLeads bool
}

// The two rulesets of the spec.
var (
	House = Rules{Name: "house", MinPlayers: 3, MaxPlayers: 5, Jokers: 2,
		WildJokers: true, ViceAtThree: true, AssholeLeads: true}
	Standard = Rules{Name: "standard", MinPlayers: 2, MaxPlayers: 5, Jokers: 2,
		WildJokers: false, ViceAtThree: false, AssholeLeads: false}
)

// RulesNamed returns the ruleset called name ("house" or "standard").
func RulesNamed(name string) (Rules, bool) {
	switch name {
	case "house", "":
		return House, true
	case "standard":
		return Standard, true
	}
	return Rules{}, false
}

// UseJokers reports whether the deck holds jokers (the design note's
// use_jokers).
func (r Rules) UseJokers() bool { return r.Jokers > 0 }

// WithJokers returns the rules with the table option use_jokers set: on, the
// deck has its two jokers; off, it has 52 cards and no joker, so no rule
// about jokers (wild jokers, joker sets, a joker as the best card of the
// exchange) ever comes into play. The ruleset keeps its Name.
func (r Rules) WithJokers(on bool) Rules {
	r.Jokers = 0
	if on {
		r.Jokers = 2
	}
	return r
}

// JokersText says in a few words how the rules play jokers: "jokers wild",
// "jokers only as a joker set", or "no jokers".
func (r Rules) JokersText() string {
	switch {
	case !r.UseJokers():
		return "no jokers"
	case r.WildJokers:
		return "jokers wild"
	}
	return "jokers only as a joker set"
}

// Describe names the ruleset and its jokers for a table's description:
// "house rules, jokers wild", "standard rules, no jokers".
func (r Rules) Describe() string { return r.Name + " rules, " + r.JokersText() }

// Role is the title a finishing place earns for the next deal.
type Role uint8

// Roles.
const (
	NoRole Role = iota
	President
	VicePresident
	Citizen
	Scumbag
	Asshole
)

var roleNames = [...]string{"", "President", "Vice President", "Citizen", "Scumbag", "Asshole"}

func (r Role) String() string { return roleNames[r] }

// Points is what the role scores on the match scoreboard.
func (r Role) Points() int {
	switch r {
	case President:
		return 2
	case VicePresident:
		return 1
	case Scumbag:
		return -1
	case Asshole:
		return -2
	}
	return 0
}

// RolesFor lists the roles by finishing place for n players.
func (r Rules) RolesFor(n int) []Role {
	switch n {
	case 2:
		return []Role{President, Asshole}
	case 3:
		if r.ViceAtThree {
			return []Role{President, VicePresident, Asshole}
		}
		return []Role{President, Citizen, Asshole}
	case 4:
		return []Role{President, VicePresident, Scumbag, Asshole}
	case 5:
		return []Role{President, VicePresident, Citizen, Scumbag, Asshole}
	}
	return nil
}

// Ordinal writes a place: 1st, 2nd, 3rd, 4th, 5th.
func Ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}
