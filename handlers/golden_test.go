package handlers

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/room"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden from this run")

// goldenTape records every push each connection gets, by a name the
// script gives the connection before dialling it.
type goldenTape struct {
	mu     sync.Mutex
	code   string
	next   string              // the name of the connection being dialled
	names  map[any]string      // connection → name
	pushes map[string][]string // name → its pushes, in order
}

func (g *goldenTape) record(conn any, msg []byte) {
	g.mu.Lock()
	defer g.mu.Unlock()
	name, ok := g.names[conn]
	if !ok {
		name, g.next = g.next, ""
		if name == "" {
			panic("golden: a push to a connection the script did not dial")
		}
		g.names[conn] = name
	}
	g.pushes[name] = append(g.pushes[name], string(msg))
}

func (g *goldenTape) has(name string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.pushes[name]) > 0
}

// text is the whole tape: each connection's pushes in order, the table's
// random code replaced by CODE.
func (g *goldenTape) text() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var names []string
	for n := range g.pushes {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		for i, p := range g.pushes[n] {
			p = strings.ReplaceAll(p, g.code[:4]+"-"+g.code[4:], "CODE")
			fmt.Fprintf(&b, "=== %s push %d\n%s\n", n, i+1, strings.ReplaceAll(p, g.code, "CODE"))
		}
	}
	return b.String()
}

// goldenScript is a table played the same way every time: fixed seeds, a
// frozen clock, people only (bots would move on their own timers), each
// move chosen by the game's random bot with a fixed random source.
type goldenScript struct {
	kind    string
	form    url.Values
	players []string // the host first
	moves   int      // moves before the reconnect, and as many after
}

// TestPushedBytesAreGolden records, for a seeded table of each game,
// every viewer's pushed bytes over a scripted sequence of joins, moves, a
// chat line, a watcher and reconnects, and compares them with
// testdata/golden (rewrite with -update-golden). It pins what the table
// runtime sends: moving code between packages must not change a byte.
func TestPushedBytesAreGolden(t *testing.T) {
	scripts := []goldenScript{
		{kind: "president", form: url.Values{"ruleset": {"house"}, "seats": {"3"}}, players: []string{"Ann", "Bob", "Cat"}, moves: 14},
		{kind: "holdem", form: url.Values{"blinds": {"10/20"}, "seats": {"3"}}, players: []string{"Ann", "Bob", "Cat"}, moves: 6},
		{kind: "lowunique", form: url.Values{"seats": {"3"}}, players: []string{"Ann", "Bob", "Cat"}, moves: 6},
		{kind: "impetus", form: url.Values{"seats": {"2"}}, players: []string{"Ann", "Bob"}, moves: 6},
	}
	for _, sc := range scripts {
		t.Run(sc.kind, func(t *testing.T) {
			got := playGolden(t, sc)
			path := filepath.Join("testdata", "golden", sc.kind+".txt")
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update-golden to write it)", err)
			}
			if got != string(want) {
				t.Errorf("pushed bytes differ from %s: %s", path, firstDiff(string(want), got))
			}
		})
	}
}

// firstDiff shows where two tapes part.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant %.400q\ngot  %.400q", i+1, w, g)
		}
	}
	return "same lines"
}

func playGolden(t *testing.T, sc goldenScript) string { return playScripted(t, sc, postMove).tape }

var playerID = regexp.MustCompile(`[0-9a-f]{32}`)

// moveBy is how a scripted table's moves reach the server: posted as
// forms (postMove) or sent over the mover's websocket (socketMove).
type moveBy int

const (
	postMove moveBy = iota
	sendMove
)

// scripted is what a scripted table left: every push (goldenTape.text)
// and the table's log, each entry's sequence number and JSON.
type scripted struct{ tape, log string }

