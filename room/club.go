package room

import (
	"context"
	"encoding/json"
	"time"

	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// A club's table (issue 41, the clubs package): the room knows only that
// it is one (Options.Club) and hands its club the Tonight table each time
// something finished, so the club's page and league never load a room.

// Clubs keeps a club table's Tonight table. *db.DB is one.
type Clubs interface {
	ClubTonight(ctx context.Context, room string, tonight []byte, at time.Time) error
}

// clubEvening hands a club's table's evening to the runtime's Clubs when
// something finished since handed, the evening's last outcome the club
// has ("" when the table loads: the club is handed what it has again). A
// failure is logged: the next outcome, or the table's next load, hands it
// again.
func (r *Room) clubEvening(handed string) {
	e := r.t.Evening
	if r.t.Opts.Club == "" || r.rt.Clubs == nil || e == nil || e.Last == handed || r.t.damage != nil {
		return
	}
	b, err := json.Marshal(e)
	if err != nil {
		r.rt.log.Error("club evening", "room", r.code, "err", err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := r.rt.Clubs.ClubTonight(ctx, r.code, b, r.rt.now()); err != nil {
		r.rt.log.Error("club evening", "room", r.code, "err", err)
	}
}

// TonightPerson is one person's (or bot's) part of a Tonight table as a
// club reads it: Player "" for a bot; Figures by game (President's
// points, Hold'em's net chips).
type TonightPerson struct {
	Player  string
	Name    string
	Played  int
	Wins    int
	Figures map[string]int
}

// ReadTonight reads a Tonight table a club keeps (clubEvening).
func ReadTonight(b []byte) ([]TonightPerson, error) {
	var e evening
	if err := json.Unmarshal(b, &e); err != nil {
		return nil, err
	}
	out := make([]TonightPerson, 0, len(e.People))
	for _, p := range e.People {
		out = append(out, TonightPerson{Player: p.Player, Name: p.Name, Played: p.Played, Wins: p.Wins, Figures: p.Figures})
	}
	return out, nil
}

// TonightView is a Tonight table a club keeps as the viewer (player, ""
// for none) sees it in l, as the table itself shows it; nil when it can't
// be read.
func TonightView(b []byte, player string, l *i18n.Lang) *views.Evening {
	var e evening
	if json.Unmarshal(b, &e) != nil {
		return nil
	}
	return eveningView(&e, player, l)
}
