package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"github.com/tablegames/tables/views"
)

// csrfToken is the response's masked CSRF token (csrf.go).
func csrfToken(c echo.Context) string {
	t, _ := c.Get(csrfContext).(string)
	return t
}

func render(c echo.Context, status int, comp templ.Component) error {
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	c.Response().WriteHeader(status)
	return comp.Render(c.Request().Context(), c.Response())
}

func (s *Server) home(c echo.Context) error {
	id, err := s.identify(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	slow, err := s.slowTables(ctx, id.player)
	if err != nil {
		return err
	}
	h := views.Home{
		Page: views.Page{Title: i18n.M("home.page_title"), CSRF: csrfToken(c), Passkeys: s.passkeysOn()},
		Name: id.name, Games: s.rt.Games(), // no message from the query string: a link must not put words in our mouth
		Slow: slow,
	}
	if id.player != "" {
		if h.Playing, err = s.clubsPlaying(ctx, id.player); err != nil {
			return err
		}
		if club := c.QueryParam("club"); club != "" {
			// the creation forms, for a club of the visitor's (its page's "New table")
			if handle, err := s.clubFor(ctx, club, id.player); err == nil && handle != "" {
				if cl, err := s.db.Club(ctx, handle); err == nil {
					h.Club = &views.ClubFor{Handle: cl.Handle, Name: cl.Name}
				}
			}
		}
		// a returning player: the tables they sit at come first (the slow
		// ones in their own list, with whose move it is)
		open, err := s.db.OpenSeatings(ctx, id.player)
		if err != nil {
			return err
		}
		listed := make(map[string]bool, len(slow))
		for _, t := range slow {
			listed[t.Code] = true
		}
		for _, t := range open {
			if !listed[t.Room] {
				h.Back = append(h.Back, views.OpenTable{URL: "/t/" + t.Room, Code: t.Room, Game: room.GameTitle(i18n.From(ctx), t.Kind)})
			}
		}
		noStore(c) // the visitor's own tables
	}
	return render(c, http.StatusOK, views.HomePage(h))
}

// homeError is the home page again with what was wrong with its form:
// msg, in the reader's language.
func (s *Server) homeError(c echo.Context, status int, msg string) error {
	id, _ := s.identify(c)
	return render(c, status, views.HomePage(views.Home{
		Page: views.Page{Title: i18n.M("layout.brand"), CSRF: csrfToken(c), Passkeys: s.passkeysOn()}, Name: id.name, Games: s.rt.Games(), Error: msg,
	}))
}

// homeErrorKey is homeError with the catalog's key.
func (s *Server) homeErrorKey(c echo.Context, status int, key string, args ...i18n.Arg) error {
	return s.homeError(c, status, i18n.From(c.Request().Context()).F(key, args...))
}

// createTable opens a table from the home page form and seats the host.
func (s *Server) createTable(c echo.Context) error {
	r, err := s.openTable(c, false)
	if r == nil {
		return err // the form's error page, or an internal error
	}
	return c.Redirect(http.StatusSeeOther, "/t/"+r.Code())
}

// playNow opens a table from the same form with bots in every other seat
// and starts it at once: one click from the home page to a game. A
// visitor without a name plays as "Guest", in their language.
func (s *Server) playNow(c echo.Context) error {
	r, err := s.openTable(c, true)
	if r == nil {
		return err // the form's error page, or an internal error
	}
	id, err := s.identify(c)
	if err != nil {
		return err
	}
	if err := r.Start(c.Request().Context(), id.player, id.name); err != nil {
		if _, ok := err.(*game.Error); !ok {
			return err
		}
		return s.homeError(c, http.StatusUnprocessableEntity, message(c.Request().Context(), err))
	}
	return c.Redirect(http.StatusSeeOther, "/t/"+r.Code())
}

// openTable creates a table from the home page's form; quick fills the
// bots in and names a nameless visitor "Guest" in their language
// (join.guest). Without a table it has
// rendered the form's error page (the error is render's) or failed.
func (s *Server) openTable(c echo.Context, quick bool) (*room.Room, error) {
	form, err := c.FormParams()
	if err != nil {
		return nil, s.homeErrorKey(c, http.StatusBadRequest, "error.form_unreadable")
	}
	if quick {
		form.Set("bots", "on")
		if strings.TrimSpace(form.Get("name")) == "" {
			form.Set("name", i18n.From(c.Request().Context()).T("join.guest"))
		}
	}
	kind := form.Get("kind")
	if _, ok := s.rt.Game(kind); !ok {
		return nil, s.homeErrorKey(c, http.StatusUnprocessableEntity, "error.table.choose_game")
	}
	name, err := room.CheckName(form.Get("name"))
	if err != nil {
		return nil, s.homeError(c, http.StatusUnprocessableEntity, message(c.Request().Context(), err))
	}
	opts, err := s.rt.ReadOptions(kind, form)
	if err != nil {
		return nil, s.homeError(c, http.StatusUnprocessableEntity, message(c.Request().Context(), err))
	}
	// the limits on opening tables: per address, and per session
	const opened = "error.limit.tables"
	if !s.limits.tablesAddr.allow(c.RealIP(), s.now()) {
		return nil, rateLimited(opened)
	}
	id, err := s.remember(c, name)
	if err == nil && !s.limits.tablesSession.allow(id.player, s.now()) {
		return nil, rateLimited(opened)
	}
	if err == nil {
		// a table for a club (made from its page): the visitor must be its member
		opts.Club, err = s.clubFor(c.Request().Context(), form.Get("club"), id.player)
	}
	var r *room.Room
	if err == nil {
		r, err = s.rt.Create(c.Request().Context(), kind, opts, id.player, name)
	}
	if err == nil && opts.Club != "" {
		err = s.db.AddClubTable(c.Request().Context(), opts.Club, r.Code(), kind, s.now())
	}
	if errors.Is(err, db.ErrFull) {
		return nil, s.homeErrorKey(c, http.StatusServiceUnavailable, "error.tables_full")
	}
	// a full disk, whichever write met it first (the visitor's session,
	// the table's row, its first entry): the documented 503 page
	if errors.Is(err, room.ErrNotSaved) || db.IsFull(err) {
		s.log.Error("create table: not saved", "err", err)
		return nil, s.homeErrorKey(c, http.StatusServiceUnavailable, "error.disk_full")
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// joinByCode sends a visitor from the home page to a table.
func (s *Server) joinByCode(c echo.Context) error {
	if code, ok := normalCode(c.FormValue("code")); ok && !s.servedHere(c.Request().Context(), code) {
		return c.Redirect(http.StatusSeeOther, "/t/"+code) // its machine answers
	}
	id, _ := s.identify(c)
	_, code, err := s.lookupRoom(c.Request().Context(), c.RealIP(), c.FormValue("code"), id.player)
	switch {
	case errors.Is(err, errBadCode):
		return s.homeErrorKey(c, http.StatusUnprocessableEntity, "error.bad_code")
	case errors.Is(err, db.ErrNotFound):
		return s.homeErrorKey(c, http.StatusNotFound, "error.no_open_table", i18n.S("Code", code))
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/t/"+code)
}

// tableRoom finds the room of a /t/:code request.
func (s *Server) tableRoom(c echo.Context) (*room.Room, error) {
	id, _ := s.identify(c)
	r, code, err := s.lookupRoom(c.Request().Context(), c.RealIP(), c.Param("code"), id.player)
	switch {
	case errors.Is(err, errBadCode):
		return nil, pageErr(http.StatusNotFound, i18n.M("error.no_table", i18n.S("Code", code)))
	case errors.Is(err, db.ErrNotFound):
		return nil, pageErr(http.StatusNotFound, i18n.M("error.no_open_table", i18n.S("Code", code)))
	}
	return r, err
}

// roomAndPlayer is the room of a /t/:code request and who asks.
func (s *Server) roomAndPlayer(c echo.Context) (*room.Room, identity, error) {
	r, err := s.tableRoom(c)
	if err != nil {
		return nil, identity{}, err
	}
	id, err := s.identify(c)
	return r, id, err
}

func (s *Server) shareURL(c echo.Context, code string) string {
	if s.cfg.PublicURL != "" {
		return strings.TrimRight(s.cfg.PublicURL, "/") + "/t/" + code
	}
	scheme := c.Scheme()
	return scheme + "://" + c.Request().Host + "/t/" + code
}

// tablePage shows the table: to a seated player or a watcher; a visitor
// with a free seat to take is asked for a name first.
func (s *Server) tablePage(c echo.Context) error {
	r, id, err := s.roomAndPlayer(c) // a visitor without a session sees the join page: no row for a look
	if err != nil {
		return err
	}
	v, err := r.Visit(c.Request().Context(), id.player, id.name, c.QueryParam("name") == "change", csrfToken(c), s.shareURL(c, r.Code()))
	if err != nil {
		return err
	}
	noStore(c)
	if v.Join != nil {
		v.Join.Passkeys = s.passkeysOn()
		return render(c, http.StatusOK, views.JoinPage(*v.Join))
	}
	v.Page.Passkeys = s.passkeysOn()
	v.Page.PushKey = s.pushOffer(r)
	return render(c, http.StatusOK, views.TablePage(v.Page))
}

// joinTable takes the visitor's name and a seat (or a place to watch).
func (s *Server) joinTable(c echo.Context) error {
	r, err := s.tableRoom(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	// the form again, with what was wrong
	again := func(player string, err error) error {
		j, jerr := r.JoinForm(ctx, player, c.FormValue("name"), csrfToken(c))
		if jerr != nil {
			return jerr
		}
		j.Error, j.Passkeys = message(c.Request().Context(), err), s.passkeysOn()
		return render(c, http.StatusUnprocessableEntity, views.JoinPage(j))
	}
	name, err := room.CheckName(c.FormValue("name"))
	if err != nil {
		id, _ := s.identify(c)
		return again(id.player, err)
	}
	if err := s.joinLimit(c); err != nil {
		return err
	}
	id, err := s.remember(c, name)
	if err != nil {
		return err
	}
	if _, err := r.Join(room.WithAddr(ctx, s.clientIP(c.Request())), id.player, name); err != nil {
		return err
	}
	// at a running table, "Take a seat" or "Ask for a seat" asks at once
	if c.FormValue("then") == "ask" {
		if err := r.Seat(ctx, id.player, name, url.Values{"do": {"ask"}}); err != nil {
			var ge *game.Error
			if !errors.As(err, &ge) {
				return err
			}
			return again(id.player, err)
		}
	}
	return c.Redirect(http.StatusSeeOther, "/t/"+r.Code())
}

// joinLimit counts a join (or a request for a seat) against the address
// and the session.
func (s *Server) joinLimit(c echo.Context) error {
	id, _ := s.identify(c)
	now := s.now()
	if !s.limits.joinsAddr.allow(c.RealIP(), now) || !s.limits.joinsSession.allow(id.player, now) {
		return rateLimited("error.limit.joins")
	}
	return nil
}

// act takes a move posted as a form (a page without JavaScript; a page
// with it sends its moves over its socket, moves.go). The answer is
// empty: every viewer, the mover included, gets the new table over its
// websocket. A rejected move answers 422 with the message, shown next to
// the controls.
func (s *Server) act(c echo.Context) error {
	return s.roomPost(c, func(ctx context.Context, r *room.Room, id identity, form url.Values) error {
		mv, err := postedMove(form)
		if err != nil {
			return err
		}
		return r.Move(ctx, id.player, mv)
	})
}

func (s *Server) lobbyPost(c echo.Context) error {
	return s.roomPost(c, func(ctx context.Context, r *room.Room, id identity, form url.Values) error {
		return r.Lobby(ctx, id.player, id.name, form)
	})
}

func (s *Server) seatPost(c echo.Context) error {
	if c.FormValue("do") == "ask" {
		if err := s.joinLimit(c); err != nil {
			return err
		}
	}
	return s.roomPost(c, func(ctx context.Context, r *room.Room, id identity, form url.Values) error {
		return r.Seat(ctx, id.player, id.name, form)
	})
}

func (s *Server) chatPost(c echo.Context) error {
	// the per-player limit lives in the room; sessions are cheap, so the
	// address has one over all of its sessions too
	if !s.limits.chatAddr.allow(c.RealIP(), s.now()) {
		return rateLimited("error.limit.chat")
	}
	return s.roomPost(c, func(ctx context.Context, r *room.Room, id identity, form url.Values) error {
		return r.Chat(ctx, id.player, id.name, form.Get("text"))
	})
}

func (s *Server) roomPost(c echo.Context, fn func(context.Context, *room.Room, identity, url.Values) error) error {
	r, id, err := s.roomAndPlayer(c)
	if err != nil {
		return err
	}
	form, err := c.FormParams()
	if err != nil {
		return moveError(c, game.Err(game.CodeInvalidAction, "error.form_unreadable"))
	}
	// the address goes with the command: the room tells two seats of one
	// address apart when it rates a game (room/rated.go)
	if err := fn(room.WithAddr(c.Request().Context(), s.clientIP(c.Request())), r, id, form); err != nil {
		return moveError(c, err)
	}
	return c.NoContent(http.StatusNoContent)
}

// moveError answers a rejected move: 422 (409 for a stale one) with the
// message for the message line (htmx swaps 422 there, see the layout's
// htmx-config). The error's code and details (a too-small raise's minimum
// and the bet, say) are in X-Error-Code and X-Error-Details (JSON); a
// client that accepts JSON gets them all as the body instead.
func moveError(c echo.Context, err error) error {
	var ge *game.Error
	if !errors.As(err, &ge) {
		return err
	}
	status := http.StatusUnprocessableEntity
	if ge.Code == room.CodeStale {
		status = http.StatusConflict
	}
	h := c.Response().Header()
	h.Set("X-Error-Code", ge.Code)
	if len(ge.Details) > 0 {
		d, _ := json.Marshal(ge.Details)
		h.Set("X-Error-Details", string(d))
	}
	if strings.Contains(c.Request().Header.Get("Accept"), "application/json") {
		return c.JSON(status, ge)
	}
	h.Set("HX-Retarget", "#message")
	h.Set("HX-Reswap", "innerHTML")
	return c.String(status, ge.Text(i18n.From(c.Request().Context())))
}

// noStore keeps a page that shows the viewer's own cards out of every
// cache (a shared computer's back button, a proxy).
func noStore(c echo.Context) {
	c.Response().Header().Set("Cache-Control", "no-store")
}

func message(ctx context.Context, err error) string {
	var ge *game.Error
	if errors.As(err, &ge) {
		return ge.Text(i18n.From(ctx))
	}
	return i18n.From(ctx).T("error.generic")
}

// hands shows the viewer's histories of the hands the table keeps, one at
// a time (?hand=N, the latest by default).
func (s *Server) hands(c echo.Context) error {
	r, id, err := s.roomAndPlayer(c)
	if err != nil {
		return err
	}
	p := views.Hands{Page: views.Page{Title: i18n.M("hands.page_title", i18n.S("Code", views.CodeLabel(r.Code()))), CSRF: csrfToken(c),
		Description: i18n.M("hands.page_description")}, Code: r.Code()}
	if p.Hands, err = r.Hands(c.Request().Context(), id.player); err != nil {
		return pageError(err)
	}
	if len(p.Hands) > 0 {
		p.Selected = p.Hands[len(p.Hands)-1].Hand
	}
	if q := c.QueryParam("hand"); q != "" {
		n, err := strconv.Atoi(q)
		found := false
		for _, h := range p.Hands {
			found = found || h.Hand == n
		}
		if err != nil || !found {
			return pageErr(http.StatusNotFound, i18n.M("error.hands.no_hand"))
		}
		p.Selected = n
	}
	noStore(c)
	return render(c, http.StatusOK, views.HandsPage(p))
}

// handsExport writes every finished hand of the table as the viewer may
// read it, in plain text. The table's action log is the record: it is
// replayed from the first entry, collecting each hand as it ends.
func (s *Server) handsExport(c echo.Context) error {
	code, id, err := s.codeAndPlayer(c)
	if err != nil {
		return err
	}
	text, err := s.rt.HandsText(c.Request().Context(), code, id.player)
	if err != nil {
		return s.noTable(c, pageError(err), code)
	}
	noStore(c)
	h := c.Response().Header()
	h.Set("Content-Disposition", `attachment; filename="table-`+code+`-hands.txt"`)
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", []byte(text))
}

// fairJSON serves a table's public record of its finished deals.
func (s *Server) fairJSON(c echo.Context) error {
	code, rec, err := s.fairRecord(c)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="table-`+code+`-fair.json"`)
	return c.JSONPretty(http.StatusOK, rec, "  ")
}

// fairRecord is the public record of a /t/:code/... request's table.
func (s *Server) fairRecord(c echo.Context) (string, room.FairRecord, error) {
	code, err := s.tableCode(c)
	if err != nil {
		return "", room.FairRecord{}, err
	}
	rec, err := s.rt.FairRecord(c.Request().Context(), code)
	if err != nil {
		return code, rec, s.noTable(c, err, code)
	}
	return code, rec, nil
}

// verifyPage checks a table's finished deals and shows the result.
func (s *Server) verifyPage(c echo.Context) error {
	code, rec, err := s.fairRecord(c)
	if err != nil {
		return err
	}
	v, verr := room.Verify(rec)
	page := views.Verify{Page: views.Page{Title: i18n.M("verify.page_title", i18n.S("Code", views.CodeLabel(code))), CSRF: csrfToken(c),
		Description: i18n.M("verify.page_description")}, Code: code, Game: room.GameTitle(i18n.From(c.Request().Context()), rec.Kind),
		OK: verr == nil, Lines: v.Lines, What: v.What, Seeded: v.Seeded, Finished: v.Finished}
	if t := (*room.Tampered)(nil); errors.As(verr, &t) {
		page.Error = t.Msg
	} else if verr != nil {
		return verr
	}
	l := i18n.From(c.Request().Context())
	what := map[string]string{}
	for _, p := range v.Parts {
		what[p.Kind] = p.What
		if len(v.Parts) > 1 {
			page.Parts = append(page.Parts, views.VerifyPart{Game: room.GameTitle(l, p.Kind), What: p.What, Seeded: p.Seeded, Deals: p.Deals, Finished: p.Finished})
		}
	}
	for _, d := range v.Deals {
		w := what[d.Kind]
		if w == "" {
			w = v.What
		}
		page.Deals = append(page.Deals, views.VerifySeed{Commitment: d.Commitment, Seed: d.Seed, What: w, Game: room.GameTitle(l, d.Kind)})
	}
	return render(c, http.StatusOK, views.VerifyPage(page))
}

// codeAndPlayer reads the table code of a /t/:code/... request and who
// asks.
func (s *Server) codeAndPlayer(c echo.Context) (string, identity, error) {
	code, err := s.tableCode(c)
	if err != nil {
		return "", identity{}, err
	}
	id, err := s.identify(c)
	return code, id, err
}

// tableCode reads the table code of a /t/:code/... request (see
// checkCode).
func (s *Server) tableCode(c echo.Context) (string, error) {
	id, _ := s.identify(c)
	code, err := s.checkCode(c.RealIP(), c.Param("code"), id.player)
	if errors.Is(err, errBadCode) {
		return "", pageErr(http.StatusNotFound, i18n.M("error.no_table", i18n.S("Code", code)))
	}
	return code, err
}

// noTable turns an unknown table into a 404 and counts the miss against
// the address.
func (s *Server) noTable(c echo.Context, err error, code string) error {
	if errors.Is(err, db.ErrNotFound) {
		s.missedCode(c.RealIP())
		return pageErr(http.StatusNotFound, i18n.M("error.no_table", i18n.S("Code", code)))
	}
	return err
}

// publicTables lists the open public tables for the home page (polled).
func (s *Server) publicTables(c echo.Context) error {
	ctx := c.Request().Context()
	var list []views.PublicTable
	for _, r := range s.rt.Loaded() {
		if pt, ok := r.Listing(ctx); ok {
			list = append(list, pt)
		}
	}
	if s.cfg.Cluster != nil {
		if c.QueryParam("here") != "" {
			// another machine of the cluster asks for this one's tables
			return c.JSON(http.StatusOK, newestFirst(list))
		}
		list = append(list, s.peerTables(ctx)...)
	}
	return render(c, http.StatusOK, views.PublicList(newestFirst(list), s.now()))
}

// pageError turns what the runtime says is missing or hidden into the
// answer's status.
func pageError(err error) error {
	var missing room.Missing
	var hidden room.Hidden
	switch {
	case errors.As(err, &missing):
		return pageErr(http.StatusNotFound, missing.Msg)
	case errors.As(err, &hidden):
		return pageErr(http.StatusForbidden, hidden.Msg)
	}
	return err
}

// pageErr is an error page (or, to htmx, the message line) with its
// status and msg, written in the reader's language (httpError).
func pageErr(status int, msg i18n.Msg) error { return echo.NewHTTPError(status, msg) }

// rulesPage is a game's how-to-play page.
func (s *Server) rulesPage(c echo.Context) error {
	g, ok := s.rt.Game(c.Param("game"))
	if !ok {
		return pageErr(http.StatusNotFound, i18n.M("error.no_game"))
	}
	title := i18n.Nest("Game", g.Title())
	return render(c, http.StatusOK, views.GameRules(views.RulesPage{
		Page: views.Page{Title: i18n.M("rules.page.title", title), CSRF: csrfToken(c),
			Description: i18n.M("rules.page.description", title, i18n.Nest("Pitch", g.Pitch()))}, Game: g}))
}
