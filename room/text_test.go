package room

import (
	"strings"
	"testing"
)

// TestNamesAndChatAreVisibleText: a name has a visible letter, digit or
// sign in any script, no invisible filler, no pile of combining marks;
// a chat line neither.
func TestNamesAndChatAreVisibleText(t *testing.T) {
	for name, ok := range map[string]bool{
		"Zoë": true, "José": true, "李雷": true, "🙂": true, "Ann B.": true, "नमस्ते": true,
		"\u3164": false, "\u2800\u2800": false, "\u115F\u1160": false, "a" + strings.Repeat("\u0301", 8): false, "\u0301": false,
	} {
		if _, err := CheckName(name); (err == nil) != ok {
			t.Errorf("name %q: %v", name, err)
		}
	}
	if _, err := checkChat("x" + strings.Repeat("\u0336\u0337", 10)); err == nil {
		t.Error("a chat line with a pile of marks is accepted")
	}
}
