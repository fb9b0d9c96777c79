package handlers

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/tablegames/tables/cluster"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/room"
)

// env is a server on a temporary database, served by httptest.
type env struct {
	t    testing.TB
	path string // the database: a SQLite file, or a postgres:// URL
	db   *db.DB
	srv  *Server
	http *httptest.Server
	cfg  Config
	// machine, when set, makes the server a machine of a cluster on the
	// PostgreSQL database at path (node: its part in it)
	machine string
	node    *cluster.Node
}

func fastConfig() Config {
	var c Config
	c.BotDelayMin, c.BotDelayMax, c.NextDealDelay, c.SnapshotEvery = time.Millisecond, 2*time.Millisecond, 20*time.Millisecond, 7
	return c
}

func newEnv(t testing.TB, cfg Config) *env {
	t.Helper()
	e := &env{t: t, path: filepath.Join(t.TempDir(), "tables.db"), cfg: cfg}
	e.start()
	t.Cleanup(e.stop)
	return e
}

func (e *env) start() {
	e.t.Helper()
	d, err := db.Open(context.Background(), e.path)
	if err != nil {
		e.t.Fatal(err)
	}
	cfg := e.cfg
	var srv *Server
	if e.machine != "" {
		e.node, err = cluster.Start(context.Background(), cluster.Config{DB: d, Machine: e.machine, Addr: "http://" + e.machine, TTL: time.Hour,
			Load:    func(ctx context.Context, code string) error { return srv.Load(ctx, code) },
			Release: func(codes []string) { srv.Release(codes) }})
		if err != nil {
			e.t.Fatal(err)
		}
		cfg.Cluster = e.node
	}
	srv, err = NewServer(context.Background(), cfg, d, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		e.t.Fatal(err)
	}
	if _, ok := e.t.(*testing.T); ok {
		srv.rt.CheckShared = true // every push checks what its viewers share (not in benchmarks: it renders twice)
	}
	e.db, e.srv, e.http = d, srv, httptest.NewServer(srv.Handler())
}

// stop shuts the server down as SIGTERM would.
func (e *env) stop() {
	if e.http == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	e.srv.Shutdown(ctx)
	e.http.Close()
	e.db.Close()
	e.http = nil
}

// client is one browser: its own cookies.
type client struct {
	t    testing.TB
	e    *env
	http *http.Client
	csrf string
}

func (e *env) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: e.t, e: e, http: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
}

var csrfRe = regexp.MustCompile(`name="_csrf" value="([^"]+)"|X-CSRF-Token&#34;:&#34;([^&]+)&#34;`)

// get fetches a page and remembers its CSRF token.
func (c *client) get(path string) (int, string) {
	c.t.Helper()
	resp, err := c.http.Get(c.e.http.URL + path)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	c.noteCSRF(body)
	return resp.StatusCode, string(body)
}

// noteCSRF keeps the CSRF token a page carries, if it has one.
func (c *client) noteCSRF(body []byte) {
	if m := csrfRe.FindSubmatch(body); m != nil {
		c.csrf = string(m[1]) + string(m[2])
	}
}

// post sends a form as htmx does (CSRF header, HX-Request).
func (c *client) post(path string, form url.Values) (int, string, http.Header) {
	c.t.Helper()
	return c.send(path, form, true)
}

