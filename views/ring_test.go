package views

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite static/ring.css")

// TestRingCSS keeps static/ring.css equal to what RingCSS writes.
func TestRingCSS(t *testing.T) {
	const path = "../static/ring.css"
	want := RingCSS()
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != want {
		t.Fatalf("%s is stale: run go test ./views -run RingCSS -update", path)
	}
}

// TestPlace: the viewer sits at the bottom and the others follow clockwise
// in seat order, keeping off the viewer's seat; a watcher sees seat 0 at
// the bottom.
func TestPlace(t *testing.T) {
	cases := []struct {
		i, n, you int
		pos       int
		from      string
	}{
		{i: 2, n: 4, you: 2, pos: 0, from: "from-s"}, // yourself: bottom
		{i: 3, n: 4, you: 2, pos: 1, from: "from-w"}, // next clockwise: left
		{i: 0, n: 4, you: 2, pos: 2, from: "from-n"}, // opposite: top
		{i: 1, n: 4, you: 2, pos: 3, from: "from-e"}, // the one before you: right
		{i: 1, n: 2, you: 0, pos: 1, from: "from-n"},
		{i: 0, n: 5, you: -1, pos: 0, from: "from-s"},
		// the others share what the viewer's gap of 2.2 × 72° leaves, from
		// 169.2° by 67.2°: the last at 370.8°, 10.8° below the east
		{i: 4, n: 5, you: -1, pos: 4, from: "from-e"},
		{i: 1, n: 8, you: 0, pos: 1, from: "from-sw"},
	}
	for _, c := range cases {
		p := Place(c.i, c.n, c.you)
		if p.Pos != c.pos || p.From() != c.from {
			t.Errorf("seat %d of %d seen from %d: at %d %s, want %d %s", c.i, c.n, c.you, p.Pos, p.From(), c.pos, c.from)
		}
	}
}
