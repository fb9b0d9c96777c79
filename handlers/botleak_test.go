package handlers

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/cards"
	"github.com/tablegames/tables/game/impetus"
	"github.com/tablegames/tables/game/lowunique"
	"github.com/tablegames/tables/game/president"
	"github.com/tablegames/tables/room"
)

// botHidden lists, per game, what a remote bot's line must not hold right
// now: needles its bytes must not contain, and a check of its JSON.
var botHidden = map[string]func(m game.Match, seat int, line []byte) []string{
	"president": func(m game.Match, seat int, line []byte) []string {
		s := &m.(*president.Match).State
		var forbidden cards.Set
		for i := 0; i < s.N; i++ {
			if i != seat {
				forbidden |= s.Players[i].Hand
			}
		}
		forbidden |= s.Discarded
		if seat >= 0 {
			forbidden &^= s.Players[seat].Gave | s.Players[seat].Got
		}
		return found(line, jsonCardNeedles(forbidden))
	},
	"holdem": func(m game.Match, seat int, line []byte) []string {
		s := room.HoldemState(m)
		var forbidden cards.Set
		for i := 0; i < s.N; i++ {
			if p := &s.Seats[i]; i != seat && p.Dealt && (!p.Shown || p.Folded) {
				forbidden |= cards.SetOf(p.Hole[:]...)
			}
		}
		for _, c := range s.Deck[s.DeckPos:] {
			forbidden = forbidden.With(c)
		}
		return found(line, jsonCardNeedles(forbidden))
	},
	"lowunique": func(m game.Match, seat int, line []byte) []string {
		s := &m.(*lowunique.Match).State
		var p struct {
			View struct {
				Players []struct {
					Seat int   `json:"seat"`
					Pair []int `json:"pair"`
					Card int   `json:"card"`
				} `json:"players"`
			} `json:"view"`
		}
		json.Unmarshal(line, &p)
		var out []string
		for _, pl := range p.View.Players {
			if pl.Seat == seat {
				continue
			}
			if len(pl.Pair) > 0 && s.Phase < lowunique.Reveal {
				out = append(out, "seat "+itoa(pl.Seat)+"'s pair before the reveal")
			}
			if pl.Card != 0 && s.Phase < lowunique.Resolved {
				out = append(out, "seat "+itoa(pl.Seat)+"'s card before the resolution")
			}
		}
		if n := strings.Count(string(line), `"hand":`); n > 1 {
			out = append(out, "more than one hand")
		}
		return out
	},
	"impetus": func(m game.Match, seat int, line []byte) []string {
		s := &m.(*impetus.Match).State
		var p struct {
			View struct {
				Mine []json.RawMessage `json:"mine"`
			} `json:"view"`
		}
		json.Unmarshal(line, &p)
		own := 0
		for _, c := range s.Choices {
			if c.Spirit == seat {
				own++
			}
		}
		var out []string
		if len(p.View.Mine) > own {
			out = append(out, "another spirit's choice")
		}
		// what others decided, in words, that nobody has seen yet
		var words []string
		for _, w := range impetusHidden(m, seat) {
			if !strings.HasPrefix(w, "data-") {
				words = append(words, w)
			}
		}
		return append(out, found(line, words)...)
	},
}

// jsonCardNeedles are the ways a card shows in a bot's line: the card as
// the API writes it, and its face in a log line.
func jsonCardNeedles(set cards.Set) []string {
	var out []string
	for _, c := range set.Cards() {
		out = append(out, `"`+c.String()+`"`)
		if !c.IsJoker() {
			out = append(out, c.Face()+" ", c.Face()+".", c.Face()+",", c.Face()+"\"")
		}
	}
	return out
}

func found(line []byte, needles []string) []string {
	var out []string
	for _, n := range needles {
		if strings.Contains(string(line), n) {
			out = append(out, n)
		}
	}
	return out
}

