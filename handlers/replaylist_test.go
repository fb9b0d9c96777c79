package handlers

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
)

var replayEntry = regexp.MustCompile(`(?s)<li><a href="/t/[A-Z0-9]+/replay/(\d+)">(.*?)</a></li>`)

// TestReplayListNotesEachHand: Ann plays a cash table with every option
// (antes, straddles, run it twice, bomb pots every second hand) against
// bots; the list of replays then gives each hand, newest first, who won,
// the pot, Ann's own result and its marks (all-in, run twice, bomb pot),
// each worked out here from the hand's record; a watcher sees no one's
// result, and the list holds no card face at all.
func TestReplayListNotesEachHand(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", mustForm("kind=holdem&seats=4&bots=on&clock=0&stack_bb=20&ante=bb&straddle=on&twice=on&muck=on&bomb_bb=1&bomb_every=2"))
	host.lobby(code, "do", "start")
	playHumansUntil(t, e, code, map[int]*client{0: host}, func(r *room.Room) bool { return logCount(r, "The hand is over: its seed was") >= 6 })
	var past []holdem.HandRecord
	e.inRoom(code, func(r *room.Room) { past = append(past, room.HoldemState(r.Table().Match).Past...) })
	status, page := host.get("/t/" + code + "/replays")
	if status != 200 {
		t.Fatalf("the list: %d", status)
	}
	entries := replayEntry.FindAllStringSubmatch(page, -1)
	if len(entries) < 6 {
		t.Fatalf("%d entries in the list: %.600s", len(entries), page)
	}
	if first, last := mustAtoi(entries[0][1]), mustAtoi(entries[len(entries)-1][1]); first <= last {
		t.Fatalf("the list is not newest first: %s … %s", entries[0][1], entries[len(entries)-1][1])
	}
	byHand := map[string]*holdem.HandRecord{}
	for i := range past {
		byHand[itoa(past[i].Hand)] = &past[i]
	}
	marks := map[string]int{}
	for _, en := range entries {
		r, body := byHand[en[1]], en[2]
		if r == nil {
			continue // a hand the match no longer keeps
		}
		if !strings.Contains(body, "hand "+en[1]) {
			t.Fatalf("entry %s: %s", en[1], body)
		}
		pot := 0
		for _, res := range r.Results {
			pot += res.Pot.Amount
		}
		if !strings.Contains(body, "pot "+i18n.English().Num(pot)) {
			t.Fatalf("hand %s: no \"pot %s\" in %s", en[1], i18n.English().Num(pot), body)
		}
		if !strings.Contains(body, " won ") {
			t.Fatalf("hand %s names no winner: %s", en[1], body)
		}
		net := r.Seats[0].End - r.Seats[0].Start
		want := "you " + itoa(net)
		if net > 0 {
			want = "you +" + itoa(net)
		}
		if !strings.Contains(body, want) {
			t.Fatalf("hand %s: Ann's result is %d, the list says %s", en[1], net, body)
		}
		allIn := false
		for _, s := range r.Seats {
			allIn = allIn || s.AllIn
		}
		for mark, has := range map[string]bool{"all-in": allIn, "run twice": len(r.Board2) > 0, "bomb pot": r.Bomb > 0} {
			if got := strings.Contains(body, `<span class="mark">`+mark+`</span>`); got != has {
				t.Fatalf("hand %s: mark %q shown %v, the hand's record says %v: %s", en[1], mark, got, has, body)
			}
			if has {
				marks[mark]++
			}
		}
		if strings.ContainsAny(body, "♠♥♦♣") {
			t.Fatalf("hand %s shows a card in the list: %s", en[1], body)
		}
	}
	if marks["bomb pot"] == 0 {
		t.Fatalf("no bomb pot marked in %d hands (one every second hand)", len(entries))
	}
	// a watcher (another browser, no seat) reads the same hands, no result
	_, other := e.client().get("/t/" + code + "/replays")
	if strings.Contains(other, "you ") || !strings.Contains(other, " won ") {
		t.Fatalf("a watcher's list: %.600s", other)
	}
	t.Logf("%d hands listed; marks %v", len(entries), marks)
}

func mustAtoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

