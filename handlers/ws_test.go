package handlers

import (
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/impetus"
	"github.com/tablegames/tables/game/lowunique"
	"github.com/tablegames/tables/game/president"
	"github.com/tablegames/tables/room"
)

// pushRecord is what the server pushed to one socket and what that viewer
// could not be shown at that moment.
type pushRecord struct {
	msg    string
	hidden []string
}

// hiddenFor lists, per game, the strings a seat's HTML must not contain
// right now (outside the log, whose private lines are checked by party).
// Every game on the platform must have an entry.
var hiddenFor = map[string]func(m game.Match, seat int) []string{
	"president": presidentHidden,
	"holdem":    holdemHidden,
	"lowunique": lowUniqueHidden,
	"impetus":   impetusHidden,
}

// impetusHidden: another spirit's secret choices and drawn cards of the
// current phase (the choice panel marks them with data-*-of).
func impetusHidden(m game.Match, seat int) []string {
	s := &m.(*impetus.Match).State
	var out []string
	for i := 0; i < s.N; i++ {
		if i != seat {
			out = append(out, `data-choice-of="`+itoa(i)+`"`, `data-hand-of="`+itoa(i)+`"`)
		}
	}
	// and, in words, what others decided but nobody has seen yet (unless
	// the viewer chose the same itself)
	mine := map[string]bool{}
	var theirs []string
	for _, c := range s.Choices {
		var words []string
		if c.Kind == impetus.ChooseVagrant && c.Guide >= 0 {
			words = append(words, "guide "+impetus.FactionNames[c.Guide]+".")
		}
		if c.Kind == impetus.ChooseVagrant && c.IdolCell >= 0 {
			words = append(words, "idol at "+impetus.PlaceName(&s.Owner, c.IdolCell)+".")
		}
		for _, w := range words {
			if c.Spirit == seat {
				mine[w] = true
			} else {
				theirs = append(theirs, w)
			}
		}
	}
	for _, w := range theirs {
		if !mine[w] {
			out = append(out, w)
		}
	}
	return out
}

// lowUniqueHidden follows the spec's privacy table: another seat's hand
// and bench cards never; its pair before the reveal; its chosen card
// before the resolution (the fragments mark them with data-*-of).
func lowUniqueHidden(m game.Match, seat int) []string {
	s := &m.(*lowunique.Match).State
	var out []string
	for i := 0; i < s.N; i++ {
		if i == seat {
			continue
		}
		of := `="` + itoa(i) + `"`
		out = append(out, "data-hand-of"+of, "data-bench-of"+of)
		if s.Phase < lowunique.Reveal {
			out = append(out, "data-pair-of"+of)
		}
		if s.Phase < lowunique.Resolved {
			out = append(out, "data-card-of"+of)
		}
	}
	return out
}

// holdemHidden: every other seat's hole cards unless shown at showdown
// (a folded hand never is), and the deck's undealt cards.
func holdemHidden(m game.Match, seat int) []string {
	s := room.HoldemState(m)
	var forbidden cards.Set
	for i := 0; i < s.N; i++ {
		p := &s.Seats[i]
		if i != seat && p.Dealt && (!p.Shown || p.Folded) {
			forbidden |= cards.SetOf(p.Hole[:]...)
		}
	}
	for _, c := range s.Deck[s.DeckPos:] {
		forbidden = forbidden.With(c)
	}
	return cardNeedles(forbidden)
}

// presidentHidden: the cards of other hands and the discards, except
// cards the viewer itself handed or took in the exchange.
func presidentHidden(m game.Match, seat int) []string {
	s := &m.(*president.Match).State
	var forbidden cards.Set
	for i := 0; i < s.N; i++ {
		if i != seat {
			forbidden |= s.Players[i].Hand
		}
	}
	forbidden |= s.Discarded
	if seat >= 0 {
		forbidden &^= s.Players[seat].Gave | s.Players[seat].Got
	}
	return cardNeedles(forbidden)
}

// cardNeedles are the ways a card shows in HTML: form value, gift field,
// accessible name and face.
func cardNeedles(set cards.Set) []string {
	var out []string
	for _, c := range set.Cards() {
		out = append(out, `value="`+c.String()+`"`, "give_"+c.String(), `"`+c.Name()+`"`, "the "+c.Name())
		if !c.IsJoker() {
			out = append(out, ">"+c.Face()+"<")
		}
	}
	return out
}

