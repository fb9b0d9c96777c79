// Command gobot is a small bot for all four games of Tables, playing one
// seat through the bot API (docs/BOTS.md): it reads the seat's stream of
// views and posts a legal, sensible move whenever the seat has one.
//
//	go run ./examples/gobot -server http://localhost:8080 -table ABCD2345 -token tb_...
//
// It chooses among the moves each view lists, and falls back on the
// table's own auto move. It uses the standard library only (with
// examples/botclient), as a bot written anywhere would.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/tablegames/tables/examples/botclient"
)

func main() {
	server := flag.String("server", "http://localhost:8080", "the site's address")
	table := flag.String("table", "", "the table's code")
	token := flag.String("token", os.Getenv("TABLES_BOT_TOKEN"), "the bot's token (or $TABLES_BOT_TOKEN)")
	stay := flag.Bool("stay", false, "keep the seat once the game is over (the people may play again)")
	seed := flag.Uint64("seed", 0, "random seed (0: any)")
	quiet := flag.Bool("quiet", false, "say nothing but errors")
	flag.Parse()
	if *table == "" || *token == "" {
		fmt.Fprintln(os.Stderr, "usage: gobot -server URL -table CODE -token TOKEN")
		os.Exit(2)
	}
	if *seed == 0 {
		*seed = rand.Uint64()
	}
	b := &bot{rng: rand.New(rand.NewPCG(*seed, 1))}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c := &botclient.Client{Base: *server, Token: *token}
	note := func(s string) {
		if !*quiet {
			log.Print(s)
		}
	}
	if err := c.Play(ctx, *table, *stay, b.decide, note); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}

// bot chooses moves.
type bot struct{ rng *rand.Rand }

// decide picks the seat's move from the view.
func (b *bot) decide(v botclient.View) (botclient.Fields, error) {
	if len(v.Moves) == 0 {
		return nil, nil
	}
	switch v.Game {
	case "president":
		return b.president(v)
	case "holdem":
		return b.holdem(v)
	case "lowunique":
		return b.lowUnique(v)
	}
	return b.any(v) // Impetus, and any game it does not know
}

// any is the table's auto move when there is one, else the first listed.
func (b *bot) any(v botclient.View) (botclient.Fields, error) {
	if v.Auto != nil {
		return v.Auto, nil
	}
	return v.Moves[0].Move, nil
}

// president plays the lowest set that beats the pile, keeping 2s and
// jokers while it can, and passes when it would have to break them early;
// gifts, discards and returns give the lowest cards (the auto move).
func (b *bot) president(v botclient.View) (botclient.Fields, error) {
	var view struct {
		Hand []string `json:"hand"`
	}
	if err := json.Unmarshal(v.Game_, &view); err != nil {
		return nil, err
	}
	var plays []botclient.Choice
	canPass := false
	for _, m := range v.Moves {
		switch m.Kind() {
		case "play":
			plays = append(plays, m)
		case "pass":
			canPass = true
		default:
			return b.any(v) // a gift, discard or return
		}
	}
	if len(plays) == 0 {
		return b.any(v)
	}
	high := func(m botclient.Choice) bool {
		for _, c := range cardsOf(m.Move["card"]) {
			if strings.HasPrefix(c, "2") || c == "JK" || c == "JR" || c == "JB" {
				return true
			}
		}
		return false
	}
	for _, m := range plays { // listed from the lowest rank
		if !high(m) {
			return m.Move, nil
		}
	}
	if canPass && len(view.Hand) > 4 {
		return botclient.Fields{"kind": "pass"}, nil
	}
	return plays[0].Move, nil
}

