package handlers

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/db/pgtest"
)

// twoMachines is this server in cluster mode as machine "here" on a new
// PostgreSQL database, beside a machine "other" on the same database
// (which serves nothing: its address leads nowhere). elsewhere is a
// table other serves: its lease is other's and live.
func twoMachines(t *testing.T) (e *env, other *db.DB, elsewhere string) {
	t.Helper()
	ctx := context.Background()
	addr := pgtest.NewDatabase(t)
	e = &env{t: t, path: addr, cfg: fastConfig(), machine: "here"}
	e.start()
	t.Cleanup(e.stop)
	other, err := db.Open(ctx, addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	if err := other.SetMachine(ctx, "other", time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, err := other.Renew(ctx, "http://127.0.0.1:1"); err != nil {
		t.Fatal(err)
	}
	elsewhere = "7PM4QAB2"
	if err := other.CreateRoom(ctx, elsewhere, "president", []byte(`{"seats":3,"bots":true,"ruleset":"house"}`), time.Now(), 0); err != nil {
		t.Fatal(err)
	}
	return e, other, elsewhere
}

// In cluster mode a request for a table another machine holds is sent
// there (fly-replay) before any work; one replayed here by a machine with
// an older view is told to come back; this machine's own tables are
// served as on one machine; a code of no table is this machine's "no
// such table".
func TestRequestsGoToTheTablesMachine(t *testing.T) {
	e, _, elsewhere := twoMachines(t)
	ann := e.client()
	code := ann.createTable("Ann", url.Values{"seats": {"3"}})
	if len(code) != 8 || !e.db.Holds(code) {
		t.Fatalf("a private table made here has code %q, held here %v", code, e.db.Holds(code))
	}
	if st, body := ann.get("/t/" + code); st != http.StatusOK || !strings.Contains(body, `id="seq"`) {
		t.Fatalf("own table: %d", st)
	}
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
	// a code of no table: this machine's "no such table", and no lease
	if st, _ := ann.get("/t/ZZ7PM4QA"); st != http.StatusNotFound {
		t.Fatalf("unknown table: %d", st)
	}
	if _, err := e.db.LeaseOf(context.Background(), "ZZ7PM4QA"); err == nil {
		t.Fatal("a lease was made for no table")
	}
	// the join box sends a code of another machine to its page
	ann.get("/")
	ann.http.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	status, _, hdr := ann.post("/join", url.Values{"code": {strings.ToLower(elsewhere[:4]) + "-" + strings.ToLower(elsewhere[4:])}})
	if status != http.StatusSeeOther || hdr.Get("Location") != "/t/"+elsewhere {
		t.Fatalf("join box for another machine's code: %d to %q", status, hdr.Get("Location"))
	}
}

// A table whose machine stopped (its leases handed on) is taken by the
// machine the next request reaches, and served there from the shared
// log; the machine that stopped can no longer write it.
func TestATableNobodyServesIsTakenHere(t *testing.T) {
	e, other, elsewhere := twoMachines(t)
	ctx := context.Background()
	if err := other.Append(ctx, elsewhere, 1, time.Now(), []byte(`{"t":"create","player":"p-bob","name":"Bob"}`)); err != nil {
		t.Fatal(err)
	}
	if err := other.LeaveCluster(ctx); err != nil {
		t.Fatal(err)
	}
	ann := e.client()
	st, body := ann.get("/t/" + elsewhere)
	if st != http.StatusOK || !strings.Contains(body, elsewhere[:4]+"-"+elsewhere[4:]) {
		t.Fatalf("the table of a machine that stopped: %d %.300s", st, body)
	}
	// loaded here from the shared log: Bob, who sat there, is at it
	if !e.srv.Tables().Knows(elsewhere, "p-bob") {
		t.Fatal("the table taken here does not know Bob, who sat at it")
	}
	if l, err := e.db.LeaseOf(ctx, elsewhere); err != nil || l.Owner != "here" || l.Gen != 2 || !e.db.Holds(elsewhere) {
		t.Fatalf("lease after the takeover: %+v %v", l, err)
	}
	if err := other.Append(ctx, elsewhere, 2, time.Now(), []byte(`{}`)); !errors.Is(err, db.ErrFenced) {
		t.Fatalf("the machine that stopped wrote the table: %v", err)
	}
}

// The limits that protect the whole app count for every machine: tables
// opened per address, and table codes guessed per address, go through
// one budget whichever machine a request reaches.
func TestClusterLimitsAreTheApps(t *testing.T) {
	addr := pgtest.NewDatabase(t)
	cfg := fastConfig()
	cfg.Limits = DefaultLimits()
	cfg.Limits.TablesPerAddr = Limit{Burst: 3, Every: time.Hour}
	cfg.Limits.UnknownPerAddr = Limit{Burst: 4, Every: time.Hour}
	machines := []*env{{t: t, path: addr, cfg: cfg, machine: "m1"}, {t: t, path: addr, cfg: cfg, machine: "m2"}}
	for _, e := range machines {
		e.start()
		t.Cleanup(e.stop)
	}
	made := 0
	for i := range 6 {
		c := machines[i%2].client() // a new session each time: only the address counts
		c.get("/")
		status, _, _ := c.post("/tables", url.Values{"name": {"Ann"}, "kind": {"president"}, "seats": {"3"}})
		switch status {
		case http.StatusOK:
			made++
		case http.StatusTooManyRequests:
		default:
			t.Fatalf("create through m%d: %d", i%2+1, status)
		}
	}
	if made != 3 {
		t.Fatalf("%d tables opened from one address through two machines; the budget is 3", made)
	}
	// guessing: four misses spread over both machines spend the budget
	for i := range 4 {
		c := machines[i%2].client()
		if st, _ := c.get("/t/QQQQ" + strings.Repeat("Z", 3) + string(rune('A'+i))); st != http.StatusNotFound {
			t.Fatalf("a guess: %d", st)
		}
	}
	if st, _ := machines[0].client().get("/t/QQQQZZZY"); st != http.StatusTooManyRequests {
		t.Fatalf("a fifth guess, on m1, after four spread over m1 and m2: %d", st)
	}
}

// In a cluster a machine closes only the idle tables it serves: another
// machine's idle table is that machine's to close.
func TestClusterClosesOnlyItsOwnIdleTables(t *testing.T) {
	e, other, _ := twoMachines(t)
	ctx := context.Background()
	old := time.Now().Add(-72 * time.Hour)
	if err := other.CreateRoom(ctx, "OLD2OTHR", "president", []byte(`{"seats":3}`), old, 0); err != nil {
		t.Fatal(err)
	}
	if err := e.db.CreateRoom(ctx, "OLD2HERE", "president", []byte(`{"seats":3}`), old, 0); err != nil {
		t.Fatal(err)
	}
	n, err := e.srv.CloseIdle(ctx)
	if err != nil || n != 1 {
		t.Fatalf("closed %d, %v; want this machine's one idle table", n, err)
	}
	for code, want := range map[string]string{"OLD2HERE": db.StatusClosed, "OLD2OTHR": db.StatusOpen} {
		if r, err := e.db.RoomInfo(ctx, code); err != nil || r.Status != want {
			t.Fatalf("%s: %q %v, want %q", code, r.Status, err, want)
		}
	}
}
