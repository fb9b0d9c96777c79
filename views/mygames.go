package views

// My games and the public player page (issue 31).

import (
	"context"
	"time"

	"github.com/tablegames/tables/i18n"
)

// MyGames is the page of the visitor's own tables and results.
type MyGames struct {
	Page
	// Known: the visitor has a session (a player id); without one there
	// is nothing to show yet.
	Known bool
	// Slow are the visitor's slow tables, their move first.
	Slow []SlowTable
	// Profile is the visitor's public page ("" until they finished a
	// game at a public table).
	Profile  string
	Open     []OpenTable
	Records  []GameRecord
	Finished []FinishedGame
	// Bots are the visitor's bot identities (remote bots a host may
	// invite by id).
	Bots []MyBot
}

// MyBot is one of the visitor's bot identities.
type MyBot struct {
	ID, Name string
	Revoked  bool
}

// OpenTable is an open table the visitor sits at.
type OpenTable struct {
	URL, Code, Game, Name string
	Public                bool
}

// GameRecord sums a person's finished games of one game.
type GameRecord struct {
	Game     string
	Played   int
	Wins     int
	AvgPlace float64 // the average place, 1 the best
	// Rated: the person has a rating in the game, Rating (rounded) and its
	// deviation RD; Provisional after few games (RD is still large).
	Rated       bool
	Rating, RD  int
	Provisional bool
}

// FinishedGame is one line of a person's results.
type FinishedGame struct {
	When      time.Time
	WhenISO   string
	Game      string
	Code, URL string
	Number    int // the game's number at the table (1 for most)
	Place     int // 1 the best
	Seats     int // of how many
	Won       bool
	Figure    int    // the result's figure: 9 (points)
	Unit      string // what Figure counts: "points", "VP", "prize" (db.GameResult.Unit)
	Public    bool
	Rating    int    // after the game, when rated (0: not)
	Replay    string // its replay, or the table's list of replays
	Hands     string // the table's hand history ("" for a game without)
}

// PlayerPage is a person's public page: their name, ratings and results
// at public tables, nothing else.
type PlayerPage struct {
	Page
	Name     string
	Records  []GameRecord
	Finished []FinishedGame
}

// figure is a result's figure in words: "9 points", "1 point", "11 VP",
// "prize 120", "no prize" (points when the unit is none of these).
func figure(ctx context.Context, g FinishedGame) string {
	switch g.Unit {
	case "prize":
		if g.Figure == 0 {
			return tr(ctx, "mygames.figure.no_prize")
		}
		return trf(ctx, "mygames.figure.prize", i18n.N("Prize", g.Figure))
	case "VP":
		return trf(ctx, "mygames.figure.vp", i18n.Count(g.Figure))
	}
	return trf(ctx, "mygames.figure.points", i18n.Count(g.Figure))
}

// openAs says under what name the visitor sits at an open table, and
// whether it is public.
func openAs(ctx context.Context, t OpenTable) string {
	if t.Public {
		return trf(ctx, "mygames.open.as_public", i18n.S("Name", t.Name))
	}
	return trf(ctx, "mygames.open.as", i18n.S("Name", t.Name))
}
