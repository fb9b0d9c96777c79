package views

import "github.com/tablegames/tables/clubs"

// Clubs (issue 41): the visitor's clubs and a club's page. Every word is
// the catalog's; names and numbers come from the handlers, never a
// player id.

// ClubsPage is /clubs: the visitor's clubs and the form that makes one.
type ClubsPage struct {
	Page
	Name  string // the visitor's name, for the form
	Clubs []ClubLink
	Error string
}

// ClubLink is a club in a list.
type ClubLink struct {
	URL, Name string
	Owner     bool
}

// ClubPage is a club's page, as a member, the owner or (a public club)
// anyone sees it.
type ClubPage struct {
	Page
	URL     string // the page's own path, /c/HANDLE
	Name    string
	Public  bool
	Member  bool
	Owner   bool
	Members []ClubMemberRow
	Open    []OpenTable
	// NewTable: a table for the club, one link a game (members only)
	NewTable []ClubNewTable
	// the season shown, the one running (0: none) and every season's link
	Season  int
	Running int
	Seasons []ClubSeasonLink
	League  []LeagueTable // overall first, then a table a game
	Chart   clubs.Chart
	// Evenings are the season's past evenings, the newest first.
	Evenings []ClubEvening
	// the owner's: the invite link and the settings
	Invite string
	Scale  string
	Error  string
}

// ClubMemberRow is a member as the page lists them.
type ClubMemberRow struct {
	Num     int
	Name    string
	Profile string // their public page, if they have one
	Owner   bool
	You     bool
}

// ClubNewTable opens the creation form of a game for the club.
type ClubNewTable struct{ URL, Game string }

// ClubSeasonLink is one season in the page's list.
type ClubSeasonLink struct {
	N       int
	URL     string
	Shown   bool
	Running bool
}

// LeagueTable is one table of the league: overall or one game's.
type LeagueTable struct {
	ID, Title string
	Heads     []string // the figures' headings
	Rows      []LeagueRow
}

// LeagueRow is a member's line.
type LeagueRow struct {
	Name, Profile                  string
	You                            bool
	Evenings, Played, Wins, Points int
	Figures                        []EveningFigure
}

// ClubEvening is one past evening: when, its game, its table's code
// (members only) and its Tonight table.
type ClubEvening struct {
	Code, Game, Date string
	Tonight          *Evening
}

// ClubPlaying is an open table of one of the visitor's clubs (the home
// page's "Your club is playing").
type ClubPlaying struct {
	URL, Code, Game, Club, ClubURL string
}

// ClubFor marks the home page's creation forms for a club (?club=HANDLE).
type ClubFor struct{ Handle, Name string }
