package room

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/game/president"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// TestEveningArithmetic adds up, by hand, two President deals and then
// two Hold'em hands with the same people (a bot among them): each
// person's played, wins, places, points and role, and net chips, and the
// order best first.
func TestEveningArithmetic(t *testing.T) {
	seats := []seat{{Player: "p-ann", Name: "Ann"}, {Player: "p-bob", Name: "Bob"}, {Bot: "greedy", Name: "Bot 3"}, {Player: "p-cy", Name: "Cy"}}
	deal := func(n int, places []int, pts []int, roles []string) outcome {
		o := outcome{Key: "deal " + itoa(n), What: "deal", Placed: true, Figure: true}
		for i := range places {
			o.Seats = append(o.Seats, seatOutcome{Place: places[i], Add: pts[i], Mark: legacyMarks[roles[i]]})
		}
		return o
	}
	hand := func(n int, net []int, dealt []bool) outcome {
		o := outcome{Key: "hand " + itoa(n), What: "hand", Figure: true}
		for i := range net {
			o.Seats = append(o.Seats, seatOutcome{Add: net[i], Out: !dealt[i]})
		}
		return o
	}
	e := &evening{}
	// deal 1: Ann President, Bob VP, Bot 3 Scumbag, Cy Asshole
	e.add("president", deal(1, []int{1, 2, 3, 4}, []int{2, 1, -1, -2}, []string{"President", "VP", "Scumbag", "Asshole"}), seats)
	// deal 2: Bob, Cy, Ann, Bot 3
	e.add("president", deal(2, []int{3, 1, 4, 2}, []int{-1, 2, -2, 1}, []string{"Scumbag", "President", "Asshole", "VP"}), seats)
	// then Hold'em: Bot 3 sits the first hand out
	e.add("holdem", hand(1, []int{150, -100, 0, -50}, []bool{true, true, false, true}), seats)
	e.add("holdem", hand(2, []int{-30, 90, 0, -60}, []bool{true, true, true, true}), seats)
	checkEvening(t, e)

	// an evening saved before the catalogs kept words (a game's title, a
	// figure's heading and unit, a role's name): it reads as the same
	// evening
	saved := `{"count":[{"game":"President","what":"deal","n":2},{"game":"Texas Hold'em","what":"hand","n":2}],` +
		`"figures":[{"head":"President","unit":" pts"},{"head":"Hold'em"}],"people":[` +
		`{"player":"p-ann","name":"Ann","played":2,"wins":1,"places":[1,0,1],"figs":{"President":1,"Hold'em":120},"marks":{"President":"Scumbag"}},` +
		`{"player":"p-bob","name":"Bob","played":2,"wins":1,"places":[1,1],"figs":{"President":3,"Hold'em":-10},"marks":{"President":"President"}},` +
		`{"name":"Bot 3","played":2,"places":[0,0,1,1],"figs":{"President":-3,"Hold'em":0},"marks":{"President":"Asshole"}},` +
		`{"player":"p-cy","name":"Cy","played":2,"places":[0,1,0,1],"figs":{"President":-1,"Hold'em":-110},"marks":{"President":"VP"}}]}`
	var old evening
	if err := json.Unmarshal([]byte(saved), &old); err != nil {
		t.Fatal(err)
	}
	checkEvening(t, &old)
	if !reflect.DeepEqual(old.Count, e.Count) || !reflect.DeepEqual(old.Figures, e.Figures) {
		t.Fatalf("an old evening reads as %+v %+v, want %+v %+v", old.Count, old.Figures, e.Count, e.Figures)
	}

	// Dan never played President: his President figure is a dash; a
	// person known by player id keeps one row under a new name
	seats[3] = seat{Player: "p-dan", Name: "Dan"}
	seats[0].Name = "Annie"
	e.add("holdem", hand(3, []int{10, 0, 0, -10}, []bool{true, false, false, true}), seats)
	v := eveningView(e, "", i18n.English())
	var dan, annie *views.EveningRow
	for i := range v.Rows {
		switch v.Rows[i].Name {
		case "Dan":
			dan = &v.Rows[i]
		case "Annie":
			annie = &v.Rows[i]
		case "Ann":
			t.Fatal("Ann's old name has a row of its own")
		}
	}
	if dan == nil || dan.Figures[0].Text != "–" || dan.Figures[1].Text != "-10" || dan.Places != "–" {
		t.Fatalf("Dan: %+v", dan)
	}
	if annie == nil || annie.Figures[1].Text != "+130" || annie.You {
		t.Fatalf("Annie: %+v", annie)
	}
}

