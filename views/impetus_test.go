package views

import (
	"bytes"
	"context"
	"regexp"
	"testing"
)

// TestPlayableCellHoldsNoText: a hex a player can choose is a button
// named by its label alone. axe fails a control whose visible text is not
// in its name, and counts a visible SVG <text> even when aria-hidden, so
// a playable hex holds no text: its letter, idol and battle marks are a
// sibling layer hidden from assistive technology.
func TestPlayableCellHoldsNoText(t *testing.T) {
	for _, action := range []string{"idol", "target", "play", ""} {
		c := IMCell{Index: 3, X: "0", Y: "0", Points: "0,0 1,1", Faction: "f2", Letter: "C", Idol: "B", IdolOwner: 1,
			Battle: true, Action: action, Label: "Cedar land, idol of Bea: target it", Motion: "won"}
		var b bytes.Buffer
		if err := imCell("/t/X/act", c).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		html := b.String()
		hex := regexp.MustCompile(`(?s)<g class="hex[^"]*"[^>]*>.*?</g>`).FindString(html)
		if hex == "" || regexp.MustCompile(`<text`).MatchString(hex) {
			t.Fatalf("%q: the hex holds text: %s", action, hex)
		}
		marks := regexp.MustCompile(`(?s)<g class="marks[^"]*" aria-hidden="true">.*</g>`).FindString(html)
		for _, want := range []string{`>C</text>`, `>B2</text>`, `class="battle"`, `class="burst"`} {
			if !bytes.Contains([]byte(marks), []byte(want)) {
				t.Fatalf("%q: the marks layer lacks %s: %s", action, want, html)
			}
		}
	}
}
