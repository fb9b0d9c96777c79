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
	if m, in := l.lookup(string(k)); m != nil && m.simple {
		_, err := io.WriteString(w, in.str(m.html))
		return err
	}
	return writeHTML(w, l.F(string(k)))
}

// Render writes the message in the context's language, escaped for HTML
// text (its arguments, a person's name among them, too); a Piece
// argument's markup is written as it is, where the language's text puts
// its placeholder.
func (m Msg) Render(ctx context.Context, w io.Writer) error {
	l := From(ctx)
	if m.hasPieces() {
		return l.writeKey(ctx, w, m.Key, m.Args)
	}
	msg, in := l.lookup(m.Key)
	switch {
	case msg == nil:
		return writeHTML(w, m.Key)
	case flat(m.Args):
		var buf [256]byte
		return writeHTML(w, string(l.appendFlat(buf[:0], msg, in, m.Args)))
	}
	return writeHTML(w, string(l.appendMessage(make([]byte, 0, 256), msg, in, m.Args)))
}

// writeKey writes a message holding pieces of page: its text escaped,
// each piece as it is.
func (l *Lang) writeKey(ctx context.Context, w io.Writer, key string, args []Arg) error {
	m, in := l.lookup(key)
	switch {
	case m == nil:
		return writeHTML(w, key)
	case m.simple:
		return writeHTML(w, in.str(m.plain))
	}
	for _, s := range in.segments(m.forms[l.form(m, args)]) {
		a, ok := find(args, in.str(s.arg))
		var err error
		if s.arg.empty() || !ok {
			err = writeHTML(w, string(l.appendSegment(nil, in, s, args)))
		} else {
			err = l.writeArg(ctx, w, a)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// writeArg writes one argument of a message that holds pieces of page.
func (l *Lang) writeArg(ctx context.Context, w io.Writer, a Arg) error {
	switch {
	case a.Kind == Piece && a.C != nil:
		return a.C.Render(ctx, w)
	case a.Kind == Sub && a.M != nil && a.M.hasPieces():
		return l.writeKey(ctx, w, a.M.Key, a.M.Args)
	case (a.Kind == List || a.Kind == Series) && a.hasPieces():
		for i, x := range a.L {
			if err := writeHTML(w, l.joint(a, i)); err != nil {
				return err
			}
			if err := l.writeArg(ctx, w, x); err != nil {
				return err
			}
		}
		return nil
	}
	var buf [64]byte
	return writeHTML(w, string(l.appendArg(buf[:0], a)))
}

func (m Msg) hasPieces() bool {
	for _, a := range m.Args {
		if a.hasPieces() {
			return true
		}
	}
	return false
}

func (a Arg) hasPieces() bool {
	switch a.Kind {
	case Piece:
		return a.C != nil
	case List, Series:
		for _, x := range a.L {
			if x.hasPieces() {
				return true
			}
		}
	case Sub:
		return a.M != nil && a.M.hasPieces()
	}
	return false
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
