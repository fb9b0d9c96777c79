package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/room"
)

// TestMyGamesAndPlayerPage: Ann sits at a public table and a private one
// and has a finished game at each. My games shows her both, with their
// results and replay links; her public page (at her handle) shows the
// public one only: not the private table's code, the name she used there
// or her friend there. No page shows a session's player id.
func TestMyGamesAndPlayerPage(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann, bob, cy := e.client(), e.client(), e.client()
	pub := ann.createTable("Ann", url.Values{"kind": {"lowunique"}, "seats": {"4"}, "public": {"on"}, "bots": {"on"}})
	bob.join(pub, "Bob")
	priv := ann.createTable("Ann", url.Values{"kind": {"lowunique"}, "seats": {"2"}})
	cy.join(priv, "Cyrano")
	playerOf := func(code string, seat int) string {
		var p string
		e.inRoom(code, func(r *room.Room) { p = r.Table().Seats[seat].Player })
		if p == "" {
			t.Fatalf("no player in seat %d of %s", seat, code)
		}
		return p
	}
	annID, bobID, cyID := playerOf(pub, 0), playerOf(pub, 1), playerOf(priv, 1)
	if playerOf(priv, 0) != annID {
		t.Fatal("Ann has two player ids")
	}
	ctx := context.Background()
	at := time.Now()
	for _, g := range []db.GameResult{
		{Room: pub, Game: 1, Kind: "lowunique", Finished: at, Public: true, Unit: "points", Replay: 1, Seats: []db.SeatResult{
			{Player: annID, Name: "Ann", Place: 1, Figure: 11}, {Player: bobID, Name: "Bob", Place: 3, Figure: 4},
			{Name: "Bot 3", Place: 2, Figure: 6}, {Name: "Bot 4", Place: 4, Figure: 0}}},
		{Room: priv, Game: 2, Kind: "lowunique", Finished: at.Add(time.Minute), Unit: "points", Replay: 2, Seats: []db.SeatResult{
			{Player: annID, Name: "Ann incognito", Place: 2, Figure: 3}, {Player: cyID, Name: "Cyrano", Place: 1, Figure: 8}}},
	} {
		if _, err := e.db.RecordGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	handle, err := e.db.Handle(ctx, annID)
	if err != nil || handle == "" {
		t.Fatalf("Ann's handle: %q %v", handle, err)
	}
	secrets := []string{annID, bobID, cyID}
	noSecret := func(where, body string) {
		t.Helper()
		for _, s := range secrets {
			if strings.Contains(body, s) {
				t.Fatalf("%s shows a session's player id", where)
			}
		}
	}

	status, mine := ann.get("/me")
	if status != http.StatusOK {
		t.Fatalf("/me: %d", status)
	}
	noSecret("My games", mine)
	for _, want := range []string{"/t/" + pub, "/t/" + priv, "1st of 4", "2nd of 2", "11 points", "/t/" + pub + "/replay/1",
		"/t/" + priv + "/replay/2", "/p/" + handle, "private", "Lowest Unique"} {
		if !strings.Contains(mine, want) {
			t.Fatalf("My games lacks %q:\n%s", want, mine)
		}
	}

	// anyone may read Ann's public page: nothing of the private table
	stranger := e.client()
	status, page := stranger.get("/p/" + handle)
	if status != http.StatusOK {
		t.Fatalf("/p/%s: %d", handle, status)
	}
	noSecret("the player page", page)
	for _, want := range []string{"Ann", pub, "1st of 4", "/t/" + pub + "/replay/1"} {
		if !strings.Contains(page, want) {
			t.Fatalf("the player page lacks %q:\n%s", want, page)
		}
	}
	for _, never := range []string{priv, "incognito", "Cyrano", "2nd of 2", "private", "hands.txt"} {
		if strings.Contains(page, never) {
			t.Fatalf("the player page shows %q of a private table:\n%s", never, page)
		}
	}
	if !strings.Contains(page, "Played") || strings.Contains(page, ">2</td>") {
		t.Fatalf("the player page's record counts the private game:\n%s", page)
	}
	// a private-only player has no public page; a guessed handle is 404
	if h, _ := e.db.Handle(ctx, cyID); h != "" {
		t.Fatal("Cyrano played only privately and has a public handle")
	}
	for _, bad := range []string{"/p/aaaaaaaaaa", "/p/" + annID, "/p/x"} {
		if status, _ := stranger.get(bad); status != http.StatusNotFound {
			t.Fatalf("%s: %d, want 404", bad, status)
		}
	}
	// a visitor with no session has an empty My games
	if status, body := stranger.get("/me"); status != http.StatusOK || !strings.Contains(body, "Nothing here yet") {
		t.Fatalf("/me without a session: %d", status)
	}
	// the home page links My games; no page carries a player id
	if _, home := ann.get("/"); !strings.Contains(home, `href="/me"`) {
		t.Fatal("the home page does not link My games")
	}
	for _, path := range []string{"/", "/t/" + pub, "/t/" + priv, "/t/" + pub + "/replays", "/me", "/p/" + handle} {
		for _, c := range []*client{ann, bob, cy, stranger} {
			_, body := c.get(path)
			noSecret(path, body)
		}
	}
}
