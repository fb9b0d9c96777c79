package handlers

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/cluster"
)

// twoMachines is this server in cluster mode as machine "here", beside a
// machine "other" in the same store (which serves nothing: its address
// leads nowhere).
func twoMachines(t *testing.T) (e *env, here, other *cluster.Node) {
	t.Helper()
	ctx := context.Background()
	st, err := cluster.OpenStore(ctx, "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	node := func(machine string) *cluster.Node {
		n, err := cluster.Start(ctx, cluster.Config{Store: st, Machine: machine, Addr: "http://127.0.0.1:1",
			TTL: time.Hour, Grace: time.Hour, NewTag: NewTag})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	here, other = node("here"), node("other")
	cfg := fastConfig()
	cfg.Cluster = here
	return newEnv(t, cfg), here, other
}

// In cluster mode a request for a table another machine holds is sent
// there (fly-replay) before any work; one replayed here by a machine with
// an older view, or for a table nobody serves now, is told to come back;
// this machine's own tables are served as on one machine.
func TestRequestsGoToTheTablesMachine(t *testing.T) {
	e, here, other := twoMachines(t)
	ann := e.client()
	code := ann.createTable("Ann", url.Values{"seats": {"3"}})
	if !strings.HasPrefix(code, here.Tag()) || len(code) != 10 {
		t.Fatalf("a private table here has code %q; want 10 characters starting with this machine's tag %q", code, here.Tag())
	}
	if st, body := ann.get("/t/" + code); st != http.StatusOK || !strings.Contains(body, `id="seq"`) {
		t.Fatalf("own table: %d", st)
	}

	elsewhere := other.Tag() + "7PM4QAB2"
	do := func(method, path string, hdr http.Header) *http.Response {
		req, _ := http.NewRequest(method, e.http.URL+path, strings.NewReader("do=start"))
		req.Header = hdr
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	for _, path := range []string{"/t/" + elsewhere, "/t/" + strings.ToLower(elsewhere) + "/act", "/t/" + elsewhere + "/ws", "/t/" + elsewhere + "/replay/1"} {
		for _, method := range []string{"GET", "POST"} {
			resp := do(method, path, http.Header{})
			if resp.StatusCode != http.StatusConflict || resp.Header.Get("Fly-Replay") != "instance=other" {
				t.Fatalf("%s %s: %d, fly-replay %q; want 409 to instance=other", method, path, resp.StatusCode, resp.Header.Get("Fly-Replay"))
			}
			if resp.Header.Get("Set-Cookie") != "" {
				t.Fatalf("%s %s: a replayed request got a cookie: no work is done for it", method, path)
			}
		}
	}
	// replayed here already, yet another's: no second replay, come back
	resp := do("GET", "/t/"+elsewhere, http.Header{"Fly-Replay-Src": {"instance=other;t=1"}})
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || resp.Header.Get("Fly-Replay") != "" {
		t.Fatalf("a replayed request for another's table: %d, fly-replay %q", resp.StatusCode, resp.Header.Get("Fly-Replay"))
	}
	// a tag no machine made: this machine's "no such table"
	if st, _ := ann.get("/t/ZZ7PM4QAB2"); st != http.StatusNotFound && other.Tag() != "ZZ" && here.Tag() != "ZZ" {
		t.Fatalf("unknown tag: %d", st)
	}
	// the join box sends a code of another machine to its page
	ann.get("/")
	ann.http.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	status, _, hdr := ann.post("/join", url.Values{"code": {strings.ToLower(other.Tag()) + "7pm4-qab2"}})
	if status != http.StatusSeeOther || hdr.Get("Location") != "/t/"+elsewhere {
		t.Fatalf("join box for another machine's code: %d to %q", status, hdr.Get("Location"))
	}
}
