package holdem

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

func start(t testing.TB, r Rules, stacks ...int) State {
	t.Helper()
	s, err := New(r, len(stacks))
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range stacks {
		s.Seats[i].Stack = st
	}
	s, _, err = Apply(s, game.System, Action{Kind: Deal, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func act(t testing.TB, s *State, seat int, k Kind, amount int) {
	t.Helper()
	total := s.Chips()
	next, _, err := Apply(*s, seat, Action{Kind: k, Amount: amount})
	if err != nil {
		t.Fatalf("seat %d %v %d: %v", seat, k, amount, err)
	}
	if next.Chips() != total {
		t.Fatalf("chips %d after %v, were %d", next.Chips(), k, total)
	}
	*s = next
}

func refuse(t testing.TB, s State, seat int, k Kind, amount int, code string) *game.Error {
	t.Helper()
	next, _, err := Apply(s, seat, Action{Kind: k, Amount: amount})
	var ge *game.Error
	if !errors.As(err, &ge) || ge.Code != code {
		t.Fatalf("seat %d %v %d: %v, want %s", seat, k, amount, err, code)
	}
	if !reflect.DeepEqual(next, s) {
		t.Fatal("a refused action changed the state")
	}
	return ge
}

func TestHeadsUpBlindsAndOrder(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000)
	if s.Button != 0 || s.SB != 0 || s.BB != 1 || s.Turn != 0 {
		t.Fatalf("button %d sb %d bb %d turn %d", s.Button, s.SB, s.BB, s.Turn)
	}
	act(t, &s, 0, Call, 0)
	act(t, &s, 1, Check, 0) // the big blind's option
	if s.Street != Flop || s.Turn != 1 {
		t.Fatalf("flop: street %v turn %d, want the big blind first", s.Street, s.Turn)
	}
	act(t, &s, 1, Check, 0)
	act(t, &s, 0, Check, 0)
	if s.Street != Turn || s.BoardN != 4 {
		t.Fatalf("street %v board %d", s.Street, s.BoardN)
	}
	// next hand: the button moves
	for s.Street != HandOver {
		act(t, &s, s.Turn, Check, 0)
	}
	s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: 1})
	if s.Button != 1 || s.SB != 1 || s.BB != 0 {
		t.Fatalf("second hand: button %d sb %d bb %d", s.Button, s.SB, s.BB)
	}
}

func TestFoldToBigBlind(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000)
	if s.Button != 0 || s.SB != 1 || s.BB != 2 || s.Turn != 0 {
		t.Fatalf("button %d sb %d bb %d turn %d", s.Button, s.SB, s.BB, s.Turn)
	}
	act(t, &s, 0, Fold, 0)
	act(t, &s, 1, Fold, 0)
	if s.Street != HandOver || s.Seats[2].Stack != 2010 || s.Seats[1].Stack != 1990 || s.Seats[0].Stack != 2000 {
		t.Fatalf("stacks %d %d %d", s.Seats[0].Stack, s.Seats[1].Stack, s.Seats[2].Stack)
	}
	if s.Seats[2].Shown {
		t.Fatal("an uncontested hand was shown")
	}
}

func TestMinRaise(t *testing.T) {
	s := start(t, DefaultRules, 2000, 2000, 2000)
	ge := refuse(t, s, 0, BetTo, 30, CodeBetTooSmall)
	if ge.Details["min_raise"] != 40 || ge.Details["current_bet"] != 20 {
		t.Fatalf("details %v", ge.Details)
	}
	refuse(t, s, 0, BetTo, 5000, CodeBetTooLarge)
	refuse(t, s, 0, Check, 0, CodeNotAllowed)
	refuse(t, s, 1, Call, 0, CodeNotYourTurn)
	act(t, &s, 0, BetTo, 60) // a raise of 40
	if o := Legal(&s, 1); o.MinTo != 100 || o.MaxTo != 2000 || o.CallAmount != 50 {
		t.Fatalf("options %+v", o)
	}
	refuse(t, s, 1, BetTo, 90, CodeBetTooSmall)
	act(t, &s, 1, BetTo, 100)
	act(t, &s, 2, BetTo, 200) // raise of 100: the new minimum increment
	if o := Legal(&s, 0); o.MinTo != 300 {
		t.Fatalf("min raise after a raise of 100: %+v", o)
	}
}

