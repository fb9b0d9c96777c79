package holdem

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

// The cases below are worked out by hand from the rules of the package
// doc (antes, the straddle, bomb pots, running it twice, show or muck).
// Seats are 0-based; the first hand's button is seat 0.

// startWith seats len(stacks) players under r, lets setup make the
// players' choices (or a bomb pot) before the first deal, and deals.
func startWith(t testing.TB, r Rules, setup func(*State), stacks ...int) State {
	t.Helper()
	s, err := New(r, len(stacks))
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range stacks {
		s.Seats[i].Stack = st
	}
	if setup != nil {
		setup(&s)
	}
	s, _, err = Apply(s, game.System, Action{Kind: Deal, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// rigRuns fixes the hole cards, the board (the cards already dealt and
// those to come) and, when second is given, the second run's cards that
// follow the first board's in the deck.
func rigRuns(t *testing.T, s *State, holes map[int][2]string, board [5]string, second ...string) {
	t.Helper()
	for seat, h := range holes {
		s.Seats[seat].Hole = [2]cards.Card{card(t, h[0]), card(t, h[1])}
	}
	for i, c := range board {
		if i < s.BoardN {
			s.Board[i] = card(t, c)
		} else {
			s.Deck[s.DeckPos+i-s.BoardN] = card(t, c)
		}
	}
	for i, c := range second {
		s.Deck[s.DeckPos+5-s.BoardN+i] = card(t, c)
	}
}

var cardText = regexp.MustCompile(`\b[2-9TJQKA][CDHS]\b`)

// faced writes the cards named in text ("5D 6C") as the history and the
// log write them (Card.Face).
func faced(t *testing.T, text string) string {
	return cardText.ReplaceAllStringFunc(text, func(c string) string { return card(t, c).Face() })
}

func withFormat(f Format) Rules {
	r := DefaultRules
	r.Format = f
	return r
}

func straddler(seat int) func(*State) {
	return func(s *State) { s.Seats[seat].Straddles = true }
}

// turns plays the given moves (each by the seat to act) and returns the
// seats that acted, in order.
func turns(t *testing.T, s *State, moves ...Kind) []int {
	t.Helper()
	var order []int
	for _, k := range moves {
		order = append(order, s.Turn)
		act(t, s, s.Turn, k, 0)
	}
	return order
}

// TestStraddleThreeHanded: blinds 10/20, seat 0 the button is under the
// gun (left of the big blind, seat 2) and straddles 40. The action starts
// left of the straddler, at the small blind: it owes 30 to call, and the
// smallest raise is to twice the straddle, 80. Small blind and big blind
// call (to 40); the straddler acts last and may check or raise (to 80 at
// least). It checks: pot 120, the flop starts at the small blind.
func TestStraddleThreeHanded(t *testing.T) {
	s := startWith(t, withFormat(Format{Straddle: true}), straddler(0), 2000, 2000, 2000)
	if !s.Seats[0].Straddled || s.Seats[0].Bet != 40 || s.Seats[0].Stack != 1960 || s.CurrentBet != 40 {
		t.Fatalf("straddle: %+v, current bet %d", s.Seats[0], s.CurrentBet)
	}
	if s.Turn != 1 {
		t.Fatalf("turn %d, want the small blind, left of the straddler", s.Turn)
	}
	if o := Legal(&s, 1); o.CallAmount != 30 || o.MinTo != 80 {
		t.Fatalf("small blind's options %+v, want call 30, raise to 80", o)
	}
	ge := refuse(t, s, 1, BetTo, 70, CodeBetTooSmall)
	if ge.Details["min_raise"] != 80 || ge.Details["current_bet"] != 40 {
		t.Fatalf("details %v", ge.Details)
	}
	if order := turns(t, &s, Call, Call); !equalInts(order, []int{1, 2}) {
		t.Fatalf("order %v", order)
	}
	if s.Turn != 0 || s.Street != Preflop {
		t.Fatalf("turn %d on the %v: the straddler has the option", s.Turn, s.Street)
	}
	if o := Legal(&s, 0); !o.Check || !o.Raise || o.MinTo != 80 {
		t.Fatalf("straddler's options %+v", o)
	}
	act(t, &s, 0, Check, 0)
	if s.Street != Flop || s.Turn != 1 || s.Chips()-stacksSum(&s) != 120 {
		t.Fatalf("street %v, turn %d, pot %d", s.Street, s.Turn, s.Chips()-stacksSum(&s))
	}
}

func stacksSum(s *State) int {
	n := 0
	for _, st := range stacks(s) {
		n += st
	}
	return n
}

// TestStraddleSixHanded: button 0, blinds 1 and 2, seat 3 straddles 40.
// The action goes 4, 5, 0, 1, 2 and the straddler last. Seat 4 raises to
// 80 (the minimum: twice the straddle), a raise of 40: the next raise is
// to 120 at least. Everyone calls to the straddler, who may re-raise.
func TestStraddleSixHanded(t *testing.T) {
	s := startWith(t, withFormat(Format{Straddle: true}), straddler(3), 2000, 2000, 2000, 2000, 2000, 2000)
	if s.Turn != 4 {
		t.Fatalf("turn %d, want seat 4", s.Turn)
	}
	refuse(t, s, 4, BetTo, 79, CodeBetTooSmall)
	act(t, &s, 4, BetTo, 80)
	if o := Legal(&s, 5); o.MinTo != 120 || o.CallAmount != 80 {
		t.Fatalf("seat 5 options %+v", o)
	}
	if order := turns(t, &s, Call, Call, Call, Call); !equalInts(order, []int{5, 0, 1, 2}) {
		t.Fatalf("order %v", order)
	}
	if o := Legal(&s, 3); s.Turn != 3 || !o.Raise || o.CallAmount != 40 || o.MinTo != 120 {
		t.Fatalf("turn %d, straddler's options %+v", s.Turn, o)
	}
	act(t, &s, 3, Call, 0)
	if s.Street != Flop || s.Turn != 1 || s.Chips()-stacksSum(&s) != 480 {
		t.Fatalf("street %v, turn %d, pot %d", s.Street, s.Turn, s.Chips()-stacksSum(&s))
	}
	// the history says so
	for s.Street != HandOver {
		act(t, &s, s.Turn, Check, 0)
	}
	if h := s.Past[0].Text(3, seatName); !strings.Contains(h, "P3: straddles 40\n*** HOLE CARDS ***") || !strings.Contains(h, "P4: raises to 80") {
		t.Fatalf("history:\n%s", h)
	}
}

func seatName(i int) string { return "P" + itoa(i) }

// TestStraddleNotOffered: heads-up there is no straddle; nor at a table
// without straddles; nor for a seat with less than a full straddle
// (twice the big blind) behind.
func TestStraddleNotOffered(t *testing.T) {
	cases := []struct {
		name   string
		r      Rules
		stacks []int
		utg    int
		turn   int // the first to act
	}{
		{"heads-up", withFormat(Format{Straddle: true}), []int{2000, 2000}, 0, 0},
		{"no straddles", DefaultRules, []int{2000, 2000, 2000}, 0, 0},
		{"short: 39", withFormat(Format{Straddle: true}), []int{39, 2000, 2000}, 0, 0},
		{"short after its ante: 45 - 10", withFormat(Format{Straddle: true, Ante: 10}), []int{2000, 2000, 2000, 45}, 3, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := startWith(t, c.r, func(s *State) { s.Seats[c.utg].Straddles = true }, c.stacks...)
			if s.Seats[c.utg].Straddled || s.CurrentBet != 20 || s.Turn != c.turn {
				t.Fatalf("straddled %v, current bet %d, turn %d", s.Seats[c.utg].Straddled, s.CurrentBet, s.Turn)
			}
		})
	}
	s, _ := New(DefaultRules, 3)
	refuse(t, s, 0, StraddleOn, 0, CodeNotAllowed)
}

// TestStraddleAllIn: seat 0 under the gun has exactly 40, a full
// straddle: it posts it all-in. The blinds call 30 and 20 more; nobody
// can act against the all-in straddler but the two of them, and the flop
// comes with a pot of 120; the small blind acts first.
func TestStraddleAllIn(t *testing.T) {
	s := startWith(t, withFormat(Format{Straddle: true}), straddler(0), 40, 2000, 2000)
	if !s.Seats[0].AllIn || s.CurrentBet != 40 || s.Turn != 1 {
		t.Fatalf("all-in %v, current bet %d, turn %d", s.Seats[0].AllIn, s.CurrentBet, s.Turn)
	}
	act(t, &s, 1, Call, 0)
	act(t, &s, 2, Call, 0)
	if s.Street != Flop || s.Turn != 1 {
		t.Fatalf("street %v turn %d", s.Street, s.Turn)
	}
	wantStacks(t, &s, 0, 1960, 1960)
}

// TestClassicAnte: blinds 10/20, ante 5, three seats of 2000. Each antes
// 5 (15 dead), then the blinds: the button owes the big blind's 20, not
// 25. All fold to the big blind: 10 of its 25 come back uncalled, it wins
// 5 + 15 + 15 = 35 and ends with 2000 - 25 + 10 + 35 = 2020; the button
// lost its ante (1995), the small blind 15 (1985).
func TestClassicAnte(t *testing.T) {
	s := startWith(t, withFormat(Format{Ante: 5}), nil, 2000, 2000, 2000)
	if o := Legal(&s, 0); o.CallAmount != 20 || s.CurrentBet != 20 {
		t.Fatalf("button's options %+v", o)
	}
	for i, want := range []int{5, 15, 25} {
		if s.Seats[i].Total != want || s.Seats[i].Ante != 5 {
			t.Fatalf("seat %d put in %d (ante %d), want %d", i, s.Seats[i].Total, s.Seats[i].Ante, want)
		}
	}
	act(t, &s, 0, Fold, 0)
	act(t, &s, 1, Fold, 0)
	wantStacks(t, &s, 1995, 1985, 2020)
	h := s.Past[0].Text(-1, seatName)
	for _, want := range []string{"(10/20) - ante 5\n", "P1: posts the ante 5\nP2: posts the ante 5\nP0: posts the ante 5\nP1: posts the small blind 10\nP2: posts the big blind 20\n*** HOLE CARDS ***"} {
		if !strings.Contains(h, want) {
			t.Fatalf("history lacks %q:\n%s", want, h)
		}
	}
}

// TestAnteAllInShort: ante 10, the button has 6 and antes it all-in. The
// blinds play on: the small blind calls 10 more, the big blind checks,
// and they check it down. Seat 0 put in 6, seats 1 and 2 put in 30 each:
// the main pot is 6 × 3 = 18, which seat 0 (aces) wins; the side pot is
// 24 + 24 = 48 between seats 1 (kings) and 2: seat 1 wins it. Stacks: 18,
// 1000 - 30 + 48 = 1018, 970.
func TestAnteAllInShort(t *testing.T) {
	r := withFormat(Format{Ante: 10})
	s := startWith(t, r, nil, 6, 1000, 1000)
	rigRuns(t, &s, map[int][2]string{0: {"AS", "AH"}, 1: {"KS", "KH"}, 2: {"8D", "3S"}}, dryBoard)
	if !s.Seats[0].AllIn || s.Turn != 1 {
		t.Fatalf("seat 0 all-in %v, turn %d", s.Seats[0].AllIn, s.Turn)
	}
	act(t, &s, 1, Call, 0)
	act(t, &s, 2, Check, 0)
	for s.Street != HandOver {
		act(t, &s, s.Turn, Check, 0)
	}
	wantStacks(t, &s, 18, 1018, 970)
	if got := potsOf(&s); !reflect.DeepEqual(got, []Pot{{18, []int{0, 1, 2}}, {48, []int{1, 2}}}) {
		t.Fatalf("pots %v", got)
	}
}

func potsOf(s *State) []Pot {
	var out []Pot
	for _, r := range s.Results {
		out = append(out, r.Pot)
	}
	return out
}

// TestBigBlindAnteShort: blinds 10/20, big blind ante 20; the big blind
// (seat 2) has 30. It posts the ante first (20), then the 10 left toward
// its blind, all-in. The others still owe the full 20: the button calls
// 20, the small blind 10 more, and they check it down. The ante is dead:
// it counts toward no call and goes to the main pot. Live chips: 20, 20,
// 10; the main pot is 20 + 3 × 10 = 50 (all three), the side pot 10 + 10
// = 20 (seats 0 and 1). Seat 2 (aces) wins 50, seat 0 (kings) 20: 1000,
// 980, 50.
func TestBigBlindAnteShort(t *testing.T) {
	s := startWith(t, withFormat(Format{Ante: 20, BigBlindAnte: true}), nil, 1000, 1000, 30)
	rigRuns(t, &s, map[int][2]string{0: {"KS", "KH"}, 1: {"QC", "QD"}, 2: {"AS", "AH"}}, dryBoard)
	if p := s.Seats[2]; p.Ante != 20 || p.Bet != 10 || !p.AllIn {
		t.Fatalf("big blind %+v", p)
	}
	want := []Record{{Preflop, 2, Ante, 20}, {Preflop, 1, Blind, 10}, {Preflop, 2, Blind, 10}}
	if !reflect.DeepEqual(s.Actions, want) {
		t.Fatalf("forced bets %v", s.Actions)
	}
	if o := Legal(&s, 0); o.CallAmount != 20 {
		t.Fatalf("button owes %d", o.CallAmount)
	}
	if v := s.View(0); !reflect.DeepEqual(v.Pots, []Pot{{40, []int{0, 1, 2}}}) {
		t.Fatalf("pots before anyone acts %v", v.Pots)
	}
	act(t, &s, 0, Call, 0)
	act(t, &s, 1, Call, 0)
	for s.Street != HandOver {
		act(t, &s, s.Turn, Check, 0)
	}
	if got := potsOf(&s); !reflect.DeepEqual(got, []Pot{{50, []int{0, 1, 2}}, {20, []int{0, 1}}}) {
		t.Fatalf("pots %v", got)
	}
	wantStacks(t, &s, 1000, 980, 50)
	if h := s.Past[0].Text(-1, seatName); !strings.Contains(h, "(10/20) - big blind ante 20\n") || !strings.Contains(h, "P2: posts the ante 20\nP1: posts the small blind 10\nP2: posts the big blind 10\n") {
		t.Fatalf("history:\n%s", h)
	}
}

// TestBigBlindAnteCases: the big blind ante in other spots, with blinds
// 10/20 and an ante of 20 posted by the big blind (seat 2).
func TestBigBlindAnteCases(t *testing.T) {
	bba := withFormat(Format{Ante: 20, BigBlindAnte: true})
	t.Run("all fold to the big blind", func(t *testing.T) {
		// 10 of its blind come back uncalled; it wins its ante, its 10
		// and the small blind's 10: 1000 - 40 + 10 + 40 = 1010
		s := startWith(t, bba, nil, 1000, 1000, 1000)
		act(t, &s, 0, Fold, 0)
		act(t, &s, 1, Fold, 0)
		wantStacks(t, &s, 1000, 990, 1010)
	})
	t.Run("all-in on the ante", func(t *testing.T) {
		// 15 chips: all go to the ante, nothing to the blind; the
		// others owe 20 and call. The big blind (aces) can win only the
		// dead 15; the 40 the others put in is a side pot for seat 0
		// (kings). Stacks: 1020, 980, 15.
		s := startWith(t, bba, nil, 1000, 1000, 15)
		rigRuns(t, &s, map[int][2]string{0: {"KS", "KH"}, 1: {"QC", "QD"}, 2: {"AS", "AH"}}, dryBoard)
		if p := s.Seats[2]; p.Ante != 15 || p.Bet != 0 || !p.AllIn || s.CurrentBet != 20 {
			t.Fatalf("big blind %+v, current bet %d", p, s.CurrentBet)
		}
		act(t, &s, 0, Call, 0)
		act(t, &s, 1, Call, 0)
		for s.Street != HandOver {
			act(t, &s, s.Turn, Check, 0)
		}
		if got := potsOf(&s); !reflect.DeepEqual(got, []Pot{{15, []int{0, 1, 2}}, {40, []int{0, 1}}}) {
			t.Fatalf("pots %v", got)
		}
		wantStacks(t, &s, 1020, 980, 15)
		if h := s.Past[0].Text(-1, seatName); !strings.Contains(h, "P2: has no chips left for the big blind\n") {
			t.Fatalf("history:\n%s", h)
		}
	})
	t.Run("the ante changes between hands", func(t *testing.T) {
		s := startWith(t, DefaultRules, nil, 1000, 1000, 1000)
		if err := s.SetNextFormat(Format{Ante: 20, BigBlindAnte: true}); err != nil {
			t.Fatal(err)
		}
		if s.Seats[2].Ante != 0 || s.Rules.Ante != 0 {
			t.Fatal("the hand under way changed its ante")
		}
		act(t, &s, 0, Fold, 0)
		act(t, &s, 1, Fold, 0)
		s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: 1})
		if s.Rules.Ante != 20 || s.NextFormat != nil || s.Seats[s.BB].Ante != 20 {
			t.Fatalf("next hand: rules %+v, big blind %+v", s.Rules, s.Seats[s.BB])
		}
		if err := s.SetNextFormat(Format{Ante: -1}); err == nil {
			t.Fatal("a negative ante")
		}
	})
}

