// Package cards is the French deck shared by the card games: cards, a set of
// cards as a bit mask, parsing and formatting ("3D", "TS", "JR"), and a
// seeded shuffle whose output is fixed by its algorithm, so a seed always
// deals the same cards on every build.
package cards

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tablegames/tables/i18n"
)

// Rank is a card's face value: Two=2 … Ace=14, and Joker.
type Rank uint8

// Ranks.
const (
	Two   Rank = 2
	Three Rank = 3
	Four  Rank = 4
	Five  Rank = 5
	Six   Rank = 6
	Seven Rank = 7
	Eight Rank = 8
	Nine  Rank = 9
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Ace   Rank = 14
	Joker Rank = 15
)

// Suit of a card; jokers have none.
type Suit uint8

// Suits, in the fixed order used wherever a tie between equal ranks must be
// broken reproducibly (Spades highest).
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// Card is one card: 0–51 are the suited cards ((rank-2)*4 + suit), 52 and
// 53 the red and black joker.
type Card uint8

// The two jokers.
const (
	RedJoker   Card = 52
	BlackJoker Card = 53
)

// New returns the card of a rank and suit.
func New(r Rank, s Suit) Card { return Card(uint8(r-2)*4 + uint8(s)) }

// Rank of the card.
func (c Card) Rank() Rank {
	if c >= RedJoker {
		return Joker
	}
	return Rank(c/4) + 2
}

// Suit of the card (meaningless for jokers).
func (c Card) Suit() Suit { return Suit(c % 4) }

// IsJoker reports whether the card is a joker.
func (c Card) IsJoker() bool { return c >= RedJoker }

const rankChars = "23456789TJQKA"
const suitChars = "CDHS"

// String formats the card as rank and suit letters: "3D", "TS", "AH"; the
// jokers are "JR" and "JB".
func (c Card) String() string {
	switch {
	case c == RedJoker:
		return "JR"
	case c == BlackJoker:
		return "JB"
	case c < RedJoker:
		return string([]byte{rankChars[c/4], suitChars[c%4]})
	}
	return fmt.Sprintf("Card(%d)", uint8(c))
}

var rankNames = [...]string{2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace", 15: "joker"}
var rankPlurals = [...]string{2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces", 15: "jokers"}
var suitNames = [...]string{"clubs", "diamonds", "hearts", "spades"}
var suitSymbols = [...]string{"♣", "♦", "♥", "♠"}

// Name is the card's accessible name: "queen of spades", "red joker".
func (c Card) Name() string {
	switch c {
	case RedJoker:
		return "red joker"
	case BlackJoker:
		return "black joker"
	}
	return rankNames[c.Rank()] + " of " + suitNames[c.Suit()]
}

// NameMsg is the card's name as a catalog message (card.name: "queen of
// spades"; card.name.joker.*), for each reader's language.
func (c Card) NameMsg() i18n.Msg {
	switch c {
	case RedJoker:
		return i18n.M("card.name.joker.red")
	case BlackJoker:
		return i18n.M("card.name.joker.black")
	}
	return i18n.M("card.name", i18n.K("Rank", rankKeys[c.Rank()]), i18n.K("Suit", suitKeys[c.Suit()]))
}

var rankKeys = [...]string{Two: "card.rank.2", Three: "card.rank.3", Four: "card.rank.4", Five: "card.rank.5", Six: "card.rank.6",
	Seven: "card.rank.7", Eight: "card.rank.8", Nine: "card.rank.9", Ten: "card.rank.10", Jack: "card.rank.jack", Queen: "card.rank.queen",
	King: "card.rank.king", Ace: "card.rank.ace"}

var suitKeys = [...]string{Clubs: "card.suit.clubs", Diamonds: "card.suit.diamonds", Hearts: "card.suit.hearts", Spades: "card.suit.spades"}

// Face is the short face shown on a card: "Q♠", "10♦", "★" for a joker.
func (c Card) Face() string {
	if c.IsJoker() {
		return "★"
	}
	return c.Rank().Short() + suitSymbols[c.Suit()]
}

// Red reports whether the card is printed red (hearts, diamonds, red joker).
func (c Card) Red() bool {
	if c.IsJoker() {
		return c == RedJoker
	}
	return c.Suit() == Hearts || c.Suit() == Diamonds
}

// Short is the rank as printed on a card: "2" … "10", "J", "Q", "K", "A", "JK".
func (r Rank) Short() string {
	switch r {
	case Ten:
		return "10"
	case Joker:
		return "JK"
	}
	if r >= Two && r <= Ace {
		return rankChars[r-2 : r-1]
	}
	return "?"
}

// Name of the rank: "queen".
func (r Rank) Name() string {
	if r >= Two && r <= Joker {
		return rankNames[r]
	}
	return "?"
}

// Plural of the rank: "queens", "sixes".
func (r Rank) Plural() string {
	if r >= Two && r <= Joker {
		return rankPlurals[r]
	}
	return "?"
}

// Name of the suit: "spades".
func (s Suit) Name() string { return suitNames[s&3] }

// Parse reads a card written as String writes it; letters may be lower case
// and "10" may stand for "T".
func Parse(s string) (Card, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	switch u {
	case "JR":
		return RedJoker, nil
	case "JB":
		return BlackJoker, nil
	}
	if strings.HasPrefix(u, "10") {
		u = "T" + u[2:]
	}
	if len(u) != 2 {
		return 0, fmt.Errorf("%q is not a card", s)
	}
	r := strings.IndexByte(rankChars, u[0])
	su := strings.IndexByte(suitChars, u[1])
	if r < 0 || su < 0 {
		return 0, fmt.Errorf("%q is not a card", s)
	}
	return Card(r*4 + su), nil
}

// ParseList reads cards separated by spaces or commas.
func ParseList(s string) ([]Card, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' })
	out := make([]Card, 0, len(f))
	for _, w := range f {
		c, err := Parse(w)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Set is a set of cards as a bit mask: bit c is card c.
type Set uint64

// SetOf builds a set from cards.
func SetOf(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// Has reports whether c is in the set.
func (s Set) Has(c Card) bool { return s&(1<<c) != 0 }

// With returns the set plus c.
func (s Set) With(c Card) Set { return s | 1<<c }

// Without returns the set minus c.
func (s Set) Without(c Card) Set { return s &^ (1 << c) }

// Len is the number of cards.
func (s Set) Len() int { return bits.OnesCount64(uint64(s)) }

// Cards lists the set in card order (rank, then suit; jokers last).
func (s Set) Cards() []Card {
	out := make([]Card, 0, s.Len())
	for s != 0 {
		c := Card(bits.TrailingZeros64(uint64(s)))
		out = append(out, c)
		s &= s - 1
	}
	return out
}

// Lowest is the lowest card in card order; ok is false for an empty set.
func (s Set) Lowest() (c Card, ok bool) {
	if s == 0 {
		return 0, false
	}
	return Card(bits.TrailingZeros64(uint64(s))), true
}

// OfRank is the subset of one rank.
func (s Set) OfRank(r Rank) Set {
	if r == Joker {
		return s & (1<<RedJoker | 1<<BlackJoker)
	}
	return s & (0xF << (uint(r-2) * 4))
}

// String lists the cards: "3D 3S JR".
func (s Set) String() string {
	cs := s.Cards()
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// Deck returns the 52 suited cards plus the given number of jokers (0–2).
func Deck(jokers int) []Card {
	d := make([]Card, 0, 52+jokers)
	for c := Card(0); c < 52+Card(jokers); c++ {
		d = append(d, c)
	}
	return d
}
