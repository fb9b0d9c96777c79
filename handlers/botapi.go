package handlers

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/room"
)

// The bot API (issue 33, docs/BOTS.md): a program plays a seat with a
// bot's token. It reads its seat's view as newline-delimited JSON (a
// stream, or one line at a time) and posts moves as JSON; every refusal is
// a JSON error {code, message, details}. The token says which bot asks;
// the table says which seat is the bot's. Nothing here decides a rule:
// moves go to the room as a person's do (room.Room.MoveAt).

// BotAPIPrefix is where the bot API's routes start.
const BotAPIPrefix = "/api/bots/v1"

//go:embed botapi.yaml
var botAPISpec []byte

// BotAPISpec is the API's OpenAPI 3 description (docs/BOTS.md holds the
// same text).
func BotAPISpec() []byte { return botAPISpec }

// apiError is a refusal of the bot API: an HTTP status and the error's
// JSON body.
type apiError struct {
	status int
	err    *game.Error
}

func (e apiError) Error() string { return e.err.Error() }

func apiErr(status int, code, msg string) error {
	return apiError{status: status, err: game.Errorf(code, msg)}
}

// retryAfter is when a limit's bucket has a token again, at the latest,
// in whole seconds for Retry-After.
func retryAfter(b *buckets) string {
	if b == nil {
		return "1"
	}
	return strconv.Itoa(max(int((b.lim.Every+time.Second-1)/time.Second), 1))
}

// apiLimited is a refusal of one of the bot API's own limits: 429, in
// English like every answer to a program.
func apiLimited(msg string) error { return apiErr(http.StatusTooManyRequests, "RATE_LIMITED", msg) }

// botRoutes adds the bot API's routes: no session cookie, no CSRF (a
// token in the Authorization header is not sent by a browser on its own).
func (s *Server) botRoutes(e *echo.Echo) {
	timeout := func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			ctx, cancel := context.WithTimeout(c.Request().Context(), 10*time.Second)
			defer cancel()
			c.SetRequest(c.Request().WithContext(ctx))
			return next(c)
		}
	}
	g := e.Group(BotAPIPrefix)
	g.GET("/openapi.yaml", func(c echo.Context) error {
		c.Response().Header().Set("Cache-Control", "public, max-age=300")
		return c.Blob(http.StatusOK, "application/yaml; charset=utf-8", botAPISpec)
	})
	g.GET("/me", s.botAPI(s.botMe), timeout)
	g.GET("/tables/:code", s.botAPI(s.botView), timeout)
	g.GET("/tables/:code/stream", s.botAPI(s.botStream))
	g.POST("/tables/:code/move", s.botAPI(s.botMove), timeout)
	g.POST("/tables", s.botAPI(s.botCreate), timeout)
	// anything else under the prefix: the API's JSON, not the pages' 404
	// or their CSRF refusal of a method they don't know
	g.Any("/*", s.botAPI(func(c echo.Context) error {
		if m := botMethod(c.Request().URL.Path); m != "" {
			c.Response().Header().Set("Allow", m)
			return echo.ErrMethodNotAllowed
		}
		return echo.ErrNotFound
	}))
}

// botMethod is the method an endpoint of the bot API takes ("" for a
// path that is none).
func botMethod(path string) string {
	parts := strings.Split(strings.Trim(strings.TrimPrefix(path, BotAPIPrefix), "/"), "/")
	switch {
	case len(parts) == 1 && (parts[0] == "me" || parts[0] == "openapi.yaml"),
		len(parts) == 2 && parts[0] == "tables",
		len(parts) == 3 && parts[0] == "tables" && parts[2] == "stream":
		return http.MethodGet
	case len(parts) == 3 && parts[0] == "tables" && parts[2] == "move",
		len(parts) == 1 && parts[0] == "tables":
		return http.MethodPost
	}
	return ""
}

// botAPI wraps a bot API handler: it answers its errors as JSON.
func (s *Server) botAPI(h echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set("Cache-Control", "no-store")
		err := h(c)
		if err == nil {
			return nil
		}
		if c.Response().Committed {
			s.botAnswer(c, err)
			return nil // a stream already under way: it just ends
		}
		s.writeBotError(c, err)
		return nil
	}
}

