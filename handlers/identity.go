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
			return identity{}, rateLimited("Too many new visitors from your address in a short time: wait a minute and try again.")
		}
		b := make([]byte, 16)
		rand.Read(b)
		id.player = hex.EncodeToString(b)
		sess.Values["player"] = id.player
	}
	sess.Values["name"] = name
	return id, sess.Save(c.Request(), c.Response()) // one write, one cookie
}

// checkName trims a name and checks it: 1–20 printable characters, at
// least one of them visible, and no pile of combining marks.
func checkName(raw string) (string, error) {
	return checkText(raw, 20, textRules{code: "INVALID_NAME",
		empty: "Your name must have 1 to 20 characters", long: "Your name must have 1 to 20 characters",
		unprintable: "Your name can only have printable characters",
		invisible:   "Your name needs at least one visible letter, digit or sign",
		marks:       "Your name has too many accents on one letter"})
}

// textRules are what a name or a chat line is told when it breaks a rule
// of checkText.
type textRules struct{ code, empty, long, unprintable, invisible, marks string }

// checkText trims a text a person typed and checks it: 1 to max
// characters of valid UTF-8, all printable, one at least visible, and no
// pile of combining marks.
func checkText(raw string, max int, m textRules) (string, error) {
	text := strings.TrimSpace(raw)
	n := utf8.RuneCountInString(text)
	switch {
	case n == 0:
		return "", game.Errorf(m.code, m.empty)
	case !utf8.ValidString(text) || n > max:
		return "", game.Errorf(m.code, m.long)
	}
	visible := false
	for _, r := range text {
		if !unicode.IsPrint(r) {
			return "", game.Errorf(m.code, m.unprintable)
		}
		visible = visible || isVisible(r)
	}
	if !visible {
		return "", game.Errorf(m.code, m.invisible)
	}
	if markPile(text) {
		return "", game.Errorf(m.code, m.marks)
	}
	return text, nil
}

// maxMarks is the most combining marks one character may carry: enough
// for every script's accents and vowel signs, too few for a "zalgo" pile
// that spills over the lines around it.
const maxMarks = 3

// markPile reports a run of more than maxMarks combining marks.
func markPile(s string) bool {
	run := 0
	for _, r := range s {
		if unicode.Is(unicode.M, r) {
			if run++; run > maxMarks {
				return true
			}
			continue
		}
		run = 0
	}
	return false
}

// isVisible reports whether a printable rune shows as something: not a
// space, not a combining mark, and not one of the letters and symbols
// that draw nothing (the Hangul fillers, the blank Braille pattern, the
// Khmer inherent vowels).
func isVisible(r rune) bool {
	switch r {
	case ' ', '\u115F', '\u1160', '\u3164', '\uFFA0', '\u2800', '\u17B4', '\u17B5':
		return false
	}
	return !unicode.Is(unicode.M, r)
}
