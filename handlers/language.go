package handlers

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/i18n"
)

// langCookie remembers the language a viewer chose on this device.
const langCookie = "lang"

// langOf is the language a request is answered in: the one the viewer
// chose (its cookie), else the best fit of the browser's Accept-Language,
// else English. It reads no database: the websocket and every page call it.
func langOf(req *http.Request) *i18n.Lang {
	if ck, err := req.Cookie(langCookie); err == nil {
		if l := i18n.Lookup(ck.Value); l != nil {
			return l
		}
	}
	return i18n.Match(req.Header.Get("Accept-Language"))
}

// language puts the request's language in its context, so every page
// and fragment rendered for it reads its words from that language. A
// player with a session and no cookie yet (a new device reached by a
// handover link or a passkey) gets the language they chose before, from
// the first page they open.
func (s *Server) language(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		switch p := req.URL.Path; {
		case strings.HasPrefix(p, "/static/"), p == "/healthz", p == "/readyz", p == "/robots.txt":
			return next(c)
		}
		l := langOf(req)
		// only a page looks the player's choice up (and gives the device
		// its cookie): a post comes from a page already, and a move must
		// not cost a session decoding and a query
		if _, err := req.Cookie(langCookie); err != nil && req.Method == http.MethodGet {
			if id, err := s.identify(c); err == nil && id.player != "" {
				if code, err := s.db.PlayerLanguage(req.Context(), id.player); err == nil {
					if chosen := i18n.Lookup(code); chosen != nil {
						l = chosen
						s.setLangCookie(c, l)
					}
				}
			}
		}
		c.Response().Header().Set("Content-Language", l.Tag())
		c.Response().Header().Add("Vary", "Accept-Language, Cookie")
		c.SetRequest(req.WithContext(i18n.With(req.Context(), l)))
		return next(c)
	}
}

func (s *Server) setLangCookie(c echo.Context, l *i18n.Lang) {
	c.SetCookie(&http.Cookie{Name: langCookie, Value: l.Code(), Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode})
}

// chooseLanguage is the language picker's form (GET /lang?lang=fr): it
// keeps the choice in a cookie and, for a player with a session, on the
// player, then goes back to the page it was chosen on.
func (s *Server) chooseLanguage(c echo.Context) error {
	l := i18n.Lookup(c.QueryParam("lang"))
	if l == nil {
		return echo.NewHTTPError(http.StatusBadRequest, i18n.From(c.Request().Context()).T("lang.unknown"))
	}
	s.setLangCookie(c, l)
	if id, err := s.identify(c); err == nil && id.player != "" {
		if err := s.db.SetPlayerLanguage(c.Request().Context(), id.player, l.Code(), s.now()); err != nil {
			s.log.Warn("language not saved", "err", err)
		}
	}
	noStore(c)
	return c.Redirect(http.StatusSeeOther, backTo(c.Request()))
}

// backTo is the page the picker was used on (its Referer, when it is this
// site's), else the home page. Only a path of this site is ever answered:
// one that starts with a single "/" and holds no backslash, space or
// control character, so no browser reads it as another site ("//host",
// "/\\host", "/\t/host", "///host" are all the home page).
func backTo(req *http.Request) string {
	ref, err := url.Parse(req.Header.Get("Referer"))
	if err != nil || ref.Opaque != "" || ref.User != nil || (ref.Host != "" && ref.Host != req.Host) ||
		(ref.Scheme != "" && ref.Scheme != "http" && ref.Scheme != "https") {
		return "/"
	}
	p := ref.EscapedPath()
	if ref.RawQuery != "" {
		p += "?" + ref.RawQuery
	}
	if !localPath(p) || strings.ContainsRune(ref.Path, '\\') {
		return "/"
	}
	return p
}

// localPath reports whether p is a path of this site as a browser reads
// a Location: "/" and then not a second "/" or "\\", and nothing a
// browser strips or turns into a "/" anywhere in it.
func localPath(p string) bool {
	if len(p) == 0 || p[0] != '/' || len(p) > 1 && (p[1] == '/' || p[1] == '\\') {
		return false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; c <= ' ' || c == 0x7f || c == '\\' {
			return false
		}
	}
	return true
}
