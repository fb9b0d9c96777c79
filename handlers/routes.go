package handlers

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/static"
	"github.com/tablegames/tables/views"
)

// contentSecurityPolicy allows only our own scripts, styles and sockets.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

// routes lists every route of the site.
func (s *Server) routes() *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	// c.RealIP() is the client's address as the limits count it: an
	// IPv6 /64 is one address (see addrKey)
	extract := echo.ExtractIPDirect()
	if s.cfg.TrustProxy {
		extract = echo.ExtractIPFromXFFHeader()
	}
	e.IPExtractor = func(r *http.Request) string { return addrKey(extract(r)) }
	e.HTTPErrorHandler = s.httpError
	e.Use(middleware.Recover())
	// pages gzipped (error pages too: requestLog renders them inside);
	// static files carry their own, compressed once (static.Lookup)
	e.Use(middleware.GzipWithConfig(middleware.GzipConfig{Level: 6, MinLength: 1024, Skipper: uncompressed}))
	e.Use(s.requestLog)
	e.Use(middleware.BodyLimit("32K"))
	e.Use(s.language)
	secure := middleware.SecureConfig{
		XSSProtection: "0", ContentTypeNosniff: "nosniff", XFrameOptions: "DENY",
		ReferrerPolicy: "same-origin", ContentSecurityPolicy: contentSecurityPolicy,
	}
	if s.cfg.SecureCookies {
		// served behind TLS: browsers keep to HTTPS for a year. Echo sends
		// the header on https requests (TLS, or X-Forwarded-Proto: https
		// from the proxy that ended TLS).
		secure.HSTSMaxAge, secure.HSTSExcludeSubdomains = 365*24*3600, true
	}
	e.Use(middleware.SecureWithConfig(secure))

	e.GET("/healthz", s.healthz)
	e.GET("/readyz", s.readyz)
	e.GET("/robots.txt", robots)
	// /metrics is served on its own listener (MetricsHandler), not here.
	e.GET("/static/*", s.static)
	e.HEAD("/static/*", s.static)
	e.GET("/sw.js", s.serviceWorker) // Web Push's service worker, scoped to the whole site
	// GET /t/:code/ws is served before Echo, see Server.Handler.
	// The bot API (botapi.go): a token, no session or CSRF.
	s.botRoutes(e)

	// Pages and posts get a deadline; the websocket route lives on.
	timeout := middleware.ContextTimeoutWithConfig(middleware.ContextTimeoutConfig{Timeout: 10 * time.Second})
	g := e.Group("", csrf(s.cfg.SecureCookies), timeout)
	g.GET("/", s.home)
	g.GET("/lang", s.chooseLanguage)
	g.POST("/tables", s.createTable)
	g.POST("/play", s.playNow)
	g.GET("/tables/public", s.publicTables)
	g.GET("/rules/:game", s.rulesPage)
	g.GET("/me", s.myGames)
	g.GET("/p/:handle", s.playerPage)
	g.GET("/clubs", s.clubsPage)
	g.POST("/clubs", s.createClub)
	g.GET("/c/:handle", s.clubPage)
	g.GET("/c/:handle/join/:invite", s.clubJoinPage)
	g.POST("/c/:handle/join/:invite", s.joinClub)
	g.POST("/c/:handle/invite", s.clubNewInvite)
	g.POST("/c/:handle/settings", s.clubSettings)
	g.POST("/c/:handle/remove", s.clubRemove)
	g.POST("/c/:handle/season", s.clubSeason)
	g.POST("/join", s.joinByCode)
	g.GET("/t/:code", s.tablePage)
	g.POST("/t/:code/join", s.joinTable)
	g.POST("/t/:code/act", s.act)
	g.POST("/t/:code/lobby", s.lobbyPost)
	g.POST("/t/:code/chat", s.chatPost)
	g.POST("/t/:code/seat", s.seatPost)
	g.POST("/t/:code/bots", s.tableBots)
	g.POST("/me/bots", s.myBots)
	g.POST("/t/:code/handover", s.handover)
	g.GET("/t/:code/h/:token", s.handoverPage)
	g.POST("/t/:code/h/:token", s.takeHandover)
	g.POST("/passkey/register/begin", s.passkeyJSON(s.passkeyRegisterBegin))
	g.POST("/passkey/register/finish", s.passkeyJSON(s.passkeyRegisterFinish))
	g.POST("/passkey/login/begin", s.passkeyJSON(s.passkeyLoginBegin))
	g.POST("/passkey/login/finish", s.passkeyJSON(s.passkeyLoginFinish))
	g.POST("/push/subscribe", s.pushJSON(s.pushSubscribe))
	g.POST("/push/unsubscribe", s.pushJSON(s.pushUnsubscribe))
	g.GET("/t/:code/hands", s.hands)
	g.GET("/t/:code/hands.txt", s.handsExport)
	g.GET("/t/:code/fair.json", s.fairJSON)
	g.GET("/t/:code/verify", s.verifyPage)
	g.GET("/t/:code/replays", s.replays)
	g.GET("/t/:code/replay/:deal", s.replay)
	return e
}

