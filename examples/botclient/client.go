// Package botclient is a small client of the Tables bot API
// (docs/BOTS.md), for the example bots: it reads a seat's stream of views
// and posts moves. It uses the standard library only and knows nothing of
// the server's code: everything it knows comes over HTTP, as for any
// program written elsewhere.
//
// It must never guess a move's fields: a bot chooses among the moves the
// view lists (Choice), filling in a range or a pick within its bounds.
package botclient

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// View is one line of a seat's stream (the API's View).
type View struct {
	Type     string          `json:"type"`
	Table    string          `json:"table"`
	Game     string          `json:"game"`
	Seq      int64           `json:"seq"`
	Version  int             `json:"version"`
	Seat     int             `json:"seat"`
	Name     string          `json:"name"`
	Status   string          `json:"status"`
	YourTurn bool            `json:"your_turn"`
	Waiting  []int           `json:"waiting"`
	Clock    *Clock          `json:"clock"`
	Seats    []Seat          `json:"seats"`
	Game_    json.RawMessage `json:"view"`
	Moves    []Choice        `json:"moves"`
	Auto     Fields          `json:"auto"`
	Log      []string        `json:"log"`
	Reason   string          `json:"reason"`
	Now      int64           `json:"now_ms"`
}

// Clock is the seat's move clock.
type Clock struct {
	Seconds    int   `json:"seconds"`
	DeadlineMS int64 `json:"deadline_ms"`
	LeftMS     int64 `json:"left_ms"`
}

// Seat is a seat as anyone sees it.
type Seat struct {
	Seat      int    `json:"seat"`
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	Connected bool   `json:"connected"`
	You       bool   `json:"you"`
}

// Fields is a move: its form fields.
type Fields map[string]any

// Choice is a move the seat may make, or a family of them.
type Choice struct {
	Move  Fields `json:"move"`
	Say   string `json:"say"`
	Range *struct {
		Field string `json:"field"`
		Min   int    `json:"min"`
		Max   int    `json:"max"`
	} `json:"range"`
	Pick []struct {
		Field string   `json:"field"`
		Count int      `json:"count"`
		From  []string `json:"from"`
	} `json:"pick"`
}

// Kind is the move's kind field.
func (c Choice) Kind() string { s, _ := c.Move["kind"].(string); return s }

// With is the choice's move with a field set (a range's amount, a pick's
// values), after checking it is within the choice's bounds.
func (c Choice) With(field string, value any) (Fields, error) {
	m := Fields{}
	for k, v := range c.Move {
		m[k] = v
	}
	switch {
	case c.Range != nil && c.Range.Field == field:
		n, ok := value.(int)
		if !ok || n < c.Range.Min || n > c.Range.Max {
			return nil, fmt.Errorf("%s must be a whole number from %d to %d", field, c.Range.Min, c.Range.Max)
		}
	default:
		var p *struct {
			Field string   `json:"field"`
			Count int      `json:"count"`
			From  []string `json:"from"`
		}
		for i := range c.Pick {
			if c.Pick[i].Field == field {
				p = &c.Pick[i]
			}
		}
		if p == nil {
			return nil, fmt.Errorf("the move has no field %s to choose", field)
		}
		vs, ok := value.([]string)
		if !ok {
			s, one := value.(string)
			if !one {
				return nil, fmt.Errorf("%s takes strings", field)
			}
			vs = []string{s}
		}
		if len(vs) != p.Count {
			return nil, fmt.Errorf("%s takes %d values", field, p.Count)
		}
		for _, v := range vs {
			if !slices.Contains(p.From, v) {
				return nil, fmt.Errorf("%s: %q is not one of %v", field, v, p.From)
			}
		}
		list := make([]any, len(vs))
		for i, v := range vs {
			list[i] = v
		}
		value = list
	}
	m[field] = value
	return m, nil
}

// Error is the API's refusal.
type Error struct {
	Status  int            `json:"-"`
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]int `json:"details"`
}

func (e *Error) Error() string { return strconv.Itoa(e.Status) + " " + e.Code + ": " + e.Message }

// Client talks to one server with one bot's token.
type Client struct {
	Base  string // e.g. http://localhost:8080
	Token string
	HTTP  *http.Client
}

func (c *Client) do(ctx context.Context, method, path string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(c.Base, "/")+"/api/bots/v1"+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		defer resp.Body.Close()
		e := &Error{Status: resp.StatusCode}
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if json.Unmarshal(data, e) != nil || e.Code == "" {
			e.Code, e.Message = "HTTP", strings.TrimSpace(string(data))
		}
		return nil, e
	}
	return resp, nil
}

