package impetus

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/tablegames/tables/game"
)

// The vagrant rule (the design note): a vagrant spirit guides a faction
// AND/OR places an idol, and must do both if both are available. So it
// does both when both are possible, only one when only that one is, and
// passes only when neither is. The states below are set by hand; cells in
// blank: the centre is 0, faction f's home is cell f+1, cells 20 and 30
// are neutral and far from every home.

// vagrantStart opens the vagrant phase of a hand-made state.
func vagrantStart(s State) State {
	var ev []game.Event
	s.startTurn(&ev)
	return s
}

// rejects checks that a move is refused with the code and changes nothing.
func rejects(t *testing.T, what string, s State, sp int, a Action, code string) {
	t.Helper()
	next, ev, err := Apply(s, sp, a)
	var ge *game.Error
	if !errors.As(err, &ge) || ge.Code != code || ge.Message == "" {
		t.Errorf("%s: got %v, want %s", what, err, code)
		return
	}
	if !reflect.DeepEqual(next, s) || ev != nil {
		t.Errorf("%s: the state changed", what)
	}
}

// accepts makes a move that must be accepted.
func accepts(t *testing.T, what string, s State, sp int, a Action) (State, []game.Event) {
	t.Helper()
	next, ev, err := Apply(s, sp, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return next, ev
}

// TestVagrantBothPossible: with a faction free to guide and an idol to
// place, a spirit must do both: passing, declining to guide, guiding
// only and placing only are all refused; guiding and placing is taken.
func TestVagrantBothPossible(t *testing.T) {
	s := vagrantStart(blank(2))
	if s.Phase != Vagrant || !slices.Equal(s.Waiting(), []int{0, 1}) {
		t.Fatalf("phase %v, waiting %v", s.Phase, s.Waiting())
	}
	rejects(t, "pass", s, 0, Action{Kind: Pass}, CodeMustGuide)
	rejects(t, "place my idol only", s, 0, Action{Kind: NoGuide}, CodeMustGuide)

	// guide only: the guide is taken but the choice is not complete, and
	// skipping the idol is refused
	guided, _ := accepts(t, "guide Mountain", s, 0, Action{Kind: GuideFaction, Faction: 0})
	if !slices.Contains(guided.Waiting(), 0) {
		t.Fatal("a spirit that only guided is not waited for: it must place its idol too")
	}
	rejects(t, "no idol this turn", guided, 0, Action{Kind: Pass}, CodeMustPlaceIdol)
	rejects(t, "decline to guide after guiding", guided, 0, Action{Kind: NoGuide}, CodeNotYourTurn)

	// place only: the idol is taken but the choice is not complete, and
	// skipping the guide is refused
	placed, _ := accepts(t, "place an idol", s, 0, Action{Kind: PlaceIdol, Idol: Spread, Cell: 20})
	if !slices.Contains(placed.Waiting(), 0) {
		t.Fatal("a spirit that only placed is not waited for: it must guide too")
	}
	rejects(t, "pass after placing", placed, 0, Action{Kind: Pass}, CodeMustGuide)
	rejects(t, "place my idol only, after placing", placed, 0, Action{Kind: NoGuide}, CodeMustGuide)

	// both: spirit 0 guides Mountain and places a Spread idol on 20,
	// spirit 1 guides Mesa and places a Battle idol on 30
	both, _ := accepts(t, "then the idol", guided, 0, Action{Kind: PlaceIdol, Idol: Spread, Cell: 20})
	if !slices.Equal(both.Waiting(), []int{1}) {
		t.Fatalf("after both, waiting %v", both.Waiting())
	}
	rejects(t, "pass when the choice is made", both, 0, Action{Kind: Pass}, CodeNotYourTurn)
	rejects(t, "spirit 1 passes", both, 1, Action{Kind: Pass}, CodeMustGuide)
	both, _ = accepts(t, "spirit 1 guides", both, 1, Action{Kind: GuideFaction, Faction: 1})
	both, ev := accepts(t, "spirit 1 places", both, 1, Action{Kind: PlaceIdol, Idol: Battle, Cell: 30})
	if both.Phase != Agenda {
		t.Fatalf("the vagrant phase did not resolve: %v\n%s", both.Phase, logOf(ev))
	}
	if p := both.Spirits[0]; p.Guiding != 0 || p.Influence != 3 || p.IdolPlaced {
		t.Fatalf("spirit 0: %+v\n%s", p, logOf(ev))
	}
	if p := both.Spirits[1]; p.Guiding != 1 || p.Influence != 3 {
		t.Fatalf("spirit 1: %+v\n%s", p, logOf(ev))
	}
	if both.Idols[20] != (Idol{Spread, 0}) || both.Idols[30] != (Idol{Battle, 1}) {
		t.Fatalf("idols %v %v\n%s", both.Idols[20], both.Idols[30], logOf(ev))
	}
}

// TestVagrantOnlyGuidingPossible: a spirit with no idol to place (it
// placed one this stint) or no cell to place it on must guide; guiding
// alone completes its choice, and passing is refused.
func TestVagrantOnlyGuidingPossible(t *testing.T) {
	t.Run("no idol left", func(t *testing.T) {
		s := blank(2)
		s.Idols[20], s.Spirits[0].IdolPlaced = Idol{Spread, 0}, true
		s = vagrantStart(s)
		rejects(t, "pass", s, 0, Action{Kind: Pass}, CodeMustGuide)
		rejects(t, "decline to guide", s, 0, Action{Kind: NoGuide}, CodeMustGuide)
		rejects(t, "a second idol", s, 0, Action{Kind: PlaceIdol, Idol: Battle, Cell: 30}, CodeNotYourTurn)
		s, _ = accepts(t, "guide Sand", s, 0, Action{Kind: GuideFaction, Faction: 2})
		if !slices.Equal(s.Waiting(), []int{1}) {
			t.Fatalf("guiding alone should complete spirit 0's choice: waiting %v", s.Waiting())
		}
		s, _ = accepts(t, "spirit 1 guides", s, 1, Action{Kind: GuideFaction, Faction: 1})
		s, ev := accepts(t, "spirit 1 places", s, 1, Action{Kind: PlaceIdol, Idol: Battle, Cell: 30})
		if s.Phase != Agenda || s.Spirits[0].Guiding != 2 || s.Spirits[1].Guiding != 1 || s.Idols[30] != (Idol{Battle, 1}) {
			t.Fatalf("phase %v, spirits %+v, idol %v\n%s", s.Phase, s.Spirits[:2], s.Idols[30], logOf(ev))
		}
	})
	t.Run("no free cell", func(t *testing.T) {
		s := blank(2)
		for c := range s.Idols {
			s.Idols[c] = Idol{Affluence, c % 2}
		}
		s = vagrantStart(s)
		if !slices.Equal(s.Waiting(), []int{0, 1}) {
			t.Fatalf("waiting %v", s.Waiting())
		}
		rejects(t, "pass", s, 1, Action{Kind: Pass}, CodeMustGuide)
		rejects(t, "an idol on a taken cell", s, 1, Action{Kind: PlaceIdol, Idol: Battle, Cell: 30}, CodeNotYourTurn)
		s, _ = accepts(t, "spirit 0 guides Mountain", s, 0, Action{Kind: GuideFaction, Faction: 0})
		s, ev := accepts(t, "spirit 1 guides River", s, 1, Action{Kind: GuideFaction, Faction: 4})
		if s.Phase != Agenda || s.Spirits[0].Guiding != 0 || s.Spirits[1].Guiding != 4 {
			t.Fatalf("phase %v, spirits %+v\n%s", s.Phase, s.Spirits[:2], logOf(ev))
		}
	})
}

// onlyIdol is a state where spirit 0 can guide no faction: spirit 1
// guides Mountain, Mesa and Sand worship spirit 0 (its idols on their
// homes, cells 2 and 3), Plains, River and Jungle are gone. Spirit 0 has
// an idol to place (a new stint) and there are free cells.
func onlyIdol(n int) State {
	s := blank(n)
	s.Factions[0].Guide, s.Spirits[1].Guiding, s.Spirits[1].Influence = 1, 0, 2
	s.Idols[2], s.Idols[3] = Idol{Spread, 0}, Idol{Battle, 0}
	s.Factions[1].Worship, s.Factions[2].Worship = 0, 0
	for f := 3; f < NumFactions; f++ {
		s.Factions[f].Eliminated = true
		s.Owner[s.Factions[f].Home] = -1
	}
	return s
}

// TestVagrantOnlyPlacingPossible: a spirit with no faction it may guide
// places its idol alone; passing is refused.
func TestVagrantOnlyPlacingPossible(t *testing.T) {
	s := vagrantStart(onlyIdol(2))
	if s.Phase != Vagrant || !slices.Equal(s.Waiting(), []int{0}) {
		t.Fatalf("phase %v, waiting %v", s.Phase, s.Waiting())
	}
	rejects(t, "pass", s, 0, Action{Kind: Pass}, CodeMustPlaceIdol)
	rejects(t, "guide a faction that worships it", s, 0, Action{Kind: GuideFaction, Faction: 1}, CodeNotYourTurn)
	// declining to guide changes nothing: there is nothing to decline
	same, ev := accepts(t, "decline to guide", s, 0, Action{Kind: NoGuide})
	if s.Version++; !reflect.DeepEqual(same, s) || len(ev) != 0 {
		t.Fatalf("declining a guide it cannot make changed the game:\n%s", logOf(ev))
	}
	s, ev = accepts(t, "place my idol only", s, 0, Action{Kind: PlaceIdol, Idol: Spread, Cell: 20})
	if s.Phase != Agenda || s.Idols[20] != (Idol{Spread, 0}) || s.Spirits[0].Guiding != -1 || !s.Spirits[0].IdolPlaced {
		t.Fatalf("phase %v, idol %v, spirit 0 %+v\n%s", s.Phase, s.Idols[20], s.Spirits[0], logOf(ev))
	}
}

// TestVagrantNeitherPossible: a spirit with no faction to guide and no
// idol to place is not waited for, and its pass is accepted and changes
// nothing; everyone else still must do what they can.
func TestVagrantNeitherPossible(t *testing.T) {
	s := onlyIdol(3)
	s.Spirits[0].IdolPlaced = true
	s = vagrantStart(s)
	// spirit 2 may guide Mesa or Sand (they worship spirit 0, not it)
	if s.Phase != Vagrant || !slices.Equal(s.Waiting(), []int{2}) {
		t.Fatalf("phase %v, waiting %v", s.Phase, s.Waiting())
	}
	for _, k := range []Kind{Pass, NoGuide} {
		next, ev := accepts(t, "spirit 0: "+k.String(), s, 0, Action{Kind: k})
		want := s
		want.Version++
		if !reflect.DeepEqual(next, want) || len(ev) != 0 {
			t.Fatalf("spirit 0's %s changed the game:\n%s", k, logOf(ev))
		}
	}
	rejects(t, "spirit 0 places", s, 0, Action{Kind: PlaceIdol, Idol: Battle, Cell: 30}, CodeNotYourTurn)
	rejects(t, "spirit 0 guides", s, 0, Action{Kind: GuideFaction, Faction: 1}, CodeNotYourTurn)
	rejects(t, "spirit 1 (guiding) passes", s, 1, Action{Kind: Pass}, CodeNotYourTurn)
	rejects(t, "spirit 2 passes", s, 2, Action{Kind: Pass}, CodeMustGuide)
	s, _ = accepts(t, "spirit 2 guides Mesa", s, 2, Action{Kind: GuideFaction, Faction: 1})
	s, ev := accepts(t, "spirit 2 places", s, 2, Action{Kind: PlaceIdol, Idol: Affluence, Cell: 30})
	if s.Phase != Agenda || s.Spirits[0].Guiding != -1 || s.Spirits[2].Guiding != 1 {
		t.Fatalf("phase %v, spirits %+v\n%s", s.Phase, s.Spirits[:3], logOf(ev))
	}
	rejects(t, "spirit 0 passes in the agenda", s, 0, Action{Kind: Pass}, CodeNotYourTurn)

	// when no vagrant spirit can do anything there is no vagrant phase
	s = onlyIdol(2)
	s.Spirits[0].IdolPlaced = true
	if s = vagrantStart(s); s.Phase != Agenda {
		t.Fatalf("a vagrant phase with nothing to do: %v, waiting %v", s.Phase, s.Waiting())
	}
}

// TestVagrantViewSaysWhatIsLegal: the View tells the UI what the viewer
// must still do and which skips the engine takes, in each of the four
// cases above.
func TestVagrantViewSaysWhatIsLegal(t *testing.T) {
	type flags struct {
		Need                                    string
		CanGuide, CanPlace, CanNoGuide, CanPass bool
	}
	of := func(s State, seat int) flags {
		v := s.View(seat)
		return flags{v.Need, v.CanGuide, v.CanPlace, v.CanNoGuide, v.CanPass}
	}
	both := vagrantStart(blank(2))
	guided, _, _ := Apply(both, 0, Action{Kind: GuideFaction, Faction: 0})
	done, _, _ := Apply(guided, 0, Action{Kind: PlaceIdol, Idol: Spread, Cell: 20})
	guideOnly := blank(2)
	guideOnly.Spirits[0].IdolPlaced = true
	guideOnly = vagrantStart(guideOnly)
	placeOnly := vagrantStart(onlyIdol(2))
	neither := onlyIdol(3)
	neither.Spirits[0].IdolPlaced = true
	neither = vagrantStart(neither)
	cases := []struct {
		name string
		s    State
		seat int
		want flags
	}{
		{"both possible", both, 0, flags{"guide", true, true, false, false}},
		{"both possible, guided", guided, 0, flags{"idol", false, true, false, false}},
		{"both possible, both done", done, 0, flags{"", false, false, false, false}},
		{"only guiding possible", guideOnly, 0, flags{"guide", true, false, false, false}},
		{"only placing possible", placeOnly, 0, flags{"idol", false, true, true, false}},
		{"neither possible", neither, 0, flags{"", false, false, true, true}},
		{"a guiding spirit in the vagrant phase", neither, 1, flags{"", false, false, false, false}},
		{"a watcher", neither, game.Spectator, flags{"", false, false, false, false}},
	}
	for _, c := range cases {
		if got := of(c.s, c.seat); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// autoBot plays the move made for an absent spirit.
func autoBot(v *View, _ *rand.Rand) (Action, bool) { return Auto(v) }

// TestBotsKeepTheVagrantRule plays many games with heuristic, random and
// absent (Auto) spirits and one that tries to skip whenever it may choose:
// no bot move is ever refused, a bot in the vagrant phase does what Need
// asks, the View's skip flags say exactly which skips Apply takes, and
// every finished vagrant choice did all its spirit could (invariants).
func TestBotsKeepTheVagrantRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	kinds := []Bot{Heuristic, Random, autoBot, nil} // nil: the skipper
	seen := map[[3]bool]int{}                       // CanGuide, CanPlace, CanPass
	for g := 0; g < 300; g++ {
		n := 2 + g%5
		bots := make([]Bot, n)
		for i := range bots {
			bots[i] = kinds[rng.IntN(len(kinds))]
		}
		s, _, err := New(DefaultRules, n, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; s.Phase != Over; steps++ {
			if steps > 100000 {
				t.Fatal("the game does not end")
			}
			if s.Phase == Vagrant {
				for seat := 0; seat < n; seat++ {
					v := s.View(seat)
					_, _, errPass := Apply(s, seat, Action{Kind: Pass})
					_, _, errNo := Apply(s, seat, Action{Kind: NoGuide})
					if (errPass == nil) != v.CanPass || (errNo == nil) != v.CanNoGuide {
						t.Fatalf("game %d turn %d spirit %d: CanPass %v (Apply: %v), CanNoGuide %v (Apply: %v)", g, s.Turn, seat, v.CanPass, errPass, v.CanNoGuide, errNo)
					}
					if v.CanGuide || v.CanPlace || v.CanPass {
						seen[[3]bool{v.CanGuide, v.CanPlace, v.CanPass}]++
					}
					if v.CanGuide != (v.Need == "guide") || v.CanGuide && len(v.Guidable) == 0 || v.CanPlace && len(v.freeCells()) == 0 {
						t.Fatalf("game %d turn %d spirit %d: need %q, CanGuide %v, CanPlace %v, guidable %v", g, s.Turn, seat, v.Need, v.CanGuide, v.CanPlace, v.Guidable)
					}
				}
			}
			w := s.Waiting()
			sp := w[rng.IntN(len(w))]
			v := s.View(sp)
			bot := bots[sp]
			if bot == nil {
				if k := []Kind{Pass, NoGuide}[rng.IntN(2)]; s.Phase == Vagrant && rng.IntN(2) == 0 {
					next, _, err := Apply(s, sp, Action{Kind: k})
					if err == nil {
						s = next
						invariants(t, &s)
						continue
					}
				}
				bot = Random
			}
			a, ok := bot(&v, rng)
			if !ok {
				t.Fatalf("game %d: spirit %d has no move in %v (need %q)", g, sp, s.Phase, v.Need)
			}
			if want := map[string]Kind{"guide": GuideFaction, "idol": PlaceIdol}[v.Need]; want != 0 && a.Kind != want {
				t.Fatalf("game %d: spirit %d needs %q but plays %v", g, sp, v.Need, a.Kind)
			}
			next, _, err := Apply(s, sp, a)
			if err != nil {
				t.Fatalf("game %d turn %d spirit %d %+v: %v", g, s.Turn, sp, a, err)
			}
			s = next
			invariants(t, &s)
		}
	}
	// the games went through all four cases of the rule
	for _, c := range [][3]bool{{true, true, false}, {true, false, false}, {false, true, false}, {false, false, true}} {
		if seen[c] == 0 {
			t.Errorf("no vagrant spirit met the case CanGuide %v, CanPlace %v, CanPass %v (seen %v)", c[0], c[1], c[2], seen)
		}
	}
}

// TestVagrantSkipsOfOldGamesReplay: a game begun before the rule was
// restored (Rules.MustDoBoth false: its snapshot or its table's options
// say so) takes the skips the old reading allowed, so its log replays as
// it was played: declining to guide while a faction is free, then placing
// the idol, completes the choice; a pass completes it at once.
func TestVagrantSkipsOfOldGamesReplay(t *testing.T) {
	old := blank(2)
	old.Rules.MustDoBoth = false
	s := vagrantStart(old)
	s, _ = accepts(t, "decline to guide (old reading)", s, 0, Action{Kind: NoGuide})
	if !slices.Contains(s.Waiting(), 0) {
		t.Fatal("spirit 0 still has its idol to place")
	}
	s, _ = accepts(t, "then place the idol", s, 0, Action{Kind: PlaceIdol, Idol: Spread, Cell: 20})
	if slices.Contains(s.Waiting(), 0) {
		t.Fatal("spirit 0's choice is not complete after declining and placing")
	}
	s, _ = accepts(t, "pass (old reading)", s, 1, Action{Kind: Pass})
	// every spirit has chosen: the choices are revealed (the idol stands)
	if s.Factions[0].Guide >= 0 || s.Idols[20].Type != Spread || s.Idols[20].Owner != 0 {
		t.Fatalf("after the reveal: Mountain guided by %d, cell 20 %+v", s.Factions[0].Guide, s.Idols[20])
	}
}
