package clubs

import (
	"fmt"
	"testing"
)

// TestScale: a scale as typed, best first, within bounds; points past its
// end are none.
func TestScale(t *testing.T) {
	s, err := ParseScale(" 10, 7 ;5 ")
	if err != nil || s.String() != "10,7,5" {
		t.Fatalf("ParseScale = %v, %v", s, err)
	}
	for place, want := range map[int]int{0: 0, 1: 10, 2: 7, 3: 5, 4: 0} {
		if got := s.Points(place); got != want {
			t.Errorf("Points(%d) = %d, want %d", place, got, want)
		}
	}
	for _, bad := range []string{"", "5,7", "101", "-1", "1,2,3,4,5,6,7,8,9,10,11", "ten", "3,,x"} {
		if _, err := ParseScale(bad); err == nil {
			t.Errorf("ParseScale(%q) took it", bad)
		}
	}
	if d, err := ParseScale(DefaultScale); err != nil || len(d) != 6 {
		t.Errorf("the default scale = %v, %v", d, err)
	}
}

func TestCheckName(t *testing.T) {
	if n, err := CheckName("  Friday   poker "); err != nil || n != "Friday poker" {
		t.Errorf("CheckName = %q, %v", n, err)
	}
	for _, bad := range []string{"", "   ", "a\x00b", string(make([]byte, 41))} {
		if _, err := CheckName(bad); err == nil {
			t.Errorf("CheckName(%q) took it", bad)
		}
	}
}

// worked is the example worked out by hand in TestLeague.
func worked() League {
	members := []Member{{"pa", "Ann", "annhandle0"}, {"pb", "Bob", ""}, {"pc", "Cy", ""}, {"pd", "Dee", ""}}
	evenings := []Evening{
		{Room: "R1", People: []EveningPerson{{Player: "pa", Played: 1}, {Player: "pb", Played: 1}, {Player: "pc", Played: 1}, {Player: "zed", Played: 1}}},
		{Room: "R2", People: []EveningPerson{{Player: "pa", Played: 2, Figures: map[string]int{"president": 4}},
			{Player: "pb", Played: 2, Figures: map[string]int{"president": -2}}, {Player: "pc", Played: 2, Figures: map[string]int{"president": 2}}}},
		{Room: "R3", People: []EveningPerson{{Player: "pa", Figures: map[string]int{"holdem": -50}}, {Player: "pb", Figures: map[string]int{"holdem": 80}}}},
	}
	placings := []Placing{
		{"R1", "lowunique", "pa", 1}, {"R1", "lowunique", "pb", 2}, {"R1", "lowunique", "pc", 2}, {"R1", "lowunique", "zed", 3},
		{"R2", "president", "pc", 1}, {"R2", "president", "pa", 2}, {"R2", "president", "pb", 3},
		{"R2", "president", "pa", 1}, {"R2", "president", "pc", 2}, {"R2", "president", "pb", 3},
		{"R9", "president", "pa", 1}, // a table of another season: not given an evening, not counted
	}
	return Count(members, Scale{10, 7, 5}, evenings, placings)
}

func lines(t Table) string {
	out := ""
	for _, s := range t.Standing {
		out += fmt.Sprintf("%s %d pts %d ev %d played %d wins %v; ", s.Name, s.Points, s.Evenings, s.Played, s.Wins, s.Figures)
	}
	return out
}

