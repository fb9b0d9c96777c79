package lowunique

import (
	"errors"
	"flag"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/game"
)

// play applies a move that must be legal.
func play(t *testing.T, s *State, seat int, a Action) []game.Event {
	t.Helper()
	next, ev, err := Apply(*s, seat, a)
	if err != nil {
		t.Fatalf("seat %d %v: %v", seat, a, err)
	}
	*s = next
	return ev
}

// round plays a whole round: the pairs, everyone ready, the choices.
func round(t *testing.T, s *State, pairs [][2]int, chosen []int) []game.Event {
	t.Helper()
	var evs []game.Event
	for i, p := range pairs {
		evs = append(evs, play(t, s, i, Action{Kind: SelectPair, Pair: p})...)
	}
	for i := range pairs {
		evs = append(evs, play(t, s, i, Action{Kind: Ready})...)
	}
	for i, c := range chosen {
		evs = append(evs, play(t, s, i, Action{Kind: ChooseCard, Card: c})...)
	}
	return evs
}

func texts(evs []game.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.Render(func(i int) string { return []string{"Ann", "Bob", "Cy", "Di"}[i] }) + "\n")
	}
	return b.String()
}

func newState(t *testing.T, n int) State {
	t.Helper()
	s, err := New(DefaultRules, n)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPhases(t *testing.T) {
	s := newState(t, 3)
	if s.Phase != Select || s.Round != 1 || s.Players[0].Hand != upTo(8) {
		t.Fatalf("start: %+v", s)
	}
	play(t, &s, 0, Action{Kind: SelectPair, Pair: [2]int{5, 2}})
	if s.Players[0].Pair != [2]int{2, 5} || s.Phase != Select || !reflect.DeepEqual(s.Waiting(), []int{1, 2}) {
		t.Fatalf("after one selection: %+v waiting %v", s.Players[0], s.Waiting())
	}
	play(t, &s, 1, Action{Kind: SelectPair, Pair: [2]int{1, 2}})
	ev := play(t, &s, 2, Action{Kind: SelectPair, Pair: [2]int{2, 3}})
	if s.Phase != Reveal || !strings.Contains(texts(ev), "Every pair is in: Ann 2 and 5, Bob 1 and 2, Cy 2 and 3.") {
		t.Fatalf("reveal: %v\n%s", s.Phase, texts(ev))
	}
	play(t, &s, 0, Action{Kind: Ready})
	play(t, &s, 1, Action{Kind: Ready})
	if s.Phase != Reveal {
		t.Fatal("the reveal ended before everyone was ready")
	}
	play(t, &s, 2, Action{Kind: Ready})
	if s.Phase != Choose || s.Players[0].Ready {
		t.Fatalf("choose: %v", s.Phase)
	}
	play(t, &s, 0, Action{Kind: ChooseCard, Card: 5})
	play(t, &s, 1, Action{Kind: ChooseCard, Card: 2})
	ev = play(t, &s, 2, Action{Kind: ChooseCard, Card: 2})
	// 2 twice, 5 once: the lowest unique is 5
	if s.Phase != Resolved || s.Players[0].Score != 5 || s.Players[1].Score != 0 {
		t.Fatalf("resolve: %v scores %d %d", s.Phase, s.Players[0].Score, s.Players[1].Score)
	}
	want := "Round 1: Ann plays 5, Bob plays 2, Cy plays 2.\nThe lowest unique card is 5: Ann scores 5.\n"
	if !strings.Contains(texts(ev), want) {
		t.Fatalf("log:\n%s", texts(ev))
	}
	r := s.Results[0]
	if r.Lowest != 5 || r.Winner != 0 || !reflect.DeepEqual(r.Chosen, []int{5, 2, 2}) {
		t.Fatalf("result %+v", r)
	}
	// the chosen card is benched, the other returns to the hand
	if p := s.Players[0]; p.Hand.Has(5) || !p.Hand.Has(2) || p.Bench != Cards(0).with(5) {
		t.Fatalf("Ann's hand %v bench %v", p.Hand.Values(), p.Bench.Values())
	}
	play(t, &s, game.System, Action{Kind: Next})
	if s.Phase != Select || s.Round != 2 || s.Players[0].Selected() || s.Players[0].Chosen != 0 {
		t.Fatalf("next round: %+v", s)
	}
}

func TestRevealTimer(t *testing.T) {
	s := newState(t, 2)
	m := &Match{}
	m.State = s
	if _, d := m.PhaseTimer(); d != 0 {
		t.Fatal("a timer in Select")
	}
	s = newState(t, 2)
	play(t, &s, 0, Action{Kind: SelectPair, Pair: [2]int{1, 2}})
	play(t, &s, 1, Action{Kind: SelectPair, Pair: [2]int{3, 4}})
	play(t, &s, 0, Action{Kind: Ready})
	m.State = s
	key, d := m.PhaseTimer()
	if d != 60*time.Second {
		t.Fatalf("reveal timer %v", d)
	}
	mv, ok := m.Expire()
	if !ok {
		t.Fatal("no expiry in Reveal")
	}
	ev := play(t, &s, game.System, mv.(Action))
	m.State = s
	if key2, d2 := m.PhaseTimer(); s.Phase != Choose || d2 != 0 || key2 == key || !strings.Contains(texts(ev), "Time is up") {
		t.Fatalf("after expiry: %v %v", s.Phase, d2)
	}
	if _, ok := m.Expire(); ok {
		t.Fatal("expiry outside Reveal")
	}
}

func TestNoUniqueValue(t *testing.T) {
	s := newState(t, 4)
	ev := round(t, &s, [][2]int{{1, 2}, {1, 2}, {3, 4}, {3, 4}}, []int{1, 1, 3, 3})
	if s.Results[0].Lowest != 0 || s.Results[0].Winner != -1 || !strings.Contains(texts(ev), "No card is unique: nobody scores.") {
		t.Fatalf("%+v\n%s", s.Results[0], texts(ev))
	}
	for i := 0; i < 4; i++ {
		if s.Players[i].Score != 0 {
			t.Fatal("someone scored")
		}
	}
	// the lowest unique, not the lowest: 1 twice, 2 once, 7 once
	s = newState(t, 4)
	round(t, &s, [][2]int{{1, 2}, {1, 2}, {2, 3}, {6, 7}}, []int{1, 1, 2, 7})
	if s.Results[0].Lowest != 2 || s.Players[2].Score != 2 {
		t.Fatalf("%+v", s.Results[0])
	}
}

// TestBench: the bench takes every chosen card and comes back to a hand
// of fewer than 2 cards at the start of Select, and only then.
func TestBench(t *testing.T) {
	s := newState(t, 2)
	for r := 1; r <= 7; r++ {
		h0, h1 := s.Players[0].Hand.Values(), s.Players[1].Hand.Values()
		round(t, &s, [][2]int{{h0[0], h0[1]}, {h1[0], h1[1]}}, []int{h0[0], h1[1]})
		if s.Players[0].Hand.Len() != 8-r || s.Players[0].Bench.Len() != r {
			t.Fatalf("round %d: hand %v bench %v", r, s.Players[0].Hand.Values(), s.Players[0].Bench.Values())
		}
		if s.Players[0].Hand|s.Players[0].Bench != upTo(8) {
			t.Fatal("cards lost")
		}
		ev := play(t, &s, game.System, Action{Kind: Next})
		took := strings.Contains(texts(ev), "Ann takes the 7 benched cards back.")
		if took != (r == 7) || s.Returned[0] != (r == 7) {
			t.Fatalf("round %d: bench back %v\n%s", r, took, texts(ev))
		}
	}
	if s.Players[0].Hand != upTo(8) || s.Players[0].Bench != 0 {
		t.Fatalf("after the bench came back: %v %v", s.Players[0].Hand.Values(), s.Players[0].Bench.Values())
	}
}

func TestGameOverAndRematch(t *testing.T) {
	s, _ := New(Rules{Cards: 4, Rounds: 2, Reveal: 60}, 3)
	round(t, &s, [][2]int{{1, 2}, {1, 3}, {3, 4}}, []int{2, 1, 4}) // 1 and 2 unique: Bob scores 1
	play(t, &s, game.System, Action{Kind: Next})
	ev := round(t, &s, [][2]int{{1, 3}, {2, 4}, {1, 3}}, []int{1, 2, 3}) // all unique: Ann scores 1
	if s.Phase != Over || !reflect.DeepEqual(s.Winners(), []int{0, 1}) || !strings.Contains(texts(ev), "Game over: Ann and Bob share the win with 1 points.") {
		t.Fatalf("%v winners %v\n%s", s.Phase, s.Winners(), texts(ev))
	}
	if _, _, err := Apply(s, game.System, Action{Kind: Next}); err == nil {
		t.Fatal("a round after the last")
	}
	ev = play(t, &s, 2, Action{Kind: Rematch})
	if s.Phase != Select || s.Game != 2 || s.Round != 1 || s.Players[0].Score != 0 || s.Players[0].Hand != upTo(4) ||
		!reflect.DeepEqual(s.Finals, [][]int{{1, 1, 0}}) || len(s.Results) != 0 {
		t.Fatalf("rematch: %+v", s)
	}
	if !strings.Contains(texts(ev), "Cy starts a rematch: game 2") {
		t.Fatal(texts(ev))
	}
	// a single winner
	s, _ = New(Rules{Cards: 4, Rounds: 1, Reveal: 60}, 2)
	ev = round(t, &s, [][2]int{{1, 2}, {3, 4}}, []int{2, 3})
	if !strings.Contains(texts(ev), "Game over: Ann wins with 2 points.") {
		t.Fatal(texts(ev))
	}
}

// TestErrors: every rejection has its code and changes nothing.
func TestErrors(t *testing.T) {
	s := newState(t, 2)
	reveal := s
	play(t, &reveal, 0, Action{Kind: SelectPair, Pair: [2]int{1, 2}})
	play(t, &reveal, 1, Action{Kind: SelectPair, Pair: [2]int{1, 2}})
	choose := reveal
	play(t, &choose, 0, Action{Kind: Ready})
	play(t, &choose, 1, Action{Kind: Ready})
	cases := []struct {
		name string
		s    State
		seat int
		a    Action
		code string
	}{
		{"ready in Select", s, 0, Action{Kind: Ready}, CodeNotYourTurn},
		{"choose in Select", s, 0, Action{Kind: ChooseCard, Card: 1}, CodeNotYourTurn},
		{"a pair of one card", s, 0, Action{Kind: SelectPair, Pair: [2]int{3, 3}}, CodeInvalidAction},
		{"a card not held", s, 0, Action{Kind: SelectPair, Pair: [2]int{3, 9}}, CodeInvalidAction},
		{"a card of no value", s, 0, Action{Kind: SelectPair, Pair: [2]int{0, 1}}, CodeInvalidAction},
		{"select twice", reveal, 0, Action{Kind: SelectPair, Pair: [2]int{3, 4}}, CodeNotYourTurn},
		{"a player expires the timer", reveal, 0, Action{Kind: Expire}, CodeNotYourTurn},
		{"expire outside Reveal", s, game.System, Action{Kind: Expire}, CodeNotYourTurn},
		{"next before the end of a round", s, game.System, Action{Kind: Next}, CodeNotYourTurn},
		{"a card outside the pair", choose, 0, Action{Kind: ChooseCard, Card: 3}, CodeInvalidAction},
		{"rematch during a game", s, 0, Action{Kind: Rematch}, CodeNotYourTurn},
		{"a seat that does not play", s, 3, Action{Kind: Ready}, CodeNotYourTurn},
		{"a watcher", s, game.Spectator, Action{Kind: SelectPair, Pair: [2]int{1, 2}}, CodeNotYourTurn},
		{"an unknown action", s, 0, Action{Kind: 99}, CodeInvalidAction},
	}
	for _, c := range cases {
		next, ev, err := Apply(c.s, c.seat, c.a)
		var ge *game.Error
		if !errors.As(err, &ge) || ge.Code != c.code || ge.Message == "" {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
			continue
		}
		if !reflect.DeepEqual(next, c.s) || ev != nil {
			t.Errorf("%s: the state changed", c.name)
		}
	}
	if _, _, err := Apply(choose, 0, Action{Kind: ChooseCard, Card: 1}); err != nil {
		t.Fatal(err)
	}
	after, _, _ := Apply(choose, 0, Action{Kind: ChooseCard, Card: 1})
	if _, _, err := Apply(after, 0, Action{Kind: ChooseCard, Card: 2}); err == nil {
		t.Error("chose twice")
	}
	ready, _, _ := Apply(reveal, 0, Action{Kind: Ready})
	if _, _, err := Apply(ready, 0, Action{Kind: Ready}); err == nil {
		t.Error("ready twice")
	}
	for _, r := range []Rules{{3, 8, 60}, {8, 0, 60}, {8, 8, 0}, {13, 8, 60}} {
		if _, err := New(r, 2); err == nil {
			t.Errorf("rules %+v accepted", r)
		}
	}
	if _, err := New(DefaultRules, 5); err == nil {
		t.Error("5 players accepted")
	}
}

// TestPrivacyByPhase checks every viewer's View against the spec's table,
// phase by phase: others' hands and bench cards never, their pair from
// Reveal on, their chosen card from the resolution on; the owner always
// everything.
func TestPrivacyByPhase(t *testing.T) {
	s := newState(t, 3)
	check := func(phase Phase) {
		t.Helper()
		if s.Phase != phase {
			t.Fatalf("in %v, want %v", s.Phase, phase)
		}
		for viewer := -1; viewer < s.N; viewer++ {
			v := s.View(viewer)
			for i, pv := range v.Players {
				p := s.Players[i]
				if i == viewer {
					if !reflect.DeepEqual(pv.Hand, p.Hand.Values()) || !reflect.DeepEqual(pv.Bench, p.Bench.Values()) || pv.Pair != p.Pair || pv.Card != p.Chosen {
						t.Fatalf("%v: seat %d does not see all of its own", phase, i)
					}
					continue
				}
				if pv.Hand != nil || pv.Bench != nil {
					t.Fatalf("%v: viewer %d sees seat %d's hand or bench", phase, viewer, i)
				}
				if pv.BenchCount != p.Bench.Len() || pv.Score != p.Score || pv.Selected != p.Selected() || pv.Chosen != (p.Chosen != 0) {
					t.Fatalf("%v: viewer %d misses seat %d's public counts", phase, viewer, i)
				}
				wantPair, wantCard := [2]int{}, 0
				if phase >= Reveal {
					wantPair = p.Pair
				}
				if phase >= Resolved {
					wantCard = p.Chosen
				}
				if pv.Pair != wantPair || pv.Card != wantCard {
					t.Fatalf("%v: viewer %d sees seat %d's pair %v card %d", phase, viewer, i, pv.Pair, pv.Card)
				}
			}
		}
	}
	check(Select)
	play(t, &s, 0, Action{Kind: SelectPair, Pair: [2]int{4, 7}})
	check(Select)
	play(t, &s, 1, Action{Kind: SelectPair, Pair: [2]int{1, 2}})
	play(t, &s, 2, Action{Kind: SelectPair, Pair: [2]int{2, 8}})
	check(Reveal)
	for i := 0; i < 3; i++ {
		play(t, &s, i, Action{Kind: Ready})
	}
	check(Choose)
	play(t, &s, 0, Action{Kind: ChooseCard, Card: 7})
	check(Choose)
	play(t, &s, 1, Action{Kind: ChooseCard, Card: 2})
	play(t, &s, 2, Action{Kind: ChooseCard, Card: 8})
	check(Resolved)
	play(t, &s, game.System, Action{Kind: Next})
	check(Select)
}

var games = flag.Int("games", 5000, "games per bot match")

// invariants: every card is in the hand or on the bench, never both; the
// pair is in the hand; scores are the sum of the points won.
func invariants(t *testing.T, s *State) {
	t.Helper()
	all := upTo(s.Rules.Cards)
	for i := 0; i < s.N; i++ {
		p := &s.Players[i]
		if p.Hand&p.Bench != 0 || p.Hand|p.Bench != all {
			t.Fatalf("seat %d: hand %v bench %v", i, p.Hand.Values(), p.Bench.Values())
		}
		if p.Selected() && s.Phase != Resolved && s.Phase != Over && (!p.Hand.Has(p.Pair[0]) || !p.Hand.Has(p.Pair[1])) {
			t.Fatalf("seat %d's pair %v is not in the hand", i, p.Pair)
		}
		won := 0
		for _, r := range s.Results {
			if r.Winner == i {
				won += r.Lowest
			}
		}
		if won != p.Score {
			t.Fatalf("seat %d scores %d, won %d", i, p.Score, won)
		}
	}
}

// playGame plays one game with the given bots and returns the scores.
func playGame(t *testing.T, r Rules, bots []Bot, rng *rand.Rand) []int {
	s, err := New(r, len(bots))
	if err != nil {
		t.Fatal(err)
	}
	for s.Phase != Over {
		if s.Phase == Resolved {
			s, _, _ = Apply(s, game.System, Action{Kind: Next})
			continue
		}
		w := s.Waiting()
		seat := w[rng.IntN(len(w))]
		v := s.View(seat)
		a, ok := bots[seat](&v, rng)
		if !ok {
			t.Fatalf("bot %d has no move in %v", seat, s.Phase)
		}
		next, _, err := Apply(s, seat, a)
		if err != nil {
			t.Fatalf("bot %d: %v", seat, err)
		}
		s = next
		invariants(t, &s)
	}
	out := make([]int, s.N)
	for i := range out {
		out[i] = s.Players[i].Score
	}
	return out
}

// TestThinkingBeatsRandom plays seeded games of the thinking bot against
// random bots, for 2, 3 and 4 players, and compares average scores.
func TestThinkingBeatsRandom(t *testing.T) {
	for n := 2; n <= 4; n++ {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		bots := []Bot{Thinking}
		for len(bots) < n {
			bots = append(bots, Random)
		}
		var thinking, random float64
		wins := 0
		for g := 0; g < *games; g++ {
			sc := playGame(t, DefaultRules, bots, rng)
			thinking += float64(sc[0])
			best := 0
			for _, x := range sc[1:] {
				random += float64(x)
				best = max(best, x)
			}
			if sc[0] > best {
				wins++
			}
		}
		thinking /= float64(*games)
		random /= float64(*games * (n - 1))
		t.Logf("%d players, %d games: thinking bot %.2f points on average, random bots %.2f; thinking wins outright %.1f%%",
			n, *games, thinking, random, 100*float64(wins)/float64(*games))
		if thinking <= random {
			t.Errorf("%d players: the thinking bot (%.2f) does not beat random (%.2f)", n, thinking, random)
		}
	}
}

// TestAutoPlaysTheLowest: the absent player's pair is its two lowest cards
// and its choice the lower.
func TestAutoPlaysTheLowest(t *testing.T) {
	s := newState(t, 2)
	round(t, &s, [][2]int{{1, 5}, {2, 3}}, []int{1, 3})
	play(t, &s, game.System, Action{Kind: Next})
	v := s.View(0)
	a, _ := Auto(&v)
	if a != (Action{Kind: SelectPair, Pair: [2]int{2, 3}}) {
		t.Fatalf("auto select %+v", a)
	}
	play(t, &s, 0, a)
	play(t, &s, 1, Action{Kind: SelectPair, Pair: [2]int{1, 2}})
	v = s.View(0)
	if a, _ = Auto(&v); a.Kind != Ready {
		t.Fatalf("auto in Reveal %+v", a)
	}
	play(t, &s, 0, a)
	play(t, &s, 1, Action{Kind: Ready})
	v = s.View(0)
	if a, _ = Auto(&v); a != (Action{Kind: ChooseCard, Card: 2}) {
		t.Fatalf("auto choose %+v", a)
	}
	v = s.View(game.Spectator)
	if _, ok := Auto(&v); ok {
		t.Fatal("a watcher has a move")
	}
}

// TestEndWhenFewerThanTwoRemain: the design note (§5.4) ends the game
// early when fewer than two connected players remain. Three players; round
// 1: seat 0 plays 1, seat 1 plays 1, seat 2 plays 2, so 2 is the lowest
// unique card and seat 2 scores 2. The table then ends the game: it is
// over after 1 of 8 rounds, seat 2 wins with 2 points, and a rematch may
// follow. Only the table ends a game, and only one not over.
func TestEndWhenFewerThanTwoRemain(t *testing.T) {
	s := newState(t, 3)
	round(t, &s, [][2]int{{1, 2}, {1, 3}, {2, 4}}, []int{1, 1, 2})
	if _, _, err := Apply(s, 0, Action{Kind: End}); err == nil {
		t.Fatal("a player ended the game")
	}
	ev := play(t, &s, game.System, Action{Kind: End})
	if s.Phase != Over || len(s.Waiting()) != 0 {
		t.Fatalf("after End: phase %v, waiting %v", s.Phase, s.Waiting())
	}
	var text []string
	for _, e := range ev {
		text = append(text, e.String())
	}
	want := "Fewer than two players are left: the game ends after 1 of 8 rounds.\nGame over: {2} wins with 2 points."
	if got := strings.Join(text, "\n"); got != want {
		t.Fatalf("events:\n%s\nwant:\n%s", got, want)
	}
	if _, _, err := Apply(s, game.System, Action{Kind: End}); err == nil {
		t.Fatal("a game over was ended again")
	}
	play(t, &s, 0, Action{Kind: Rematch})
	if s.Phase != Select || s.Game != 2 || len(s.Finals) != 1 || s.Finals[0][2] != 2 {
		t.Fatalf("the rematch after an early end: phase %v game %d finals %v", s.Phase, s.Game, s.Finals)
	}
}
