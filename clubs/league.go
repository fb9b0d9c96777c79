package clubs

import (
	"maps"
	"slices"
	"strings"
)

// Member is one of a club's members as the league counts them.
type Member struct {
	Player string // their player id: results are theirs by it
	Name   string // the name they joined the club under
	Handle string // their public handle ("" for none)
}

// Evening is one of the club's tables in the season, in the order played:
// each person's figures there by game (from its Tonight table).
type Evening struct {
	Room   string
	People []EveningPerson
}

// EveningPerson is one person's part of an evening (bots have none).
type EveningPerson struct {
	Player  string
	Played  int            // things placed there (deals, games, tournaments)
	Figures map[string]int // by game: President's points, Hold'em's net chips
}

// Placing is a person's place in one finished game at one of the club's
// tables: a President deal, a sit-and-go, a Lowest Unique or Impetus game.
type Placing struct {
	Room   string
	Kind   string
	Player string
	Place  int
}

// Standing is one member's line of the league, overall or in one game.
type Standing struct {
	Player   string // to mark the viewer's own line; never shown
	Name     string
	Handle   string
	Evenings int // evenings they played (at the table's game, per game)
	Played   int // placed games
	Wins     int // first places
	Points   int // by the club's scale
	// Figures by game (overall) or the game's own (per game, under its
	// name): President's points, Hold'em's net chips.
	Figures map[string]int
}

// Table is the league in one view: its lines, best first, and the games
// whose figures it shows.
type Table struct {
	Game     string // "" overall
	Figures  []string
	Standing []Standing
}

// League is a season's league: overall, then per game in the order first
// played, over Evenings evenings; Progress is each member's points after
// each evening (the chart's data), by player.
type League struct {
	Evenings int
	Overall  Table
	Games    []Table
	Progress map[string][]int
}

// Count adds a season up: every placing of a member gives them the
// scale's points for the place; every evening they took part in counts
// once (per game too); their figures add up by game. People who are not
// members (any more) and bots count for nothing.
func Count(members []Member, scale Scale, evenings []Evening, placings []Placing) League {
	l := League{Evenings: len(evenings), Progress: map[string][]int{}}
	index := map[string]int{} // player to their line
	lines := func() []Standing {
		out := make([]Standing, len(members))
		for i, m := range members {
			out[i] = Standing{Player: m.Player, Name: m.Name, Handle: m.Handle}
		}
		return out
	}
	overall := lines()
	// points[i][e]: member i's points at evening e, then (below) their
	// sum so far: the Progress of the chart
	points := make([][]int, len(members))
	for i, m := range members {
		index[m.Player] = i
		points[i] = make([]int, len(evenings))
		l.Progress[m.Player] = points[i]
	}
	perGame := map[string][]Standing{}
	var games, figures []string
	line := func(game string, i int) *Standing {
		g, ok := perGame[game]
		if !ok {
			games = append(games, game)
			g = lines()
			perGame[game] = g
		}
		return &g[i]
	}
	evening := map[string]int{} // room to its evening's number, from 0
	for e, ev := range evenings {
		evening[ev.Room] = e
	}
	// took[i][e] and tookGame[game][i][e]: member i took part in evening e
	took := map[[2]int]bool{}
	tookGame := map[string]map[[2]int]bool{}
	mark := func(game string, i, e int) {
		took[[2]int{i, e}] = true
		if tookGame[game] == nil {
			tookGame[game] = map[[2]int]bool{}
		}
		tookGame[game][[2]int{i, e}] = true
	}
	for _, p := range placings {
		i, ok := index[p.Player]
		e, in := evening[p.Room]
		if !ok || !in || p.Place < 1 {
			continue
		}
		pts := scale.Points(p.Place)
		for _, s := range []*Standing{&overall[i], line(p.Kind, i)} {
			s.Played++
			s.Points += pts
			if p.Place == 1 {
				s.Wins++
			}
		}
		points[i][e] += pts
		mark(p.Kind, i, e)
	}
	for e, ev := range evenings {
		for _, p := range ev.People {
			i, ok := index[p.Player]
			if !ok {
				continue
			}
			if p.Played > 0 {
				took[[2]int{i, e}] = true
			}
			for _, game := range slices.Sorted(maps.Keys(p.Figures)) {
				n := p.Figures[game]
				if !slices.Contains(figures, game) {
					figures = append(figures, game)
				}
				if overall[i].Figures == nil {
					overall[i].Figures = map[string]int{}
				}
				overall[i].Figures[game] += n
				g := line(game, i)
				if g.Figures == nil {
					g.Figures = map[string]int{}
				}
				g.Figures[game] += n
				mark(game, i, e)
			}
		}
	}
	for k := range took {
		overall[k[0]].Evenings++
	}
	for game, t := range tookGame {
		for k := range t {
			perGame[game][k[0]].Evenings++
		}
	}
	for _, p := range points {
		for e := 1; e < len(p); e++ {
			p[e] += p[e-1]
		}
	}
	l.Overall = Table{Figures: figures, Standing: ranked(overall, "")}
	for _, g := range games {
		t := Table{Game: g, Standing: ranked(perGame[g], g)}
		if slices.Contains(figures, g) {
			t.Figures = []string{g}
		}
		l.Games = append(l.Games, t)
	}
	return l
}

// ranked are the lines of those who took part, best first: the most
// points, then (in one game) its figure, then the most wins, then the
// fewest placed games for as many points, then by name.
func ranked(lines []Standing, game string) []Standing {
	out := slices.DeleteFunc(slices.Clone(lines), func(s Standing) bool { return s.Evenings == 0 })
	slices.SortStableFunc(out, func(a, b Standing) int {
		switch {
		case a.Points != b.Points:
			return b.Points - a.Points
		case game != "" && a.Figures[game] != b.Figures[game]:
			return b.Figures[game] - a.Figures[game]
		case a.Wins != b.Wins:
			return b.Wins - a.Wins
		case a.Played != b.Played:
			return a.Played - b.Played
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}