// writeBotError answers err to a program: its JSON {code, message,
// details} with its status. Errors that reach Echo's error handler from
// outside the bot API's handlers (a body over the site's limit, a path or
// a method that doesn't exist, a recovered panic) are answered here too,
// so a program never reads an HTML page.
func (s *Server) writeBotError(c echo.Context, err error) {
	ae := s.botAnswer(c, err)
	if ae.status == http.StatusTooManyRequests && c.Response().Header().Get("Retry-After") == "" {
		c.Response().Header().Set("Retry-After", "1")
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	if err := c.JSON(ae.status, ae.err); err != nil {
		s.log.Warn("bot api answer", "path", c.Request().URL.Path, "err", err)
	}
}

// botAnswer is the status and JSON error a program is told of err.
func (s *Server) botAnswer(c echo.Context, err error) apiError {
	var ae apiError
	var ge *game.Error
	var rl errRateLimited
	var he *echo.HTTPError
	switch {
	case errors.As(err, &ae):
	case errors.As(err, &rl): // a limit the pages share (codes guessed): told in English, as to every program
		c.Response().Header().Set("Retry-After", retryAfter(s.limits.unknownAddr))
		ae = apiError{http.StatusTooManyRequests, game.Errorf("RATE_LIMITED", rl.Error())}
	case errors.Is(err, db.ErrNotFound) || errors.Is(err, errBadCode):
		ae = apiError{http.StatusNotFound, game.Errorf("NO_TABLE", "There is no open table with that code")}
	case errors.As(err, &ge):
		status := http.StatusUnprocessableEntity
		switch ge.Code {
		case room.CodeStale:
			status = http.StatusConflict
		case room.CodeNotSeated:
			status = http.StatusForbidden
		case game.CodeInternal:
			status = http.StatusInternalServerError
		}
		ae = apiError{status, ge}
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		ae = apiError{http.StatusServiceUnavailable, game.Errorf("BUSY", "The table did not answer in time: try again")}
	case errors.As(err, &he) && he.Code < 500:
		switch he.Code {
		case http.StatusRequestEntityTooLarge:
			ae = apiError{he.Code, game.Errorf("BAD_JSON", "A move is at most 8 KB of JSON")}
		case http.StatusNotFound:
			ae = apiError{he.Code, game.Errorf("NOT_FOUND", "No such endpoint: the API is described at "+BotAPIPrefix+"/openapi.yaml")}
		case http.StatusMethodNotAllowed:
			ae = apiError{he.Code, game.Errorf("METHOD_NOT_ALLOWED", "This endpoint does not take that method: see "+BotAPIPrefix+"/openapi.yaml")}
		default:
			ae = apiError{he.Code, game.Errorf("BAD_REQUEST", http.StatusText(he.Code))}
		}
	default:
		s.log.Error("bot api", "path", c.Request().URL.Path, "err", err)
		ae = apiError{http.StatusInternalServerError, game.Errorf(game.CodeInternal, "Something went wrong on our side")}
	}
	return ae
}

// isBotAPI reports whether a request is the bot API's.
func isBotAPI(c echo.Context) bool { return strings.HasPrefix(c.Request().URL.Path, BotAPIPrefix+"/") }

// botAuth is the bot whose token the request carries. A request with
// no token is refused and counts against nobody: a page on any site can
// make a browser send one (an <img>, a form), and it costs no lookup. A
// token that is no bot's counts against the address (BotAuthPerAddr), so
// tokens can't be guessed: past the limit, the address's tokens are
// refused a while without a lookup, except those known to have been a
// bot's (knownTokens): a valid token is never refused for others'
// failures at its address (issue 40, item 10).
func (s *Server) botAuth(c echo.Context) (db.Bot, error) {
	token, ok := bearer(c)
	if !ok {
		return db.Bot{}, apiErr(http.StatusUnauthorized, "BAD_TOKEN", "Send your bot's token as the header Authorization: Bearer <token>")
	}
	ip := c.RealIP()
	locked := s.limits.botAuthAddr.empty(ip, s.now())
	if locked && !s.knownTokens.has(token) {
		c.Response().Header().Set("Retry-After", retryAfter(s.limits.botAuthAddr))
		return db.Bot{}, apiLimited("Too many requests with a wrong token from your address: wait a minute")
	}
	b, err := s.db.BotByToken(c.Request().Context(), token)
	if errors.Is(err, db.ErrBotToken) {
		s.limits.botAuthAddr.allow(ip, s.now())
		return db.Bot{}, apiErr(http.StatusUnauthorized, "BAD_TOKEN", "That token is no bot's, or it was revoked")
	}
	if err == nil {
		s.knownTokens.add(token)
	}
	return b, err
}

// tokenSet is the SHA-256 of the tokens known to have been a bot's (made
// here, or found in the database): an address locked out for wrong
// tokens still has these looked up. Knowing proves nothing (the lookup
// decides, so a revoked token stays refused); it only spares a valid
// token its neighbours' failures. Bounded: past maxBuckets it starts again.
type tokenSet struct {
	mu sync.Mutex
	m  map[[32]byte]struct{}
}

func (t *tokenSet) add(token string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil || len(t.m) >= maxBuckets {
		t.m = make(map[[32]byte]struct{})
	}
	t.m[sha256.Sum256([]byte(token))] = struct{}{}
}

func (t *tokenSet) has(token string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, ok := t.m[sha256.Sum256([]byte(token))]
	return ok
}

// bearer is the request's token, if it carries one that may be a token.
func bearer(c echo.Context) (string, bool) {
	token, ok := strings.CutPrefix(c.Request().Header.Get("Authorization"), "Bearer ")
	token = strings.TrimSpace(token)
	return token, ok && token != "" && len(token) <= 100
}

// botTable is the bot and the table the request names, which its token
// may play at: a read, spending the address's reads (BotReadsPerAddr)
// once the token is found a bot's.
func (s *Server) botTable(c echo.Context) (db.Bot, *room.Room, error) {
	b, err := s.botAuth(c)
	if err != nil {
		return b, nil, err
	}
	if err := s.botRead(c); err != nil {
		return b, nil, err
	}
	r, err := s.botRoom(c, b)
	return b, r, err
}

// botRead spends one of the address's reads.
func (s *Server) botRead(c echo.Context) error {
	if !s.limits.botReadsAddr.allow(c.RealIP(), s.now()) {
		return apiLimited("Too many reads from your address: slow down")
	}
	return nil
}

// botRoom is the table the request names, which bot b may play at.
func (s *Server) botRoom(c echo.Context, b db.Bot) (*room.Room, error) {
	code, ok := normalCode(c.Param("code"))
	if b.Room != "" && (!ok || code != b.Room) {
		return nil, apiErr(http.StatusForbidden, "WRONG_TABLE", "This bot's token plays at table "+b.Room+" only")
	}
	r, _, err := s.lookupRoom(c.Request().Context(), c.RealIP(), c.Param("code"), b.Player())
	return r, err
}

// botMe tells a bot who it is and the open tables it sits at.
func (s *Server) botMe(c echo.Context) error {
	b, err := s.botAuth(c)
	if err != nil {
		return err
	}
	if err := s.botRead(c); err != nil {
		return err
	}
	seats, err := s.db.OpenSeatings(c.Request().Context(), b.Player())
	if err != nil {
		return err
	}
	type table struct {
		Code string `json:"code"`
		Game string `json:"game"`
		Name string `json:"name"`
	}
	out := struct {
		ID     string  `json:"id"`
		Name   string  `json:"name"`
		Table  string  `json:"table,omitempty"`
		Tables []table `json:"tables"`
	}{ID: b.ID, Name: b.Name, Table: b.Room, Tables: []table{}}
	for _, st := range seats {
		out.Tables = append(out.Tables, table{Code: st.Room, Game: st.Kind, Name: st.Name})
	}
	return c.JSON(http.StatusOK, out)
}

// botView answers the seat's view now, one JSON line.
func (s *Server) botView(c echo.Context) error {
	b, r, err := s.botTable(c)
	if err != nil {
		return err
	}
	line, err := r.Brief(c.Request().Context(), b.Player())
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, "application/json", line)
}