// uncompressed reports a request whose answer is never gzipped by the
// middleware: a post (a move, a chat line, a lobby button: 204 or a line
// of text; Echo's middleware would reset a compressor, a few hundred
// kilobytes of tables, for each), a static file and the service worker
// (compressed once, see static) and the bot API (a stream is written
// line by line). Pages are GETs.
func uncompressed(c echo.Context) bool {
	req := c.Request()
	if req.Method != http.MethodGet {
		return true
	}
	p := req.URL.Path
	return strings.HasPrefix(p, "/static/") || p == "/sw.js" || strings.HasPrefix(p, BotAPIPrefix+"/")
}

// robots lets crawlers read every page: the home page and the rules are
// public, a table is found only by its code.
func robots(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.String(http.StatusOK, "User-agent: *\nAllow: /\n")
}

func (s *Server) healthz(c echo.Context) error {
	if _, err := s.db.CountOpen(c.Request().Context()); err != nil {
		return c.String(http.StatusServiceUnavailable, "database unavailable")
	}
	return c.String(http.StatusOK, "ok")
}

// readyz reports whether the server can take moves: the database answers,
// every table's writes succeed, and the backup (if any) keeps up. A table failing to save (a full
// disk) makes it 503, so the operator's checks see it; /healthz stays
// about the process.
func (s *Server) readyz(c echo.Context) error {
	if _, err := s.db.CountOpen(c.Request().Context()); err != nil {
		return c.String(http.StatusServiceUnavailable, "database unavailable")
	}
	if s.rt.Failing() > 0 {
		return c.String(http.StatusServiceUnavailable, "saving is failing: tables are retrying")
	}
	if b := s.cfg.Backup; b != nil && b().Stalled {
		return c.String(http.StatusServiceUnavailable, "backups are stalled: the replica is behind")
	}
	return c.String(http.StatusOK, "ready")
}

// static serves the embedded files: under their hashed names (what pages
// link) with a year's cache, under their plain names (what a page from
// before a deploy may still ask for) with a short one; gzipped when the
// browser takes it, from bytes compressed once per process. Anything
// else, a directory or a name with a hash that is not the file's, is 404.
func (s *Server) static(c echo.Context) error {
	a, hashed, ok := static.Lookup(strings.TrimPrefix(c.Request().URL.Path, "/static/"))
	if !ok {
		return pageErr(http.StatusNotFound, i18n.M("error.no_file"))
	}
	cache := "public, max-age=300"
	if hashed {
		cache = "public, max-age=31536000, immutable"
	}
	return serveAsset(c, a, cache)
}

// serveAsset answers a static file with its validator and cache policy:
// 304 to a browser that holds it, else its body, gzipped once (static)
// for a browser that takes it.
func serveAsset(c echo.Context, a *static.Asset, cacheControl string) error {
	h := c.Response().Header()
	h.Set("Content-Type", a.Type)
	h.Set("ETag", a.ETag)
	h.Add("Vary", "Accept-Encoding")
	h.Set("Cache-Control", cacheControl)
	if match := c.Request().Header.Get("If-None-Match"); match != "" && strings.Contains(match, a.ETag) {
		return c.NoContent(http.StatusNotModified)
	}
	body := a.Body
	if a.Gzip != nil && acceptsGzip(c.Request()) {
		h.Set("Content-Encoding", "gzip")
		body = a.Gzip
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	c.Response().WriteHeader(http.StatusOK)
	if c.Request().Method != http.MethodHead {
		c.Response().Write(body)
	}
	return nil
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip
// (and not with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// requestLog writes one structured line per request; a move answered
// 204 is logged at Debug only (the table logs the move itself, and a
// line per move would be a write per move), and nothing is built for a
// level that is off.
func (s *Server) requestLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		req := c.Request()
		path := req.URL.Path
		if strings.HasPrefix(path, "/static/") || path == "/healthz" || path == "/readyz" {
			return nil
		}
		level := slog.LevelInfo
		if c.Response().Status == http.StatusNoContent && req.Method == http.MethodPost && strings.HasSuffix(path, "/act") {
			level = slog.LevelDebug
		}
		if !s.log.Enabled(req.Context(), level) {
			return nil
		}
		s.log.Log(req.Context(), level, "request", "method", req.Method, "path", path, "status", c.Response().Status,
			"duration", time.Since(start), "room", c.Param("code"))
		return nil
	}
}

