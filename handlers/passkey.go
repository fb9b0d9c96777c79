package handlers

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"github.com/tablegames/tables/views"
)

// Passkeys: "Keep my name, without a password". A player with a name may
// add a passkey (WebAuthn); signing in with it on any device makes that
// device the same player (the same player id and name: their seats and
// tables follow). A visitor without one plays as before.
//
// Each ceremony (make a passkey, sign in with one) is two posts: begin
// answers the options for navigator.credentials.create or get and keeps
// the library's session data in the database (the finish may reach
// another machine of a cluster), under a random id the browser holds in
// a cookie (HttpOnly, SameSite=Strict, this path only);
// finish takes that data (once: a second finish finds nothing) and checks
// the browser's answer against it: the challenge, the relying party id
// (the site's host) and the origin the page ran at. Ceremonies last
// ceremonyFor. A sign-in begun by a visitor who only looks makes no
// session row: the session is made when the sign-in succeeds.

// ceremonyFor is how long a ceremony waits for the browser's answer.
const ceremonyFor = 3 * time.Minute

// maxCeremonies bounds the ceremonies waiting at once (each is a few
// hundred bytes); the limits per address keep one client far below it.
const maxCeremonies = 20000

// ceremonyCookie holds the id of the browser's ceremony.
const ceremonyCookie = "_passkey"

const (
	ceremonyRegister = "register"
	ceremonyLogin    = "login"
)

// ceremony is one begun ceremony: what finish needs.
type ceremony struct {
	kind    string
	player  string // register: who asked, and the name and handle they get
	name    string
	handle  []byte
	data    webauthn.SessionData
	expires time.Time
}

// ceremonyJSON is a ceremony as the database keeps it (db.PutCeremony):
// begin and finish may reach two machines of a cluster.
type ceremonyJSON struct {
	Player string               `json:"player,omitempty"`
	Name   string               `json:"name,omitempty"`
	Handle []byte               `json:"handle,omitempty"`
	Data   webauthn.SessionData `json:"data"`
}

// ceremonies are the begun ceremonies, kept in the database by id.
type ceremonies struct{ db *db.DB }

// put keeps c and returns its id; db.ErrBusy when too many wait.
func (cs ceremonies) put(ctx context.Context, c *ceremony, now time.Time) (string, error) {
	data, err := json.Marshal(ceremonyJSON{Player: c.player, Name: c.name, Handle: c.handle, Data: c.data})
	if err != nil {
		return "", err
	}
	return cs.db.PutCeremony(ctx, c.kind, data, now, c.expires, maxCeremonies)
}

// take removes the ceremony id and returns it if it is of kind and not
// expired: a ceremony is finished once. nil when there is none.
func (cs ceremonies) take(ctx context.Context, id, kind string, now time.Time) (*ceremony, error) {
	data, err := cs.db.TakeCeremony(ctx, id, kind, now)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var j ceremonyJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, err
	}
	return &ceremony{kind: kind, player: j.Player, name: j.Name, handle: j.Handle, data: j.Data}, nil
}

// prune forgets the expired ceremonies.
func (cs ceremonies) prune(ctx context.Context, now time.Time) error {
	return cs.db.DeleteExpiredCeremonies(ctx, now)
}

// passkeyUser is a player as the WebAuthn library sees them: the handle
// their authenticators keep, their name and their credentials.
type passkeyUser struct {
	handle []byte
	name   string
	creds  []webauthn.Credential
}

