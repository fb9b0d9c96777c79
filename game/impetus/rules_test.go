package impetus

import (
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
)

// blank is a game with the factions on their home cells in order (Mountain
// at ring cell 0 …), habitat modifiers, no autopilot, all spirits vagrant.
func blank(n int) State {
	s := State{Rules: DefaultRules, N: n, Seed: 1, Turn: 1}
	for c := range s.Owner {
		s.Owner[c] = -1
	}
	ring := Ring(Hex{}, 1)
	for f := range s.Factions {
		s.Factions[f] = Faction{Home: Index(ring[f]), Pool: [4]Card{Trade, Steal, Expand, Change}, Mod: habitat[f], Guide: -1, Worship: -1}
		s.Owner[Index(ring[f])] = f
	}
	for i := range s.Spirits {
		s.Spirits[i] = Spirit{Guiding: -1}
	}
	return s
}

func logOf(ev []game.Event) string {
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Render(func(i int) string { return []string{"Ann", "Bob", "Cy"}[i] }) + "\n")
	}
	return b.String()
}

// ring cells: Mountain and Mesa are neighbours (consecutive ring cells
// touch), Mountain and Sand are not.
func TestNeighboursOfTheRing(t *testing.T) {
	s := blank(2)
	nb := s.neighbours()
	if !nb[0][1] || !nb[1][0] || nb[0][2] || !nb[0][5] {
		t.Fatalf("neighbours %v", nb[0])
	}
}

func TestTrade(t *testing.T) {
	s := blank(2)
	var ev []game.Event
	s.resolvePlays([]Play{{Faction: 0, Card: Trade}}, &ev)
	if s.Factions[0].Gold != 2 { // 1 + Mountain's trade +1
		t.Fatalf("alone: %d gold", s.Factions[0].Gold)
	}
	s = blank(2)
	s.resolvePlays([]Play{{Faction: 0, Card: Trade}, {Faction: 1, Card: Trade}, {Faction: 3, Card: Trade}}, &ev)
	// each gets 1 + its modifier + 1 per other trader
	if g := [3]int{s.Factions[0].Gold, s.Factions[1].Gold, s.Factions[3].Gold}; g != [3]int{4, 5, 3} {
		t.Fatalf("co-traders: %v", g)
	}
	if s.Factions[0].Regard[1] != 2 || s.Factions[1].Regard[0] != 3 || s.Factions[3].Regard[0] != 1 || s.Factions[0].Regard[2] != 0 {
		t.Fatalf("regard %v %v %v", s.Factions[0].Regard, s.Factions[1].Regard, s.Factions[3].Regard)
	}
	if s.Factions[1].GoldGained != 5 {
		t.Fatal("the gain is not recorded")
	}
}

func TestSteal(t *testing.T) {
	s := blank(2)
	s.Factions[0].Gold, s.Factions[5].Gold = 5, 0
	var ev []game.Event
	// Jungle (steal +2) steals from its neighbours Mountain (5 gold) and River (0)
	s.resolvePlays([]Play{{Faction: 5, Card: Steal}}, &ev)
	if s.Factions[5].Gold != 3 || s.Factions[0].Gold != 2 || s.Factions[0].Regard[5] != -1 || s.Factions[4].Regard[5] != -1 {
		t.Fatalf("alone: Jungle %d, Mountain %d, regard %d %d", s.Factions[5].Gold, s.Factions[0].Gold, s.Factions[0].Regard[5], s.Factions[4].Regard[5])
	}
	// two thieves share a poor victim coin by coin: Mountain and Mesa?
	// Mesa's neighbours are Mountain and Sand; Sand (steal +1) and Mesa
	// (steal +0) both rob... they are neighbours, so rob Mountain and Plains:
	// Mountain is robbed by Mesa and Jungle with 3 gold
	s = blank(2)
	s.Factions[0].Gold = 3
	s.resolvePlays([]Play{{Faction: 1, Card: Steal}, {Faction: 5, Card: Steal}}, &ev)
	if s.Factions[0].Gold != 0 || s.Factions[1].Gold != 1 || s.Factions[5].Gold != 2 {
		t.Fatalf("shared: Mountain %d, Mesa %d, Jungle %d", s.Factions[0].Gold, s.Factions[1].Gold, s.Factions[5].Gold)
	}
}

