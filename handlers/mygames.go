package handlers

import (
	"context"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"github.com/tablegames/tables/views"
)

// My games and public player pages (issue 31). A person's results are
// kept under their session's player id, which binds their seats and so is
// a secret: no page shows it. Their public page is at a random handle the
// database gives them at their first finished game at a public table, and
// shows only what public tables saw.

// provisionalRD: a rating whose deviation is above it is marked
// provisional (lichess's threshold): a few games say little yet.
const provisionalRD = 110

// resultsShown is how many finished games a page lists.
const resultsShown = 100

// myGames is the visitor's own page: open tables, finished games and the
// record per game, private tables included.
func (s *Server) myGames(c echo.Context) error {
	id, err := s.identify(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	p := views.MyGames{Page: views.Page{Title: "My games · Tables", CSRF: csrfToken(c),
		Description: "Your tables, your finished games and your record per game."}, Known: id.player != ""}
	noStore(c) // a visitor's own record
	if !p.Known {
		return render(c, http.StatusOK, views.MyGamesPage(p))
	}
	handle, err := s.db.Handle(ctx, id.player)
	if err != nil {
		return err
	}
	if handle != "" {
		p.Profile = "/p/" + handle
	}
	open, err := s.db.OpenSeatings(ctx, id.player)
	if err != nil {
		return err
	}
	for _, t := range open {
		p.Open = append(p.Open, views.OpenTable{URL: "/t/" + t.Room, Code: t.Room, Game: room.GameTitle(i18n.From(ctx), t.Kind), Name: t.Name, Public: t.Public})
	}
	if p.Records, p.Finished, err = s.record(ctx, id.player, false); err != nil {
		return err
	}
	bots, err := s.db.BotsOf(ctx, id.player)
	if err != nil {
		return err
	}
	for _, b := range bots {
		p.Bots = append(p.Bots, views.MyBot{ID: b.ID, Name: b.Name, Revoked: b.Revoked})
	}
	return render(c, http.StatusOK, views.MyGamesPage(p))
}

// handleRe is what a public handle looks like (db.newHandle).
var handleRe = regexp.MustCompile(`^[a-z2-7]{10}$`)

// playerPage is a person's public page: their name, ratings and the
// results of public tables, nothing of a private table.
func (s *Server) playerPage(c echo.Context) error {
	h := c.Param("handle")
	if !handleRe.MatchString(h) {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such player")
	}
	ctx := c.Request().Context()
	player, name, err := s.db.PlayerByHandle(ctx, h)
	if err == db.ErrNotFound {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such player")
	}
	if err != nil {
		return err
	}
	p := views.PlayerPage{Page: views.Page{Title: name + " · Tables", CSRF: csrfToken(c),
		Description: name + "'s ratings and results at public tables."}, Name: name}
	if p.Records, p.Finished, err = s.record(ctx, player, true); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.PlayerPageView(p))
}

// record is a person's record per game and their finished games, of
// public tables only or of all.
func (s *Server) record(ctx context.Context, player string, publicOnly bool) ([]views.GameRecord, []views.FinishedGame, error) {
	recs, err := s.db.Records(ctx, player, publicOnly)
	if err != nil {
		return nil, nil, err
	}
	ratings, err := s.db.Ratings(ctx, player)
	if err != nil {
		return nil, nil, err
	}
	rated := map[string]db.StoredRating{}
	for _, r := range ratings {
		rated[r.Kind] = r
	}
	var out []views.GameRecord
	for _, r := range recs {
		gr := views.GameRecord{Game: room.GameTitle(i18n.From(ctx), r.Kind), Played: r.Played, Wins: r.Wins, AvgPlace: strconv.FormatFloat(r.AvgPlace, 'f', 1, 64)}
		if sr, ok := rated[r.Kind]; ok {
			gr.Rating, gr.RD = rounded(sr.Rating.R), "± "+rounded(sr.Rating.RD)
			if sr.Rating.RD > provisionalRD {
				gr.RD = "provisional"
			}
		}
		out = append(out, gr)
	}
	results, err := s.db.PlayerResults(ctx, player, publicOnly, resultsShown)
	if err != nil {
		return nil, nil, err
	}
	var games []views.FinishedGame
	for _, r := range results {
		g := views.FinishedGame{When: r.Finished.Format("2 Jan 2006 15:04"), WhenISO: r.Finished.UTC().Format(time.RFC3339),
			Game: room.GameTitle(i18n.From(ctx), r.Kind), Code: r.Room, URL: "/t/" + r.Room, Number: r.Game,
			Place: ordinal(r.Place) + " of " + strconv.Itoa(r.Seats), Won: r.Place == 1, Figure: figure(r.Figure, r.Unit), Public: r.Public,
			Replay: "/t/" + r.Room + "/replays"}
		if r.Replay > 0 {
			g.Replay = "/t/" + r.Room + "/replay/" + strconv.Itoa(r.Replay)
		}
		if r.Rating > 0 {
			g.Rating = rounded(r.Rating)
		}
		if room.HasHands(r.Kind) {
			g.Hands = "/t/" + r.Room + "/hands.txt"
		}
		games = append(games, g)
	}
	return out, games, nil
}

func rounded(f float64) string { return strconv.Itoa(int(math.Round(f))) }

// figure is a result's figure in words: "9 points", "+2 points", "0 prize".
func figure(n int, unit string) string {
	switch unit {
	case "prize":
		if n == 0 {
			return "no prize"
		}
		return "prize " + strconv.Itoa(n)
	case "points", "":
		if n == 1 || n == -1 {
			return strconv.Itoa(n) + " point"
		}
		return strconv.Itoa(n) + " points"
	}
	return strconv.Itoa(n) + " " + unit
}

// ordinal is a place in figures: 1st, 2nd, 3rd, 4th.
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		return strconv.Itoa(n) + "st"
	case n%10 == 2:
		return strconv.Itoa(n) + "nd"
	case n%10 == 3:
		return strconv.Itoa(n) + "rd"
	}
	return strconv.Itoa(n) + "th"
}
