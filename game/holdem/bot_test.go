package holdem

import (
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

var botHands = flag.Int("holdem-hands", 20000, "hands per bot-strength match")

func TestEquity(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	aa := [2]cards.Card{card(t, "AS"), card(t, "AH")}
	seven2 := [2]cards.Card{card(t, "7C"), card(t, "2D")}
	if e := Equity(aa, nil, 1, 20000, rng); math.Abs(e-0.852) > 0.015 {
		t.Errorf("AA vs one random hand: %.3f, want about 0.852", e)
	}
	if e := Equity(seven2, nil, 1, 20000, rng); math.Abs(e-0.346) > 0.015 {
		t.Errorf("72o vs one random hand: %.3f, want about 0.346", e)
	}
	// a made royal flush can't lose
	board := []cards.Card{card(t, "KS"), card(t, "QS"), card(t, "JS"), card(t, "TS"), card(t, "2C")}
	if e := Equity(aa, board, 3, 2000, rng); e != 1 {
		t.Errorf("royal flush equity %.3f", e)
	}
}

// duel plays heads-up hands, each deal twice with the seats swapped
// (duplicate), 100 big blinds each at the start of every hand, and
// returns the first bot's result in big blinds per 100 hands.
func duel(t *testing.T, a, b Bot, hands int, seed uint64) float64 {
	rng := rand.New(rand.NewPCG(seed, 1))
	net := 0
	played := 0
	for h := 0; h < hands/2; h++ {
		dealSeed := rng.Uint64()
		for swap := 0; swap < 2; swap++ {
			bots := []Bot{a, b}
			if swap == 1 {
				bots = []Bot{b, a}
			}
			s, _ := New(DefaultRules, 2)
			s.Button = h % 2 // alternate the button too
			s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: dealSeed})
			for s.Street != HandOver {
				v := s.View(s.Turn)
				act, _ := bots[s.Turn](&v, rng)
				next, _, err := Apply(s, s.Turn, act)
				if err != nil {
					t.Fatalf("bot move %+v refused: %v", act, err)
				}
				s = next
			}
			mine := 0
			if swap == 1 {
				mine = 1
			}
			net += s.Seats[mine].Stack - DefaultRules.Stack
			played++
		}
	}
	return float64(net) / float64(DefaultRules.BigBlind) / float64(played) * 100
}

func TestHeuristicBeatsCallerAndRandom(t *testing.T) {
	hands := *botHands
	if testing.Short() {
		hands = 2000
	}
	vsCaller := duel(t, Heuristic, AlwaysCall, hands, 11)
	vsRandom := duel(t, Heuristic, RandomLegal, hands, 12)
	t.Logf("heuristic bot, heads-up duplicate, %d hands each: %+.1f bb/100 against always-call, %+.1f bb/100 against random", hands, vsCaller, vsRandom)
	if vsCaller <= 0 || vsRandom <= 0 {
		t.Fatalf("the heuristic bot loses: %+.1f vs caller, %+.1f vs random", vsCaller, vsRandom)
	}
}

func BenchmarkHeuristicDecision(b *testing.B) {
	s := start(b, DefaultRules, 2000, 2000, 2000, 2000)
	v := s.View(s.Turn)
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for b.Loop() {
		Heuristic(&v, rng)
	}
}