// Stream reads the seat's views and calls fn with each, until ctx ends,
// the stream ends (nil), or fn returns an error (returned) or ErrStop
// (nil).
func (c *Client) Stream(ctx context.Context, table string, fn func(View) error) error {
	resp, err := c.do(ctx, "GET", "/tables/"+table+"/stream", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue // keep-alive
		}
		var v View
		if err := json.Unmarshal(line, &v); err != nil {
			return fmt.Errorf("a line of the stream is not a view: %w", err)
		}
		if err := fn(v); err != nil {
			if errors.Is(err, ErrStop) {
				return nil
			}
			return err
		}
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return sc.Err()
}

// ErrStop ends Stream without an error.
var ErrStop = errors.New("stop")

// Move posts a move chosen on version of the seat.
func (c *Client) Move(ctx context.Context, table string, version int, move Fields) error {
	body, err := json.Marshal(map[string]any{"version": version, "move": move})
	if err != nil {
		return err
	}
	resp, err := c.do(ctx, "POST", "/tables/"+table+"/move", body)
	if err != nil {
		return err
	}
	resp.Body.Close()
	return nil
}

// Play streams the seat's views and, whenever the seat has moves, posts
// the one decide chooses (decide may return nil: no move now). A refused
// move is reported to note and the table's own auto move is posted in its
// stead; a stale one waits for the next view. It returns when ctx ends,
// the seat is gone, or the game is over (unless stay).
func (c *Client) Play(ctx context.Context, table string, stay bool, decide func(View) (Fields, error), note func(string)) error {
	posted := -1
	for {
		err := c.Stream(ctx, table, func(v View) error {
			switch {
			case v.Type == "gone":
				note("the seat is gone: " + v.Reason)
				return errGone
			case v.Status == "over" && !stay:
				return errOver
			case !v.YourTurn || v.Version == posted:
				return nil
			}
			mv, err := decide(v)
			if err != nil {
				note("no move chosen (" + err.Error() + "): the table's auto move instead")
				mv = v.Auto
			}
			if mv == nil {
				return nil
			}
			err = c.move(ctx, table, v.Version, mv)
			var ae *Error
			switch {
			case err == nil:
				posted = v.Version
			case errors.As(err, &ae) && ae.Code == "STALE_MOVE":
				// the table moved on: the next view says how
			case errors.As(err, &ae) && v.Auto != nil && ae.Status == http.StatusUnprocessableEntity:
				note("move refused (" + ae.Error() + "): the table's auto move instead")
				if err := c.move(ctx, table, v.Version, v.Auto); err == nil {
					posted = v.Version
				}
			default:
				return err
			}
			return nil
		})
		var ae *Error
		switch {
		case errors.Is(err, errOver) || errors.Is(err, errGone):
			return nil
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.As(err, &ae) && ae.Status != http.StatusTooManyRequests && ae.Status < 500:
			return err // a wrong token, no seat: trying again won't help
		}
		note("stream: " + fmt.Sprint(err) + "; connecting again")
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// move posts a move, and again after a pause while the server says it
// comes too fast (429): the table waits for it, and nothing else would
// make the bot try again.
func (c *Client) move(ctx context.Context, table string, version int, mv Fields) error {
	for wait := 100 * time.Millisecond; ; wait = min(wait*2, 2*time.Second) {
		err := c.Move(ctx, table, version, mv)
		var ae *Error
		if !errors.As(err, &ae) || ae.Status != http.StatusTooManyRequests {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

var (
	errOver = errors.New("the game is over")
	errGone = errors.New("the seat is gone")
)

// Allows reports whether the choice lists mv: the same fields, with a
// range's number within its bounds and a pick's values among its own.
func (c Choice) Allows(mv Fields) bool {
	if len(mv) != len(c.Move) {
		return false
	}
	for k, v := range mv {
		if _, ok := c.Move[k]; !ok {
			return false
		}
		if c.Range != nil && k == c.Range.Field {
			n, ok := number(v)
			if !ok || n < c.Range.Min || n > c.Range.Max {
				return false
			}
			continue
		}
		picked := false
		for _, p := range c.Pick {
			if p.Field != k {
				continue
			}
			picked = true
			vs := strs(v)
			if len(vs) != p.Count {
				return false
			}
			seen := map[string]bool{}
			for _, s := range vs {
				if seen[s] || !slices.Contains(p.From, s) {
					return false
				}
				seen[s] = true
			}
		}
		if !picked && !slices.Equal(strs(v), strs(c.Move[k])) {
			return false
		}
	}
	return true
}

// number is a JSON number that is whole.
func number(v any) (int, bool) {
	switch x := v.(type) {
	case float64:
		return int(x), x == float64(int(x))
	case int:
		return x, true
	case json.Number:
		n, err := x.Int64()
		return int(n), err == nil
	}
	return 0, false
}

// strs is a field's values as strings, as the server reads them.
func strs(v any) []string {
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		if n, ok := number(e); ok {
			out = append(out, strconv.Itoa(n))
		} else {
			out = append(out, fmt.Sprint(e))
		}
	}
	return out
}