// TestBombPot: blinds 10/20, a bomb pot of 50: each of the three seats
// antes 50, there are no blinds and no betting before the flop; the flop
// is dealt and the first seat left of the button (seat 1) acts. Seat 1
// bets 100, seat 2 folds (its 50 stays in the pot), seat 0 calls; both
// check the turn and river. The pot is 150 + 200 = 350; seat 2 holds the
// best cards (aces) but folded and wins nothing; seat 0 (kings) beats
// seat 1: 1000 - 150 + 350 = 1200, 850, 950.
func TestBombPot(t *testing.T) {
	bomb := func(s *State) {
		if err := s.SetBombPot(50); err != nil {
			t.Fatal(err)
		}
	}
	s := startWith(t, DefaultRules, bomb, 1000, 1000, 1000)
	if s.Bomb != 50 || s.Street != Flop || s.BoardN != 3 || s.Turn != 1 || s.SB != -1 || s.BB != -1 || s.CurrentBet != 0 {
		t.Fatalf("bomb %d, street %v, board %d, turn %d, blinds %d %d, bet %d", s.Bomb, s.Street, s.BoardN, s.Turn, s.SB, s.BB, s.CurrentBet)
	}
	for _, a := range s.Actions {
		if a.Kind != Ante || a.Amount != 50 {
			t.Fatalf("bomb pot action %+v", a)
		}
	}
	rigRuns(t, &s, map[int][2]string{0: {"KS", "KH"}, 1: {"QC", "QD"}, 2: {"AS", "AH"}}, [5]string{"2C", "7D", "9H", "JS", "4C"})
	act(t, &s, 1, BetTo, 100)
	act(t, &s, 2, Fold, 0)
	act(t, &s, 0, Call, 0)
	for s.Street != HandOver {
		act(t, &s, s.Turn, Check, 0)
	}
	if got := potsOf(&s); !reflect.DeepEqual(got, []Pot{{350, []int{0, 1}}}) {
		t.Fatalf("pots %v", got)
	}
	wantStacks(t, &s, 1200, 850, 950)
	h := s.Past[0].Text(-1, seatName)
	if !strings.Contains(h, "(10/20) - bomb pot, ante 50\n") || !strings.Contains(h, faced(t, "*** FLOP *** [2C 7D 9H]\nP1: bets 100\n")) {
		t.Fatalf("history:\n%s", h)
	}
	// the next hand is an ordinary one
	s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: 2})
	if s.Bomb != 0 || s.Street != Preflop || s.CurrentBet != 20 {
		t.Fatalf("the hand after: bomb %d, %v, bet %d", s.Bomb, s.Street, s.CurrentBet)
	}
}

