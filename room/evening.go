package room

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// The evening at a table: every deal, hand or game finished there since
// it opened, added up per person, whatever game each was and however
// often the table played again. It is part of the table (Table.Evening),
// changed only by apply as each finished thing is seen, so a table
// rebuilt from its log or a snapshot has the same evening.
//
// Each game's glue says what a finished thing adds (kind.outcome) as
// data; this file adds it up and turns it into the one view every game
// shows (views.Evening), in the viewer's language: the evening keeps
// numbers and keys, never words (a game is its kind's name; a count is
// read from <game>.evening.<what>, a figure from <game>.evening.figure).

// outcome is what a finished deal, hand or game adds to the evening.
type outcome struct {
	// Key names it within its match ("deal 3", "hand 12", "game 2"): the
	// table counts each once, however many entries it stands for.
	Key string
	// What it was: "deal", "hand", "game", "tournament" (its count in
	// the evening is the catalog's <game>.evening.<what>).
	What string
	// Placed: it ranks the players, so it counts as played, with a place
	// and, for the first place, a win. A cash game's hand only adds to
	// its figure.
	Placed bool
	// Figure: it adds to the game's own running figure (President's
	// points and role, Hold'em's net chips), its column headed by
	// <game>.evening.head and written by <game>.evening.figure.
	Figure bool
	Seats  []seatOutcome // by seat
	// Unit, for a placed outcome, is what each seat's Score counts in
	// the record of finished games (results.go): "points", "VP", "prize".
	Unit string
	// Replay is its replay's number (0: none of its own, the table's
	// list); ReplayMatch: the table's match number (Table.Games) is.
	Replay      int
	ReplayMatch bool
}

// figure is a game's running figure, by the game's kind's name
// ("president"). A table saved before the catalogs named it by its
// column's heading ("President") and kept the unit after a total
// (" pts"): reading it turns those into the game's name (upgrade).
type figure struct {
	Game string `json:"head"`
	Unit string `json:"unit,omitempty"`
}

// seatOutcome is one seat's part of an outcome.
type seatOutcome struct {
	Out   bool   // took no part (a Hold'em seat not dealt in)
	Place int    // 1 for a win, shared by a tie
	Add   int    // added to the figure
	Mark  string // the catalog key of the figure's mark now (President's role), the latest kept
	Score int    // a placed outcome's own count for the record (points, VP, prize)
}

// placedOutcome is a finished game that ranks its seats by places (0: the
// seat took no part).
func placedOutcome(key, what string, places []int) outcome {
	o := outcome{Key: key, What: what, Placed: true}
	for _, p := range places {
		o.Seats = append(o.Seats, seatOutcome{Place: p, Out: p == 0})
	}
	return o
}

// placesBy places seats by their keys, the higher the better, tied keys
// sharing a place (1, 1, 3).
func placesBy(keys []int) []int {
	places := make([]int, len(keys))
	for i, k := range keys {
		places[i] = 1
		for _, o := range keys {
			if o > k {
				places[i]++
			}
		}
	}
	return places
}

// evening is the table's evening so far.
type evening struct {
	// Last is the key of the last outcome counted, after its match's
	// number (Table.Games).
	Last string `json:"last,omitempty"`
	// Placed counts the outcomes that ranked the players: the last one's
	// number at the table, as the record of finished games knows it.
	Placed int `json:"placed,omitempty"`
	// Count is how many of each thing finished, by game and word, in the
	// order first seen.
	Count []eveningCount `json:"count,omitempty"`
	// Figures are the games' figures seen tonight, in the order first seen.
	Figures []figure        `json:"figures,omitempty"`
	People  []eveningPerson `json:"people,omitempty"`
}

type eveningCount struct {
	Game string `json:"game"` // the game's kind's name (its title, in a table saved before the catalogs)
	What string `json:"what"`
	N    int    `json:"n"`
}

// eveningPerson is one person's (or one bot's) evening. A person is known
// by their player id, whatever seat or name; a bot by its name.
type eveningPerson struct {
	Player string `json:"player,omitempty"` // "" for a bot
	Name   string `json:"name"`
	Played int    `json:"played,omitempty"`
	Wins   int    `json:"wins,omitempty"`
	// Places counts the places: Places[p-1] is how often they came p-th.
	Places []int `json:"places,omitempty"`
	// Figures are the totals by figure (its game); a person has a figure
	// once they took part in a game that keeps it. Marks are the catalog
	// keys of each figure's latest mark.
	Figures map[string]int    `json:"figs,omitempty"`
	Marks   map[string]string `json:"marks,omitempty"`
}

