package handlers

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/clubs"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"github.com/tablegames/tables/views"
)

// Clubs (issue 41): /clubs lists the visitor's clubs and makes one; a
// club's page is /c/HANDLE; its invite link /c/HANDLE/join/INVITE. A
// club is the database's (every machine of a cluster reads the same);
// what it counts is the clubs package's. A members-only club answers a
// visitor who is not a member exactly as a club that does not exist does,
// and both count as a miss against the address (as a table code that
// does not exist): its handle can't be confirmed by guessing.

// clubHandleRe and clubInviteRe are what a club's handle and invite look
// like (db.newHandle, db.token(16)).
var (
	clubHandleRe = regexp.MustCompile(`^[a-z2-7]{10}$`)
	clubInviteRe = regexp.MustCompile(`^[a-z2-7]{26}$`)
)

// errNoClub is every club a visitor may not see: not found.
func errNoClub() error { return pageErr(http.StatusNotFound, i18n.M("error.no_club")) }

// clubsPage is /clubs: the visitor's clubs and the form to make one.
func (s *Server) clubsPage(c echo.Context) error {
	return s.renderClubs(c, http.StatusOK, "")
}

func (s *Server) renderClubs(c echo.Context, status int, errMsg string) error {
	id, err := s.identify(c)
	if err != nil {
		return err
	}
	p := views.ClubsPage{Page: views.Page{Title: i18n.M("club.list.title"), CSRF: csrfToken(c), Description: i18n.M("club.list.description")},
		Name: id.name, Error: errMsg}
	if id.player != "" {
		noStore(c)
		list, err := s.db.ClubsOf(c.Request().Context(), id.player)
		if err != nil {
			return err
		}
		for _, cl := range list {
			p.Clubs = append(p.Clubs, views.ClubLink{URL: "/c/" + cl.Handle, Name: cl.Name, Owner: cl.Owner == id.player})
		}
	}
	return render(c, status, views.ClubsPageView(p))
}

// createClub makes a club with the visitor as its owner: limited per
// address (across machines) and per session, as tables are.
func (s *Server) createClub(c echo.Context) error {
	l := i18n.From(c.Request().Context())
	name, err := clubs.CheckName(c.FormValue("club"))
	if err != nil {
		return s.renderClubs(c, http.StatusUnprocessableEntity, l.T("error.club.name"))
	}
	you, err := room.CheckName(c.FormValue("name"))
	if err != nil {
		return s.renderClubs(c, http.StatusUnprocessableEntity, message(c.Request().Context(), err))
	}
	const made = "error.limit.clubs"
	if !s.limits.clubsAddr.allow(c.RealIP(), s.now()) {
		return rateLimited(made)
	}
	id, err := s.remember(c, you)
	if err != nil {
		return err
	}
	if !s.limits.clubsSession.allow(id.player, s.now()) {
		return rateLimited(made)
	}
	cl, err := s.db.NewClub(c.Request().Context(), name, id.player, you, c.FormValue("public") == "on", clubs.DefaultScale, s.now())
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/c/"+cl.Handle)
}

// seenClub is the club of the request's handle, and the visitor's
// membership, when the visitor may see it; errNoClub (counted as a miss)
// otherwise.
func (s *Server) seenClub(c echo.Context) (db.Club, identity, db.ClubMember, bool, error) {
	var none db.ClubMember
	id, err := s.identify(c)
	if err != nil {
		return db.Club{}, id, none, false, err
	}
	ip := c.RealIP()
	if s.limits.unknownAddr.empty(ip, s.now()) {
		return db.Club{}, id, none, false, rateLimited(msgGuessing)
	}
	h := c.Param("handle")
	if !clubHandleRe.MatchString(h) {
		s.missedCode(ip)
		return db.Club{}, id, none, false, errNoClub()
	}
	ctx := c.Request().Context()
	cl, err := s.db.Club(ctx, h)
	if errors.Is(err, db.ErrNotFound) {
		s.missedCode(ip)
		return db.Club{}, id, none, false, errNoClub()
	}
	if err != nil {
		return db.Club{}, id, none, false, err
	}
	m, member, err := s.db.ClubMember(ctx, h, id.player)
	if err != nil {
		return db.Club{}, id, none, false, err
	}
	if !member && !cl.Public {
		s.missedCode(ip) // the same answer as no club, counted the same
		return db.Club{}, id, none, false, errNoClub()
	}
	return cl, id, m, member, nil
}

