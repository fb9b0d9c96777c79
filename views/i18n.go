package views

import (
	"context"
	"strings"

	"github.com/tablegames/tables/i18n"
)

// T is a catalog key as a component, written in the render's language:
// @T("layout.my_games"). Every word a page shows comes from the catalog
// (i18n/locales, docs/I18N.md).
type T = i18n.Key

// tr is a key's text in the render's language, for an attribute or a
// string a model needs.
func tr(ctx context.Context, key string) string { return i18n.From(ctx).T(key) }

// trf is a key's text with its placeholders filled.
func trf(ctx context.Context, key string, args ...i18n.Arg) string {
	return i18n.From(ctx).F(key, args...)
}

// num is a number written the render's language's way.
func num(ctx context.Context, n int) string { return i18n.From(ctx).Num(n) }

// lang is the render's language.
func lang(ctx context.Context) *i18n.Lang { return i18n.From(ctx) }

// languages are the languages the picker offers.
func languages() []*i18n.Lang { return i18n.Languages() }

// langCode is a language's short name for the top bar: "EN", "PT".
func langCode(l *i18n.Lang) string {
	c, _, _ := strings.Cut(l.Code(), "-")
	return strings.ToUpper(c)
}
