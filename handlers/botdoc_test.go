package handlers

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestBotsDocNamesEveryRefusal: every code a program can be refused with
// is in docs/BOTS.md: the games' own (each game.Err and game.Errorf of
// game/, and each code constant a game uses), the table's, and the bot
// API's own (handlers/botapi.go, botcreate.go).
func TestBotsDocNamesEveryRefusal(t *testing.T) {
	doc, err := os.ReadFile("../docs/BOTS.md")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	filepath.WalkDir("../game", func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			files = append(files, p)
		}
		return nil
	})
	files = append(files, "botapi.go", "botcreate.go")
	var all strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	src := all.String()
	codes := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?:Err|Errorf|apiErr\([^,]+,)\s*\(?"([A-Z][A-Z_]+)"`).FindAllStringSubmatch(src, -1) {
		codes[m[1]] = true
	}
	// a code constant counts when something uses it
	for _, m := range regexp.MustCompile(`(?m)^\s*(Code\w*)\s*=\s*"([A-Z][A-Z_]+)"`).FindAllStringSubmatch(src, -1) {
		if strings.Count(src, m[1]) > 1 {
			codes[m[2]] = true
		}
	}
	// the table's, on a move (room.Room.MoveAt and the moves it makes)
	for _, c := range []string{"NOT_SEATED", "STALE_MOVE", "TABLE_PAUSED", "READ_ONLY", "ROOM_IN_LOBBY", "REMOVED"} {
		codes[c] = true
	}
	if len(codes) < 20 {
		t.Fatalf("only %d codes found: the scan is broken", len(codes))
	}
	for c := range codes {
		if !strings.Contains(string(doc), "`"+c+"`") {
			t.Errorf("docs/BOTS.md does not name the refusal %s", c)
		}
	}
	t.Logf("%d refusal codes, each in docs/BOTS.md", len(codes))
}