// TestBombPotShortStack: a seat with 30 antes it all-in in a bomb pot of
// 50. The other two check it down. The main pot is 30 × 3 = 90 (all
// three), the side pot 20 + 20 = 40 (seats 0 and 1). Seat 2 (aces) wins
// 90, seat 0 (kings) 40: 1000 - 50 + 40 = 990, 950, 90.
func TestBombPotShortStack(t *testing.T) {
	s := startWith(t, DefaultRules, func(s *State) { s.NextBomb = 50 }, 1000, 1000, 30)
	rigRuns(t, &s, map[int][2]string{0: {"KS", "KH"}, 1: {"QC", "QD"}, 2: {"AS", "AH"}}, dryBoard)
	if !s.Seats[2].AllIn || s.Seats[2].Ante != 30 {
		t.Fatalf("seat 2 %+v", s.Seats[2])
	}
	for s.Street != HandOver {
		act(t, &s, s.Turn, Check, 0)
	}
	if got := potsOf(&s); !reflect.DeepEqual(got, []Pot{{90, []int{0, 1, 2}}, {40, []int{0, 1}}}) {
		t.Fatalf("pots %v", got)
	}
	wantStacks(t, &s, 990, 950, 90)
}

// runTwiceTable: blinds 5/10, run it twice on; button seat 0 with 1000,
// seat 1 (small blind) 51, seat 2 (big blind) 201. Seat 0 goes all-in,
// both call all-in: the table asks the three whether to run it twice.
// Boards: the first run a straight on the board (5-9: everyone ties), the
// second run (the deck's next five cards) gives seat 2 three queens.
func runTwiceTable(t *testing.T) State {
	r := Rules{SmallBlind: 5, BigBlind: 10, Stack: 1000, NobodyAlone: true, Format: Format{RunItTwice: true}}
	s := startWith(t, r, nil, 1000, 51, 201)
	rigRuns(t, &s, map[int][2]string{0: {"AS", "AH"}, 1: {"KS", "KH"}, 2: {"QS", "QH"}},
		[5]string{"5D", "6C", "7H", "8S", "9D"}, "QD", "8C", "4H", "5S", "JD")
	act(t, &s, 0, AllIn, 0)
	act(t, &s, 1, Call, 0)
	act(t, &s, 2, Call, 0)
	return s
}

