package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tablegames/tables/room"
)

// fairGames are the tables the fairness tests play (one human, bots), and
// when each has finished enough deals.
var fairGames = []struct {
	form  string
	done  func(r *room.Room) bool
	deals int // seeds revealed at least
}{
	{"kind=president&ruleset=house&seats=4&bots=on&clock=0", func(r *room.Room) bool { return logCount(r, "The deal is over: its seed was") >= 2 }, 2},
	{"kind=holdem&seats=4&bots=on&clock=0", func(r *room.Room) bool { return logCount(r, "The hand is over: its seed was") >= 3 }, 3},
	// a cash table with every option, and a sit-and-go to its winner
	{"kind=holdem&seats=4&bots=on&clock=0&stack_bb=20&ante=bb&straddle=on&twice=on&muck=on&bomb_bb=1&bomb_every=2",
		func(r *room.Room) bool { return logCount(r, "The hand is over: its seed was") >= 6 }, 6},
	{"kind=holdem&seats=4&bots=on&clock=0&format=sng&structure=turbo&level=2h&payout=65/35", func(r *room.Room) bool { return r.Table().Match.Over() }, 3},
	{"kind=impetus&seats=3&bots=on&clock=0", func(r *room.Room) bool { return r.Table().Match.Over() }, 1},
	{"kind=lowunique&seats=3&rounds=3&bots=on&clock=0", func(r *room.Room) bool { return atRest(r.Table().Match) }, 0},
}

