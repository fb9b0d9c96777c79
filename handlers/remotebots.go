package handlers

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"github.com/tablegames/tables/views"
)

// Remote bots as people make them (issue 33): a table's host seats one in
// a seat and is shown its token once, makes it a new token or revokes it;
// a player makes a bot identity (My games) whose id a host may invite.
// The seat rules are the room's (room.Room.SeatRemote); this file makes
// and keeps the tokens.

// tableBots is the host's form about remote bots at a table: do=seat
// (seat, name: a new bot for that seat, its token shown once), invite
// (seat, bot: a player's bot identity by its id), token (seat: a new token
// for the seat's bot) or revoke (seat).
func (s *Server) tableBots(c echo.Context) error {
	r, id, err := s.roomAndPlayer(c)
	if err != nil {
		return err
	}
	if id.player == "" {
		return moveError(c, game.Err("NOT_HOST", "error.table.only_host_seats_remote"))
	}
	ctx := c.Request().Context()
	seat, err := strconv.Atoi(c.FormValue("seat"))
	if err != nil {
		return moveError(c, game.Err(game.CodeInvalidAction, "error.bots.choose_seat"))
	}
	// what costs a write (a bot, a token, a seat) counts per address and
	// per session; a revocation never waits
	if do := c.FormValue("do"); do != "revoke" && (!s.limits.joinsAddr.allow(c.RealIP(), s.now()) || !s.limits.joinsSession.allow(id.player, s.now())) {
		return rateLimited("error.limit.bots_seated")
	}
	switch c.FormValue("do") {
	case "seat":
		name, err := room.CheckName(c.FormValue("bot_name"))
		if err != nil {
			return moveError(c, err)
		}
		b, token, err := s.db.CreateBot(ctx, db.Bot{Name: name, Owner: id.player, Room: r.Code()}, s.now())
		if err != nil {
			return err
		}
		if err := r.SeatRemote(ctx, id.player, seat, b.Player(), name, false); err != nil {
			if derr := s.db.DeleteBot(context.WithoutCancel(ctx), b.ID); derr != nil {
				s.log.Error("forget a bot not seated", "bot", b.ID, "err", derr)
			}
			return moveError(c, err)
		}
		return s.showToken(c, views.BotToken{Name: name, Seat: seat, Code: r.Code(), Token: token, ID: b.ID})
	case "invite":
		b, err := s.db.BotByID(ctx, strings.TrimSpace(c.FormValue("bot")))
		if errors.Is(err, db.ErrNotFound) || err == nil && (b.Room != "" || b.Revoked) {
			return moveError(c, game.Err("NO_BOT", "error.bots.no_such_id"))
		}
		if err != nil {
			return err
		}
		if err := r.SeatRemote(ctx, id.player, seat, b.Player(), b.Name, true); err != nil {
			return moveError(c, err)
		}
		return c.NoContent(http.StatusNoContent)
	case "token", "revoke":
		b, err := s.seatBot(ctx, r, id.player, seat)
		if err != nil {
			return moveError(c, err)
		}
		s.botStreams.end(b.ID)
		if c.FormValue("do") == "revoke" {
			if err := s.db.RevokeBotToken(ctx, b.ID, b.Owner, s.now()); err != nil {
				return err
			}
			s.botStreams.end(b.ID) // one that opened meanwhile
			return c.NoContent(http.StatusNoContent)
		}
		token, err := s.db.NewBotTokenFor(ctx, b.ID, b.Owner)
		if err != nil {
			return err
		}
		s.botStreams.end(b.ID)
		return s.showToken(c, views.BotToken{Name: b.Name, Seat: seat, Code: r.Code(), Token: token, ID: b.ID})
	}
	return moveError(c, game.Err(game.CodeInvalidAction, "error.bots.unknown_remote_action"))
}

