// Command load measures the server under load. It starts the server binary
// (or targets one on loopback), opens tables with players who each hold a
// websocket, and plays President (or -game holdem, lowunique, impetus) through the
// same moves a page sends (over its websocket; -post-moves: the forms a
// page without JavaScript posts): each player reads the controls and hand the server pushed to it and
// answers with a legal move, at a set rate per table. It reports moves/s,
// post-to-push latency per viewer (p50/p95/p99/max), bytes pushed per move
// per viewer, the server's RSS, heap and goroutines, and errors. It stops
// by itself.
//
//	go run ./e2e/load -tables 1000 -duration 60s
//	go run ./e2e/load -game holdem -tables 500 -players 6
//	go run ./e2e/load -idle 5000          memory per idle websocket
//	go run ./e2e/load -coldstart 1000     start time with many tables
//	go run ./e2e/load -tables 500 -backup file -server-cpus 0 -load-cpus 1
//	                                      replication's lag and CPU cost,
//	                                      the server alone on core 0
//	go run ./e2e/load -remote -tables 100 -server-cpus 0 -load-cpus 1
//	                                      every seat a remote bot: moves
//	                                      posted as JSON to the bot API,
//	                                      views read from its streams
//	                                      (docs/BOTS.md); without -remote
//	                                      the same run is people's forms
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablegames/tables/db/pgtest"
	"github.com/tablegames/tables/e2e/internal/pin"

	"github.com/gorilla/websocket"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

type options struct {
	target    string
	tables    int
	viewers   int
	rate      float64
	duration  time.Duration
	ramp      time.Duration
	idle      int
	coldstart int
	binary    string
	debug     string
	metrics   string
	hold      time.Duration
	game      string
	backup    string
	database  string
	serverCPU string
	loadCPU   string
	targetPID string
	remote    bool
	posts     bool
}

func run() error {
	var o options
	flag.StringVar(&o.target, "target", "", "URL of a running server on loopback (default: start one)")
	flag.IntVar(&o.tables, "tables", 100, "tables to open")
	flag.IntVar(&o.viewers, "players", 4, "players (each with a websocket) per table: 2–5 for President, 2–9 for Hold'em")
	flag.StringVar(&o.game, "game", "president", "the game the tables play: president, holdem, lowunique or impetus")
	flag.Float64Var(&o.rate, "rate", 2, "moves per second per table")
	flag.DurationVar(&o.duration, "duration", 30*time.Second, "how long to measure, after the ramp")
	flag.DurationVar(&o.ramp, "ramp", 5*time.Second, "time to let tables settle before measuring")
	flag.IntVar(&o.idle, "idle", 0, "instead: open this many idle websockets and report memory per socket")
	flag.IntVar(&o.coldstart, "coldstart", 0, "instead: create this many tables, restart, time the first page")
	flag.StringVar(&o.binary, "binary", "", "server binary (default: build it)")
	flag.DurationVar(&o.hold, "hold", 2*time.Second, "with -idle: how long to hold the sockets before measuring")
	flag.StringVar(&o.metrics, "metrics", "http://127.0.0.1:9091", "with -target: the server's metrics listener (-metrics-addr)")
	flag.StringVar(&o.debug, "debug-addr", "", "start the server with pprof on this loopback address")
	flag.StringVar(&o.backup, "backup", "", "start the server replicating its database: \"file\" (a temporary directory) or a backup URL")
	flag.StringVar(&o.database, "database", "", "start the server on PostgreSQL: \"postgres\" (a throwaway server, pinned with this tool to -load-cpus) or a postgres:// URL")
	flag.StringVar(&o.serverCPU, "server-cpus", "", "pin the server to these CPUs (taskset -c list), e.g. 0")
	flag.StringVar(&o.loadCPU, "load-cpus", "", "pin this load generator to these CPUs, e.g. 1")
	flag.StringVar(&o.targetPID, "target-pid", "", "with -target: the server's process id, to read its CPU time (several, comma-separated, are summed: a local cluster)")
	flag.BoolVar(&o.remote, "remote", false, "every seat a remote bot: moves posted to the bot API, views read from its streams")
	flag.BoolVar(&o.posts, "post-moves", false, "post the moves as forms (a page without JavaScript) instead of sending them over the websocket, as the page does")
	flag.Parse()
	if done, err := pin.Self(o.loadCPU, "TABLES_LOAD_PINNED"); done || err != nil {
		return err // this process ran again pinned to its CPUs, and is over
	}
	switch {
	case o.game != "president" && o.game != "holdem" && o.game != "lowunique" && o.game != "impetus":
		return errors.New("-game is president, holdem, lowunique or impetus")
	case o.viewers < 2 || o.viewers > 9 || o.game == "president" && o.viewers > 5 || o.game == "lowunique" && o.viewers > 4 || o.game == "impetus" && o.viewers > 6:
		return errors.New("-players is 2 to 5 for President, 2 to 9 for Hold'em, 2 to 4 for Lowest Unique, 2 to 6 for Impetus")
	}
	if o.binary == "" && o.target == "" {
		dir, err := os.MkdirTemp("", "tables-load")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		o.binary = filepath.Join(dir, "tables")
		build := exec.Command("go", "build", "-o", o.binary, ".")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("build the server (run from the repository root): %w", err)
		}
	}
	if o.database == "postgres" {
		// a throwaway server, started after this tool pinned itself: it
		// runs on the load's CPUs, and the server's CPU is its own
		pg, err := pgtest.Start()
		if err != nil {
			return err
		}
		defer pg.Stop()
		if o.database, err = pg.NewDatabase(context.Background()); err != nil {
			return err
		}
	}
	switch {
	case o.coldstart > 0:
		return coldStart(o)
	case o.idle > 0:
		return idleSockets(o)
	}
	return playLoad(o)
}

