package room

import (
	"hash/fnv"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
)

// element is the first element of msg that opens with start (an opening
// tag's beginning, `<ol id="log"`) up to its first closing tag end
// (`</ol>`), or "" when msg has none.
func element(msg, start, end string) string {
	i := strings.Index(msg, start)
	if i < 0 {
		return ""
	}
	j := strings.Index(msg[i:], end)
	if j < 0 {
		return ""
	}
	return msg[i : i+j+len(end)]
}

// TestPublicFragmentsAreSharedPrivateAreNot plays Hold'em at a table of
// three people and a watcher (CheckShared on: every push also renders,
// for each viewer, what the viewers share, and fails on a difference).
// In every push, what every viewer sees alike (the log lines, the
// hand's actions, the pots) is the same bytes for all of them, while the
// hole cards a new hand brings differ from seat to seat, and the watcher
// is sent none.
func TestPublicFragmentsAreSharedPrivateAreNot(t *testing.T) {
	rt := quietRuntime(t)
	rt.Seed = func() uint64 { return 7 }
	rt.CheckShared = true
	people := []*person{{id: budgetPeople[0], name: "Ann"}, {id: budgetPeople[1], name: "Bob"}, {id: budgetPeople[2], name: "Cat"}}
	r := seatTable(t, rt, "holdem", url.Values{"blinds": {"10/20"}, "seats": {"3"}, "clock": {"0"}}, people)
	watcher := &conn{}
	if err := r.Connect(t.Context(), watcher, ""); err != nil {
		t.Fatal(err)
	}
	screens := []*conn{people[0].screen, people[1].screen, people[2].screen, watcher}
	seen := make([]int, len(screens))
	// news is each screen's pushes since the last call, joined
	news := func() []string {
		out := make([]string, len(screens))
		for i, s := range screens {
			all := s.all()
			out[i], seen[i] = strings.Join(all[seen[i]:], ""), len(all)
		}
		return out
	}
	news()

	rng := rand.New(rand.NewPCG(3, 3))
	shared := map[string]int{} // fragment start: pushes in which all four had it alike
	handsSeen := 0
	for n := 0; n < 60 && (handsSeen < 2 || len(shared) < 3); n++ {
		var seat int
		var form url.Values
		r.Inspect(t.Context(), func(r *Room) {
			w := r.Table().Match.Waiting()
			if len(w) == 0 {
				r.continueMatch()
				w = r.Table().Match.Waiting()
			}
			seat = w[0]
			mv, _ := r.Table().Match.Bot(seat, r.BotKind(), rng)
			form = r.Table().Match.Encode(mv)
		})
		got := news() // the next hand's deal, if one came
		if dealt(t, got) {
			handsSeen++
		}
		if err := r.Move(t.Context(), budgetPeople[seat], form); err != nil {
			t.Fatalf("move %d: %v", n, err)
		}
		got = news()
		for _, f := range []struct{ start, end string }{
			{`<ol id="log" hx-swap-oob="afterbegin">`, `</ol>`},
			{`<ol id="h-streets" hx-swap-oob="beforeend">`, `</ol>`},
			{`<div id="h-pots"`, `</div>`},
		} {
			first := element(got[0], f.start, f.end)
			if first == "" {
				continue
			}
			for i, g := range got[1:] {
				if e := element(g, f.start, f.end); e != first {
					t.Fatalf("move %d: viewer %d's %s differs from the first's:\n%s\n%s", n, i+1, f.start, e, first)
				}
			}
			shared[f.start]++
		}
	}
	if handsSeen < 2 || len(shared) < 3 {
		t.Fatalf("the play showed %d new hands and shared %v: too little to judge", handsSeen, shared)
	}
}

// dealt reports whether these pushes bring a new hand's hole cards, and
// checks them: each seated person's own seat shows two faces, which the
// same seat's fragment sent to anyone else (the other two and the
// watcher) never does: that one shows backs.
func dealt(t *testing.T, pushes []string) bool {
	t.Helper()
	const face = `<span class="card `
	any := false
	for seat := range 3 {
		start := `<li id="h-seat-` + string(rune('0'+seat)) + `"`
		own := element(pushes[seat], start, `</li>`)
		if strings.Count(own, face) != 2 {
			continue
		}
		any = true
		for i, p := range pushes {
			if i == seat {
				continue
			}
			if other := element(p, start, `</li>`); strings.Contains(other, face) || other == own {
				t.Fatalf("screen %d was sent seat %d's cards:\n%s", i, seat, other)
			}
		}
	}
	return any
}

// TestFNV64IsFNV1a checks the push's hash of a fragment against the
// standard library's FNV-1a (a viewer's copy is compared by it).
func TestFNV64IsFNV1a(t *testing.T) {
	for _, s := range []string{"", "a", `<div id="p-pile" class="centre pile-area">`, strings.Repeat("♠♥", 100)} {
		h := fnv.New64a()
		h.Write([]byte(s))
		if got, want := fnv64([]byte(s)), h.Sum64(); got != want {
			t.Errorf("fnv64(%q) = %x, want %x", s, got, want)
		}
	}
}