// checkEvening checks the evening of TestEveningArithmetic's first four
// outcomes, as Ann sees it in English.
func checkEvening(t *testing.T, e *evening) {
	t.Helper()
	v := eveningView(e, "p-ann", i18n.English())
	if got := strings.Join(v.Counts, " · "); got != "2 President deals · 2 Texas Hold'em hands" {
		t.Fatalf("counts: %q", got)
	}
	if !v.Placed || !reflect.DeepEqual(v.Heads, []string{"President", "Hold'em"}) {
		t.Fatalf("columns: placed %v, heads %v", v.Placed, v.Heads)
	}
	// Ann and Bob won a deal each; Bob's places average 1.5, Ann's 2;
	// Cy's 3 (2nd and 4th) before the bot's 3.5
	want := []struct {
		name          string
		you, bot      bool
		played, wins  int
		places, pres  string
		chips         string
		presS, chipsS int
	}{
		{"Bob", false, false, 2, 1, "1st · 2nd", "+3 pts · President", "-10", 1, -1},
		{"Ann", true, false, 2, 1, "1st · 3rd", "+1 pts · Scumbag", "+120", 1, 1},
		{"Cy", false, false, 2, 0, "2nd · 4th", "-1 pts · VP", "-110", -1, -1},
		{"Bot 3", false, true, 2, 0, "3rd · 4th", "-3 pts · Asshole", "0", -1, 0},
	}
	if len(v.Rows) != len(want) {
		t.Fatalf("%d rows: %+v", len(v.Rows), v.Rows)
	}
	for i, w := range want {
		r := v.Rows[i]
		got := []any{r.Name, r.You, r.Bot, r.Played, r.Wins, r.Places, r.Figures[0].Text, r.Figures[1].Text, r.Figures[0].Sign, r.Figures[1].Sign}
		exp := []any{w.name, w.you, w.bot, w.played, w.wins, w.places, w.pres, w.chips, w.presS, w.chipsS}
		if !reflect.DeepEqual(got, exp) {
			t.Errorf("row %d: %v, want %v", i+1, got, exp)
		}
	}
}

// TestPlacesBy: the higher key places better, ties share a place.
func TestPlacesBy(t *testing.T) {
	if got := placesBy([]int{3, 7, 3, 9}); !reflect.DeepEqual(got, []int{3, 2, 3, 1}) {
		t.Fatalf("places %v", got)
	}
	// a place and its count never part: a no-break space joins them
	if got := placesWords([]int{2, 0, 1}, i18n.English()); got != "1st\u00a0×2 · 3rd" {
		t.Fatalf("places in words %q", got)
	}
}

// tenRuntime is a quiet runtime hosting Ten on the database at path.
func tenRuntime(t *testing.T, path string) (*Runtime, func()) {
	d, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	rt := New(Config{BotDelayMin: time.Hour, BotDelayMax: time.Hour, NextDealDelay: time.Hour, AbsentAutoplay: time.Hour, AbsentGrace: time.Hour},
		d, slog.New(slog.NewTextHandler(io.Discard, nil)))
	rt.host(tenKind)
	return rt, func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		rt.Shutdown(ctx)
		d.Close()
	}
}