// server is a server process the load tool started.
type server struct {
	cmd       *exec.Cmd
	url       string
	metrics   string // the server's metrics listener
	data      string
	backupDir string // with -backup file
}

// newData makes a fresh data directory for a server.
func newData() (string, error) { return os.MkdirTemp("", "tables-load-data") }

func startServer(o options, data string, args ...string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	mln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	maddr := mln.Addr().String()
	mln.Close()
	// every client here shares one address: the rate limits are off
	all := append([]string{"-addr", addr, "-data", data, "-log-level", "error", "-max-tables", "100000", "-max-sockets-per-ip", "1000000",
		"-no-rate-limits", "-metrics-addr", maddr}, args...)
	if o.debug != "" {
		all = append(all, "-debug-addr", o.debug)
	}
	var backupDir string
	switch o.backup {
	case "":
	case "file":
		if backupDir, err = os.MkdirTemp("", "tables-load-backup"); err != nil {
			return nil, err
		}
		all = append(all, "-backup-url", "file://"+backupDir)
	default:
		all = append(all, "-backup-url", o.backup)
	}
	if o.database != "" {
		all = append(all, "-database", o.database)
	}
	cmd := exec.Command(o.binary, all...)
	if o.serverCPU != "" {
		cmd = exec.Command("taskset", append([]string{"-c", o.serverCPU, o.binary}, all...)...)
	}
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, url: "http://" + addr, metrics: "http://" + maddr, data: data, backupDir: backupDir}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if resp, err := http.Get(s.url + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s, nil
			}
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			return nil, errors.New("server did not start")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (s *server) stop() {
	s.cmd.Process.Signal(os.Interrupt)
	s.cmd.Wait()
	if s.backupDir != "" {
		os.RemoveAll(s.backupDir)
	}
}

// cpuTime reads a process's CPU time (user and system) from /proc.
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// the fields after the command name (which may hold spaces)
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	const ticks = 100 // USER_HZ on Linux
	return time.Duration(utime+stime) * time.Second / ticks
}

// cpuTimes sums the CPU time of processes.
func cpuTimes(pids []int) time.Duration {
	var sum time.Duration
	for _, p := range pids {
		sum += cpuTime(p)
	}
	return sum
}

// startFresh starts a server on a new data directory; done stops it and
// removes the directory.
func startFresh(o options, args ...string) (srv *server, done func(), err error) {
	data, err := newData()
	if err != nil {
		return nil, nil, err
	}
	srv, err = startServer(o, data, args...)
	if err != nil {
		os.RemoveAll(data)
		return nil, nil, err
	}
	return srv, func() { srv.stop(); os.RemoveAll(data) }, nil
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// rssKB reads a process's resident set size.
func rssKB(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.Fields(rest)[0], 10, 64)
			return n
		}
	}
	return 0
}