// TestMutualSteal: two neighbours robbing each other take nothing and
// their regard falls by 2 both ways, which starts a war (and resets it).
func TestMutualSteal(t *testing.T) {
	s := blank(2)
	s.Factions[0].Gold, s.Factions[1].Gold = 4, 4
	var ev []game.Event
	s.resolvePlays([]Play{{Faction: 0, Card: Steal}, {Faction: 1, Card: Steal}}, &ev)
	if s.Factions[0].Gold != 4+0 && s.Factions[0].Gold < 4 {
		t.Fatalf("Mountain lost gold to Mesa: %d", s.Factions[0].Gold)
	}
	if !strings.Contains(logOf(ev), "Mountain and Mesa try to rob each other") || !strings.Contains(logOf(ev), "War erupts between Mountain and Mesa") {
		t.Fatalf("log:\n%s", logOf(ev))
	}
	if len(s.Wars) != 1 || s.Wars[0].Ripe || s.Factions[0].Regard[1] != 0 || s.Factions[1].Regard[0] != 0 {
		t.Fatalf("wars %+v regard %d %d", s.Wars, s.Factions[0].Regard[1], s.Factions[1].Regard[0])
	}
	// they steal from their other neighbours all the same
	if s.Factions[0].Gold != 4 || s.Factions[1].Gold != 4 {
		t.Fatalf("gold %d %d (their other neighbours have none)", s.Factions[0].Gold, s.Factions[1].Gold)
	}
}

func TestExpand(t *testing.T) {
	s := blank(2)
	var ev []game.Event
	target := s.expandTargets(0)[2]
	s.resolvePlays([]Play{{Faction: 0, Card: Expand, Target: target}}, &ev)
	if s.Owner[target] != 0 || s.Factions[0].HexesGained != 1 || s.size(0) != 2 {
		t.Fatalf("alone: %v", logOf(ev))
	}
	// Plains (expand +2) claims three cells: its target and the two nearest
	s = blank(2)
	s.resolvePlays([]Play{{Faction: 3, Card: Expand, Target: -1}}, &ev)
	if s.size(3) != 4 || s.Factions[3].HexesGained != 3 {
		t.Fatalf("Plains has %d cells", s.size(3))
	}
}

// TestContestedExpand: two factions claiming one cell both fail and both
// get the expand-failed gold; the centre is next to everyone.
func TestContestedExpand(t *testing.T) {
	s := blank(2)
	var ev []game.Event
	s.resolvePlays([]Play{{Faction: 0, Card: Expand, Target: 0}, {Faction: 1, Card: Expand, Target: 0}}, &ev)
	if s.Owner[0] != -1 || s.Factions[0].Gold != 1 || s.Factions[1].Gold != 1 {
		t.Fatalf("centre %d, gold %d %d\n%s", s.Owner[0], s.Factions[0].Gold, s.Factions[1].Gold, logOf(ev))
	}
	// a faction with no neutral cell next to it gets the gold too
	s = blank(2)
	for _, c := range s.expandTargets(0) {
		s.Owner[c] = 2
	}
	s.resolvePlays([]Play{{Faction: 0, Card: Expand, Target: -1}}, &ev)
	if s.Factions[0].Gold != 1 {
		t.Fatalf("no target: %d gold", s.Factions[0].Gold)
	}
}

func TestChange(t *testing.T) {
	s := blank(2)
	var ev []game.Event
	s.resolvePlays([]Play{{Faction: 1, Card: Change, Change: Steal}}, &ev)
	if s.Factions[1].Mod != [3]int{2, 1, 0} {
		t.Fatalf("modifiers %v", s.Factions[1].Mod)
	}
}

