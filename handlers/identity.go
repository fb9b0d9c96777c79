package handlers

import (
	"crypto/rand"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/game"
)

const sessionName = "tables"

// identity is who a request comes from: a player id kept in the session
// (seats are bound to it) and the name they gave.
type identity struct {
	player string
	name   string
}

// identify reads the session; with create it gives a new visitor a player
// id and saves the session.
func (s *Server) identify(c echo.Context, create bool) (identity, error) {
	sess, err := s.store.Get(c.Request(), sessionName)
	if err != nil {
		return identity{}, err
	}
	id := identity{}
	id.player, _ = sess.Values["player"].(string)
	id.name, _ = sess.Values["name"].(string)
	if id.player == "" && create {
		b := make([]byte, 16)
		rand.Read(b)
		id.player = hex.EncodeToString(b)
		sess.Values["player"] = id.player
		if err := sess.Save(c.Request(), c.Response()); err != nil {
			return identity{}, err
		}
	}
	return id, nil
}

// remember stores the visitor's name in the session.
func (s *Server) remember(c echo.Context, name string) (identity, error) {
	id, err := s.identify(c, true)
	if err != nil {
		return id, err
	}
	sess, _ := s.store.Get(c.Request(), sessionName)
	sess.Values["name"] = name
	id.name = name
	return id, sess.Save(c.Request(), c.Response())
}

// checkName trims a name and checks it has 1–20 printable characters.
func checkName(raw string) (string, error) {
	name := strings.TrimSpace(raw)
	n := utf8.RuneCountInString(name)
	if !utf8.ValidString(name) || n < 1 || n > 20 {
		return "", game.Errorf("INVALID_NAME", "Your name must have 1 to 20 characters")
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return "", game.Errorf("INVALID_NAME", "Your name can only have printable characters")
		}
	}
	return name, nil
}
