package i18n

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"golang.org/x/text/feature/plural"
)

// Problems lists what is wrong with the catalog, one line each: a key a
// language lacks or has that English does not, a placeholder a
// translation names that English's text does not give (or leaves one
// out), a plural form a language needs that a plural message lacks, an
// English key without a note for translators. Empty when all is well.
func (c *Catalog) Problems() []string {
	var out []string
	keys := c.Keys()
	sort.Strings(keys)
	for _, k := range keys {
		if c.Note(k) == "" {
			out = append(out, fmt.Sprintf("en: %s has no description for translators", k))
		}
	}
	for _, l := range c.langs {
		if l == c.en {
			continue
		}
		needs := l.pluralForms()
		for _, k := range keys {
			m := l.own(k)
			if m == nil {
				out = append(out, fmt.Sprintf("%s: %s is missing", l.code, k))
				continue
			}
			en := c.en.own(k)
			want := c.en.placeholders(en)
			if got := l.placeholders(m); !placeholdersFit(got, want, c.Note(k)) {
				out = append(out, fmt.Sprintf("%s: %s has placeholders %v, English %v", l.code, k, got, want))
			}
			forms := needs
			if k == "ordinal" {
				forms = l.ordinalForms()
			}
			if en.plural {
				for _, f := range forms {
					if m.forms[f].empty() && f != plural.Other {
						out = append(out, fmt.Sprintf("%s: %s lacks its plural form %s", l.code, k, formNames[f]))
					}
				}
			}
		}
		for i := range c.keys.len() {
			if k := c.keys.key(i); l.Has(k) && !c.en.Has(k) {
				out = append(out, fmt.Sprintf("%s: %s is not an English key", l.code, k))
			}
		}
	}
	sort.Strings(out)
	return out
}

var formNames = [6]string{"other", "zero", "one", "two", "few", "many"}

// pluralForms are the CLDR plural categories the language's whole
// numbers fall in.
func (l *Lang) pluralForms() []plural.Form {
	seen := map[plural.Form]bool{}
	for n := 0; n <= 1_000_100; n++ {
		if n > 1000 && n%1000 != 0 && n != 1_000_001 {
			continue
		}
		seen[l.pluralForm(n)] = true
	}
	out := make([]plural.Form, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// placeholdersFit reports a translation's placeholders that English's
// text gives. A count is free: got may leave out Count and Number (a
// language may write it in words, or not at all in a form such as
// "one"), and use them where English's note names them.
func placeholdersFit(got, want []string, note string) bool {
	for _, g := range got {
		if !slices.Contains(want, g) && !((g == "Count" || g == "Number") && strings.Contains(note, "{{."+g+"}}")) {
			return false
		}
	}
	for _, w := range want {
		if !slices.Contains(got, w) && w != "Count" && w != "Number" {
			return false
		}
	}
	return true
}

// ordinalForms are the CLDR ordinal categories of the language.
func (l *Lang) ordinalForms() []plural.Form {
	seen := map[plural.Form]bool{}
	for n := 0; n <= 1000; n++ {
		seen[plural.Ordinal.MatchPlural(l.tag, n, 0, 0, 0, 0)] = true
	}
	out := make([]plural.Form, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// placeholders are the names a message of the language's forms use,
// sorted, once each.
func (l *Lang) placeholders(m *message) []string {
	var out []string
	for _, segs := range m.forms {
		for _, s := range l.pieces(segs) {
			if s.arg != "" && !slices.Contains(out, s.arg) {
				out = append(out, s.arg)
			}
		}
	}
	slices.Sort(out)
	return out
}