func playScripted(t *testing.T, sc goldenScript, by moveBy) scripted {
	cfg := fastConfig()
	// nothing runs by itself within the test: no bots, and every clock,
	// pause and grace far beyond it
	cfg.BotDelayMin, cfg.BotDelayMax = time.Hour, time.Hour
	cfg.NextDealDelay, cfg.AbsentAutoplay, cfg.AbsentGrace = time.Hour, time.Hour, 2*time.Hour
	cfg.Limits = NoLimits()
	e := &env{t: t, path: filepath.Join(t.TempDir(), "tables.db"), cfg: cfg}
	e.start()
	t.Cleanup(e.stop)
	frozen := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	e.srv.rt.Now = func() time.Time { return frozen }
	seeds := rand.New(rand.NewPCG(7, 11))
	var seedMu sync.Mutex
	e.srv.rt.Seed = func() uint64 {
		seedMu.Lock()
		defer seedMu.Unlock()
		return seeds.Uint64() | 1
	}
	tape := &goldenTape{names: map[any]string{}, pushes: map[string][]string{}}
	e.srv.rt.PushHook = func(c room.Conn, seat int, msg []byte, _ *room.Table) { tape.record(c, msg) }

	clients := map[string]*client{}
	sockets := map[string]*ws{}
	dials := map[string]int{}
	dial := func(name, code string) {
		t.Helper()
		dials[name]++
		label := fmt.Sprintf("%s#%d", name, dials[name])
		tape.mu.Lock()
		tape.next = label
		tape.mu.Unlock()
		sockets[name] = clients[name].dial(code)
		e.waitRoom(code, "the first push to "+label, func(*room.Room) bool { return tape.has(label) })
	}
	hangUp := func(name, code string, seat int) {
		t.Helper()
		sockets[name].conn.Close()
		e.waitRoom(code, name+" gone", func(r *room.Room) bool { return !r.SeatConnected(seat) })
	}

	host := e.client()
	clients[sc.players[0]] = host
	form := url.Values{"kind": {sc.kind}, "clock": {"60"}}
	for k, v := range sc.form {
		form[k] = v
	}
	code := host.createTable(sc.players[0], form)
	tape.code = code
	dial(sc.players[0], code)
	for _, p := range sc.players[1:] {
		c := e.client()
		clients[p] = c
		c.join(code, p)
		dial(p, code)
		if status, body := c.lobby(code, "do", "ready"); status != 204 {
			t.Fatalf("%s ready: %d %s", p, status, body)
		}
	}
	if status, body := host.lobby(code, "do", "start"); status != 204 {
		t.Fatalf("start: %d %s", status, body)
	}
	// a watcher arrives with a name and watches
	watcher := e.client()
	clients["Wes"] = watcher
	watcher.get("/t/" + code)
	watcher.post("/t/"+code+"/join", url.Values{"name": {"Wes"}})
	dial("Wes", code)

	rng := rand.New(rand.NewPCG(3, 5))
	play := func(n int) {
		t.Helper()
		for i := 0; i < n; i++ {
			var seat int
			var mv url.Values
			e.inRoom(code, func(r *room.Room) {
				seat = -1
				if r.Table().Match == nil || r.Table().Match.Over() {
					return
				}
				w := r.Table().Match.Waiting()
				sort.Ints(w)
				if len(w) == 0 {
					return
				}
				seat = w[0]
				m, ok := r.Table().Match.Bot(seat, "random", rng) // random bots: their moves don't change with a strategy
				if !ok {
					seat = -1
					return
				}
				mv = r.Table().Match.Encode(m)
			})
			if seat < 0 {
				return // the deal is over: the next waits for its pause
			}
			if by == sendMove {
				sendMoveFrame(t, e, code, sockets[sc.players[seat]], mv)
				continue
			}
			status, body, _ := clients[sc.players[seat]].post("/t/"+code+"/act", mv)
			if status != 204 {
				t.Fatalf("move %d of seat %d (%v): %d %s", i, seat, mv, status, body)
			}
		}
	}
	play(sc.moves)
	if status, body, _ := clients[sc.players[1]].post("/t/"+code+"/chat", url.Values{"text": {"nice one"}}); status != 204 {
		t.Fatalf("chat: %d %s", status, body)
	}
	// the second player's phone drops and comes back
	hangUp(sc.players[1], code, 1)
	dial(sc.players[1], code)
	play(sc.moves)
	// the watcher asks for a seat; the host lets them (they wait for a bot's seat)
	if status, body, _ := watcher.post("/t/"+code+"/seat", url.Values{"do": {"ask"}}); status != 204 {
		t.Fatalf("ask: %d %s", status, body)
	}
	if status, body, _ := host.post("/t/"+code+"/seat", url.Values{"do": {"accept"}, "who": {"0"}}); status != 204 {
		t.Fatalf("accept: %d %s", status, body)
	}
	e.inRoom(code, func(*room.Room) {}) // every push made
	entries, err := e.db.Log(context.Background(), code, 0)
	if err != nil {
		t.Fatal(err)
	}
	// the players' ids are random: each is named by its first appearance
	var log strings.Builder
	ids := map[string]string{}
	for _, en := range entries {
		line := playerID.ReplaceAllStringFunc(strings.ReplaceAll(string(en.Entry), code, "CODE"), func(id string) string {
			if ids[id] == "" {
				ids[id] = fmt.Sprintf("player%d", len(ids)+1)
			}
			return ids[id]
		})
		fmt.Fprintf(&log, "%d %s\n", en.Seq, line)
	}
	return scripted{tape: tape.text(), log: log.String()}
}