// metric reads one value from the server's /metrics (on its own
// listener, never the public port).
func metric(base, name string) float64 {
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			v, _ := strconv.ParseFloat(rest, 64)
			return v
		}
	}
	return 0
}

// loopback refuses any target but this machine.
func loopback(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	ips, err := net.LookupIP(u.Hostname())
	if err != nil {
		return err
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return fmt.Errorf("%s is not a loopback address: the load tool only targets this machine", u.Hostname())
		}
	}
	return nil
}

// player is one browser: a session, a CSRF token and a websocket.
type player struct {
	http  *http.Client
	csrf  string
	seat  int
	ws    *websocket.Conn
	table *table

	mu       sync.Mutex
	controls string          // the latest #p-controls this player was pushed
	giveTo   map[string]bool // the seats that can receive a gift, from the latest seat pushes
	hand     string          // the latest #p-hand
	playable string          // the latest playable rank classes
	seq      int64
}

var (
	csrfRe     = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)
	codeRe     = regexp.MustCompile(`/t/([A-Z0-9]{4,10})/ws`)
	seqRe      = regexp.MustCompile(`id="seq" hidden data-seq="(\d+)"`)
	controlsRe = regexp.MustCompile(`(?s)<div id="[ph]-actions".*?</div>`) // the actions hold no nested div
	seatRe     = regexp.MustCompile(`(?s)<li id="p-seat-(\d+)".*?</li>`)
	minToRe    = regexp.MustCompile(`name="amount" required min="(\d+)"`)
	luHandRe   = regexp.MustCompile(`(?s)<section id="lu-hand".*?</section>`)
	luChooseRe = regexp.MustCompile(`&#34;card&#34;:&#34;(\d+)&#34;`)
	imChoiceRe = regexp.MustCompile(`(?s)<section id="im-choice".*?</section>`)
	imMapRe    = regexp.MustCompile(`(?s)<section id="im-map".*?</section>`)
	hxValsRe   = regexp.MustCompile(`hx-vals="([^"]*)"`)
	removeRe   = regexp.MustCompile(`<select name="remove"><option value="(\w+)"`)
	handRe     = regexp.MustCompile(`(?s)<form id="p-hand".*?</form>`)
	playableRe = regexp.MustCompile(`<i id="p-playable" hidden class="([^"]*)"`)
	handCardRe = regexp.MustCompile(`class="card (r\w+)[^"]*"[^>]*>\s*<input type="checkbox" name="card" value="(\w+)"`)
	cardRe     = regexp.MustCompile(`name="card" value="(\w+)"`)
	giveToRe   = regexp.MustCompile(`data-give-to="(\d+)"`)
	goneRe     = regexp.MustCompile(`<i id="l-(\w+)" hx-swap-oob="delete">`)
	needRe     = regexp.MustCompile(`(\d+) cards?`)
)

func newPlayer(base string) (*player, error) {
	jar, _ := cookiejar.New(nil)
	p := &player{http: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 2}}}
	body, err := p.get(base + "/")
	if err != nil {
		return nil, err
	}
	m := csrfRe.FindStringSubmatch(body)
	if m == nil {
		return nil, errors.New("no CSRF token on the home page")
	}
	p.csrf = m[1]
	return p, nil
}