// TestPlayAgainKeepsTheTableAndItsEvening: a finished game is played
// again at the same table (same code, same people in the same seats) once
// both want it, and the evening counts both games; a restart, and a
// replay from the first entry, give the same evening.
func TestPlayAgainKeepsTheTableAndItsEvening(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables.db")
	rt, stop := tenRuntime(t, path)
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}}
	r := seatTable(t, rt, "ten", url.Values{"clock": {"0"}}, people)
	ctx := t.Context()
	code := r.Code()
	play := func(adds ...int) {
		t.Helper()
		for i, n := range adds {
			if err := r.Move(ctx, people[i%2].id, url.Values{"add": {itoa(n)}}); err != nil {
				t.Fatalf("add %d: %v", n, err)
			}
		}
	}
	again := func(p *person) error { return r.Seat(ctx, p.id, p.name, url.Values{"do": {"again"}}) }
	if err := again(people[0]); err == nil {
		t.Fatal("Play again before the game is over")
	}
	play(2, 2, 2, 2, 2) // Ann reaches 10
	if err := r.Seat(ctx, "p-watcher", "Wes", url.Values{"do": {"again"}}); err == nil {
		t.Fatal("a watcher plays again")
	}
	if err := again(people[0]); err != nil {
		t.Fatal(err)
	}
	r.Inspect(ctx, func(r *Room) {
		tb := r.Table()
		if !tb.Match.Over() || tb.Games != 1 || !reflect.DeepEqual(tb.Offers, []int{0}) {
			t.Fatalf("after Ann alone: over %v, game %d, offers %v", tb.Match.Over(), tb.Games, tb.Offers)
		}
		if a := (&roomView{t: tb, code: code, seat: 1}).again(); a.Text != "Ann wants to play again; waiting for Bob." || a.Offered {
			t.Fatalf("Bob's Play again: %+v", a)
		}
	})
	if err := again(people[1]); err != nil {
		t.Fatal(err)
	}
	r.Inspect(ctx, func(r *Room) {
		tb := r.Table()
		if tb.Match.Over() || tb.Games != 2 || len(tb.Offers) != 0 || tb.Seats[0].Player != "p-ann" || tb.Seats[1].Player != "p-bob" {
			t.Fatalf("the second game: over %v, game %d, offers %v, seats %+v", tb.Match.Over(), tb.Games, tb.Offers, tb.Seats)
		}
	})
	if got := people[1].screen.last(); !strings.Contains(got, "Count 0. Your turn") && !strings.Contains(people[0].screen.last(), "Count 0. Your turn") {
		t.Fatalf("no new game on the screens: %.300s", got)
	}
	play(1, 2, 2, 2, 1, 2) // 1, 3, 5, 7, 8, Bob 10
	var before evening
	var view *views.Evening
	r.Inspect(ctx, func(r *Room) {
		before = *r.Table().Evening
		view = eveningView(r.Table().Evening, "p-bob", i18n.English())
	})
	// Ten, a game of this test only, has no words in the catalog: its
	// count reads as its key (a game adds <game>.evening.<what>)
	if got := strings.Join(view.Counts, ""); got != "ten.evening.game" {
		t.Fatalf("counts %q", got)
	}
	for i, w := range []views.EveningRow{
		{Name: "Ann", Played: 2, Wins: 1, Places: "1st · 2nd"},
		{Name: "Bob", You: true, Played: 2, Wins: 1, Places: "1st · 2nd"},
	} {
		if !reflect.DeepEqual(view.Rows[i], w) {
			t.Fatalf("row %d: %+v, want %+v", i, view.Rows[i], w)
		}
	}
	if !strings.Contains(people[0].screen.all()[len(people[0].screen.all())-1], "ten.evening.game") {
		t.Fatalf("Ann's Tonight drawer was not pushed: %.500s", people[0].screen.last())
	}
	stop()

	// a restart: the table comes back from its snapshot and log
	rt, stop = tenRuntime(t, path)
	defer stop()
	r, err := rt.Get(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	r.Inspect(ctx, func(r *Room) {
		if got := *r.Table().Evening; !reflect.DeepEqual(got, before) {
			t.Fatalf("after a restart:\n%+v\nbefore:\n%+v", got, before)
		}
	})
	// and from the first entry
	scratch, err := replay(ctx, rt.db, rt.kinds, code, false, false, false)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*scratch.Evening, before) {
		t.Fatalf("replayed from scratch:\n%+v\nlive:\n%+v", *scratch.Evening, before)
	}
	screen := &conn{}
	if err := r.Connect(ctx, screen, "p-ann"); err != nil {
		t.Fatal(err)
	}
	if got := screen.last(); !strings.Contains(got, `id="evening"`) || !strings.Contains(got, "ten.evening.game") {
		t.Fatalf("the page after the restart has no evening: %.500s", got)
	}

	// Ann wants a third game; Bob, awaited, leaves the table instead: the
	// bot that takes his seat wants it, so it starts
	if err := r.Seat(ctx, "p-ann", "Ann", url.Values{"do": {"again"}}); err != nil {
		t.Fatal(err)
	}
	if err := r.Seat(ctx, "p-bob", "Bob", url.Values{"do": {"leave"}}); err != nil {
		t.Fatal(err)
	}
	r.Inspect(ctx, func(r *Room) {
		if tb := r.Table(); tb.Games != 3 || tb.Match.Over() || tb.Seats[1].Bot == "" {
			t.Fatalf("after Bob left: game %d, over %v, seat 2 %+v", tb.Games, tb.Match.Over(), tb.Seats[1])
		}
	})
}

