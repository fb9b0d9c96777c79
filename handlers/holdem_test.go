package handlers

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/room"
)

// holdemState reads a Hold'em room's engine state.
func holdemState(r *room.Room) *holdem.State { return room.HoldemState(r.Table().Match) }

// logCount counts a room's log lines containing s.
func logCount(r *room.Room, s string) int {
	n := 0
	for _, l := range r.Table().Log {
		if strings.Contains(l.String(), s) {
			n++
		}
	}
	return n
}

// TestHoldemLLMSeats plays a table whose AI seats ask a language model (a
// local stub): good answers are played; a model that hangs or answers
// garbage makes the seat check or fold within the time limit, and the log
// says why. No prompt holds another seat's hole cards.
func TestHoldemLLMSeats(t *testing.T) {
	var mode atomic.Value
	mode.Store("good")
	stub, prompts := stubModel(t, func(p string, w http.ResponseWriter, r *http.Request) {
		switch mode.Load() {
		case "good":
			reply(`{"action": "call"}`)(p, w, r)
		case "garbage":
			reply("raise!!")(p, w, r)
		default: // hang
			<-r.Context().Done()
		}
	})
	cfg := fastConfig()
	cfg.LLM = LLMConfig{BaseURL: stub.URL + "/v1", APIKey: "key", Model: "m"}
	cfg.LLMTimeout = 300 * time.Millisecond
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", mustForm("kind=holdem&blinds=10/20&seats=3&bots=on&clock=0&ai=llm"))
	if status, body := host.lobby(code, "do", "start"); status != 204 {
		t.Fatalf("start: %d %s", status, body)
	}
	e.inRoom(code, func(r *room.Room) {
		if r.Table().Seats[1].Bot != "llm" || r.Table().Seats[2].Bot != "llm" {
			t.Fatalf("AI seats: %+v", r.Table().Seats)
		}
	})
	humans := map[int]*client{0: host}
	playHumansUntil(t, e, code, humans, func(r *room.Room) bool { return r.Table().Match.Version() >= 40 })
	e.inRoom(code, func(r *room.Room) {
		if n := logCount(r, "model failed"); n != 0 {
			t.Fatalf("%d failures with a good model", n)
		}
		if logCount(r, "Bot 2 calls")+logCount(r, "Bot 2 checks")+logCount(r, "Bot 3 calls")+logCount(r, "Bot 3 checks") == 0 {
			t.Fatal("the model's answers were not played")
		}
	})

	for _, c := range []struct{ mode, why string }{
		{"hang", "(the model did not answer in time)"},
		{"garbage", "(the reply is not the JSON asked for)"},
	} {
		mode.Store(c.mode)
		start := time.Now()
		playHumansUntil(t, e, code, humans, func(r *room.Room) bool { return logCount(r, c.why) >= 2 })
		t.Logf("%s: two fallbacks in %v", c.mode, time.Since(start))
		e.inRoom(code, func(r *room.Room) {
			for i, l := range r.Table().Log {
				if !strings.Contains(l.String(), c.why) || i+1 >= len(r.Table().Log) {
					continue
				}
				who := strings.SplitN(l.String(), "'s model", 2)[0]
				next := r.Table().Log[i+1].String()
				if next != who+" checks." && next != who+" folds." {
					t.Fatalf("after %q the log says %q: want a check or a fold", l.String(), next)
				}
			}
		})
	}

	// every prompt names only the asking seat's hole cards
	handRe, seatRe := regexp.MustCompile(`Hand (\d+),`), regexp.MustCompile(`\(seat (\d+)\)`)
	e.inRoom(code, func(r *room.Room) {
		s := holdemState(r)
		checked := 0
		for _, p := range prompts() {
			hand, _ := strconv.Atoi(handRe.FindStringSubmatch(p)[1])
			seat, _ := strconv.Atoi(seatRe.FindStringSubmatch(p)[1])
			seat--
			var holes [][2]string
			for _, rec := range s.Past {
				if rec.Hand == hand {
					for i, hs := range rec.Seats {
						if i != seat && hs.Dealt {
							holes = append(holes, [2]string{hs.Hole[0].Name(), hs.Hole[1].Name()})
						}
					}
				}
			}
			if s.Hand == hand {
				for i := 0; i < s.N; i++ {
					if i != seat && s.Seats[i].Dealt {
						holes = append(holes, [2]string{s.Seats[i].Hole[0].Name(), s.Seats[i].Hole[1].Name()})
					}
				}
			}
			if len(holes) == 0 {
				continue // an old hand no longer kept
			}
			for _, h := range holes {
				if strings.Contains(p, h[0]) || strings.Contains(p, h[1]) {
					t.Fatalf("a prompt of seat %d names another seat's card %v:\n%s", seat, h, p)
				}
			}
			checked++
		}
		if checked < 10 {
			t.Fatalf("only %d prompts checked", checked)
		}
	})
}

