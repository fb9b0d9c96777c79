package i18ntest

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/tablegames/tables/i18n"
)

func TestUncataloguedFindsWordsOutsideTheCatalog(t *testing.T) {
	p := i18n.Lookup(i18n.PseudoCode)
	var b strings.Builder
	i18n.Key("layout.my_games").Render(i18n.With(context.Background(), p), &b)
	page := `<p>` + b.String() + ` Ann 12</p><button title="Fold now">x</button><script>var s = "words";</script>` +
		`<span aria-label="` + p.T("layout.rules.title") + `">Bob</span><p>Deal 3 is over.</p>` +
		`<meta name="description" content="Games with friends"><meta name="viewport" content="width=device-width">` +
		`<input type="submit" value="Go"><input type="hidden" name="do" value="fold"><button hx-confirm="Sure?" value="x2">y</button>`
	got := Uncatalogued(page, "Ann", "Bob")
	want := []string{"Deal # is over.", "Fold now", "Games with friends", "Go", "Sure?", "x", "y"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// link is a piece of page for a Markup argument.
type link string

func (l link) Render(ctx context.Context, w io.Writer) error {
	_, err := io.WriteString(w, `<a href="/me">`+string(l)+`</a>`)
	return err
}

func TestMarkupInsideAMessageIsTheMessages(t *testing.T) {
	p := i18n.With(context.Background(), i18n.Lookup(i18n.PseudoCode))
	var b strings.Builder
	i18n.M("table.my_games.line", i18n.Markup("MyGames", link("My games"), "My games")).Render(p, &b)
	page := `<p>` + b.String() + `</p><p>Deal 3 is over.</p>`
	got := Uncatalogued(page)
	want := []string{"Deal # is over."}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q (page %s)", got, want, page)
	}
}

// A table's code that holds a shorter allowed word (a language's code)
// is allowed whole.
func TestAllowedLongestFirst(t *testing.T) {
	if got := Uncatalogued("<p>⟦x⟧ ITY7-ABCD</p>", "IT", "ITY7-ABCD"); len(got) != 0 {
		t.Fatalf("uncatalogued: %q", got)
	}
}
