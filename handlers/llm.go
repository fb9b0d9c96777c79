package handlers

import (
	"context"
	"net/http"

	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/llm"
)

// LLMConfig names an OpenAI-compatible chat-completions endpoint.
type LLMConfig = llm.Config

// OpenAIAsk returns an Ask that posts to {BaseURL}/chat/completions. The
// caller's context bounds the call (the LLM bot gives it 5 s).
func OpenAIAsk(c LLMConfig, client *http.Client) holdem.Ask {
	return func(ctx context.Context, system, prompt string) (string, error) {
		return c.Complete(ctx, client, system, prompt)
	}
}