// TestHoldemOptions: the creation form's checks, and the language model
// offered only when the server has one.
func TestHoldemOptions(t *testing.T) {
	e := newEnv(t, fastConfig())
	c := e.client()
	c.get("/")
	for form, want := range map[string]string{
		"kind=holdem&blinds=3/7":                "Choose blinds",
		"kind=holdem&stack_bb=5":                "20 to 1000 big blinds",
		"kind=holdem&seats=10":                  "2 to 9 seats",
		"kind=holdem&ai=llm":                    "no language model",
		"kind=holdem&ai=oracle":                 "Choose an AI",
		"kind=holdem&blinds=25/50&clock=100000": "The clock",
	} {
		f := mustForm(form)
		f.Set("name", "Ann")
		status, body, _ := c.post("/tables", f)
		if status != http.StatusUnprocessableEntity || !strings.Contains(body, want) {
			t.Errorf("%s: %d, want 422 %q", form, status, want)
		}
	}
	_, home := c.get("/")
	if !strings.Contains(home, `value="holdem"`) || strings.Contains(home, `value="llm"`) {
		t.Fatal("the home page should offer Hold'em without a language model")
	}
	code := c.createTable("Ann", mustForm("kind=holdem&blinds=25/50&stack_bb=40&seats=9&bots=on"))
	e.inRoom(code, func(r *room.Room) {
		if o := r.Table().Opts; o.SmallBlind != 25 || o.BigBlind != 50 || o.Stack != 2000 || o.Seats != 9 || o.Bot != "" {
			t.Fatalf("options %+v", o)
		}
	})

	cfg := fastConfig()
	cfg.LLM = LLMConfig{BaseURL: "http://127.0.0.1:1/v1", Model: "m"}
	e2 := newEnv(t, cfg)
	c2 := e2.client()
	if _, home := c2.get("/"); !strings.Contains(home, `value="llm"`) {
		t.Fatal("a configured model is not offered")
	}
}