// TestRunItTwice: the uncalled 799 goes back to seat 0. The main pot is
// 51 × 3 = 153 (all three), the side pot 150 + 150 = 300 (seats 0 and 2).
// Each pot is halved, the odd chip to the first run: main 77 + 76, side
// 150 + 150.
//   - First run, the board's straight: the main pot's 77 splits three
//     ways, 25 each and two odd chips, one each to the first winners left
//     of the button (seats 1 and 2): 25, 26, 26; the side pot's 150 splits
//     75 and 75 between seats 0 and 2.
//   - Second run, seat 2's three queens win the main pot's 76 and the
//     side pot's 150.
//
// Stacks: seat 0 799 + 25 + 75 = 899; seat 1 26; seat 2 26 + 75 + 76 +
// 150 = 327 (1252 in all, as before).
func TestRunItTwice(t *testing.T) {
	s := runTwiceTable(t)
	if s.RunOut != RunOutAsking || s.Turn != -1 || s.BoardN != 0 {
		t.Fatalf("run out %v, turn %d, board %d", s.RunOut, s.Turn, s.BoardN)
	}
	m := &Match{}
	m.State = s
	if w := m.Waiting(); !equalInts(w, []int{0, 1, 2}) {
		t.Fatalf("waiting %v", w)
	}
	// the hands are face up; no second board yet
	v := s.View(game.Spectator)
	if len(v.Seats[1].Hole) != 2 || v.Board2 != nil || v.Options.Twice {
		t.Fatalf("spectator's view: seat 1 %v, board2 %v", v.Seats[1].Hole, v.Board2)
	}
	if o := Legal(&s, 1); !o.Twice || o.Fold {
		t.Fatalf("seat 1's options %+v", o)
	}
	act(t, &s, 0, RunTwice, 0)
	refuse(t, s, 0, RunTwice, 0, CodeNotAllowed) // agreed already
	refuse(t, s, 0, Fold, 0, CodeNotYourTurn)
	act(t, &s, 2, RunTwice, 0)
	m.State = s
	if w := m.Waiting(); !equalInts(w, []int{1}) {
		t.Fatalf("waiting %v", w)
	}
	act(t, &s, 1, RunTwice, 0)
	if s.Street != HandOver || s.RunOut != RunOutTwice {
		t.Fatalf("street %v, run out %v", s.Street, s.RunOut)
	}
	want := []Result{
		{Pot: Pot{77, []int{0, 1, 2}}, Winners: []int{0, 1, 2}, Run: 0},
		{Pot: Pot{76, []int{0, 1, 2}}, Winners: []int{2}, Run: 1},
		{Pot: Pot{150, []int{0, 2}}, Winners: []int{0, 2}, Run: 0},
		{Pot: Pot{150, []int{0, 2}}, Winners: []int{2}, Run: 1},
	}
	for i := range s.Results {
		s.Results[i].Rank, s.Results[i].Over = 0, 0 // the ranks are the evaluator's
	}
	if !reflect.DeepEqual(s.Results, want) {
		t.Fatalf("results %+v\nwant %+v", s.Results, want)
	}
	wantStacks(t, &s, 899, 26, 327)
	v = s.View(0)
	if faces(v.Board) != faced(t, "5D 6C 7H 8S 9D") || faces(v.Board2) != faced(t, "QD 8C 4H 5S JD") {
		t.Fatalf("boards %v / %v", v.Board, v.Board2)
	}
	h := s.Past[0].Text(0, seatName)
	for _, want := range []string{
		"P1: agrees to run it twice", "*** FIRST FLOP *** [5D 6C 7H]", "*** FIRST RIVER *** [5D 6C 7H 8S 9D]",
		"*** SECOND FLOP *** [QD 8C 4H]", "*** SECOND RIVER *** [QD 8C 4H 5S JD]",
		"P2: shows [QS QH] (straight, nine high; second board: three queens)",
		"P1 collects from the main pot, first run (77)", "P2 collects from the main pot, second run (76)",
		"P0 collects from side pot 1, first run (150)", "P2 collects from side pot 1, second run (150)",
		"First board [5D 6C 7H 8S 9D]\nSecond board [QD 8C 4H 5S JD]",
	} {
		if !strings.Contains(h, faced(t, want)) {
			t.Errorf("history lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(h)
	}
}

// TestRunItOnce: the same hand, and seat 1 declines: one board, the
// first five cards. Main pot 153 split three ways, 51 each; side pot 300
// split, 150 each to seats 0 and 2. Stacks: 799 + 51 + 150 = 1000, 51,
// 51 + 150 = 201: everyone is back where they started.
func TestRunItOnce(t *testing.T) {
	s := runTwiceTable(t)
	act(t, &s, 0, RunTwice, 0)
	act(t, &s, 1, RunOnce, 0)
	if s.Street != HandOver || s.RunOut != RunOutOnce || s.Board2 != nil {
		t.Fatalf("street %v, run out %v, board2 %v", s.Street, s.RunOut, s.Board2)
	}
	wantStacks(t, &s, 1000, 51, 201)
	refuse(t, s, 2, RunTwice, 0, CodeNotAllowed) // nobody is asked now
	// a clock that runs out runs it once; a bot agrees
	s = runTwiceTable(t)
	v := s.View(2)
	if a, _ := Auto(&v); a.Kind != RunOnce {
		t.Fatalf("auto %v", a)
	}
	if a, _ := Heuristic(&v, nil); a.Kind != RunTwice {
		t.Fatalf("bot %v", a)
	}
}

// TestRunItTwiceAfterTheFlop: heads-up, 1000 each, run it twice on. The
// small blind calls, the big blind checks; on the flop the big blind
// bets all-in 980 and is called. Both agree: the runs share the flop,
// and each deals its own turn and river. The pot is 2000, 1000 a run;
// the first run goes to seat 0 (aces), the second to seat 1 (a flush):
// both end with 1000.
func TestRunItTwiceAfterTheFlop(t *testing.T) {
	s := startWith(t, withFormat(Format{RunItTwice: true}), nil, 1000, 1000)
	rigRuns(t, &s, map[int][2]string{0: {"AS", "AH"}, 1: {"KD", "QD"}}, [5]string{"2D", "7D", "9C", "JS", "4C"}, "3D", "8H")
	act(t, &s, 0, Call, 0)
	act(t, &s, 1, Check, 0)
	act(t, &s, 1, AllIn, 0)
	act(t, &s, 0, Call, 0)
	if s.RunOut != RunOutAsking || s.Shared != 3 {
		t.Fatalf("run out %v, shared %d", s.RunOut, s.Shared)
	}
	act(t, &s, 1, RunTwice, 0)
	act(t, &s, 0, RunTwice, 0)
	wantStacks(t, &s, 1000, 1000)
	h := s.Past[0].Text(-1, seatName)
	for _, want := range []string{"*** FLOP *** [2D 7D 9C]\nP1: goes all-in to 980\nP0: calls (to 980)\nP1: agrees to run it twice\nP0: agrees to run it twice\n*** FIRST TURN *** [2D 7D 9C JS]\n*** FIRST RIVER *** [2D 7D 9C JS 4C]\n*** SECOND TURN *** [2D 7D 9C 3D]\n*** SECOND RIVER *** [2D 7D 9C 3D 8H]\n"} {
		if !strings.Contains(h, faced(t, want)) {
			t.Fatalf("history lacks %q:\n%s", want, h)
		}
	}
}

// TestAutoMuck: three seats check the hand down; no river bet, so the
// first seat left of the button shows first: seat 1 (aces). Seat 2 mucks
// losing hands and is beaten (kings): it mucks. Seat 0 (queens) shows:
// it does not muck. Seat 2's cards reach no one else: not a view, not an
// event, not a history.
func TestAutoMuck(t *testing.T) {
	s := startWith(t, DefaultRules, func(s *State) { s.Seats[2].AutoMuck = true }, 1000, 1000, 1000)
	rigRuns(t, &s, map[int][2]string{0: {"QC", "QD"}, 1: {"AS", "AH"}, 2: {"KS", "KH"}}, dryBoard)
	act(t, &s, 0, Call, 0)
	act(t, &s, 1, Call, 0)
	act(t, &s, 2, Check, 0)
	var events []game.Event
	for s.Street != HandOver {
		next, ev, err := Apply(s, s.Turn, Action{Kind: Check})
		if err != nil {
			t.Fatal(err)
		}
		s, events = next, append(events, ev...)
	}
	if p := s.Seats[2]; !p.Mucked || p.Shown || !s.Seats[0].Shown || !s.Seats[1].Shown {
		t.Fatalf("seat 2 %+v; seat 0 shown %v", p, s.Seats[0].Shown)
	}
	wantStacks(t, &s, 980, 1040, 980)
	hidden := []string{faced(t, "KS"), faced(t, "KH")}
	for _, e := range events {
		for _, c := range hidden {
			if strings.Contains(e.String(), c) {
				t.Fatalf("event %q names seat 2's cards", e.String())
			}
		}
	}
	if !slices.ContainsFunc(events, func(e game.Event) bool { return e.String() == "{2} mucks." }) {
		t.Fatal("no muck in the log")
	}
	for viewer := game.Spectator; viewer < 3; viewer++ {
		v := s.View(viewer)
		h := s.Past[0].Text(viewer, seatName)
		if viewer == 2 {
			if len(v.Seats[2].Hole) != 2 || !strings.Contains(h, faced(t, "P2: mucks [KS KH]")) {
				t.Fatalf("the owner's view %v or history:\n%s", v.Seats[2].Hole, h)
			}
			continue
		}
		if v.Seats[2].Hole != nil || !v.Seats[2].Mucked || !strings.Contains(h, "P2: mucks hand") {
			t.Fatalf("viewer %d sees %v:\n%s", viewer, v.Seats[2].Hole, h)
		}
		for _, c := range hidden {
			if strings.Contains(h, c) {
				t.Fatalf("viewer %d's history names %s:\n%s", viewer, c, h)
			}
		}
	}
	checkHistory(t, &s.Past[0])
}

// TestAutoMuckShows: a seat that mucks losing hands still shows one that
// may win: shown first (nothing to beat it), tied with the hand shown,
// or beaten by a hand that cannot win the pot it is in; and when a player
// is all-in every hand is shown.
func TestAutoMuckShows(t *testing.T) {
	all := func(s *State) {
		for i := 0; i < s.N; i++ {
			s.Seats[i].AutoMuck = true
		}
	}
	cases := []struct {
		name   string
		stacks []int
		holes  map[int][2]string
		board  [5]string
		moves  func(t *testing.T, s *State)
	}{
		{"tie", []int{1000, 1000, 1000}, map[int][2]string{0: {"3C", "4D"}, 1: {"3D", "4C"}, 2: {"3H", "4S"}}, [5]string{"AS", "KS", "QS", "JS", "TS"}, checkDown},
		{"all-in", []int{1000, 1000, 100}, map[int][2]string{0: {"QC", "QD"}, 1: {"AS", "AH"}, 2: {"KS", "KH"}}, dryBoard, func(t *testing.T, s *State) {
			act(t, s, 0, Call, 0)
			act(t, s, 1, Call, 0)
			act(t, s, 2, AllIn, 0)
			act(t, s, 0, Call, 0)
			act(t, s, 1, Call, 0)
			checkDown(t, s)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := startWith(t, DefaultRules, all, c.stacks...)
			rigRuns(t, &s, c.holes, c.board)
			c.moves(t, &s)
			for i := 0; i < s.N; i++ {
				if !s.Seats[i].Shown || s.Seats[i].Mucked {
					t.Fatalf("seat %d %+v", i, s.Seats[i])
				}
			}
		})
	}
}

func checkDown(t *testing.T, s *State) {
	t.Helper()
	for s.Street != HandOver {
		o := Legal(s, s.Turn)
		k := Check
		if !o.Check {
			k = Call
		}
		act(t, s, s.Turn, k, 0)
	}
}

// TestShowUncontested: seat 0 raises to 60 and the blinds fold: 40 come
// back uncalled, seat 0 wins 20 + 10 + 20 = 50; nobody showed. Seat 0, the winner, may show its cards until the
// next deal; nobody else may. Shown, they are in every view and in the
// hand's history; the state before keeps its own record.
func TestShowUncontested(t *testing.T) {
	s := startWith(t, DefaultRules, nil, 1000, 1000, 1000)
	act(t, &s, 0, BetTo, 60)
	act(t, &s, 1, Fold, 0)
	act(t, &s, 2, Fold, 0)
	if o := Legal(&s, 0); !o.Show || o.Asked() {
		t.Fatalf("winner's options %+v", o)
	}
	if o := Legal(&s, 1); o.Show {
		t.Fatal("a folded seat may show")
	}
	refuse(t, s, 1, Show, 0, CodeNotAllowed)
	before := s
	hole := faces(s.Seats[0].Hole[:])
	next, ev, err := Apply(s, 0, Action{Kind: Show})
	if err != nil {
		t.Fatal(err)
	}
	if len(ev) != 1 || ev[0].String() != "{0} shows "+hole+"." {
		t.Fatalf("events %v", ev)
	}
	s = next
	if v := s.View(1); faces(v.Seats[0].Hole) != hole {
		t.Fatalf("seat 1 sees %v", v.Seats[0].Hole)
	}
	if h := s.Past[0].Text(1, seatName); !strings.Contains(h, "P0 collects from the pot (50)\nP0: shows ["+hole+"]\n*** SUMMARY ***") || strings.Contains(h, "SHOWDOWN") {
		t.Fatalf("history:\n%s", h)
	}
	if h := before.Past[0].Text(1, seatName); strings.Contains(h, hole) {
		t.Fatalf("the state before changed:\n%s", h)
	}
	refuse(t, s, 0, Show, 0, CodeNotAllowed) // shown already
	s, _, _ = Apply(before, game.System, Action{Kind: Deal, Seed: 3})
	refuse(t, s, 0, Show, 0, CodeNotAllowed) // the next hand began
}

// TestChoicesDecode: the new moves read from a form and back.
func TestChoicesDecode(t *testing.T) {
	m := EmptyMatch()
	for _, kind := range []string{"straddleon", "straddleoff", "twice", "once", "show", "automuck", "noautomuck"} {
		mv, err := m.Decode(map[string][]string{"kind": {kind}})
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if got := m.Encode(mv).Get("kind"); got != kind {
			t.Fatalf("%s encodes as %s", kind, got)
		}
	}
	for _, kind := range []string{"ante", "straddle"} { // recorded, never sent
		if _, err := m.Decode(map[string][]string{"kind": {kind}}); err == nil {
			t.Fatalf("%s decoded", kind)
		}
	}
}
