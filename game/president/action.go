package president

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/i18n"
)

// Kind of action.
type Kind uint8

// Kinds of action. Deal is taken only by the platform (seat game.System).
const (
	PlayCards Kind = iota + 1
	Pass
	Gift
	Discard
	ReturnCards
	Deal
)

var kindNames = [...]string{"", "play", "pass", "gift", "discard", "return", "deal"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Action is one move. Cards are the cards played, given, discarded or
// returned; for a Gift, To[i] is the seat receiving Cards[i]. Seed is the
// shuffle seed of a Deal.
type Action struct {
	Kind  Kind
	Cards []cards.Card
	To    []int
	Seed  uint64
}

// Error codes of the spec.
const (
	CodeRoomFull                = "ROOM_FULL"
	CodeNotYourTurn             = game.CodeNotYourTurn
	CodeOwnership               = "OWNERSHIP"
	CodePatternMismatch         = "PATTERN_MISMATCH"
	CodeRankTooLow              = "RANK_TOO_LOW"
	CodeEffectPending           = "EFFECT_PENDING"
	CodeInvalidGiftDistribution = "INVALID_GIFT_DISTRIBUTION"
	CodeInvalidDiscardSelection = "INVALID_DISCARD_SELECTION"
	CodeAlreadyPassed           = "ALREADY_PASSED"
	CodeActionNotAllowed        = "ACTION_NOT_ALLOWED"
	CodeInternal                = game.CodeInternal
)

// maxFormCards bounds the card fields a form may carry.
const maxFormCards = 54

// Decode reads an action from a posted form:
//
//	kind=play&card=3D&card=3S
//	kind=pass
//	kind=gift&give_5H=2&give_9C=3   (card → receiving seat; empty = keep)
//	kind=discard&card=4C&card=5C
//	kind=return&card=4C&card=5C
//
// A Deal can't be decoded: only the platform deals.
func Decode(f url.Values) (Action, error) {
	bad := func(key string, args ...i18n.Arg) (Action, error) {
		return Action{}, game.Err(CodeActionNotAllowed, key, args...)
	}
	var a Action
	switch f.Get("kind") {
	case "play":
		a.Kind = PlayCards
	case "pass":
		return Action{Kind: Pass}, nil
	case "gift":
		a.Kind = Gift
	case "discard":
		a.Kind = Discard
	case "return":
		a.Kind = ReturnCards
	default:
		return bad("error.president.unknown_action")
	}
	if a.Kind == Gift {
		n := 0
		for k, vs := range f {
			name, ok := strings.CutPrefix(k, "give_")
			if !ok {
				continue
			}
			if n++; n > maxFormCards || len(vs) != 1 {
				return bad("error.president.too_many_cards")
			}
			if vs[0] == "" {
				continue
			}
			c, err := cards.Parse(name)
			if err != nil {
				return bad("error.president.not_a_card_named", i18n.S("Card", clip(name)))
			}
			to, err := strconv.Atoi(vs[0])
			if err != nil || to < 0 || to >= MaxSeats {
				return bad("error.president.choose_receiver", i18n.Nest("Card", c.NameMsg()))
			}
			a.Cards = append(a.Cards, c)
			a.To = append(a.To, to)
		}
		sortGift(&a)
		return a, nil
	}
	vs := f["card"]
	if len(vs) > maxFormCards {
		return bad("error.president.too_many_cards")
	}
	for _, v := range vs {
		c, err := cards.Parse(v)
		if err != nil {
			return bad("error.president.not_a_card_named", i18n.S("Card", clip(v)))
		}
		a.Cards = append(a.Cards, c)
	}
	return a, nil
}

// Encode writes the action as the form Decode reads (Deal excepted).
func (a Action) Encode() url.Values {
	f := url.Values{"kind": {a.Kind.String()}}
	if a.Kind == Gift {
		for i, c := range a.Cards {
			f.Set("give_"+c.String(), strconv.Itoa(a.To[i]))
		}
		return f
	}
	for _, c := range a.Cards {
		f.Add("card", c.String())
	}
	return f
}

// sortGift orders a gift by card so decoding a form is deterministic.
func sortGift(a *Action) {
	for i := 1; i < len(a.Cards); i++ {
		for j := i; j > 0 && a.Cards[j] < a.Cards[j-1]; j-- {
			a.Cards[j], a.Cards[j-1] = a.Cards[j-1], a.Cards[j]
			a.To[j], a.To[j-1] = a.To[j-1], a.To[j]
		}
	}
}

func clip(s string) string {
	if len(s) > 8 {
		s = s[:8] + "…"
	}
	return strconv.Quote(s)
}

func itoa(n int) string { return strconv.Itoa(n) }

// events collects the log lines of one action.
type events struct{ list []game.Event }

func (e *events) add(m i18n.Msg, only []int) {
	if e.list == nil {
		e.list = make([]game.Event, 0, 2)
	}
	// every private line here follows its public twin
	e.list = append(e.list, game.Event{Msg: m, Only: only, Twin: only != nil})
}

// say is a line naming one seat.
func say(key string, seat int) i18n.Msg { return i18n.M(key, i18n.SeatArg("Seat", seat)) }

// playMsg is the log line of a set played.
func playMsg(seat int, set Set) i18n.Msg {
	return i18n.M("log.president.plays", i18n.SeatArg("Seat", seat), setArg("Set", set))
}

// rankKeys are the catalog keys of a rank's cards in a set: "a queen",
// "two queens" (plural forms by the set's count).
var rankKeys = [...]string{2: "card.set.2", 3: "card.set.3", 4: "card.set.4", 5: "card.set.5", 6: "card.set.6",
	7: "card.set.7", 8: "card.set.8", 9: "card.set.9", 10: "card.set.10", 11: "card.set.jack", 12: "card.set.queen",
	13: "card.set.king", 14: "card.set.ace", 15: "card.set.joker"}

// numberArg is a small count in words ("two"), as Number, for a
// language that writes them so; digits past four.
func numberArg(n int) i18n.Arg {
	if n >= 2 && n <= 4 {
		return i18n.K("Number", numberKeys[n])
	}
	return i18n.N("Number", n)
}

var numberKeys = [...]string{2: "word.number.2", 3: "word.number.3", 4: "word.number.4"}

// setArg reads a set in words, as the argument name: "a nine", "two
// queens", "three sevens (one joker)".
func setArg(name string, st Set) i18n.Arg {
	if st.Count >= 1 && st.Count <= 4 && st.Rank >= cards.Two && st.Rank <= cards.Joker &&
		(st.Rank == cards.Joker || st.Cards.OfRank(cards.Joker) == 0) {
		a := plainSets[st.Rank][st.Count] // built once: a move costs no words
		a.Name = name
		return a
	}
	m := i18n.M(rankKeys[st.Rank], i18n.Count(st.Count), numberArg(st.Count))
	if st.Rank != cards.Joker {
		if j := st.Cards.OfRank(cards.Joker).Len(); j > 0 {
			m = i18n.M("card.set.with_jokers", i18n.Nest("Set", m), i18n.Count(j), i18n.K("Number", jokerCountKeys[j]))
		}
	}
	return i18n.Nest(name, m)
}

// plainSets are the sets without a joker standing in, as arguments, by
// rank and count; shared and never changed.
var plainSets = func() (p [cards.Joker + 1][5]i18n.Arg) {
	for r := cards.Two; r <= cards.Joker; r++ {
		for n := 1; n <= 4; n++ {
			p[r][n] = i18n.Nest("", i18n.M(rankKeys[r], i18n.Count(n), numberArg(n)))
		}
	}
	return p
}()

var jokerCountKeys = [...]string{1: "word.number.2", 2: "word.number.2"} // 1: the one form names none

// cardsArg is a number of cards in words: "a card", "two cards", "5
// cards".
func cardsArg(name string, n int) i18n.Arg {
	return i18n.Nest(name, i18n.M("card.count", i18n.Count(n), numberArg(n)))
}

// facesArg lists cards by face: "5♥ 9♣" (the same in every language).
func facesArg(name string, s cards.Set) i18n.Arg { return i18n.S(name, describeCards(s)) }

var countWords = [...]string{"no", "a", "two", "three", "four"}

// describeSet reads a set in words: "a 9", "two queens", "three 7s (one
// joker)".
func describeSet(st Set) string {
	var b strings.Builder
	if st.Count == 1 {
		r := st.Rank
		if r == cards.Eight || r == cards.Ace {
			b.WriteString("an ")
		} else {
			b.WriteString("a ")
		}
		b.WriteString(r.Name())
	} else {
		b.WriteString(countWords[st.Count])
		b.WriteByte(' ')
		b.WriteString(st.Rank.Plural())
	}
	if st.Rank != cards.Joker {
		if j := st.Cards.OfRank(cards.Joker).Len(); j > 0 {
			b.WriteString(" (" + countWords[j] + " joker")
			if j > 1 {
				b.WriteByte('s')
			}
			b.WriteByte(')')
		}
	}
	return b.String()
}

// countCards reads a number of cards: "a card", "two cards".
func countCards(n int) string {
	switch n {
	case 1:
		return "a card"
	case 2, 3, 4:
		return countWords[n] + " cards"
	}
	return itoa(n) + " cards"
}

// describeCards lists cards by face: "5♥ 9♣".
func describeCards(s cards.Set) string {
	cs := s.Cards()
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Face()
	}
	return strings.Join(parts, " ")
}

// Describe reads a set in words for the table: "two nines", "a joker".
func Describe(st Set) string { return describeSet(st) }
