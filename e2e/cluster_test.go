package e2e

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/gorilla/websocket"
	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/tablegames/tables/db/pgtest"
	"github.com/tablegames/tables/e2e/flyfront"
)

// cluster is instances of the binary on loopback in cluster mode, as Fly
// Machines of one app sharing one PostgreSQL database, behind a front
// that honours fly-replay as Fly's proxy does. Browsers and clients reach
// the front as http://localhost:PORT, every instance's -public-url (a
// passkey's relying party must be a name, never an address).
type cluster struct {
	t         *testing.T
	db        string // the PostgreSQL database's URL
	args      []string
	instances map[string]*server
	front     *flyfront.Front
	url       string // the front
}

// clusterArgs make tables play by themselves quickly, and leases short,
// so a takeover takes seconds. The lease (3 s) is not shorter: on a
// starved machine (four busy loops beside the test on two cores) a
// renewal can run a second late, and a machine that misses its own
// renewal stops serving its tables until the next.
var clusterArgs = []string{"-bot-delay-min", "20ms", "-bot-delay-max", "60ms", "-next-deal-delay", "50ms",
	"-absent-autoplay", "20ms", "-absent-grace", "100ms", "-cluster-ttl", "3s"}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startCluster starts n machines on a new database of the test binary's
// PostgreSQL server.
func startCluster(t *testing.T, n int, args ...string) *cluster {
	t.Helper()
	return startClusterOn(t, pgtest.NewDatabase(t), n, args...)
}

// startClusterOn starts n machines, m1…mn, on the database at dbURL.
func startClusterOn(t *testing.T, dbURL string, n int, args ...string) *cluster {
	t.Helper()
	frontAddr := freeAddr(t)
	_, port, _ := net.SplitHostPort(frontAddr)
	c := &cluster{t: t, db: dbURL, args: args, instances: map[string]*server{}, url: "http://localhost:" + port}
	urls := map[string]string{}
	for i := 1; i <= n; i++ {
		id := fmt.Sprintf("m%d", i)
		urls[id] = c.start(id).url
	}
	front, err := flyfront.New(urls)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", frontAddr)
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: front}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	c.front = front
	return c
}

// start runs machine id.
func (c *cluster) start(id string) *server {
	c.t.Helper()
	addr := freeAddr(c.t)
	env := []string{"FLY_MACHINE_ID=" + id, "FLY_APP_NAME=tables-test"}
	// (8 connections each: the tests' machines share one server)
	args := append([]string{"-cluster", "-database", c.db, "-db-max-conns", "8", "-cluster-addr", "http://" + addr, "-public-url", c.url}, c.args...)
	s := startServerEnv(c.t, c.t.TempDir(), addr, env, args...)
	c.instances[id] = s
	if c.front != nil {
		c.front.Set(id, s.url)
	}
	return s
}

// via is a client of the front whose requests all land on instance id
// first (Fly's fly-force-instance-id header), with its own cookies.
func (c *cluster) via(id string) *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 10 * time.Second, Transport: forceInstance{id}}
}

type forceInstance struct{ id string }

func (f forceInstance) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Fly-Force-Instance-Id", f.id)
	return http.DefaultTransport.RoundTrip(r)
}

// dialVia opens a table's websocket through the front, landing on id.
func (c *cluster) dialVia(t *testing.T, id, code string, jar http.CookieJar) *websocket.Conn {
	t.Helper()
	u, _ := url.Parse(c.url)
	hdr := http.Header{"Origin": {c.url}, "Fly-Force-Instance-Id": {id}}
	if jar != nil {
		for _, ck := range jar.Cookies(u) {
			hdr.Add("Cookie", ck.Name+"="+ck.Value)
		}
	}
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(c.url, "http")+"/t/"+code+"/ws", hdr)
	if err != nil {
		t.Fatalf("websocket to %s through %s: %v", code, id, err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// forceInstance makes every request of b's tab land on instance id
// first, as a Fly client with fly-force-instance-id would.
func (b *browser) forceInstance(id string) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Fly-Force-Instance-Id": id}})
		return err
	}))
}

// pgDB opens the cluster's database for the test's own reads.
func (c *cluster) pgDB() *sql.DB {
	c.t.Helper()
	d, err := sql.Open("pgx", c.db)
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(func() { d.Close() })
	return d
}

