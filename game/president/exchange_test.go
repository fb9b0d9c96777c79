package president

import (
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

// finished returns a match whose first deal ended with seat i in place i+1.
func finished(t *testing.T, r Rules, n int) State {
	t.Helper()
	s, _, err := New(r, n, 11)
	if err != nil {
		t.Fatal(err)
	}
	roles := r.RolesFor(n)
	s.Phase, s.Turn, s.Opening = DealOver, -1, false
	for i := 0; i < n; i++ {
		s.Players[i].Place = i + 1
		s.Players[i].Role = roles[i]
	}
	if err := CheckInvariants(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func strength(c cards.Card) int { return order(c.Rank())*64 + int(c) }

func TestRolesByPlayerCount(t *testing.T) {
	P, V, C, S, A := President, VicePresident, Citizen, Scumbag, Asshole
	cases := []struct {
		rules Rules
		n     int
		want  []Role
	}{
		{Standard, 2, []Role{P, A}},
		{Standard, 3, []Role{P, C, A}},
		{House, 3, []Role{P, V, A}},
		{House, 4, []Role{P, V, S, A}},
		{Standard, 4, []Role{P, V, S, A}},
		{House, 5, []Role{P, V, C, S, A}},
		{Standard, 5, []Role{P, V, C, S, A}},
	}
	for _, tc := range cases {
		got := tc.rules.RolesFor(tc.n)
		if len(got) != len(tc.want) {
			t.Fatalf("%s %d: %v", tc.rules.Name, tc.n, got)
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s %d players: place %d is %v, want %v", tc.rules.Name, tc.n, i+1, got[i], tc.want[i])
			}
		}
	}
}

func TestExchange(t *testing.T) {
	cases := []struct {
		rules   Rules
		n       int
		returns int
	}{
		{Standard, 2, 1}, {Standard, 3, 1}, {House, 3, 1},
		{House, 4, 2}, {Standard, 4, 2}, {House, 5, 2}, {Standard, 5, 2},
	}
	for _, tc := range cases {
		s := finished(t, tc.rules, tc.n)
		do(t, &s, game.System, Action{Kind: Deal, Seed: 5})
		if s.Phase != Exchange || s.NReturns != tc.returns || s.Deal != 2 {
			t.Fatalf("%s %d: phase %v returns %d", tc.rules.Name, tc.n, s.Phase, s.NReturns)
		}
		pres, ass := 0, tc.n-1
		checkBest(t, s, ass, pres, 2)
		if tc.n >= 4 {
			checkBest(t, s, tc.n-2, 1, 1)
		} else if tc.n == 3 && (s.Players[1].Got != 0 || s.Players[1].Gave != 0) {
			t.Fatalf("%s %d: second place exchanged without a partner", tc.rules.Name, tc.n)
		}

		// only the President and Vice President return, in the exchange
		rejectPlay(t, s, s.Actor(), "3D", CodeActionNotAllowed)
		ret := func(cs []cards.Card) Action { return Action{Kind: ReturnCards, Cards: cs} }
		reject(t, s, ass, ret(s.Players[ass].Hand.Cards()[:2]), CodeActionNotAllowed)
		presHand := s.Players[pres].Hand.Cards()
		reject(t, s, pres, ret(presHand[:1]), CodeActionNotAllowed)
		reject(t, s, pres, ret(presHand[:3]), CodeActionNotAllowed)
		reject(t, s, pres, ret(s.Players[ass].Hand.Cards()[:2]), CodeOwnership)
		reject(t, s, pres, ret([]cards.Card{presHand[0], presHand[0]}), CodeActionNotAllowed)

		back := presHand[:2]
		do(t, &s, pres, ret(back))
		if !s.Players[ass].Got.Has(back[0]) || !s.Players[ass].Hand.Has(back[1]) {
			t.Fatal("returned cards did not reach the Asshole")
		}
		reject(t, s, pres, ret(s.Players[pres].Hand.Cards()[:2]), CodeActionNotAllowed)
		if tc.n >= 4 {
			if s.Phase != Exchange {
				t.Fatal("play started before the Vice President returned")
			}
			do(t, &s, 1, ret(s.Players[1].Hand.Cards()[:1]))
		}
		if s.Phase != Playing {
			t.Fatalf("%s %d: phase %v after all returns", tc.rules.Name, tc.n, s.Phase)
		}
		if tc.rules.AssholeLeads {
			if s.Turn != ass || s.Opening {
				t.Fatalf("house: turn %d opening %v, want the Asshole (%d) to lead freely", s.Turn, s.Opening, ass)
			}
		} else if !s.Players[s.Turn].Hand.Has(threeOfDiamonds) || !s.Opening {
			t.Fatalf("standard: turn %d does not hold the 3♦", s.Turn)
		}
	}
}

// checkBest verifies from gave its n best cards to to.
func checkBest(t *testing.T, s State, from, to, n int) {
	t.Helper()
	gave := s.Players[from].Gave
	if gave.Len() != n || s.Players[to].Got != gave || s.Players[to].Hand&gave != gave {
		t.Fatalf("seat %d gave %v, seat %d got %v", from, gave, to, s.Players[to].Got)
	}
	for _, kept := range s.Players[from].Hand.Cards() {
		for _, g := range gave.Cards() {
			if strength(kept) > strength(g) {
				t.Fatalf("seat %d kept %v but gave %v", from, kept, g)
			}
		}
	}
}

func TestScoreboardAcrossDeals(t *testing.T) {
	s := finished(t, House, 4)
	s.Players[0].Score, s.Players[3].Score = 2, -2
	s.History = [][MaxSeats]Role{{President, VicePresident, Scumbag, Asshole}}
	do(t, &s, game.System, Action{Kind: Deal, Seed: 9})
	if s.Players[0].Score != 2 || len(s.History) != 1 {
		t.Fatal("dealing changed the scoreboard")
	}
}
