package db

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestClubs: a club made with its owner and first season; joined only by
// its invite of now; a member's number never their player id; the owner
// never removed; seasons started and ended; its tables, their Tonight
// tables and the places people took there, per season; and the open
// tables of a member's clubs.
func TestClubs(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		d, _ := open(t)
		t0 := time.UnixMilli(1_800_000_000_000)
		c, err := d.NewClub(ctx, "Friday poker", "pann", "Ann", false, "10,7,5", t0)
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.Club(ctx, c.Handle)
		if err != nil || got.Name != "Friday poker" || got.Owner != "pann" || got.Public || got.Season != 1 || got.Seasons != 1 || got.Invite != c.Invite || len(c.Invite) != 26 {
			t.Fatalf("Club = %+v, %v (made %+v)", got, err, c)
		}
		if _, err := d.Club(ctx, "nosuchclub"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("no club: %v", err)
		}
		// joining: only by the invite of now
		if _, err := d.JoinClub(ctx, c.Handle, "wrong", "pbob", "Bob", t0); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a wrong invite: %v", err)
		}
		if ok, err := d.JoinClub(ctx, c.Handle, c.Invite, "pbob", "Bob", t0.Add(time.Minute)); !ok || err != nil {
			t.Fatalf("Bob joins: %v %v", ok, err)
		}
		if ok, err := d.JoinClub(ctx, c.Handle, c.Invite, "pbob", "Bobby", t0.Add(2*time.Minute)); ok || err != nil {
			t.Fatalf("Bob again: %v %v", ok, err)
		}
		inv, err := d.NewClubInvite(ctx, c.Handle)
		if err != nil || inv == c.Invite {
			t.Fatal(inv, err)
		}
		if _, err := d.JoinClub(ctx, c.Handle, c.Invite, "pcy", "Cy", t0); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the old invite still works: %v", err)
		}
		if _, err := d.JoinClub(ctx, c.Handle, inv, "pcy", "Cy", t0.Add(3*time.Minute)); err != nil {
			t.Fatal(err)
		}
		members := func() string {
			ms, err := d.ClubMembers(ctx, c.Handle)
			if err != nil {
				t.Fatal(err)
			}
			s := ""
			for _, m := range ms {
				s += fmt.Sprintf("%d %s %s; ", m.Num, m.Name, m.Player)
			}
			return s
		}
		if got, want := members(), "1 Ann pann; 2 Bobby pbob; 3 Cy pcy; "; got != want {
			t.Fatalf("members = %s, want %s", got, want)
		}
		if m, ok, err := d.ClubMember(ctx, c.Handle, "pcy"); !ok || err != nil || m.Num != 3 {
			t.Fatalf("Cy's membership: %+v %v %v", m, ok, err)
		}
		if _, ok, _ := d.ClubMember(ctx, c.Handle, "pzed"); ok {
			t.Fatal("a stranger is a member")
		}
		// the owner stays; Bob goes
		if ok, err := d.RemoveClubMember(ctx, c.Handle, 1); ok || err != nil {
			t.Fatalf("the owner removed: %v %v", ok, err)
		}
		if ok, err := d.RemoveClubMember(ctx, c.Handle, 2); !ok || err != nil {
			t.Fatalf("Bob not removed: %v %v", ok, err)
		}
		if got, want := members(), "1 Ann pann; 3 Cy pcy; "; got != want {
			t.Fatalf("members = %s, want %s", got, want)
		}
		if clubs, err := d.ClubsOf(ctx, "pcy"); err != nil || len(clubs) != 1 || clubs[0].Handle != c.Handle {
			t.Fatalf("Cy's clubs: %+v %v", clubs, err)
		}
		if err := d.SetClubSettings(ctx, c.Handle, true, "12,6"); err != nil {
			t.Fatal(err)
		}
		if got, _ := d.Club(ctx, c.Handle); !got.Public || got.Scale != "12,6" {
			t.Fatalf("settings: %+v", got)
		}

		// a table of season 1, one finished game and its Tonight table
		table := func(code string, at time.Time) {
			if err := d.CreateRoom(ctx, code, "lowunique", []byte(`{}`), at, 0); err != nil {
				t.Fatal(err)
			}
			if err := d.AddClubTable(ctx, c.Handle, code, "lowunique", at); err != nil {
				t.Fatal(err)
			}
		}
		table("AAAAAA", t0.Add(time.Hour))
		if err := d.ClubTonight(ctx, "AAAAAA", []byte(`{"n":1}`), t0.Add(2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := d.ClubTonight(ctx, "NOTCLB", []byte(`{}`), t0); err != nil { // no club's: nothing
			t.Fatal(err)
		}
		if _, err := d.RecordGame(ctx, GameResult{Room: "AAAAAA", Game: 1, Kind: "lowunique", Finished: t0.Add(2 * time.Hour), Unit: "points",
			Seats: []SeatResult{{Player: "pann", Name: "Ann", Place: 1}, {Player: "pcy", Name: "Cy", Place: 2}, {Name: "Bot 3", Place: 3}}}); err != nil {
			t.Fatal(err)
		}
		// the next season; a table of it, open, nothing finished
		if n, err := d.StartClubSeason(ctx, c.Handle, t0.Add(3*time.Hour)); n != 2 || err != nil {
			t.Fatalf("season 2: %d %v", n, err)
		}
		table("BBBBBB", t0.Add(4*time.Hour))
		if err := d.SetStatus(ctx, "AAAAAA", StatusClosed, t0.Add(5*time.Hour)); err != nil {
			t.Fatal(err)
		}
		seasons, err := d.ClubSeasons(ctx, c.Handle)
		if err != nil || len(seasons) != 2 || seasons[0].Number != 2 || !seasons[0].Ended.IsZero() || !seasons[1].Ended.Equal(t0.Add(3*time.Hour)) {
			t.Fatalf("seasons = %+v %v", seasons, err)
		}
		ev, err := d.ClubEvenings(ctx, c.Handle, 1, 10)
		if err != nil || len(ev) != 1 || ev[0].Room != "AAAAAA" || string(ev[0].Tonight) != `{"n":1}` || ev[0].Season != 1 || ev[0].ClubName != "Friday poker" {
			t.Fatalf("season 1's evenings = %+v %v", ev, err)
		}
		if ev, err := d.ClubEvenings(ctx, c.Handle, 2, 10); err != nil || len(ev) != 0 {
			t.Fatalf("season 2's evenings (nothing finished) = %+v %v", ev, err)
		}
		ps, err := d.ClubPlacings(ctx, c.Handle, 1)
		if err != nil || len(ps) != 2 || ps[0].Player != "pann" || ps[0].Place != 1 || ps[1].Player != "pcy" || ps[1].Kind != "lowunique" {
			t.Fatalf("placings = %+v %v", ps, err)
		}
		if ps, err := d.ClubPlacings(ctx, c.Handle, 2); err != nil || len(ps) != 0 {
			t.Fatalf("season 2's placings = %+v %v", ps, err)
		}
		opened, err := d.ClubOpenTables(ctx, c.Handle)
		if err != nil || len(opened) != 1 || opened[0].Room != "BBBBBB" || opened[0].Season != 2 {
			t.Fatalf("open tables = %+v %v", opened, err)
		}
		for player, want := range map[string]int{"pcy": 1, "pbob": 0, "pzed": 0} {
			if p, err := d.PlayingClubs(ctx, player); err != nil || len(p) != want {
				t.Fatalf("%s's clubs playing: %+v %v", player, p, err)
			}
		}
		// ended: no season runs, a table made now is in none
		if err := d.EndClubSeason(ctx, c.Handle, t0.Add(6*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if got, _ := d.Club(ctx, c.Handle); got.Season != 0 || got.Seasons != 2 {
			t.Fatalf("ended: %+v", got)
		}
		table("CCCCCC", t0.Add(7*time.Hour))
		if opened, _ := d.ClubOpenTables(ctx, c.Handle); len(opened) != 2 || opened[0].Room != "CCCCCC" || opened[0].Season != 0 {
			t.Fatalf("a table with no season: %+v", opened)
		}
		if n, err := d.StartClubSeason(ctx, c.Handle, t0.Add(8*time.Hour)); n != 3 || err != nil {
			t.Fatalf("season 3: %d %v", n, err)
		}
	})
}
