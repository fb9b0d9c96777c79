package handlers

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/olahol/melody"
	"github.com/tablegames/tables/db"
)

// connRecorder keeps the connection a websocket upgrade hijacks, so a
// session whose send queue overflowed can be cut: Melody would otherwise
// drop messages silently; cut, the browser reconnects and gets the whole
// table again.
type connRecorder struct {
	http.ResponseWriter
	conn net.Conn
}

func (c *connRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := c.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("connection can't be hijacked")
	}
	conn, rw, err := h.Hijack()
	c.conn = conn
	return conn, rw, err
}

func (s *Server) newHub() *melody.Melody {
	m := melody.New()
	m.Config.MaxMessageSize = 1024
	m.Config.MessageBufferSize = 256
	m.Upgrader.CheckOrigin = s.checkOrigin
	m.HandleConnect(func(ws *melody.Session) {
		r := ws.Keys["room"].(*Room)
		player := ws.Keys["player"].(string)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		r.do(ctx, func() { r.connect(ws, player) })
	})
	m.HandleDisconnect(func(ws *melody.Session) {
		r := ws.Keys["room"].(*Room)
		r.send(func() { r.disconnect(ws) })
	})
	m.HandleMessage(func(ws *melody.Session, msg []byte) {
		// Moves arrive as form posts; the socket only pushes. Messages are
		// read and dropped.
	})
	m.HandleError(func(ws *melody.Session, err error) {
		if errors.Is(err, melody.ErrMessageBufferFull) {
			s.metrics.pushDrops.Inc()
			if rec, ok := ws.Keys["conn"].(*connRecorder); ok && rec.conn != nil {
				rec.conn.Close()
			}
		}
	})
	return m
}

// checkOrigin accepts an upgrade from the site itself or a configured
// origin. Browsers always send Origin; tools without one are let through.
func (s *Server) checkOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	for _, o := range s.cfg.AllowedOrigins {
		if o == origin {
			return true
		}
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	if u.Host == r.Host {
		return true
	}
	s.metrics.wsRejected.WithLabelValues("origin").Inc()
	return false
}

func (s *Server) websocket(c echo.Context) error {
	code := c.Param("code")
	if !validCode(code) {
		return echo.NewHTTPError(http.StatusNotFound, "No such table")
	}
	r, err := s.room(c.Request().Context(), code)
	if errors.Is(err, db.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "No such table")
	}
	if err != nil {
		return err
	}
	id, err := s.identify(c, false)
	if err != nil {
		return err
	}
	rec := &connRecorder{ResponseWriter: c.Response().Writer}
	keys := map[string]any{"room": r, "player": id.player, "conn": rec}
	if err := s.hub.HandleRequestWithKeys(rec, c.Request(), keys); err != nil && !errors.Is(err, melody.ErrClosed) {
		s.log.Debug("websocket", "room", code, "err", err)
	}
	return nil
}
