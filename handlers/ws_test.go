package handlers

import (
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/olahol/melody"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/president"
)

// pushRecord is what the server pushed to one socket and which cards that
// viewer could not see at that moment.
type pushRecord struct {
	msg       string
	forbidden cards.Set
}

// recordPushes installs a push hook that notes, for every message, the
// cards of other hands the viewer may not see right then.
func recordPushes(e *env) func(ws *melody.Session) []pushRecord {
	var mu sync.Mutex
	recs := map[*melody.Session][]pushRecord{}
	e.srv.pushHook = func(ws *melody.Session, seat int, msg []byte, t *table) {
		var forbidden cards.Set
		if m, ok := t.Match.(*president.Match); ok {
			s := &m.State
			for i := 0; i < s.N; i++ {
				if i != seat {
					forbidden |= s.Players[i].Hand
				}
			}
			forbidden |= s.Discarded
			// cards the viewer handed or took in the exchange it knows,
			// wherever they went since
			if seat >= 0 {
				forbidden &^= s.Players[seat].Gave | s.Players[seat].Got
			}
		}
		mu.Lock()
		recs[ws] = append(recs[ws], pushRecord{string(msg), forbidden})
		mu.Unlock()
	}
	return func(ws *melody.Session) []pushRecord {
		mu.Lock()
		defer mu.Unlock()
		return recs[ws]
	}
}

var logRe = regexp.MustCompile(`(?s)<ol id="log"[^>]*>.*?</ol>`)
var privateLi = regexp.MustCompile(`<li class="private">([^<]*)</li>`)

// leaks lists the forbidden cards a message names anywhere outside the log
// (the log is checked line by line: private lines only for their parties).
func leaks(msg string, forbidden cards.Set) []string {
	body := logRe.ReplaceAllString(msg, "")
	var out []string
	for _, c := range forbidden.Cards() {
		needles := []string{`value="` + c.String() + `"`, "give_" + c.String(), `"` + c.Name() + `"`, "the " + c.Name()}
		if !c.IsJoker() {
			needles = append(needles, ">"+c.Face()+"<")
		}
		for _, n := range needles {
			if strings.Contains(body, n) {
				out = append(out, c.String()+" as "+n)
			}
		}
	}
	return out
}

// playHumans makes the seated humans play their auto move whenever the
// table waits for them, until stop says so.
func playHumans(t *testing.T, e *env, code string, humans map[int]*client, stop func(s *president.State) bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		var seat = -1
		var form map[string][]string
		done := false
		e.inRoom(code, func(r *Room) {
			m := r.t.Match.(*president.Match)
			if stop(&m.State) {
				done = true
				return
			}
			for _, w := range r.t.Match.Waiting() {
				if _, ok := humans[w]; ok {
					v := m.State.View(w)
					if a, ok := president.Auto(&v); ok {
						seat, form = w, a.Encode()
					}
					return
				}
			}
		})
		if done {
			return
		}
		if seat < 0 {
			e.waitRoom(code, "a human's turn or the end", func(r *Room) bool {
				m := r.t.Match.(*president.Match)
				if stop(&m.State) {
					return true
				}
				for _, w := range r.t.Match.Waiting() {
					if _, ok := humans[w]; ok {
						return true
					}
				}
				return false
			})
			continue
		}
		status, body, _ := humans[seat].post("/t/"+code+"/act", form)
		if status != 204 {
			t.Fatalf("seat %d move %v: %d %s", seat, form, status, body)
		}
	}
	t.Fatal("the game did not reach its goal in time")
}

