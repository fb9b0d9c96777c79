package handlers

import (
	"strings"
	"testing"

	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/i18n/i18ntest"
)

// TestGamesOwnWordsAreTheCatalogs: read in the pseudo-language, the home
// page (every game's tile and creation form, its own options among them)
// and each game's rules page have no word outside the catalog, and the
// rules page's title is the catalog's too.
func TestGamesOwnWordsAreTheCatalogs(t *testing.T) {
	e := newEnv(t, fastConfig())
	c := e.client()
	c.get("/lang?lang=" + i18n.PseudoCode)
	pages := []string{"/"}
	for _, g := range e.srv.Tables().Games() {
		pages = append(pages, "/rules/"+g.Kind)
	}
	for _, p := range pages {
		status, body := c.get(p)
		start, end := strings.Index(body, "<main"), strings.Index(body, "</main>")
		if status != 200 || start < 0 || end < start {
			t.Fatalf("%s: %d %.300s", p, status, body)
		}
		if words := i18ntest.Uncatalogued(body[start:end]); len(words) > 0 {
			t.Errorf("%s: words outside the catalog: %q", p, words)
		}
		if p != "/" && !strings.Contains(body, "<title>⟦") {
			t.Errorf("%s: the title is not the catalog's: %.300s", p, body)
		}
	}
}
