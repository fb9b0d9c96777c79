package room

import (
	"encoding/json"
	"math/rand/v2"
	"net/url"
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
					var forms []map[string][]string
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
						forms = append(forms, form)
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
					if len(forms) > 0 && !moved {
						// each listed move in turn, not always the first:
						// folds too, so hands are won uncontested and a
						// winner is offered to show
						mv, _ := m.Decode(forms[(step+seat)%len(forms)])
						if _, err := m.Apply(seat, mv); err != nil {
							t.Fatal(err)
						}
						moved = true
						break // the table moved on: whom it waits for is asked again
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

// TestHoldemBriefOffersOnlyWhatTheTableTakes: at a table that shows every
// hand at showdown (no mucking), the engine would let a winner show its
// cards, but the table refuses "show"; a program is not offered it. Hands
// are played with folds until a seat's engine brief offers a show.
func TestHoldemBriefOffersOnlyWhatTheTableTakes(t *testing.T) {
	m, _ := pokerTable(t, url.Values{"blinds": {"10/20"}, "stack_bb": {"100"}}, 3)
	rng := rand.New(rand.NewPCG(3, 3))
	offered := func(b game.Brief) bool {
		for _, c := range b.Moves {
			if c.Move["kind"] == "show" {
				return true
			}
		}
		return false
	}
	for step := 0; step < 3000; step++ {
		// a hand won uncontested: its winner may show, waited for or not
		for seat := range 3 {
			if !offered(m.Match.Brief(seat)) {
				continue
			}
			if offered(m.Brief(seat)) {
				t.Fatal("a table that shows every hand offers a program to show its cards")
			}
			for _, c := range m.Brief(seat).Moves {
				form, _ := game.FormOf(c.Move)
				if _, err := m.Decode(form); err != nil {
					t.Fatalf("offered %v, which the table refuses: %v", form, err)
				}
			}
			return
		}
		w := m.Waiting()
		if len(w) == 0 {
			mv, ok := m.Continue(uint64(step + 1))
			if !ok {
				break
			}
			if _, err := m.Apply(game.System, mv); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := w[0]
		// fold when it may, so hands are won uncontested
		form := url.Values{"kind": {"fold"}}
		if _, err := m.Decode(form); err != nil || rng.IntN(3) == 0 {
			mv, ok := m.Bot(seat, "", rng)
			if !ok {
				t.Fatalf("no move for seat %d", seat)
			}
			form = m.Encode(mv)
		}
		mv, err := m.Decode(form)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Apply(seat, mv); err != nil {
			mv, _ := m.Bot(seat, "", rng)
			if _, err := m.Apply(seat, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no seat was ever offered to show its cards: the test never reached what it tests")
}