func cardsOf(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// holdem raises strong hands, calls with fair ones when it is cheap,
// checks when it can and folds the rest.
func (b *bot) holdem(v botclient.View) (botclient.Fields, error) {
	var view struct {
		Board      []string `json:"board"`
		BigBlind   int      `json:"big_blind"`
		CurrentBet int      `json:"current_bet"`
		Seats      []struct {
			Stack int      `json:"stack"`
			Bet   int      `json:"bet"`
			Hole  []string `json:"hole"`
		} `json:"seats"`
	}
	if err := json.Unmarshal(v.Game_, &view); err != nil {
		return nil, err
	}
	by := map[string]botclient.Choice{}
	for _, m := range v.Moves {
		by[m.Kind()] = m
	}
	if _, ok := by["twice"]; ok {
		return by["twice"].Move, nil
	}
	me := view.Seats[v.Seat]
	strength := handStrength(me.Hole, view.Board)
	toCall := view.CurrentBet - me.Bet
	if r, ok := by["raise"]; ok && strength >= 3 || ok && strength >= 2 && b.rng.IntN(3) == 0 {
		amount := min(max(r.Range.Min, view.CurrentBet*3), r.Range.Max)
		return r.With("amount", amount)
	}
	if r, ok := by["bet"]; ok && strength >= 2 {
		return r.With("amount", r.Range.Min)
	}
	if c, ok := by["check"]; ok {
		return c.Move, nil
	}
	if c, ok := by["call"]; ok && (strength >= 2 || strength >= 1 && toCall <= 4*view.BigBlind || toCall <= view.BigBlind) {
		return c.Move, nil
	}
	if f, ok := by["fold"]; ok {
		return f.Move, nil
	}
	return b.any(v)
}

// handStrength rates hole cards with the board: 0 nothing, 1 a high card
// or a draw worth a look, 2 a pair, 3 two pairs or better (or a big pair
// before the flop).
func handStrength(hole, board []string) int {
	if len(hole) != 2 {
		return 0
	}
	rank := func(c string) int { return strings.IndexByte("23456789TJQKA", c[0]) + 2 }
	count := map[int]int{}
	for _, c := range append(slices.Clone(hole), board...) {
		count[rank(c)]++
	}
	pairs, trips := 0, 0
	for r, n := range count {
		mine := r == rank(hole[0]) || r == rank(hole[1])
		switch {
		case n >= 3 && mine:
			trips++
		case n == 2 && mine:
			pairs++
		}
	}
	switch {
	case trips > 0 || pairs >= 2:
		return 3
	case len(board) == 0 && rank(hole[0]) == rank(hole[1]):
		if rank(hole[0]) >= 10 {
			return 3
		}
		return 2
	case pairs == 1:
		return 2
	case rank(hole[0]) >= 12 || rank(hole[1]) >= 12 || hole[0][1] == hole[1][1]:
		return 1
	}
	return 0
}

// lowUnique selects a low pair with one card in reserve, and plays the
// card of its pair the others' pairs least hold (the lowest when tied).
func (b *bot) lowUnique(v botclient.View) (botclient.Fields, error) {
	var view struct {
		Hand    []int `json:"hand"`
		Pair    []int `json:"pair"`
		Players []struct {
			Seat int   `json:"seat"`
			Pair []int `json:"pair"`
		} `json:"players"`
	}
	if err := json.Unmarshal(v.Game_, &view); err != nil {
		return nil, err
	}
	m := v.Moves[0]
	switch m.Kind() {
	case "select":
		hand := slices.Clone(view.Hand)
		slices.Sort(hand)
		pair := hand[:2]
		if len(hand) > 3 && b.rng.IntN(2) == 0 {
			pair = []int{hand[0], hand[2+b.rng.IntN(len(hand)-2)]}
		}
		return m.With("card", []string{strconv.Itoa(pair[0]), strconv.Itoa(pair[1])})
	case "choose":
		held := map[int]int{}
		for _, p := range view.Players {
			if p.Seat == v.Seat {
				continue
			}
			for _, c := range p.Pair {
				held[c]++
			}
		}
		best := v.Moves[0]
		for _, c := range v.Moves[1:] {
			a, _ := strconv.Atoi(fmt.Sprint(best.Move["card"]))
			n, _ := strconv.Atoi(fmt.Sprint(c.Move["card"]))
			if held[n] < held[a] || held[n] == held[a] && n < a {
				best = c
			}
		}
		return best.Move, nil
	}
	return m.Move, nil // ready
}