// logs reads the tables' logs from the shared database: each entry in
// order, checked to have no gap and no entry twice.
func (c *cluster) logs(codes []string) map[string][]string {
	c.t.Helper()
	d := c.pgDB()
	out := map[string][]string{}
	for _, code := range codes {
		rows, err := d.Query(`SELECT seq, entry FROM room_log WHERE room = $1 ORDER BY seq`, code)
		if err != nil {
			c.t.Fatal(err)
		}
		for rows.Next() {
			var seq int64
			var e string
			if err := rows.Scan(&seq, &e); err != nil {
				c.t.Fatal(err)
			}
			if seq != int64(len(out[code])+1) {
				c.t.Fatalf("table %s: entry %d follows entry %d", code, seq, len(out[code]))
			}
			out[code] = append(out[code], e)
		}
		rows.Close()
	}
	return out
}

// lease is a table's lease row: its owner and generation.
func (c *cluster) lease(code string) (owner string, gen int64) {
	c.t.Helper()
	if err := c.pgDB().QueryRow(`SELECT owner, gen FROM leases WHERE room = $1`, code).Scan(&owner, &gen); err != nil {
		c.t.Fatalf("lease of %s: %v", code, err)
	}
	return owner, gen
}

var codeRe = regexp.MustCompile(`/t/([A-Z0-9]{4,8})/ws`)

