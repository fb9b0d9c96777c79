package holdem

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/tablegames/tables/game/cards"
)

// Ask sends a prompt to a language model and returns its reply; it does
// the I/O the engine doesn't (see handlers.OpenAIAsk and package llm).
type Ask func(ctx context.Context, system, prompt string) (string, error)

// llmSystem tells the model what to answer.
const llmSystem = `You play no-limit Texas Hold'em. You are shown only what your seat may see.
Answer with one JSON object and nothing else: {"action": "fold"|"check"|"call"|"raise"|"allin", "amount": N}.
"amount" is the total you bet on this street, only for "raise" (between the minimum and maximum given).`

// Prompt describes the table as the seat sees it: its hole cards, the
// board, stacks and bets, the pot, this hand's actions and the legal moves
// with their bounds. It holds nothing the seat may not see.
//
// The table's format comes first when it has one beyond the blinds (about,
// from the room: a tournament's name, level and players left; then the
// antes, straddles, a bomb pot, running it twice), and every stack is
// also given in big blinds.
func Prompt(v *View, name func(int) string, about ...string) string {
	var b strings.Builder
	me := v.Seats[v.Seat]
	for _, a := range about {
		if a != "" {
			b.WriteString(a + "\n")
		}
	}
	b.WriteString("Blinds " + itoa(v.Rules.SmallBlind) + "/" + itoa(v.Rules.BigBlind) + formatPrompt(v) + ". Hand " + itoa(v.Hand) + ", " + v.Street.String() + ".\n")
	b.WriteString("You are " + name(v.Seat) + " (seat " + itoa(v.Seat+1) + "), holding " + cardWords(me.Hole) + ".\n")
	if len(v.Board) > 0 {
		b.WriteString("Board: " + cardWords(v.Board) + ".\n")
	} else {
		b.WriteString("No board cards yet.\n")
	}
	pot := 0
	b.WriteString("Seats:\n")
	for i, sv := range v.Seats {
		pot += sv.Total
		if !sv.Dealt {
			continue
		}
		state := ""
		switch {
		case sv.Folded:
			state = ", folded"
		case sv.AllIn:
			state = ", all-in"
		}
		button := ""
		if i == v.Button {
			button = ", button"
		}
		b.WriteString("- " + name(i) + ": stack " + itoa(sv.Stack) + bigBlinds(sv.Stack, v) + ", bet this street " + itoa(sv.Bet) + state + button + "\n")
	}
	b.WriteString("Pot: " + itoa(pot) + ". Current bet: " + itoa(v.CurrentBet) + ".\n")
	b.WriteString("Actions this hand:\n")
	for _, r := range v.Actions {
		b.WriteString("- " + r.Street.String() + ": " + name(r.Seat) + " " + r.Kind.String())
		if r.Amount > 0 {
			b.WriteString(" " + itoa(r.Amount))
		}
		b.WriteByte('\n')
	}
	o := v.Options
	b.WriteString("Your legal actions: fold")
	if o.Check {
		b.WriteString(", check")
	}
	if o.Call {
		b.WriteString(", call " + itoa(o.CallAmount))
	}
	if o.Raise {
		b.WriteString(", raise to between " + itoa(o.MinTo) + " and " + itoa(o.MaxTo) + ", allin (" + itoa(o.MaxTo) + ")")
	}
	b.WriteString(".\n")
	return b.String()
}

// formatPrompt is the hand's format beyond the blinds, for the prompt:
// ", big blind ante 20; straddles allowed" ("" for none).
func formatPrompt(v *View) string {
	f := v.Rules.Format
	var parts []string
	switch {
	case v.Bomb > 0:
		parts = append(parts, "this hand is a bomb pot: everyone anted "+itoa(v.Bomb)+", no betting before the flop")
	case f.Ante > 0 && f.BigBlindAnte:
		parts = append(parts, "big blind ante "+itoa(f.Ante))
	case f.Ante > 0:
		parts = append(parts, "ante "+itoa(f.Ante)+" each")
	}
	if f.Straddle {
		parts = append(parts, "straddles allowed")
	}
	if f.RunItTwice {
		parts = append(parts, "all-ins may run it twice")
	}
	if v.Bubble {
		parts = append(parts, "near the money")
	}
	if len(parts) == 0 {
		return ""
	}
	return ", " + strings.Join(parts, "; ")
}

// bigBlinds is a stack in big blinds for the prompt: " (37.5 BB)".
func bigBlinds(chips int, v *View) string {
	bb := v.Rules.BigBlind
	if bb <= 0 {
		return ""
	}
	whole, tenth := chips/bb, chips*10/bb%10
	if tenth == 0 {
		return " (" + itoa(whole) + " BB)"
	}
	return " (" + itoa(whole) + "." + itoa(tenth) + " BB)"
}

func cardWords(cs []cards.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Name()
	}
	return strings.Join(parts, ", ")
}

// ParseReply reads the model's JSON answer into a legal action; anything
// else is an error.
func ParseReply(reply string, o Options) (Action, error) {
	reply = strings.TrimSpace(reply)
	// models wrap JSON in a code fence now and then
	reply = strings.TrimPrefix(strings.TrimPrefix(reply, "```json"), "```")
	reply = strings.TrimSpace(strings.TrimSuffix(reply, "```"))
	var r struct {
		Action string `json:"action"`
		Amount int    `json:"amount"`
	}
	if err := json.Unmarshal([]byte(reply), &r); err != nil {
		return Action{}, errors.New("the reply is not the JSON asked for")
	}
	switch strings.ToLower(r.Action) {
	case "fold":
		return Action{Kind: Fold}, nil
	case "check":
		if o.Check {
			return Action{Kind: Check}, nil
		}
	case "call":
		if o.Call {
			return Action{Kind: Call}, nil
		}
		if o.Check { // "call" of nothing: a check
			return Action{Kind: Check}, nil
		}
	case "raise", "bet":
		if o.Raise && (r.Amount >= o.MinTo && r.Amount <= o.MaxTo) {
			if r.Amount == o.MaxTo {
				return Action{Kind: AllIn}, nil
			}
			return Action{Kind: BetTo, Amount: r.Amount}, nil
		}
	case "allin", "all-in", "all in":
		if o.Raise {
			return Action{Kind: AllIn}, nil
		}
		if o.Call {
			return Action{Kind: Call}, nil
		}
	}
	return Action{}, errors.New("the reply is not a legal action: " + r.Action + " " + itoa(r.Amount))
}

// AskModel asks the model for the seat's move. On an error, a bad or
// illegal reply, or when ctx ends (the caller sets the 5 s limit), it
// checks if it can, else folds, and says why in note. Asked whether to
// run the board twice, it agrees, as the heuristic bot does, without
// asking the model.
func AskModel(ctx context.Context, ask Ask, v *View, name func(int) string, about ...string) (a Action, note string) {
	if v.Options.Twice { // not a bet: answered as the heuristic bot does, without asking
		return Action{Kind: RunTwice}, ""
	}
	fallback := func(why string) (Action, string) {
		a, _ := Auto(v)
		return a, why
	}
	reply, err := ask(ctx, llmSystem, Prompt(v, name, about...))
	switch {
	case ctx.Err() != nil:
		return fallback("the model did not answer in time")
	case err != nil:
		return fallback("the model could not be reached")
	}
	a, err = ParseReply(reply, v.Options)
	if err != nil {
		return fallback(err.Error())
	}
	return a, ""
}
