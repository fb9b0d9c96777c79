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
	p := views.MyGames{Page: views.Page{Title: i18n.M("mygames.page_title"), CSRF: csrfToken(c),
		Description: i18n.M("mygames.page_description")}, Known: id.player != ""}
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
	if p.Slow, err = s.slowTables(ctx, id.player); err != nil {
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
		return pageErr(http.StatusNotFound, i18n.M("error.no_player"))
	}
	ctx := c.Request().Context()
	player, name, err := s.db.PlayerByHandle(ctx, h)
	if err == db.ErrNotFound {
		return pageErr(http.StatusNotFound, i18n.M("error.no_player"))
	}
	if err != nil {
		return err
	}
	p := views.PlayerPage{Page: views.Page{Title: i18n.M("mygames.player.page_title", i18n.S("Name", name)), CSRF: csrfToken(c),
		Description: i18n.M("mygames.player.page_description", i18n.S("Name", name))}, Name: name}
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
		gr := views.GameRecord{Game: room.GameTitle(i18n.From(ctx), r.Kind), Played: r.Played, Wins: r.Wins, AvgPlace: r.AvgPlace}
		if sr, ok := rated[r.Kind]; ok {
			gr.Rated, gr.Rating, gr.RD = true, rounded(sr.Rating.R), rounded(sr.Rating.RD)
			gr.Provisional = sr.Rating.RD > provisionalRD
		}
		out = append(out, gr)
	}
	results, err := s.db.PlayerResults(ctx, player, publicOnly, resultsShown)
	if err != nil {
		return nil, nil, err
	}
	var games []views.FinishedGame
	for _, r := range results {
		g := views.FinishedGame{When: r.Finished, WhenISO: r.Finished.UTC().Format(time.RFC3339),
			Game: room.GameTitle(i18n.From(ctx), r.Kind), Code: r.Room, URL: "/t/" + r.Room, Number: r.Game,
			Place: r.Place, Seats: r.Seats, Won: r.Place == 1, Figure: r.Figure, Unit: r.Unit, Public: r.Public,
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

func rounded(f float64) int { return int(math.Round(f)) }