// TestPlayAgainWithACommittedSeed: Impetus, a game dealt from a committed
// seed, played to its end by bots, then again: the first offer commits the
// next game's seed, the new game starts from it, the evening counts the
// first game, and its replay is the second.
func TestPlayAgainWithACommittedSeed(t *testing.T) {
	rt := quietRuntime(t)
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}}
	r := seatTable(t, rt, "impetus", url.Values{"seats": {"2"}, "clock": {"0"}}, people)
	ctx := t.Context()
	for over := false; !over; {
		r.Inspect(ctx, func(r *Room) {
			if over = r.Table().Match.Over(); !over && len(r.Table().Match.Waiting()) == 0 {
				r.continueMatch()
			}
		})
		if !over {
			playUntil(t, r, people, func(tb *Table) bool { return tb.Match.Over() || len(tb.Match.Waiting()) == 0 })
		}
	}
	r.Inspect(ctx, func(r *Room) {
		tb := r.Table()
		if tb.Fair.Next != 0 || tb.Evening == nil || tb.Evening.Count[0] != (eveningCount{Game: "impetus", What: "game", N: 1}) {
			t.Fatalf("at the end: seeds %+v, evening %+v", tb.Fair, tb.Evening)
		}
	})
	if err := r.Seat(ctx, "p-bob", "Bob", url.Values{"do": {"again"}}); err != nil {
		t.Fatal(err)
	}
	var committed uint64
	r.Inspect(ctx, func(r *Room) { committed = r.Table().Fair.Next })
	if committed == 0 {
		t.Fatal("the first offer committed no seed")
	}
	if err := r.Seat(ctx, "p-ann", "Ann", url.Values{"do": {"again"}}); err != nil {
		t.Fatal(err)
	}
	r.Inspect(ctx, func(r *Room) {
		tb := r.Table()
		if tb.Games != 2 || tb.Match.Over() || tb.Fair.Current != committed {
			t.Fatalf("the second game: %d, over %v, seeds %+v, committed %x", tb.Games, tb.Match.Over(), tb.Fair, committed)
		}
		if v := impetusView(&roomView{t: tb, code: r.Code(), seat: 0}); v.ReplayURL != "/t/"+r.Code()+"/replay/2" {
			t.Fatalf("the second game's replay: %s", v.ReplayURL)
		}
	})
}

// TestEveningOfRealGames plays two President deals and two Hold'em cash
// hands through commands: each person's President total is the match's
// score and their Hold'em total their stack less the buy-in.
func TestEveningOfRealGames(t *testing.T) {
	rt := quietRuntime(t)
	ctx := t.Context()
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}}
	r := seatTable(t, rt, "president", url.Values{"ruleset": {"house"}, "seats": {"3"}, "clock": {"0"}}, people)
	for deal := 1; deal <= 2; deal++ {
		playUntil(t, r, people, func(tb *Table) bool {
			st := tb.Match.(*president.Match).State
			return st.Phase == president.DealOver && st.Deal == deal
		})
		if deal == 1 {
			r.Inspect(ctx, func(r *Room) { r.continueMatch() })
		}
	}
	r.Inspect(ctx, func(r *Room) {
		st := r.Table().Match.(*president.Match).State
		e := r.Table().Evening
		wins := 0
		for i, p := range e.People {
			if p.Player != people[i].id || p.Played != 2 || p.Figures["president"] != st.Players[i].Score {
				t.Errorf("%s: %+v, score %d", people[i].name, p, st.Players[i].Score)
			}
			wins += p.Wins
		}
		if wins != 2 || e.Count[0].N != 2 {
			t.Errorf("%d wins in %+v", wins, e.Count)
		}
	})

	r = seatTable(t, rt, "holdem", url.Values{"seats": {"3"}, "clock": {"0"}}, people)
	var stack int
	r.Inspect(ctx, func(r *Room) { stack = r.Table().Opts.Stack })
	for hand := 1; hand <= 2; hand++ {
		playUntil(t, r, people, func(tb *Table) bool {
			st := holdemState(tb.Match)
			return st.Street == holdem.HandOver && st.Hand == hand
		})
		if hand == 1 {
			r.Inspect(ctx, func(r *Room) { r.continueMatch() })
		}
	}
	r.Inspect(ctx, func(r *Room) {
		st := holdemState(r.Table().Match)
		e := r.Table().Evening
		sum := 0
		for i, p := range e.People {
			net := st.Seats[i].Stack - stack
			if p.Played != 0 || p.Figures["holdem"] != net {
				t.Errorf("%s: %+v, stack %d of %d", people[i].name, p, st.Seats[i].Stack, stack)
			}
			sum += net
		}
		if sum != 0 || e.Count[0].N != 2 {
			b, _ := json.Marshal(e)
			t.Errorf("nets add to %d: %s", sum, b)
		}
	})
}