// last is the key of the last outcome counted ("" before the first).
func (e *evening) last() string {
	if e == nil {
		return ""
	}
	return e.Last
}

// UnmarshalJSON reads an evening as saved, now or before the catalogs
// (when it kept words: upgrade turns them into names and keys).
func (e *evening) UnmarshalJSON(b []byte) error {
	type plain evening
	if err := json.Unmarshal(b, (*plain)(e)); err != nil {
		return err
	}
	e.upgrade()
	return nil
}

// upgrade turns an evening saved before the catalogs into data: a game's
// title into its kind's name, a figure's heading into its game's, a
// President role's name into its key.
func (e *evening) upgrade() {
	for i, c := range e.Count {
		for _, k := range games() {
			if c.Game == i18n.English().Msg(k.info.Title()) { // the titles English always had
				e.Count[i].Game = k.name
			}
		}
	}
	rename := map[string]string{}
	for i, f := range e.Figures {
		if g, ok := legacyFigures[f.Game]; ok {
			rename[f.Game] = g
			e.Figures[i] = figure{Game: g}
		}
	}
	if len(rename) == 0 {
		return
	}
	for i := range e.People {
		p := &e.People[i]
		for old, g := range rename {
			if n, ok := p.Figures[old]; ok {
				delete(p.Figures, old)
				p.Figures[g] = n
			}
			if m, ok := p.Marks[old]; ok {
				delete(p.Marks, old)
				if k, ok := legacyMarks[m]; ok {
					m = k
				}
				p.Marks[g] = m
			}
		}
	}
}

// legacyFigures are the figures' headings an evening saved before the
// catalogs used, by the game each is; legacyMarks are the President
// roles it wrote, by their keys' now.
var legacyFigures = map[string]string{"President": "president", "Hold'em": "holdem"}

var legacyMarks = map[string]string{"President": "president.role.president", "VP": "president.role.short.vice_president",
	"Citizen": "president.role.citizen", "Scumbag": "president.role.scumbag", "Asshole": "president.role.asshole"}

// tally adds the outcome the match stands at, if it stands at the end of
// a deal, hand or game not yet counted.
func (t *Table) tally(k *kind) {
	if k.outcome == nil || t.Match == nil {
		return
	}
	o, ok := k.outcome(t.Match)
	if !ok {
		return
	}
	key := itoa(max(t.Games, 1)) + "/" + o.Key
	if t.Evening != nil && t.Evening.Last == key {
		return
	}
	if t.Evening == nil {
		t.Evening = &evening{}
	}
	t.Evening.Last = key
	if o.Placed {
		t.Evening.Placed++
		t.keepPlays()
	}
	t.Evening.add(k.name, o, t.Seats)
}

// add counts one outcome of game (its kind's name) for the seats as they
// are now.
func (e *evening) add(game string, o outcome, seats []seat) {
	if i := slices.IndexFunc(e.Count, func(c eveningCount) bool { return c.Game == game && c.What == o.What }); i >= 0 {
		e.Count[i].N++
	} else {
		e.Count = append(e.Count, eveningCount{Game: game, What: o.What, N: 1})
	}
	if o.Figure && !slices.Contains(e.Figures, figure{Game: game}) {
		e.Figures = append(e.Figures, figure{Game: game})
	}
	for i, so := range o.Seats {
		if so.Out || i >= len(seats) || seats[i].empty() {
			continue
		}
		p := e.person(seats[i])
		if o.Placed && so.Place > 0 {
			p.Played++
			if so.Place == 1 {
				p.Wins++
			}
			for len(p.Places) < so.Place {
				p.Places = append(p.Places, 0)
			}
			p.Places[so.Place-1]++
		}
		if o.Figure {
			if p.Figures == nil {
				p.Figures = map[string]int{}
			}
			p.Figures[game] += so.Add
			if so.Mark != "" {
				if p.Marks == nil {
					p.Marks = map[string]string{}
				}
				p.Marks[game] = so.Mark
			}
		}
	}
}