// seatBot is the bot made for a seat of the table, which the host asks
// about: an invited bot identity's token is its owner's, not the host's.
func (s *Server) seatBot(ctx context.Context, r *room.Room, host string, seat int) (db.Bot, error) {
	player, invited, err := r.RemoteAt(ctx, host, seat)
	if err != nil {
		return db.Bot{}, err
	}
	if invited {
		return db.Bot{}, game.Err("NOT_YOURS", "error.bots.invited")
	}
	b, err := s.db.BotByID(ctx, strings.TrimPrefix(player, "bot:"))
	if err == nil && b.Room != r.Code() {
		err = db.ErrNotFound
	}
	if errors.Is(err, db.ErrNotFound) {
		return db.Bot{}, game.Err(game.CodeInvalidAction, "error.bots.seat_bot_unknown")
	}
	return b, err
}

// showToken answers a new token: the panel that shows it once, swapped
// into #bot-token (or a page of its own for a form without htmx).
func (s *Server) showToken(c echo.Context, t views.BotToken) error {
	noStore(c)
	s.knownTokens.add(t.Token) // a new token is a bot's (botAuth)
	t.Base = s.baseURL(c)
	return render(c, http.StatusOK, views.BotTokenPanel(t))
}

// baseURL is the site's address as a program reaches it.
func (s *Server) baseURL(c echo.Context) string {
	if s.cfg.PublicURL != "" {
		return strings.TrimRight(s.cfg.PublicURL, "/")
	}
	return c.Scheme() + "://" + c.Request().Host
}

// myBots is a player's form about their bot identities: do=make (name),
// token (bot: a new token) or revoke (bot).
func (s *Server) myBots(c echo.Context) error {
	id, err := s.identify(c)
	if err != nil {
		return err
	}
	if id.player == "" {
		return moveError(c, game.Err(game.CodeInvalidAction, "error.bots.name_first"))
	}
	ctx := c.Request().Context()
	// a bot or a new token costs a write: counted per address and per
	// session; a revocation never waits
	if do := c.FormValue("do"); do != "revoke" && (!s.limits.tablesAddr.allow(c.RealIP(), s.now()) || !s.limits.tablesSession.allow(id.player, s.now())) {
		return rateLimited("error.limit.bots_made")
	}
	switch c.FormValue("do") {
	case "make":
		name, err := room.CheckName(c.FormValue("bot_name"))
		if err != nil {
			return moveError(c, err)
		}
		if utf8.RuneCountInString(name) > maxBotName {
			return moveError(c, game.Err("INVALID_NAME", "error.bots.name_long", i18n.Count(maxBotName)))
		}
		have, err := s.db.BotsOf(ctx, id.player)
		if err != nil {
			return err
		}
		if len(have) >= maxBotsPerPlayer {
			return moveError(c, game.Err("TOO_MANY_BOTS", "error.bots.too_many", i18n.Count(maxBotsPerPlayer)))
		}
		b, token, err := s.db.CreateBot(ctx, db.Bot{Name: name, Owner: id.player}, s.now())
		if err != nil {
			return err
		}
		return s.showToken(c, views.BotToken{Name: name, Seat: -1, Token: token, ID: b.ID})
	case "token", "revoke":
		bid := c.FormValue("bot")
		b, err := s.db.BotByID(ctx, bid)
		if err != nil || b.Owner != id.player || b.Room != "" {
			return moveError(c, game.Err("NO_BOT", "error.bots.not_yours"))
		}
		s.botStreams.end(b.ID)
		if c.FormValue("do") == "revoke" {
			if err := s.db.RevokeBotToken(ctx, b.ID, id.player, s.now()); err != nil {
				return err
			}
			s.botStreams.end(b.ID)
			return c.Redirect(http.StatusSeeOther, "/me")
		}
		token, err := s.db.NewBotTokenFor(ctx, b.ID, id.player)
		if err != nil {
			return err
		}
		s.botStreams.end(b.ID)
		return s.showToken(c, views.BotToken{Name: b.Name, Seat: -1, Token: token, ID: b.ID})
	}
	return moveError(c, game.Err(game.CodeInvalidAction, "error.bots.unknown_action"))
}

// maxBotsPerPlayer caps a player's bot identities.
const maxBotsPerPlayer = 10

// maxBotName is the most characters of a bot identity's name.
const maxBotName = 20
