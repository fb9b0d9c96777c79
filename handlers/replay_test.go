package handlers

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// stageOf renders what a seat sees of the game, without clocks or
// presence: what a replay shows.
func stageOf(r *Room, seat int) string {
	comp, _ := r.kind.render(replayView(r.code, r.t, seat))
	var b bytes.Buffer
	comp.Render(context.Background(), &b)
	return b.String()
}

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
			e.srv.commitHook = func(r *Room) {
				if r.t.Match == nil {
					return
				}
				views, secrets := map[int]string{}, map[int][]string{}
				for _, seat := range []int{-1, 0, 1} {
					views[seat] = stageOf(r, seat)
					secrets[seat] = hiddenFor[kind](r.t.Match, seat)
				}
				mu.Lock()
				live[r.t.Seq], hidden[r.t.Seq] = views, secrets
				mu.Unlock()
			}
			host := e.client()
			code := host.createTable("Ann", form)
			host.lobby(code, "do", "start")
			playHumansUntil(t, e, code, map[int]*client{0: host}, g.done)
			ix, done, err := e.srv.replayIndex(context.Background(), code)
			if err != nil {
				t.Fatal(err)
			}
			spans := ix.spans
			done()
			if len(spans) == 0 {
				t.Fatal("no finished deal to replay")
			}
			seats := []int{-1, 0, 1}
			checked := 0
			for n, sp := range spans {
				for step := 0; step <= int(sp.to-sp.from); step++ {
					seq := sp.from + int64(step)
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
			t.Logf("%d finished %ss, %d replay steps and seats match the live views", len(spans), dealWord(e.srv.kinds[kind]), checked)
			// the tables link replay N as deal or hand N
			for n := 1; n <= len(spans); n++ {
				_, page := host.get("/t/" + code + "/replay/" + itoa(n))
				want := map[string]string{"president": "Deal " + itoa(n), "holdem": "Hand " + itoa(n) + ":"}[kind]
				if !strings.Contains(page, want) {
					t.Fatalf("replay %d is not %s %d", n, dealWord(e.srv.kinds[kind]), n)
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