// TestWars: ripe wars resolve with the territory counts from before any
// of them; the winner takes the loser's battleground and the gold moves
// netted; this turn's wars ripen with a bordering battleground.
func TestWars(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		s := blank(2)
		s.Seed = seed
		// Mountain holds 3 cells, at war with Mesa and Jungle at once
		for _, c := range s.expandTargets(0)[:2] {
			s.Owner[c] = 0
		}
		s.Factions[0].Gold, s.Factions[1].Gold, s.Factions[5].Gold = 1, 5, 0
		m, me, ju := s.Factions[0].Home, s.Factions[1].Home, s.Factions[5].Home
		s.Wars = []War{{A: 0, B: 1, Ripe: true, Battle: [2]int{m, me}}, {A: 5, B: 0, Ripe: true, Battle: [2]int{ju, m}}, {A: 3, B: 5}}
		var ev []game.Event
		s.warPhase(&ev)
		text := logOf(ev)
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "War between Mountain") && !strings.Contains(line, "+3 against") {
				t.Fatalf("seed %d: Mountain's power is not the count before the wars: %s", seed, line)
			}
			if strings.HasPrefix(line, "War between Jungle") && !strings.Contains(line, "against ") || strings.HasPrefix(line, "War between Jungle") && !strings.Contains(line, "+3,") && !strings.Contains(line, "+3:") {
				t.Fatalf("seed %d: %s", seed, line)
			}
		}
		wins := s.Factions[0].WarsWon + s.Factions[1].WarsWon + s.Factions[5].WarsWon
		if wins > 2 {
			t.Fatalf("seed %d: %d wars won", seed, wins)
		}
		// the unripe war between Plains and Jungle is off (they don't border)
		// or ripens with a bordering pair
		for _, w := range s.Wars {
			if !w.Ripe {
				t.Fatalf("seed %d: a war did not ripen: %+v", seed, w)
			}
			if s.Owner[w.Battle[0]] != w.A || s.Owner[w.Battle[1]] != w.B || !contains(adjacent[w.Battle[0]], w.Battle[1]) {
				t.Fatalf("seed %d: battleground %+v", seed, w)
			}
		}
		if !strings.Contains(text, "The war between Plains and Jungle is off") {
			t.Fatalf("seed %d: Plains and Jungle don't border, yet:\n%s", seed, text)
		}
		for _, f := range []int{0, 1, 5} {
			if s.Factions[f].Gold < 0 {
				t.Fatal("negative gold")
			}
		}
	}
}

// TestWarGoldIsNetted: a faction that wins one war and loses another
// ends with its gold unchanged, and the battleground changes hands.
func TestWarGoldIsNetted(t *testing.T) {
	found := false
	for seed := uint64(1); seed <= 200 && !found; seed++ {
		s := blank(2)
		s.Seed = seed
		s.Factions[0].Gold, s.Factions[1].Gold, s.Factions[5].Gold = 1, 5, 5
		// guided sides: the spoils wait for their guides, so the gold is
		// the wars' alone
		s.Factions[0].Guide, s.Spirits[0].Guiding, s.Spirits[0].Influence = 0, 0, 1
		s.Factions[5].Guide, s.Spirits[1].Guiding, s.Spirits[1].Influence = 1, 5, 1
		extra := s.expandTargets(1)[0]
		s.Owner[extra] = 1 // Mesa keeps land if it loses its home
		m, me, ju := s.Factions[0].Home, s.Factions[1].Home, s.Factions[5].Home
		s.Wars = []War{{A: 0, B: 1, Ripe: true, Battle: [2]int{m, me}}, {A: 5, B: 0, Ripe: true, Battle: [2]int{ju, m}}}
		var ev []game.Event
		meName := s.cellName(me) // the cell as the map shows it before the war
		s.warPhase(&ev)
		text := logOf(ev)
		if strings.Contains(text, "Mountain wins and takes "+meName) && strings.Contains(text, ": Jungle wins") {
			found = true
			if s.Factions[0].Gold != 1 || s.Factions[1].Gold != 3 || s.Factions[5].Gold != 7 {
				t.Fatalf("gold %d %d %d\n%s", s.Factions[0].Gold, s.Factions[1].Gold, s.Factions[5].Gold, text)
			}
			if s.Owner[me] != 0 {
				t.Fatal("Mesa's battleground did not change hands")
			}
			// Jungle won Mountain's home, which Mountain still held
			if s.Owner[m] != 5 {
				t.Fatalf("Mountain's home is %d", s.Owner[m])
			}
		}
	}
	if !found {
		t.Fatal("no seed gave a win and a loss")
	}
}

