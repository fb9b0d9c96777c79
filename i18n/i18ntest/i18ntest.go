// Package i18ntest finds the words on a page that did not come from the
// catalog: a page rendered in the pseudo-language (i18n.PseudoCode) has
// every catalog message bracketed ⟦…⟧, so any letter left outside the
// brackets, in a text node or an attribute a person reads or hears
// (title, aria-label, alt, placeholder, data-what, hx-confirm, a page's
// meta description, an input button's value), was written some other
// way. Ratchet keeps a test's list of what is not converted yet. Tests
// only: it must never be imported by the server.
package i18ntest

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tablegames/tables/i18n"
	"golang.org/x/net/html"
)

// shown are the attributes whose text a person reads or hears.
var shown = map[string]bool{"title": true, "aria-label": true, "alt": true, "placeholder": true, "data-what": true,
	"aria-roledescription": true, "hx-confirm": true}

// hidden are the elements whose text is not shown.
var hidden = map[string]bool{"script": true, "style": true, "template": true}

var letters = regexp.MustCompile(`\p{L}`)

// Uncatalogued lists the texts of page (HTML, a page or pushed fragments)
// with letters outside every catalog message, after removing the words
// allowed (names of the players, a table's code): each trimmed, digits
// written #, once each, sorted. A message's markup (a name in bold, a
// link) is inside the message: the text nodes of a page carry its
// brackets from one to the next.
func Uncatalogued(page string, allowed ...string) []string {
	// the longest first: a table's code may hold a shorter allowed word
	// ("IT", a language's code), which must not cut the code in two
	allowed = slices.Clone(allowed)
	slices.SortStableFunc(allowed, func(a, b string) int { return len(b) - len(a) })
	seen := map[string]bool{}
	depth := 0 // of the text nodes
	check := func(s string, text bool) {
		if strings.Contains(s, "{{.") { // a placeholder nothing filled
			seen[normal(s)] = true
		}
		var rest string
		if text {
			rest, depth = i18n.UnbracketFrom(s, depth)
		} else {
			rest = i18n.Unbracket(s)
		}
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
				check(string(z.Text()), true)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if hidden[string(name)] && tt == html.StartTagToken {
				skip++
			}
			attrs := map[string]string{}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				attrs[string(k)] = string(v)
			}
			for k, v := range attrs {
				if shown[k] {
					check(v, false)
				}
			}
			switch string(name) {
			case "meta": // what a search engine or a link's preview shows
				if attrs["name"] == "description" {
					check(attrs["content"], false)
				}
			case "input": // a button's label is its value
				if t := attrs["type"]; t == "submit" || t == "button" || t == "reset" {
					check(attrs["value"], false)
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

// Ratchet is a test's list of the texts not from the catalog yet: what
// is not converted. The list only shrinks: Check fails on a text it lacks,
// and on a text it has that no longer shows, so it stays true.
type Ratchet struct {
	Path   string   // the list: a header of // lines, then one text a line
	Flag   string   // the test's flag that rewrites it, for the failures' advice
	Header []string // the header's lines, without //
}

// Check holds found (each text and where it was first seen) to the list;
// with update, it rewrites the list with found instead.
func (r Ratchet) Check(t testing.TB, found map[string]string, update bool) {
	t.Helper()
	if update {
		var b strings.Builder
		for _, h := range r.Header {
			b.WriteString("// " + h + "\n")
		}
		keys := make([]string, 0, len(found))
		for s := range found {
			keys = append(keys, s)
		}
		slices.Sort(keys)
		for _, s := range keys {
			b.WriteString(s + "\n")
		}
		if err := os.WriteFile(r.Path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	known := map[string]bool{}
	if f, err := os.Open(r.Path); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if l := sc.Text(); l != "" && !strings.HasPrefix(l, "//") {
				known[l] = true
			}
		}
		f.Close()
	}
	var fails []string
	for s, where := range found {
		if !known[s] {
			fails = append(fails, fmt.Sprintf("%s: %q is not from the catalog", where, s))
		}
	}
	for s := range known {
		if _, ok := found[s]; !ok {
			fails = append(fails, fmt.Sprintf("%s lists %q, which no longer shows: remove it (%s)", r.Path, s, r.Flag))
		}
	}
	slices.Sort(fails)
	for _, f := range fails {
		t.Error(f)
	}
}
