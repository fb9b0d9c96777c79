package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/game/impetus"
	"github.com/tablegames/tables/game/lowunique"
	"github.com/tablegames/tables/game/president"
	"github.com/tablegames/tables/room"
)

// buildGoBot builds the example bot (examples/gobot) for a test.
func buildGoBot(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "gobot")
	out, err := exec.Command("go", "build", "-o", bin, "../examples/gobot").CombinedOutput()
	if err != nil {
		t.Fatalf("build the example bot: %v\n%s", err, out)
	}
	return bin
}

var tokenRe = regexp.MustCompile(`id="bot-token-value"[^>]*value="(tb_[A-Za-z0-9_-]+)"`)

// seatRemote makes seat a remote bot named name, as the host does from
// the table's page, and returns the token the page shows once.
func (c *client) seatRemote(code string, seat int, name string) string {
	c.t.Helper()
	status, body, _ := c.post("/t/"+code+"/bots", url.Values{"do": {"seat"}, "seat": {itoa(seat)}, "bot_name": {name}})
	if status != http.StatusOK {
		c.t.Fatalf("seat a remote bot in seat %d: %d %s", seat, status, body)
	}
	m := tokenRe.FindStringSubmatch(body)
	if m == nil {
		c.t.Fatalf("no token shown: %.500s", body)
	}
	return m[1]
}

// remoteTable is a table the remote bot tests play.
type remoteTable struct {
	game, form string
	over       func(r *room.Room) bool
}

// remoteTables are the tables the all-remote test plays, and when a whole
// game is over: President plays deal after deal (one deal is its game),
// Hold'em a sit-and-go to its winner, Lowest Unique and Impetus to their
// end.
var remoteTables = []remoteTable{
	{"president", "ruleset=house&seats=4&clock=0", func(r *room.Room) bool {
		return len(r.Table().Match.(*president.Match).State.History) >= 1
	}},
	{"holdem", "seats=4&clock=0&format=sng&structure=turbo&level=1h&payout=65/35", func(r *room.Room) bool { return r.Table().Match.Over() }},
	{"lowunique", "seats=4&rounds=4&cards=6&reveal=1&clock=0", func(r *room.Room) bool {
		return r.Table().Match.(*lowunique.Match).State.Phase == lowunique.Over
	}},
	{"impetus", "seats=3&clock=0", func(r *room.Room) bool {
		return r.Table().Match.(*impetus.Match).State.Phase == impetus.Over
	}},
}

// TestRemoteBotsPlayWholeGames plays a whole game of each game with every
// seat a remote bot: the host seats a remote bot in each seat (their own
// included) and starts; the example bot (examples/gobot, built and run as
// a program) plays each seat over the real HTTP API until the game is
// over. Every move of every seat is the program's own (none by a clock,
// an absence or a built-in bot), and the bots exit by themselves at the
// end (President, which deals on for ever, is stopped after a deal).
func TestRemoteBotsPlayWholeGames(t *testing.T) {
	bin := buildGoBot(t)
	for _, tc := range remoteTables {
		t.Run(tc.game, func(t *testing.T) {
			e := newEnv(t, fastConfig())
			code, tokens := openRemote(t, e, tc.game, tc.form)
			playRemote(t, e, bin, code, tokens, tc.game, tc.over)
		})
	}
}

// remoteTable opens a table of the form whose every seat is a remote
// bot, and starts it: its code and the seats' tokens.
func openRemote(t *testing.T, e *env, kind, form string) (string, []string) {
	t.Helper()
	host := e.client()
	f, _ := url.ParseQuery(form + "&kind=" + kind)
	code := host.createTable("Ann", f)
	seats := 0
	e.inRoom(code, func(r *room.Room) { seats = len(r.Table().Seats) })
	tokens := make([]string, seats)
	for i := range tokens {
		tokens[i] = host.seatRemote(code, i, "Bot"+itoa(i+1)+"x")
	}
	if status, body := host.lobby(code, "do", "start"); status != http.StatusNoContent {
		t.Fatalf("start: %d %s", status, body)
	}
	return code, tokens
}

// playRemote runs the example bot for each token until over holds, and
// checks every seat's moves were its program's.
func playRemote(t *testing.T, e *env, bin, code string, tokens []string, game string, over func(r *room.Room) bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	type run struct {
		cmd *exec.Cmd
		out bytes.Buffer
	}
	runs := make([]*run, len(tokens))
	for i, tok := range tokens {
		rn := &run{cmd: exec.CommandContext(ctx, bin, "-server", e.http.URL, "-table", code, "-token", tok, "-seed", itoa(i+1))}
		rn.cmd.Stdout, rn.cmd.Stderr = &rn.out, &rn.out
		if err := rn.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		runs[i] = rn
	}
	deadline := time.Now().Add(botGameTimeout)
	for done := false; !done; time.Sleep(20 * time.Millisecond) {
		e.inRoom(code, func(r *room.Room) { done = over(r) })
		if time.Now().After(deadline) {
			for i, rn := range runs {
				t.Logf("bot %d:\n%s", i, rn.out.String())
			}
			e.inRoom(code, func(r *room.Room) {
				tb := r.Table()
				t.Logf("seats %+v waiting %v", tb.Seats, tb.Match.Waiting())
				for _, l := range tb.Log[max(len(tb.Log)-15, 0):] {
					t.Log(l.String())
				}
			})
			t.Fatal("the game did not end in time")
		}
	}
	for i, rn := range runs {
		if game == "president" {
			rn.cmd.Process.Signal(os.Interrupt)
		}
		if err := rn.cmd.Wait(); err != nil && game != "president" {
			t.Errorf("bot %d: %v\n%s", i, err, rn.out.String())
		}
	}
	// every seat's move was its program's
	entries, err := e.db.Log(context.Background(), code, 0)
	if err != nil {
		t.Fatal(err)
	}
	moves := map[int]int{}
	for _, en := range entries {
		var le struct {
			T    string `json:"t"`
			Seat int    `json:"seat"`
			By   string `json:"by"`
		}
		json.Unmarshal(en.Entry, &le)
		if le.T == "move" && le.Seat >= 0 {
			if le.By != "" {
				t.Errorf("seat %d moved by %q, not by its program", le.Seat, le.By)
			}
			moves[le.Seat]++
		}
		if le.T == "away" {
			t.Errorf("seat %d went away: its program was gone", le.Seat)
		}
	}
	for i := range tokens {
		if moves[i] == 0 {
			t.Errorf("seat %d never moved", i)
		}
	}
	t.Logf("%s: %d log entries, moves per seat %v", game, len(entries), moves)
}

var botGameTimeout = 150 * time.Second

// TestBotsDocHoldsTheSpec: docs/BOTS.md carries the OpenAPI description
// the server serves, word for word, and the server serves it.
func TestBotsDocHoldsTheSpec(t *testing.T) {
	doc, err := os.ReadFile("../docs/BOTS.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "```yaml\n"+string(BotAPISpec())+"```") {
		t.Error("docs/BOTS.md's OpenAPI block is not handlers/botapi.yaml")
	}
	e := newEnv(t, fastConfig())
	resp, err := http.Get(e.http.URL + BotAPIPrefix + "/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !bytes.Equal(body, BotAPISpec()) {
		t.Errorf("GET openapi.yaml: %d, %d bytes", resp.StatusCode, len(body))
	}
}