// TestFairRoundTrip plays each game until deals are over, then checks
// its record: every seed matches the commitment logged before its deal,
// and the moves replayed from the seeds give back the log. Tampering with
// a seed or one logged card or number makes the check fail.
func TestFairRoundTrip(t *testing.T) {
	for _, g := range fairGames {
		form := mustForm(g.form)
		t.Run(form.Get("kind"), func(t *testing.T) {
			e := newEnv(t, fastConfig())
			host := e.client()
			code := host.createTable("Ann", form)
			host.lobby(code, "do", "start")
			playHumansUntil(t, e, code, map[int]*client{0: host}, g.done)
			rec, err := e.srv.rt.FairRecord(context.Background(), code)
			if err != nil {
				t.Fatal(err)
			}
			v, err := room.Verify(rec)
			if err != nil {
				t.Fatalf("an honest record does not verify: %v", err)
			}
			if len(v.Deals) < g.deals || v.Lines < 10 {
				t.Fatalf("verified %d seeds and %d lines", len(v.Deals), v.Lines)
			}
			if form.Get("format") == "sng" {
				// the export names each hand's level (2 hands a level)
				status, text := host.get("/t/" + code + "/hands.txt")
				if status != 200 || !strings.Contains(text, "Hand #1: Hold'em No Limit (10/20)\nLevel 1: blinds 10/20\n") ||
					!strings.Contains(text, "Hand #3: Hold'em No Limit (20/40)\nLevel 2: blinds 20/40\n") {
					t.Fatalf("the sit-and-go's export (%d):\n%.1500s", status, text)
				}
			}
			// each commitment is in the log before its deal, the seed after
			commits, reveals := 0, 0
			for _, l := range rec.Log {
				switch {
				case strings.Contains(l, "is committed: SHA-256"):
					if commits != reveals {
						t.Fatal("a second commitment before the first seed was revealed")
					}
					commits++
				case strings.Contains(l, "is over: its seed was"):
					reveals++
					if reveals != commits {
						t.Fatal("a seed revealed without a commitment before it")
					}
				}
			}
			// no secret in the record: it ends where every deal is over
			var last struct {
				T string `json:"t"`
			}
			json.Unmarshal(rec.Entries[len(rec.Entries)-1], &last)
			if last.T == "commit" {
				t.Fatal("the record holds the seed of a deal not yet played")
			}
			for _, data := range rec.Entries {
				if strings.Contains(string(data), `"player":"`) && !strings.Contains(string(data), `"player":"player-`) {
					t.Fatalf("a session's player id in the record: %s", data)
				}
			}
			t.Logf("%d seeds, %d entries, %d lines verified", len(v.Deals), len(rec.Entries), v.Lines)

			// tampering: a seed
			if len(v.Deals) > 0 {
				bad := clone(rec)
				for i, data := range bad.Entries {
					var en map[string]any
					d := json.NewDecoder(strings.NewReader(string(data)))
					d.UseNumber()
					d.Decode(&en)
					if en["t"] == "commit" {
						seed, _ := strconv.ParseUint(string(en["seed"].(json.Number)), 10, 64)
						en["seed"] = seed ^ 1
						bad.Entries[i], _ = json.Marshal(en)
						break
					}
				}
				if _, err := room.Verify(bad); !errors.Is(err, room.ErrTampered) {
					t.Fatalf("a changed seed verifies: %v", err)
				}
			}
			// tampering: one card (a card game), else a die roll or another
			// number drawn from the seed, in one line
			bad := clone(rec)
			changed := false
			for _, re := range []*regexp.Regexp{card, dice, number} {
				for i, l := range bad.Log {
					if changed || strings.Contains(l, "committed") || strings.Contains(l, "its seed was") {
						continue
					}
					if m := re.FindStringIndex(l); m != nil {
						bad.Log[i] = l[:m[0]] + swapToken(l[m[0]:m[1]]) + l[m[1]:]
						changed = true
						t.Logf("tampered: %q → %q", l, bad.Log[i])
					}
				}
			}
			if !changed {
				t.Fatal("no line with a card or a number")
			}
			// the verifier says why in English, the page in its reader's words
			var why *room.Tampered
			if _, err := room.Verify(bad); !errors.Is(err, room.ErrTampered) || !errors.As(err, &why) || why.Msg.Key != "verify.error.line" ||
				!strings.HasPrefix(err.Error(), "the record does not verify: log line ") {
				t.Fatalf("a changed log line verifies, or is not told: %v", err)
			}

			// the page and the download
			status, page := host.get("/t/" + code + "/verify")
			if status != 200 || !strings.Contains(page, "<strong>Yes.</strong>") {
				t.Fatalf("verify page: %d %.300s", status, page)
			}
			_, body := host.get("/t/" + code + "/fair.json")
			var got room.FairRecord
			// the bots play on: the download holds the record read above,
			// and maybe deals finished since, and verifies
			if err := json.Unmarshal([]byte(body), &got); err != nil || len(got.Entries) < len(rec.Entries) {
				t.Fatalf("fair.json: %v, %d entries of %d", err, len(got.Entries), len(rec.Entries))
			}
			for i := range rec.Entries {
				var a, b bytes.Buffer
				json.Compact(&a, got.Entries[i])
				json.Compact(&b, rec.Entries[i])
				if a.String() != b.String() {
					t.Fatalf("fair.json's entry %d differs: %s, not %s", i, a.String(), b.String())
				}
			}
			if _, err := room.Verify(got); err != nil {
				t.Fatalf("the downloaded record does not verify: %v", err)
			}
		})
	}
}

// card, dice and number find what a tampering test changes in a line: a
// card ("10♠", "Q♥"), a die of an Impetus war ("4+3"), any number.
var (
	card   = regexp.MustCompile(`(10|[2-9JQKA])[♠♥♦♣]`)
	dice   = regexp.MustCompile(`\d\+\d`)
	number = regexp.MustCompile(`\d+`)
)

// swapToken changes a card's rank or a number.
func swapToken(s string) string {
	switch {
	case strings.HasPrefix(s, "10"):
		return "9" + s[2:]
	case s[0] >= '2' && s[0] <= '8' && len(s) > 1 && !(s[1] >= '0' && s[1] <= '9'):
		return string(s[0]+1) + s[1:]
	case s[0] >= 'A' && s[0] <= 'Z' || s[0] == '9':
		return "2" + s[1:]
	}
	return s + "1"
}

func clone(r room.FairRecord) room.FairRecord {
	c := r
	c.Entries = append([]json.RawMessage(nil), r.Entries...)
	c.Log = append([]string(nil), r.Log...)
	return c
}
