package handlers

import (
	"crypto/rand"
	"encoding/hex"

	"github.com/labstack/echo/v4"
)

const sessionName = "tables"

// identity is who a request comes from: a player id kept in the session
// (seats are bound to it) and the name they gave.
type identity struct {
	player string
	name   string
}

// identify reads who the request comes from (nobody: an empty identity).
func (s *Server) identify(c echo.Context) (identity, error) {
	sess, err := s.store.Get(c.Request(), sessionName)
	if err != nil {
		return identity{}, err
	}
	id := identity{}
	id.player, _ = sess.Values["player"].(string)
	id.name, _ = sess.Values["name"].(string)
	return id, nil
}

// remember stores the visitor's name in the session, giving a new visitor
// a player id. It is the only place a session is created, so a visitor
// who only looks costs no row; an address may create SessionsPerAddr of
// them.
func (s *Server) remember(c echo.Context, name string) (identity, error) {
	sess, err := s.store.Get(c.Request(), sessionName)
	if err != nil {
		return identity{}, err
	}
	id := identity{name: name}
	id.player, _ = sess.Values["player"].(string)
	if id.player == "" {
		if !s.limits.sessionsAddr.allow(c.RealIP(), s.now()) {
			return identity{}, rateLimited("error.limit.visitors")
		}
		b := make([]byte, 16)
		rand.Read(b)
		id.player = hex.EncodeToString(b)
		sess.Values["player"] = id.player
	}
	if had, _ := sess.Values["name"].(string); had != "" && had != name {
		// a passkey restores the name last given
		if err := s.db.RenamePasskeyPlayer(c.Request().Context(), id.player, name); err != nil {
			return identity{}, err
		}
	}
	sess.Values["name"] = name
	return id, sess.Save(c.Request(), c.Response()) // one write, one cookie
}

// become makes this device the given player (a handover link): the
// session's player id and name are theirs from now on. A device without a
// session gets one, counted as any new session is.
func (s *Server) become(c echo.Context, player, name string) error {
	sess, err := s.store.Get(c.Request(), sessionName)
	if err != nil {
		return err
	}
	if had, _ := sess.Values["player"].(string); had == "" && !s.limits.sessionsAddr.allow(c.RealIP(), s.now()) {
		return rateLimited("error.limit.visitors")
	}
	sess.Values["player"], sess.Values["name"] = player, name
	return sess.Save(c.Request(), c.Response())
}