// TestClusterServesEachTableFromItsHome: a table created through one
// machine is joined and played through the others: their posts and
// websockets are replayed to its home, and a request sent straight to
// another machine, past the front, is answered with fly-replay and not
// served. The home page lists the public tables of every machine.
func TestClusterServesEachTableFromItsHome(t *testing.T) {
	t.Parallel()
	c := startCluster(t, 3, clusterArgs...)

	// Ann opens a table through m1: it lives there
	ann := c.via("m1")
	_, page := get(t, ann, c.url+"/")
	token := csrfRe.FindStringSubmatch(page)[1]
	status, page := postForm(t, ann, c.url+"/tables", token, url.Values{"kind": {"president"}, "ruleset": {"house"},
		"seats": {"3"}, "bots": {"on"}, "name": {"Ann"}, "clock": {"0"}})
	m := codeRe.FindStringSubmatch(page)
	if status != http.StatusOK || m == nil {
		t.Fatalf("create through m1: %d %.300s", status, page)
	}
	code := m[1]
	if owner, gen := c.lease(code); owner != "m1" || gen != 1 {
		t.Fatalf("the new table's lease: %s, generation %d", owner, gen)
	}

	// Bob comes through m3 and joins; Ann watches through m2
	bob := c.via("m3")
	_, bobPage := get(t, bob, c.url+"/t/"+code)
	bobToken := csrfRe.FindStringSubmatch(bobPage)
	if bobToken == nil || !strings.Contains(bobPage, code[:4]) {
		t.Fatalf("Bob's page through m3: %.300s", bobPage)
	}
	if st, body := postForm(t, bob, c.url+"/t/"+code+"/join", bobToken[1], url.Values{"name": {"Bob"}}); st >= 400 {
		t.Fatalf("Bob joins through m3: %d %.200s", st, body)
	}
	if st, body := postForm(t, bob, c.url+"/t/"+code+"/lobby", bobToken[1], url.Values{"do": {"ready"}}); st != http.StatusNoContent {
		t.Fatalf("Bob ready through m3: %d %.200s", st, body)
	}
	annWS := c.dialVia(t, "m2", code, ann.Jar)
	annWS.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, first, err := annWS.ReadMessage()
	if err != nil || !strings.Contains(string(first), "Bob") || seqRe.FindSubmatch(first) == nil {
		t.Fatalf("Ann's websocket through m2: %v %.200s", err, first)
	}
	seq0 := string(seqRe.FindSubmatch(first)[1])
	// Ann (through m2) starts with a bot in the third seat
	annOn2 := c.via("m2")
	annOn2.Jar = ann.Jar
	if st, body := postForm(t, annOn2, c.url+"/t/"+code+"/lobby", token, url.Values{"do": {"start"}}); st != http.StatusNoContent {
		t.Fatalf("start through m2: %d %.200s", st, body)
	}
	// the start reaches Ann's websocket through m2: the table's pushes come
	// from m1, the only machine serving it
	deadline := time.Now().Add(10 * time.Second)
	for started := false; !started; {
		annWS.SetReadDeadline(deadline)
		_, msg, err := annWS.ReadMessage()
		if err != nil {
			t.Fatalf("no deal pushed through m2: %v", err)
		}
		m := seqRe.FindSubmatch(msg)
		started = m != nil && string(m[1]) != seq0 && strings.Contains(string(msg), "Ann")
	}
	if c.front.Replays.Load() < 4 {
		t.Fatalf("only %d requests were replayed; the pages, posts and websockets through m2 and m3 should be", c.front.Replays.Load())
	}

	// straight to m2 and m3, past the front: fly-replay to m1, no page
	for _, id := range []string{"m2", "m3"} {
		resp, err := http.Get(c.instances[id].url + "/t/" + code)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if got := resp.Header.Get("Fly-Replay"); got != "instance=m1" || strings.Contains(string(body), `id="seq"`) {
			t.Fatalf("%s served the page of m1's table: %d, fly-replay %q", id, resp.StatusCode, got)
		}
	}
	// the home page lists public tables of every machine
	pubCode := createAndStartWith(t, c.via("m3"), c.url, url.Values{"kind": {"president"}, "seats": {"4"}, "bots": {"on"}, "public": {"on"}, "clock": {"0"}})
	for start := time.Now(); ; {
		_, list := get(t, http.DefaultClient, c.instances["m1"].url+"/tables/public")
		if strings.Contains(list, pubCode) {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("m1's public list misses m3's table %s: %.300s", pubCode, list)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestClusterTakesOverAKilledMachine: tables live on m1; m1 is killed
// (kill -9). Once their leases run out by the database's clock, the
// other machines take them over within a round and load them from the
// shared log: every move a viewer was pushed is there, unchanged, and
// play goes on through the same front; the page that watched reconnects
// by itself.
func TestClusterTakesOverAKilledMachine(t *testing.T) {
	t.Parallel()
	c := startCluster(t, 3, clusterArgs...)
	var codes []string
	for _, form := range backupTables {
		codes = append(codes, createAndStartWith(t, c.via("m1"), c.url, form))
	}
	// a player's page watches the first table through the front
	b := newBrowser(t, "Watcher")
	b.setSize(390, 844, true)
	join := `form[action$="/join"] `
	b.do(chromedp.Navigate(c.url+"/t/"+codes[0]), chromedp.SendKeys(chromedp.CSS(join+`input[name=name]`), "Watcher"),
		chromedp.Click(chromedp.CSS(join+`button[value=watch]`)))
	seqJS := `Number((document.getElementById('seq') || {dataset: {}}).dataset.seq || 0)`
	b.waitJS("the table page", seqJS+` >= 5`)
	w := watchAcks(t, c.url, codes)
	w.waitEach(t, 20)
	c.instances["m1"].kill()
	killed := time.Now()
	acked := w.stop(killed)
	before := c.logs(codes) // everything m1 committed: nothing is in flight once it is dead

	// until taken over, the tables answer "moving" (or the front's 502 for
	// a replay to the dead machine); then they are back
	for _, code := range codes {
		for {
			st, _ := get(t, http.DefaultClient, c.url+"/t/"+code)
			if st == http.StatusOK {
				break
			}
			if st != http.StatusServiceUnavailable && st != http.StatusBadGateway {
				t.Fatalf("table %s while its machine is gone: %d", code, st)
			}
			if time.Since(killed) > 30*time.Second {
				t.Fatalf("table %s not taken over 30 s after its machine died", code)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	t.Logf("every table back %v after the kill (lease 3 s, a round 1 s)", time.Since(killed).Round(10*time.Millisecond))

	after := c.logs(codes)
	for _, code := range codes {
		if owner, gen := c.lease(code); owner == "m1" || gen < 2 {
			t.Fatalf("table %s: lease %s, generation %d after m1 died", code, owner, gen)
		}
		if int64(len(before[code])) < acked[code] {
			t.Fatalf("table %s: a viewer was pushed entry %d; the log has %d", code, acked[code], len(before[code]))
		}
		for i, e := range before[code] {
			if i >= len(after[code]) || after[code][i] != e {
				t.Fatalf("table %s: entry %d changed after the takeover", code, i+1)
			}
		}
		t.Logf("table %s: %d entries pushed before the kill, %d committed, %d now", code, acked[code], len(before[code]), len(after[code]))
	}
	// play continues
	w = watchAcks(t, c.url, codes)
	for _, code := range codes {
		w.waitFor(t, code, int64(len(before[code]))+5)
	}
	w.stop(time.Now())
	// and the page that watched the table when its machine died has
	// reconnected by itself, to the new owner, and follows the play
	b.waitJS("the page to reconnect to the new owner", fmt.Sprintf(`%s > %d`, seqJS, len(before[codes[0]])+5))
	// the bots here play every 20–60 ms, faster than a card's 0.4 s flight
	// to the pile: without motion the screenshots show the pile as it is
	b.reduceMotion()
	b.firstScreen("cluster-takeover-phone")
	b.setSize(1280, 800, false)
	b.firstScreen("cluster-takeover-desktop")
}

// TestClusterFencesAFrozenMachine: m1 is frozen (SIGSTOP) past its
// lease, m2 takes its table over and plays on, and m1 wakes up (SIGCONT)
// with the table in memory and its bots due to move. The database
// refuses every append m1 tries (the lease's owner and generation are
// m2's), m1 serves the table no more but sends its requests to m2, and
// the log goes on from m2 with no entry twice and no gap.
func TestClusterFencesAFrozenMachine(t *testing.T) {
	t.Parallel()
	c := startCluster(t, 2, clusterArgs...)
	code := createAndStartWith(t, c.via("m1"), c.url, backupTables[0])
	w := watchAcks(t, c.url, []string{code})
	w.waitFor(t, code, 15)
	m1 := c.instances["m1"]
	m1.cmd.Process.Signal(syscall.SIGSTOP)
	frozen := time.Now()
	acked := w.stop(frozen)
	atFreeze := len(c.logs([]string{code})[code])

	// m2 takes it once the lease ran out (straight to m2: the front would
	// hand a socket to the frozen m1, which Fly's health checks would have
	// taken out of its rotation)
	for {
		resp, err := http.Get(c.instances["m2"].url + "/t/" + code)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			break
		}
		if time.Since(frozen) > 30*time.Second {
			m1.cmd.Process.Signal(syscall.SIGCONT)
			t.Fatalf("m2 did not take the table of frozen m1: %d", resp.StatusCode)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if owner, gen := c.lease(code); owner != "m2" || gen != 2 {
		t.Fatalf("after the takeover: lease %s, generation %d", owner, gen)
	}
	w = watchAcks(t, c.instances["m2"].url, []string{code})
	w.waitFor(t, code, int64(atFreeze)+5) // m2 plays on
	m1.cmd.Process.Signal(syscall.SIGCONT)

	// m1 is awake: its bots' moves come due and are refused by the
	// database, and it serves the table no more
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(m1.url + "/t/" + code)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK || strings.Contains(string(body), `id="seq"`) {
			t.Fatalf("m1 served the table m2 now holds: %d", resp.StatusCode)
		}
		if got := resp.Header.Get("Fly-Replay"); got != "" && got != "instance=m2" {
			t.Fatalf("m1 sends the table to %q", got)
		}
		time.Sleep(100 * time.Millisecond)
	}
	w.waitFor(t, code, int64(atFreeze)+15) // m2 still plays on
	w.stop(time.Now())
	after := c.logs([]string{code})[code] // no gap, no entry twice (logs checks)
	if int64(len(after)) < acked[code] || len(after) < atFreeze+15 {
		t.Fatalf("the log has %d entries; m1 had %d, %d pushed", len(after), atFreeze, acked[code])
	}
	if owner, gen := c.lease(code); owner != "m2" || gen != 2 {
		t.Fatalf("after m1 woke: lease %s, generation %d", owner, gen)
	}
	if !m1.logged("table taken over by another machine") && !m1.logged("tables now served by another machine") {
		t.Fatal("m1 never noticed it lost the table")
	}
}

// TestClusterRidesOutAPostgresRestart: PostgreSQL is stopped in the
// middle of play and started again. Meanwhile the tables pause and say
// saving is failing (the machines' readiness says so); nothing a viewer
// was pushed is lost; play resumes by itself once the database is back.
func TestClusterRidesOutAPostgresRestart(t *testing.T) {
	t.Parallel()
	pg, err := pgtest.Start() // its own server: the others' tests go on
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pg.Stop)
	dbURL, err := pg.NewDatabase(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := startClusterOn(t, dbURL, 2, clusterArgs...)
	codes := []string{createAndStartWith(t, c.via("m1"), c.url, backupTables[0]), createAndStartWith(t, c.via("m2"), c.url, backupTables[2])}
	// a player's page watches the first table
	b := newBrowser(t, "Watcher")
	b.setSize(390, 844, true)
	join := `form[action$="/join"] `
	b.do(chromedp.Navigate(c.url+"/t/"+codes[0]), chromedp.SendKeys(chromedp.CSS(join+`input[name=name]`), "Watcher"),
		chromedp.Click(chromedp.CSS(join+`button[value=watch]`)))
	b.waitJS("the table page", `!!document.getElementById('seq')`)
	w := watchAcks(t, c.url, codes)
	w.waitEach(t, 10)
	before := c.logs(codes)
	if err := pg.Pause(); err != nil {
		t.Fatal(err)
	}
	stopped := time.Now()
	// the tables notice at their next move: saving is failing
	for _, id := range []string{"m1", "m2"} {
		for {
			st, body := get(t, http.DefaultClient, c.instances[id].url+"/readyz")
			if st == http.StatusServiceUnavailable {
				t.Logf("%s while PostgreSQL is down: %s", id, body)
				break
			}
			if time.Since(stopped) > 20*time.Second {
				t.Fatalf("%s still ready 20 s after PostgreSQL stopped", id)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// the page says so, where play would be
	b.waitJS("the page to say saving is failing", `document.body.textContent.includes('Saving is failing')`)
	b.reduceMotion()
	b.firstScreen("cluster-database-down-phone")
	ackedDown := w.stop(time.Now())
	if err := pg.Resume(); err != nil {
		t.Fatal(err)
	}
	t.Logf("PostgreSQL was down %v", time.Since(stopped).Round(time.Millisecond))
	// play resumes: more moves than were ever pushed before
	w = watchAcks(t, c.url, codes)
	for _, code := range codes {
		w.waitFor(t, code, ackedDown[code]+10)
	}
	w.stop(time.Now())
	b.waitJS("the alert gone once saving works", `!document.body.textContent.includes('Saving is failing')`)
	after := c.logs(codes)
	for _, code := range codes {
		if int64(len(after[code])) < ackedDown[code] {
			t.Fatalf("table %s: entry %d was pushed, the log has %d", code, ackedDown[code], len(after[code]))
		}
		for i, e := range before[code] {
			if after[code][i] != e {
				t.Fatalf("table %s: entry %d changed across the restart", code, i+1)
			}
		}
	}
	for _, id := range []string{"m1", "m2"} {
		if st, body := get(t, http.DefaultClient, c.instances[id].url+"/readyz"); st != http.StatusOK {
			t.Fatalf("%s after PostgreSQL came back: %d %s", id, st, body)
		}
	}
}

// TestClusterPasskeyOnEveryMachine: Ann keeps her name with a passkey
// through m1 (her browser's requests all land there first); on a new
// device, as far as the site knows, she signs in with it through m3: the
// same Ann, with her table.
func TestClusterPasskeyOnEveryMachine(t *testing.T) {
	t.Parallel()
	c := startCluster(t, 3, "-bot-delay-min", "50ms", "-bot-delay-max", "100ms", "-cluster-ttl", "3s")
	ann := newBrowser(t, "Ann")
	ann.virtualAuthenticator()
	ann.forceInstance("m1")
	share := ann.createTable(&server{t: t, url: c.url}, "3")
	code := share[strings.LastIndex(share, "/")+1:]
	ann.startWhenReady()
	ann.waitJS("Ann's cards", `document.querySelectorAll('#p-hand label.card').length > 0`)
	ann.setSize(1280, 800, false)
	ann.registerPasskey()
	var keys int
	if err := c.pgDB().QueryRow(`SELECT COUNT(*) FROM passkeys`).Scan(&keys); err != nil || keys != 1 {
		t.Fatalf("passkeys in the shared database: %d %v", keys, err)
	}

	// a new device, through m3
	ann.clearCookies()
	ann.forceInstance("m3")
	ann.setSize(390, 844, true)
	ann.do(chromedp.Navigate(c.url + "/"))
	ann.waitJS("the sign-in button", `!document.querySelector('.passkey-box').hidden && !!document.querySelector('.passkey-box [data-passkey-login]')`)
	ann.mustTap(`.passkey-box [data-passkey-login]`)
	ann.waitJS("Ann welcomed back through m3", `document.querySelector('.passkey-box [data-passkey-status]').textContent.includes('Welcome back, Ann')`)
	ann.waitJS("her table listed", `[...document.querySelectorAll('.passkey-box a.button')].some(a => a.getAttribute('href') === '/t/`+code+`')`)
	ann.mustTap(`.passkey-box a.button[href='/t/` + code + `']`)
	ann.waitJS("Ann in her seat", `!!document.querySelector('#p-ring') && document.body.textContent.includes('You are Ann, seat 1') && document.querySelectorAll('#p-hand label.card').length > 0`)
	ann.firstScreen("cluster-passkey-m3-phone")
}

var (
	botTokenRe = regexp.MustCompile(`id="bot-token-value"[^>]*value="(tb_[A-Za-z0-9_-]+)"`)
	botIDRe    = regexp.MustCompile(`<code>([A-Za-z0-9_-]{12})</code>`)
)

// TestClusterBotIdentityOnEveryMachine: Pat makes a bot identity through
// m1; a host at a table served by m2 invites it by its id; its program,
// whose requests land on m3, reads the seat's stream and plays its moves
// there: every machine knows the bot and its token.
func TestClusterBotIdentityOnEveryMachine(t *testing.T) {
	t.Parallel()
	c := startCluster(t, 3, clusterArgs...)
	pat := c.via("m1")
	_, page := get(t, pat, c.url+"/")
	token := csrfRe.FindStringSubmatch(page)[1]
	if st, body := postForm(t, pat, c.url+"/tables", token, url.Values{"kind": {"lowunique"}, "seats": {"2"}, "name": {"Pat"}, "clock": {"0"}}); st != http.StatusOK {
		t.Fatalf("Pat's table (for a name): %d %.200s", st, body)
	}
	st, body := postForm(t, pat, c.url+"/me/bots", token, url.Values{"do": {"make"}, "bot_name": {"Deep"}})
	tm, im := botTokenRe.FindStringSubmatch(body), botIDRe.FindStringSubmatch(body)
	if st != http.StatusOK || tm == nil || im == nil {
		t.Fatalf("a bot identity through m1: %d %.500s", st, body)
	}
	botToken, botID := tm[1], im[1]

	// a table on m2, with the bot invited to seat 2
	host := c.via("m2")
	_, page = get(t, host, c.url+"/")
	hostToken := csrfRe.FindStringSubmatch(page)[1]
	st, page = postForm(t, host, c.url+"/tables", hostToken, url.Values{"kind": {"lowunique"}, "seats": {"3"}, "rounds": {"4"}, "bots": {"on"},
		"name": {"Host"}, "clock": {"0"}})
	m := codeRe.FindStringSubmatch(page)
	if st != http.StatusOK || m == nil {
		t.Fatalf("the host's table through m2: %d", st)
	}
	code := m[1]
	if owner, _ := c.lease(code); owner != "m2" {
		t.Fatalf("the table is served by %s", owner)
	}
	if st, body := postForm(t, host, c.url+"/t/"+code+"/bots", hostToken, url.Values{"do": {"invite"}, "seat": {"1"}, "bot": {botID}}); st >= 300 {
		t.Fatalf("invite the bot through m2: %d %.300s", st, body)
	}
	if st, body := postForm(t, host, c.url+"/t/"+code+"/lobby", hostToken, url.Values{"do": {"start"}}); st != http.StatusNoContent {
		t.Fatalf("start: %d %.200s", st, body)
	}

	// the program, through m3
	prog := c.via("m3")
	prog.Timeout = 0 // a stream
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", c.url+"/api/bots/v1/tables/"+code+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+botToken)
	resp, err := prog.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the bot's stream through m3: %v %v", err, resp)
	}
	defer resp.Body.Close()
	dec := json.NewDecoder(resp.Body)
	played := 0
	for played < 3 {
		var v struct {
			Version  int  `json:"version"`
			YourTurn bool `json:"your_turn"`
			Moves    []struct {
				Move json.RawMessage `json:"move"`
			} `json:"moves"`
		}
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("the stream after %d moves: %v", played, err)
		}
		if !v.YourTurn || len(v.Moves) == 0 {
			continue
		}
		body := fmt.Sprintf(`{"version": %d, "move": %s}`, v.Version, v.Moves[0].Move)
		mreq, _ := http.NewRequestWithContext(ctx, "POST", c.url+"/api/bots/v1/tables/"+code+"/move", strings.NewReader(body))
		mreq.Header.Set("Authorization", "Bearer "+botToken)
		mreq.Header.Set("Content-Type", "application/json")
		mresp, err := c.via("m3").Do(mreq)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(mresp.Body)
		mresp.Body.Close()
		switch {
		case mresp.StatusCode == http.StatusOK:
			played++
		case mresp.StatusCode == http.StatusConflict && strings.Contains(string(out), "STALE_MOVE"):
		default:
			t.Fatalf("the bot's move through m3: %d %s", mresp.StatusCode, out)
		}
	}
	// Pat's bots, through m3: Deep is there
	if _, me := get(t, c.via("m3"), c.url+"/me"); strings.Contains(me, "Deep") {
		t.Fatal("a stranger's My games lists Pat's bot")
	}
	patOn3 := c.via("m3")
	patOn3.Jar = pat.Jar
	if _, me := get(t, patOn3, c.url+"/me"); !strings.Contains(me, "Deep") || !strings.Contains(me, botID) {
		t.Fatal("Pat's My games through m3 misses her bot")
	}
}

// from is a client of the front whose connections come from a loopback
// address of its own (a machine behind Fly's proxy, -trust-proxy, sees
// each as another address), landing on instance id first.
func (c *cluster) from(addr, id string) *http.Client {
	jar, _ := cookiejar.New(nil)
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(addr)}}).DialContext
	return &http.Client{Jar: jar, Timeout: 10 * time.Second, Transport: forceTransport{id, tr}}
}

type forceTransport struct {
	id string
	rt http.RoundTripper
}

func (f forceTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Fly-Force-Instance-Id", f.id)
	return f.rt.RoundTrip(r)
}

// TestClusterRatingsOnEveryMachine: Ann and Bob, from two addresses,
// play a public Lowest Unique game served by m2, every move their own.
// Its result and their new ratings are the same through m1 and m3: My
// games, and Ann's public page.
func TestClusterRatingsOnEveryMachine(t *testing.T) {
	t.Parallel()
	c := startCluster(t, 3, "-trust-proxy", "-cluster-ttl", "3s", "-bot-delay-min", "20ms", "-bot-delay-max", "40ms")
	ann, bob := c.from("127.0.0.2", "m2"), c.from("127.0.0.3", "m2")
	_, page := get(t, ann, c.url+"/")
	annToken := csrfRe.FindStringSubmatch(page)[1]
	const rounds = 4
	st, page := postForm(t, ann, c.url+"/tables", annToken, url.Values{"kind": {"lowunique"}, "seats": {"2"}, "rounds": {fmt.Sprint(rounds)},
		"cards": {"8"}, "reveal": {"1"}, "public": {"on"}, "name": {"Ann"}, "clock": {"0"}})
	m := codeRe.FindStringSubmatch(page)
	if st != http.StatusOK || m == nil {
		t.Fatalf("Ann's public table through m2: %d", st)
	}
	code := m[1]
	_, page = get(t, bob, c.url+"/t/"+code)
	bobToken := csrfRe.FindStringSubmatch(page)[1]
	if st, body := postForm(t, bob, c.url+"/t/"+code+"/join", bobToken, url.Values{"name": {"Bob"}}); st >= 400 {
		t.Fatalf("Bob joins: %d %.200s", st, body)
	}
	postForm(t, bob, c.url+"/t/"+code+"/lobby", bobToken, url.Values{"do": {"ready"}})
	if st, body := postForm(t, ann, c.url+"/t/"+code+"/lobby", annToken, url.Values{"do": {"start"}}); st != http.StatusNoContent {
		t.Fatalf("start: %d %.200s", st, body)
	}
	// Ann plays round r with the pair (r, r+1) and the card r, Bob with
	// (r+1, r+2) and r+1: Ann's card is the lowest unique every round, and
	// she wins. A move is posted until the table takes it (the other may
	// not have reached the phase yet)
	type player struct {
		c     *http.Client
		token string
	}
	act := func(p player, form url.Values, optional bool) {
		for start := time.Now(); time.Since(start) < 20*time.Second; time.Sleep(30 * time.Millisecond) {
			if st, _ := postForm(t, p.c, c.url+"/t/"+code+"/act", p.token, form); st == http.StatusNoContent {
				return
			}
			if optional && time.Since(start) > time.Second {
				return // the reveal's timer ended it
			}
		}
		t.Fatalf("%v never taken", form)
	}
	players := []player{{ann, annToken}, {bob, bobToken}}
	for r := 1; r <= rounds; r++ {
		for i, p := range players {
			act(p, url.Values{"kind": {"select"}, "card": {fmt.Sprint(r + i), fmt.Sprint(r + i + 1)}}, false)
		}
		for _, p := range players {
			act(p, url.Values{"kind": {"ready"}}, true)
		}
		for i, p := range players {
			act(p, url.Values{"kind": {"choose"}, "card": {fmt.Sprint(r + i)}}, false)
		}
	}
	// the result is recorded once, rated: the same through every machine
	var rated int
	for start := time.Now(); rated == 0; time.Sleep(50 * time.Millisecond) {
		c.pgDB().QueryRow(`SELECT COUNT(*) FROM ratings`).Scan(&rated)
		if time.Since(start) > 20*time.Second {
			t.Fatal("the game was never rated")
		}
	}
	mine := func(id string) (me, profile string) {
		cl := c.from("127.0.0.2", id)
		cl.Jar = ann.Jar
		_, me = get(t, cl, c.url+"/me")
		pm := regexp.MustCompile(`href="(/p/[a-z0-9]+)"`).FindStringSubmatch(me)
		if pm == nil {
			t.Fatalf("Ann's My games through %s has no public page: %.500s", id, me)
		}
		_, profile = get(t, cl, c.url+pm[1])
		return me, profile
	}
	ratingRe := regexp.MustCompile(`<b>([0-9,.]+)</b>`)
	me1, p1 := mine("m1")
	me3, p3 := mine("m3")
	r1, r3 := ratingRe.FindStringSubmatch(me1), ratingRe.FindStringSubmatch(me3)
	if r1 == nil || r3 == nil || r1[1] != r3[1] || r1[1] <= "1500" || !strings.Contains(me1, code) || !strings.Contains(me3, code) {
		t.Fatalf("Ann's My games differ through m1 and m3: ratings %v %v", r1, r3)
	}
	// the public page, but for its form token and clock
	volatile := regexp.MustCompile(`(csrf[^>]*value="|content="|data-now="|datetime=")[^"]*"|X-CSRF-Token&#34;:&#34;[^&]*|\d+ (seconds?|minutes?) ago`)
	if a, b := volatile.ReplaceAllString(p1, ""), volatile.ReplaceAllString(p3, ""); a != b || !strings.Contains(p1, "Ann") || !strings.Contains(p1, r1[1]) {
		i := 0
		for i < len(a) && i < len(b) && a[i] == b[i] {
			i++
		}
		t.Fatalf("Ann's public page differs through m1 and m3 at %d: %q / %q", i, a[max(0, i-80):min(len(a), i+80)], b[max(0, i-80):min(len(b), i+80)])
	}
	t.Logf("Ann's rating %s, the same through m1 and m3", r1[1])
}

// TestClusterHandsTablesOnWhenAMachineStops: a deploy stops m1 (SIGTERM)
// while its tables play. With a lease of 30 s, a table back much sooner
// can only have been handed on: m1 drains, then gives every lease up, and
// the next request (or round) on another machine takes the table, with
// every move pushed before the stop.
func TestClusterHandsTablesOnWhenAMachineStops(t *testing.T) {
	t.Parallel()
	args := append(append([]string{}, clusterArgs...), "-cluster-ttl", "30s") // (a later flag wins)
	c := startCluster(t, 2, args...)
	code := createAndStartWith(t, c.via("m1"), c.url, backupTables[0])
	w := watchAcks(t, c.url, []string{code})
	w.waitFor(t, code, 10)
	stopped := time.Now()
	c.instances["m1"].stop()
	acked := w.stop(time.Now())
	for {
		st, _ := get(t, http.DefaultClient, c.url+"/t/"+code)
		if st == http.StatusOK {
			break
		}
		if time.Since(stopped) > 15*time.Second {
			t.Fatalf("the table of a stopped machine not back after 15 s (the lease is 30 s): %d", st)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("the table was back %v after the SIGTERM (lease 30 s)", time.Since(stopped).Round(10*time.Millisecond))
	if owner, gen := c.lease(code); owner != "m2" || gen != 2 {
		t.Fatalf("lease after the stop: %s, generation %d", owner, gen)
	}
	if n := int64(len(c.logs([]string{code})[code])); n < acked[code] {
		t.Fatalf("a viewer was pushed entry %d; the log has %d", acked[code], n)
	}
	w = watchAcks(t, c.url, []string{code})
	w.waitFor(t, code, acked[code]+5)
	w.stop(time.Now())
}