func (p *player) get(u string) (string, error) {
	resp, err := p.http.Get(u)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func (p *player) post(u string, form url.Values, htmx bool) (int, string, error) {
	req, _ := http.NewRequest("POST", u, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", p.csrf)
	if htmx {
		req.Header.Set("HX-Request", "true")
	}
	resp, err := p.http.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), nil
}

// table is one table and its players.
type table struct {
	code    string
	game    string
	posts   bool // the moves are posted as forms (-post-moves), not sent over the socket
	players []*player
	// the move in flight: when it was posted and the seq before it
	mu     sync.Mutex
	postAt time.Time
	before int64
	seen   map[*player]bool
}

// stats are the numbers the run reports.
type stats struct {
	mu        sync.Mutex
	latencies []time.Duration
	posts     []time.Duration
	moves     atomic.Int64
	bytes     atomic.Int64
	errors    atomic.Int64
	measuring atomic.Bool
	lastErr   atomic.Value
}

func (s *stats) fail(err error) {
	s.errors.Add(1)
	s.lastErr.Store(err.Error())
}

func openTable(base string, n int, game string) (*table, error) {
	host, err := newPlayer(base)
	if err != nil {
		return nil, err
	}
	form := url.Values{"kind": {game}, "name": {"P0"}, "seats": {strconv.Itoa(n)}, "clock": {"0"}, "_csrf": {host.csrf}}
	switch {
	case game == "holdem":
		form.Set("blinds", "10/20")
	case game == "lowunique":
	case n == 2:
		form.Set("ruleset", "standard")
	default:
		form.Set("ruleset", "house")
	}
	_, body, err := host.post(base+"/tables", form, false)
	if err != nil {
		return nil, err
	}
	m := codeRe.FindStringSubmatch(body)
	if m == nil {
		return nil, fmt.Errorf("no table after create: %.200s", body)
	}
	t := &table{code: m[1], game: game, players: []*player{host}, seen: map[*player]bool{}}
	host.table = t
	for i := 1; i < n; i++ {
		p, err := newPlayer(base)
		if err != nil {
			return nil, err
		}
		if status, body, err := p.post(base+"/t/"+t.code+"/join", url.Values{"name": {"P" + strconv.Itoa(i)}, "_csrf": {p.csrf}}, false); err != nil || status != 200 {
			return nil, fmt.Errorf("join: %d %v %.100s", status, err, body)
		}
		if status, _, err := p.post(base+"/t/"+t.code+"/lobby", url.Values{"do": {"ready"}}, true); err != nil || status != 204 {
			return nil, fmt.Errorf("ready: %d %v", status, err)
		}
		p.seat, p.table = i, t
		t.players = append(t.players, p)
	}
	return t, nil
}

// connect opens the player's websocket and reads its pushes.
func (p *player) connect(base string, st *stats) error {
	u, _ := url.Parse(base)
	hdr := http.Header{"Origin": {base}}
	for _, c := range p.http.Jar.Cookies(u) {
		hdr.Add("Cookie", c.Name+"="+c.Value)
	}
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(base, "http")+"/t/"+p.table.code+"/ws", hdr)
	if err != nil {
		return err
	}
	p.ws = ws
	go p.read(st)
	return nil
}

func (p *player) read(st *stats) {
	for {
		_, msg, err := p.ws.ReadMessage()
		if err != nil {
			return
		}
		now := time.Now()
		if bytes.HasPrefix(msg, []byte(`<p id="message"`)) {
			// a move sent over the socket was refused (it was based on a
			// push the table moved past): the answer a post gets as 422,
			// not a move, and not an error of the server
			if st.measuring.Load() {
				st.moves.Add(-1)
			}
			continue
		}
		var seq int64
		if m := seqRe.FindSubmatch(msg); m != nil {
			seq, _ = strconv.ParseInt(string(m[1]), 10, 64)
		}
		p.mu.Lock()
		if c := controlsRe.Find(msg); c != nil {
			p.controls = string(c)
		}
		if c := luHandRe.Find(msg); c != nil {
			p.controls = string(c)
		}
		if c := imChoiceRe.Find(msg); c != nil {
			p.controls = string(c)
		}
		if h := imMapRe.Find(msg); h != nil {
			p.hand = string(h)
		}
		if h := handRe.Find(msg); h != nil {
			p.hand = string(h)
		}
		// cards that left the hand come as deletions, as the page takes them
		for _, m := range goneRe.FindAllSubmatch(msg, -1) {
			p.hand = regexp.MustCompile(`(?s)<label[^>]*id="l-`+string(m[1])+`".*?</label>`).ReplaceAllString(p.hand, "")
		}
		for _, m := range seatRe.FindAllSubmatch(msg, -1) {
			if p.giveTo == nil {
				p.giveTo = map[string]bool{}
			}
			p.giveTo[string(m[1])] = giveToRe.Match(m[0])
		}
		if m := playableRe.FindSubmatch(msg); m != nil {
			p.playable = " " + string(m[1]) + " "
		}
		p.seq = max(p.seq, seq)
		p.mu.Unlock()
		if !st.measuring.Load() {
			continue
		}
		st.bytes.Add(int64(len(msg)))
		t := p.table
		t.mu.Lock()
		if !t.postAt.IsZero() && seq > t.before && !t.seen[p] {
			t.seen[p] = true
			st.mu.Lock()
			st.latencies = append(st.latencies, now.Sub(t.postAt))
			st.mu.Unlock()
		}
		t.mu.Unlock()
	}
}

