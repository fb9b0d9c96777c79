package room

import (
	"testing"

	"github.com/tablegames/tables/game/impetus"
)

// The same card drawn twice plays alike: one button, saying so.
func TestImpetusCardOptionsOnePerCard(t *testing.T) {
	opts := cardOptions([]impetus.Card{impetus.Trade, impetus.Steal, impetus.Trade, impetus.Trade}, "Play ")
	if len(opts) != 2 {
		t.Fatalf("%d buttons for Trade, Steal, Trade, Trade: %v", len(opts), opts)
	}
	if opts[0].Label != "Play Trade" || opts[0].Value != "0" || opts[0].Note != "drawn 3 times" {
		t.Fatalf("the Trade button: %+v", opts[0])
	}
	if opts[1].Label != "Play Steal" || opts[1].Value != "1" || opts[1].Note != "" {
		t.Fatalf("the Steal button: %+v", opts[1])
	}
}

// The log's turns stand out and a turn's details may fold away; the
// summary lines stay.
func TestImpetusLogWeight(t *testing.T) {
	for text, want := range map[string]string{
		"Turn 3 begins.":                                              "head",
		"Mesa steals 1 gold from Mountain.":                           "minor",
		"Jungle expands into neutral land by Jungle, north-east.":     "minor",
		"Plains's Trade rises to +1.":                                 "minor",
		"Agenda: Mountain plays Trade; Mesa (Ann) plays Expand.":      "",
		"War between Plains and River: 6+1 against 1+1: Plains wins.": "",
		"Sand gives Ann 1 VP.":                                        "",
	} {
		if got := impetusLogWeight(&logLine{Text: text}); got != want {
			t.Errorf("%q weighs %q, want %q", text, got, want)
		}
	}
}
