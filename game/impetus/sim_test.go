package impetus

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
)

var simGames = flag.Int("games", 2000, "bot games in the simulation")

// invariants checks what must hold after every step.
func invariants(t *testing.T, s *State) {
	t.Helper()
	for c, o := range s.Owner {
		if o < -1 || o >= NumFactions {
			t.Fatalf("cell %d owned by %d", c, o)
		}
		if o >= 0 && s.Factions[o].Eliminated {
			t.Fatalf("eliminated %s owns cell %d", FactionNames[o], c)
		}
		if i := s.Idols[c]; i.Type > Spread || i.Type != NoIdol && (i.Owner < 0 || i.Owner >= s.N) {
			t.Fatalf("cell %d has idol %+v", c, i)
		}
	}
	for f := range s.Factions {
		fa := &s.Factions[f]
		if fa.Gold < 0 {
			t.Fatalf("%s has %d gold", FactionNames[f], fa.Gold)
		}
		for _, c := range fa.Pool {
			if c >= NumCards {
				t.Fatalf("%s's pool holds %d", FactionNames[f], c)
			}
		}
		if fa.Guide >= 0 && (s.Spirits[fa.Guide].Guiding != f || fa.Guide == fa.Worship) {
			t.Fatalf("%s: guide %d, worship %d", FactionNames[f], fa.Guide, fa.Worship)
		}
		if !fa.Eliminated && s.size(f) == 0 && s.Phase != Over && s.Phase != Spoils { // eliminated after the spoils
			t.Fatalf("%s has no land but is not eliminated", FactionNames[f])
		}
	}
	for sp := 0; sp < s.N; sp++ {
		p := &s.Spirits[sp]
		if p.Influence < 0 || p.Influence > 3 || (p.Guiding >= 0) != (p.Influence > 0) {
			t.Fatalf("spirit %d: influence %d guiding %d", sp, p.Influence, p.Guiding)
		}
		if p.Guiding >= 0 && s.Factions[p.Guiding].Guide != sp {
			t.Fatalf("spirit %d guides %d, which does not know it", sp, p.Guiding)
		}
	}
	for _, w := range s.Wars {
		if w.A == w.B || s.Factions[w.A].Eliminated || s.Factions[w.B].Eliminated {
			t.Fatalf("war %+v", w)
		}
	}
	// a finished vagrant choice did all its spirit could: both when both
	for _, c := range s.Choices {
		if c.Kind == ChooseVagrant && c.done(s) && (c.NeedGuide && c.Guide < 0 || c.NeedIdol && c.IdolCell < 0) {
			t.Fatalf("spirit %d's vagrant choice skips what it can do: %+v", c.Spirit, c)
		}
	}
}

// playGame plays one game with the given bots, checking the invariants
// after every step.
func playGame(t *testing.T, seed uint64, bots []Bot, rng *rand.Rand) State {
	s, _, err := New(DefaultRules, len(bots), seed)
	if err != nil {
		t.Fatal(err)
	}
	invariants(t, &s)
	for steps := 0; s.Phase != Over; steps++ {
		if steps > 100000 {
			t.Fatal("the game does not end")
		}
		w := s.Waiting()
		if len(w) == 0 {
			t.Fatalf("turn %d, %v: nobody to wait for", s.Turn, s.Phase)
		}
		sp := w[rng.IntN(len(w))]
		v := s.View(sp)
		a, ok := bots[sp](&v, rng)
		if !ok {
			t.Fatalf("spirit %d has no move in %v (need %q)", sp, s.Phase, v.Need)
		}
		next, _, err := Apply(s, sp, a)
		if err != nil {
			t.Fatalf("turn %d spirit %d %+v: %v", s.Turn, sp, a, err)
		}
		s = next
		invariants(t, &s)
	}
	return s
}

// TestSimulation plays bot games (heuristic and random spirits, 2–6 of
// them) and reports how long games last and which factions pay.
func TestSimulation(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var turns []int
	var paid, largest [NumFactions]int
	capped := 0
	var wins, seats [2]int // heuristic, random
	for g := 0; g < *simGames; g++ {
		n := 2 + g%5
		bots := make([]Bot, n)
		for i := range bots {
			bots[i] = Heuristic
			if (g+i)%2 == 1 {
				bots[i] = Random
			}
		}
		s := playGame(t, rng.Uint64(), bots, rng)
		turns = append(turns, s.Turn)
		if s.Turn >= s.Rules.MaxTurns && slices.Max(spiritVP(&s)) < s.Rules.WinVP {
			capped++
		}
		big, bigF := -1, 0
		for f := range s.Factions {
			paid[f] += s.Factions[f].Paid
			if sz := s.size(f); sz > big {
				big, bigF = sz, f
			}
		}
		largest[bigF]++
		for _, w := range s.Winners {
			wins[(g+w)%2]++
		}
		for i := 0; i < n; i++ {
			seats[(g+i)%2]++
		}
	}
	slices.Sort(turns)
	q := func(p float64) int { return turns[int(p*float64(len(turns)-1))] }
	t.Logf("%d games: turns median %d, quartiles %d–%d, range %d–%d; %.1f%% hit the %d-turn cap",
		len(turns), q(.5), q(.25), q(.75), turns[0], turns[len(turns)-1], 100*float64(capped)/float64(len(turns)), DefaultRules.MaxTurns)
	total := 0
	for _, p := range paid {
		total += p
	}
	for f := range paid {
		t.Logf("%-8s paid %4.1f%% of all VP; largest at the end in %4.1f%% of games", FactionNames[f],
			100*float64(paid[f])/float64(max(total, 1)), 100*float64(largest[f])/float64(len(turns)))
	}
	rate := func(k int) float64 { return 100 * float64(wins[k]) / float64(seats[k]) }
	t.Logf("wins per seat: heuristic spirits %.1f%% (%d of %d), random spirits %.1f%% (%d of %d)", rate(0), wins[0], seats[0], rate(1), wins[1], seats[1])
	if rate(0) <= rate(1) {
		t.Errorf("the heuristic bot (%.1f%%) does not beat the random bot (%.1f%%)", rate(0), rate(1))
	}
}

func spiritVP(s *State) []int {
	out := make([]int, s.N)
	for i := range out {
		out[i] = s.Spirits[i].VP
	}
	return out
}
