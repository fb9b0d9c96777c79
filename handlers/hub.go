package handlers

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/olahol/melody"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"golang.org/x/time/rate"
)

// connRecorder keeps the connection a websocket upgrade hijacks, so a
// session whose send queue overflowed can be cut: Melody would otherwise
// drop messages silently; cut, the browser reconnects and gets the whole
// table again.
//
// It also tells the handler when the upgrade is over (the connection is
// hijacked, or the refusal written), so the handler can return and
// net/http free what it kept for the request (its buffers, the response,
// a deep stack) while the socket lives on in its own goroutine.
type connRecorder struct {
	http.ResponseWriter
	conn     net.Conn
	upgraded chan struct{}
	once     sync.Once
	// flood is the socket's frame guard, made at its first frame and
	// used by its read loop only (not in the session's Keys: the room
	// reads those while the loop runs)
	flood *floodGuard
}

func (c *connRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := c.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("connection can't be hijacked")
	}
	conn, rw, err := h.Hijack()
	c.conn = conn
	if err == nil {
		c.ResponseWriter = nil // the response is over: don't keep it alive
		c.upgradeDone()
	}
	return conn, rw, err
}

func (c *connRecorder) upgradeDone() { c.once.Do(func() { close(c.upgraded) }) }

// socket is a websocket as the table runtime sees a viewer's connection.
type socket struct{ *melody.Session }

// Lang is the language the socket's viewer reads (room.Conn's optional
// Lang): the page's, chosen when it opened.
func (s socket) Lang() *i18n.Lang {
	l, _ := s.Keys["lang"].(*i18n.Lang)
	return l
}

// Write queues a push; a socket that closed meanwhile is not an error
// (its disconnect is on its way to the room).
func (s socket) Write(msg []byte) error {
	if err := s.Session.Write(msg); err != nil && !errors.Is(err, melody.ErrSessionClosed) {
		return err
	}
	return nil
}

// Close ends the socket with a websocket close code and reason.
func (s socket) Close(code int, reason string) {
	s.CloseWithMsg(melody.FormatCloseMessage(code, reason))
}

