package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/tablegames/tables/game/holdem"
)

// LLMConfig names an OpenAI-compatible chat-completions endpoint.
type LLMConfig struct {
	BaseURL string // e.g. https://api.openai.com/v1
	APIKey  string
	Model   string
}

// Enabled reports whether an endpoint is configured.
func (c LLMConfig) Enabled() bool { return c.BaseURL != "" && c.Model != "" }

// OpenAIAsk returns an Ask that posts to {BaseURL}/chat/completions. The
// caller's context bounds the call (the LLM bot gives it 5 s).
func OpenAIAsk(c LLMConfig, client *http.Client) holdem.Ask {
	return func(ctx context.Context, system, prompt string) (string, error) {
		body, _ := json.Marshal(map[string]any{
			"model": c.Model,
			"messages": []map[string]string{
				{"role": "system", "content": system},
				{"role": "user", "content": prompt},
			},
			"temperature":     0.2,
			"response_format": map[string]string{"type": "json_object"},
		})
		req, err := http.NewRequestWithContext(ctx, "POST", strings.TrimRight(c.BaseURL, "/")+"/chat/completions", bytes.NewReader(body))
		if err != nil {
			return "", err
		}
		req.Header.Set("Content-Type", "application/json")
		if c.APIKey != "" {
			req.Header.Set("Authorization", "Bearer "+c.APIKey)
		}
		resp, err := client.Do(req)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if err != nil {
			return "", err
		}
		if resp.StatusCode != http.StatusOK {
			return "", fmt.Errorf("model endpoint: %s", resp.Status)
		}
		var out struct {
			Choices []struct {
				Message struct {
					Content string `json:"content"`
				} `json:"message"`
			} `json:"choices"`
		}
		if err := json.Unmarshal(data, &out); err != nil || len(out.Choices) == 0 {
			return "", errors.New("model endpoint: unreadable answer")
		}
		return out.Choices[0].Message.Content, nil
	}
}
