// Command llmbridge seats a language model at a Tables table: it plays one
// seat through the bot API (docs/BOTS.md), asking any OpenAI-compatible
// chat-completions endpoint for each move.
//
//	OPENAI_API_KEY=... go run ./examples/llmbridge -server http://localhost:8080 \
//	    -table ABCD2345 -token tb_... -llm https://api.openai.com/v1 -model gpt-4o-mini
//
// It follows the built-in LLM seat's rules (game/holdem/llm.go) and asks
// the model as that seat does (package llm): the model is shown only what its seat may see (the
// seat's own view from the API, which holds nothing else), is told to
// answer with one JSON object and nothing else, gets the legal moves with
// their bounds, and has a few seconds (-timeout, 5 s as the built-in seat).
// A late, unreadable or illegal answer is not played: the table's own auto
// move is (a check if it can, else a fold, in Hold'em), and the bridge
// says why.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/tablegames/tables/examples/botclient"
	"github.com/tablegames/tables/llm"
)

func main() {
	server := flag.String("server", "http://localhost:8080", "the site's address")
	table := flag.String("table", "", "the table's code")
	token := flag.String("token", os.Getenv("TABLES_BOT_TOKEN"), "the bot's token (or $TABLES_BOT_TOKEN)")
	base := flag.String("llm", os.Getenv("LLM_BASE_URL"), "the model endpoint's base URL, e.g. https://api.openai.com/v1 (or $LLM_BASE_URL)")
	model := flag.String("model", os.Getenv("LLM_MODEL"), "the model's name (or $LLM_MODEL)")
	timeout := flag.Duration("timeout", 5*time.Second, "how long the model has for a move")
	stay := flag.Bool("stay", false, "keep the seat once the game is over")
	flag.Parse()
	if *table == "" || *token == "" || *base == "" || *model == "" {
		fmt.Fprintln(os.Stderr, "usage: llmbridge -server URL -table CODE -token TOKEN -llm BASE_URL -model NAME (key in $OPENAI_API_KEY)")
		os.Exit(2)
	}
	m := &modelSeat{llm: llm.Config{BaseURL: *base, Model: *model, APIKey: os.Getenv("OPENAI_API_KEY")}, timeout: *timeout, http: &http.Client{}}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c := &botclient.Client{Base: *server, Token: *token}
	if err := c.Play(ctx, *table, *stay, m.decide, func(s string) { log.Print(s) }); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}

// modelSeat asks the model for the seat's moves.
type modelSeat struct {
	llm     llm.Config
	timeout time.Duration
	http    *http.Client
}

// system tells the model what to answer, as the built-in LLM seat does.
const system = `You play %s at an online table. You are shown only what your seat may see.
Answer with one JSON object and nothing else: {"move": M}, where M is one of your legal moves copied as it is listed,
with any field it lets you choose ("range": a whole number from min to max; "pick": count values from the list) set within its bounds.`

var titles = map[string]string{"president": "President (the card game)", "holdem": "no-limit Texas Hold'em", "lowunique": "Lowest Unique", "impetus": "Impetus"}

// decide asks the model; an answer that is late, unreadable or not a
// legal move is an error, and the table's auto move is played instead.
func (m *modelSeat) decide(v botclient.View) (botclient.Fields, error) {
	if len(v.Moves) == 0 {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), m.timeout)
	defer cancel()
	reply, err := m.ask(ctx, fmt.Sprintf(system, titles[v.Game]), prompt(v))
	switch {
	case ctx.Err() != nil:
		return nil, errors.New("the model did not answer in time")
	case err != nil:
		return nil, fmt.Errorf("the model could not be reached: %w", err)
	}
	return parseReply(reply, v.Moves)
}

// prompt is the seat's view and its legal moves: nothing else.
func prompt(v botclient.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "You are %s, seat %d (seats are numbered from 0, as in the JSON below). The table waits for seats %v.\n", v.Name, v.Seat, v.Waiting)
	if v.Clock != nil && v.Clock.DeadlineMS > 0 {
		fmt.Fprintf(&b, "You have %.0f seconds left for this move.\n", float64(v.Clock.LeftMS)/1000)
	}
	if len(v.Log) > 0 {
		b.WriteString("Latest events:\n")
		for _, l := range v.Log {
			b.WriteString("- " + l + "\n")
		}
	}
	b.WriteString("What your seat sees (JSON):\n")
	b.Write(v.Game_)
	b.WriteString("\nYour legal moves (JSON):\n")
	moves, _ := json.Marshal(v.Moves)
	b.Write(moves)
	b.WriteByte('\n')
	return b.String()
}

// parseReply reads the model's answer into one of the legal moves.
func parseReply(reply string, moves []botclient.Choice) (botclient.Fields, error) {
	reply = strings.TrimSpace(reply)
	// models wrap JSON in a code fence now and then
	reply = strings.TrimPrefix(strings.TrimPrefix(reply, "```json"), "```")
	reply = strings.TrimSpace(strings.TrimSuffix(reply, "```"))
	var r struct {
		Move botclient.Fields `json:"move"`
	}
	dec := json.NewDecoder(strings.NewReader(reply))
	dec.UseNumber()
	if err := dec.Decode(&r); err != nil || r.Move == nil {
		return nil, errors.New("the reply is not the JSON asked for")
	}
	for _, c := range moves {
		if c.Allows(r.Move) {
			return r.Move, nil
		}
	}
	out, _ := json.Marshal(r.Move)
	return nil, errors.New("the reply is not a legal move: " + string(out))
}

// ask asks the model, as the server's LLM seat does (package llm).
func (m *modelSeat) ask(ctx context.Context, system, prompt string) (string, error) {
	return m.llm.Complete(ctx, m.http, system, prompt)
}
