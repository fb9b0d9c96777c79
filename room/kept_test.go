package room

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/impetus"
	"github.com/tablegames/tables/i18n"
)

// keptLangs are the languages the kept words are checked in.
var keptLangs = []*i18n.Lang{i18n.English(), i18n.Lookup("fr"), i18n.Lookup("ja"), i18n.Lookup(i18n.PseudoCode)}

// The map's labels the room keeps between pushes are those it would word
// afresh, in each language, move after move.
func TestImpetusKeptCellsAreFresh(t *testing.T) {
	r := benchRoom(t, impetusKind, Options{Seats: 4, Bots: true})
	rng := rand.New(rand.NewPCG(5, 5))
	move := 0
	for ; move < 300 && !r.t.Match.Over(); move++ {
		for _, l := range keptLangs {
			kept := r.shared()
			kept.lang = l
			fresh := kept
			fresh.kept = nil
			v := r.t.Match.(*impetus.Match).State.View(game.Spectator)
			k, f := impetusWords(&kept, &v), impetusWords(&fresh, &v)
			for i := range f.cells {
				if k.cells[i].Label != f.cells[i].Label {
					t.Fatalf("move %d, %s, cell %d: kept %q, afresh %q", move, l.Code(), i, k.cells[i].Label, f.cells[i].Label)
				}
			}
		}
		w := r.t.Match.Waiting()
		if len(w) == 0 {
			break
		}
		mv, _ := r.t.Match.Bot(w[0], "random", rng)
		if _, err := r.t.Match.Apply(w[0], mv); err != nil {
			t.Fatal(err)
		}
	}
	if move < 40 {
		t.Fatalf("only %d moves", move)
	}
}

// The hand's action lines the room keeps between pushes are those it
// would word afresh, in each language, move after move, hand after hand.
func TestHoldemKeptLinesAreFresh(t *testing.T) {
	r := benchRoom(t, holdemKind, Options{Seats: 4, Bots: true, SmallBlind: 10, BigBlind: 20, Stack: 2000})
	rng := rand.New(rand.NewPCG(6, 6))
	kept := map[*i18n.Lang]*keptMsgs{}
	hands := map[int]bool{}
	for move := 0; move < 400; move++ {
		v := holdemState(r.t.Match).View(game.Spectator)
		hands[v.Hand] = true
		for _, l := range keptLangs {
			if kept[l] == nil {
				kept[l] = &keptMsgs{}
			}
			k, f := streetLog(&v, l, r.t, kept[l]), streetLog(&v, l, r.t, &keptMsgs{})
			if !slices.Equal(k, f) {
				t.Fatalf("move %d, %s: kept %v, afresh %v", move, l.Code(), k, f)
			}
		}
		if w := r.t.Match.Waiting(); len(w) > 0 {
			mv, _ := r.t.Match.Bot(w[0], "random", rng)
			if _, err := r.t.Match.Apply(w[0], mv); err != nil {
				t.Fatal(err)
			}
		} else if mv, ok := r.t.Match.Continue(rng.Uint64()); ok {
			r.t.Match.Apply(game.System, mv)
		}
	}
	if len(hands) < 5 {
		t.Fatalf("only %d hands", len(hands))
	}
}

// TestEachLanguageWordsItsOwn plays tables of every game with viewers
// reading three languages, each push worded once per language and kept
// between pushes, and checks every viewer gets the bytes it gets when it
// is the table's only viewer (nothing shared, the room's words its own).
func TestEachLanguageWordsItsOwn(t *testing.T) {
	for _, g := range benchGames {
		t.Run(g.kind.name, func(t *testing.T) {
			fr, ja := i18n.Lookup("fr"), i18n.Lookup("ja")
			mk := func() []*viewer {
				return []*viewer{{player: "p0", seat: 0, lang: fr}, {player: "p1", seat: 1}, {player: "w1", seat: -1, lang: ja},
					{player: "w2", seat: -1, lang: fr}, {seat: 2, lang: ja}}
			}
			room, withOthers := benchRoom(t, g.kind, g.opts), mk()
			alone := make([]*Room, len(withOthers))
			byItself := make([]*viewer, len(withOthers))
			for i := range alone {
				alone[i], byItself[i] = benchRoom(t, g.kind, g.opts), mk()[i]
				alone[i].message(byItself[i], alone[i].shared(), nil, true, nil)
			}
			for _, v := range withOthers {
				room.message(v, room.shared(), nil, true, nil)
			}
			rng := rand.New(rand.NewPCG(7, 7))
			move := 0
			for ; move < 200 && !room.t.Match.Over(); move++ {
				seat, mv, ok := nextMove(room.t.Match, g.bot, rng)
				if !ok {
					break
				}
				push := func(r *Room, vs ...*viewer) []string { return pushMove(t, r, seat, mv, nil, vs...) }
				got := push(room, withOthers...)
				for i, r := range alone {
					if want := push(r, byItself[i])[0]; got[i] != want {
						t.Fatalf("move %d, viewer %d (%s): with the others\n%.400s\nalone\n%.400s", move, i, withOthers[i].lang.Code(), got[i], want)
					}
				}
			}
			if move < 40 {
				t.Fatalf("only %d moves", move)
			}
		})
	}
}
