package handlers

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"github.com/tablegames/tables/views"
)

// slowTables are a person's slow tables (issue 42) for the home page and
// My games, read from the database (db.TurnsAround: any machine of a
// cluster answers): those where it is their move first, the earliest
// deadline first, then the others, with whose move it is.
func (s *Server) slowTables(ctx context.Context, player string) ([]views.SlowTable, error) {
	if player == "" {
		return nil, nil
	}
	turns, err := s.db.TurnsAround(ctx, player)
	if err != nil {
		return nil, err
	}
	return slowList(i18n.From(ctx), turns, player, s.now()), nil
}

// slowList groups turns (the earliest deadline first) by table.
func slowList(l *i18n.Lang, turns []db.TurnAt, player string, now time.Time) []views.SlowTable {
	var out []views.SlowTable
	names := map[string][]string{}
	at := map[string]int{}
	for _, t := range turns {
		i, ok := at[t.Room]
		if !ok {
			i = len(out)
			at[t.Room] = i
			out = append(out, views.SlowTable{URL: "/t/" + t.Room, Code: t.Room, Game: room.GameTitle(l, t.Kind), Deadline: t.Deadline})
		}
		if t.Player == player {
			out[i].Yours, out[i].Deadline = true, t.Deadline
		} else {
			names[t.Room] = append(names[t.Room], t.Name)
		}
	}
	for i := range out {
		out[i].Names = strings.Join(names[out[i].Code], ", ")
		out[i].Left = timeLeft(out[i].Deadline.Sub(now))
	}
	slices.SortStableFunc(out, func(a, b views.SlowTable) int {
		if a.Yours != b.Yours {
			if a.Yours {
				return -1
			}
			return 1
		}
		return a.Deadline.Compare(b.Deadline)
	})
	return out
}

// timeLeft is a slow move's time left in words: days from two days on,
// hours from an hour on, else minutes.
func timeLeft(d time.Duration) i18n.Msg {
	switch {
	case d >= 48*time.Hour:
		return i18n.M("slow.left.days", i18n.Count(int(d/(24*time.Hour))))
	case d >= time.Hour:
		return i18n.M("slow.left.hours", i18n.Count(int(d/time.Hour)))
	}
	return i18n.M("slow.left.minutes", i18n.Count(max(int(d/time.Minute), 0)))
}