// recordPushes installs a push hook noting, for every message, what the
// viewer may not see right then.
func recordPushes(e *env, kind string) func(ws room.Conn) []pushRecord {
	var mu sync.Mutex
	recs := map[room.Conn][]pushRecord{}
	hidden := hiddenFor[kind]
	e.srv.rt.PushHook = func(ws room.Conn, seat int, msg []byte, t *room.Table) {
		var h []string
		if t.Match != nil {
			h = hidden(t.Match, seat)
		}
		mu.Lock()
		recs[ws] = append(recs[ws], pushRecord{string(msg), h})
		mu.Unlock()
	}
	return func(ws room.Conn) []pushRecord {
		mu.Lock()
		defer mu.Unlock()
		return recs[ws]
	}
}

var logRe = regexp.MustCompile(`(?s)<ol id="log"[^>]*>.*?</ol>`)
var privateLi = regexp.MustCompile(`<li class="private">([^<]*)</li>`)

// leaks lists the hidden strings a message shows outside the log.
func leaks(msg string, hidden []string) []string {
	body := logRe.ReplaceAllString(msg, "")
	var out []string
	for _, n := range hidden {
		if strings.Contains(body, n) {
			out = append(out, n)
		}
	}
	return out
}

// playHumans makes the seated humans play the game's auto move whenever
// the table waits for them, until stop says so.
func playHumans(t *testing.T, e *env, code string, humans map[int]*client, stop func(m game.Match) bool) {
	t.Helper()
	playHumansUntil(t, e, code, humans, func(r *room.Room) bool { return stop(r.Table().Match) })
}

// playHumansUntil is playHumans with a stop that sees the whole room.
func playHumansUntil(t *testing.T, e *env, code string, humans map[int]*client, stop func(r *room.Room) bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	waitsForHuman := func(r *room.Room) int {
		for _, w := range r.Table().Match.Waiting() {
			if _, ok := humans[w]; ok {
				return w
			}
		}
		return -1
	}
	for time.Now().Before(deadline) {
		seat := -1
		var form url.Values
		done := false
		e.inRoom(code, func(r *room.Room) {
			if done = stop(r); done {
				return
			}
			if seat = waitsForHuman(r); seat >= 0 {
				if mv, ok := r.Table().Match.Auto(seat); ok {
					form = r.Table().Match.Encode(mv)
				} else {
					seat = -1
				}
			}
		})
		if done {
			return
		}
		if seat < 0 {
			e.waitRoom(code, "a human's turn or the end", func(r *room.Room) bool { return stop(r) || waitsForHuman(r) >= 0 })
			continue
		}
		status, body, _ := humans[seat].post("/t/"+code+"/act", form)
		if status != 204 {
			t.Fatalf("seat %d move %v: %d %s", seat, form, status, body)
		}
	}
	t.Fatal("the game did not reach its goal in time")
}

// leakTables are the tables the no-leak test plays, per game: two humans,
// the other seats bots.
var leakTables = map[string]string{
	"president": "ruleset=house&seats=4&bots=on&clock=0",
	"holdem":    "blinds=10/20&stack_bb=100&seats=4&bots=on&clock=0",
	"lowunique": "seats=4&rounds=8&cards=8&bots=on&clock=0",
	"impetus":   "seats=4&bots=on&clock=0",
}

// TestNoLeakEveryGame plays each game with two humans, bots and a
// watcher, and scans every byte each socket received against what that
// viewer could not see at the moment it was pushed.
func TestNoLeakEveryGame(t *testing.T) {
	for _, g := range room.New(room.Config{}, nil, nil).Games() {
		name := g.Kind
		if hiddenFor[name] == nil || leakTables[name] == "" {
			t.Fatalf("game %s has not joined the no-leak test", name)
		}
		t.Run(name, func(t *testing.T) {
			noLeak(t, name, leakTables[name], nil, func(m game.Match) bool { return m.Version() >= 250 || atRest(m) })
		})
	}
}

