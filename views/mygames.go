package views

// My games and the public player page (issue 31).

// MyGames is the page of the visitor's own tables and results.
type MyGames struct {
	Page
	// Known: the visitor has a session (a player id); without one there
	// is nothing to show yet.
	Known bool
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
	AvgPlace string // "2.3"
	Rating   string // "1520" ("" when not rated)
	RD       string // "± 84", or "provisional" after few games
}

// FinishedGame is one line of a person's results.
type FinishedGame struct {
	When, WhenISO string
	Game          string
	Code, URL     string
	Number        int    // the game's number at the table (1 for most)
	Place         string // "2nd of 4"
	Won           bool
	Figure        string // "9 points"
	Public        bool
	Rating        string // after the game, when rated
	Replay        string // its replay, or the table's list of replays
	Hands         string // the table's hand history ("" for a game without)
}

// PlayerPage is a person's public page: their name, ratings and results
// at public tables, nothing else.
type PlayerPage struct {
	Page
	Name     string
	Records  []GameRecord
	Finished []FinishedGame
}
