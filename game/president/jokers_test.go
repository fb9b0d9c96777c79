package president

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

func TestWithJokers(t *testing.T) {
	for _, r := range []Rules{House, Standard} {
		if !r.UseJokers() || r.Jokers != 2 {
			t.Errorf("%s: jokers are not on by default", r.Name)
		}
		off := r.WithJokers(false)
		if off.UseJokers() || off.Jokers != 0 || off.Name != r.Name {
			t.Errorf("%s without jokers: %+v", r.Name, off)
		}
		if on := off.WithJokers(true); on != r {
			t.Errorf("%s: jokers off then on is %+v, want the ruleset", r.Name, on)
		}
		if r.WithJokers(true) != r {
			t.Errorf("%s: jokers on changed the ruleset", r.Name)
		}
		// the ruleset is otherwise the same
		if n, ok := RulesNamed(r.Name); !ok || n.WithJokers(false) != off {
			t.Errorf("%s: RulesNamed + WithJokers(false) = %+v", r.Name, n.WithJokers(false))
		}
	}
	for _, tc := range []struct {
		r    Rules
		want string
	}{
		{House, "house rules, jokers wild"},
		{Standard, "standard rules, jokers only as a joker set"},
		{House.WithJokers(false), "house rules, no jokers"},
		{Standard.WithJokers(false), "standard rules, no jokers"},
	} {
		if got := tc.r.Describe(); got != tc.want {
			t.Errorf("Describe %q, want %q", got, tc.want)
		}
	}
}

// TestDealWithoutJokers: hand sizes worked out by hand. With jokers off
// the 52 cards go round from seat 0 (the last seat deals deal 1); with
// them on, 54.
func TestDealWithoutJokers(t *testing.T) {
	for _, tc := range []struct {
		rules  Rules
		jokers bool
		n      int
		sizes  []int
	}{
		{Standard, false, 2, []int{26, 26}},
		{House, false, 3, []int{18, 17, 17}},
		{House, false, 4, []int{13, 13, 13, 13}},
		{Standard, false, 4, []int{13, 13, 13, 13}},
		{House, false, 5, []int{11, 11, 10, 10, 10}},
		{Standard, true, 2, []int{27, 27}},
		{House, true, 3, []int{18, 18, 18}},
		{House, true, 4, []int{14, 14, 13, 13}},
		{Standard, true, 4, []int{14, 14, 13, 13}},
		{House, true, 5, []int{11, 11, 11, 11, 10}},
	} {
		r := tc.rules.WithJokers(tc.jokers)
		for seed := uint64(1); seed <= 20; seed++ {
			s, _, err := New(r, tc.n, seed)
			if err != nil {
				t.Fatal(err)
			}
			var dealt cards.Set
			total := 0
			for i, want := range tc.sizes {
				h := s.Players[i].Hand
				if h.Len() != want {
					t.Errorf("%s, jokers %v, %d players: seat %d has %d cards, want %d", r.Name, tc.jokers, tc.n, i, h.Len(), want)
				}
				total += h.Len()
				dealt |= h
			}
			jokers := dealt.OfRank(cards.Joker).Len()
			if want := map[bool]int{false: 0, true: 2}[tc.jokers]; jokers != want {
				t.Errorf("%s, jokers %v: %d jokers dealt, want %d", r.Name, tc.jokers, jokers, want)
			}
			if want := map[bool]int{false: 52, true: 54}[tc.jokers]; total != want || s.DeckSize() != want {
				t.Errorf("%s, jokers %v: %d cards dealt, deck size %d, want %d", r.Name, tc.jokers, total, s.DeckSize(), want)
			}
			if err := CheckInvariants(&s); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPlayWithoutJokers: whole matches without jokers keep every invariant
// (52 cards, none a joker) through play, gifts, discards and exchanges, and
// a joker is nobody's to play.
func TestPlayWithoutJokers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for match := range 60 {
		rules := []Rules{House, Standard}[match%2].WithJokers(false)
		n := rules.MinPlayers + match%(rules.MaxPlayers-rules.MinPlayers+1)
		bots := make([]Bot, n)
		for i := range bots {
			bots[i] = []Bot{Greedy, RandomLegal}[(match/2+i)%2]
		}
		s, _, err := New(rules, n, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		check := func(s State, _ []game.Event) {
			if err := CheckInvariants(&s); err != nil {
				t.Fatalf("%s, %d players, deal %d: %v", rules.Name, n, s.Deal, err)
			}
			all := s.PileCards | s.Played | s.Discarded
			for i := range s.Players[:n] {
				all |= s.Players[i].Hand
			}
			if all.Len() != 52 || all.OfRank(cards.Joker) != 0 {
				t.Fatalf("%s, %d players: %d cards, jokers %v", rules.Name, n, all.Len(), all.OfRank(cards.Joker))
			}
		}
		for range 3 {
			s = playDeal(t, s, bots, rng, check)
			if s, _, err = Apply(s, game.System, Action{Kind: Deal, Seed: rng.Uint64()}); err != nil {
				t.Fatal(err)
			}
			check(s, nil)
		}
	}

	s := table(t, House.WithJokers(false), 0, "4C 9C", "5C 6C", "7C 8C")
	rejectPlay(t, s, 0, "JR", CodeOwnership)
	rejectPlay(t, s, 0, "9C JB", CodeOwnership)
}

// TestJokersStoredStates: a snapshot written before the option existed (its
// rules carry Jokers: 2, as every snapshot has) restores with jokers; a
// match without jokers keeps them off through a snapshot and later deals.
func TestJokersStoredStates(t *testing.T) {
	old := []byte(`{"Name":"house","MinPlayers":3,"MaxPlayers":5,"Jokers":2,"WildJokers":true,"ViceAtThree":true,"AssholeLeads":true}`)
	var r Rules
	if err := json.Unmarshal(old, &r); err != nil || r != House || !r.UseJokers() {
		t.Fatalf("old rules %+v %v", r, err)
	}

	m, _, err := NewMatch(Standard.WithJokers(false), 4, 11)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := m.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	back := EmptyMatch()
	if err := back.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if back.State.Rules.UseJokers() || back.State.DeckSize() != 52 {
		t.Fatalf("restored rules %+v", back.State.Rules)
	}
	s := playDeal(t, back.State, []Bot{Greedy, Greedy, Greedy, Greedy}, rand.New(rand.NewPCG(1, 1)), nil)
	s, _, err = Apply(s, game.System, Action{Kind: Deal, Seed: 12})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for i := range s.Players[:4] {
		total += s.Players[i].Hand.Len()
		if s.Players[i].Hand.OfRank(cards.Joker) != 0 {
			t.Fatalf("seat %d holds a joker on deal 2", i)
		}
	}
	if total != 52 {
		t.Fatalf("deal 2 has %d cards", total)
	}
}