// move is the legal move this player's pushed controls offer, if any.
func (p *player) move() (url.Values, bool) {
	p.mu.Lock()
	c, h, playable := p.controls, p.hand, p.playable
	target := ""
	for seat, ok := range p.giveTo {
		if ok {
			target = seat
		}
	}
	p.mu.Unlock()
	switch p.table.game {
	case "holdem":
		return holdemMove(c)
	case "lowunique":
		return lowUniqueMove(c)
	case "impetus":
		return impetusMove(c, h)
	}
	need := 1
	if m := needRe.FindStringSubmatch(c); m != nil {
		need, _ = strconv.Atoi(m[1])
	}
	has := func(kind string) bool { return strings.Contains(c, `name="kind" value="`+kind+`"`) }
	switch {
	case has("gift"):
		// the page: tap cards, then a player's seat
		gives := cardRe.FindAllStringSubmatch(h, -1)
		if len(gives) < need || target == "" {
			return nil, false
		}
		f := url.Values{"kind": {"gift"}}
		for _, g := range gives[:need] {
			f.Set("give_"+g[1], target)
		}
		return f, true
	case has("discard"), has("return"):
		kind := "discard"
		if has("return") {
			kind = "return"
		}
		cs := cardRe.FindAllStringSubmatch(h, -1)
		if len(cs) < need {
			return nil, false
		}
		f := url.Values{"kind": {kind}}
		for _, m := range cs[:need] {
			f.Add("card", m[1])
		}
		return f, true
	case has("pass"):
		return url.Values{"kind": {"pass"}}, true
	case has("play"):
		card := ""
		for _, m := range handCardRe.FindAllStringSubmatch(h, -1) {
			if strings.Contains(playable, " "+m[1]+" ") && (card == "" || m[2] == "3D") {
				card = m[2]
			}
		}
		if card == "" {
			return nil, false
		}
		return url.Values{"kind": {"play"}, "card": {card}}, true
	}
	return nil, false
}

// holdemMove calls or checks, and now and then makes the smallest raise.
func holdemMove(c string) (url.Values, bool) {
	has := func(kind string) bool { return strings.Contains(c, "&#34;"+kind+"&#34;") }
	if has("rebuy") { // out of chips: buy back in, as a player would
		return url.Values{"kind": {"rebuy"}}, true
	}
	if !has("fold") {
		return nil, false // not this player's turn
	}
	if m := minToRe.FindStringSubmatch(c); m != nil && rand.IntN(5) == 0 {
		return url.Values{"kind": {"raise"}, "amount": {m[1]}}, true
	}
	if has("call") {
		return url.Values{"kind": {"call"}}, true
	}
	return url.Values{"kind": {"check"}}, true
}

// impetusMove makes the spirit's open choice: a random button of the
// choice panel or highlighted cell of the map (an idol is a Spread), or
// a swap of the first card type for an Expand.
func impetusMove(choice, mapHTML string) (url.Values, bool) {
	if m := removeRe.FindStringSubmatch(choice); m != nil {
		return url.Values{"kind": {"swap"}, "remove": {m[1]}, "add": {"expand"}}, true
	}
	opts := hxValsRe.FindAllStringSubmatch(choice, -1)
	if len(opts) == 0 {
		opts = hxValsRe.FindAllStringSubmatch(mapHTML, -1)
	}
	if len(opts) == 0 || !strings.Contains(choice, `class="controls"`) || strings.Contains(choice, `class="muted"`) && !strings.Contains(choice, "highlighted") {
		return nil, false
	}
	var vals map[string]string
	if err := json.Unmarshal([]byte(strings.ReplaceAll(opts[rand.IntN(len(opts))][1], "&#34;", `"`)), &vals); err != nil {
		return nil, false
	}
	f := url.Values{}
	for k, v := range vals {
		f.Set(k, v)
	}
	if f.Get("kind") == "idol" {
		f.Set("idol", "spread")
	}
	return f, true
}