// TestNoLeakHoldemOptions plays the no-leak test at a Hold'em table with
// every option: antes, straddles, run it twice, show or muck (every seat
// mucks losing hands), bomb pots and the time bank, until hands were run
// twice and hands mucked: no viewer's bytes hold a mucked hand, the
// second board before it is dealt, or anything else it may not see.
func TestNoLeakHoldemOptions(t *testing.T) {
	twice, mucked := 0, 0
	seen := map[int]bool{}
	noLeak(t, "holdem", "blinds=10/20&stack_bb=20&seats=4&bots=on&clock=30&bank=30&bank_every=5&ante=bb&straddle=on&twice=on&muck=on&bomb_bb=2&bomb_every=4",
		func(m game.Match) {
			s := room.HoldemState(m)
			for i := range s.N {
				s.Seats[i].AutoMuck, s.Seats[i].Straddles = true, true
			}
		},
		func(m game.Match) bool {
			s := room.HoldemState(m)
			if n := len(s.Past); n > 0 && !seen[s.Past[n-1].Hand] {
				r := &s.Past[n-1]
				seen[r.Hand] = true
				if r.Board2 != nil {
					twice++
				}
				for _, hs := range r.Seats {
					if hs.Mucked {
						mucked++
					}
				}
			}
			return twice > 0 && mucked > 0 && m.Version() >= 250 || m.Version() >= 1500
		})
	if twice == 0 || mucked == 0 {
		t.Fatalf("%d hands run twice, %d hands mucked: the test saw too little", twice, mucked)
	}
	t.Logf("%d hands run twice, %d hands mucked", twice, mucked)
}

func noLeak(t *testing.T, kind, table string, prep func(m game.Match), stop func(m game.Match) bool) {
	e := newEnv(t, fastConfig())
	records := recordPushes(e, kind)
	host := e.client()
	form := mustForm(table)
	form.Set("kind", kind)
	code := host.createTable("Ann", form)
	bob := e.client()
	bob.join(code, "Bob")
	bob.lobby(code, "do", "ready")
	seats := 0
	e.inRoom(code, func(r *room.Room) { seats = len(r.Table().Seats) })
	for i := 2; i < seats; i++ {
		if status, body := host.lobby(code, "do", "bot", "seat", itoa(i)); status != 204 {
			t.Fatalf("bot at seat %d: %d %s", i, status, body)
		}
	}
	carl := e.client() // the seats are full: watches
	carl.get("/t/" + code)
	carl.post("/t/"+code+"/join", url.Values{"name": {"Carl"}})

	wsAnn, wsBob, wsCarl := host.dial(code), bob.dial(code), carl.dial(code)
	wsAnn.waitFor(t, "the lobby", func(m string) bool { return strings.Contains(m, `id="lobby"`) })
	if status, body := host.lobby(code, "do", "start"); status != 204 {
		t.Fatalf("start: %d %s", status, body)
	}
	if prep != nil {
		e.inRoom(code, func(r *room.Room) { prep(r.Table().Match) })
	}
	playHumans(t, e, code, map[int]*client{0: host, 1: bob}, stop)

	var sockets []room.Conn
	e.inRoom(code, func(r *room.Room) { sockets = r.Conns() })
	if len(sockets) != 3 {
		t.Fatalf("%d viewers", len(sockets))
	}
	total, size := 0, 0
	for w, name := range map[*ws]string{wsAnn: "Ann", wsBob: "Bob", wsCarl: ""} {
		got := w.all()
		var recs []pushRecord
		for _, s := range sockets {
			if r := records(s); len(r) > 0 && len(got) > 0 && r[0].msg == got[0] {
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
			if l := leaks(msg, recs[i].hidden); len(l) > 0 {
				t.Fatalf("%s sees hidden information in message %d: %v\n%.600s", name, i, l, msg)
			}
			for _, line := range privateLi.FindAllStringSubmatch(msg, -1) {
				if name == "" || !strings.Contains(line[1], name) {
					t.Fatalf("%q got a private line of others: %q", name, line[1])
				}
			}
			total++
			size += len(msg)
		}
	}
	t.Logf("%s: %d messages scanned, %d bytes", kind, total, size)
}

// atRest reports a match that will not move by itself: over for good, or
// waiting for nobody with no next step (a game waiting for a rematch).
func atRest(m game.Match) bool {
	if m.Over() {
		return true
	}
	_, next := m.Continue(0)
	return len(m.Waiting()) == 0 && !next
}

func mustForm(s string) url.Values {
	out := url.Values{}
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
		if len(leaks(msg, cardNeedles(forbidden))) == 0 {
			t.Errorf("scanner missed a card in %q", msg)
		}
	}
	if l := leaks(`<ol id="log"><li>Ann gives Q♠ to Bob.</li></ol><p>clean</p>`, cardNeedles(forbidden)); len(l) != 0 {
		t.Errorf("log lines are checked separately, got %v", l)
	}
}
