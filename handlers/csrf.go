package handlers

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/i18n"
)

// CSRF: a double-submit cookie whose token every page carries masked.
//
// The cookie (_csrf, HttpOnly, SameSite=Strict, Secure behind TLS) holds
// a random 32-byte token. A page never shows that token itself: it shows
// pad ‖ (pad XOR token), with a fresh random pad per response, as Django
// and Rails do. Pages are sent compressed, and a compressed page that
// holds a secret next to text an attacker chose (a name, a chat line)
// leaks the secret through its size (BREACH); a token that differs in
// every response gives such an attacker nothing to converge on.
//
// A state-changing request (anything but GET, HEAD, OPTIONS, TRACE)
// passes when the browser says it comes from this origin
// (Sec-Fetch-Site: same-origin, or none for a navigation the user typed)
// and is refused at once when it says cross-site; otherwise (same-site,
// or a client without fetch metadata) it needs the token, masked, in the
// X-CSRF-Token header or the _csrf form field. These are the rules
// Echo v4.16's middleware applied, which this replaces.
const (
	csrfCookie  = "_csrf"
	csrfHeader  = "X-CSRF-Token"
	csrfField   = "_csrf"
	csrfContext = "csrf" // the masked token for this response (csrfToken)
	csrfLen     = 32
)

// csrfExpired is the answer to a request without a good token.
var csrfExpired = pageErr(http.StatusForbidden, i18n.M("error.csrf.expired"))

// csrf is the CSRF middleware; secure marks its cookie Secure.
func csrf(secure bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			token := csrfCookieToken(req)
			if token == nil {
				token = make([]byte, csrfLen)
				rand.Read(token)
			}
			switch req.Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
			default:
				switch req.Header.Get("Sec-Fetch-Site") {
				case "same-origin", "none":
				case "cross-site":
					return pageErr(http.StatusForbidden, i18n.M("error.csrf.cross_site"))
				default: // same-site, or no fetch metadata: the token decides
					sent := req.Header.Get(csrfHeader)
					if sent == "" {
						sent = c.FormValue(csrfField)
					}
					if !csrfValid(token, sent) {
						return csrfExpired
					}
				}
			}
			c.SetCookie(&http.Cookie{
				Name: csrfCookie, Value: base64.RawURLEncoding.EncodeToString(token), Path: "/",
				Expires: time.Now().Add(24 * time.Hour), HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode,
			})
			c.Response().Header().Add(echo.HeaderVary, echo.HeaderCookie)
			c.Set(csrfContext, maskCSRF(token))
			return next(c)
		}
	}
}

// csrfCookieToken is the token of the request's cookie, or nil.
func csrfCookieToken(r *http.Request) []byte {
	k, err := r.Cookie(csrfCookie)
	if err != nil {
		return nil
	}
	t, err := base64.RawURLEncoding.DecodeString(k.Value)
	if err != nil || len(t) != csrfLen {
		return nil
	}
	return t
}

// maskCSRF renders token under a fresh one-time pad: pad ‖ (pad XOR token).
func maskCSRF(token []byte) string {
	b := make([]byte, 2*csrfLen)
	rand.Read(b[:csrfLen])
	subtle.XORBytes(b[csrfLen:], b[:csrfLen], token)
	return base64.RawURLEncoding.EncodeToString(b)
}

// csrfValid reports whether sent is token masked by some pad.
func csrfValid(token []byte, sent string) bool {
	b, err := base64.RawURLEncoding.DecodeString(sent)
	if err != nil || len(b) != 2*csrfLen {
		return false
	}
	subtle.XORBytes(b[csrfLen:], b[:csrfLen], b[csrfLen:])
	return subtle.ConstantTimeCompare(b[csrfLen:], token) == 1
}
