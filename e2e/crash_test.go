package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/room"
)

// crashTables are the tables the crash test opens, one per game and
// variant; later games join here.
var crashTables = []url.Values{
	{"kind": {"president"}, "ruleset": {"house"}, "seats": {"4"}, "bots": {"on"}, "clock": {"0"}},
	{"kind": {"president"}, "ruleset": {"standard"}, "seats": {"5"}, "bots": {"on"}, "clock": {"0"}},
	{"kind": {"president"}, "ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"}},
	{"kind": {"holdem"}, "blinds": {"10/20"}, "stack_bb": {"100"}, "seats": {"6"}, "bots": {"on"}, "clock": {"0"}},
	{"kind": {"holdem"}, "blinds": {"25/50"}, "stack_bb": {"20"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"}},
	{"kind": {"lowunique"}, "seats": {"4"}, "rounds": {"20"}, "bots": {"on"}, "clock": {"0"}, "reveal": {"1"}},
	{"kind": {"lowunique"}, "seats": {"2"}, "rounds": {"8"}, "cards": {"4"}, "bots": {"on"}, "clock": {"0"}},
	{"kind": {"impetus"}, "seats": {"6"}, "bots": {"on"}, "clock": {"0"}},
	{"kind": {"impetus"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"}},
}

// TestCrashRestartLosesNothing runs bot-driven tables, kills the server
// with SIGKILL at random moments, and restarts it on the same database,
// many times. After each kill: every move a viewer was shown (the sequence
// number each push carries) is in the log, and the table rebuilt from its
// snapshot equals the table replayed from the first entry.
func TestCrashRestartLosesNothing(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	fast := []string{"-bot-delay-min", "1ms", "-bot-delay-max", "4ms", "-next-deal-delay", "5ms", "-absent-autoplay", "5ms", "-absent-grace", "50ms"}
	srv := startServerArgs(t, data, "", fast...)
	var codes []string
	for _, form := range crashTables {
		codes = append(codes, createAndStart(t, srv.url, form))
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	kills := 8
	progress := map[string]int64{}
	over := map[string]bool{}
	for k := 0; k < kills; k++ {
		watch := watchAcks(t, srv.url, codes)
		// every table still playing moves past where the last kill left it
		// (a loaded machine may take a while to replay and restart them),
		// then the bots play for a random while more before the plug is pulled
		watch.waitPast(t, progress, over)
		time.Sleep(time.Duration(100+rng.IntN(400)) * time.Millisecond)
		srv.kill()
		acked := watch.stop(time.Now())

		d, err := db.Open(context.Background(), filepath.Join(data, "tables.db"))
		if err != nil {
			t.Fatal(err)
		}
		for _, code := range codes {
			seq, fromSnap, err := room.Replay(context.Background(), d, code, false)
			if err != nil {
				t.Fatalf("kill %d, table %s: %v", k, code, err)
			}
			seq2, fromStart, err := room.Replay(context.Background(), d, code, true)
			if err != nil {
				t.Fatalf("kill %d, table %s: replay from the start: %v", k, code, err)
			}
			if seq != seq2 || !bytes.Equal(fromSnap, fromStart) {
				t.Fatalf("kill %d, table %s: the snapshot path (seq %d) and the full replay (seq %d) differ", k, code, seq, seq2)
			}
			if seq < acked[code] {
				t.Fatalf("kill %d, table %s: viewers saw entry %d but the log ends at %d", k, code, acked[code], seq)
			}
			if seq <= progress[code] && k > 0 && !over[code] {
				t.Fatalf("kill %d, table %s: no progress since the last restart (seq %d)", k, code, seq)
			}
			progress[code] = seq
			over[code] = gameOver(fromStart)
		}
		d.Close()
		srv = startServerArgs(t, data, srv.addr, fast...)
	}
	t.Logf("%d kills; log lengths %v", kills, progress)
}

// gameOver reports a table whose game ended (one of its last log lines
// says so, before the seed's reveal): it makes no progress by itself.
func gameOver(snapshot []byte) bool {
	var s struct {
		Table struct {
			Log []struct {
				Text string
				Msg  *struct{ Key string }
			}
		}
	}
	if json.Unmarshal(snapshot, &s) != nil || len(s.Table.Log) == 0 {
		return false
	}
	for _, l := range s.Table.Log[max(0, len(s.Table.Log)-3):] {
		// a line from before the catalogs, or a game's "Game over" line
		// (Impetus' log.impetus.game_over, Lowest Unique's winner or
		// winners)
		if strings.HasPrefix(l.Text, "Game over") || l.Msg != nil && (strings.Contains(l.Msg.Key, ".game_over") || l.Msg.Key == "log.lowunique.wins" || l.Msg.Key == "log.lowunique.share") {
			return true
		}
	}
	return false
}

// createAndStart opens a table with a host who then leaves it to the
// bots, and starts it.
func createAndStart(t *testing.T, base string, form url.Values) string {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	return createAndStartWith(t, &http.Client{Jar: jar, Timeout: 10 * time.Second}, base, form)
}

// csrfRe finds a page's CSRF token.
var csrfRe = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

// createAndStartWith is createAndStart with the host's client.
func createAndStartWith(t *testing.T, c *http.Client, base string, form url.Values) string {
	t.Helper()
	_, body := get(t, c, base+"/")
	token := csrfRe.FindStringSubmatch(body)[1]
	form = cloneValues(form)
	form.Set("name", "Host")
	form.Set("_csrf", token)
	resp, err := c.PostForm(base+"/tables", form)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := regexp.MustCompile(`/t/([A-Z0-9]{4,10})/ws`).FindStringSubmatch(string(page))
	if m == nil {
		t.Fatalf("create: %d %.300s", resp.StatusCode, page)
	}
	if st, body := postForm(t, c, base+"/t/"+m[1]+"/lobby", token, url.Values{"do": {"start"}}); st != http.StatusNoContent {
		t.Fatalf("start: %d %.200s", st, body)
	}
	return m[1]
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}

var seqRe = regexp.MustCompile(`id="seq" hidden data-seq="(\d+)"`)

// waitPast waits until every table not over has pushed an entry past its
// mark.
func (w *acks) waitPast(t *testing.T, marks map[string]int64, over map[string]bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		behind := ""
		w.mu.Lock()
		for code, mark := range marks {
			if as := w.seen[code]; !over[code] && (len(as) == 0 || as[len(as)-1].seq <= mark) {
				behind = code
			}
		}
		w.mu.Unlock()
		if behind == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s made no progress past entry %d in 20 s", behind, marks[behind])
		}
		time.Sleep(5 * time.Millisecond)
	}
}