// TestReplaysSpeakInTheThirdPerson: a replay is nobody's move. Seen as
// Ann's seat, the steps where Ann had to act say so by her name ("Ann to
// act.", "Ann to play."), never "Your turn", and never mark the page as
// the viewer's turn (which would retitle the tab "Your turn").
func TestReplaysSpeakInTheThirdPerson(t *testing.T) {
	for _, g := range []struct{ form, named string }{
		{"kind=holdem&seats=4&bots=on&clock=0", "Ann to act."},
		{"kind=president&ruleset=house&seats=4&bots=on&clock=0", "Ann to play."},
		{"kind=lowunique&seats=3&rounds=3&bots=on&clock=0", "Waiting for Ann"},
		{"kind=impetus&seats=3&bots=on&clock=0", "Waiting for Ann"},
	} {
		form := mustForm(g.form)
		t.Run(form.Get("kind"), func(t *testing.T) {
			e := newEnv(t, fastConfig())
			host := e.client()
			code := host.createTable("Ann", form)
			host.lobby(code, "do", "start")
			playHumansUntil(t, e, code, map[int]*client{0: host}, func(r *room.Room) bool {
				return logCount(r, "is over: its seed was") >= 1 || r.Table().Match.Over() || form.Get("kind") == "lowunique" && atRest(r.Table().Match)
			})
			_, spans, err := e.srv.rt.Replays(t.Context(), code, "")
			if err != nil || len(spans) == 0 {
				t.Fatalf("no replay: %v", err)
			}
			named := 0
			for step := 0; step <= int(spans[0].To-spans[0].From); step++ {
				_, page := host.get("/t/" + code + "/replay/1?seat=0&step=" + itoa(step))
				if strings.Contains(page, ">Your turn") || strings.Contains(page, ">Your move") || strings.Contains(page, `data-your-turn="true"`) {
					t.Fatalf("step %d speaks to the viewer as if live: %.300s", step, page[strings.Index(page, `class="replay-stage"`):])
				}
				if strings.Contains(page, g.named) {
					named++
				}
			}
			if named == 0 {
				t.Fatalf("no step of the replay says %q", g.named)
			}
			t.Logf("%d steps say %q", named, g.named)
		})
	}
}

// TestFairRecordFoldsInTheLog: the fair record's two lines a hand (the
// next seed sealed, the last one shown, each with a SHA-256) stay in the
// log, but each folds under one small line, its text inside the fold.
func TestFairRecordFoldsInTheLog(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", mustForm("kind=holdem&seats=4&bots=on&clock=0"))
	host.lobby(code, "do", "start")
	playHumansUntil(t, e, code, map[int]*client{0: host}, func(r *room.Room) bool { return logCount(r, "The hand is over: its seed was") >= 2 })
	_, page := host.get("/t/" + code)
	lines := regexp.MustCompile(`(?s)<li[^>]*>.*?</li>`).FindAllString(page[strings.Index(page, `id="log"`):], -1)
	sealed, shown := 0, 0
	for _, l := range lines {
		if !strings.Contains(l, "SHA-256") {
			continue
		}
		folded := regexp.MustCompile(`(?s)^<li class="fair"><details><summary>(Fair record: next seed sealed|Fair record: seed shown)</summary>.*SHA-256 [0-9a-f]{64}.*</details></li>$`).FindStringSubmatch(l)
		if folded == nil {
			t.Fatalf("a line of the fair record is not folded: %s", l)
		}
		if strings.HasSuffix(folded[1], "sealed") {
			sealed++
		} else {
			shown++
		}
	}
	if sealed < 2 || shown < 2 {
		t.Fatalf("%d seeds sealed and %d shown in the log, want 2 each at least", sealed, shown)
	}
}

// TestReplayListPlaces: at President, the list of replays gives each
// deal who came first and Ann's own place; a watcher reads who came first
// only.
func TestReplayListPlaces(t *testing.T) {
	e := newEnv(t, fastConfig())
	host := e.client()
	code := host.createTable("Ann", mustForm("kind=president&ruleset=house&seats=4&bots=on&clock=0"))
	host.lobby(code, "do", "start")
	playHumansUntil(t, e, code, map[int]*client{0: host}, func(r *room.Room) bool { return logCount(r, "The deal is over: its seed was") >= 2 })
	_, page := host.get("/t/" + code + "/replays")
	entries := replayEntry.FindAllStringSubmatch(page, -1)
	if len(entries) < 2 {
		t.Fatalf("%d entries: %.600s", len(entries), page)
	}
	place := regexp.MustCompile(`you: (1st|2nd|3rd|4th)`)
	for _, en := range entries {
		body := en[2]
		m := place.FindStringSubmatch(body)
		if m == nil || !strings.Contains(body, " came first") && !strings.Contains(body, " tied for first") {
			t.Fatalf("deal %s: %s", en[1], body)
		}
		if annFirst := strings.Contains(body, ">Ann came first") || strings.Contains(body, "Ann and ") && strings.Contains(body, "tied"); annFirst != (m[1] == "1st") {
			t.Fatalf("deal %s: Ann's place and who came first disagree: %s", en[1], body)
		}
	}
	_, other := e.client().get("/t/" + code + "/replays")
	if strings.Contains(other, "you: ") || !strings.Contains(other, " came first") && !strings.Contains(other, " tied for first") {
		t.Fatalf("a watcher's list: %.600s", other)
	}
}