// TestHoldemHandHistory plays a few hands and reads the history page and
// the export as a player and as a watcher: each sees its own hole cards
// and the hands shown, never another's.
func TestHoldemHandHistory(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann, bob, carl := e.client(), e.client(), e.client()
	code := ann.createTable("Ann", mustForm("kind=holdem&seats=3&bots=on&clock=0"))
	bob.join(code, "Bob")
	bob.lobby(code, "do", "ready")
	ann.lobby(code, "do", "start")
	carl.remember(code)
	playHumansUntil(t, e, code, map[int]*client{0: ann, 1: bob}, func(r *room.Room) bool {
		return len(holdemState(r).Past) >= 4
	})
	var past []holdem.HandRecord
	var names []string
	e.inRoom(code, func(r *room.Room) {
		past = holdemState(r).Past
		for i := range r.Table().Seats {
			names = append(names, r.Table().Name(i))
		}
	})
	name := func(i int) string { return names[i] }
	// hole cards a viewer may not read, per hand: the others', unless shown
	hidden := func(viewer int) map[int][]string {
		out := map[int][]string{}
		for _, rec := range past {
			for i, hs := range rec.Seats {
				if i != viewer && hs.Dealt && !hs.Shown {
					out[rec.Hand] = append(out[rec.Hand], hs.Hole[0].Face(), hs.Hole[1].Face())
				}
			}
		}
		return out
	}
	// noneOf checks each hand's text (from its "Hand #N:" to the next)
	noneOf := func(who, text string, needles map[int][]string) {
		t.Helper()
		for _, part := range strings.Split(text, "Hand #")[1:] {
			n, _ := strconv.Atoi(part[:strings.Index(part, ":")])
			for _, c := range needles[n] {
				if strings.Contains(part, "["+c+" ") || strings.Contains(part, " "+c+"]") {
					t.Fatalf("%s reads %s in hand %d, a card it may not see:\nHand #%s", who, c, n, part)
				}
			}
		}
	}

	status, page := bob.get("/t/" + code + "/hands")
	if status != 200 || !strings.Contains(page, "Dealt to Bob [") || strings.Contains(page, "Dealt to Ann") {
		t.Fatalf("Bob's history page: %d\n%.500s", status, page)
	}
	noneOf("Bob's page", page, hidden(1))
	first := past[0].Hand
	if status, page = bob.get("/t/" + code + "/hands?hand=" + itoa(first)); status != 200 || !strings.Contains(page, "Hand #"+itoa(first)+":") {
		t.Fatalf("hand %d: %d", first, status)
	}
	if status, _ = bob.get("/t/" + code + "/hands?hand=9999"); status != 404 {
		t.Fatalf("an unknown hand: %d", status)
	}

	for _, v := range []struct {
		who  string
		c    *client
		seat int
	}{{"Ann", ann, 0}, {"Bob", bob, 1}, {"a watcher", carl, -1}} {
		resp, err := v.c.http.Get(e.http.URL + "/t/" + code + "/hands.txt")
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := resp.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		resp.Body.Close()
		text := b.String()
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("export headers %v", resp.Header)
		}
		for h := 1; h <= past[len(past)-1].Hand; h++ {
			if strings.Count(text, "Hand #"+itoa(h)+":") != 1 {
				t.Fatalf("%s's export has hand %d %d times", v.who, h, strings.Count(text, "Hand #"+itoa(h)+":"))
			}
		}
		// the export is the same text the table keeps, hand by hand
		for _, rec := range past {
			if !strings.Contains(text, rec.Text(v.seat, name)) {
				t.Fatalf("%s's export differs for hand %d", v.who, rec.Hand)
			}
		}
		if v.seat < 0 && strings.Contains(text, "Dealt to") {
			t.Fatal("a watcher's export shows hole cards")
		}
		noneOf(v.who+"'s export", text, hidden(v.seat))
	}
}

// TestHoldemAwayPlayer: a player who never connects is played for (check
// or fold) and then taken over with the same check-or-fold, keeps the
// seat and its chips, and is back on connecting.
func TestHoldemAwayPlayer(t *testing.T) {
	cfg := fastConfig()
	cfg.AbsentAutoplay, cfg.AbsentGrace = 10*time.Millisecond, 40*time.Millisecond
	e := newEnv(t, cfg)
	ann, bob, code := annAndBob(e, mustForm("kind=holdem&seats=3&bots=on&clock=0"))
	ann.dial(code)
	playHumansUntil(t, e, code, map[int]*client{0: ann}, func(r *room.Room) bool {
		return r.Table().Seats[1].Away && logCount(r, "Bob is disconnected: the table plays for them.") >= 3
	})
	e.inRoom(code, func(r *room.Room) {
		for i, l := range r.Table().Log {
			if strings.HasPrefix(l.String(), "Bob is disconnected") {
				if next := r.Table().Log[i+1].String(); next != "Bob checks." && next != "Bob folds." {
					t.Fatalf("Bob's seat played %q", next)
				}
			}
		}
		for _, l := range r.Table().Log {
			if strings.HasPrefix(l.String(), "Bob ") && (strings.Contains(l.String(), " raises") || strings.Contains(l.String(), " bets") || strings.Contains(l.String(), " calls")) {
				t.Fatalf("the table played more than check or fold for Bob: %q", l.String())
			}
		}
		if r.Table().Seats[1].Player == "" || r.Table().Seats[1].Bot != "" {
			t.Fatalf("Bob lost his seat: %+v", r.Table().Seats[1])
		}
	})
	bob.dial(code)
	e.waitRoom(code, "Bob back", func(r *room.Room) bool { return !r.Table().Seats[1].Away && logCount(r, "Bob is back.") == 1 })
	_, page := bob.get("/t/" + code)
	if !strings.Contains(page, "You are Bob, seat 2") {
		t.Fatal("Bob is not back in his seat")
	}
}