func (s *Server) newHub() *melody.Melody {
	m := melody.New()
	// a frame is a move (a JSON object of a few short fields: a
	// President gift of thirteen cards is 200 bytes) or "resync"; a
	// longer one ends the connection
	m.Config.MaxMessageSize = 1024
	// A push is one message per move; 32 queued means a stuck client, which
	// is cut (see connRecorder) and resyncs on reconnect.
	m.Config.MessageBufferSize = 32
	m.Config.PingPeriod, m.Config.PongWait = s.cfg.PingPeriod, s.cfg.PongWait
	// Memory per idle socket: the write buffer comes from a pool only
	// while a frame is written.
	m.Upgrader.WriteBufferSize = 4096
	m.Upgrader.WriteBufferPool = &sync.Pool{}
	// a small read buffer of its own (clients send pings and little
	// else), rather than the 4 KB one net/http made for the request
	m.Upgrader.ReadBufferSize = 512
	m.Upgrader.CheckOrigin = s.checkOrigin
	m.HandleConnect(func(ws *melody.Session) {
		r := ws.Keys["room"].(*room.Room)
		player := ws.Keys["player"].(string)
		page, _ := ws.Keys["page"].(string)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		r.ConnectPage(ctx, socket{ws}, player, page)
	})
	m.HandleDisconnect(func(ws *melody.Session) {
		ws.Keys["room"].(*room.Room).Disconnect(socket{ws})
	})
	m.HandleMessage(func(ws *melody.Session, msg []byte) {
		// A page sends its player's moves (a JSON object, moves.go) and,
		// when it missed a push, ResyncFrame; a client may send others
		// (pings, stray frames), which are ignored. Each connection has a
		// token bucket, and floods end the connection.
		rec, _ := ws.Keys["conn"].(*connRecorder)
		if rec == nil {
			return
		}
		// the guard is made at the first message: a watcher's socket
		// never sends (with the limits off, for load runs, there is none)
		if rec.flood == nil && !s.cfg.Limits.Off {
			rec.flood = newFloodGuard()
		}
		allowed, cut := true, false
		if rec.flood != nil {
			allowed, cut = rec.flood.take(time.Now())
		}
		if cut {
			s.metrics.wsRejected.WithLabelValues("flood").Inc()
			ws.CloseWithMsg(melody.FormatCloseMessage(1008, "too many messages"))
			return
		}
		if allowed && isMoveFrame(msg) {
			s.playSocketMove(ws, msg)
			return
		}
		if allowed && string(msg) == ResyncFrame {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			ws.Keys["room"].(*room.Room).Resync(ctx, socket{ws})
		}
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

// websocket upgrades GET /t/{code}/ws. It is served by a plain ServeMux,
// not Echo: the connection's goroutine lives as long as the socket, and a
// shallow stack keeps each idle socket small.
func (s *Server) websocket(w http.ResponseWriter, req *http.Request) {
	ip := s.clientIP(req)
	var player string
	if sess, err := s.store.Get(req, sessionName); err == nil {
		player, _ = sess.Values["player"].(string)
	}
	r, code, err := s.lookupRoom(req.Context(), ip, req.PathValue("code"), player)
	var rl errRateLimited
	switch {
	case errors.As(err, &rl):
		http.Error(w, rl.Error(), http.StatusTooManyRequests) // a handshake: no page shows it
		return
	case errors.Is(err, errBadCode), errors.Is(err, db.ErrNotFound):
		http.Error(w, "No such table", http.StatusNotFound)
		return
	case errors.As(err, new(*game.Error)): // a table whose row can't be read
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	case err != nil:
		s.log.Error("websocket", "room", code, "err", err)
		http.Error(w, "INTERNAL", http.StatusInternalServerError)
		return
	}
	// the address's sockets are capped; a player seated at this table
	// has sockets of their own beyond it (a few tabs and devices), so
	// others at their address can't keep them away from their seat
	key := ip
	ok := s.sockets.acquire(key, s.cfg.MaxSocketsPerIP)
	if !ok && player != "" && r.Seated(req.Context(), player) {
		key = "player " + player
		ok = s.sockets.acquire(key, maxOwnSockets)
	}
	if !ok {
		s.metrics.wsRejected.WithLabelValues("per_ip").Inc()
		http.Error(w, "Too many connections from your address", http.StatusTooManyRequests)
		return
	}
	rec := &connRecorder{ResponseWriter: w, upgraded: make(chan struct{})}
	// the token of the page the socket belongs to, if any: its first
	// push is then only what changed since the page (room/pages.go)
	page := req.URL.Query().Get("page")
	if len(page) > 64 {
		page = ""
	}
	keys := map[string]any{"room": r, "player": player, "conn": rec, "page": page, "lang": langOf(req)}
	up := upgradeOnly(req)
	go func() {
		defer s.sockets.release(key)
		defer rec.upgradeDone() // a refused upgrade: its answer is written
		if err := s.hub.HandleRequestWithKeys(rec, up, keys); err != nil && !errors.Is(err, melody.ErrClosed) {
			s.log.Debug("websocket", "room", code, "err", err)
		}
	}()
	<-rec.upgraded
}

// upgradeOnly is a new request with just what a websocket upgrade reads:
// Melody keeps the request for the socket's whole life, and the
// browser's cookies and other headers, the request's context (which holds
// the session read from the cookie) would stay in memory with it.
func upgradeOnly(req *http.Request) *http.Request {
	r := &http.Request{Method: req.Method, URL: req.URL, Proto: req.Proto, ProtoMajor: req.ProtoMajor, ProtoMinor: req.ProtoMinor,
		Host: req.Host, RemoteAddr: req.RemoteAddr, Header: make(http.Header, 7)}
	for _, h := range []string{"Connection", "Upgrade", "Origin", "Sec-Websocket-Key", "Sec-Websocket-Version", "Sec-Websocket-Extensions", "Sec-Websocket-Protocol"} {
		if v, ok := req.Header[h]; ok {
			// copies: the values share one allocation with every other
			// header of the request, which would stay alive with them
			c := make([]string, len(v))
			for i := range v {
				c[i] = strings.Clone(v[i])
			}
			r.Header[h] = c
		}
	}
	return r
}

// clientIP is the client's address as the limits count it (addrKey): the
// connection's, or with TrustProxy the nearest X-Forwarded-For entry.
func (s *Server) clientIP(req *http.Request) string {
	if s.cfg.TrustProxy {
		if xff := req.Header.Get("X-Forwarded-For"); xff != "" {
			parts := strings.Split(xff, ",")
			return addrKey(strings.TrimSpace(parts[len(parts)-1]))
		}
	}
	host, _, err := net.SplitHostPort(req.RemoteAddr)
	if err != nil {
		return addrKey(req.RemoteAddr)
	}
	return addrKey(host)
}

// ResyncFrame is the text frame a page sends over its websocket when the
// numbers of its pushes (data-n) show a gap: the server answers with the
// viewer's whole table, as on a (re)connect.
const ResyncFrame = "resync"

// floodGuard is a connection's token bucket (burst 20, 5 per second) and
// its violations: the third within a minute ends the connection.
type floodGuard struct {
	mu         sync.Mutex
	lim        *rate.Limiter
	violations []time.Time
	cut        bool // the connection was told to close: nothing more is served
}

func newFloodGuard() *floodGuard { return &floodGuard{lim: rate.NewLimiter(5, 20)} }

// take takes a token for a message: allowed reports that the message may
// be served, cut that the connection must be closed now (once: the frames
// that arrive while it closes are neither served nor counted again).
func (f *floodGuard) take(now time.Time) (allowed, cut bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.cut {
		return false, false
	}
	if f.lim.AllowN(now, 1) {
		return true, false
	}
	recent := f.violations[:0]
	for _, t := range f.violations {
		if now.Sub(t) < time.Minute {
			recent = append(recent, t)
		}
	}
	f.violations = append(recent, now)
	f.cut = len(f.violations) >= 3
	return false, f.cut
}

// maxOwnSockets is how many sockets a seated player may hold at their
// table beyond their address's cap.
const maxOwnSockets = 8

// socketCounts counts open websockets per client address (and, beyond an
// address's cap, per seated player).
type socketCounts struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *socketCounts) acquire(ip string, limit int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = make(map[string]int)
	}
	if c.n[ip] >= limit {
		return false
	}
	c.n[ip]++
	return true
}

func (c *socketCounts) release(ip string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[ip]--; c.n[ip] <= 0 {
		delete(c.n, ip)
	}
}