// botMove is a bot's move: {"version": N, "move": {fields}}.
func (s *Server) botMove(c echo.Context) error {
	b, err := s.botAuth(c)
	if err != nil {
		return err
	}
	// the budgets are spent by a bot's requests only, after its token:
	// nothing another site makes a browser send spends them
	if !s.limits.botMovesAddr.allow(c.RealIP(), s.now()) {
		return apiLimited("Too many moves from your address: slow down")
	}
	r, err := s.botRoom(c, b)
	if err != nil {
		return err
	}
	if !s.limits.botMovesToken.allow(b.ID, s.now()) {
		return apiLimited("Too many moves from this bot: slow down")
	}
	var req struct {
		Version *int        `json:"version"`
		Move    game.Fields `json:"move"`
	}
	if err := readBotJSON(c, "move", "", &req); err != nil {
		return err
	}
	if req.Version == nil {
		return apiErr(http.StatusBadRequest, "BAD_JSON", `Say which version of your seat you chose the move on: {"version": N, "move": {...}}`)
	}
	if len(req.Move) == 0 {
		return apiErr(http.StatusBadRequest, "BAD_JSON", `The move is missing: {"version": N, "move": {"kind": ...}}`)
	}
	form, err := game.FormOf(req.Move)
	if err != nil {
		return err
	}
	seq, version, err := r.MoveAt(c.Request().Context(), b.Player(), *req.Version, form)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, struct {
		OK      bool  `json:"ok"`
		Seq     int64 `json:"seq"`
		Version int   `json:"version"`
	}{true, seq, version})
}

