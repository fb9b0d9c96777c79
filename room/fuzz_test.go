package room

import (
	"errors"
	"net/url"
	"testing"
	"unicode/utf8"

	"github.com/tablegames/tables/game"
)

// FuzzForms feeds arbitrary forms to every decoder a request reaches:
// names, chat lines, lobby seats, each game's options and
// moves (applied for every seat). None may panic; every rejection is a
// game error with a message; what is accepted is within its limits.
func FuzzForms(f *testing.F) {
	for _, s := range []string{
		"name=Ann&text=hi&seat=1&code=ABCD",
		"kind=play&card=3D&card=JR",
		"kind=gift&give_5H=2&give_9C=",
		"ruleset=standard&seats=2&bots=on&clock=30",
		"name=%00%ff&seat=-1&seats=99",
		"text=" + string(make([]byte, 300)),
		"kind=raise&amount=60",
		"kind=allin&amount=-5",
		"blinds=25/50&stack_bb=20&seats=9&ai=llm",
		"kind=select&card=3&card=5",
		"kind=choose&card=9&rounds=30&cards=2",
		"kind=idol&idol=battle&cell=60",
		"kind=swap&remove=trade&add=expand&faction=7",
	} {
		f.Add(s)
	}
	ks := kinds()
	f.Fuzz(func(t *testing.T, q string) {
		form, err := url.ParseQuery(q)
		if err != nil {
			return
		}
		gameErr := func(err error) {
			var ge *game.Error
			if err != nil && (!errors.As(err, &ge) || ge.Code == "" || ge.Message == "") {
				t.Fatalf("%q: not a game error: %v", q, err)
			}
		}
		if name, err := CheckName(form.Get("name")); err == nil {
			if n := utf8.RuneCountInString(name); n < 1 || n > 20 {
				t.Fatalf("name %q accepted", name)
			}
		} else {
			gameErr(err)
		}
		if text, err := checkChat(form.Get("text")); err == nil {
			if n := utf8.RuneCountInString(text); n < 1 || n > maxChat {
				t.Fatalf("chat %q accepted", text)
			}
		} else {
			gameErr(err)
		}
		if seat, err := parseSeat(form, 5); err == nil && (seat < -1 || seat >= 5) {
			t.Fatalf("seat %d accepted", seat)
		} else {
			gameErr(err)
		}
		for _, k := range ks {
			o, err := k.options(form)
			gameErr(err)
			if err == nil && (o.Seats < k.minPlayers(o) || o.Seats > 9) {
				t.Fatalf("%s: options %+v accepted", k.name, o)
			}
			base, err := k.options(fuzzTables[k.name])
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := k.newMatch(base, 4, 1)
			if err != nil {
				t.Fatal(err)
			}
			mv, err := m.Decode(form)
			gameErr(err)
			if err != nil {
				continue
			}
			for seat := game.System; seat < 5; seat++ {
				v := m.Version()
				if _, err := m.Apply(seat, mv); err != nil {
					gameErr(err)
					if m.Version() != v {
						t.Fatal("a rejected move changed the version")
					}
				}
			}
		}
	})
}

// fuzzTables are the options of each game's table the moves are tried on.
var fuzzTables = map[string]url.Values{
	"president": {"ruleset": {"house"}, "seats": {"4"}, "bots": {"on"}},
	"holdem":    {"blinds": {"10/20"}, "stack_bb": {"100"}, "seats": {"4"}, "bots": {"on"}},
	"lowunique": {"seats": {"4"}, "rounds": {"8"}, "cards": {"8"}, "bots": {"on"}},
	"impetus":   {"seats": {"4"}, "bots": {"on"}},
}
