package game

import "testing"

func TestEventRender(t *testing.T) {
	names := func(seat int) string { return []string{"Ann", "Bob", "<Cy>"}[seat] }
	cases := map[string]string{
		"{0} plays a nine.":            "Ann plays a nine.",
		"{1} gives two cards to {2}.":  "Bob gives two cards to <Cy>.",
		"no seats here":                "no seats here",
		"{x} stays {":                  "{x} stays {",
		"Deal 2: {0} deals, {1} next.": "Deal 2: Ann deals, Bob next.",
	}
	for in, want := range cases {
		if got := (Event{Text: in}).Render(names); got != want {
			t.Errorf("%q rendered %q, want %q", in, got, want)
		}
	}
}

func TestEventVisibleTo(t *testing.T) {
	pub := Event{Text: "x"}
	priv := Event{Text: "y", Only: []int{1, 3}}
	if !pub.VisibleTo(Spectator) || !priv.VisibleTo(3) || priv.VisibleTo(0) || priv.VisibleTo(Spectator) {
		t.Fatal("visibility wrong")
	}
}