func (u *passkeyUser) WebAuthnID() []byte                         { return u.handle }
func (u *passkeyUser) WebAuthnName() string                       { return u.name }
func (u *passkeyUser) WebAuthnDisplayName() string                { return u.name }
func (u *passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// passkeyFail is a ceremony's error for the page's script: a status and
// a sentence (JSON {"error": ...}, in the reader's language), as fetch
// reads it.
type passkeyFail struct {
	status int
	key    string // the sentence's catalog key
}

func (f passkeyFail) Error() string { return i18n.English().T(f.key) }

func passkeyError(status int, key string) error { return passkeyFail{status, key} }

// Sentences of the ceremonies.
const (
	msgCeremonyGone = "error.passkey.gone"
	msgPasskeyBad   = "error.passkey.bad"
	msgPasskeyLimit = "error.limit.passkeys"
)

// passkeyJSON runs a ceremony step and answers JSON: what the step
// returns, or {"error": sentence} with its status, as errorAnswer words
// any error of the site's.
func (s *Server) passkeyJSON(step func(echo.Context) (any, error)) echo.HandlerFunc {
	return func(c echo.Context) error {
		noStore(c)
		out, err := step(c)
		if err == nil {
			return c.JSON(http.StatusOK, out)
		}
		status, msg := s.errorAnswer(c, err)
		return c.JSON(status, map[string]string{"error": msg})
	}
}

// passkeysOn reports whether this server offers passkeys: it knows its
// site (passkeySite). On one machine and on every machine of a cluster
// alike: they share the database that keeps them.
func (s *Server) passkeysOn() bool { return s.passkeySite() != "" }

// passkeySite is the site passkeys are made for: the configuration's,
// never a request's Host (a forged Host naming another port of the host
// name would be another origin the browser signs for: issue 40, item 15).
func (s *Server) passkeySite() string {
	if s.cfg.PasskeyURL != "" {
		return s.cfg.PasskeyURL
	}
	return s.cfg.PublicURL
}

// relyingParty is the WebAuthn configuration: the relying party id is
// the site's host name and the one origin allowed is the site's, both
// from passkeySite (-public-url), whatever the request says. It also
// returns that origin, which every ceremony is bound to.
func (s *Server) relyingParty(c echo.Context) (*webauthn.WebAuthn, string, error) {
	if !s.passkeysOn() {
		return nil, "", passkeyError(http.StatusNotFound, "error.passkey.off")
	}
	u, err := url.Parse(s.passkeySite())
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return nil, "", passkeyError(http.StatusServiceUnavailable, "error.passkey.no_address")
	}
	origin := u.Scheme + "://" + u.Host
	rp, err := webauthn.New(&webauthn.Config{
		RPID: u.Hostname(), RPDisplayName: "Tables", RPOrigins: []string{origin},
		AuthenticatorSelection: protocol.AuthenticatorSelection{
			ResidentKey: protocol.ResidentKeyRequirementRequired, RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification: protocol.VerificationPreferred,
		},
		AttestationPreference: protocol.PreferNoAttestation,
		Timeouts: webauthn.TimeoutsConfig{
			Login:        webauthn.TimeoutConfig{Enforce: true, Timeout: ceremonyFor, TimeoutUVD: ceremonyFor},
			Registration: webauthn.TimeoutConfig{Enforce: true, Timeout: ceremonyFor, TimeoutUVD: ceremonyFor},
		},
	})
	if err != nil { // an IP address is no relying party id
		return nil, "", passkeyError(http.StatusServiceUnavailable, "error.passkey.ip")
	}
	return rp, origin, nil
}

// passkeyLimit counts a ceremony against the address and, when there is
// one, the session.
func (s *Server) passkeyLimit(c echo.Context, player string) error {
	now := s.now()
	if !s.limits.passkeysAddr.allow(c.RealIP(), now) || !s.limits.passkeysSession.allow(player, now) {
		return rateLimited(msgPasskeyLimit)
	}
	return nil
}

// beginCeremony keeps a ceremony and gives the browser its cookie.
func (s *Server) beginCeremony(c echo.Context, cer *ceremony) error {
	now := s.now()
	cer.expires = now.Add(ceremonyFor)
	id, err := s.ceremonies.put(c.Request().Context(), cer, now)
	if errors.Is(err, db.ErrBusy) {
		return passkeyError(http.StatusServiceUnavailable, "error.passkey.busy")
	}
	if err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{Name: ceremonyCookie, Value: id, Path: "/passkey/", MaxAge: int(ceremonyFor / time.Second),
		HttpOnly: true, Secure: s.cfg.SecureCookies, SameSite: http.SameSiteStrictMode})
	return nil
}

// finishCeremony takes the browser's ceremony of kind (once) and clears
// its cookie.
func (s *Server) finishCeremony(c echo.Context, kind string) (*ceremony, error) {
	k, err := c.Cookie(ceremonyCookie)
	if err != nil {
		return nil, passkeyError(http.StatusBadRequest, msgCeremonyGone)
	}
	c.SetCookie(&http.Cookie{Name: ceremonyCookie, Value: "", Path: "/passkey/", MaxAge: -1,
		HttpOnly: true, Secure: s.cfg.SecureCookies, SameSite: http.SameSiteStrictMode})
	cer, err := s.ceremonies.take(c.Request().Context(), k.Value, kind, s.now())
	if err != nil {
		return nil, err
	}
	if cer == nil {
		return nil, passkeyError(http.StatusBadRequest, msgCeremonyGone)
	}
	return cer, nil
}

