package e2e

import (
	"database/sql"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/gorilla/websocket"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/tablegames/tables/e2e/flyfront"
)

// cluster is instances of the binary on loopback, as Fly Machines of one
// app, behind a front that honours fly-replay as Fly's proxy does.
type cluster struct {
	t         *testing.T
	backup    string
	env       []string
	args      []string
	instances map[string]*server
	front     *flyfront.Front
	url       string // the front
}

// clusterArgs make tables play by themselves quickly, and leases short, so
// an adoption takes seconds. The lease (3 s) and grace (2 s) are not
// shorter: on a starved machine (four busy loops beside the test on two
// cores) a lease round can run a second late, and a machine that misses
// its own renewal gives its tables up and answers 503.
var clusterArgs = []string{"-bot-delay-min", "20ms", "-bot-delay-max", "60ms", "-next-deal-delay", "50ms",
	"-absent-autoplay", "20ms", "-absent-grace", "100ms", "-backup-sync-interval", "200ms",
	"-cluster-ttl", "3s", "-cluster-grace", "2s"}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func startCluster(t *testing.T, n int, args ...string) *cluster {
	t.Helper()
	return startClusterOn(t, "file", n, args...)
}

// startClusterOn starts a cluster whose backups and leases live in a
// directory ("file") or in an S3 bucket served in the test process by an
// S3 fake that honours conditional writes, as Tigris does ("s3").
func startClusterOn(t *testing.T, store string, n int, args ...string) *cluster {
	t.Helper()
	c := &cluster{t: t, backup: "file://" + t.TempDir(), args: args, instances: map[string]*server{}}
	if store == "s3" {
		mem := s3mem.New()
		if err := mem.CreateBucket("tables"); err != nil {
			t.Fatal(err)
		}
		fake := httptest.NewServer(gofakes3.New(mem).Server())
		t.Cleanup(fake.Close)
		c.backup = "s3://tables/prod?endpoint=" + url.QueryEscape(fake.URL) + "&region=us-east-1&force-path-style=true"
		c.env = []string{"AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test"}
	}
	urls := map[string]string{}
	for i := 1; i <= n; i++ {
		id := fmt.Sprintf("m%d", i)
		s := c.start(id, filepath.Join(t.TempDir(), id))
		urls[id] = s.url
	}
	front, err := flyfront.New(urls)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(front)
	t.Cleanup(hs.Close)
	c.front, c.url = front, hs.URL
	return c
}

