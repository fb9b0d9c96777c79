package cluster

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// newTag draws tags as the server does: two characters of the codes'
// alphabet.
func newTag() string {
	const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	return string([]byte{alphabet[rand.IntN(len(alphabet))], alphabet[rand.IntN(len(alphabet))]})
}

type adoption struct {
	by, from string
	tags     []string
}

// testNode starts a machine on the store with a short lease; adoptions and
// releases are recorded.
func testNode(t *testing.T, st Store, machine string, log *[]adoption, mu *sync.Mutex, released *[]string) *Node {
	t.Helper()
	n, err := Start(context.Background(), Config{Store: st, Machine: machine, Addr: "http://" + machine,
		TTL: 300 * time.Millisecond, Grace: 300 * time.Millisecond, NewTag: newTag,
		Adopt: func(_ context.Context, from string, tags []string) error {
			mu.Lock()
			defer mu.Unlock()
			*log = append(*log, adoption{machine, from, tags})
			return nil
		},
		Release: func(tag string) {
			mu.Lock()
			defer mu.Unlock()
			*released = append(*released, machine+":"+tag)
		}})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// waitFor polls cond until it holds or 10 s pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func fileStoreT(t *testing.T) Store {
	st, err := OpenStore(context.Background(), "file://"+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestTagsRouteAndAdoptionHasOneWinner(t *testing.T) {
	ctx := context.Background()
	st := fileStoreT(t)
	var mu sync.Mutex
	var adopted []adoption
	var released []string
	a := testNode(t, st, "machine-a", &adopted, &mu, &released)
	b := testNode(t, st, "machine-b", &adopted, &mu, &released)
	c := testNode(t, st, "machine-c", &adopted, &mu, &released)
	if a.Tag() == b.Tag() || b.Tag() == c.Tag() || a.Tag() == c.Tag() || len(a.Tag()) != TagLen {
		t.Fatalf("tags %q %q %q: each machine needs its own", a.Tag(), b.Tag(), c.Tag())
	}
	// a started before c and has read no lease since: it finds c's tag
	if here, owner, _, ok := a.Where(ctx, c.Tag()); here || owner != "machine-c" || !ok {
		t.Fatalf("a.Where(c's new tag) = %v %q %v; want machine-c", here, owner, ok)
	}
	// b finds a's tables at a
	if here, owner, down, ok := b.Where(ctx, a.Tag()); here || owner != "machine-a" || down || !ok {
		t.Fatalf("b.Where(a's tag) = %v %q %v %v; want machine-a, up", here, owner, down, ok)
	}
	if _, _, _, ok := b.Where(ctx, "ZZ"); ok && a.Tag() != "ZZ" && c.Tag() != "ZZ" {
		t.Fatal("a tag nobody made has an owner")
	}

	// a stops renewing (frozen): by its own clock it stops serving at the
	// end of its lease, before anyone may take it
	waitFor(t, "a's lease to lapse", func() bool { return !a.Holds(a.Tag()) })
	if _, _, down, _ := b.Where(ctx, a.Tag()); !down {
		t.Fatal("a lapsed lease is not reported down")
	}
	// b and c both try to adopt at once, round after round, while renewing
	// their own: exactly one takes a's tag
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for _, n := range []*Node{b, c} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				n.Round(ctx)
				time.Sleep(10 * time.Millisecond)
			}
		}()
	}
	waitFor(t, "an adoption", func() bool { mu.Lock(); defer mu.Unlock(); return len(adopted) > 0 })
	// let both keep trying well past the point where either could
	time.Sleep(700 * time.Millisecond)
	close(stop)
	wg.Wait()
	mu.Lock()
	if len(adopted) != 1 || adopted[0].from != "machine-a" || len(adopted[0].tags) != 1 || adopted[0].tags[0] != a.Tag() {
		t.Fatalf("adoptions %+v; want one, of a's tag from machine-a", adopted)
	}
	winner := b
	if adopted[0].by == "machine-c" {
		winner = c
	}
	mu.Unlock()
	if !winner.Holds(a.Tag()) {
		t.Fatal("the adopter does not hold the tag")
	}
	if here, owner, _, _ := a.Where(ctx, a.Tag()); here || owner != winner.Machine() {
		t.Fatalf("a sees its old tag at %q (here %v); want %q", owner, here, winner.Machine())
	}

	// a wakes up: its renewal finds the tag taken, and it lets go
	a.Round(ctx)
	mu.Lock()
	if len(released) != 1 || released[0] != "machine-a:"+a.Tag() {
		t.Fatalf("released %v; want a's tag released by machine-a", released)
	}
	mu.Unlock()
	if a.Holds(a.Tag()) {
		t.Fatal("a still holds the tag it lost")
	}
}