// readBotJSON reads a request's body, what ("move", "table") in JSON,
// into v: at most 8 KB, one value, no field v does not have (shape, when
// set, says the fields after the error's "of a <what>"). A body without
// a Content-Type is read as JSON.
func readBotJSON(c echo.Context, what, shape string, v any) error {
	if ct := c.Request().Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return apiErr(http.StatusUnsupportedMediaType, "BAD_JSON", "Post the "+what+" as JSON (Content-Type: application/json)")
	}
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 8<<10+1))
	if err != nil {
		return apiErr(http.StatusBadRequest, "BAD_JSON", "The "+what+" could not be read")
	}
	if len(body) > 8<<10 {
		return apiErr(http.StatusRequestEntityTooLarge, "BAD_JSON", "A "+what+" is at most 8 KB of JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apiErr(http.StatusBadRequest, "BAD_JSON", "The body is not the JSON of a "+what+shape+": "+jsonWhy(err))
	}
	if dec.More() {
		return apiErr(http.StatusBadRequest, "BAD_JSON", "The body holds more than one JSON value")
	}
	return nil
}

// jsonWhy says briefly what is wrong with a JSON body.
func jsonWhy(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return "a syntax error at byte " + strconv.FormatInt(se.Offset, 10)
	case errors.As(err, &te):
		return "the field " + te.Field + " has the wrong type"
	case errors.Is(err, io.EOF):
		return "it is empty"
	}
	msg := err.Error()
	if len(msg) > 80 {
		msg = msg[:80]
	}
	return strings.TrimPrefix(msg, "json: ")
}

// botStream is a program's stream: each line a JSON view of its seat,
// pushed by the room when what the seat may know changes, and an empty
// line every room.ProgramKeepAlive so a dead connection is found.
func (s *Server) botStream(c echo.Context) error {
	if s.botStreams.stopping.Load() {
		return apiErr(http.StatusServiceUnavailable, "BUSY", "The server is restarting: connect again in a few seconds")
	}
	b, r, err := s.botTable(c)
	if err != nil {
		return err
	}
	if s.streamAuthed != nil {
		s.streamAuthed()
	}
	lim := s.cfg.Limits
	if lim.Off {
		lim.BotStreams, lim.BotStreamsPerAddr = 0, 0
	}
	release, err := s.botStreams.open(b.ID, lim.BotStreams, c.RealIP(), lim.BotStreamsPerAddr)
	if err != nil {
		return err
	}
	defer release()
	st := newProgramStream()
	// live (a revocation ends it) before the token is read again: a
	// token revoked after the first read and before this one is refused
	// here, and one revoked later ends the stream (botStreamSet.end)
	stop := s.botStreams.watch(b.ID, st)
	defer stop()
	if s.botStreams.stopping.Load() {
		return apiErr(http.StatusServiceUnavailable, "BUSY", "The server is restarting: connect again in a few seconds")
	}
	token, _ := bearer(c)
	if _, err := s.db.BotByToken(c.Request().Context(), token); errors.Is(err, db.ErrBotToken) {
		return apiErr(http.StatusUnauthorized, "BAD_TOKEN", "That token is no bot's, or it was revoked")
	} else if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), 5*time.Second)
	err = r.ConnectProgram(ctx, st, b.Player())
	cancel()
	if err != nil {
		return err
	}
	defer r.Disconnect(st)
	w := c.Response()
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("X-Accel-Buffering", "no")
	// each write must go out in streamWriteTimeout: a program that stops
	// reading (its socket full) is cut, rather than holding this goroutine,
	// its stream's slot and its seat's "connected" for ever; the deadline
	// is lifted at the end, for the connection's next request
	rc := http.NewResponseController(w)
	defer rc.SetWriteDeadline(time.Time{})
	write := func(line []byte) bool {
		rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
		if len(line) > 0 {
			if _, err := w.Write(line); err != nil {
				return false
			}
		}
		return rc.Flush() == nil
	}
	w.WriteHeader(http.StatusOK)
	if !write(nil) {
		return nil
	}
	alive := time.NewTicker(room.ProgramKeepAlive())
	defer alive.Stop()
	for {
		select {
		case line := <-st.lines:
			if !write(line) {
				return nil
			}
		case <-alive.C:
			if !write([]byte("\n")) {
				return nil
			}
		case <-st.done:
			if st.revoked.Load() {
				return nil // its token is dead: not one more byte
			}
			for { // what was pushed before the end (the last line says why)
				select {
				case line := <-st.lines:
					if !write(line) {
						return nil
					}
				default:
					return nil
				}
			}
		case <-c.Request().Context().Done():
			return nil
		}
	}
}