// start runs machine id on data.
func (c *cluster) start(id, data string) *server {
	c.t.Helper()
	addr := freeAddr(c.t)
	env := append([]string{"FLY_MACHINE_ID=" + id, "FLY_APP_NAME=tables-test", "AWS_CA_BUNDLE="}, c.env...)
	args := append([]string{"-cluster", "-backup-url", c.backup, "-cluster-addr", "http://" + addr}, c.args...)
	s := startServerEnv(c.t, data, addr, env, args...)
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

// postForm posts a form with the page's CSRF token.
// TestClusterServesEachTableFromItsHome: a table created through one
// machine is joined and played through the others: their posts and
// websockets are replayed to its home, and a request sent straight to
// another machine, past the front, is answered with fly-replay and not
// served.
func TestClusterServesEachTableFromItsHome(t *testing.T) {
	t.Parallel()
	c := startCluster(t, 3, clusterArgs...)

	// Ann opens a table through m1: it lives there
	ann := c.via("m1")
	_, page := get(t, ann, c.url+"/")
	token := csrfRe.FindStringSubmatch(page)[1]
	status, page := postForm(t, ann, c.url+"/tables", token, url.Values{"kind": {"president"}, "ruleset": {"house"},
		"seats": {"3"}, "bots": {"on"}, "name": {"Ann"}, "clock": {"0"}})
	m := regexp.MustCompile(`/t/([A-Z0-9]{10})/ws`).FindStringSubmatch(page)
	if status != http.StatusOK || m == nil {
		t.Fatalf("create through m1: %d %.300s", status, page)
	}
	code := m[1]

	// Bob comes through m3 and joins; Ann watches through m2
	bob := c.via("m3")
	_, bobPage := get(t, bob, c.url+"/t/"+code)
	bobToken := csrfRe.FindStringSubmatch(bobPage)
	if bobToken == nil || !strings.Contains(bobPage, code) {
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
		if got := resp.Header.Get("Fly-Replay"); got != "instance=m1" || strings.Contains(string(body), code) {
			t.Fatalf("%s served the page of m1's table: %d, fly-replay %q", id, resp.StatusCode, got)
		}
	}
	// the home page lists public tables of every machine
	pubCode := createAndStartWith(t, c.via("m3"), c.url, url.Values{"kind": {"president"}, "seats": {"4"}, "bots": {"on"}, "public": {"on"}, "clock": {"0"}})
	// (a machine learns of the others at each lease round: a third of the
	// lease here, 5 s on Fly)
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

// TestClusterAdoptsAMachineGoneForGood: tables live on m1; m1 is killed
// and its volume lost. Within the lease and grace period another machine
// adopts them from m1's backup, every move a viewer was pushed is there,
// and play goes on through the same front.
func TestClusterAdoptsAMachineGoneForGood(t *testing.T) {
	t.Parallel()
	for _, store := range []string{"file", "s3"} {
		t.Run(store, func(t *testing.T) { adoptGoneMachine(t, store) })
	}
}

func adoptGoneMachine(t *testing.T, store string) {
	c := startClusterOn(t, store, 3, clusterArgs...)
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
	before := readLogs(t, c.instances["m1"].data, codes)
	c.instances["m1"].kill()
	killed := time.Now()
	acked := w.stop(killed)
	os.RemoveAll(c.instances["m1"].data) // gone for good, its volume with it

	// until adopted, the tables answer "moving"; then they are back
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
				t.Fatalf("table %s not adopted 30 s after its machine died", code)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	t.Logf("every table back %v after the kill (lease 3 s, grace 2 s)", time.Since(killed).Round(10*time.Millisecond))

	// the adopter's log holds every acknowledged entry, each as it was
	home := map[string]string{}
	for id, s := range c.instances {
		if id == "m1" {
			continue
		}
		logs := readLogs(t, s.data, codes)
		for code, entries := range logs {
			// a machine that adopted a table and then lost its tag to a
			// third (a machine starved past its lease on a busy box) keeps
			// the rows, marked moved: the table's home is where it is open
			if len(entries) > 0 && roomStatus(t, s.data, code) == "open" {
				if home[code] != "" {
					t.Fatalf("table %s is open in both %s's and %s's database", code, home[code], id)
				}
				home[code] = id
				// every entry a viewer was pushed is there as m1 wrote it;
				// entries m1 had committed but not yet shipped were never
				// acknowledged, and the adopter may play others in their place
				for i, e := range entries {
					if i < len(before[code]) && int64(i) < acked[code] && e != before[code][i] {
						t.Fatalf("table %s: adopted entry %d differs from m1's, though a viewer was pushed entry %d (m1 had %d when read)",
							code, i+1, acked[code], len(before[code]))
					}
				}
				if int64(len(entries)) < acked[code] {
					t.Fatalf("table %s: a viewer was pushed entry %d; the adopter has %d", code, acked[code], len(entries))
				}
				t.Logf("table %s: on %s with %d entries (%d pushed before the kill, %d committed on m1 when read)", code, id, len(entries), acked[code], len(before[code]))
			}
		}
	}
	for _, code := range codes {
		if home[code] == "" {
			t.Fatalf("table %s was adopted by no machine", code)
		}
	}
	// play continues
	w = watchAcks(t, c.url, codes)
	for _, code := range codes {
		w.waitFor(t, code, acked[code]+5)
	}
	w.stop(time.Now())
	// and the page that watched the table when its machine died has
	// reconnected by itself, to the adopter, and follows the play
	b.waitJS("the page to reconnect to the adopter", fmt.Sprintf(`%s > %d`, seqJS, acked[codes[0]]+5))
	// the bots here play every 20–60 ms, faster than a card's 0.4 s flight
	// to the pile: without motion the screenshots show the pile as it is
	b.reduceMotion()
	b.firstScreen("cluster-adopted-" + store + "-phone")
	b.setSize(1280, 800, false)
	b.firstScreen("cluster-adopted-" + store + "-desktop")
}

// TestClusterNeverServesATableTwice tries to make two machines serve one
// table: m1 is frozen (SIGSTOP) past its lease, m2 adopts its tables, and
// m1 wakes up (SIGCONT) with its tables still in memory and its bots due
// to move. m1 writes no entry after it was frozen, answers requests for
// the table by sending them to m2, and m2's log goes on from m1's.
func TestClusterNeverServesATableTwice(t *testing.T) {
	t.Parallel()
	c := startCluster(t, 2, clusterArgs...)
	code := createAndStartWith(t, c.via("m1"), c.url, backupTables[0])
	w := watchAcks(t, c.url, []string{code})
	w.waitFor(t, code, 15)
	m1 := c.instances["m1"]
	m1.cmd.Process.Signal(syscall.SIGSTOP)
	frozen := time.Now()
	acked := w.stop(frozen)
	atFreeze := len(readLogs(t, m1.data, []string{code})[code])

	// m2 adopts once the lease and grace have passed
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
			t.Fatalf("m2 did not adopt the table of frozen m1: %d", resp.StatusCode)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// (straight to m2: the front would hand a socket to the frozen m1,
	// which Fly's health checks would have taken out of its rotation)
	w = watchAcks(t, c.instances["m2"].url, []string{code})
	w.waitFor(t, code, int64(atFreeze)+5) // m2 plays on
	m1.cmd.Process.Signal(syscall.SIGCONT)

	// m1 is awake: for a while its bots' moves come due and are refused
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
	if n := countAfter(t, m1.data, code, atFreeze); n > 0 {
		t.Fatalf("m1 wrote %d entries to the table after it was frozen", n)
	}
	after := readLogs(t, c.instances["m2"].data, []string{code})[code]
	if int64(len(after)) < acked[code] || len(after) < atFreeze {
		t.Fatalf("m2 has %d entries; m1 had %d, %d pushed", len(after), atFreeze, acked[code])
	}
	w.stop(time.Now())
}

// countAfter counts a table's log entries past seq in a database file.
func countAfter(t *testing.T, data, code string, seq int) int {
	t.Helper()
	d, err := sql.Open("sqlite", "file:"+filepath.Join(data, "tables.db")+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var n int
	if err := d.QueryRow(`SELECT COUNT(*) FROM room_log WHERE room = ? AND seq > ?`, code, seq).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
