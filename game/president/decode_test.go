package president

import (
	"math/rand/v2"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
)

func TestDecode(t *testing.T) {
	cases := []struct {
		form string
		want Action
		ok   bool
	}{
		{"kind=play&card=3D&card=3s", Action{Kind: PlayCards, Cards: []cards.Card{cards.New(cards.Three, cards.Diamonds), cards.New(cards.Three, cards.Spades)}}, true},
		{"kind=pass", Action{Kind: Pass}, true},
		{"kind=discard&card=JR", Action{Kind: Discard, Cards: []cards.Card{cards.RedJoker}}, true},
		{"kind=return&card=10H", Action{Kind: ReturnCards, Cards: []cards.Card{cards.New(cards.Ten, cards.Hearts)}}, true},
		{"kind=gift&give_9C=3&give_5H=2&give_KD=", Action{Kind: Gift, Cards: []cards.Card{cards.New(cards.Five, cards.Hearts), cards.New(cards.Nine, cards.Clubs)}, To: []int{2, 3}}, true},
		{"kind=deal&seed=4", Action{}, false},
		{"kind=play&card=ZZ", Action{}, false},
		{"kind=gift&give_9C=x", Action{}, false},
		{"kind=gift&give_9C=7", Action{}, false},
		{"kind=gift&give_QQ=1", Action{}, false},
		{"", Action{}, false},
		{"kind=play&card=" + strings.Repeat("3D&card=", 60) + "3D", Action{}, false},
	}
	for _, tc := range cases {
		f, err := url.ParseQuery(tc.form)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(f)
		if !tc.ok {
			if ge, is := err.(*game.Error); !is || ge.Code != CodeActionNotAllowed {
				t.Errorf("%.40q: err %v", tc.form, err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %+v %v, want %+v", tc.form, got, err, tc.want)
		}
		again, err := Decode(got.Encode())
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("%q does not round-trip: %+v", tc.form, again)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{"kind=play&card=3D", "kind=gift&give_9C=2", "kind=pass", "kind=return&card=JR&card=JB", "kind=%ZZ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		form, err := url.ParseQuery(q)
		if err != nil {
			return
		}
		a, err := Decode(form)
		if err != nil {
			if _, ok := err.(*game.Error); !ok {
				t.Fatalf("error %v is not a game error", err)
			}
			return
		}
		if a.Kind == Deal {
			t.Fatal("a form decoded to a deal")
		}
		s, _, _ := New(House, 4, 1)
		seat := s.Actor()
		if next, _, err := Apply(s, seat, a); err == nil {
			if err := CheckInvariants(&next); err != nil {
				t.Fatal(err)
			}
		} else if ge, ok := err.(*game.Error); !ok || ge.Code == "" {
			t.Fatalf("rejection without a code: %v", err)
		}
	})
}

// FuzzActions plays random, mostly illegal, action sequences: the engine
// must never panic, every rejection carries a code and changes nothing,
// and the invariants hold after every accepted action.
func FuzzActions(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(2), []byte("a longer script of bytes to drive a deal"))
	f.Fuzz(func(t *testing.T, seed uint64, script []byte) {
		rules := House
		if seed%2 == 1 {
			rules = Standard
		}
		n := rules.MinPlayers + int(seed/2)%(rules.MaxPlayers-rules.MinPlayers+1)
		s, _, err := New(rules, n, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 0))
		for i := 0; i+1 < len(script); i += 2 {
			seat := int(script[i]%uint8(n+2)) - 1
			a := fuzzAction(script[i+1], &s, rng)
			before := s
			next, _, err := Apply(s, seat, a)
			if err != nil {
				ge, ok := err.(*game.Error)
				if !ok || ge.Code == "" || ge.Message == "" {
					t.Fatalf("rejection without code: %v", err)
				}
				if !reflect.DeepEqual(next, before) {
					t.Fatal("rejected action changed the state")
				}
				continue
			}
			if err := CheckInvariants(&next); err != nil {
				t.Fatalf("after %v by %d: %v", a.Kind, seat, err)
			}
			s = next
			if s.Phase == DealOver {
				s, _, _ = Apply(s, game.System, Action{Kind: Deal, Seed: rng.Uint64()})
			}
		}
	})
}

// fuzzAction makes an action from a byte: sometimes a bot's legal move,
// often random cards from anywhere.
func fuzzAction(b byte, s *State, rng *rand.Rand) Action {
	if b%3 == 0 {
		seat := s.Actor()
		if seat >= 0 {
			v := s.View(seat)
			if a, ok := RandomLegal(&v, rng); ok {
				return a
			}
		}
	}
	a := Action{Kind: Kind(b%7) + 0}
	for i := 0; i < int(b/7)%5; i++ {
		a.Cards = append(a.Cards, cards.Card(rng.IntN(56)))
		a.To = append(a.To, rng.IntN(7)-1)
	}
	return a
}