func TestShortAllInDoesNotReopen(t *testing.T) {
	// seat 0 button, 1 small blind, 2 big blind (150 in all), 3 acts first
	s := start(t, DefaultRules, 2000, 2000, 150, 2000)
	act(t, &s, 3, BetTo, 100) // raise of 80
	act(t, &s, 0, Call, 0)    // has acted
	act(t, &s, 1, Fold, 0)    //
	act(t, &s, 2, AllIn, 0)   // all-in to 150: a raise of 50, short
	if s.CurrentBet != 150 || s.MinRaise != 80 {
		t.Fatalf("current %d min raise %d", s.CurrentBet, s.MinRaise)
	}
	// seat 3 and seat 0 already acted: call or fold only
	if o := Legal(&s, 3); o.Raise || !o.Call || o.CallAmount != 50 {
		t.Fatalf("seat 3 options %+v", o)
	}
	refuse(t, s, 3, BetTo, 400, CodeNotAllowed)
	act(t, &s, 3, Call, 0)
	act(t, &s, 0, Call, 0)
	if s.Street != Flop {
		t.Fatalf("street %v", s.Street)
	}
}

func TestShortAllInLetsUnactedRaise(t *testing.T) {
	// seat 3 opens, seat 0 (150 in all) goes all-in short before seat 1
	// and 2 have acted: they may still raise
	s := start(t, DefaultRules, 150, 2000, 2000, 2000)
	act(t, &s, 3, BetTo, 100)
	act(t, &s, 0, AllIn, 0)
	if o := Legal(&s, 1); !o.Raise || o.MinTo != 230 {
		t.Fatalf("seat 1 options %+v", o)
	}
}

func TestEveryoneAllInPreflop(t *testing.T) {
	s := start(t, DefaultRules, 500, 800, 1200)
	total := s.Chips()
	act(t, &s, 0, AllIn, 0)
	act(t, &s, 1, AllIn, 0)
	act(t, &s, 2, Call, 0)
	if s.Street != HandOver || s.BoardN != 5 {
		t.Fatalf("street %v board %d: the board was not run out", s.Street, s.BoardN)
	}
	sum := 0
	for i := 0; i < s.N; i++ {
		sum += s.Seats[i].Stack
		if !s.Seats[i].Shown {
			t.Fatalf("seat %d not shown at showdown", i)
		}
	}
	if sum != total {
		t.Fatalf("stacks sum %d, want %d", sum, total)
	}
}

func TestThreeAllInsSidePots(t *testing.T) {
	s := start(t, DefaultRules, 1000, 100, 250, 400) // button 0, sb 1, bb 2
	act(t, &s, 3, AllIn, 0)                          // 400
	// nobody behind could call more than 400: seat 0 may only call
	refuse(t, s, 0, AllIn, 0, CodeNotAllowed)
	act(t, &s, 0, Call, 0)  // 400
	act(t, &s, 1, AllIn, 0) // 100
	act(t, &s, 2, AllIn, 0) // 250
	if s.Street != HandOver {
		t.Fatalf("street %v", s.Street)
	}
	want := []Pot{
		{Amount: 400, Eligible: []int{0, 1, 2, 3}},
		{Amount: 450, Eligible: []int{0, 2, 3}},
		{Amount: 300, Eligible: []int{0, 3}},
	}
	var got []Pot
	for _, r := range s.Results {
		got = append(got, r.Pot)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("pots %+v, want %+v", got, want)
	}
	// seat 0 kept the 600 over seat 3's 400
	sum := 0
	for i := 0; i < s.N; i++ {
		sum += s.Seats[i].Stack
	}
	if sum != 1750 {
		t.Fatalf("stacks %d", sum)
	}
	if s.Seats[0].Stack < 600 {
		t.Fatalf("seat 0 has %d: less than the 600 it kept", s.Seats[0].Stack)
	}
}