// lowUniqueMove selects two cards at random, is ready at once, and plays
// either card of the pair, or starts a rematch when the game is over.
func lowUniqueMove(c string) (url.Values, bool) {
	has := func(kind string) bool { return strings.Contains(c, "&#34;"+kind+"&#34;") }
	switch {
	case strings.Contains(c, `name="kind" value="select"`):
		cs := cardRe.FindAllStringSubmatch(c, -1)
		if len(cs) < 2 {
			return nil, false
		}
		i := rand.IntN(len(cs))
		j := (i + 1 + rand.IntN(len(cs)-1)) % len(cs)
		return url.Values{"kind": {"select"}, "card": {cs[i][1], cs[j][1]}}, true
	case has("ready"):
		return url.Values{"kind": {"ready"}}, true
	case has("choose"):
		cs := luChooseRe.FindAllStringSubmatch(c, -1)
		if len(cs) == 0 {
			return nil, false
		}
		return url.Values{"kind": {"choose"}, "card": {cs[rand.IntN(len(cs))][1]}}, true
	case has("rematch"):
		return url.Values{"kind": {"rematch"}}, true
	}
	return nil, false
}

// send sends a move over the player's websocket as the page does
// (static/app.js: the form's fields as JSON, htmx's HEADERS beside them).
func (p *player) send(form url.Values) error {
	f := map[string]any{"HEADERS": map[string]string{"HX-Request": "true"}}
	for k, vs := range form {
		if len(vs) == 1 {
			f[k] = vs[0]
		} else {
			f[k] = vs
		}
	}
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	return p.ws.WriteMessage(websocket.TextMessage, b)
}

// drive plays the table at the given rate until ctx ends.
func (t *table) drive(ctx context.Context, base string, rate float64, st *stats) {
	period := time.Duration(float64(time.Second) / rate)
	// tables don't move in step: each starts at a random point of the period
	select {
	case <-ctx.Done():
		return
	case <-time.After(time.Duration(rand.Int64N(int64(period)))):
	}
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for _, p := range t.players {
			form, ok := p.move()
			if !ok {
				continue
			}
			p.mu.Lock()
			before := p.seq
			p.mu.Unlock()
			t.mu.Lock()
			t.postAt, t.before, t.seen = time.Now(), before, map[*player]bool{}
			t.mu.Unlock()
			sent := time.Now()
			if !t.posts {
				if err := p.send(form); err != nil {
					st.fail(err)
				} else if st.measuring.Load() {
					st.moves.Add(1)
				}
				break
			}
			status, body, err := p.post(base+"/t/"+t.code+"/act", form, true)
			if st.measuring.Load() {
				st.mu.Lock()
				st.posts = append(st.posts, time.Since(sent))
				st.mu.Unlock()
			}
			switch {
			case err != nil:
				st.fail(err)
			case status == 422:
				// a move based on a push the table already moved past:
				// the next push corrects it; not an error of the server
			case status != 204:
				st.fail(fmt.Errorf("move: %d %.100s", status, body))
			default:
				if st.measuring.Load() {
					st.moves.Add(1)
				}
			}
			break
		}
	}
}

