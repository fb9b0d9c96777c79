package i18n

import (
	"context"
	"io"
	"strings"
)

// Key is a catalog key as a templ component: `@i18n.Key("home.create")`
// writes the key's text in the language of the render's context, escaped
// for HTML text. A constant Key costs no allocation, and a word without
// placeholders is written from its text escaped once at start.
type Key string

// Render writes the key's text for the context's language.
func (k Key) Render(ctx context.Context, w io.Writer) error {
	l := From(ctx)
	if m, ok := l.msgs[string(k)]; ok && m.simple {
		_, err := io.WriteString(w, m.html)
		return err
	}
	return writeHTML(w, l.F(string(k)))
}

// Render writes the message in the context's language, escaped for HTML
// text (its arguments, a person's name among them, too).
func (m Msg) Render(ctx context.Context, w io.Writer) error {
	l := From(ctx)
	var buf [256]byte
	return writeHTML(w, string(l.appendKey(buf[:0], m.Key, m.Args)))
}

// htmlText escapes text for an HTML text node: &, < and > (quotes may stay
// as they are outside attributes, so English pages read byte for byte as
// before the catalogs).
var htmlText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

func writeHTML(w io.Writer, s string) error {
	if !strings.ContainsAny(s, "&<>") {
		_, err := io.WriteString(w, s)
		return err
	}
	_, err := htmlText.WriteString(w, s)
	return err
}