// TestSpoilsAreBatched: guided winners choose their spoils together, and
// all spoils resolve at once: two Expands into one cell both fail.
func TestSpoilsAreBatched(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		s := blank(2)
		s.Seed = seed
		// Mountain and Mesa both fight Sand... use two wars with different foes
		s.Factions[0].Guide, s.Spirits[0].Guiding, s.Spirits[0].Influence = 0, 0, 2
		s.Factions[1].Guide, s.Spirits[1].Guiding, s.Spirits[1].Influence = 1, 1, 2
		s.Wars = []War{{A: 0, B: 5, Ripe: true, Battle: [2]int{s.Factions[0].Home, s.Factions[5].Home}},
			{A: 1, B: 2, Ripe: true, Battle: [2]int{s.Factions[1].Home, s.Factions[2].Home}}}
		var ev []game.Event
		s.Phase = Agenda
		s.warPhase(&ev)
		if s.Factions[0].WarsWon != 1 || s.Factions[1].WarsWon != 1 {
			continue
		}
		if s.Phase != Spoils || !reflect.DeepEqual(s.Waiting(), []int{0, 1}) {
			t.Fatalf("phase %v waiting %v", s.Phase, s.Waiting())
		}
		if len(s.Choices[0].Hand) != 3 {
			t.Fatalf("a spoils hand of %d cards, want 1 + influence", len(s.Choices[0].Hand))
		}
		// both play Expand into the centre if they drew it
		e0, e1 := indexOf(s.Choices[0].Hand, Expand), indexOf(s.Choices[1].Hand, Expand)
		if e0 < 0 || e1 < 0 {
			continue
		}
		st := s
		for sp, idx := range []int{e0, e1} {
			var err error
			st, _, err = Apply(st, sp, Action{Kind: PlayCard, Index: idx})
			if err != nil {
				t.Fatal(err)
			}
			if sp == 0 && st.Phase != Spoils {
				t.Fatal("the spoils resolved before everyone chose")
			}
			st, ev, err = Apply(st, sp, Action{Kind: PickTarget, Cell: 0})
			if err != nil {
				t.Fatal(err)
			}
		}
		text := logOf(ev)
		if !strings.Contains(text, "Spoils of war: ") || !strings.Contains(text, "Mountain and Mesa both reach for the centre: neither gets it.") {
			t.Fatalf("log:\n%s", text)
		}
		return
	}
	t.Fatal("no seed gave both wins and Expands")
}

func indexOf(cs []Card, c Card) int {
	for i, x := range cs {
		if x == c {
			return i
		}
	}
	return -1
}

// TestEjection: a guide at its last influence is ejected after the
// agenda, swaps a card type of the pool (which keeps its size), and is
// vagrant again.
func TestEjection(t *testing.T) {
	var s State
	var ev []game.Event
	i := -1
	for seed := uint64(1); i < 0; seed++ {
		s = blank(2)
		s.Seed = seed
		s.Factions[3].Guide, s.Spirits[0].Guiding, s.Spirits[0].Influence = 0, 3, 1
		s.startAgenda(&ev)
		// a Trade or a Steal needs no sub-choice
		if i = indexOf(s.Choices[0].Hand, Trade); i < 0 {
			i = indexOf(s.Choices[0].Hand, Steal)
		}
	}
	if s.Phase != Agenda || len(s.Choices) != 1 || len(s.Choices[0].Hand) != 2 {
		t.Fatalf("phase %v, %d choices", s.Phase, len(s.Choices))
	}
	s, _, err := Apply(s, 0, Action{Kind: PlayCard, Index: i})
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase != Eject || s.Spirits[0].Guiding != -1 || s.Factions[3].Guide != -1 || !reflect.DeepEqual(s.Waiting(), []int{0}) {
		t.Fatalf("after the agenda: %v guiding %d", s.Phase, s.Spirits[0].Guiding)
	}
	if _, _, err := Apply(s, 0, Action{Kind: SwapCard, Remove: Change, Add: Expand}); err != nil {
		t.Fatal(err)
	}
	s, ev, _ = Apply(s, 0, Action{Kind: SwapCard, Remove: Change, Add: Expand})
	if s.Factions[3].Pool != [4]Card{Trade, Steal, Expand, Expand} || !strings.Contains(logOf(ev), "Ann leaves Plains an Expand in place of a Change.") {
		t.Fatalf("pool %v\n%s", s.Factions[3].Pool, logOf(ev))
	}
	if s.Phase == Eject {
		t.Fatal("still in the ejection")
	}
}