func TestSplitPotOddChip(t *testing.T) {
	r := Rules{SmallBlind: 5, BigBlind: 10, Stack: 1000, Rebuy: true, NobodyAlone: true}
	s := start(t, r, 1000, 1000, 1000) // button 0, sb 1, bb 2
	act(t, &s, 0, Call, 0)
	act(t, &s, 1, Fold, 0) // 5 dead: the pot is 25
	// a royal flush to come on the board: seats 0 and 2 will split (the
	// hole cards are swapped for low ones so no card repeats)
	royal := []string{"AS", "KS", "QS", "JS", "TS"}
	for i, c := range royal {
		s.Deck[s.DeckPos+i] = card(t, c)
	}
	s.Seats[0].Hole = [2]cards.Card{card(t, "2C"), card(t, "3D")}
	s.Seats[2].Hole = [2]cards.Card{card(t, "2D"), card(t, "3C")}
	act(t, &s, 2, Check, 0)
	var said []game.Event
	for s.Street != HandOver {
		next, ev, err := Apply(s, s.Turn, Action{Kind: Check})
		if err != nil {
			t.Fatal(err)
		}
		s, said = next, ev
	}
	// the odd chip goes to the first winner left of the button: seat 2
	if s.Seats[2].Stack != 1003 || s.Seats[0].Stack != 1002 || s.Seats[1].Stack != 995 {
		t.Fatalf("stacks %d %d %d", s.Seats[0].Stack, s.Seats[1].Stack, s.Seats[2].Stack)
	}
	// the log says they share it, in the plural
	if last := said[len(said)-1].String(); !strings.HasSuffix(last, "} win the pot (25) with royal flush.") {
		t.Fatalf("the split is told as %q", last)
	}
}

// TestRandomPlayConservesChips: random legal actions over random stacks;
// chips are conserved after every action and every pot is paid out.
func TestRandomPlayConservesChips(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for table := 0; table < 300; table++ {
		n := 2 + rng.IntN(8)
		stacks := make([]int, n)
		for i := range stacks {
			stacks[i] = 20 + rng.IntN(3000)
		}
		s, _ := New(Rules{SmallBlind: 10, BigBlind: 20, Stack: 1000, Rebuy: rng.IntN(2) == 0, NobodyAlone: true}, n)
		for i, st := range stacks {
			s.Seats[i].Stack = st
		}
		for hand := 0; hand < 20; hand++ {
			next, _, err := Apply(s, game.System, Action{Kind: Deal, Seed: rng.Uint64()})
			if err != nil {
				break // fewer than two players with chips
			}
			s = next
			total := s.Chips()
			for steps := 0; s.Street != HandOver; steps++ {
				if steps > 500 {
					t.Fatal("a hand did not end")
				}
				choices := Legal(&s, s.Turn).Actions()
				a := choices[rng.IntN(len(choices))]
				if a.Kind == BetTo && rng.IntN(2) == 0 {
					o := Legal(&s, s.Turn)
					a.Amount = o.MinTo + rng.IntN(o.MaxTo-o.MinTo+1)
				}
				next, _, err := Apply(s, s.Turn, a)
				if err != nil {
					t.Fatalf("legal %+v refused: %v", a, err)
				}
				s = next
				if s.Chips() != total {
					t.Fatalf("chips %d, were %d", s.Chips(), total)
				}
				for i := 0; i < s.N; i++ {
					if s.Seats[i].Stack < 0 {
						t.Fatalf("seat %d stack %d", i, s.Seats[i].Stack)
					}
				}
			}
			paid := 0
			for i := 0; i < s.N; i++ {
				paid += s.Seats[i].Stack
			}
			if paid != total {
				t.Fatalf("after the hand stacks hold %d of %d", paid, total)
			}
		}
	}
}