func TestWebsocketGameShowsOnlyOwnCards(t *testing.T) {
	e := newEnv(t, fastConfig())
	records := recordPushes(e)
	host := e.client()
	code := host.createTable("Ann", mustForm("ruleset=house&seats=4&bots=on"))
	bob := e.client()
	bob.join(code, "Bob")
	bob.lobby(code, "do", "ready")
	host.lobby(code, "do", "bot", "seat", "2")
	host.lobby(code, "do", "bot", "seat", "3")
	carl := e.client() // the seats are full: watches
	carl.get("/")
	carl.remember(code)

	wsAnn, wsBob, wsCarl := host.dial(code), bob.dial(code), carl.dial(code)
	wsAnn.waitFor(t, "the lobby", func(m string) bool { return strings.Contains(m, `id="lobby"`) })
	if status, body := host.lobby(code, "do", "start"); status != 204 {
		t.Fatalf("start: %d %s", status, body)
	}
	// the start reaches every viewer as a new stage with the hand
	wsBob.waitFor(t, "Bob's hand", func(m string) bool { return strings.Contains(m, `id="p-hand"`) && strings.Contains(m, `name="card"`) })
	wsCarl.waitFor(t, "the spectator's table", func(m string) bool { return strings.Contains(m, "You are watching: hands are hidden") })

	// play two whole deals (the second with the exchange)
	playHumans(t, e, code, map[int]*client{0: host, 1: bob}, func(s *president.State) bool {
		return s.Deal == 2 && s.Phase == president.DealOver
	})
	wsAnn.waitFor(t, "deal 2 over", func(m string) bool { return strings.Contains(m, "Deal 2 is over") })
	wsCarl.waitFor(t, "deal 2 over", func(m string) bool { return strings.Contains(m, "Deal 2 is over") })

	names := map[*ws]string{wsAnn: "Ann", wsBob: "Bob", wsCarl: ""}
	var sockets []*melody.Session
	e.inRoom(code, func(r *Room) {
		for s := range r.viewers {
			sockets = append(sockets, s)
		}
	})
	if len(sockets) != 3 {
		t.Fatalf("%d viewers", len(sockets))
	}
	total, bytes := 0, 0
	for w, name := range names {
		got := w.all()
		// find this client's server-side records: the one whose messages match
		var recs []pushRecord
		for _, s := range sockets {
			if r := records(s); len(r) > 0 && r[0].msg == got[0] {
				recs = r
			}
		}
		if len(recs) < len(got) || len(got) < 20 {
			t.Fatalf("%s: received %d messages, server recorded %d", name, len(got), len(recs))
		}
		for i, msg := range got {
			if msg != recs[i].msg {
				t.Fatalf("%s: message %d differs from what the server pushed", name, i)
			}
			if l := leaks(msg, recs[i].forbidden); len(l) > 0 {
				t.Fatalf("%s sees cards of other hands in message %d: %v\n%.600s", name, i, l, msg)
			}
			for _, line := range privateLi.FindAllStringSubmatch(msg, -1) {
				if name == "" || !strings.Contains(line[1], name) {
					t.Fatalf("%q got a private line of others: %q", name, line[1])
				}
			}
			total++
			bytes += len(msg)
		}
	}
	t.Logf("%d messages scanned, %d bytes", total, bytes)
}

func mustForm(s string) map[string][]string {
	out := map[string][]string{}
	for _, kv := range strings.Split(s, "&") {
		k, v, _ := strings.Cut(kv, "=")
		out[k] = append(out[k], v)
	}
	return out
}

// remember gives a client a name without a seat (a watcher).
func (c *client) remember(code string) {
	c.t.Helper()
	c.get("/t/" + code)
	c.post("/t/"+code+"/join", map[string][]string{"name": {"Carl"}})
}

func TestLeakScannerFindsCards(t *testing.T) {
	qs := cards.New(cards.Queen, cards.Spades)
	forbidden := cards.SetOf(qs, cards.RedJoker)
	for _, msg := range []string{
		`<input type="checkbox" name="card" value="QS">`,
		`<span class="card" role="img" aria-label="queen of spades">`,
		`<select name="give_JR">`,
		`<span class="card">Q♠</span>`,
	} {
		if len(leaks(msg, forbidden)) == 0 {
			t.Errorf("scanner missed a card in %q", msg)
		}
	}
	if l := leaks(`<ol id="log"><li>Ann gives Q♠ to Bob.</li></ol><p>clean</p>`, forbidden); len(l) != 0 {
		t.Errorf("log lines are checked separately, got %v", l)
	}
}
