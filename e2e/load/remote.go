package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"sync"
	"time"
)

// driver plays one table at a set rate.
type driver interface {
	drive(ctx context.Context, base string, rate float64, st *stats)
}

// remoteTable is a table whose every seat is a remote bot (-remote): each
// reads its seat's stream of JSON views and posts its moves to the bot API
// (docs/BOTS.md), as a program anywhere would.
type remoteTable struct {
	code string
	bots []*remoteBot
	// the move in flight: when it was posted and the seq before it
	mu     sync.Mutex
	postAt time.Time
	before int64
	seen   map[*remoteBot]bool
}

// remoteBot is one seat's program: its token, its stream and the latest
// view it read.
type remoteBot struct {
	token  string
	table  *remoteTable
	client *http.Client

	mu      sync.Mutex
	version int
	yours   bool
	move    json.RawMessage // the first move the latest view lists
	seq     int64
	posted  int // the version its last accepted move was chosen on
}

var tokenRe = regexp.MustCompile(`id="bot-token-value"[^>]*value="(tb_[A-Za-z0-9_-]+)"`)

// openRemoteTable opens a table, makes every seat (the host's own too) a
// remote bot, opens each bot's stream and starts the game.
func openRemoteTable(base string, n int, game string, st *stats) (*remoteTable, error) {
	host, err := newPlayer(base)
	if err != nil {
		return nil, err
	}
	form := url.Values{"kind": {game}, "name": {"Host"}, "seats": {strconv.Itoa(n)}, "clock": {"0"}, "_csrf": {host.csrf}}
	switch {
	case game == "holdem":
		form.Set("blinds", "10/20")
	case game == "president" && n == 2:
		form.Set("ruleset", "standard")
	case game == "president":
		form.Set("ruleset", "house")
	}
	_, body, err := host.post(base+"/tables", form, false)
	if err != nil {
		return nil, err
	}
	m := codeRe.FindStringSubmatch(body)
	if m == nil {
		return nil, fmt.Errorf("no table after create: %.200s", body)
	}
	t := &remoteTable{code: m[1], seen: map[*remoteBot]bool{}}
	for i := 0; i < n; i++ {
		status, body, err := host.post(base+"/t/"+t.code+"/bots", url.Values{"do": {"seat"}, "seat": {strconv.Itoa(i)}, "bot_name": {"R" + strconv.Itoa(i)}}, true)
		tm := tokenRe.FindStringSubmatch(body)
		if err != nil || status != 200 || tm == nil {
			return nil, fmt.Errorf("seat a remote bot: %d %v %.200s", status, err, body)
		}
		b := &remoteBot{token: tm[1], table: t, posted: -1,
			client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2}}}
		if err := b.connect(base, st); err != nil {
			return nil, err
		}
		t.bots = append(t.bots, b)
	}
	if status, _, err := host.post(base+"/t/"+t.code+"/lobby", url.Values{"do": {"start"}}, true); err != nil || status != 204 {
		return nil, fmt.Errorf("start: %d %v", status, err)
	}
	return t, nil
}

// connect opens the bot's stream and reads it.
func (b *remoteBot) connect(base string, st *stats) error {
	req, _ := http.NewRequest("GET", base+"/api/bots/v1/tables/"+b.table.code+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+b.token)
	resp, err := b.client.Do(req)
	if err != nil {
		return err
	}
	if resp.StatusCode != 200 {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return fmt.Errorf("stream: %d %.200s", resp.StatusCode, body)
	}
	go b.read(resp.Body, st)
	return nil
}

func (b *remoteBot) read(body io.ReadCloser, st *stats) {
	defer body.Close()
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var v struct {
			Seq      int64 `json:"seq"`
			Version  int   `json:"version"`
			YourTurn bool  `json:"your_turn"`
			Moves    []struct {
				Move json.RawMessage `json:"move"`
			} `json:"moves"`
		}
		if err := json.Unmarshal(line, &v); err != nil {
			st.fail(fmt.Errorf("a stream line: %w", err))
			continue
		}
		b.mu.Lock()
		b.version, b.yours, b.seq, b.move = v.Version, v.YourTurn && len(v.Moves) > 0, max(b.seq, v.Seq), nil
		if b.yours {
			b.move = v.Moves[0].Move
		}
		b.mu.Unlock()
		if !st.measuring.Load() {
			continue
		}
		st.bytes.Add(int64(len(line)) + 1)
		t := b.table
		t.mu.Lock()
		if !t.postAt.IsZero() && v.Seq > t.before && !t.seen[b] {
			t.seen[b] = true
			st.mu.Lock()
			st.latencies = append(st.latencies, time.Since(t.postAt))
			st.mu.Unlock()
		}
		t.mu.Unlock()
	}
}

// drive posts one bot's move per tick: the first move its view lists.
func (t *remoteTable) drive(ctx context.Context, base string, rate float64, st *stats) {
	period := time.Duration(float64(time.Second) / rate)
	select {
	case <-ctx.Done():
		return
	case <-time.After(time.Duration(rand.Int64N(int64(period)))):
	}
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for _, b := range t.bots {
			b.mu.Lock()
			version, move, seq, ok := b.version, b.move, b.seq, b.yours && b.version != b.posted
			b.mu.Unlock()
			if !ok {
				continue
			}
			t.mu.Lock()
			t.postAt, t.before, t.seen = time.Now(), seq, map[*remoteBot]bool{}
			t.mu.Unlock()
			body, _ := json.Marshal(map[string]any{"version": version, "move": move})
			req, _ := http.NewRequest("POST", base+"/api/bots/v1/tables/"+t.code+"/move", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+b.token)
			req.Header.Set("Content-Type", "application/json")
			sent := time.Now()
			resp, err := b.client.Do(req)
			if st.measuring.Load() {
				st.mu.Lock()
				st.posts = append(st.posts, time.Since(sent))
				st.mu.Unlock()
			}
			if err != nil {
				st.fail(err)
				break
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			switch {
			case resp.StatusCode == 409:
				// chosen on a view the table moved past: the stream corrects it
			case resp.StatusCode != 200:
				st.fail(errors.New("move: " + strconv.Itoa(resp.StatusCode) + " " + string(data)))
			default:
				b.mu.Lock()
				b.posted = version
				b.mu.Unlock()
				if st.measuring.Load() {
					st.moves.Add(1)
				}
			}
			break
		}
	}
}
