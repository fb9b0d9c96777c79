package holdem

import (
	"net/url"
	"reflect"
	"testing"

	"github.com/tablegames/tables/game"
)

func TestMatchAdapter(t *testing.T) {
	m, _, err := NewMatch(DefaultRules, 3, 9)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"kind=fold", "kind=check", "kind=call", "kind=raise&amount=60", "kind=allin", "kind=sitout"} {
		f, _ := url.ParseQuery(q)
		mv, err := m.Decode(f)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		back, _ := m.Decode(m.Encode(mv))
		if !reflect.DeepEqual(back, mv) {
			t.Fatalf("%s does not round-trip", q)
		}
	}
	for _, q := range []string{"kind=deal", "kind=raise", "kind=raise&amount=-5", "kind=raise&amount=x", ""} {
		f, _ := url.ParseQuery(q)
		if _, err := m.Decode(f); err == nil {
			t.Fatalf("%q decoded", q)
		}
	}
	// play a hand out with auto moves, then the table deals again
	for len(m.Waiting()) > 0 {
		s := m.Waiting()[0]
		mv, _ := m.Auto(s)
		if _, err := m.Apply(s, mv); err != nil {
			t.Fatal(err)
		}
	}
	mv, ok := m.Continue(3)
	if !ok {
		t.Fatal("no next hand")
	}
	if _, err := m.Apply(game.System, mv); err != nil || m.State.Hand != 2 {
		t.Fatalf("next hand: %v", err)
	}
	snap, _ := m.Snapshot()
	var back Match
	if err := back.Restore(snap); err != nil || !reflect.DeepEqual(back.State, m.State) {
		t.Fatalf("snapshot round trip: %v", err)
	}
}

func BenchmarkApplyCall(b *testing.B) {
	s := start(b, DefaultRules, 2000, 2000, 2000)
	b.ReportAllocs()
	for b.Loop() {
		Apply(s, s.Turn, Action{Kind: Call})
	}
}

func BenchmarkView(b *testing.B) {
	s := start(b, DefaultRules, 2000, 2000, 2000, 2000, 2000, 2000)
	b.ReportAllocs()
	for b.Loop() {
		s.View(2)
	}
}
