package president

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
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
	bad := func(msg string) (Action, error) { return Action{}, game.Errorf(CodeActionNotAllowed, msg) }
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
		return bad("Unknown action")
	}
	if a.Kind == Gift {
		n := 0
		for k, vs := range f {
			name, ok := strings.CutPrefix(k, "give_")
			if !ok {
				continue
			}
			if n++; n > maxFormCards || len(vs) != 1 {
				return bad("Too many cards in the form")
			}
			if vs[0] == "" {
				continue
			}
			c, err := cards.Parse(name)
			if err != nil {
				return bad("That is not a card: " + clip(name))
			}
			to, err := strconv.Atoi(vs[0])
			if err != nil || to < 0 || to >= MaxSeats {
				return bad("Choose a player to receive the " + c.Name())
			}
			a.Cards = append(a.Cards, c)
			a.To = append(a.To, to)
		}
		sortGift(&a)
		return a, nil
	}
	vs := f["card"]
	if len(vs) > maxFormCards {
		return bad("Too many cards in the form")
	}
	for _, v := range vs {
		c, err := cards.Parse(v)
		if err != nil {
			return bad("That is not a card: " + clip(v))
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

func (e *events) add(text string, only []int) {
	if e.list == nil {
		e.list = make([]game.Event, 0, 2)
	}
	// every private line here follows its public twin
	e.list = append(e.list, game.Event{Text: text, Only: only, Twin: only != nil})
}

// phrases are the log lines every deal repeats, written once so a move
// costs no string building: "{2} passes.", "{0} plays two nines.".
var phrases = func() (p struct {
	passes, cleared [MaxSeats]string
	plays           [MaxSeats][cards.Joker + 1][5]string
}) {
	for seat := range MaxSeats {
		tok := game.SeatToken(seat)
		p.passes[seat] = tok + " passes."
		p.cleared[seat] = "The pile is cleared: " + tok + " leads."
		for r := cards.Two; r <= cards.Joker; r++ {
			for n := 1; n <= 4; n++ {
				p.plays[seat][r][n] = tok + " plays " + describeSet(Set{Rank: r, Count: n}) + "."
			}
		}
	}
	return p
}()

// playText is the log line of a set played.
func playText(seat int, set Set) string {
	if set.Rank == cards.Joker || set.Cards.OfRank(cards.Joker) == 0 {
		return phrases.plays[seat][set.Rank][set.Count]
	}
	return game.SeatToken(seat) + " plays " + describeSet(set) + "."
}

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