func playLoad(o options) error {
	base, metricsURL := o.target, o.metrics
	var srv *server
	if base == "" {
		var done func()
		var err error
		srv, done, err = startFresh(o, "-next-deal-delay", "1s", "-bot-delay-min", "300ms", "-bot-delay-max", "700ms")
		if err != nil {
			return err
		}
		defer done()
		base, metricsURL = srv.url, srv.metrics
	}
	if err := loopback(base); err != nil {
		return err
	}
	st := &stats{}
	fmt.Printf("opening %d tables with %d players each on %s\n", o.tables, o.viewers, base)
	tables := make([]driver, o.tables)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	var setupErr atomic.Value
	for i := range tables {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if o.remote {
				rt, err := openRemoteTable(base, o.viewers, o.game, st)
				if err != nil {
					setupErr.Store(err.Error())
					return
				}
				tables[i] = rt
				return
			}
			t, err := openTable(base, o.viewers, o.game)
			if err == nil {
				for _, p := range t.players {
					if err = p.connect(base, st); err != nil {
						break
					}
				}
			}
			if err == nil {
				status, _, perr := t.players[0].post(base+"/t/"+t.code+"/lobby", url.Values{"do": {"start"}}, true)
				if perr != nil || status != 204 {
					err = fmt.Errorf("start: %d %v", status, perr)
				}
			}
			if err != nil {
				setupErr.Store(err.Error())
				return
			}
			t.posts = o.posts
			tables[i] = t
		}()
	}
	wg.Wait()
	if e := setupErr.Load(); e != nil {
		return fmt.Errorf("setup: %s", e)
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.ramp+o.duration)
	defer cancel()
	for _, t := range tables {
		go t.drive(ctx, base, o.rate, st)
	}
	time.Sleep(o.ramp)
	var pids []int
	for _, f := range strings.Split(o.targetPID, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
			pids = append(pids, n)
		}
	}
	if srv != nil {
		pids = []int{srv.cmd.Process.Pid}
	}
	st.measuring.Store(true)
	start := time.Now()
	cpu0 := cpuTimes(pids)
	var peakRSS int64
	var lags []float64
	sample := time.NewTicker(time.Second)
	lagTick := time.NewTicker(100 * time.Millisecond)
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
		case <-sample.C:
			if srv != nil {
				peakRSS = max(peakRSS, rssKB(srv.cmd.Process.Pid))
			}
		case <-lagTick.C:
			if o.backup != "" {
				lags = append(lags, metric(metricsURL, "tables_backup_lag_seconds"))
			}
		}
	}
	elapsed := time.Since(start)
	cpu := cpuTimes(pids) - cpu0
	st.measuring.Store(false)

	st.mu.Lock()
	lat := slices.Clone(st.latencies)
	posts := slices.Clone(st.posts)
	st.mu.Unlock()
	slices.Sort(posts)
	if len(posts) > 0 {
		defer fmt.Printf("post round trip     p50 %v  p99 %v\n", posts[len(posts)/2].Round(10*time.Microsecond), posts[len(posts)*99/100].Round(10*time.Microsecond))
	}
	slices.Sort(lat)
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(float64(len(lat))*p))]
	}
	moves := st.moves.Load()
	if o.remote {
		fmt.Printf("remote bots: every seat a program on the bot API (a stream each, moves posted as JSON)\n")
	}
	fmt.Printf("tables %d × players %d (websockets %d), target %.1f moves/s per table, measured %v\n",
		o.tables, o.viewers, o.tables*o.viewers, o.rate, elapsed.Round(time.Millisecond))
	fmt.Printf("moves/s sustained   %.0f (player moves; bots and deals come on top)\n", float64(moves)/elapsed.Seconds())
	fmt.Printf("move→push latency   p50 %v  p95 %v  p99 %v  max %v  (%d samples)\n",
		pct(.50).Round(10*time.Microsecond), pct(.95).Round(10*time.Microsecond), pct(.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond), len(lat))
	if moves > 0 {
		fmt.Printf("bytes pushed        %.0f per player move per viewer (all pushes in the window ÷ moves ÷ viewers)\n",
			float64(st.bytes.Load())/float64(moves)/float64(o.viewers))
	}
	if srv != nil {
		fmt.Printf("server RSS          now %.1f MB, peak %.1f MB\n", float64(rssKB(srv.cmd.Process.Pid))/1024, float64(peakRSS)/1024)
	}
	if len(pids) > 0 && moves > 0 {
		pinned := "not pinned"
		if o.serverCPU != "" || o.loadCPU != "" {
			pinned = fmt.Sprintf("server on CPU %s, load generator on CPU %s", or(o.serverCPU, "any"), or(o.loadCPU, "any"))
		}
		fmt.Printf("server CPU          %.0f µs per player move (%v over the window, %.0f %% of a core; %s)\n",
			float64(cpu.Microseconds())/float64(moves), cpu.Round(time.Millisecond), 100*cpu.Seconds()/elapsed.Seconds(), pinned)
	}
	if len(lags) > 0 {
		slices.Sort(lags)
		fmt.Printf("backup lag          p50 %.2f s  p99 %.2f s  max %.2f s  (%d samples every 100 ms; %s)\n",
			lags[len(lags)/2], lags[min(len(lags)-1, len(lags)*99/100)], lags[len(lags)-1], len(lags), "time the oldest unshipped commit has waited")
		fmt.Printf("backup errors       %.0f\n", metric(metricsURL, "tables_backup_errors_total"))
	}
	if n := metric(metricsURL, "tables_move_seconds_count"); n > 0 {
		fmt.Printf("server apply+commit %.0f µs mean over %.0f entries\n", metric(metricsURL, "tables_move_seconds_sum")/n*1e6, n)
	}
	fmt.Printf("server heap         %.1f MB in use, goroutines %.0f\n", metric(metricsURL, "go_memstats_heap_inuse_bytes")/1e6, metric(metricsURL, "go_goroutines"))
	fmt.Printf("errors              %d", st.errors.Load())
	if e := st.lastErr.Load(); e != nil {
		fmt.Printf(" (last: %s)", e)
	}
	fmt.Println()
	for _, d := range tables {
		if t, ok := d.(*table); ok {
			for _, p := range t.players {
				p.ws.Close()
			}
		}
	}
	if st.errors.Load() > 0 {
		return errors.New("the run had errors")
	}
	return nil
}

