package room

import (
	"math/rand/v2"
	"testing"

	"github.com/tablegames/tables/game/impetus"
	"github.com/tablegames/tables/i18n"
)

// The same card drawn twice plays alike: one button, saying so.
func TestImpetusCardOptionsOnePerCard(t *testing.T) {
	opts := cardOptions([]impetus.Card{impetus.Trade, impetus.Steal, impetus.Trade, impetus.Trade}, "impetus.view.option.play", i18n.English())
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

// A line logged as an event weighs and mentions as its English did when
// logs were English (snapshots from before still are): over whole games,
// every line read from its key and arguments agrees with the same line
// read from its English text.
func TestImpetusLogFromKeys(t *testing.T) {
	for seats := 2; seats <= 6; seats += 2 {
		r := benchRoom(t, impetusKind, Options{Seats: seats, Bots: true})
		rng := rand.New(rand.NewPCG(uint64(seats), 9))
		var lines []logLine
		for move := 0; move < 2000 && !r.t.Match.Over(); move++ {
			w := r.t.Match.Waiting()
			if len(w) == 0 {
				break
			}
			mv, _ := r.t.Match.Bot(w[0], "random", rng)
			evs, err := r.t.Match.Apply(w[0], mv)
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, r.t.events(evs)...)
		}
		heads := 0
		for _, l := range lines {
			if l.Msg == nil {
				t.Fatalf("%q is not an event", l.String())
			}
			old := logLine{Text: l.String()}
			if got, want := impetusLogWeight(&l), impetusLogWeight(&old); got != want {
				t.Errorf("%q weighs %q from its key, %q from its text", old.Text, got, want)
			}
			if turnBegins(&l) {
				heads++
			}
			for seat := range r.t.Seats {
				for f := -1; f < impetus.NumFactions; f++ {
					faction := ""
					if f >= 0 {
						faction = impetus.FactionNames[f]
					}
					me := r.t.Name(seat)
					if got, want := mentions(&l, me, faction), mentions(&old, me, faction); got != want {
						t.Errorf("%q mentions %s or %q: %v from its key, %v from its text", old.Text, me, faction, got, want)
					}
				}
			}
		}
		if heads < 2 {
			t.Errorf("%d seats: %d turns begun", seats, heads)
		}
	}
}