// credentials decodes a player's stored passkeys.
func credentials(keys []db.Passkey) ([]webauthn.Credential, error) {
	creds := make([]webauthn.Credential, 0, len(keys))
	for _, k := range keys {
		var cr webauthn.Credential
		if err := json.Unmarshal(k.Credential, &cr); err != nil {
			return nil, err
		}
		creds = append(creds, cr)
	}
	return creds, nil
}

// passkeyRegisterBegin: POST /passkey/register/begin. Only a player with
// a name has one to keep.
func (s *Server) passkeyRegisterBegin(c echo.Context) (any, error) {
	id, err := s.identify(c)
	if err != nil {
		return nil, err
	}
	if id.player == "" || id.name == "" {
		return nil, passkeyError(http.StatusForbidden, "error.passkey.name_first")
	}
	rp, origin, err := s.relyingParty(c)
	if err != nil {
		return nil, err
	}
	if err := s.passkeyLimit(c, id.player); err != nil {
		return nil, err
	}
	ctx := c.Request().Context()
	p, err := s.db.PasskeyPlayerOf(ctx, id.player)
	if errors.Is(err, db.ErrNotFound) {
		p = db.PasskeyPlayer{Player: id.player, Handle: make([]byte, 32)}
		rand.Read(p.Handle)
	} else if err != nil {
		return nil, err
	}
	keys, err := s.db.Passkeys(ctx, id.player, rp.Config.RPID)
	if err != nil {
		return nil, err
	}
	if len(keys) >= db.MaxPasskeys {
		return nil, passkeyError(http.StatusUnprocessableEntity, "error.passkey.most")
	}
	creds, err := credentials(keys)
	if err != nil {
		return nil, err
	}
	user := &passkeyUser{handle: p.Handle, name: id.name, creds: creds}
	creation, data, err := rp.BeginRegistration(user,
		webauthn.WithExclusions(webauthn.Credentials(creds).CredentialDescriptors()),
		webauthn.WithRegistrationOrigin(origin))
	if err != nil {
		return nil, err
	}
	if err := s.beginCeremony(c, &ceremony{kind: ceremonyRegister, player: id.player, name: id.name, handle: p.Handle, data: *data}); err != nil {
		return nil, err
	}
	return creation, nil
}

// passkeyRegisterFinish: POST /passkey/register/finish, the browser's
// new credential (JSON). It is stored for the player who began, if this
// session is still that player.
func (s *Server) passkeyRegisterFinish(c echo.Context) (any, error) {
	rp, _, err := s.relyingParty(c)
	if err != nil {
		return nil, err
	}
	cer, err := s.finishCeremony(c, ceremonyRegister)
	if err != nil {
		return nil, err
	}
	id, err := s.identify(c)
	if err != nil {
		return nil, err
	}
	if id.player != cer.player {
		return nil, passkeyError(http.StatusBadRequest, msgCeremonyGone)
	}
	parsed, err := protocol.ParseCredentialCreationResponseBody(c.Request().Body)
	if err != nil {
		s.log.Info("passkey: unreadable registration", "err", passkeyDetail(err))
		return nil, passkeyError(http.StatusBadRequest, "error.passkey.unreadable")
	}
	ctx := c.Request().Context()
	keys, err := s.db.Passkeys(ctx, cer.player, rp.Config.RPID)
	if err != nil {
		return nil, err
	}
	creds, err := credentials(keys)
	if err != nil {
		return nil, err
	}
	cred, err := rp.CreateCredential(&passkeyUser{handle: cer.handle, name: cer.name, creds: creds}, cer.data, parsed)
	if err != nil {
		s.log.Info("passkey: registration refused", "err", passkeyDetail(err))
		return nil, passkeyError(http.StatusBadRequest, msgPasskeyBad)
	}
	record, err := json.Marshal(cred)
	if err != nil {
		return nil, err
	}
	now := s.now()
	err = s.db.AddPasskey(ctx, db.PasskeyPlayer{Player: cer.player, Handle: cer.handle, Name: cer.name}, db.Passkey{
		ID: cred.ID, Player: cer.player, RPID: rp.Config.RPID, PublicKey: cred.PublicKey, SignCount: cred.Authenticator.SignCount,
		Credential: record, Name: cer.name, Created: now})
	if errors.Is(err, db.ErrPasskeyTaken) {
		return nil, passkeyError(http.StatusConflict, "error.passkey.kept_already")
	}
	if err != nil {
		return nil, err
	}
	return map[string]string{"name": cer.name,
		"message": i18n.From(c.Request().Context()).F("passkey.kept", i18n.S("Name", cer.name))}, nil
}