// TestElimination: a faction without land is gone, its guide vagrant,
// its worship cleared, its wars off.
func TestElimination(t *testing.T) {
	s := blank(2)
	s.Factions[2].Guide, s.Spirits[1].Guiding, s.Spirits[1].Influence = 1, 2, 2
	s.Factions[2].Worship = 0
	s.Wars = []War{{A: 2, B: 3, Ripe: true, Battle: [2]int{s.Factions[2].Home, s.Factions[3].Home}}, {A: 0, B: 1}}
	s.Owner[s.Factions[2].Home] = 3
	var ev []game.Event
	s.eliminate(&ev)
	f := s.Factions[2]
	if !f.Eliminated || f.Guide != -1 || f.Worship != -1 || s.Spirits[1].Guiding != -1 || s.Spirits[1].Influence != 0 || len(s.Wars) != 1 {
		t.Fatalf("%+v, spirit %+v, wars %v", f, s.Spirits[1], s.Wars)
	}
	if !strings.Contains(logOf(ev), "Sand has no land left and is gone.") {
		t.Fatal(logOf(ev))
	}
	if s.canGuide(0, 2) {
		t.Fatal("a gone faction can be guided")
	}
}

// TestWorship: strictly the most idols wins the worship, the guide's idols
// don't count, and a tie keeps the current spirit if it is tied, else none.
func TestWorship(t *testing.T) {
	s := blank(3)
	cells := append([]int{s.Factions[3].Home}, s.expandTargets(3)[:4]...)
	for _, c := range cells {
		s.Owner[c] = 3
	}
	var ev []game.Event
	s.Idols[cells[0]] = Idol{Battle, 0}
	s.checkWorship(&ev)
	if s.Factions[3].Worship != 0 {
		t.Fatal("one idol, no worship")
	}
	s.Idols[cells[1]] = Idol{Spread, 1}
	s.checkWorship(&ev)
	if s.Factions[3].Worship != 0 {
		t.Fatal("a tie did not keep the current spirit")
	}
	s.Factions[3].Worship = 2
	s.checkWorship(&ev)
	if s.Factions[3].Worship != -1 {
		t.Fatal("a tie without the current spirit kept it")
	}
	s.Idols[cells[2]] = Idol{Spread, 1}
	s.checkWorship(&ev)
	if s.Factions[3].Worship != 1 {
		t.Fatal("the most idols did not win")
	}
	// the guide's idols don't count
	s.Factions[3].Guide = 1
	s.checkWorship(&ev)
	if s.Factions[3].Worship != 0 {
		t.Fatalf("guide's idols counted: worship %d", s.Factions[3].Worship)
	}
}

// TestScoring: 0.5 per Battle idol per war won, 0.2 per Affluence idol
// per gold gained, 0.5 per Spread idol per cell gained, summed per faction
// and rounded down.
func TestScoring(t *testing.T) {
	s := blank(2)
	s.Rules.MaxTurns = 99
	cells := append([]int{s.Factions[3].Home}, s.expandTargets(3)[:3]...)
	for _, c := range cells {
		s.Owner[c] = 3
	}
	for _, tc := range []struct {
		idols             []IdolType
		wars, gold, cells int
		want              int
	}{
		{[]IdolType{Affluence}, 0, 4, 0, 0},              // 0.8
		{[]IdolType{Affluence, Affluence}, 0, 4, 0, 1},   // 1.6
		{[]IdolType{Spread}, 0, 0, 1, 0},                 // 0.5
		{[]IdolType{Spread, Battle}, 1, 0, 1, 1},         // 0.5 + 0.5
		{[]IdolType{Spread, Spread, Battle}, 1, 5, 3, 3}, // 3 + 0.5
	} {
		st := s
		st.Idols = [NumHexes]Idol{}
		for i, ty := range tc.idols {
			st.Idols[cells[i]] = Idol{ty, 0}
		}
		st.Factions[3].Worship = 0
		st.Factions[3].WarsWon, st.Factions[3].GoldGained, st.Factions[3].HexesGained = tc.wars, tc.gold, tc.cells
		var ev []game.Event
		st.score(&ev)
		if st.Spirits[0].VP != tc.want {
			t.Errorf("%v with %d wars, %d gold, %d cells: %d VP, want %d", tc.idols, tc.wars, tc.gold, tc.cells, st.Spirits[0].VP, tc.want)
		}
	}
}

