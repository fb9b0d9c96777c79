// Package i18n is every user-visible word of the site in every language:
// the message catalogs (one file a language in locales/, for translators),
// the viewer's language (Lang: chosen from a code, an Accept-Language
// header or the context a render runs in), and messages that are data (Msg:
// a key and its arguments, what a table's log stores) rendered in a
// reader's language when read.
//
// It owns:
//   - loading and checking the catalogs once, at start (catalog.go, its
//     keys numbered in keys.go): the set is immutable after that, so
//     every goroutine reads it freely, and holds almost no pointer (each
//     language's texts are one string), so a garbage collection has next
//     to nothing of it to scan;
//   - placeholders ({{.Name}}) and plural forms by the CLDR rules of each
//     language (golang.org/x/text/feature/plural), numbers written the
//     language's way (format.go);
//   - Msg and Arg (msg.go), the language-independent form of a sentence:
//     seats, numbers, names, nested keys;
//   - fixed messages (Fixed, fixed.go): words a page writes often (the
//     cards' names), written in every language once, at start;
//   - the pseudo-language en-XA (pseudo.go), made from English: accented,
//     lengthened and bracketed, so a test sees any word that did not come
//     from a catalog;
//   - the language of a render (context.go): With puts a Lang in a
//     context, From reads it (English when none).
//
// It must never import the rest of the project, read a request or a
// cookie (the handlers choose the language), or change after start: no
// catalog is edited while the server runs. A missing key renders as
// English, and in English as the key itself, never a panic; the tests in
// this package fail on any key missing from any language.
package i18n
