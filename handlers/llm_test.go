package handlers

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/holdem"
)

// stubModel answers chat completions with answer(prompt) and remembers
// every prompt.
func stubModel(t *testing.T, answer func(prompt string, w http.ResponseWriter, r *http.Request)) (*httptest.Server, func() []string) {
	var mu sync.Mutex
	var prompts []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer key" {
			http.Error(w, "bad request", 400)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var req struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		json.Unmarshal(body, &req)
		p := req.Messages[len(req.Messages)-1].Content
		mu.Lock()
		prompts = append(prompts, p)
		mu.Unlock()
		answer(p, w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), prompts...)
	}
}

func reply(content string) func(string, http.ResponseWriter, *http.Request) {
	return func(_ string, w http.ResponseWriter, _ *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]string{"content": content}}}})
	}
}

func TestLLMBot(t *testing.T) {
	// three players; seat 0 (the button) acts first preflop, facing the blind
	s, _ := holdem.New(holdem.DefaultRules, 3)
	s, _, _ = holdem.Apply(s, game.System, holdem.Action{Kind: holdem.Deal, Seed: 4})
	names := func(i int) string { return []string{"Ann", "Bob", "Cy"}[i] }
	cases := []struct {
		name   string
		answer func(string, http.ResponseWriter, *http.Request)
		want   holdem.Action
		note   string
	}{
		{"a good answer", reply(`{"action": "raise", "amount": 60}`), holdem.Action{Kind: holdem.BetTo, Amount: 60}, ""},
		{"a fenced answer", reply("```json\n{\"action\":\"call\"}\n```"), holdem.Action{Kind: holdem.Call}, ""},
		{"garbage", reply("I think I will raise a lot!"), holdem.Action{Kind: holdem.Fold}, "not the JSON"},
		{"an illegal raise", reply(`{"action": "raise", "amount": 25}`), holdem.Action{Kind: holdem.Fold}, "not a legal action"},
		{"a check facing a bet", reply(`{"action": "check"}`), holdem.Action{Kind: holdem.Fold}, "not a legal action"},
		{"an error", func(_ string, w http.ResponseWriter, _ *http.Request) {
			http.Error(w, "overloaded", http.StatusServiceUnavailable)
		}, holdem.Action{Kind: holdem.Fold}, "could not be reached"},
		{"a hang", func(_ string, _ http.ResponseWriter, r *http.Request) { <-r.Context().Done() /* never answers */ }, holdem.Action{Kind: holdem.Fold}, "in time"},
	}
	for _, tc := range cases {
		srv, prompts := stubModel(t, tc.answer)
		ask := OpenAIAsk(LLMConfig{BaseURL: srv.URL + "/v1", APIKey: "key", Model: "m"}, srv.Client())
		v := s.View(s.Turn)
		limit := 5 * time.Second
		if tc.name == "a hang" {
			limit = 500 * time.Millisecond // the same path as 5 s, sooner
		}
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		a, note := holdem.AskModel(ctx, ask, &v, names)
		cancel()
		if a != tc.want || !strings.Contains(note, tc.note) {
			t.Errorf("%s: %+v %q, want %+v %q", tc.name, a, note, tc.want, tc.note)
		}
		if _, _, err := holdem.Apply(s, s.Turn, a); err != nil {
			t.Errorf("%s: the action is not legal: %v", tc.name, err)
		}
		for _, p := range prompts() {
			for i := 0; i < s.N; i++ {
				if i == s.Turn {
					continue
				}
				for _, c := range s.Seats[i].Hole {
					if strings.Contains(p, c.Name()) {
						t.Fatalf("%s: the prompt names %s, a hole card of seat %d", tc.name, c.Name(), i)
					}
				}
			}
			if !strings.Contains(p, "You are Ann") || !strings.Contains(p, "raise to between 40 and 2000") {
				t.Fatalf("%s: prompt lacks the seat or its options:\n%s", tc.name, p)
			}
		}
	}
	// when checking is legal, failures check instead of folding
	for s.Turn >= 0 && !holdem.Legal(&s, s.Turn).Check {
		s, _, _ = holdem.Apply(s, s.Turn, holdem.Action{Kind: holdem.Call})
	}
	srv, _ := stubModel(t, reply("nonsense"))
	v := s.View(s.Turn)
	a, _ := holdem.AskModel(context.Background(), OpenAIAsk(LLMConfig{BaseURL: srv.URL + "/v1", APIKey: "key", Model: "m"}, srv.Client()), &v, names)
	if a.Kind != holdem.Check {
		t.Fatalf("fallback with a free check: %+v", a)
	}
}
