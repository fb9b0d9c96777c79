package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/game/lowunique"
	"github.com/tablegames/tables/room"
)

// TestLLMBridgePlaysAGame seats two language models at a Lowest Unique
// table through the example bridge (examples/llmbridge, built and run as
// a program) and a stand-in OpenAI-compatible endpoint that answers with
// a legal move from the prompt, except every fourth answer, which is not
// JSON: the bridge plays the table's auto move then, says why, and the
// game reaches its end with every move the programs'. Every question had
// the built-in LLM seat's rules: the seat's view alone, one JSON object.
func TestLLMBridgePlaysAGame(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "llmbridge")
	if out, err := exec.Command("go", "build", "-o", bin, "../examples/llmbridge").CombinedOutput(); err != nil {
		t.Fatalf("build the bridge: %v\n%s", err, out)
	}
	var mu sync.Mutex
	var systems []string
	asked := 0
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model    string `json:"model"`
			Messages []struct{ Role, Content string }
		}
		json.NewDecoder(r.Body).Decode(&req)
		mu.Lock()
		asked++
		n := asked
		systems = append(systems, req.Messages[0].Content)
		mu.Unlock()
		user := req.Messages[1].Content
		_, list, _ := strings.Cut(user, "Your legal moves (JSON):\n")
		var moves []struct {
			Move map[string]any `json:"move"`
		}
		json.Unmarshal([]byte(strings.TrimSpace(list)), &moves)
		answer := "I would rather not say."
		if n%4 != 0 && len(moves) > 0 {
			b, _ := json.Marshal(map[string]any{"move": moves[len(moves)-1].Move})
			answer = "```json\n" + string(b) + "\n```"
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]string{"content": answer}}}})
	}))
	defer model.Close()

	e := newEnv(t, fastConfig())
	code, tokens := openRemote(t, e, "lowunique", "seats=2&rounds=3&cards=5&reveal=1&clock=0")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	outs := make([]*bytes.Buffer, len(tokens))
	cmds := make([]*exec.Cmd, len(tokens))
	for i, tok := range tokens {
		outs[i] = &bytes.Buffer{}
		cmds[i] = exec.CommandContext(ctx, bin, "-server", e.http.URL, "-table", code, "-token", tok, "-llm", model.URL, "-model", "stand-in")
		cmds[i].Stdout, cmds[i].Stderr = outs[i], outs[i]
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	e.waitRoom(code, "the game's end", func(r *room.Room) bool {
		return r.Table().Match.(*lowunique.Match).State.Phase == lowunique.Over
	})
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Errorf("bridge %d: %v\n%s", i, err, outs[i])
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if asked < 4 {
		t.Fatalf("the model was asked %d times", asked)
	}
	for _, s := range systems {
		if !strings.Contains(s, "You are shown only what your seat may see") || !strings.Contains(s, "one JSON object and nothing else") {
			t.Fatalf("a question without the LLM seat's rules: %q", s)
		}
	}
	said := outs[0].String() + outs[1].String()
	if !strings.Contains(said, "the reply is not the JSON asked for") {
		t.Errorf("the bridge never said why it played the auto move:\n%s", said)
	}
	entries, _ := e.db.Log(context.Background(), code, 0)
	for _, en := range entries {
		var le struct {
			T, By string
			Seat  int
		}
		json.Unmarshal(en.Entry, &le)
		if le.T == "move" && le.Seat >= 0 && le.By != "" {
			t.Errorf("seat %d moved by %q", le.Seat, le.By)
		}
	}
}
