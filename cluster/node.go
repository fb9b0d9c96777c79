// Package cluster spreads tables over several machines (Fly Machines),
// each table served by exactly one machine at a time, and moves the
// tables of a machine that is gone for good to another.
//
// A table's code starts with a two-character tag. A tag is a lease in the
// shared Store (leases/TAG.json, beside the backups): the machine that
// holds it serves every table whose code starts with it. A machine makes
// one tag of its own when it first starts and gives it to its new tables;
// it renews each lease it holds every TTL/3. Requests reaching another
// machine are sent to the owner (handlers answer fly-replay, Fly's proxy
// replays them there).
//
// When a lease has run out for longer than the grace period, its owner is
// taken to be gone: any machine may take the lease with a compare-and-swap
// write (so only one wins, and the generation grows), restore the dead
// machine's replica and import that tag's tables into its own database.
// A machine serves and writes a tag's tables only while it holds the lease
// by its own clock (Holds, checked by every commit): a frozen or cut-off
// machine stops before anyone may take over, as long as clocks differ by
// less than the grace period.
package cluster

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Legacy is the tag of the codes made before cluster mode (4 or 8
// characters, no tag): the first machine that finds such open tables in
// its database takes it.
const Legacy = "legacy"

// TagLen is the length of a tag at the start of a code.
const TagLen = 2

// Lease is a tag's record in the store.
type Lease struct {
	Tag     string    `json:"tag"`
	Owner   string    `json:"owner"`  // the machine serving the tag's tables
	Addr    string    `json:"addr"`   // where other machines reach the owner
	Origin  string    `json:"origin"` // the machine that made the tag
	Expires time.Time `json:"expires"`
	Gen     int64     `json:"gen"` // grows at every change of owner
}

// Config is one machine's part in the cluster.
type Config struct {
	Store   Store
	Machine string // this machine's id (FLY_MACHINE_ID)
	Addr    string // how the others reach this machine: http://host:port
	// TTL is how long a lease lasts unrenewed (15 s by default); Grace how
	// long past that before another machine adopts the tag (30 s).
	TTL, Grace time.Duration
	// NewTag draws a tag: TagLen random characters of the codes' alphabet.
	NewTag func() string
	// Adopt takes over the tables of tags, whose leases this machine now
	// holds, from the machine from (restore its replica, import, load).
	// An error leaves the tags pending: Adopt is tried again next round.
	Adopt func(ctx context.Context, from string, tags []string) error
	// Release stops serving a tag that another machine now holds.
	Release func(tag string)
	Log     *slog.Logger
}

// Node is this machine's view of the cluster.
type Node struct {
	cfg Config
	tag string

	mu      sync.Mutex
	held    map[string]*held
	dir     map[string]Lease // every lease as last read
	dirAt   time.Time
	pending map[string][]string  // adoptions won, not yet imported: from → tags
	missed  map[string]time.Time // tags found without a lease, and when
	lookups *rate.Limiter        // reads of a single lease between rounds
}

type held struct {
	lease   Lease
	version string
	until   time.Time // by this machine's clock: serve no longer unrenewed
}

func key(tag string) string { return "leases/" + tag + ".json" }

// Start joins the cluster: it takes back the leases this machine held
// before a restart and makes its own tag if it has none. Only then may the
// machine serve.
func Start(ctx context.Context, cfg Config) (*Node, error) {
	if cfg.TTL <= 0 {
		cfg.TTL = 15 * time.Second
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 30 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Machine == "" || cfg.Store == nil || cfg.NewTag == nil {
		return nil, errors.New("cluster: a machine id, a store and a way to draw tags are needed")
	}
	n := &Node{cfg: cfg, held: map[string]*held{}, dir: map[string]Lease{}, pending: map[string][]string{}, missed: map[string]time.Time{},
		lookups: rate.NewLimiter(10, 20)}
	leases, err := n.refresh(ctx)
	if err != nil {
		return nil, fmt.Errorf("cluster: read the leases: %w", err)
	}
	for _, l := range leases {
		if l.lease.Owner != cfg.Machine {
			continue
		}
		if err := n.take(ctx, l.lease, l.version, false); err != nil {
			return nil, fmt.Errorf("cluster: take back %s: %w", l.lease.Tag, err)
		}
		if l.lease.Origin == cfg.Machine && l.lease.Tag != Legacy {
			n.tag = l.lease.Tag
		}
	}
	for try := 0; n.tag == ""; try++ {
		if try == 1000 {
			return nil, errors.New("cluster: no free tag left (docs/OPERATIONS.md, limits)")
		}
		tag := cfg.NewTag()
		if _, ok := n.dir[tag]; ok {
			continue
		}
		err := n.take(ctx, Lease{Tag: tag, Origin: cfg.Machine}, "", true)
		if errors.Is(err, ErrConflict) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("cluster: make a tag: %w", err)
		}
		n.tag = tag
	}
	cfg.Log.Info("cluster: joined", "machine", cfg.Machine, "tag", n.tag, "holds", n.Held())
	return n, nil
}

// Tag is this machine's own tag: the start of its new tables' codes.
func (n *Node) Tag() string { return n.tag }

// Machine is this machine's id.
func (n *Node) Machine() string { return n.cfg.Machine }

// Claim takes a tag that nobody holds (Legacy, for old codes in this
// machine's database), or keeps it if this machine holds it already.
func (n *Node) Claim(ctx context.Context, tag string) error {
	if n.Holds(tag) {
		return nil
	}
	data, ver, err := n.cfg.Store.Get(ctx, key(tag))
	switch {
	case errors.Is(err, ErrNotFound):
		return n.take(ctx, Lease{Tag: tag, Origin: n.cfg.Machine}, "", true)
	case err != nil:
		return err
	}
	var l Lease
	if err := json.Unmarshal(data, &l); err != nil {
		return err
	}
	if l.Owner != n.cfg.Machine {
		return fmt.Errorf("cluster: %s is held by %s", tag, l.Owner)
	}
	return n.take(ctx, l, ver, false)
}

// take writes the lease as this machine's, if its version is still ver;
// newOwner counts a change of owner in the generation.
func (n *Node) take(ctx context.Context, l Lease, ver string, newOwner bool) error {
	start := time.Now()
	l.Owner, l.Addr, l.Expires = n.cfg.Machine, n.cfg.Addr, start.Add(n.cfg.TTL).UTC()
	if newOwner {
		l.Gen++
	}
	data, _ := json.Marshal(l)
	nv, err := n.cfg.Store.Put(ctx, key(l.Tag), data, ver)
	if err != nil {
		return err
	}
	n.mu.Lock()
	n.held[l.Tag] = &held{lease: l, version: nv, until: start.Add(n.cfg.TTL)}
	n.dir[l.Tag] = l
	n.mu.Unlock()
	return nil
}

// Holds reports whether this machine may serve and write the tag's tables
// now: it holds the lease, and by its own clock the lease has not run out.
func (n *Node) Holds(tag string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, ok := n.held[tag]
	return ok && time.Now().Before(h.until)
}

// Held lists the tags this machine holds.
func (n *Node) Held() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	tags := make([]string, 0, len(n.held))
	for t := range n.held {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	return tags
}

// Where says who serves a tag's tables: here, another machine (its id),
// or nobody now (down is true: its owner stopped renewing and no machine
// has adopted it yet). ok is false for a tag no machine ever made.
func (n *Node) Where(ctx context.Context, tag string) (here bool, owner string, down, ok bool) {
	if n.Holds(tag) {
		return true, n.cfg.Machine, false, true
	}
	n.mu.Lock()
	l, known := n.dir[tag]
	stale := time.Since(n.dirAt) > time.Second
	n.mu.Unlock()
	switch {
	case !known:
		// a tag made since the last round (a new machine), or no tag at
		// all: read its lease alone, at most once a second per tag
		l, known = n.lookup(ctx, tag)
	case (l.Owner == n.cfg.Machine || time.Now().After(l.Expires)) && stale:
		n.refresh(ctx)
		n.mu.Lock()
		l, known = n.dir[tag]
		n.mu.Unlock()
	}
	if !known {
		return false, "", false, false
	}
	if l.Owner == n.cfg.Machine {
		// the store says ours, but this machine's lease lapsed (the store
		// out of reach, or the machine frozen): nobody serves it now
		return false, "", true, true
	}
	return false, l.Owner, time.Now().After(l.Expires), true
}

// lookup reads one tag's lease into the directory; a tag found absent is
// not asked for again for a second (there are only 31² tags, so the
// misses kept stay few), and at most 10 a second are read in all.
func (n *Node) lookup(ctx context.Context, tag string) (Lease, bool) {
	n.mu.Lock()
	if at, ok := n.missed[tag]; ok && time.Since(at) < time.Second || !n.lookups.Allow() {
		// asked a moment ago, or too many asks (someone trying codes at
		// random must not cost the bucket a read each): the next round
		// reads every lease anyway
		n.mu.Unlock()
		return Lease{}, false
	}
	n.mu.Unlock()
	data, _, err := n.cfg.Store.Get(ctx, key(tag))
	var l Lease
	if err == nil && json.Unmarshal(data, &l) == nil && l.Tag == tag {
		n.mu.Lock()
		n.dir[tag] = l
		delete(n.missed, tag)
		n.mu.Unlock()
		return l, true
	}
	n.mu.Lock()
	n.missed[tag] = time.Now()
	n.mu.Unlock()
	return Lease{}, false
}

// Peers are the other machines holding a live lease, with their addresses.
func (n *Node) Peers() []Lease {
	n.mu.Lock()
	defer n.mu.Unlock()
	seen := map[string]bool{n.cfg.Machine: true}
	var out []Lease
	for _, l := range n.dir {
		if !seen[l.Owner] && time.Now().Before(l.Expires) && l.Addr != "" {
			seen[l.Owner] = true
			out = append(out, l)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Owner < out[j].Owner })
	return out
}

type versioned struct {
	lease   Lease
	version string
}

// refresh reads every lease.
func (n *Node) refresh(ctx context.Context) ([]versioned, error) {
	keys, err := n.cfg.Store.List(ctx, "leases/")
	if err != nil {
		return nil, err
	}
	var out []versioned
	dir := make(map[string]Lease, len(keys))
	for _, k := range keys {
		if !strings.HasSuffix(k, ".json") {
			continue
		}
		data, ver, err := n.cfg.Store.Get(ctx, k)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var l Lease
		if err := json.Unmarshal(data, &l); err != nil {
			n.cfg.Log.Warn("cluster: unreadable lease", "key", k, "err", err)
			continue
		}
		out = append(out, versioned{l, ver})
		dir[l.Tag] = l
	}
	n.mu.Lock()
	n.dir, n.dirAt = dir, time.Now()
	n.mu.Unlock()
	return out, nil
}

// Run renews this machine's leases and adopts the tags of machines gone
// for good, every TTL/3, until ctx is done.
func (n *Node) Run(ctx context.Context) {
	t := time.NewTicker(n.cfg.TTL / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		n.Round(ctx)
	}
}

// Round is one round of Run: renew, then adopt.
func (n *Node) Round(ctx context.Context) {
	n.renew(ctx)
	leases, err := n.refresh(ctx)
	if err != nil {
		n.cfg.Log.Warn("cluster: read the leases", "err", err)
		return
	}
	n.adopt(ctx, leases)
}

func (n *Node) renew(ctx context.Context) {
	n.mu.Lock()
	mine := make([]held, 0, len(n.held))
	for _, h := range n.held {
		mine = append(mine, *h)
	}
	n.mu.Unlock()
	for _, h := range mine {
		err := n.take(ctx, h.lease, h.version, false)
		if err == nil {
			continue
		}
		if !errors.Is(err, ErrConflict) {
			n.cfg.Log.Warn("cluster: renew", "tag", h.lease.Tag, "err", err)
			continue // the store is out of reach: Holds stops at the deadline
		}
		data, ver, gerr := n.cfg.Store.Get(ctx, key(h.lease.Tag))
		var cur Lease
		if gerr == nil && json.Unmarshal(data, &cur) == nil && cur.Owner == n.cfg.Machine {
			// written by this machine after all (a retried put): keep it
			n.mu.Lock()
			n.held[cur.Tag] = &held{lease: cur, version: ver, until: h.until}
			n.mu.Unlock()
			continue
		}
		if gerr != nil && !errors.Is(gerr, ErrNotFound) {
			continue
		}
		n.mu.Lock()
		delete(n.held, h.lease.Tag)
		n.mu.Unlock()
		n.cfg.Log.Warn("cluster: lost a tag to another machine", "tag", h.lease.Tag, "owner", cur.Owner)
		if n.cfg.Release != nil {
			n.cfg.Release(h.lease.Tag)
		}
	}
}

// adopt takes the leases run out for longer than the grace period, and
// imports their tables, grouped by the machine that held them.
func (n *Node) adopt(ctx context.Context, leases []versioned) {
	now := time.Now()
	for _, l := range leases {
		if l.lease.Owner == n.cfg.Machine || !now.After(l.lease.Expires.Add(n.cfg.Grace)) {
			continue
		}
		from := l.lease.Owner
		err := n.take(ctx, l.lease, l.version, true)
		if errors.Is(err, ErrConflict) {
			continue // another machine was first
		}
		if err != nil {
			n.cfg.Log.Warn("cluster: adopt", "tag", l.lease.Tag, "err", err)
			continue
		}
		n.cfg.Log.Info("cluster: adopting", "tag", l.lease.Tag, "from", from, "expired", l.lease.Expires)
		n.mu.Lock()
		n.pending[from] = append(n.pending[from], l.lease.Tag)
		n.mu.Unlock()
	}
	n.mu.Lock()
	work := make(map[string][]string, len(n.pending))
	for from, tags := range n.pending {
		work[from] = append([]string(nil), tags...)
	}
	n.mu.Unlock()
	for from, tags := range work {
		if n.cfg.Adopt != nil {
			if err := n.cfg.Adopt(ctx, from, tags); err != nil {
				n.cfg.Log.Error("cluster: import an adopted machine's tables", "from", from, "tags", tags, "err", err)
				continue // tried again next round; the tags stay pending
			}
		}
		n.mu.Lock()
		delete(n.pending, from)
		n.mu.Unlock()
		n.cfg.Log.Info("cluster: adopted", "from", from, "tags", tags)
	}
}

// Pending reports whether adoptions wait to be imported: their tags are
// held but their tables aren't here yet.
func (n *Node) Pending(tag string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, tags := range n.pending {
		if slices.Contains(tags, tag) {
			return true
		}
	}
	return false
}

// TagOf is the tag of a table code: its first two characters, or Legacy
// for the codes made before cluster mode (4 or 8 characters).
func TagOf(code string) string {
	if len(code) == 4 || len(code) == 8 || len(code) < TagLen {
		return Legacy
	}
	return code[:TagLen]
}

// SharedKey returns the secret named name from the store, making it (n
// random bytes) if no machine has yet: the machines of a cluster sign
// their session cookies with one key.
func SharedKey(ctx context.Context, st Store, name string, n int) ([]byte, error) {
	for range 3 {
		data, _, err := st.Get(ctx, "secrets/"+name)
		if err == nil {
			return data, nil
		}
		if !errors.Is(err, ErrNotFound) {
			return nil, err
		}
		b := make([]byte, n)
		rand.Read(b)
		if _, err := st.Put(ctx, "secrets/"+name, b, ""); err != nil && !errors.Is(err, ErrConflict) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("cluster: the shared key %s can't be read", name)
}
