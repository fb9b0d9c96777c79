package president

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/tablegames/tables/game"
)

var simDeals = flag.Int("deals", 10000, "deals the simulation test plays")

// playDeal drives one deal to its end with the given bots, calling check
// after every action.
func playDeal(t testing.TB, s State, bots []Bot, rng *rand.Rand, check func(State, []game.Event)) State {
	for steps := 0; s.Phase != DealOver; steps++ {
		if steps > 2000 {
			t.Fatalf("deal %d did not end after 2000 actions", s.Deal)
		}
		seat := s.Actor()
		v := s.View(seat)
		a, ok := bots[seat](&v, rng)
		if !ok {
			t.Fatalf("bot at seat %d had nothing to do in phase %v", seat, s.Phase)
		}
		next, ev, err := Apply(s, seat, a)
		if err != nil {
			t.Fatalf("deal %d: bot at seat %d: %v (action %+v)", s.Deal, seat, err, a)
		}
		if next.Version != s.Version+1 {
			t.Fatalf("version %d after %d", next.Version, s.Version)
		}
		s = next
		if check != nil {
			check(s, ev)
		}
	}
	return s
}

func TestSimulation(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	all := []Bot{Greedy, RandomLegal}
	deals := 0
	for match := 0; deals < *simDeals; match++ {
		rules := House
		if match%2 == 1 {
			rules = Standard
		}
		n := rules.MinPlayers + rng.IntN(rules.MaxPlayers-rules.MinPlayers+1)
		bots := make([]Bot, n)
		for i := range bots {
			bots[i] = all[rng.IntN(len(all))]
		}
		s, _, err := New(rules, n, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		check := func(s State, _ []game.Event) {
			if err := CheckInvariants(&s); err != nil {
				t.Fatalf("match %d deal %d (%s, %d players) v%d: %v", match, s.Deal, rules.Name, n, s.Version, err)
			}
		}
		check(s, nil)
		for d := 0; d < 3; d++ {
			s = playDeal(t, s, bots, rng, check)
			deals++
			var err error
			s, _, err = Apply(s, game.System, Action{Kind: Deal, Seed: rng.Uint64()})
			if err != nil {
				t.Fatal(err)
			}
			check(s, nil)
		}
	}
	t.Logf("%d deals played", deals)
}

// TestLegalActionsApply: in random deals, every action Legal lists for the
// seat to act is accepted, and a seat not waited for has none.
func TestLegalActionsApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for match := 0; match < 200; match++ {
		rules := []Rules{House, Standard}[match%2]
		n := rules.MinPlayers + rng.IntN(rules.MaxPlayers-rules.MinPlayers+1)
		s, _, _ := New(rules, n, rng.Uint64())
		bots := make([]Bot, n)
		for i := range bots {
			bots[i] = RandomLegal
		}
		check := func(s State, _ []game.Event) {
			actor := s.Actor()
			for seat := 0; seat < n; seat++ {
				legal := Legal(&s, seat)
				if seat != actor && s.Phase != Exchange && len(legal) > 0 {
					t.Fatalf("seat %d not to act has legal actions %v", seat, legal)
				}
				for _, a := range legal {
					if _, _, err := Apply(s, seat, a); err != nil {
						t.Fatalf("legal %v %v by %d rejected: %v", a.Kind, a.Cards, seat, err)
					}
				}
			}
			if actor >= 0 && len(Legal(&s, actor)) == 0 {
				t.Fatalf("seat %d must act but has no legal action", actor)
			}
		}
		s = playDeal(t, s, bots, rng, check)
		s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: rng.Uint64()})
		playDeal(t, s, bots, rng, check)
	}
}

func TestMatchAdapterRejectsForeignMove(t *testing.T) {
	m, _, _ := NewMatch(House, 3, 1)
	_, err := m.Apply(0, "not a move")
	if ge, ok := err.(*game.Error); !ok || ge.Code != CodeInternal {
		t.Fatalf("foreign move: %v", err)
	}
	snap, _ := m.Snapshot()
	var back Match
	if err := back.Restore(snap); err != nil || back.State.Players != m.State.Players {
		t.Fatalf("snapshot round trip: %v", err)
	}
}
