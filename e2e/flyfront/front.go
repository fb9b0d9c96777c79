// Package flyfront is a stand-in for Fly's proxy, for tests and local
// load runs only (never part of the server): it spreads requests over
// instances of the binary on loopback and honours the fly-replay response
// header the way Fly documents it.
//
//   - A request goes to the instance named by its fly-force-instance-id
//     header, or else to the next live instance in turn; an instance that
//     refuses the connection is skipped (Fly routes around a dead machine).
//   - When the instance answers with "fly-replay: instance=ID", its answer
//     is dropped and the same request, body included (at most 1 MB), is
//     sent to instance ID with a fly-replay-src header naming the
//     instance that replayed it. A websocket upgrade is replayed the same
//     way, before any 101 reaches the client.
//   - A replay to an instance that is gone fails with 502, as Fly's proxy
//     does when the target machine is unavailable.
//   - The client's address is added to X-Forwarded-For, as Fly's proxy
//     adds it.
package flyfront

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// maxReplayBody is the largest request body Fly's proxy replays.
const maxReplayBody = 1 << 20

// Front is the proxy.
type Front struct {
	mu        sync.Mutex
	instances map[string]*url.URL
	order     []string
	next      atomic.Uint64

	// Replays counts the requests replayed to another instance.
	Replays atomic.Int64
	proxy   *httputil.ReverseProxy
}

// New makes a front for the instances: machine id → base URL.
func New(instances map[string]string) (*Front, error) {
	f := &Front{instances: map[string]*url.URL{}}
	for id, raw := range instances {
		u, err := url.Parse(raw)
		if err != nil {
			return nil, err
		}
		f.instances[id] = u
		f.order = append(f.order, id)
	}
	f.proxy = &httputil.ReverseProxy{
		// as Fly's proxy does: the client's address in X-Forwarded-For
		// (what -trust-proxy reads), the Host kept
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetXForwarded()
			r.Out.Host = r.In.Host
		},
		Transport:     f,
		FlushInterval: -1,
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			http.Error(w, "fly proxy: "+err.Error(), http.StatusBadGateway)
		},
	}
	return f, nil
}

// Set adds or replaces an instance (a machine that starts again).
func (f *Front) Set(id, raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.instances[id]; !ok {
		f.order = append(f.order, id)
	}
	f.instances[id] = u
	return nil
}

func (f *Front) ServeHTTP(w http.ResponseWriter, r *http.Request) { f.proxy.ServeHTTP(w, r) }

// RoundTrip sends the request to its instance and follows fly-replay.
func (f *Front) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(io.LimitReader(req.Body, maxReplayBody+1))
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		body = b
	}
	target, forced := req.Header.Get("Fly-Force-Instance-Id"), true
	if target == "" {
		forced = false
	}
	src := ""
	for hop := 0; ; hop++ {
		resp, id, err := f.send(req, body, target, forced, src)
		if err != nil {
			return nil, err
		}
		replay := resp.Header.Get("Fly-Replay")
		if replay == "" {
			return resp, nil
		}
		resp.Body.Close()
		next, ok := instanceOf(replay)
		if !ok || hop >= 3 {
			return nil, fmt.Errorf("bad or looping fly-replay %q", replay)
		}
		if len(body) > maxReplayBody {
			return nil, errors.New("request body too large to replay")
		}
		f.Replays.Add(1)
		target, forced, src = next, true, fmt.Sprintf("instance=%s;t=%d", id, time.Now().UnixMicro())
	}
}

// send sends one attempt: to target, or to the next live instance.
func (f *Front) send(req *http.Request, body []byte, target string, forced bool, src string) (*http.Response, string, error) {
	f.mu.Lock()
	order := append([]string(nil), f.order...)
	f.mu.Unlock()
	tries := []string{target}
	if !forced {
		start := int(f.next.Add(1))
		tries = tries[:0]
		for i := range order {
			tries = append(tries, order[(start+i)%len(order)])
		}
	}
	var lastErr error
	for _, id := range tries {
		f.mu.Lock()
		base, ok := f.instances[id]
		f.mu.Unlock()
		if !ok {
			return nil, "", fmt.Errorf("no instance %q", id)
		}
		out := req.Clone(req.Context())
		out.URL.Scheme, out.URL.Host = base.Scheme, base.Host
		out.Header.Del("Fly-Force-Instance-Id")
		if src != "" {
			out.Header.Set("Fly-Replay-Src", src)
		}
		if body != nil {
			out.Body, out.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
		}
		resp, err := transport.RoundTrip(out)
		if err == nil {
			return resp, id, nil
		}
		lastErr = err
		if forced || !errors.Is(err, syscall.ECONNREFUSED) && !strings.Contains(err.Error(), "connection refused") {
			break
		}
	}
	return nil, "", lastErr
}

var transport = &http.Transport{MaxIdleConnsPerHost: 512, IdleConnTimeout: 30 * time.Second}

// instanceOf reads instance=ID from a fly-replay value.
func instanceOf(v string) (string, bool) {
	for _, field := range strings.Split(v, ";") {
		if id, ok := strings.CutPrefix(strings.TrimSpace(field), "instance="); ok && id != "" {
			return strings.Trim(id, `"`), true
		}
	}
	return "", false
}