// send posts a form with the CSRF header; htmx adds HX-Request (without
// it, the answer is a whole page: a redirect is followed).
func (c *client) send(path string, form url.Values, htmx bool) (int, string, http.Header) {
	c.t.Helper()
	req, _ := http.NewRequest("POST", c.e.http.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", c.csrf)
	if htmx {
		req.Header.Set("HX-Request", "true")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	c.noteCSRF(body)
	return resp.StatusCode, string(body), resp.Header
}

// createTable opens a table from the home page and returns its code.
func (c *client) createTable(name string, form url.Values) string {
	c.t.Helper()
	c.get("/")
	form.Set("name", name)
	if form.Get("kind") == "" {
		form.Set("kind", "president")
	}
	status, body, _ := c.post("/tables", form)
	if status != http.StatusOK {
		c.t.Fatalf("create: %d %s", status, body)
	}
	m := regexp.MustCompile(`/t/([A-Z0-9]{4,10})/ws`).FindStringSubmatch(body)
	if m == nil {
		c.t.Fatalf("no table page after create: %.300s", body)
	}
	return m[1]
}

// join takes a seat at a table.
func (c *client) join(code, name string) string {
	c.t.Helper()
	c.get("/t/" + code)
	status, body, _ := c.post("/t/"+code+"/join", url.Values{"name": {name}})
	if status != http.StatusOK {
		c.t.Fatalf("join: %d %.300s", status, body)
	}
	return body
}

func (c *client) lobby(code string, kv ...string) (int, string) {
	c.t.Helper()
	f := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		f.Set(kv[i], kv[i+1])
	}
	status, body, _ := c.post("/t/"+code+"/lobby", f)
	return status, body
}

// ws is one websocket connection of a client, collecting what it gets.
type ws struct {
	conn *websocket.Conn
	mu   sync.Mutex
	msgs []string
	cond *sync.Cond
	done bool
}

func (c *client) dial(code string) *ws {
	c.t.Helper()
	conn, _, err := c.dialRaw(code)
	if err != nil {
		c.t.Fatal(err)
	}
	w := &ws{conn: conn}
	w.cond = sync.NewCond(&w.mu)
	go func() {
		for {
			_, msg, err := conn.ReadMessage()
			w.mu.Lock()
			if err != nil {
				w.done = true
				w.cond.Broadcast()
				w.mu.Unlock()
				return
			}
			w.msgs = append(w.msgs, string(msg))
			w.cond.Broadcast()
			w.mu.Unlock()
		}
	}()
	c.t.Cleanup(func() { conn.Close() })
	return w
}

// dialRaw opens the client's websocket to a table as its page does (its
// cookies, the site's origin) and returns what the dial gave.
func (c *client) dialRaw(code string) (*websocket.Conn, *http.Response, error) {
	u, _ := url.Parse(c.e.http.URL)
	hdr := http.Header{}
	for _, ck := range c.http.Jar.Cookies(u) {
		hdr.Add("Cookie", ck.Name+"="+ck.Value)
	}
	hdr.Set("Origin", c.e.http.URL)
	return websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(c.e.http.URL, "http")+"/t/"+code+"/ws", hdr)
}

// waitFor blocks until some message satisfies ok, or fails after a while.
func (w *ws) waitFor(t *testing.T, what string, ok func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	timer := time.AfterFunc(10*time.Second, func() { w.mu.Lock(); w.cond.Broadcast(); w.mu.Unlock() })
	defer timer.Stop()
	w.mu.Lock()
	defer w.mu.Unlock()
	seen := 0
	for {
		for ; seen < len(w.msgs); seen++ {
			if ok(w.msgs[seen]) {
				return w.msgs[seen]
			}
		}
		if w.done || time.Now().After(deadline) {
			t.Fatalf("websocket: no message with %s (got %d messages)", what, len(w.msgs))
		}
		w.cond.Wait()
	}
}

func (w *ws) all() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.msgs...)
}

// inRoom runs fn in a room's actor.
func (e *env) inRoom(code string, fn func(r *room.Room)) {
	e.t.Helper()
	r, err := e.srv.rt.Get(context.Background(), code)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := r.Inspect(context.Background(), fn); err != nil {
		e.t.Fatal(err)
	}
}

// waitRoom polls the room until cond holds (the actor runs it between
// messages), failing after a while.
func (e *env) waitRoom(code, what string, cond func(r *room.Room) bool) {
	e.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ok := false
		e.inRoom(code, func(r *room.Room) { ok = cond(r) })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("room %s: timed out waiting for %s", code, what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// scrape reads the server's /metrics (no token).
func (e *env) scrape() string {
	e.t.Helper()
	ms := httptest.NewServer(e.srv.MetricsHandler(""))
	defer ms.Close()
	resp, err := http.Get(ms.URL + "/metrics")
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// annAndBob starts a table of the form: Ann creates it and hosts, Bob
// takes a seat and is ready.
func annAndBob(e *env, form url.Values) (ann, bob *client, code string) {
	ann, bob = e.client(), e.client()
	code = ann.createTable("Ann", form)
	bob.join(code, "Bob")
	bob.lobby(code, "do", "ready")
	ann.lobby(code, "do", "start")
	return ann, bob, code
}
