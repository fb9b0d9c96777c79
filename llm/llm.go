// Package llm asks an OpenAI-compatible chat-completions endpoint one
// question: a system message and a prompt in, the model's text out.
//
// It owns the call and nothing around it: the server's built-in LLM seat
// (handlers, through holdem.Ask) and the example bridge
// (examples/llmbridge) both use it, so both speak to a model the same way
// (one JSON object asked for, temperature 0.2, an answer of at most 1 MiB
// read). What the model is shown, and what is played when it fails, is
// its callers'. It must never hold a key in a log or an error, retry, or
// choose its own deadline: the caller's context bounds the call.
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Config names an endpoint and a model.
type Config struct {
	BaseURL string // e.g. https://api.openai.com/v1
	APIKey  string
	Model   string
}

// Enabled reports whether an endpoint and a model are configured.
func (c Config) Enabled() bool { return c.BaseURL != "" && c.Model != "" }

// Complete posts system and prompt to {BaseURL}/chat/completions and
// returns the first choice's text.
func (c Config) Complete(ctx context.Context, client *http.Client, system, prompt string) (string, error) {
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