// httpError renders errors: a page for browsers, the message line for
// htmx posts, and a logged INTERNAL without details for the unexpected.
func (s *Server) httpError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	if isBotAPI(c) {
		s.writeBotError(c, err) // a program reads JSON, never a page
		return
	}
	// the error may reach here after a middleware's deadline was cancelled:
	// the page is rendered all the same
	c.SetRequest(c.Request().WithContext(context.WithoutCancel(c.Request().Context())))
	l := i18n.From(c.Request().Context())
	status, msg := s.errorAnswer(c, err)
	if c.Request().Header.Get("HX-Request") == "true" {
		c.Response().Header().Set("HX-Retarget", "#message")
		c.Response().Header().Set("HX-Reswap", "innerHTML")
		if status >= 500 || status == http.StatusForbidden || status == http.StatusNotFound {
			status = http.StatusUnprocessableEntity // shown by htmx in the message line
		}
		c.String(status, msg)
		return
	}
	heading := i18n.M("error.generic")
	switch status {
	case http.StatusNotFound:
		heading = i18n.M("error.heading.not_found")
	case http.StatusForbidden:
		heading = i18n.M("error.heading.forbidden")
	case http.StatusTooManyRequests:
		heading = i18n.M("error.heading.too_many")
	}
	render(c, status, views.ErrorPage(views.ErrorInfo{
		Page: views.Page{Title: i18n.M("error.page_title", i18n.Nest("Heading", heading)), CSRF: csrfToken(c)}, Heading: l.Msg(heading), Message: msg,
	}))
}

// errorAnswer is what a person is told of err: a status and a sentence
// in their language, for a page, an htmx answer or a script's JSON. A
// limit also says when to come back (Retry-After); an error that is not
// the person's doing is logged and told as INTERNAL, without details.
func (s *Server) errorAnswer(c echo.Context, err error) (int, string) {
	l := i18n.From(c.Request().Context())
	var he *echo.HTTPError
	var ge *game.Error
	var rl errRateLimited
	var pf passkeyFail
	switch {
	case errors.As(err, &rl):
		c.Response().Header().Set("Retry-After", "60")
		c.Response().Header().Set("X-Error-Code", "RATE_LIMITED")
		return http.StatusTooManyRequests, l.Msg(rl.msg)
	case errors.As(err, &he):
		return he.Code, httpMessage(l, he)
	case errors.As(err, &ge):
		c.Response().Header().Set("X-Error-Code", ge.Code)
		return http.StatusUnprocessableEntity, ge.Text(l)
	case errors.As(err, &pf):
		return pf.status, l.T(pf.key)
	case db.IsFull(err): // a full disk is not our bug: say so, and when to come back
		s.log.Warn("not saved: the disk is full", "path", c.Request().URL.Path, "err", err)
		c.Response().Header().Set("Retry-After", "60")
		return http.StatusServiceUnavailable, l.T("error.status.unavailable")
	}
	s.log.Error("internal error", "path", c.Request().URL.Path, "err", err)
	return http.StatusInternalServerError, l.T("error.internal")
}

// httpMessage is an HTTP error's message in l: the handlers' own from
// the catalog (pageErr), Echo's (a route or a method that doesn't exist,
// a body too large) by its status.
func httpMessage(l *i18n.Lang, he *echo.HTTPError) string {
	switch m := he.Message.(type) {
	case i18n.Msg:
		return l.Msg(m)
	case string:
		if m != http.StatusText(he.Code) {
			return m
		}
	}
	if key, ok := statusKeys[he.Code]; ok {
		return l.T(key)
	}
	return http.StatusText(he.Code)
}

// statusKeys are the catalog's words for the statuses Echo answers by
// itself.
var statusKeys = map[int]string{
	http.StatusBadRequest:            "error.status.bad_request",
	http.StatusNotFound:              "error.status.not_found",
	http.StatusMethodNotAllowed:      "error.status.method_not_allowed",
	http.StatusRequestEntityTooLarge: "error.status.too_large",
	http.StatusUnsupportedMediaType:  "error.status.media_type",
	http.StatusServiceUnavailable:    "error.status.unavailable",
	http.StatusInternalServerError:   "error.status.internal",
}
