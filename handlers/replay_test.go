package handlers

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/tablegames/tables/room"
)

// stageOf renders what a seat sees of the game, without clocks or
// presence: what a replay shows.
func stageOf(r *room.Room, seat int) string { return r.GameHTML(seat, false) }

var replayStage = regexp.MustCompile(`(?s)<div class="replay-stage" inert>(.*)</div><section class="panel" aria-labelledby="replay-log-h">`)

// TestReplaysReproduceTheGame plays each game, noting after every entry
// what seat 0, seat 1 and a watcher saw; then every step of every
// finished deal's replay must show exactly that. In Hold'em a replay of
// another player's seat is refused: cards never shown stay hidden.
func TestReplaysReproduceTheGame(t *testing.T) {
	for _, g := range fairGames {
		form := mustForm(g.form)
		kind := form.Get("kind")
		t.Run(kind, func(t *testing.T) {
			e := newEnv(t, fastConfig())
			var mu sync.Mutex
			live := map[int64]map[int]string{}     // seq → seat → stage
			hidden := map[int64]map[int][]string{} // seq → seat → what it could not see
			e.srv.rt.CommitHook = func(r *room.Room) {
				if r.Table().Match == nil {
					return
				}
				views, secrets := map[int]string{}, map[int][]string{}
				for _, seat := range []int{-1, 0, 1} {
					views[seat] = stageOf(r, seat)
					secrets[seat] = hiddenFor[kind](r.Table().Match, seat)
				}
				mu.Lock()
				live[r.Table().Seq], hidden[r.Table().Seq] = views, secrets
				mu.Unlock()
			}
			host := e.client()
			code := host.createTable("Ann", form)
			host.lobby(code, "do", "start")
			playHumansUntil(t, e, code, map[int]*client{0: host}, g.done)
			what, spans, err := e.srv.rt.Replays(context.Background(), code, "")
			if err != nil {
				t.Fatal(err)
			}
			if len(spans) == 0 {
				t.Fatal("no finished deal to replay")
			}
			seats := []int{-1, 0, 1}
			checked := 0
			for n, sp := range spans {
				for step := 0; step <= int(sp.To-sp.From); step++ {
					seq := sp.From + int64(step)
					mu.Lock()
					want, secrets := live[seq], hidden[seq]
					mu.Unlock()
					for _, seat := range seats {
						status, page := host.get("/t/" + code + "/replay/" + itoa(n+1) + "?seat=" + itoa(seat) + "&step=" + itoa(step))
						if kind == "holdem" && seat == 1 {
							if status != 403 {
								t.Fatalf("a Hold'em replay of another seat: %d", status)
							}
							continue
						}
						m := replayStage.FindStringSubmatch(page)
						if status != 200 || m == nil {
							t.Fatalf("replay %d step %d seat %d: %d %.300s", n+1, step, seat, status, page)
						}
						// in Hold'em the whole page, log included, holds no card the
						// seat could not see then (unshown hands stay hidden)
						if kind == "holdem" {
							for _, secret := range secrets[seat] {
								if strings.Contains(page, secret) {
									t.Fatalf("replay %d step %d seat %d shows %s", n+1, step, seat, secret)
								}
							}
						}
						if m[1] != want[seat] {
							t.Fatalf("replay %d step %d (seq %d) seat %d differs from what the seat saw:\nlive   %.400s\nreplay %.400s", n+1, step, seq, seat, want[seat], m[1])
						}
						checked++
					}
				}
			}
			t.Logf("%d finished %ss, %d replay steps and seats match the live views", len(spans), what, checked)
			// the tables link replay N as deal or hand N
			for n := 1; n <= len(spans); n++ {
				_, page := host.get("/t/" + code + "/replay/" + itoa(n))
				want := map[string]string{"president": "Deal " + itoa(n), "holdem": "Hand " + itoa(n) + ":"}[kind]
				if !strings.Contains(page, want) {
					t.Fatalf("replay %d is not %s %d", n, what, n)
				}
			}
			// linked from the table
			_, list := host.get("/t/" + code + "/replays")
			if !strings.Contains(list, "/t/"+code+"/replay/1") {
				t.Fatal("the replays page does not list the first one")
			}
		})
	}
}
