package handlers

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/tablegames/tables/room"
)

// sendMoveFrame sends a move over a player's socket as the page does
// (static/app.js: the form's fields as JSON, htmx's HEADERS beside
// them) and waits until the table has taken it.
func sendMoveFrame(t *testing.T, e *env, code string, w *ws, mv url.Values) {
	t.Helper()
	var seq int64
	e.inRoom(code, func(r *room.Room) { seq = r.Table().Seq })
	f := map[string]any{"HEADERS": map[string]string{"HX-Request": "true", "HX-Current-URL": e.http.URL + "/t/" + code}}
	for k, vs := range mv {
		if len(vs) == 1 {
			f[k] = vs[0]
		} else {
			f[k] = vs
		}
	}
	b, _ := json.Marshal(f)
	if err := w.conn.WriteMessage(websocket.TextMessage, b); err != nil {
		t.Fatal(err)
	}
	e.waitRoom(code, "the move sent over the socket", func(r *room.Room) bool { return r.Table().Seq > seq })
}

// TestSocketMovesAreFormMoves: a scripted table of each game played
// with its moves sent over the movers' websockets leaves the same log
// entries and the same pushes, byte for byte, to every viewer as the
// same table played by posting the forms.
func TestSocketMovesAreFormMoves(t *testing.T) {
	scripts := []goldenScript{
		{kind: "president", form: url.Values{"ruleset": {"house"}, "seats": {"3"}}, players: []string{"Ann", "Bob", "Cat"}, moves: 14},
		{kind: "holdem", form: url.Values{"blinds": {"10/20"}, "seats": {"3"}}, players: []string{"Ann", "Bob", "Cat"}, moves: 6},
		{kind: "lowunique", form: url.Values{"seats": {"3"}}, players: []string{"Ann", "Bob", "Cat"}, moves: 6},
		{kind: "impetus", form: url.Values{"seats": {"2"}}, players: []string{"Ann", "Bob"}, moves: 6},
	}
	for _, sc := range scripts {
		t.Run(sc.kind, func(t *testing.T) {
			posted, sent := playScripted(t, sc, postMove), playScripted(t, sc, sendMove)
			if strings.Count(posted.log, "\n") < sc.moves {
				t.Fatalf("the posted table's log has %d entries", strings.Count(posted.log, "\n"))
			}
			if sent.log != posted.log {
				t.Errorf("the log differs: %s", firstDiff(posted.log, sent.log))
			}
			if sent.tape != posted.tape {
				t.Errorf("the pushes differ: %s", firstDiff(posted.tape, sent.tape))
			}
		})
	}
}

// TestRefusedMoveAnswersAlike: a move the table refuses (not the
// player's turn; a form the move limits refuse) answers the same code
// and sentence whether posted or sent over the socket; the socket's
// answer goes to that connection only, and changes nothing.
func TestRefusedMoveAnswersAlike(t *testing.T) {
	cfg := fastConfig()
	cfg.BotDelayMin, cfg.BotDelayMax = time.Hour, time.Hour
	e := newEnv(t, cfg)
	ann, bob, code := annAndBob(e, url.Values{"ruleset": {"standard"}, "seats": {"2"}, "clock": {"0"}})
	annWS, bobWS := ann.dial(code), bob.dial(code)
	annWS.waitFor(t, "the table", func(m string) bool { return strings.Contains(m, `id="seq"`) })
	bobWS.waitFor(t, "the table", func(m string) bool { return strings.Contains(m, `id="seq"`) })
	var waiting int
	e.inRoom(code, func(r *room.Room) { waiting = r.Table().Match.Waiting()[0] })
	idle := map[int]*client{0: bob, 1: ann}[waiting] // seat 0 is Ann's
	idleWS := map[int]*ws{0: bobWS, 1: annWS}[waiting]
	otherWS := map[int]*ws{0: annWS, 1: bobWS}[waiting]
	long := strings.Repeat("x", 65)
	for _, mv := range []url.Values{{"kind": {"pass"}}, {"kind": {"play"}, "card": {long}}} {
		status, body, h := idle.post("/t/"+code+"/act", mv)
		if status != 422 || h.Get("X-Error-Code") == "" || body == "" {
			t.Fatalf("posted %v: %d %q %q", mv, status, h.Get("X-Error-Code"), body)
		}
		before := len(otherWS.all())
		var seq int64
		e.inRoom(code, func(r *room.Room) { seq = r.Table().Seq })
		f := map[string]any{}
		for k, vs := range mv {
			f[k] = vs[0]
		}
		b, _ := json.Marshal(f)
		n := len(idleWS.all())
		if err := idleWS.conn.WriteMessage(websocket.TextMessage, b); err != nil {
			t.Fatal(err)
		}
		want := `<p id="message" role="alert" aria-live="assertive" data-code="` + h.Get("X-Error-Code") + `">` + body + `</p>`
		i := 0 // waitFor reads the messages in order, from the first
		got := idleWS.waitFor(t, "the refusal", func(m string) bool { i++; return i > n && strings.HasPrefix(m, `<p id="message"`) })
		if got != want {
			t.Errorf("sent %v: %q, posted: %q", mv, got, want)
		}
		e.inRoom(code, func(r *room.Room) {
			if r.Table().Seq != seq {
				t.Errorf("a refused move changed the table: seq %d → %d", seq, r.Table().Seq)
			}
		})
		if after := otherWS.all(); len(after) != before {
			t.Errorf("the other player got %q", after[before:])
		}
	}
}
