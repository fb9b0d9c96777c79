package handlers

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"github.com/tablegames/tables/views"
)

// replay serves /t/:code/replay/:deal?seat=S&step=K: a finished deal
// step by step, as one seat saw it (room.Runtime.ReplayStep).
func (s *Server) replay(c echo.Context) error {
	code, id, err := s.codeAndPlayer(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Param("deal"))
	if err != nil {
		n = 0 // not a deal: the runtime says how many there are
	}
	p, err := s.rt.ReplayStep(c.Request().Context(), code, n, c.QueryParam("step"), id.player, c.QueryParam("seat"))
	if err != nil {
		return s.noTable(c, pageError(err), code)
	}
	p.Page = views.Page{Title: i18n.M("replay.page_title", i18n.S("Code", views.CodeLabel(code))), CSRF: csrfToken(c),
		Description: i18n.M("replay.page_description")}
	noStore(c) // a seat's cards, even of a finished deal
	if c.Request().Header.Get("HX-Request") == "true" {
		return render(c, http.StatusOK, views.ReplayBody(p))
	}
	return render(c, http.StatusOK, views.ReplayPage(p))
}

// replays lists a table's finished deals.
func (s *Server) replays(c echo.Context) error {
	code, id, err := s.codeAndPlayer(c)
	if err != nil {
		return err
	}
	what, deals, err := s.rt.Replays(c.Request().Context(), code, id.player)
	if err != nil {
		return s.noTable(c, err, code)
	}
	p := views.Replays{Page: views.Page{Title: i18n.M("replays.page_title", i18n.S("Code", views.CodeLabel(code))), CSRF: csrfToken(c),
		Description: i18n.M("replays.page_description")}, Code: code, What: what}
	l := i18n.From(c.Request().Context())
	for i := len(deals) - 1; i >= 0; i-- { // the newest first
		d := deals[i]
		e := views.ReplayEntry{Number: i + 1, N: d.N, What: d.What, Game: room.GameTitle(l, d.Kind),
			Won: d.Won, Pot: d.Pot, Played: d.Played, Marks: d.Marks, Net: strconv.Itoa(d.Net), Place: d.Place}
		if d.Net > 0 {
			e.Net = "+" + e.Net
		}
		p.Entries = append(p.Entries, e)
		p.Games = p.Games || d.Part > 1
	}
	noStore(c) // the viewer's own results
	return render(c, http.StatusOK, views.ReplaysPage(p))
}
