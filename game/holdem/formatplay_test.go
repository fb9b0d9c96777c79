package holdem

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tablegames/tables/game"
)

// randomFormat sets a random format for the next hand, now and then a
// bomb pot, and random choices (straddle, auto-muck) for the seats, as a
// room would between hands.
func randomFormat(t *testing.T, s *State, rng *rand.Rand) {
	t.Helper()
	f := Format{Ante: []int{0, 0, 5, 20, 50}[rng.IntN(5)], BigBlindAnte: rng.IntN(2) == 0,
		Straddle: rng.IntN(2) == 0, RunItTwice: rng.IntN(2) == 0}
	if err := s.SetNextFormat(f); err != nil {
		t.Fatal(err)
	}
	if rng.IntN(5) == 0 {
		if err := s.SetBombPot(10 + rng.IntN(100)); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < s.N; i++ {
		for _, k := range []Kind{[]Kind{StraddleOn, StraddleOff}[rng.IntN(2)], []Kind{AutoMuckOn, AutoMuckOff}[rng.IntN(2)]} {
			if next, _, err := Apply(*s, i, Action{Kind: k}); err == nil {
				*s = next // "nothing to change" is refused
			}
		}
	}
}

// randomMove is a random legal move of a seat the table waits for.
func randomMove(s *State, rng *rand.Rand) (int, Action) {
	if s.RunOut == RunOutAsking {
		u := s.Undecided()
		if rng.IntN(5) == 0 {
			return u[rng.IntN(len(u))], Action{Kind: RunOnce}
		}
		return u[rng.IntN(len(u))], Action{Kind: RunTwice}
	}
	o := Legal(s, s.Turn)
	choices := o.Actions()
	a := choices[rng.IntN(len(choices))]
	if a.Kind == BetTo && rng.IntN(2) == 0 {
		a.Amount = o.MinTo + rng.IntN(o.MaxTo-o.MinTo+1)
	}
	return s.Turn, a
}

// TestRandomFormats plays random hands with random antes, big blind
// antes, straddles, bomb pots, runs twice, auto-mucks and shows: chips
// are conserved after every move and every pot is paid in full, no view
// shows a card its seat may not see (a mucked hand, a second run's cards
// before they are dealt), and no history names one.
func TestRandomFormats(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	seen := map[string]int{}
	for table := 0; table < 80; table++ {
		n := 2 + rng.IntN(8)
		s, _ := New(Rules{SmallBlind: 10, BigBlind: 20, Stack: 1000, Rebuy: rng.IntN(2) == 0, NobodyAlone: true}, n)
		for i := 0; i < n; i++ {
			s.Seats[i].Stack = 1 + rng.IntN(3000)
		}
		for hand := 0; hand < 12; hand++ {
			randomFormat(t, &s, rng)
			next, _, err := Apply(s, game.System, Action{Kind: Deal, Seed: rng.Uint64()})
			if err != nil {
				break // fewer than two players with chips
			}
			s = next
			total := s.Chips()
			checkViews(t, &s)
			for steps := 0; s.Street != HandOver; steps++ {
				if steps > 500 {
					t.Fatal("a hand did not end")
				}
				seat, a := randomMove(&s, rng)
				next, _, err := Apply(s, seat, a)
				if err != nil {
					t.Fatalf("legal %+v of seat %d refused: %v", a, seat, err)
				}
				s = next
				if s.Chips() != total {
					t.Fatalf("chips %d, were %d", s.Chips(), total)
				}
				checkViews(t, &s)
			}
			paid := 0
			for i := 0; i < s.N; i++ {
				paid += s.Seats[i].Stack
				if s.Seats[i].Stack < 0 {
					t.Fatalf("seat %d stack %d", i, s.Seats[i].Stack)
				}
			}
			if paid != total {
				t.Fatalf("after the hand stacks hold %d of %d", paid, total)
			}
			won := 0
			for _, r := range s.Results {
				won += r.Pot.Amount
			}
			if r := s.Past[len(s.Past)-1]; won != sumWon(&s) || len(r.Board2) != 0 && len(r.Board2) != 5 {
				t.Fatalf("pots paid %d, won %d; second board %v", won, sumWon(&s), r.Board2)
			}
			for i := 0; i < s.N; i++ {
				if o := Legal(&s, i); o.Show && rng.IntN(2) == 0 {
					act(t, &s, i, Show, 0)
				}
			}
			checkViews(t, &s)
			checkHistory(t, &s.Past[len(s.Past)-1])
			count(seen, &s)
		}
	}
	// the random tables met every feature
	for _, what := range []string{"ante", "big blind ante", "straddle", "bomb pot", "run twice", "run once", "muck", "show"} {
		if seen[what] == 0 {
			t.Errorf("no hand with a %s", what)
		}
	}
	t.Logf("features met: %v", seen)
}

func sumWon(s *State) int {
	n := 0
	for i := 0; i < s.N; i++ {
		n += s.Seats[i].Won
	}
	return n
}

// count notes which features a finished hand used.
func count(seen map[string]int, s *State) {
	r := s.Past[len(s.Past)-1]
	switch {
	case r.Bomb > 0:
		seen["bomb pot"]++
	case r.BigBlindAnte:
		seen["big blind ante"]++
	case r.Ante > 0:
		seen["ante"]++
	}
	switch s.RunOut {
	case RunOutTwice:
		seen["run twice"]++
	case RunOutOnce:
		seen["run once"]++
	}
	for i, hs := range r.Seats {
		if hs.Mucked {
			seen["muck"]++
		}
		if hs.Shown && r.Uncontested {
			seen["show"]++
		}
		if s.Seats[i].Straddled {
			seen["straddle"]++
		}
	}
}

// FuzzFormats applies arbitrary moves, the new ones included, at a table
// with every option: no panic, rejections are game errors that change
// nothing, and chips are conserved.
func FuzzFormats(f *testing.F) {
	f.Add(uint64(1), []byte{1, 13, 3, 4, 17, 200, 7, 18, 0, 2, 19, 1})
	f.Fuzz(func(t *testing.T, seed uint64, script []byte) {
		n := 2 + int(seed%8)
		r := DefaultRules
		r.Format = Format{Ante: int(seed % 30), BigBlindAnte: seed%3 == 0, Straddle: true, RunItTwice: true}
		s, _ := New(r, n)
		if seed%5 == 0 {
			s.NextBomb = 40
		}
		s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: seed})
		total := s.Chips()
		for i := 0; i+2 < len(script); i += 3 {
			seat := int(script[i]%uint8(n+2)) - 2
			a := Action{Kind: Kind(script[i+1] % 23), Amount: int(script[i+2]) * 20}
			next, _, err := Apply(s, seat, a)
			if err != nil {
				var ge *game.Error
				if !errors.As(err, &ge) || ge.Code == "" || !reflect.DeepEqual(next, s) {
					t.Fatalf("bad rejection %v", err)
				}
				continue
			}
			s = next
			if a.Kind == Deal || s.Street == HandOver {
				total = s.Chips()
			}
			if s.Chips() != total {
				t.Fatalf("chips %d, were %d", s.Chips(), total)
			}
		}
	})
}

// TestBotsPlayFormats: the heuristic bot, short stacks and all, makes
// only legal moves at tables with antes, straddles, bomb pots and runs
// twice, and every hand ends.
func TestBotsPlayFormats(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for table := 0; table < 20; table++ {
		n := 2 + rng.IntN(8)
		s, _ := New(Rules{SmallBlind: 10, BigBlind: 20, Stack: 400, Rebuy: true, NobodyAlone: true}, n)
		m := EmptyMatch()
		for hand := 0; hand < 8; hand++ {
			randomFormat(t, &s, rng)
			s.SetBubble(rng.IntN(2) == 0)
			s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: rng.Uint64()})
			m.State = s
			for steps := 0; s.Street != HandOver; steps++ {
				if steps > 200 {
					t.Fatal("a hand did not end")
				}
				seat := m.Waiting()[0]
				mv, ok := m.Bot(seat, "heuristic", rng)
				if !ok {
					t.Fatalf("the bot has no move for seat %d", seat)
				}
				next, _, err := Apply(s, seat, mv.(Action))
				if err != nil {
					t.Fatalf("bot move %+v refused: %v", mv, err)
				}
				s, m.State = next, next
			}
		}
	}
}
