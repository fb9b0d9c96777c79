package room

import (
	"context"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/i18n"
)

// clubSink keeps the Tonight tables handed to a club.
type clubSink struct {
	mu    sync.Mutex
	rooms []string
	last  []byte
}

func (c *clubSink) ClubTonight(ctx context.Context, room string, tonight []byte, at time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.rooms, c.last = append(c.rooms, room), tonight
	return nil
}

// TestClubTableHandsItsEvening: a club's table hands its club the
// Tonight table once per finished game (a restart that loads the table
// at its end hands it again, the same); a table of no club hands nothing.
// What it hands reads back as the people's results and as the table's
// own Tonight view.
func TestClubTableHandsItsEvening(t *testing.T) {
	ctx := context.Background()
	d, err := db.Open(ctx, filepath.Join(t.TempDir(), "tables.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	cfg := Config{BotDelayMin: time.Millisecond, BotDelayMax: 2 * time.Millisecond, NextDealDelay: time.Millisecond,
		AbsentAutoplay: time.Hour, AbsentGrace: time.Hour}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rt := New(cfg, d, log)
	sink := &clubSink{}
	rt.Clubs = sink
	form := url.Values{"seats": {"3"}, "rounds": {"1"}, "cards": {"4"}, "reveal": {"1"}, "bots": {"on"}, "clock": {"0"}}
	play := func(club string) *Room {
		opts, err := rt.ReadOptions("lowunique", form)
		if err != nil {
			t.Fatal(err)
		}
		opts.Club = club
		ann := &person{id: "secret-ann", name: "Ann", screen: &conn{}}
		r, err := rt.Create(ctx, "lowunique", opts, ann.id, ann.name)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Connect(ctx, ann.screen, ann.id); err != nil {
			t.Fatal(err)
		}
		if err := r.Start(ctx, ann.id, ann.name); err != nil {
			t.Fatal(err)
		}
		playLowUnique(t, r, []*person{ann})
		r.Inspect(ctx, func(*Room) {}) // the commit's hooks have run
		return r
	}
	play("") // no club's
	sink.mu.Lock()
	if len(sink.rooms) != 0 {
		t.Fatalf("a table of no club handed its evening: %v", sink.rooms)
	}
	sink.mu.Unlock()
	r := play("clubhandle")
	sink.mu.Lock()
	rooms, last := sink.rooms, sink.last
	sink.mu.Unlock()
	if len(rooms) != 1 || rooms[0] != r.Code() {
		t.Fatalf("the club's table handed its evening %d times (%v), want once", len(rooms), rooms)
	}
	people, err := ReadTonight(last)
	if err != nil || len(people) != 3 {
		t.Fatalf("the Tonight table handed: %v %s", err, last)
	}
	var ann TonightPerson
	for _, p := range people {
		if p.Player == "secret-ann" {
			ann = p
		} else if p.Player != "" {
			t.Fatalf("a bot with a player id: %+v", p)
		}
	}
	if ann.Name != "Ann" || ann.Played != 1 {
		t.Fatalf("Ann's evening: %+v", ann)
	}
	v := TonightView(last, "secret-ann", i18n.English())
	if v == nil || len(v.Rows) != 3 || !v.Placed {
		t.Fatalf("the Tonight view: %+v", v)
	}
	for _, row := range v.Rows {
		if strings.Contains(row.Name, "secret") || (row.Name == "Ann") != row.You {
			t.Fatalf("a row: %+v", row)
		}
	}
	if TonightView([]byte("{not json"), "", i18n.English()) != nil {
		t.Fatal("a Tonight table that can't be read has a view")
	}
}
