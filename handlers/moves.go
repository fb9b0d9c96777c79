package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"html"
	"net/url"
	"time"

	"github.com/olahol/melody"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
)

// A person's move comes one of two ways. The table page sends it over the
// websocket it already holds: one text frame of JSON, the form's fields
// (htmx's ws-send format: each value a string or a list of them, htmx's
// HEADERS beside them; static/app.js). A browser without JavaScript
// posts the form (POST /t/{code}/act). Both are read by one decoder under
// one set of limits (moveForm: the bot API's, game.FormOf), go to the
// table as the same command (room.Move, for the player the session
// names), and are refused the same way: the error's code and its
// sentence in the player's language, which a post gets as its answer
// (moveError) and a socket as a frame to that connection only
// (refusedFrame). Over the socket a move costs no request: the session
// and the language were read once, when it opened, and nothing is logged
// or compressed for it.

// moveForm is a move's fields as the table reads them, under the move
// limits (game.FormOf: how many fields and values, how long each). The
// CSRF field of a form posted without JavaScript and the headers htmx
// sends over a socket are no part of the move.
func moveForm(f game.Fields) (url.Values, error) {
	delete(f, csrfField)
	delete(f, "HEADERS")
	form, err := game.FormOf(f)
	if err != nil {
		return nil, game.Err(game.CodeInvalidAction, "error.form_unreadable")
	}
	return form, nil
}

// postedMove reads a posted move form.
func postedMove(form url.Values) (url.Values, error) { return moveForm(game.FieldsOf(form)) }

// socketMove reads a move frame.
func socketMove(frame []byte) (url.Values, error) {
	var f game.Fields
	d := json.NewDecoder(bytes.NewReader(frame))
	d.UseNumber()
	if err := d.Decode(&f); err != nil || f == nil {
		return nil, game.Err(game.CodeInvalidAction, "error.form_unreadable")
	}
	return moveForm(f)
}

// isMoveFrame reports whether a socket's frame is a move (a JSON object).
func isMoveFrame(frame []byte) bool { return len(frame) > 0 && frame[0] == '{' }

// playSocketMove plays a move frame for the socket's player; a refused
// move is answered to this connection only, in its viewer's language.
func (s *Server) playSocketMove(ws *melody.Session, frame []byte) {
	r := ws.Keys["room"].(*room.Room)
	player, _ := ws.Keys["player"].(string)
	form, err := socketMove(frame)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = r.Move(ctx, player, form)
		cancel()
	}
	if err == nil {
		return
	}
	l := socket{ws}.Lang()
	if l == nil {
		l = i18n.English()
	}
	var ge *game.Error
	if !errors.As(err, &ge) {
		s.log.Error("internal error", "room", r.Code(), "err", err)
		ge = game.Err(game.CodeInternal, "error.internal")
	}
	socket{ws}.Write(refusedFrame(ge, l))
}

// refusedFrame is a refused move's answer over a socket: the page's
// message line (views' #message) holding the error's sentence, its code
// in data-code.
func refusedFrame(ge *game.Error, l *i18n.Lang) []byte {
	var b bytes.Buffer
	b.WriteString(`<p id="message" role="alert" aria-live="assertive" data-code="`)
	b.WriteString(html.EscapeString(ge.Code))
	b.WriteString(`">`)
	b.WriteString(html.EscapeString(ge.Text(l)))
	b.WriteString(`</p>`)
	return b.Bytes()
}