// passkeyLoginBegin: POST /passkey/login/begin. A discoverable login:
// the device offers the passkeys it has for the site. With
// ?mediation=conditional the page asks for the browser's autofill.
func (s *Server) passkeyLoginBegin(c echo.Context) (any, error) {
	rp, origin, err := s.relyingParty(c)
	if err != nil {
		return nil, err
	}
	id, _ := s.identify(c)
	if err := s.passkeyLimit(c, id.player); err != nil {
		return nil, err
	}
	mediation := protocol.MediationDefault
	if c.QueryParam("mediation") == "conditional" {
		mediation = protocol.MediationConditional
	}
	assertion, data, err := rp.BeginDiscoverableMediatedLogin(mediation, webauthn.WithLoginOrigin(origin))
	if err != nil {
		return nil, err
	}
	if err := s.beginCeremony(c, &ceremony{kind: ceremonyLogin, data: *data}); err != nil {
		return nil, err
	}
	return assertion, nil
}

// playerTable is one open table of a player, for the page after a sign-in.
type playerTable struct {
	Code  string `json:"code"`
	Label string `json:"label"` // the code as the pages show it (ABCD-EFGH)
	Game  string `json:"game"`
	URL   string `json:"url"`
}

// passkeyLoginFinish: POST /passkey/login/finish, the browser's assertion
// (JSON). A good one makes this device its player: the session gets the
// player's id and name. The answer names them and their open tables.
func (s *Server) passkeyLoginFinish(c echo.Context) (any, error) {
	rp, _, err := s.relyingParty(c)
	if err != nil {
		return nil, err
	}
	cer, err := s.finishCeremony(c, ceremonyLogin)
	if err != nil {
		return nil, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBody(c.Request().Body)
	if err != nil {
		s.log.Info("passkey: unreadable sign-in", "err", passkeyDetail(err))
		return nil, passkeyError(http.StatusBadRequest, "error.passkey.unreadable")
	}
	ctx := c.Request().Context()
	var who db.PasskeyPlayer
	found := func(rawID, handle []byte) (webauthn.User, error) {
		p, err := s.db.PasskeyPlayerByHandle(ctx, handle)
		if err != nil {
			return nil, err
		}
		keys, err := s.db.Passkeys(ctx, p.Player, rp.Config.RPID)
		if err != nil {
			return nil, err
		}
		creds, err := credentials(keys)
		if err != nil {
			return nil, err
		}
		who = p
		return &passkeyUser{handle: p.Handle, name: p.Name, creds: creds}, nil
	}
	_, cred, err := rp.ValidatePasskeyLogin(found, cer.data, parsed)
	if err != nil {
		s.log.Info("passkey: sign-in refused", "err", passkeyDetail(err))
		if who.Player == "" {
			return nil, passkeyError(http.StatusUnauthorized, "error.passkey.unknown")
		}
		return nil, passkeyError(http.StatusUnauthorized, msgPasskeyBad)
	}
	if cred.Authenticator.CloneWarning {
		// the counter went back: two copies of the key may exist
		s.log.Warn("passkey: counter went back", "player", who.Player)
		return nil, passkeyError(http.StatusUnauthorized, "error.passkey.copied")
	}
	record, err := json.Marshal(cred)
	if err != nil {
		return nil, err
	}
	if err := s.db.UsePasskey(ctx, cred.ID, cred.Authenticator.SignCount, record, s.now()); err != nil {
		return nil, err
	}
	if err := s.become(c, who.Player, who.Name); err != nil {
		return nil, err
	}
	tables, err := s.tablesOf(ctx, who.Player)
	if err != nil {
		return nil, err
	}
	return map[string]any{"name": who.Name, "tables": tables}, nil
}

// tablesOf are the open tables player sits at, the newest first (at most
// 20): the same list as My games', loaded or not.
func (s *Server) tablesOf(ctx context.Context, player string) ([]playerTable, error) {
	seated, err := s.db.OpenSeatings(ctx, player)
	if err != nil {
		return nil, err
	}
	list := []playerTable{}
	for _, t := range seated[:min(len(seated), 20)] {
		list = append(list, playerTable{Code: t.Room, Label: views.CodeLabel(t.Room), Game: room.GameTitle(i18n.From(ctx), t.Kind), URL: "/t/" + t.Room})
	}
	return list, nil
}

// passkeyDetail is what the log says of a refused ceremony: the
// library's details, never the request.
func passkeyDetail(err error) string {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return pe.Type + ": " + pe.Details + " " + pe.DevInfo
	}
	return err.Error()
}
