package room

import (
	"encoding/json"
	"testing"

	"github.com/tablegames/tables/game"
)

// TestBriefMovesAreLegal plays each game from a remote bot's brief alone:
// at every step, every move any seat's brief lists, posted as it is, is
// read by the game's Decode and applied without an error (on a copy);
// the choice allows its own move; the auto move is one the brief lists.
// The game then goes on with a listed move, so the brief never lists a
// move the engine refuses, through deals, reveals and game ends.
func TestBriefMovesAreLegal(t *testing.T) {
	for _, k := range games() {
		t.Run(k.name, func(t *testing.T) {
			o, err := k.options(fuzzTables[k.name])
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := k.newMatch(o, 4, 7)
			if err != nil {
				t.Fatal(err)
			}
			listed := 0
			for step := 0; step < 400; step++ {
				moved := false
				for _, seat := range m.Waiting() {
					b := m.(game.Briefer).Brief(seat)
					if _, err := json.Marshal(b); err != nil {
						t.Fatalf("seat %d's brief is not JSON: %v", seat, err)
					}
					var firstForm map[string][]string
					for _, c := range b.Moves {
						form, err := game.FormOf(c.Move)
						if err != nil {
							t.Fatalf("seat %d: listed move %v: %v", seat, c.Move, err)
						}
						if !c.Allows(form) {
							t.Fatalf("seat %d: the choice does not allow its own move %v", seat, form)
						}
						mv, err := m.Decode(form)
						if err != nil {
							t.Fatalf("seat %d: listed move %v not read: %v", seat, form, err)
						}
						cp := k.emptyMatch()
						snap, _ := m.Snapshot()
						cp.Restore(snap)
						if _, err := cp.Apply(seat, mv); err != nil {
							t.Fatalf("seat %d: listed move %v (%s) refused: %v", seat, form, c.Say, err)
						}
						listed++
						if firstForm == nil {
							firstForm = form
						}
					}
					if b.Auto != nil {
						form, _ := game.FormOf(b.Auto)
						ok := false
						for _, c := range b.Moves {
							ok = ok || c.Allows(form)
						}
						if !ok {
							t.Fatalf("seat %d: auto %v is not among the moves listed", seat, form)
						}
					}
					if firstForm != nil && !moved {
						mv, _ := m.Decode(firstForm)
						if _, err := m.Apply(seat, mv); err != nil {
							t.Fatal(err)
						}
						moved = true
					}
				}
				if moved {
					continue
				}
				if tm, ok := m.(game.Timed); ok {
					if mv, ok := tm.Expire(); ok {
						m.Apply(game.System, mv)
						continue
					}
				}
				mv, ok := m.Continue(uint64(step + 1))
				if !ok {
					break
				}
				if _, err := m.Apply(game.System, mv); err != nil {
					t.Fatalf("continue: %v", err)
				}
			}
			if listed < 50 {
				t.Fatalf("only %d listed moves tried", listed)
			}
		})
	}
}