// person is the evening's record of whoever sits in s, made when new: a
// person by their player id (their name kept up to date), a bot (built-in
// or remote) by name.
func (e *evening) person(s seat) *eveningPerson {
	if s.Remote {
		s.Player = "" // counted as a bot
	}
	i := slices.IndexFunc(e.People, func(p eveningPerson) bool {
		if s.Player != "" {
			return p.Player == s.Player
		}
		return p.Player == "" && p.Name == s.Name
	})
	if i < 0 {
		e.People = append(e.People, eveningPerson{Player: s.Player, Name: s.Name})
		i = len(e.People) - 1
	}
	e.People[i].Name = s.Name
	return &e.People[i]
}

// placed reports whether anything finished tonight ranked the players.
func (e *evening) placed() bool {
	return slices.ContainsFunc(e.People, func(p eveningPerson) bool { return p.Played > 0 })
}

// better orders two people best first: the more wins, then the better
// average place (people never placed last), then each figure in turn,
// then by name.
func (e *evening) better(a, b *eveningPerson) int {
	if a.Wins != b.Wins {
		return b.Wins - a.Wins
	}
	switch {
	case a.Played > 0 && b.Played > 0:
		// a's average place a.sum/a.Played against b's, without division
		if x, y := placeSum(a)*b.Played, placeSum(b)*a.Played; x != y {
			return x - y
		}
	case a.Played > 0:
		return -1
	case b.Played > 0:
		return 1
	}
	for _, f := range e.Figures {
		if x, y := a.Figures[f.Game], b.Figures[f.Game]; x != y {
			return y - x
		}
	}
	return strings.Compare(a.Name, b.Name)
}

func placeSum(p *eveningPerson) int {
	sum := 0
	for i, n := range p.Places {
		sum += (i + 1) * n
	}
	return sum
}

// eveningView is the evening as the viewer (player, "" for none) sees it
// in l: a row a person, best first; nil when nothing has finished yet.
func eveningView(e *evening, player string, l *i18n.Lang) *views.Evening {
	if e == nil || len(e.Count) == 0 {
		return nil
	}
	v := &views.Evening{Placed: e.placed()}
	for _, c := range e.Count {
		v.Counts = append(v.Counts, l.F(c.Game+".evening."+c.What, i18n.Count(c.N)))
	}
	for _, f := range e.Figures {
		v.Heads = append(v.Heads, l.T(f.Game+".evening.head"))
	}
	order := make([]*eveningPerson, len(e.People))
	for i := range e.People {
		order[i] = &e.People[i]
	}
	slices.SortStableFunc(order, e.better)
	for _, p := range order {
		r := views.EveningRow{Name: p.Name, Bot: p.Player == "", You: player != "" && p.Player == player,
			Played: p.Played, Wins: p.Wins, Places: placesWords(p.Places, l)}
		if n, ok := botNumber(p.Name); ok && r.Bot {
			r.Name = l.BotName(n)
		}
		for _, f := range e.Figures {
			n, ok := p.Figures[f.Game]
			if !ok {
				r.Figures = append(r.Figures, views.EveningFigure{Text: "–"})
				continue
			}
			text := l.F(f.Game+".evening.figure", i18n.S("Figure", signed(n)))
			if m := p.Marks[f.Game]; m != "" {
				text = l.F(f.Game+".evening.figure.mark", i18n.S("Figure", signed(n)), i18n.K("Mark", m))
			}
			r.Figures = append(r.Figures, views.EveningFigure{Text: text, Sign: sign(n)})
		}
		v.Rows = append(v.Rows, r)
	}
	return v
}

// placesWords are a person's places, best first, a count after a place
// that came more than once: "1st ×2 · 3rd". A place and its count are
// joined by no-break spaces: a narrow column breaks the list between
// places, never "1st" from its "×2".
func placesWords(places []int, l *i18n.Lang) string {
	out := ""
	for i := len(places) - 1; i >= 0; i-- { // each place before the ones after it
		var m i18n.Msg
		switch n := places[i]; {
		case n == 1:
			m = i18n.M("standings.place", i18n.Ord("Place", i+1))
		case n > 1:
			m = i18n.M("evening.places.times", i18n.Ord("Place", i+1), i18n.Count(n))
		default:
			continue
		}
		place := strings.ReplaceAll(l.Msg(m), " ", "\u00a0")
		if out != "" {
			place = l.F("evening.places.more", i18n.S("First", place), i18n.S("Rest", out))
		}
		out = place
	}
	if out == "" {
		return "–"
	}
	return out
}