// TestHoldemClock: a player who lets the action clock run out checks if
// it can, else folds, and the log says the time ran out.
func TestHoldemClock(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann := e.client()
	code := ann.createTable("Ann", mustForm("kind=holdem&seats=2&bots=on&clock=1"))
	ann.lobby(code, "do", "start")
	ann.dial(code)
	e.waitRoom(code, "two time-outs", func(r *room.Room) bool { return logCount(r, "Ann's time ran out") >= 2 })
	e.inRoom(code, func(r *room.Room) {
		for i, l := range r.Table().Log {
			if strings.HasPrefix(l.String(), "Ann's time ran out") {
				if next := r.Table().Log[i+1].String(); next != "Ann checks." && next != "Ann folds." {
					t.Fatalf("after the time-out: %q", next)
				}
			}
		}
	})
}

// TestMoveErrorsCarryTheirDetails: a raise below the minimum is refused
// with a message naming the minimum and the bet, and the same as fields:
// in X-Error-Details for the page, and as the JSON body for a client that
// asks for JSON. Heads-up at 10/20, the first to act faces the big blind's
// 20: the smallest raise is to 40.
func TestMoveErrorsCarryTheirDetails(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann, bob, code := annAndBob(e, url.Values{"kind": {"holdem"}, "seats": {"2"}, "blinds": {"10/20"}, "clock": {"0"}})
	var first *client
	e.waitRoom(code, "the first decision", func(r *room.Room) bool {
		w := r.Table().Match.Waiting()
		if len(w) == 1 {
			first = map[int]*client{0: ann, 1: bob}[w[0]]
		}
		return first != nil
	})
	status, msg, hdr := first.post("/t/"+code+"/act", url.Values{"kind": {"raise"}, "amount": {"30"}})
	if status != http.StatusUnprocessableEntity || !strings.Contains(msg, "40") || !strings.Contains(msg, "20") {
		t.Fatalf("a raise to 30: %d %q", status, msg)
	}
	var details map[string]int
	if err := json.Unmarshal([]byte(hdr.Get("X-Error-Details")), &details); err != nil || details["min_raise"] != 40 || details["current_bet"] != 20 {
		t.Fatalf("details %q: %v", hdr.Get("X-Error-Details"), err)
	}
	// a client that reads JSON gets the error as fields
	req, _ := http.NewRequest("POST", e.http.URL+"/t/"+code+"/act", strings.NewReader("kind=raise&amount=30"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", first.csrf)
	req.Header.Set("Accept", "application/json")
	resp, err := first.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		Code    string         `json:"code"`
		Message string         `json:"message"`
		Details map[string]int `json:"details"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || resp.StatusCode != http.StatusUnprocessableEntity ||
		body.Code == "" || body.Message != msg || body.Details["min_raise"] != 40 || body.Details["current_bet"] != 20 {
		t.Fatalf("JSON error: %d %+v %v", resp.StatusCode, body, err)
	}
}