// idleSockets measures the server's memory per idle websocket viewer.
func idleSockets(o options) error {
	srv, done, err := startFresh(o)
	if err != nil {
		return err
	}
	defer done()
	const perTable = 50
	var codes []string
	for i := 0; i < (o.idle+perTable-1)/perTable; i++ {
		t, err := openTable(srv.url, 2, "president")
		if err != nil {
			return err
		}
		codes = append(codes, t.code)
	}
	http.Get(srv.url + "/healthz")
	before := rssKB(srv.cmd.Process.Pid)
	var conns []*websocket.Conn
	for i := 0; i < o.idle; i++ {
		ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.url, "http")+"/t/"+codes[i/perTable]+"/ws", http.Header{"Origin": {srv.url}})
		if err != nil {
			return fmt.Errorf("socket %d: %w", i, err)
		}
		go io.Copy(io.Discard, ws.UnderlyingConn())
		conns = append(conns, ws)
	}
	time.Sleep(o.hold) // let the first pushes drain (and a profiler look)
	after := rssKB(srv.cmd.Process.Pid)
	heap := metric(srv.metrics, "go_memstats_heap_inuse_bytes")
	fmt.Printf("idle websockets %d: server RSS %.1f MB → %.1f MB, %.1f KB per socket; heap in use %.1f MB; goroutines %.0f\n",
		o.idle, float64(before)/1024, float64(after)/1024, float64(after-before)/float64(o.idle), heap/1e6, metric(srv.metrics, "go_goroutines"))
	for _, c := range conns {
		c.Close()
	}
	return nil
}

// coldStart fills a database with tables, restarts the server, and times
// the start until the first table page is served.
func coldStart(o options) error {
	data, err := newData()
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	srv, err := startServer(o, data, "-bot-delay-min", "1ms", "-bot-delay-max", "2ms")
	if err != nil {
		return err
	}
	var codes []string
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := 0; i < o.coldstart; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			t, err := openTable(srv.url, 3, "president")
			if err != nil {
				return
			}
			t.players[0].post(srv.url+"/t/"+t.code+"/lobby", url.Values{"do": {"start"}}, true)
			mu.Lock()
			codes = append(codes, t.code)
			mu.Unlock()
		}()
	}
	wg.Wait()
	srv.stop()
	if len(codes) < o.coldstart {
		return fmt.Errorf("created %d of %d tables", len(codes), o.coldstart)
	}
	host := codes[len(codes)/2]
	// restart (not startServer: this times the start itself): time from exec to the first page of a table
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	start := time.Now()
	cmd := exec.Command(o.binary, "-addr", addr, "-data", data, "-log-level", "error", "-metrics-addr=", "-no-rate-limits")
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }()
	var first time.Duration
	for {
		resp, err := http.Get("http://" + addr + "/t/" + host)
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == 200 && bytes.Contains(b, []byte(host)) {
				first = time.Since(start)
				break
			}
		}
		if time.Since(start) > 30*time.Second {
			return errors.New("no page within 30 s")
		}
		time.Sleep(time.Millisecond)
	}
	fmt.Printf("cold start with %d tables in the database: first table page served %v after exec\n", len(codes), first.Round(time.Millisecond))
	return nil
}
