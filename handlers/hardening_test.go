package handlers

// The defences against the independent attack (docs/SECURITY.md), one
// test per finding.

import (
	"context"
	"database/sql"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/db/backup"
	"github.com/tablegames/tables/room"
)

// postAsync posts a form from a goroutine other than the test's: it
// reports a failure with t.Error and answers 0.
func (c *client) postAsync(path string, form url.Values) int {
	req, _ := http.NewRequest("POST", c.e.http.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", c.csrf)
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Error(err)
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// rawDB opens the env's database file on a connection of its own, as an
// operator (or a fault) would touch it.
func rawDB(t *testing.T, e *env) *sql.DB {
	t.Helper()
	d, err := sql.Open("sqlite", "file:"+e.path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// 1. /metrics is a side channel: it is not on the public port, and its
// own listener can require a bearer token.
func TestMetricsAreNotPublic(t *testing.T) {
	e := newEnv(t, fastConfig())
	c := e.client()
	if status, _ := c.get("/metrics"); status != http.StatusNotFound {
		t.Fatalf("/metrics on the public port: %d", status)
	}
	ms := httptest.NewServer(e.srv.MetricsHandler("s3cret"))
	defer ms.Close()
	get := func(auth string) (int, string) {
		req, _ := http.NewRequest("GET", ms.URL+"/metrics", nil)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, auth := range []string{"", "Bearer nope", "s3cret"} {
		if status, _ := get(auth); status != http.StatusUnauthorized {
			t.Fatalf("metrics with %q: %d", auth, status)
		}
	}
	if status, body := get("Bearer s3cret"); status != 200 || !strings.Contains(body, "tables_push_bytes_total") {
		t.Fatalf("metrics with the token: %d", status)
	}
	// the bytes pushed move in whole MiB only: a hand's pushes, whatever
	// its cards, don't show in them
	pushed := regexp.MustCompile(`(?m)^tables_push_bytes_total (\S+)$`)
	value := func() string {
		_, body := get("Bearer s3cret")
		return pushed.FindStringSubmatch(body)[1]
	}
	before := value()
	e.srv.metrics.Pushed(1234)
	e.srv.metrics.Pushed(777)
	if after := value(); after != before || before != "0" {
		t.Fatalf("two pushes moved the bytes counter: %s, then %s", before, after)
	}
	e.srv.metrics.Pushed(pushBytesUnit)
	if after := value(); after != "1.048576e+06" {
		t.Fatalf("a MiB pushed shows as %s", after)
	}
	// the public readiness says ready or not, and no number
	if status, body := c.get("/readyz"); status != 200 || body != "ready" {
		t.Fatalf("readyz: %d %q", status, body)
	}
}

// 2. A table nobody is connected to pauses its bots after a while (they
// play again when someone opens it), and closes after the idle limit.
func TestUnattendedTablesPauseAndClose(t *testing.T) {
	cfg := fastConfig()
	cfg.Unattended = 300 * time.Millisecond
	cfg.IdleClose = 900 * time.Millisecond
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", mustForm("ruleset=standard&seats=4&bots=on&clock=0"))
	host.lobby(code, "do", "start")
	if status, body, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"leave"}}); status != 204 {
		t.Fatalf("leave: %d %s", status, body)
	}
	// bots play with nobody connected, then pause
	waitRoom(t, e, code, "the bots to pause", func(r *room.Room) bool { return r.Dormant() })
	var seq int64
	e.inRoom(code, func(r *room.Room) {
		seq = r.Table().Seq
		if r.Armed() {
			t.Fatal("a dormant table still has a timer armed")
		}
	})
	// nothing is written while nobody is there (bots here move every 1–2 ms)
	time.Sleep(100 * time.Millisecond)
	e.inRoom(code, func(r *room.Room) {
		if r.Table().Seq != seq {
			t.Fatalf("a dormant table wrote %d entries", r.Table().Seq-seq)
		}
	})
	// someone opens the table: the bots play again
	watcher := e.client()
	watcher.join(code, "Wes")
	ws := watcher.dial(code)
	waitRoom(t, e, code, "the bots to play again", func(r *room.Room) bool { return !r.Dormant() && r.Table().Seq > seq+5 })
	ws.conn.Close()
	// and with nobody again, past the idle limit, the table closes
	waitRoom(t, e, code, "the idle limit", func(r *room.Room) bool {
		return r.Dormant() && !r.AloneSince().IsZero() && time.Since(r.AloneSince()) > cfg.IdleClose
	})
	n, err := e.srv.CloseIdle(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("CloseIdle: %d %v", n, err)
	}
	if status, _ := host.get("/t/" + code); status != http.StatusNotFound {
		t.Fatalf("closed table page: %d", status)
	}
	// its log stays, for replay
	if status, _ := host.get("/t/" + code + "/replays"); status != 200 {
		t.Fatalf("replays of a closed table: %d", status)
	}
}

// 3. The cap on open tables holds under concurrent creation.
func TestTableCapIsAtomic(t *testing.T) {
	cfg := fastConfig()
	cfg.MaxOpenTables = 5
	cfg.Limits = NoLimits()
	e := newEnv(t, cfg)
	var wg sync.WaitGroup
	var mu sync.Mutex
	created, full := 0, 0
	for range 30 {
		c := e.client()
		c.get("/")
		wg.Add(1)
		go func() {
			defer wg.Done()
			status := c.postAsync("/tables", mustForm("kind=president&name=Ann&seats=3&ruleset=house"))
			mu.Lock()
			defer mu.Unlock()
			switch status {
			case 200:
				created++
			case http.StatusServiceUnavailable:
				full++
			default:
				t.Errorf("create: %d", status)
			}
		}()
	}
	wg.Wait()
	n, _ := e.db.CountOpen(context.Background())
	if created != 5 || full != 25 || n != 5 {
		t.Fatalf("created %d, refused %d, open %d: the cap is 5", created, full, n)
	}
}

// 3. Opening tables, sessions and joins are limited per address and per
// session, with a clear 429.
func TestRateLimits(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = Limits{
		TablesPerAddr:    Limit{Burst: 4, Every: time.Hour}, // a refused try counts too
		TablesPerSession: Limit{Burst: 2, Every: time.Hour},
		SessionsPerAddr:  Limit{Burst: 4, Every: time.Hour},
		JoinsPerSession:  Limit{Burst: 2, Every: time.Hour},
	}
	e := newEnv(t, cfg)
	form := mustForm("ruleset=house&seats=5")
	create := func(c *client) (int, string) {
		c.get("/")
		f := url.Values{"kind": {"president"}, "name": {"Ann"}}
		for k, v := range form {
			f[k] = v
		}
		status, body, _ := c.post("/tables", f)
		return status, body
	}
	ann, bob := e.client(), e.client()
	create(ann)
	code := regexp.MustCompile(`/t/([A-Z0-9]+)/ws`).FindStringSubmatch(func() string { _, b := create(ann); return b }())[1]
	if status, body := create(ann); status != http.StatusTooManyRequests || !strings.Contains(body, "opened many tables") {
		t.Fatalf("a session's third table: %d %.200s", status, body)
	}
	if status, _ := create(bob); status != 200 {
		t.Fatalf("another session's first table: %d", status)
	}
	if status, _ := create(e.client()); status != http.StatusTooManyRequests {
		t.Fatalf("the address's fifth try: %d", status)
	}
	// sessions: two made above (Ann, Bob); two more may join, then no more
	for i, name := range []string{"Cy", "Di"} {
		c := e.client()
		if body := c.join(code, name); !strings.Contains(body, "/ws") {
			t.Fatalf("join %d", i)
		}
	}
	c := e.client()
	c.get("/t/" + code)
	if status, body, h := c.post("/t/"+code+"/join", url.Values{"name": {"Ed"}}); status != http.StatusTooManyRequests || !strings.Contains(body, "new visitors") || h.Get("Retry-After") == "" {
		t.Fatalf("fifth session from one address: %d %.200s", status, body)
	}
	// joins per session: the third in a row is refused
	for i := range 3 {
		status, _, _ := bob.post("/t/"+code+"/join", url.Values{"name": {"Bob"}})
		if want := map[bool]int{true: http.StatusTooManyRequests, false: 200}[i == 2]; status != want {
			t.Fatalf("join %d of one session: %d, want %d", i+1, status, want)
		}
	}
}

// 4. Chat: names are unique at a table, authors are marked, an address has
// one limit over all its sessions, and chat can't push the game out of
// the log.
func TestChatCantImpersonateOrFlood(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = Limits{ChatPerAddr: Limit{Burst: 10, Every: time.Hour}}
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", mustForm("ruleset=house&seats=3&bots=on&clock=0"))
	host.lobby(code, "do", "start")
	host.get("/t/" + code)
	chat := func(c *client, text string) (int, http.Header) {
		status, _, h := c.post("/t/"+code+"/chat", url.Values{"text": {text}})
		return status, h
	}
	if status, _ := chat(host, "hello"); status != 204 {
		t.Fatalf("host chat: %d", status)
	}
	for _, name := range []string{"Ann", "ann", "Bot 2"} {
		fake := e.client()
		fake.join(code, name)
		if status, h := chat(fake, "I am the host"); status != 422 || h.Get("X-Error-Code") != "NAME_TAKEN" {
			t.Fatalf("a watcher called %q chats: %d %s", name, status, h.Get("X-Error-Code"))
		}
	}
	// a watcher who chatted owns the name too
	wes := e.client()
	wes.join(code, "Wes")
	if status, _ := chat(wes, "hi all"); status != 204 {
		t.Fatalf("watcher chat: %d", status)
	}
	other := e.client()
	other.join(code, "WES")
	if status, h := chat(other, "it's me"); status != 422 || h.Get("X-Error-Code") != "NAME_TAKEN" {
		t.Fatalf("a second Wes chats: %d", status)
	}
	// the marks, in the whole table a connection starts with
	page := host.dial(code).waitFor(t, "the table", func(m string) bool { return strings.Contains(m, `id="chat"`) })
	if !regexp.MustCompile(`<b>Ann</b>\s*<span class="mark host">host</span>`).MatchString(page) ||
		!regexp.MustCompile(`<b>Wes</b>\s*<span class="mark watching">watching</span>`).MatchString(page) {
		t.Fatal("chat lines don't mark the host and the watcher")
	}
	// the address's limit: 10 lines over every session, refused ones
	// included (6 tried above)
	accepted, limited := 0, 0
	for i := range 4 {
		c := e.client()
		c.join(code, "Flood"+strconv.Itoa(i))
		for range 5 { // each within its own limit of 5 per 10 s
			switch status, _ := chat(c, "spam"); status {
			case 204:
				accepted++
			case http.StatusTooManyRequests:
				limited++
			default:
				t.Fatalf("flood chat: %d", status)
			}
		}
	}
	if accepted != 4 || limited != 16 {
		t.Fatalf("from one address: %d lines accepted, %d limited; want 4 and 16", accepted, limited)
	}
	// chat lives apart from the game log: 300 lines from watchers
	r, err := e.srv.rt.Get(t.Context(), code)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 300 {
		n := strconv.Itoa(i)
		if err := r.Chat(t.Context(), "talker-"+n, "Talker "+n, "line "+n); err != nil {
			t.Fatal(err)
		}
	}
	e.inRoom(code, func(r *room.Room) {
		if len(r.Table().Chat) != 100 || logCount(r, "The game begins.") != 1 {
			t.Fatalf("chat %d lines; the game's first line kept: %d", len(r.Table().Chat), logCount(r, "The game begins."))
		}
	})
}

// 5. Private codes can't be guessed, and unknown codes are limited per
// address.
func TestCodesResistGuessing(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = Limits{UnknownPerAddr: Limit{Burst: 5, Every: time.Hour}}
	e := newEnv(t, cfg)
	c := e.client()
	private := c.createTable("Ann", mustForm("ruleset=house&seats=3"))
	public := c.createTable("Ann", mustForm("ruleset=house&seats=3&public=on"))
	short := c.createTable("Ann", mustForm("ruleset=house&seats=3&short=on"))
	if len(private) != 8 || len(public) != 4 || len(short) != 4 {
		t.Fatalf("codes %q (private), %q (public), %q (short)", private, public, short)
	}
	// the code may be typed with a dash and in lower case
	if status, _, h := c.post("/join", url.Values{"code": {strings.ToLower(private[:4] + "-" + private[4:])}}); status != 200 || h.Get("Content-Type") == "" {
		t.Fatalf("join by typed code: %d", status)
	}
	g := e.client() // a guesser at the same address
	for i := range 5 {
		if status, _ := g.get("/t/ZZZZ" + strconv.Itoa(i+2)); status != http.StatusNotFound {
			t.Fatalf("unknown code %d: %d", i, status)
		}
	}
	// the bucket is empty: every lookup from the address waits, even of a
	// real code, but for the tables where the asker sits
	if status, body := g.get("/t/" + private); status != http.StatusTooManyRequests || !strings.Contains(body, "table codes") {
		t.Fatalf("after 5 unknown codes: %d", status)
	}
	if status, _ := c.get("/t/" + private); status != http.StatusOK {
		t.Fatalf("the host's own table after 5 unknown codes at the address: %d", status)
	}
	if _, resp, err := dialRaw(e, private, http.Header{"Origin": {e.http.URL}}); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("websocket after 5 unknown codes: %v", err)
	}
}

// 6. Looking creates no session: only a name (or an action) does.
func TestLookingCreatesNoSession(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", mustForm("ruleset=house&seats=3"))
	d := rawDB(t, e)
	count := func() int {
		var n int
		if err := d.QueryRow(`SELECT COUNT(*) FROM sessions`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := count()
	for i := range 20 {
		v := e.client()
		v.get("/")
		v.get("/t/" + code)
		v.get("/tables/public")
		if i < 5 {
			v.get("/t/NOPE2345")
		}
	}
	if n := count(); n != before {
		t.Fatalf("20 visitors who only looked made %d sessions", n-before)
	}
	e.client().join(code, "Bob")
	if n := count(); n != before+1 {
		t.Fatalf("a visitor who gave a name: %d new sessions", n-before)
	}
}

// 7. A move carries the version of the seat it was made from: a repeat
// (double click, retried post) is refused with the table unchanged, and
// of many identical posts at once exactly one is played.
func TestStaleMoveIsRefused(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann := e.client()
	code := ann.createTable("Ann", mustForm("kind=holdem&blinds=10/20&seats=2&bots=off&clock=0"))
	bob := e.client()
	bob.join(code, "Bob")
	bob.lobby(code, "do", "ready")
	ann.lobby(code, "do", "start")
	clients := map[int]*client{0: ann, 1: bob}
	version := func(c *client) string {
		_, page := c.get("/t/" + code)
		m := regexp.MustCompile(`id="table-state" data-v="(\d+)"`).FindStringSubmatch(page)
		if m == nil {
			t.Fatal("the page carries no move version")
		}
		return m[1]
	}
	turn := func() (int, int64) {
		var s int
		var seq int64
		e.inRoom(code, func(r *room.Room) { s, seq = r.Table().Match.Waiting()[0], r.Table().Seq })
		return s, seq
	}
	s, _ := turn()
	c := clients[s]
	v := version(c)
	if status, body, _ := c.post("/t/"+code+"/act", url.Values{"kind": {"call"}, "v": {v}}); status != 204 {
		t.Fatalf("call: %d %s", status, body)
	}
	if v2 := version(c); v2 == v {
		t.Fatal("the version did not move with the seat's move")
	}
	// the other player checks until the turn comes back to this seat (on
	// the flop), then the same post comes again
	for {
		w, _ := turn()
		if w == s {
			break
		}
		o := clients[w]
		if status, body, _ := o.post("/t/"+code+"/act", url.Values{"kind": {"check"}, "v": {version(o)}}); status != 204 {
			t.Fatalf("check: %d %s", status, body)
		}
	}
	_, seq := turn()
	status, body, h := c.post("/t/"+code+"/act", url.Values{"kind": {"check"}, "v": {v}})
	if status != http.StatusConflict || h.Get("X-Error-Code") != room.CodeStale || !strings.Contains(body, "moved on") {
		t.Fatalf("a stale move: %d %s %s", status, h.Get("X-Error-Code"), body)
	}
	if _, seq2 := turn(); seq2 != seq {
		t.Fatal("a stale move changed the table")
	}
	// twenty identical posts at once: one is played
	v = version(c)
	var wg sync.WaitGroup
	var mu sync.Mutex
	played := 0
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if c.postAsync("/t/"+code+"/act", url.Values{"kind": {"check"}, "v": {v}}) == 204 {
				mu.Lock()
				played++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if played != 1 {
		t.Fatalf("%d of 20 identical posts were played", played)
	}
}

// 8. A full disk: the table backs off instead of retrying in a loop, its
// players are told, readiness reports it, and it recovers by itself.
func TestFullDiskBacksOff(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", mustForm("ruleset=standard&seats=4&bots=on&clock=0"))
	host.lobby(code, "do", "start")
	host.post("/t/"+code+"/seat", url.Values{"do": {"leave"}})
	ws := host.dial(code) // watching: the table stays awake
	e.waitRoom(code, "bots playing", func(r *room.Room) bool { return r.Table().Seq > 20 })

	ctx := context.Background()
	if err := e.db.FillDisk(ctx); err != nil {
		t.Fatal(err)
	}
	e.waitRoom(code, "a failed write", func(r *room.Room) bool { return r.SaveFailures() > 0 })
	ws.waitFor(t, "the saving notice", func(m string) bool { return strings.Contains(m, "Saving is failing") })
	if status, body := host.get("/readyz"); status != http.StatusServiceUnavailable || !strings.Contains(body, "saving is failing") {
		t.Fatalf("readyz with a full disk: %d %q", status, body)
	}
	if status, _ := host.get("/healthz"); status != 200 {
		t.Fatalf("healthz with a full disk: %d", status)
	}
	// bots move every 1–2 ms here; backing off, the table tries a handful
	// of times in a second and a half, not hundreds
	var first int
	e.inRoom(code, func(r *room.Room) { first = r.SaveFailures() })
	time.Sleep(1500 * time.Millisecond)
	var tries int
	e.inRoom(code, func(r *room.Room) { tries = r.SaveFailures() - first })
	if tries > 6 {
		t.Fatalf("%d write attempts in 1.5 s with a full disk", tries)
	}
	// a new table can't be saved: the visitor is told why, plainly
	visitor := e.client()
	visitor.get("/")
	status, page, _ := visitor.post("/tables", url.Values{"kind": {"president"}, "name": {"Vic"}, "ruleset": {"house"}})
	if status != http.StatusServiceUnavailable || !strings.Contains(page, "can&#39;t be saved right now") {
		t.Fatalf("creating a table on a full disk: %d %.300s", status, page)
	}
	if err := e.db.EmptyDisk(ctx); err != nil {
		t.Fatal(err)
	}
	var seq int64
	e.inRoom(code, func(r *room.Room) { seq = r.Table().Seq })
	e.waitRoom(code, "saving again", func(r *room.Room) bool { return r.SaveFailures() == 0 && r.Table().Seq > seq+5 })
	if status, _ := host.get("/readyz"); status != 200 {
		t.Fatalf("readyz after the disk emptied: %d", status)
	}
	ws.waitFor(t, "the notice gone", func(m string) bool {
		return strings.Contains(m, `id="table-state"`) && !strings.Contains(m, "Saving is failing")
	})
}

// 9. A corrupt snapshot doesn't lose the table: it is replayed from the
// log and the snapshot is written anew.
func TestCorruptSnapshotFallsBackToTheLog(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", mustForm("ruleset=standard&seats=4&bots=on&clock=0"))
	host.lobby(code, "do", "start")
	host.post("/t/"+code+"/seat", url.Values{"do": {"leave"}})
	e.waitRoom(code, "a few snapshots", func(r *room.Room) bool { return r.Table().Seq > 30 })
	r, _ := e.srv.rt.Get(context.Background(), code)
	e.cfg.BotDelayMin, e.cfg.BotDelayMax = time.Hour, time.Hour // nothing moves after the restart
	e.stop()
	seq := r.Table().Seq
	want, _ := r.Table().Snapshot()

	d := rawDB(t, e)
	for _, bad := range []string{`{"table": {"seats": [`, `{"table": {"seq": 3, "opts": {"seats": 4}}}`} {
		if _, err := d.Exec(`UPDATE room_snapshots SET state = ? WHERE room = ?`, bad, code); err != nil {
			t.Fatal(err)
		}
		e.start()
		if status, _ := host.get("/t/" + code); status != 200 {
			t.Fatalf("table with the snapshot %q: %d", bad, status)
		}
		e.inRoom(code, func(r *room.Room) {
			got, _ := r.Table().Snapshot()
			if r.Table().Seq != seq || string(got) != string(want) {
				t.Fatalf("replayed table differs: seq %d, want %d", r.Table().Seq, seq)
			}
		})
		var state string
		if err := d.QueryRow(`SELECT state FROM room_snapshots WHERE room = ? ORDER BY seq DESC LIMIT 1`, code).Scan(&state); err != nil || state != string(want) {
			t.Fatalf("the snapshot was not written anew: %v", err)
		}
		e.stop()
	}
}

// 11. The smaller findings.
func TestSmallerHardening(t *testing.T) {
	e := newEnv(t, fastConfig())
	c := e.client()
	if _, body := c.get("/?error=" + url.QueryEscape("Your account is locked: call 555")); strings.Contains(body, "555") {
		t.Fatal("the home page shows words from its query string")
	}
	code := c.createTable("Ann", mustForm("ruleset=house&seats=3"))
	resp, err := c.http.Get(e.http.URL + "/t/" + code)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
		t.Fatalf("table page Cache-Control %q", cc)
	}
	if resp.Header.Get("Strict-Transport-Security") != "" {
		t.Fatal("HSTS without secure cookies")
	}
	for _, p := range []string{"/static/", "/static/vendor/", "/static/vendor"} {
		if status, body := c.get(p); status != http.StatusNotFound || strings.Contains(body, `href="app.js"`) || strings.Contains(body, `href="htmx`) {
			t.Fatalf("%s: %d", p, status)
		}
	}

	// CSRF, as SECURITY.md states it: a browser's same-origin post needs
	// no token, a cross-site one is refused, and without fetch metadata
	// the token is required
	for _, tc := range []struct {
		site  string
		token bool
		want  int
	}{{"same-origin", false, 204}, {"cross-site", true, 403}, {"same-site", false, 403}, {"same-site", true, 204}, {"", false, 403}} {
		req, _ := http.NewRequest("POST", e.http.URL+"/t/"+code+"/chat", strings.NewReader("text=hi+"+tc.site))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if tc.site != "" {
			req.Header.Set("Sec-Fetch-Site", tc.site)
		}
		if tc.token {
			req.Header.Set("X-CSRF-Token", c.csrf)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("CSRF, Sec-Fetch-Site %q, token %v: %d, want %d", tc.site, tc.token, resp.StatusCode, tc.want)
		}
	}

	cfg := fastConfig()
	cfg.SecureCookies = true
	s := newEnv(t, cfg)
	req, _ := http.NewRequest("GET", s.http.URL+"/", nil)
	req.Header.Set("X-Forwarded-Proto", "https")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if h := resp.Header.Get("Strict-Transport-Security"); !strings.Contains(h, "max-age=31536000") {
		t.Fatalf("HSTS behind TLS: %q", h)
	}
}

// Backups: a stalled replica turns readiness red, and the lag is in the
// metrics.
func TestBackupInReadinessAndMetrics(t *testing.T) {
	var st backup.Status
	var mu sync.Mutex
	cfg := fastConfig()
	cfg.Backup = func() backup.Status { mu.Lock(); defer mu.Unlock(); return st }
	e := newEnv(t, cfg)
	c := e.client()
	if status, _ := c.get("/readyz"); status != 200 {
		t.Fatalf("readyz in sync: %d", status)
	}
	mu.Lock()
	st = backup.Status{Behind: 42, BehindBytes: 9000, BehindFor: 2 * time.Minute, Stalled: true, Errors: 3}
	mu.Unlock()
	if status, body := c.get("/readyz"); status != http.StatusServiceUnavailable || !strings.Contains(body, "backups are stalled") {
		t.Fatalf("readyz with a stalled backup: %d %q", status, body)
	}
	b := e.scrape()
	for _, want := range []string{"tables_backup_lag_transactions 42", "tables_backup_lag_bytes 9000", "tables_backup_lag_seconds 120", "tables_backup_errors_total 3"} {
		if !strings.Contains(b, want) {
			t.Fatalf("metrics lack %q", want)
		}
	}
}

// TestDamagedLogRowMakesOneTableReadOnly: a log row that can't be read
// (a damaged disk, a bad hand edit) no longer answers 500 for its table:
// the table opens at its last good entry, read-only, telling its players
// so; every other table plays on; the fair record and replays answer;
// room.Check names the row and room.Repair cuts the log there, after
// which the table plays again.
func TestDamagedLogRowMakesOneTableReadOnly(t *testing.T) {
	cfg := fastConfig()
	cfg.BotDelayMin, cfg.BotDelayMax = time.Hour, time.Hour // only the test moves
	e := newEnv(t, cfg)
	ann, bob, damaged := annAndBob(e, mustForm("kind=lowunique&seats=2&clock=0"))
	other := bob.createTable("Bob", mustForm("ruleset=house&seats=3&bots=on&clock=0"))
	var seq int64
	e.inRoom(damaged, func(r *room.Room) { seq = r.Table().Seq })
	e.stop()
	d := rawDB(t, e)
	// the entry before the last is damaged; the last one is lost with it
	if _, err := d.Exec(`UPDATE room_log SET entry = '{"t": "move", "seat": 0, "move": {"Kind": 99' WHERE room = ? AND seq = ?`, damaged, seq-1); err != nil {
		t.Fatal(err)
	}
	// snapshots hold no cure: the damage is found by replaying
	if _, err := d.Exec(`DELETE FROM room_snapshots WHERE room = ?`, damaged); err != nil {
		t.Fatal(err)
	}
	e.start()
	status, page := ann.get("/t/" + damaged)
	if status != http.StatusOK || !strings.Contains(page, "This table is read-only:") || !strings.Contains(page, "damaged at entry "+strconv.FormatInt(seq-1, 10)) {
		t.Fatalf("the damaged table's page: %d %.300s", status, page)
	}
	e.inRoom(damaged, func(r *room.Room) {
		if r.Table().Seq != seq-2 || r.Armed() {
			t.Fatalf("the damaged table stands at entry %d (want %d), armed %v", r.Table().Seq, seq-2, r.Armed())
		}
	})
	status, msg, hdr := ann.post("/t/"+damaged+"/chat", url.Values{"text": {"hello?"}})
	if status != http.StatusUnprocessableEntity || hdr.Get("X-Error-Code") != "READ_ONLY" {
		t.Fatalf("a chat line at the read-only table: %d %s", status, msg)
	}
	if status, _ := ann.get("/t/" + damaged + "/fair.json"); status != http.StatusOK {
		t.Fatalf("the damaged table's record: %d", status)
	}
	// the other table is untouched
	bob.get("/t/" + other)
	if status, body := bob.lobby(other, "do", "start"); status != http.StatusNoContent {
		t.Fatalf("another table after the damage: %d %s", status, body)
	}
	// the operator's check names the row, and the repair cuts the log there
	dmg, err := room.Check(t.Context(), e.db, damaged)
	if err != nil || dmg == nil || dmg.Seq != seq-1 {
		t.Fatalf("check: %+v %v", dmg, err)
	}
	e.stop() // the operator repairs with the server stopped
	offline, err := db.Open(t.Context(), e.path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := room.Repair(t.Context(), offline, damaged); err != nil {
		t.Fatal(err)
	}
	offline.Close()
	e.start()
	if dmg, err := room.Check(t.Context(), e.db, damaged); err != nil || dmg != nil {
		t.Fatalf("check after the repair: %+v %v", dmg, err)
	}
	if status, _, _ := ann.post("/t/"+damaged+"/chat", url.Values{"text": {"we're back"}}); status != http.StatusNoContent {
		t.Fatalf("a chat line after the repair: %d", status)
	}
}
