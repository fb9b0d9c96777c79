// Package i18ntest finds the words on a page that did not come from the
// catalog: a page rendered in the pseudo-language (i18n.PseudoCode) has
// every catalog message bracketed ⟦…⟧, so any letter left outside the
// brackets, in a text node or an attribute a person reads or hears
// (title, aria-label, alt, placeholder, data-what), was written some
// other way. Tests only: it must never be imported by the server.
package i18ntest

import (
	"regexp"
	"sort"
	"strings"

	"github.com/tablegames/tables/i18n"
	"golang.org/x/net/html"
)

// shown are the attributes whose text a person reads or hears.
var shown = map[string]bool{"title": true, "aria-label": true, "alt": true, "placeholder": true, "data-what": true, "aria-roledescription": true}

// hidden are the elements whose text is not shown.
var hidden = map[string]bool{"script": true, "style": true, "template": true}

var letters = regexp.MustCompile(`\p{L}`)

// Uncatalogued lists the texts of page (HTML, a page or pushed fragments)
// with letters outside every catalog message, after removing the words
// allowed (names of the players, a table's code): each trimmed, digits
// written #, once each, sorted.
func Uncatalogued(page string, allowed ...string) []string {
	seen := map[string]bool{}
	check := func(s string) {
		rest := i18n.Unbracket(s)
		for _, a := range allowed {
			rest = strings.ReplaceAll(rest, a, "")
		}
		if letters.MatchString(rest) {
			seen[normal(rest)] = true
		}
	}
	z := html.NewTokenizer(strings.NewReader(page))
	skip := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			out := make([]string, 0, len(seen))
			for s := range seen {
				out = append(out, s)
			}
			sort.Strings(out)
			return out
		case html.TextToken:
			if skip == 0 {
				check(string(z.Text()))
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if hidden[string(name)] && tt == html.StartTagToken {
				skip++
			}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if shown[string(k)] {
					check(string(v))
				}
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); hidden[string(name)] && skip > 0 {
				skip--
			}
		}
	}
}

var digits = regexp.MustCompile(`[0-9]+`)
var spaces = regexp.MustCompile(`\s+`)

func normal(s string) string {
	s = digits.ReplaceAllString(s, "#")
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}
