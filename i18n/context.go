package i18n

import (
	"context"
	"io/fs"
	"strings"

	"golang.org/x/text/language"
)

type ctxKey struct{}

// With is ctx with the language every render under it writes in.
func With(ctx context.Context, l *Lang) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// From is the language of ctx: English when none was set.
func From(ctx context.Context) *Lang {
	if l, ok := ctx.Value(ctxKey{}).(*Lang); ok {
		return l
	}
	return std.en
}

// std is the catalog built from the embedded locale files at start; it
// never changes after.
var std = mustLoad()

func mustLoad() *Catalog {
	sub, err := fs.Sub(localeFiles, ".")
	if err != nil {
		panic(err)
	}
	c, err := Load(sub)
	if err != nil {
		panic(err)
	}
	return c
}

// Default is the catalog of the embedded locale files.
func Default() *Catalog { return std }

// English is the catalog's English.
func English() *Lang { return std.en }

// Lookup is a language by its code, or nil.
func Lookup(code string) *Lang { return std.Lookup(code) }

// Languages are the languages a viewer may choose, English first.
func Languages() []*Lang { return std.langs }

// Match is the language that best fits an Accept-Language header
// (English when none fits).
func Match(accept string) *Lang { return std.Match(accept) }

// Lookup is a language by its code (any case), or nil.
func (c *Catalog) Lookup(code string) *Lang {
	if code == "" {
		return nil
	}
	return c.byCode[strings.ToLower(code)]
}

// Languages are the catalog's languages but the pseudo one.
func (c *Catalog) Languages() []*Lang { return c.langs }

// English is the catalog's English.
func (c *Catalog) English() *Lang { return c.en }

// Match is the language that best fits an Accept-Language header.
func (c *Catalog) Match(accept string) *Lang {
	if accept == "" {
		return c.en
	}
	tags, _, err := language.ParseAcceptLanguage(accept)
	if err != nil { // a bad part: read the others
		tags = tags[:0]
		for _, part := range strings.Split(accept, ",") {
			if t, _, err := language.ParseAcceptLanguage(part); err == nil {
				tags = append(tags, t...)
			}
		}
	}
	if len(tags) == 0 {
		return c.en
	}
	_, i, conf := c.matcher.Match(tags...)
	if conf == language.No || i < 0 || i >= len(c.langs) {
		return c.en
	}
	return c.langs[i]
}

// Keys are English's keys (every language's are checked against them).
func (c *Catalog) Keys() []string {
	out := make([]string, 0, c.keys.len())
	for i := range c.keys.len() {
		if k := c.keys.key(i); c.en.Has(k) {
			out = append(out, k)
		}
	}
	return out
}