// TestRemoteBotStreamLeaksNothing plays a whole game of each game with
// every seat a remote bot (the example bot, over HTTP) and checks every
// line each program's stream was pushed, at the moment it was pushed,
// against what that seat could not see then: another hand or hole
// cards, the deck, a discard, a pair or card not yet revealed, another
// spirit's secret choice, a private log line of another seat. A second
// stream per seat, read by the test over HTTP, gets only lines that
// were checked: every byte a program could read went through the check.
func TestRemoteBotStreamLeaksNothing(t *testing.T) {
	for _, g := range room.New(room.Config{}, nil, nil).Games() {
		if botHidden[g.Kind] == nil || !slices.ContainsFunc(remoteTables, func(r remoteTable) bool { return r.game == g.Kind }) {
			t.Fatalf("game %s has not joined the remote bot tests (remoteTables, botHidden)", g.Kind)
		}
	}
	bin := buildGoBot(t)
	for _, tc := range remoteTables {
		t.Run(tc.game, func(t *testing.T) {
			e := newEnv(t, fastConfig())
			var mu sync.Mutex
			checked := map[string]bool{}
			lines := 0
			hidden := botHidden[tc.game]
			e.srv.rt.PushHook = func(c room.Conn, seat int, msg []byte, tb *room.Table) {
				if _, ok := c.(*programStream); !ok {
					return // a browser's: the no-leak tests of pages check those
				}
				// a log line the seat may read is checked by whom it is
				// for (below): a public one is everyone's (the rules
				// announce who holds the 3♦), a private one its seats'
				// (a gift's giver knows the cards). The needles are looked
				// for in the rest.
				rest := string(msg)
				for _, l := range tb.Log {
					if len(l.Only) == 0 || slices.Contains(l.Only, seat) {
						rest = strings.ReplaceAll(rest, `"`+jsonText(l.String())+`"`, `""`)
					}
				}
				var bad []string
				if tb.Match != nil {
					bad = hidden(tb.Match, seat, []byte(rest))
				}
				for _, l := range tb.Log {
					if len(l.Only) > 0 && !slices.Contains(l.Only, seat) && strings.Contains(string(msg), jsonText(l.String())) {
						bad = append(bad, "another seat's private log line "+l.String())
					}
				}
				if len(bad) > 0 {
					t.Errorf("seat %d was pushed what it may not see: %v\n%s", seat, bad, msg)
				}
				mu.Lock()
				checked[string(msg)] = true
				lines++
				mu.Unlock()
			}
			code, tokens := openRemote(t, e, tc.game, tc.form)
			// the test's own stream of each seat, read to its last byte
			ctx, cancel := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			got := make([][]string, len(tokens))
			for i, tok := range tokens {
				req, _ := http.NewRequestWithContext(ctx, "GET", e.http.URL+BotAPIPrefix+"/tables/"+code+"/stream", nil)
				req.Header.Set("Authorization", "Bearer "+tok)
				resp, err := http.DefaultClient.Do(req)
				if err != nil || resp.StatusCode != 200 {
					t.Fatalf("stream %d: %v %v", i, err, resp)
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer resp.Body.Close()
					sc := bufio.NewScanner(resp.Body)
					sc.Buffer(nil, 4<<20)
					for sc.Scan() {
						if len(sc.Bytes()) > 0 {
							got[i] = append(got[i], sc.Text()+"\n")
						}
					}
				}()
			}
			playRemote(t, e, bin, code, tokens, tc.game, tc.over)
			cancel()
			wg.Wait()
			mu.Lock()
			defer mu.Unlock()
			for i, ls := range got {
				if len(ls) == 0 {
					t.Errorf("seat %d's stream got nothing", i)
				}
				for _, l := range ls {
					if !checked[l] {
						t.Errorf("seat %d's stream got a line the check never saw: %.200s", i, l)
					}
				}
			}
			t.Logf("%s: %d lines checked; the test's streams read %d, %d, ... lines", tc.game, lines, len(got[0]), len(got[1]))
		})
	}
}

// jsonText is a log line as it shows in a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return strings.Trim(string(b), `"`)
}
