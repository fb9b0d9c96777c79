package views

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tablegames/tables/i18n"
)

var (
	scriptString  = regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'`)
	scriptComment = regexp.MustCompile(`(?m)^\s*//.*$|\s//\s.*$`)
	// words: a sentence ("Your turn", "Cancelled."), three words ("waiting
	// for you"), a word (" new", "▶ Play", "Copied"), but not a code ("page
	// hidden"), a selector ("#p-hand, #p-controls"), a key's or an error's
	// name ("Enter", "AbortError") or a header ("X-CSRF-Token")
	scriptWords3 = regexp.MustCompile(`^[A-Z][a-z]+[ ,:.]|\pL+ \pL+ \pL+|^\s+\pL|\pL\s+$|^[^\pL]*[A-Z][a-z]+$`)
	scriptNames  = regexp.MustCompile(`^(Enter|Home|End|[A-Za-z]+Error)$`)
)

// TestTheScriptsWordsAreTheCatalogs: every key static/app.js writes is a
// key of the catalog that every page gives it (or, for the passkeys'
// words, the pages with passkeys), and it writes no sentence of its own.
func TestTheScriptsWordsAreTheCatalogs(t *testing.T) {
	b, err := os.ReadFile("../static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	js := scriptComment.ReplaceAllString(string(b), "")
	given := append(append([]string(nil), scriptKeys...), passkeyKeys...)
	// the keys it writes are the strings that are the catalog's keys
	var used []string
	for _, s := range scriptString.FindAllString(js, -1) {
		k := s[1 : len(s)-1]
		if i18n.English().Has(k) && !slices.Contains(used, k) {
			used = append(used, k)
		}
	}
	for _, k := range used {
		if !slices.Contains(given, k) {
			t.Errorf("app.js writes %s, which the page does not give it", k)
		}
	}
	for _, k := range given {
		if !slices.Contains(used, k) {
			t.Errorf("the page gives app.js %s, which it does not write", k)
		}
		if !i18n.English().Has(k) {
			t.Errorf("%s is not in the catalog", k)
		}
	}
	for _, s := range scriptString.FindAllString(js, -1) {
		if w := s[1 : len(s)-1]; scriptWords3.MatchString(w) && !scriptNames.MatchString(w) {
			t.Errorf("app.js writes words of its own: %s", s)
		}
	}
}

// TestTheScriptsWordsAreInTheReadersLanguage: the block of words is
// JSON in the page's language, plural forms by name, placeholders as the
// catalog has them, the passkeys' only when asked for.
func TestTheScriptsWordsAreInTheReadersLanguage(t *testing.T) {
	read := func(l *i18n.Lang, passkeys bool) map[string]any {
		block := wordsBlock(l, passkeys)
		body, ok := strings.CutPrefix(block, `<script type="application/json" id="words">`)
		body, ok2 := strings.CutSuffix(body, `</script>`)
		var words map[string]any
		if !ok || !ok2 || json.Unmarshal([]byte(body), &words) != nil {
			t.Fatalf("%s: %s", l.Code(), block)
		}
		return words
	}
	en := read(i18n.English(), false)
	if en["script.gift.given"] != "{{.Given}} of {{.Need}} given" || en["script.passkey.waiting"] != nil {
		t.Errorf("English: %v", en)
	}
	if forms, ok := en["script.unread"].(map[string]any); !ok || forms["one"] != "{{.Count}} new" || forms["other"] != "{{.Count}} new" {
		t.Errorf("a plural message: %v", en["script.unread"])
	}
	pseudo := read(i18n.Lookup(i18n.PseudoCode), true)
	if w, _ := pseudo["script.passkey.back"].(string); !strings.HasPrefix(w, "⟦") || !strings.Contains(w, "{{.Table}}") {
		t.Errorf("pseudo: %q", w)
	}
	if len(pseudo) != len(scriptKeys)+len(passkeyKeys) {
		t.Errorf("pseudo, with the passkeys': %d words", len(pseudo))
	}
}