// ownClub is seenClub for the owner's posts: anyone else gets no club.
func (s *Server) ownClub(c echo.Context) (db.Club, error) {
	cl, id, _, _, err := s.seenClub(c)
	if err != nil {
		return cl, err
	}
	if cl.Owner != id.player {
		return db.Club{}, errNoClub()
	}
	return cl, nil
}

// clubPage is a club's page: its open tables, the season's league and
// chart, its past evenings and its members; the owner's panel to the owner.
func (s *Server) clubPage(c echo.Context) error {
	cl, id, _, member, err := s.seenClub(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	l := i18n.From(ctx)
	noStore(c) // who sees what depends on the visitor
	p := views.ClubPage{Page: views.Page{Title: i18n.M("club.page_title", i18n.S("Club", cl.Name)), CSRF: csrfToken(c),
		Description: i18n.M("club.page_description", i18n.S("Club", cl.Name))},
		URL: "/c/" + cl.Handle, Name: cl.Name, Public: cl.Public, Member: member, Owner: cl.Owner == id.player, Running: cl.Season}
	members, err := s.db.ClubMembers(ctx, cl.Handle)
	if err != nil {
		return err
	}
	var league []clubs.Member
	for _, m := range members {
		row := views.ClubMemberRow{Num: m.Num, Name: m.Name, Owner: m.Player == cl.Owner, You: m.Player == id.player}
		if m.Handle != "" {
			row.Profile = "/p/" + m.Handle
		}
		p.Members = append(p.Members, row)
		league = append(league, clubs.Member{Player: m.Player, Name: m.Name, Handle: m.Handle})
	}
	if member {
		// a table's code lets anyone in: members only, even on a public page
		open, err := s.db.ClubOpenTables(ctx, cl.Handle)
		if err != nil {
			return err
		}
		for _, t := range open {
			p.Open = append(p.Open, views.OpenTable{URL: "/t/" + t.Room, Code: t.Room, Game: room.GameTitle(l, t.Kind)})
		}
		for _, g := range s.rt.Games() {
			p.NewTable = append(p.NewTable, views.ClubNewTable{URL: "/?club=" + cl.Handle + "#new-" + g.Kind, Game: l.Msg(g.Title())})
		}
	}
	// the season shown: ?season=N, else the one running, else the last
	p.Season = cl.Season
	if p.Season == 0 {
		p.Season = cl.Seasons
	}
	if n, err := strconv.Atoi(c.QueryParam("season")); err == nil && n >= 1 && n <= cl.Seasons {
		p.Season = n
	}
	for n := cl.Seasons; n >= 1 && cl.Seasons > 1; n-- {
		p.Seasons = append(p.Seasons, views.ClubSeasonLink{N: n, URL: p.URL + "?season=" + strconv.Itoa(n), Shown: n == p.Season, Running: n == cl.Season})
	}
	scale, err := clubs.ParseScale(cl.Scale)
	if err != nil {
		scale, _ = clubs.ParseScale(clubs.DefaultScale)
	}
	evenings, err := s.db.ClubEvenings(ctx, cl.Handle, p.Season, 500)
	if err != nil {
		return err
	}
	placings, err := s.db.ClubPlacings(ctx, cl.Handle, p.Season)
	if err != nil {
		return err
	}
	var counted []clubs.Evening
	for _, e := range evenings {
		people, err := room.ReadTonight(e.Tonight)
		if err != nil {
			s.log.Warn("club evening unreadable", "room", e.Room, "err", err)
			continue
		}
		ev := clubs.Evening{Room: e.Room}
		for _, pp := range people {
			if pp.Player != "" {
				ev.People = append(ev.People, clubs.EveningPerson{Player: pp.Player, Played: pp.Played, Figures: pp.Figures})
			}
		}
		counted = append(counted, ev)
		ce := views.ClubEvening{Game: room.GameTitle(l, e.Kind), Date: l.Date(e.Created), Tonight: room.TonightView(e.Tonight, id.player, l)}
		if member {
			ce.Code = e.Room
		}
		p.Evenings = append(p.Evenings, ce)
	}
	slices.Reverse(p.Evenings) // the newest first
	var ps []clubs.Placing
	for _, x := range placings {
		ps = append(ps, clubs.Placing{Room: x.Room, Kind: x.Kind, Player: x.Player, Place: x.Place})
	}
	lg := clubs.Count(league, scale, counted, ps)
	p.League = append(p.League, leagueView(l, lg.Overall, "league-all", l.T("club.league.overall"), id.player))
	for _, t := range lg.Games {
		p.League = append(p.League, leagueView(l, t, "league-"+t.Game, room.GameTitle(l, t.Game), id.player))
	}
	p.Chart = clubs.Draw(lg)
	if p.Owner {
		p.Invite = s.baseURL(c) + p.URL + "/join/" + cl.Invite
		p.Scale = scale.String()
	}
	return render(c, http.StatusOK, views.ClubPageView(p))
}

// leagueView is one table of the league in l.
func leagueView(l *i18n.Lang, t clubs.Table, id, title, viewer string) views.LeagueTable {
	v := views.LeagueTable{ID: id, Title: title}
	for _, f := range t.Figures {
		v.Heads = append(v.Heads, l.T(f+".evening.head"))
	}
	for _, s := range t.Standing {
		r := views.LeagueRow{Name: s.Name, You: viewer != "" && s.Player == viewer, Evenings: s.Evenings, Played: s.Played, Wins: s.Wins, Points: s.Points}
		if s.Handle != "" {
			r.Profile = "/p/" + s.Handle
		}
		for _, f := range t.Figures {
			n, ok := s.Figures[f]
			if !ok {
				r.Figures = append(r.Figures, views.EveningFigure{Text: "–"})
				continue
			}
			sign := 0
			txt := l.Num(n)
			switch {
			case n > 0:
				sign, txt = 1, "+"+txt
			case n < 0:
				sign = -1
			}
			r.Figures = append(r.Figures, views.EveningFigure{Text: l.F(f+".evening.figure", i18n.S("Figure", txt)), Sign: sign})
		}
		v.Rows = append(v.Rows, r)
	}
	return v
}

// clubInvite is the club of an invite link, when the invite is the
// club's now; errNoClub (a miss) otherwise, members-only or not.
func (s *Server) clubInvite(c echo.Context) (db.Club, error) {
	ip := c.RealIP()
	if s.limits.unknownAddr.empty(ip, s.now()) {
		return db.Club{}, rateLimited(msgGuessing)
	}
	h, inv := c.Param("handle"), c.Param("invite")
	if !clubHandleRe.MatchString(h) || !clubInviteRe.MatchString(inv) {
		s.missedCode(ip)
		return db.Club{}, errNoClub()
	}
	cl, err := s.db.Club(c.Request().Context(), h)
	if errors.Is(err, db.ErrNotFound) || (err == nil && cl.Invite != inv) {
		s.missedCode(ip)
		return db.Club{}, errNoClub()
	}
	return cl, err
}

// clubJoinPage is an invite link: the club's name and a name to join under.
func (s *Server) clubJoinPage(c echo.Context) error {
	cl, err := s.clubInvite(c)
	if err != nil {
		return err
	}
	id, err := s.identify(c)
	if err != nil {
		return err
	}
	noStore(c)
	return render(c, http.StatusOK, views.ClubJoinPage(views.Page{Title: i18n.M("club.join.title", i18n.S("Club", cl.Name)), CSRF: csrfToken(c)},
		cl.Name, id.name, c.Request().URL.Path, ""))
}

// joinClub makes the visitor a member by the invite, with the name they
// give: limited per address and per session.
func (s *Server) joinClub(c echo.Context) error {
	cl, err := s.clubInvite(c)
	if err != nil {
		return err
	}
	name, err := room.CheckName(c.FormValue("name"))
	if err != nil {
		return render(c, http.StatusUnprocessableEntity, views.ClubJoinPage(views.Page{Title: i18n.M("club.join.title", i18n.S("Club", cl.Name)), CSRF: csrfToken(c)},
			cl.Name, c.FormValue("name"), c.Request().URL.Path, message(c.Request().Context(), err)))
	}
	const joins = "error.limit.club_joins"
	if !s.limits.clubJoinsAddr.allow(c.RealIP(), s.now()) {
		return rateLimited(joins)
	}
	id, err := s.remember(c, name)
	if err != nil {
		return err
	}
	if !s.limits.clubJoinsSession.allow(id.player, s.now()) {
		return rateLimited(joins)
	}
	if _, err := s.db.JoinClub(c.Request().Context(), cl.Handle, cl.Invite, id.player, name, s.now()); errors.Is(err, db.ErrNotFound) {
		return errNoClub() // a new invite came in between
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/c/"+cl.Handle)
}

// clubNewInvite draws the club's invite again (the owner's): the old link
// stops working. Limited per address and per session.
func (s *Server) clubNewInvite(c echo.Context) error {
	cl, err := s.ownClub(c)
	if err != nil {
		return err
	}
	const invites = "error.limit.club_invites"
	if !s.limits.invitesAddr.allow(c.RealIP(), s.now()) || !s.limits.invitesSession.allow(cl.Owner, s.now()) {
		return rateLimited(invites)
	}
	if _, err := s.db.NewClubInvite(c.Request().Context(), cl.Handle); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/c/"+cl.Handle+"#owner-h")
}

// clubSettings sets who may read the page and the points by place.
func (s *Server) clubSettings(c echo.Context) error {
	cl, err := s.ownClub(c)
	if err != nil {
		return err
	}
	scale, err := clubs.ParseScale(c.FormValue("scale"))
	if err != nil {
		return pageErr(http.StatusUnprocessableEntity, i18n.M("error.club.scale"))
	}
	if err := s.db.SetClubSettings(c.Request().Context(), cl.Handle, c.FormValue("public") == "on", scale.String()); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/c/"+cl.Handle)
}

// clubRemove takes a member out of the club (never the owner).
func (s *Server) clubRemove(c echo.Context) error {
	cl, err := s.ownClub(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.FormValue("member"))
	if err != nil {
		return pageErr(http.StatusBadRequest, i18n.M("error.form_unreadable"))
	}
	if _, err := s.db.RemoveClubMember(c.Request().Context(), cl.Handle, n); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/c/"+cl.Handle+"#members-h")
}

// clubSeason starts the next season (ending the one running) or ends the
// one running.
func (s *Server) clubSeason(c echo.Context) error {
	cl, err := s.ownClub(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	switch c.FormValue("do") {
	case "start":
		_, err = s.db.StartClubSeason(ctx, cl.Handle, s.now())
	case "end":
		err = s.db.EndClubSeason(ctx, cl.Handle, s.now())
	default:
		return pageErr(http.StatusBadRequest, i18n.M("error.form_unreadable"))
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/c/"+cl.Handle)
}

// clubFor is the club a new table is for (the creation form's club
// field): "" for none; errNoClub when the visitor is not its member.
func (s *Server) clubFor(ctx context.Context, handle, player string) (string, error) {
	if handle == "" {
		return "", nil
	}
	if !clubHandleRe.MatchString(handle) {
		return "", errNoClub()
	}
	_, ok, err := s.db.ClubMember(ctx, handle, player)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", errNoClub()
	}
	return handle, nil
}

// clubsPlaying are the open tables of the visitor's clubs (the home page).
func (s *Server) clubsPlaying(ctx context.Context, player string) ([]views.ClubPlaying, error) {
	tables, err := s.db.PlayingClubs(ctx, player)
	if err != nil {
		return nil, err
	}
	l := i18n.From(ctx)
	var out []views.ClubPlaying
	for _, t := range tables {
		out = append(out, views.ClubPlaying{URL: "/t/" + t.Room, Code: t.Room, Game: room.GameTitle(l, t.Kind), Club: t.ClubName, ClubURL: "/c/" + t.Club})
	}
	return out, nil
}