// streamWriteTimeout is how long one write to a program's stream may
// take (a line, or the keep-alive).
var streamWriteTimeout = 30 * time.Second

// programStream is a program's stream as the room sees it (room.Conn):
// the room's lines queue here for the handler to write. A program that
// reads too slowly to take them is cut; it connects again and gets the
// whole view.
type programStream struct {
	lines chan []byte
	done  chan struct{}
	once  sync.Once
	// revoked: its token was revoked or replaced (botStreamSet.end)
	revoked atomic.Bool
}

func newProgramStream() *programStream {
	return &programStream{lines: make(chan []byte, 64), done: make(chan struct{})}
}

var errStreamSlow = errors.New("the program reads its stream too slowly: cut")

// Write queues a line; it never blocks the room.
func (p *programStream) Write(msg []byte) error {
	select {
	case <-p.done:
		return nil
	default:
	}
	select {
	case p.lines <- msg:
		return nil
	default:
		p.Close(1013, "too slow")
		return errStreamSlow
	}
}

// Close ends the stream (after the lines queued before it).
func (p *programStream) Close(int, string) { p.once.Do(func() { close(p.done) }) }

// botStreamSet is the streams open per bot and per address: how many
// (BotStreams and BotStreamsPerAddr cap them) and which, so revoking a
// token ends them.
type botStreamSet struct {
	mu     sync.Mutex
	count  map[string]int // by bot
	byAddr map[string]int // by address
	own    map[string]int // by bot, beyond its address's cap
	live   map[string]map[*programStream]bool
	// stopping: the server is shutting down (EndBotStreams): no new stream
	stopping atomic.Bool
}

// maxOwnBotStreams is how many streams a bot may hold beyond its
// address's cap (within its own BotStreams): others' streams at its
// address can't keep a bot from reconnecting (issue 40, item 11), as a
// seated player's websockets have their own (maxOwnSockets).
const maxOwnBotStreams = 2

// open counts a new stream of bot id from address addr, if the bot has
// fewer than max open and the address fewer than maxAddr (0: no cap);
// past the address's cap, the bot has maxOwnBotStreams of its own.
func (b *botStreamSet) open(id string, max int, addr string, maxAddr int) (release func(), err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.count == nil {
		b.count, b.byAddr, b.own = map[string]int{}, map[string]int{}, map[string]int{}
	}
	if max > 0 && b.count[id] >= max {
		return nil, apiLimited("This bot has too many streams open: close one first")
	}
	counts, key := b.byAddr, addr
	if maxAddr > 0 && b.byAddr[addr] >= maxAddr {
		if b.own[id] >= maxOwnBotStreams {
			return nil, apiLimited("Your address has too many streams open: close one first")
		}
		counts, key = b.own, id
	}
	b.count[id]++
	counts[key]++
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.count[id]--; b.count[id] <= 0 {
			delete(b.count, id)
		}
		if counts[key]--; counts[key] <= 0 {
			delete(counts, key)
		}
	}, nil
}

// watch notes a live stream of bot id until stop.
func (b *botStreamSet) watch(id string, st *programStream) (stop func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.live == nil {
		b.live = map[string]map[*programStream]bool{}
	}
	if b.live[id] == nil {
		b.live[id] = map[*programStream]bool{}
	}
	b.live[id][st] = true
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		delete(b.live[id], st)
		if len(b.live[id]) == 0 {
			delete(b.live, id)
		}
	}
}

// EndBotStreams ends every bot's stream, and refuses new ones, for a
// server that stops: register it with the http.Server's RegisterOnShutdown.
// Shutdown waits for the requests under way to finish, and a stream never
// finishes by itself (a websocket is hijacked, so Shutdown doesn't wait
// for it). A program connects again, to the server that starts next.
func (s *Server) EndBotStreams() { s.botStreams.endAll() }

// endAll closes every live stream and refuses new ones.
func (b *botStreamSet) endAll() {
	b.stopping.Store(true)
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, sts := range b.live {
		for st := range sts {
			st.Close(1012, "server restarting")
		}
	}
}

// end closes every live stream of bot id (its token was revoked).
func (b *botStreamSet) end(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for st := range b.live[id] {
		st.revoked.Store(true)
		st.Close(1000, "token revoked")
	}
}