// TestVagrantReveal: contested guides and idols fail; a lone guide takes
// the faction with influence 3.
func TestVagrantReveal(t *testing.T) {
	s, _, err := New(DefaultRules, 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase != Vagrant || len(s.Waiting()) != 3 {
		t.Fatalf("phase %v waiting %v", s.Phase, s.Waiting())
	}
	moves := []struct {
		sp int
		a  Action
	}{
		{0, Action{Kind: GuideFaction, Faction: 2}}, {0, Action{Kind: PlaceIdol, Idol: Spread, Cell: 20}},
		{1, Action{Kind: GuideFaction, Faction: 2}}, {1, Action{Kind: PlaceIdol, Idol: Battle, Cell: 20}},
		{2, Action{Kind: GuideFaction, Faction: 4}}, {2, Action{Kind: PlaceIdol, Idol: Affluence, Cell: 30}},
	}
	var ev []game.Event
	for _, m := range moves {
		var err error
		s, ev, err = Apply(s, m.sp, m.a)
		if err != nil {
			t.Fatal(err)
		}
	}
	text := logOf(ev)
	if s.Spirits[0].Guiding != -1 || s.Spirits[1].Guiding != -1 || s.Spirits[2].Guiding != 4 || s.Spirits[2].Influence != 3 {
		t.Fatalf("guides: %+v\n%s", s.Spirits[:3], text)
	}
	if s.Idols[20].Type != NoIdol || s.Idols[30] != (Idol{Affluence, 2}) || s.Spirits[0].IdolPlaced || !s.Spirits[2].IdolPlaced == false && false {
		t.Fatalf("idols: %v %v", s.Idols[20], s.Idols[30])
	}
	for _, want := range []string{"The vagrant spirits reveal: Ann would guide Sand and places a Spread idol at", "Ann fails to guide Sand", "Cy now guides River with influence 3."} {
		if !strings.Contains(text, want) {
			t.Fatalf("log lacks %q:\n%s", want, text)
		}
	}
}

// TestErrors: each rejection has its code and changes nothing.
func TestErrors(t *testing.T) {
	s, _, _ := New(DefaultRules, 2, 9)
	s2, _, _ := Apply(s, 0, Action{Kind: GuideFaction, Faction: 0})
	cases := []struct {
		name string
		s    State
		sp   int
		a    Action
		code string
	}{
		{"a watcher", s, game.Spectator, Action{Kind: GuideFaction}, CodeNotYourTurn},
		{"a card in the vagrant phase", s, 0, Action{Kind: PlayCard}, CodeNotYourTurn},
		{"a faction off the table", s, 0, Action{Kind: GuideFaction, Faction: 9}, CodeInvalidAction},
		{"guide twice", s2, 0, Action{Kind: GuideFaction, Faction: 1}, CodeNotYourTurn},
		{"an idol off the map", s, 0, Action{Kind: PlaceIdol, Idol: Battle, Cell: 61}, CodeInvalidAction},
		{"no idol type", s, 0, Action{Kind: PlaceIdol, Cell: 3}, CodeInvalidAction},
		{"a swap in the vagrant phase", s, 0, Action{Kind: SwapCard}, CodeNotYourTurn},
		{"a target in the vagrant phase", s, 0, Action{Kind: PickTarget}, CodeNotYourTurn},
		{"an unknown action", s, 0, Action{Kind: 42}, CodeInvalidAction},
	}
	for _, c := range cases {
		next, ev, err := Apply(c.s, c.sp, c.a)
		var ge *game.Error
		if !errors.As(err, &ge) || ge.Code != c.code || ge.Message == "" {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
			continue
		}
		if !reflect.DeepEqual(next, c.s) || ev != nil {
			t.Errorf("%s: the state changed", c.name)
		}
	}
}

// TestPrivacy: before the reveal no viewer's View holds another spirit's
// drawn cards or choices; its own are there.
func TestPrivacy(t *testing.T) {
	s, _, _ := New(DefaultRules, 3, 3)
	s, _, _ = Apply(s, 0, Action{Kind: GuideFaction, Faction: 3})
	for viewer := -1; viewer < 3; viewer++ {
		v := s.View(viewer)
		for _, c := range v.Mine {
			if c.Spirit != viewer {
				t.Fatalf("viewer %d sees spirit %d's choice", viewer, c.Spirit)
			}
		}
		if viewer == 0 && (len(v.Mine) != 1 || v.Mine[0].Guide != 3) {
			t.Fatalf("the spirit does not see its own choice: %+v", v.Mine)
		}
		if viewer != 0 && len(v.Mine) > 0 && v.Mine[0].Guide == 3 {
			t.Fatal("a choice leaked")
		}
	}
	if !reflect.DeepEqual(s.View(1).Waiting, []int{0, 1, 2}) {
		t.Fatalf("waiting %v", s.View(1).Waiting)
	}
}

// TestTurnCapAndWinner: the game ends at the turn cap with the most VP
// winning (ties share), and at scoring once a spirit reaches the target.
func TestTurnCapAndWinner(t *testing.T) {
	s := blank(3)
	s.Rules.MaxTurns = 1
	s.Spirits[0].VP, s.Spirits[1].VP, s.Spirits[2].VP = 4, 4, 2
	var ev []game.Event
	s.score(&ev)
	if s.Phase != Over || !reflect.DeepEqual(s.Winners, []int{0, 1}) || !strings.Contains(logOf(ev), "Game over after turn 1: Ann and Bob share the win with 4 VP.") {
		t.Fatalf("%v %v\n%s", s.Phase, s.Winners, logOf(ev))
	}
	s = blank(3)
	s.Spirits[2].VP = 10
	ev = nil
	s.score(&ev)
	if s.Phase != Over || !reflect.DeepEqual(s.Winners, []int{2}) {
		t.Fatalf("10 VP: %v %v", s.Phase, s.Winners)
	}
	if _, _, err := Apply(s, 0, Action{Kind: GuideFaction}); err == nil {
		t.Fatal("a move after the end")
	}
	s = blank(3)
	s.Spirits[2].VP = 9
	s.score(&ev)
	if s.Phase == Over || s.Turn != 2 {
		t.Fatal("the game ended below the target")
	}
}

// TestPlaceNames: cells are named by what the map shows, worked out by
// hand on a map with faction 2 just south-east of the centre and faction 3
// north-east of it.
func TestPlaceNames(t *testing.T) {
	var owner [NumHexes]int
	for i := range owner {
		owner[i] = -1
	}
	east, ne := Index(Hex{1, 0}), Index(Hex{1, -1})
	owner[east] = 2 // Plains
	owner[ne] = 3   // River
	cases := []struct {
		cell int
		want string
	}{
		{Index(Hex{0, 0}), "the centre"},
		// flat-top hexes: (1,0) is drawn at x 1.5, y 0.87 below the centre: 30° south of east
		{east, FactionNames[2] + " land by " + FactionNames[3] + ", south-east"},
		// (2,-1) is drawn level with the centre, and borders both
		{Index(Hex{2, -1}), "neutral land by " + sortedPair(FactionNames[2], FactionNames[3]) + ", east"},
		{Index(Hex{0, -Radius}), "neutral land, north edge"},
		// (-4,0) is drawn at x -6, y 3.5 above: 150°, north-west
		{Index(Hex{-Radius, 0}), "neutral land, north-west edge"},
		{Index(Hex{0, 1}), "neutral land by " + FactionNames[2] + ", south"},
	}
	for _, c := range cases {
		if got := PlaceName(&owner, c.cell); got != c.want {
			t.Errorf("cell %v: %q, want %q", Cells[c.cell], got, c.want)
		}
	}
}

func sortedPair(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + " and " + b
}

// TestDecodeSkips: the vagrant skips still read from a form (the engine
// decides when they are legal: see vagrant_test.go).
func TestDecodeSkips(t *testing.T) {
	m := EmptyMatch()
	for kind, want := range map[string]Kind{"noguide": NoGuide, "pass": Pass} {
		mv, err := m.Decode(url.Values{"kind": {kind}})
		if err != nil || mv.(Action).Kind != want {
			t.Fatalf("decode %s: %v %v", kind, mv, err)
		}
		if f := m.Encode(mv); f.Get("kind") != kind {
			t.Fatalf("encode %s: %v", kind, f)
		}
	}
}
