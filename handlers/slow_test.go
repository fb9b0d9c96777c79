package handlers

import (
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/i18n"
)

// TestSlowList: the visitor's slow tables list theirs first (the
// earliest deadline first), then the others with whose move it is, and
// the time left in days from two days on, else hours, else minutes.
func TestSlowList(t *testing.T) {
	now := time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC)
	turn := func(room, kind, player, name string, left time.Duration) db.TurnAt {
		return db.TurnAt{Turn: db.Turn{Room: room, Player: player, Name: name, Deadline: now.Add(left)}, Kind: kind}
	}
	// as TurnsAround gives them: the earliest deadline first
	turns := []db.TurnAt{
		turn("BBBB", "president", "p-bob", "Bob", 30*time.Minute),
		turn("CCCC", "lowunique", "p-cy", "Cy", 2*time.Hour),
		turn("CCCC", "lowunique", "p-dee", "Dee", 3*time.Hour),
		turn("AAAA", "impetus", "p-ann", "Ann", 5*time.Hour+10*time.Minute),
		turn("DDDD", "president", "p-ann", "Ann", 50*time.Hour),
	}
	got := slowList(i18n.English(), turns, "p-ann", now)
	l := i18n.English()
	want := []struct {
		code, names, left string
		yours             bool
	}{
		{"AAAA", "", "5 hours left", true},
		{"DDDD", "", "2 days left", true},
		{"BBBB", "Bob", "30 minutes left", false},
		{"CCCC", "Cy, Dee", "2 hours left", false},
	}
	if len(got) != len(want) {
		t.Fatalf("%d tables, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Code != w.code || g.Names != w.names || g.Yours != w.yours || l.Msg(g.Left) != w.left || g.URL != "/t/"+w.code {
			t.Errorf("table %d: %s %q yours=%v %q, want %+v", i, g.Code, g.Names, g.Yours, l.Msg(g.Left), w)
		}
	}
	if got[0].Game != "Impetus" {
		t.Errorf("game %q", got[0].Game)
	}
}