// TestLeague: a season of three evenings worked out by hand, scale
// 10/7/5. R1, Lowest Unique: Ann 1st (10), Bob and Cy 2nd (7 each), a
// non-member 3rd (nothing). R2, President, two deals: Cy 1st, Ann 2nd,
// Bob 3rd, then Ann 1st, Cy 2nd, Bob 3rd: Ann 17, Cy 17, Bob 10; points
// Ann +4, Cy +2, Bob -2. R3, Hold'em cash: Ann -50, Bob +80, nothing
// placed. So Ann 27 (2 wins), Cy 24, Bob 17; Dee played nothing and is
// not listed.
func TestLeague(t *testing.T) {
	l := worked()
	if l.Evenings != 3 {
		t.Fatalf("evenings = %d", l.Evenings)
	}
	want := "Ann 27 pts 3 ev 3 played 2 wins map[holdem:-50 president:4]; Cy 24 pts 2 ev 3 played 1 wins map[president:2]; " +
		"Bob 17 pts 3 ev 3 played 0 wins map[holdem:80 president:-2]; "
	if got := lines(l.Overall); got != want {
		t.Errorf("overall:\n got %s\nwant %s", got, want)
	}
	if fmt.Sprint(l.Overall.Figures) != "[president holdem]" {
		t.Errorf("figures = %v", l.Overall.Figures)
	}
	games := map[string]string{
		// a tie on points, wins and games: by name
		"lowunique": "Ann 10 pts 1 ev 1 played 1 wins map[]; Bob 7 pts 1 ev 1 played 0 wins map[]; Cy 7 pts 1 ev 1 played 0 wins map[]; ",
		// a tie on points: President's points decide
		"president": "Ann 17 pts 1 ev 2 played 1 wins map[president:4]; Cy 17 pts 1 ev 2 played 1 wins map[president:2]; Bob 10 pts 1 ev 2 played 0 wins map[president:-2]; ",
		// nothing placed: the net decides
		"holdem": "Bob 0 pts 1 ev 0 played 0 wins map[holdem:80]; Ann 0 pts 1 ev 0 played 0 wins map[holdem:-50]; ",
	}
	var order []string
	for _, g := range l.Games {
		order = append(order, g.Game)
		if got := lines(g); got != games[g.Game] {
			t.Errorf("%s:\n got %s\nwant %s", g.Game, got, games[g.Game])
		}
	}
	if fmt.Sprint(order) != "[lowunique president holdem]" {
		t.Errorf("games = %v", order)
	}
	for p, want := range map[string]string{"pa": "[10 27 27]", "pc": "[7 24 24]", "pb": "[7 17 17]", "pd": "[0 0 0]"} {
		if got := fmt.Sprint(l.Progress[p]); got != want {
			t.Errorf("progress of %s = %s, want %s", p, got, want)
		}
	}
}

// TestChart: the worked league's leaders drawn: a scale to 40 (the
// first round number over 27), evenings 104 units apart from x=36, 164
// units of height for 40 points from y=176.
func TestChart(t *testing.T) {
	c := Draw(worked())
	if c.Max != 40 || len(c.Lines) != 3 {
		t.Fatalf("max %d, %d lines", c.Max, len(c.Lines))
	}
	want := map[string]string{
		"Ann": "36,176 140,135 244,66 348,66",   // 10 → 176-41; 27 → 176-110
		"Cy":  "36,176 140,148 244,78 348,78",   // 7 → 176-28; 24 → 176-98
		"Bob": "36,176 140,148 244,107 348,107", // 17 → 176-69
	}
	for i, name := range []string{"Ann", "Cy", "Bob"} {
		ln := c.Lines[i]
		if ln.Name != name || ln.N != i+1 || ln.Points != want[name] {
			t.Errorf("line %d = %s %d %q, want %s %q", i, ln.Name, ln.N, ln.Points, name, want[name])
		}
	}
	var ticks string
	for _, tk := range c.YTicks {
		ticks += fmt.Sprintf("%s@%d ", tk.Label, tk.Y)
	}
	if ticks != "0@176 20@94 40@12 " {
		t.Errorf("y ticks = %s", ticks)
	}
	if len(c.XTicks) != 4 || c.XTicks[3].Label != "3" || c.XTicks[3].X != 348 {
		t.Errorf("x ticks = %+v", c.XTicks)
	}
	// no evening yet: a flat chart, no division by zero
	if e := Draw(Count(nil, Scale{10}, nil, nil)); e.Max != 10 || len(e.Lines) != 0 {
		t.Errorf("empty chart = %+v", e)
	}
}

func TestNiceTop(t *testing.T) {
	for v, want := range map[int]int{0: 10, 1: 2, 3: 4, 5: 10, 10: 10, 11: 20, 27: 40, 40: 40, 41: 100, 170: 200, 401: 1000} {
		if got := niceTop(v); got != want {
			t.Errorf("niceTop(%d) = %d, want %d", v, got, want)
		}
	}
}
