package views

import (
	"context"
	"strings"
	"testing"

	"github.com/tablegames/tables/i18n"
)

// TestSharedPotGrammar: the winners of a shared pot win it; one winner
// wins it.
func TestSharedPotGrammar(t *testing.T) {
	h := Holdem{Results: []HPot{{Pot: i18n.M("holdem.pot.main"), Amount: 600, Winners: "Alice and Bob", Several: true,
		Hand: i18n.M("holdem.hand.flush", i18n.K("High", "holdem.rank.ace"))},
		{Pot: i18n.M("holdem.pot.side", i18n.N("Number", 1)), Amount: 200, Winners: "Alice"}}}
	var b strings.Builder
	if err := holdemPots(&h).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(tagless(b.String())), " ")
	for _, want := range []string{"Alice and Bob win the main pot (600) with flush, ace high", "Alice wins side pot 1 (200)"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q lacks %q", text, want)
		}
	}
}

// tagless is HTML's text: the tags dropped.
func tagless(html string) string {
	var b strings.Builder
	in := false
	for _, r := range html {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}
