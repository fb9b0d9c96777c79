package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/room"
)

// A program makes a table (issue 40, item 17), as Lichess lets one make a
// game: POST /api/bots/v1/tables with a bot identity's token. The table is
// its owner's (they host it, and see it on My games); the program gets a
// token for each seat it asked for, plays them as any remote bot, and may
// start the game at once (built-in bots fill the other seats, where the
// options allow bots). It is the creation form's request in JSON, under
// the same limits: tables per address and per owner (the session that
// made the bot), counted together with the form's.

// botCreateRequest is the body of POST /tables.
type botCreateRequest struct {
	Game    string         `json:"game"`
	Options map[string]any `json:"options"`
	Seats   *int           `json:"seats"` // how many seats the program plays, from seat 0 (default 1)
	Start   bool           `json:"start"`
}

// botSeatToken is one seat the program was given.
type botSeatToken struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Token string `json:"token"`
}

// maxOptionFields bounds the options of a table made by a program.
const maxOptionFields = 40

// botCreate makes a table for a program.
func (s *Server) botCreate(c echo.Context) error {
	b, err := s.botAuth(c)
	if err != nil {
		return err
	}
	if b.Room != "" {
		return apiErr(http.StatusForbidden, "IDENTITY_ONLY", "A seat's token plays its seat only: make a table with a bot identity's token (My games, Your bots)")
	}
	var req botCreateRequest
	if err := readBotJSON(c, "table", ` ({"game": ..., "options": {...}, "seats": N, "start": true})`, &req); err != nil {
		return err
	}
	if _, ok := s.rt.Game(req.Game); !ok {
		return apiErr(http.StatusUnprocessableEntity, "UNKNOWN_GAME", `Say which game: "game" is one of president, holdem, lowunique, impetus`)
	}
	form, err := optionsForm(req.Options)
	if err != nil {
		return err
	}
	form.Set("kind", req.Game)
	opts, err := s.rt.ReadOptions(req.Game, form)
	if err != nil {
		return err // the game's own code (INVALID_OPTION …) and message
	}
	n := 1
	if req.Seats != nil {
		n = *req.Seats
	}
	if n < 1 || n > opts.Seats {
		return apiErr(http.StatusUnprocessableEntity, "BAD_SEATS", `"seats" is how many seats the program plays, from 1 to the table's `+strconv.Itoa(opts.Seats))
	}
	if req.Start && !opts.Bots && n < opts.Seats {
		return apiErr(http.StatusUnprocessableEntity, "CANNOT_START", `A table without bots starts only when every seat is taken: play all `+strconv.Itoa(opts.Seats)+` seats, add "bots": true to the options, or leave "start" out and let people join`)
	}
	// the limits on opening tables: per address, and per owner (the
	// session that made the bot), shared with the creation form
	if !s.limits.tablesAddr.allow(c.RealIP(), s.now()) {
		c.Response().Header().Set("Retry-After", retryAfter(s.limits.tablesAddr))
		return apiLimited("Too many tables opened from your address: wait a while")
	}
	if !s.limits.tablesSession.allow(b.Owner, s.now()) {
		c.Response().Header().Set("Retry-After", retryAfter(s.limits.tablesSession))
		return apiLimited("Too many tables opened by this bot's owner: wait a while")
	}
	ctx := c.Request().Context()
	r, err := s.rt.Create(ctx, req.Game, opts, b.Owner, b.Name)
	switch {
	case errors.Is(err, db.ErrFull):
		return apiErr(http.StatusServiceUnavailable, "TABLES_FULL", "The server holds as many open tables as it can: try again later")
	case errors.Is(err, room.ErrNotSaved) || db.IsFull(err):
		s.log.Error("create table: not saved", "err", err)
		return apiErr(http.StatusServiceUnavailable, "NOT_SAVED", "The table could not be saved: try again later")
	case err != nil:
		return err
	}
	out := struct {
		Code   string         `json:"code"`
		Game   string         `json:"game"`
		URL    string         `json:"url"`
		Status string         `json:"status"`
		Seats  []botSeatToken `json:"seats"`
		// why the game did not start, when asked to (the table and its
		// seats stand, in the lobby)
		StartError *game.Error `json:"start_error,omitempty"`
	}{Code: r.Code(), Game: req.Game, URL: s.baseURL(c) + "/t/" + r.Code(), Status: "lobby"}
	for seat := range n {
		name := b.Name + " " + strconv.Itoa(seat+1)
		sb, token, err := s.db.CreateBot(ctx, db.Bot{Name: name, Owner: b.Owner, Room: r.Code()}, s.now())
		if err != nil {
			return err
		}
		if err := r.SeatRemote(ctx, b.Owner, seat, sb.Player(), name, false); err != nil {
			if derr := s.db.DeleteBot(context.WithoutCancel(ctx), sb.ID); derr != nil {
				s.log.Error("forget a bot not seated", "bot", sb.ID, "err", derr)
			}
			return err
		}
		s.knownTokens.add(token)
		out.Seats = append(out.Seats, botSeatToken{Seat: seat, Name: name, Token: token})
	}
	if req.Start {
		var ge *game.Error
		switch err := r.Start(ctx, b.Owner, b.Name); {
		case errors.As(err, &ge): // the table and its tokens stand, in the lobby
			out.StartError = ge
		case err != nil:
			return err
		default:
			out.Status = "playing"
		}
	}
	noStore(c)
	return c.JSON(http.StatusCreated, out)
}

// optionsForm turns a program's table options into the creation form's
// fields: a string or a number as it is, true as "on" (false leaves the
// field out), a list as the field repeated.
func optionsForm(o map[string]any) (url.Values, error) {
	if len(o) > maxOptionFields {
		return nil, apiErr(http.StatusBadRequest, "BAD_JSON", "A table has at most "+strconv.Itoa(maxOptionFields)+" options")
	}
	form := url.Values{}
	bad := func(k string) error {
		return apiErr(http.StatusBadRequest, "BAD_JSON", "The option "+strconv.Quote(k)+" must be a string, a number, true or false, or a list of strings and numbers")
	}
	one := func(v any) (string, bool) {
		switch v := v.(type) {
		case string:
			return v, len(v) <= 200
		case json.Number:
			return v.String(), true
		}
		return "", false
	}
	for k, v := range o {
		if k == "" || len(k) > 40 || k == "kind" {
			return nil, apiErr(http.StatusBadRequest, "BAD_JSON", `An option's name is the creation form's field (1 to 40 characters; the game is "game")`)
		}
		switch v := v.(type) {
		case bool:
			if v {
				form.Set(k, "on")
			}
		case []any:
			if len(v) > 20 {
				return nil, bad(k)
			}
			for _, e := range v {
				s, ok := one(e)
				if !ok {
					return nil, bad(k)
				}
				form.Add(k, s)
			}
		default:
			s, ok := one(v)
			if !ok {
				return nil, bad(k)
			}
			form.Set(k, s)
		}
	}
	return form, nil
}