func TestRestartTakesBackItsLeases(t *testing.T) {
	st := fileStoreT(t)
	var mu sync.Mutex
	var adopted []adoption
	var released []string
	a := testNode(t, st, "machine-a", &adopted, &mu, &released)
	if err := a.Claim(context.Background(), Legacy); err != nil {
		t.Fatal(err)
	}
	// the same machine starts again (a deploy): same tag, legacy kept
	a2 := testNode(t, st, "machine-a", &adopted, &mu, &released)
	if a2.Tag() != a.Tag() || !a2.Holds(Legacy) || !a2.Holds(a.Tag()) {
		t.Fatalf("after a restart: tag %q (was %q), holds %v", a2.Tag(), a.Tag(), a2.Held())
	}
	b := testNode(t, st, "machine-b", &adopted, &mu, &released)
	if err := b.Claim(context.Background(), Legacy); err == nil {
		t.Fatal("b claimed the legacy tag a holds")
	}
}

func TestTagOf(t *testing.T) {
	for code, want := range map[string]string{"KX7P": Legacy, "KX7PM4QA": Legacy, "KXAB2C": "KX", "KXAB2CDEFG": "KX"} {
		if got := TagOf(code); got != want {
			t.Errorf("TagOf(%q) = %q, want %q", code, got, want)
		}
	}
}

// The S3 store's writes are compare-and-swap, against an S3 fake that
// honours If-Match and If-None-Match as AWS and Tigris do.
func TestS3StoreIsCompareAndSwap(t *testing.T) {
	backend := s3mem.New()
	faker := gofakes3.New(backend)
	srv := httptest.NewServer(faker.Server())
	defer srv.Close()
	if err := backend.CreateBucket("tables"); err != nil {
		t.Fatal(err)
	}
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_CA_BUNDLE", "")
	st, err := OpenStore(context.Background(), "s3://tables/cluster?endpoint="+srv.URL+"&region=us-east-1&forcePathStyle=true")
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, st)
}

func TestFileStoreIsCompareAndSwap(t *testing.T) { checkStore(t, fileStoreT(t)) }

func checkStore(t *testing.T, st Store) {
	ctx := context.Background()
	if _, _, err := st.Get(ctx, "leases/AB.json"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("get of a missing key: %v", err)
	}
	v1, err := st.Put(ctx, "leases/AB.json", []byte(`{"n":1}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Put(ctx, "leases/AB.json", []byte(`{"n":2}`), ""); !errors.Is(err, ErrConflict) {
		t.Fatalf("a second create: %v, want a conflict", err)
	}
	v2, err := st.Put(ctx, "leases/AB.json", []byte(`{"n":3}`), v1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Put(ctx, "leases/AB.json", []byte(`{"n":4}`), v1); !errors.Is(err, ErrConflict) {
		t.Fatalf("a write on a stale version: %v, want a conflict", err)
	}
	data, v, err := st.Get(ctx, "leases/AB.json")
	if err != nil || string(data) != `{"n":3}` || v != v2 {
		t.Fatalf("get = %s %q %v; want n 3 at %q", data, v, err, v2)
	}
	// many writers on one version: one wins
	var wins atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := st.Put(ctx, "leases/AB.json", []byte(`{"n":5}`), v2); err == nil {
				wins.Add(1)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Fatalf("%d writers won on one version; want 1", wins.Load())
	}
	if _, err := st.Put(ctx, "leases/CD.json", []byte(`{}`), ""); err != nil {
		t.Fatal(err)
	}
	keys, err := st.List(ctx, "leases/")
	if err != nil || len(keys) != 2 || keys[0] != "leases/AB.json" || keys[1] != "leases/CD.json" {
		t.Fatalf("list = %v %v", keys, err)
	}
}
