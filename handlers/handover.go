package handlers

import (
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// handoverFor is how long a handover link works.
const handoverFor = 5 * time.Minute

// handover makes a "Play on another device" link for the viewer: a QR code
// and the link, good once for handoverFor. Only someone the table knows by
// a session (a player or a named watcher) has anything to hand over.
func (s *Server) handover(c echo.Context) error {
	r, id, err := s.roomAndPlayer(c)
	if err != nil {
		return err
	}
	if id.player == "" || id.name == "" {
		return pageErr(http.StatusForbidden, i18n.M("error.handover.join_first"))
	}
	if !s.limits.handoversAddr.allow(c.RealIP(), s.now()) || !s.limits.handoversSession.allow(id.player, s.now()) {
		return rateLimited("error.limit.handovers")
	}
	now := s.now()
	token, err := s.db.CreateHandover(c.Request().Context(), r.Code(), db.Handover{Player: id.player, Name: id.name}, now, now.Add(handoverFor))
	if err != nil {
		return err
	}
	noStore(c)
	return render(c, http.StatusOK, views.HandoverShown(views.HandoverLink{
		URL: s.shareURL(c, r.Code()) + "/h/" + token, Minutes: int(handoverFor / time.Minute), Name: id.name}))
}

// handoverPage is what a handover link opens: a page that asks before it
// takes the link (a link preview fetches pages, and must not use it up).
func (s *Server) handoverPage(c echo.Context) error {
	r, err := s.tableRoom(c)
	if err != nil {
		return err
	}
	h, err := s.db.PeekHandover(c.Request().Context(), r.Code(), c.Param("token"), s.now())
	if err != nil {
		return handoverGone(err)
	}
	noStore(c)
	c.Response().Header().Set("Referrer-Policy", "no-referrer") // the link is a secret
	p := views.HandoverPage{Page: views.Page{Title: i18n.M("handover.page_title", i18n.S("Code", views.CodeLabel(r.Code()))), CSRF: csrfToken(c)},
		Name: h.Name, Game: r.Title(c.Request().Context(), i18n.From(c.Request().Context())), Table: views.CodeLabel(r.Code()), Action: "/t/" + r.Code() + "/h/" + c.Param("token")}
	return render(c, http.StatusOK, views.HandoverAsk(p))
}

// takeHandover uses the link up and makes this device its player, then
// sends it to the table.
func (s *Server) takeHandover(c echo.Context) error {
	r, err := s.tableRoom(c)
	if err != nil {
		return err
	}
	h, err := s.db.TakeHandover(c.Request().Context(), r.Code(), c.Param("token"), s.now())
	if err != nil {
		return handoverGone(err)
	}
	if err := s.become(c, h.Player, h.Name); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/t/"+r.Code())
}

// handoverGone answers a link that can't be taken: one answer for used,
// expired and unknown.
func handoverGone(err error) error {
	if errors.Is(err, db.ErrHandover) {
		return pageErr(http.StatusGone, i18n.M("error.handover.gone"))
	}
	return err
}
