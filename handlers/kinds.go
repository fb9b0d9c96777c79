package handlers

import (
	"net/url"
	"strconv"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/views"
)

// kind is one game on the platform: how to read its options, start and
// restore a match, and render it for one viewer.
type kind struct {
	name       string
	info       views.GameInfo
	defaultBot string
	// options reads and checks the creation form.
	options func(form url.Values) (Options, error)
	// minPlayers is the fewest players a match of these options needs.
	minPlayers func(o Options) int
	// describe lists the options in words for the lobby.
	describe   func(o Options) []string
	newMatch   func(o Options, players int, seed uint64) (game.Match, []game.Event, error)
	emptyMatch func() game.Match
	// render builds the viewer's game component and its fragments.
	render func(r *roomView) (templ.Component, []views.Fragment)
}

// kinds lists the games by name.
func kinds() map[string]*kind {
	return map[string]*kind{presidentKind.name: presidentKind}
}

// formInt reads an integer field within [lo, hi].
func formInt(f url.Values, name string, def, lo, hi int) (int, bool) {
	v := f.Get(name)
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, false
	}
	return n, true
}
