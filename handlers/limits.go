package handlers

import (
	"context"
	"errors"
	"log/slog"
	"net/netip"
	"sync"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/room"
	"golang.org/x/time/rate"
)

// addrKey is a client address as the per-address limits count it: an IPv4
// address as it is, an IPv6 address as its /64 (one subscriber's whole
// network: a home or a phone gets at least a /64, so its addresses are
// one client's).
func addrKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil || a.Is4() || a.Is4In6() {
		if err == nil {
			return a.Unmap().String()
		}
		return ip
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// Limit is a token bucket: Burst at once, then one more every Every.
type Limit struct {
	Burst int
	Every time.Duration
}

// Limits are the per-address and per-session rate limits. A session is
// free to make and an address is not, so each cost that a client can
// repeat has a limit per address, and per session where a session is
// known. docs/SECURITY.md lists the values.
type Limits struct {
	Off bool // no limits at all (load tests on loopback)

	TablesPerAddr    Limit // opening tables
	TablesPerSession Limit
	SessionsPerAddr  Limit // new sessions (a visitor giving a name)
	JoinsPerAddr     Limit // joining a table, asking for a seat
	JoinsPerSession  Limit
	ChatPerAddr      Limit // chat lines, over every session of the address
	UnknownPerAddr   Limit // lookups of table codes that do not exist
	// "Play on another device" links
	HandoversPerAddr    Limit
	HandoversPerSession Limit
	// passkey ceremonies begun (making a passkey, signing in with one)
	PasskeysPerAddr    Limit
	PasskeysPerSession Limit
	// the bot API (docs/BOTS.md): moves posted, per address and per bot
	// (its token); views read and streams opened, per address; requests
	// with a token that is no bot's, per address (guessing)
	BotMovesPerAddr  Limit
	BotMovesPerToken Limit
	BotReadsPerAddr  Limit
	BotAuthPerAddr   Limit
	// BotStreams is how many streams one bot may hold open at once, and
	// BotStreamsPerAddr how many one address may, whatever their bots.
	BotStreams        int
	BotStreamsPerAddr int
	// clubs (issue 41): clubs made, invite links drawn again, clubs
	// joined by an invite
	ClubsPerAddr        Limit
	ClubsPerSession     Limit
	InvitesPerAddr      Limit
	InvitesPerSession   Limit
	ClubJoinsPerAddr    Limit
	ClubJoinsPerSession Limit
}

// DefaultLimits are generous for people and tight for scripts.
func DefaultLimits() Limits {
	return Limits{
		TablesPerAddr:       Limit{Burst: 20, Every: time.Minute},
		TablesPerSession:    Limit{Burst: 10, Every: 2 * time.Minute},
		SessionsPerAddr:     Limit{Burst: 30, Every: 20 * time.Second},
		JoinsPerAddr:        Limit{Burst: 40, Every: 2 * time.Second},
		JoinsPerSession:     Limit{Burst: 15, Every: 4 * time.Second},
		ChatPerAddr:         Limit{Burst: 10, Every: 2 * time.Second},
		UnknownPerAddr:      Limit{Burst: 20, Every: 30 * time.Second},
		HandoversPerAddr:    Limit{Burst: 20, Every: 30 * time.Second},
		HandoversPerSession: Limit{Burst: 5, Every: time.Minute},
		PasskeysPerAddr:     Limit{Burst: 20, Every: 30 * time.Second},
		PasskeysPerSession:  Limit{Burst: 10, Every: time.Minute},
		BotMovesPerAddr:     Limit{Burst: 120, Every: 20 * time.Millisecond},
		BotMovesPerToken:    Limit{Burst: 30, Every: 100 * time.Millisecond},
		BotReadsPerAddr:     Limit{Burst: 60, Every: 500 * time.Millisecond},
		BotAuthPerAddr:      Limit{Burst: 10, Every: 30 * time.Second},
		BotStreams:          4,
		BotStreamsPerAddr:   64,
		ClubsPerAddr:        Limit{Burst: 5, Every: 10 * time.Minute},
		ClubsPerSession:     Limit{Burst: 3, Every: 10 * time.Minute},
		InvitesPerAddr:      Limit{Burst: 20, Every: time.Minute},
		InvitesPerSession:   Limit{Burst: 10, Every: time.Minute},
		ClubJoinsPerAddr:    Limit{Burst: 30, Every: 10 * time.Second},
		ClubJoinsPerSession: Limit{Burst: 10, Every: 10 * time.Second},
	}
}

// NoLimits turns every rate limit off.
func NoLimits() Limits { return Limits{Off: true} }

// limiters are the live buckets of every limit.
type limiters struct {
	tablesAddr, tablesSession, sessionsAddr, joinsAddr, joinsSession, chatAddr, unknownAddr *buckets
	handoversAddr, handoversSession, passkeysAddr, passkeysSession                          *buckets
	botMovesAddr, botMovesToken, botReadsAddr, botAuthAddr                                  *buckets
	clubsAddr, clubsSession, invitesAddr, invitesSession, clubJoinsAddr, clubJoinsSession   *buckets

	all []*buckets // every one of them that limits (prune)
}

func newLimiters(l Limits) *limiters {
	var all []*buckets
	b := func(lim Limit) *buckets {
		if l.Off || lim.Burst <= 0 || lim.Every <= 0 {
			return nil // no limit
		}
		nb := &buckets{lim: lim, m: make(map[string]*rate.Limiter)}
		all = append(all, nb)
		return nb
	}
	lim := &limiters{
		tablesAddr: b(l.TablesPerAddr), tablesSession: b(l.TablesPerSession), sessionsAddr: b(l.SessionsPerAddr),
		joinsAddr: b(l.JoinsPerAddr), joinsSession: b(l.JoinsPerSession), chatAddr: b(l.ChatPerAddr), unknownAddr: b(l.UnknownPerAddr),
		handoversAddr: b(l.HandoversPerAddr), handoversSession: b(l.HandoversPerSession),
		passkeysAddr: b(l.PasskeysPerAddr), passkeysSession: b(l.PasskeysPerSession),
		botMovesAddr: b(l.BotMovesPerAddr), botMovesToken: b(l.BotMovesPerToken), botReadsAddr: b(l.BotReadsPerAddr), botAuthAddr: b(l.BotAuthPerAddr),
		clubsAddr: b(l.ClubsPerAddr), clubsSession: b(l.ClubsPerSession), invitesAddr: b(l.InvitesPerAddr), invitesSession: b(l.InvitesPerSession),
		clubJoinsAddr: b(l.ClubJoinsPerAddr), clubJoinsSession: b(l.ClubJoinsPerSession),
	}
	lim.all = all
	return lim
}

// prune forgets the buckets that have filled up again.
func (l *limiters) prune(now time.Time) {
	for _, b := range l.all {
		b.prune(now)
	}
}

// buckets are one limit's token buckets by key (an address or a player
// id). A nil *buckets allows everything.
type buckets struct {
	lim Limit
	mu  sync.Mutex
	m   map[string]*rate.Limiter
	// shared, in a cluster, keeps the buckets in the database for every
	// machine at once (sharedBuckets); nil: in memory, this machine's own
	shared *sharedBuckets
}

// sharedBuckets are a limit's buckets in the shared database (db.TakeToken),
// under keys that start with prefix.
type sharedBuckets struct {
	db     *db.DB
	prefix string
	log    *slog.Logger
}

// shareIn makes the limits that protect the whole app count in the
// database, for every machine of a cluster: tables opened per address,
// table codes guessed per address, and, a club being every machine's,
// clubs made, invites drawn and clubs joined per address
// (docs/SECURITY.md says why the others stay per machine).
func (l *limiters) shareIn(d *db.DB, log *slog.Logger) {
	for prefix, b := range map[string]*buckets{"tables:": l.tablesAddr, "codes:": l.unknownAddr,
		"clubs:": l.clubsAddr, "invites:": l.invitesAddr, "clubjoins:": l.clubJoinsAddr} {
		if b != nil {
			b.shared = &sharedBuckets{d, prefix, log}
		}
	}
}

// sharedWait bounds a limit's question to the database: past it, or when
// the database fails, the request is allowed (the database being out of
// reach stops the request's own work anyway).
const sharedWait = 2 * time.Second

// ask puts a question about key's bucket to the database (db.TakeToken
// or db.HasToken); an error answers yes.
func (s *sharedBuckets) ask(q func(context.Context, string, int, time.Duration) (bool, error), lim Limit, key string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
	defer cancel()
	ok, err := q(ctx, s.prefix+key, lim.Burst, lim.Every)
	if err != nil {
		s.log.Warn("shared limit", "key", s.prefix+key, "err", err)
		return true
	}
	return ok
}

// maxBuckets bounds a limit's memory: past it, the full buckets go.
const maxBuckets = 100000

func (b *buckets) bucket(key string, now time.Time) *rate.Limiter {
	l, ok := b.m[key]
	if !ok {
		if len(b.m) >= maxBuckets {
			b.pruneLocked(now)
		}
		l = rate.NewLimiter(rate.Every(b.lim.Every), b.lim.Burst)
		b.m[key] = l
	}
	return l
}

// allow takes a token for key, reporting whether there was one.
func (b *buckets) allow(key string, now time.Time) bool {
	if b == nil || key == "" {
		return true
	}
	if b.shared != nil {
		return b.shared.ask(b.shared.db.TakeToken, b.lim, key)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.bucket(key, now).AllowN(now, 1)
}

// empty reports whether key has no token left, without taking one.
func (b *buckets) empty(key string, now time.Time) bool {
	if b == nil {
		return false
	}
	if b.shared != nil {
		return !b.shared.ask(b.shared.db.HasToken, b.lim, key)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	l, ok := b.m[key]
	return ok && l.TokensAt(now) < 1
}

func (b *buckets) prune(now time.Time) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pruneLocked(now)
}

func (b *buckets) pruneLocked(now time.Time) {
	for k, l := range b.m {
		if l.TokensAt(now) >= float64(b.lim.Burst) {
			delete(b.m, k)
		}
	}
	if len(b.m) >= maxBuckets { // every bucket in use: a flood of keys
		clear(b.m)
	}
}

// errRateLimited is what a limited client is told: 429 with the message,
// in the reader's language (see httpError; a program reads English).
type errRateLimited struct{ msg i18n.Msg }

func (e errRateLimited) Error() string { return i18n.English().Msg(e.msg) }

// rateLimited is a refusal of a limit, told by the catalog's key.
func rateLimited(key string) error { return errRateLimited{i18n.M(key)} }

// Table codes are looked up through these, so codes can't be enumerated:
// an address that tried too many codes that don't exist waits, real codes
// included, and every miss counts against it.

// msgGuessing answers an address that tried too many unknown codes.
const msgGuessing = "error.limit.codes"

// errBadCode is a code that can't be one (wrong length or letters).
var errBadCode = errors.New("not a table code")

// checkCode reads a code as typed or linked, for an address and the
// asker's player id (empty without a session): the code, or
// rateLimited(msgGuessing), or errBadCode (a miss). An address that tried
// too many unknown codes is refused every code but those of the live
// tables where the asker sits, asks or talks: guessers at a shared address
// (an office, a phone carrier's NAT) never lock a player out of their own
// table. That check reads only tables in memory, so guessing costs no
// database read.
func (s *Server) checkCode(ip, raw, player string) (string, error) {
	code, ok := normalCode(raw)
	if s.limits.unknownAddr.empty(ip, s.now()) && !(ok && player != "" && s.rt.Knows(code, player)) {
		return "", rateLimited(msgGuessing)
	}
	if !ok {
		s.missedCode(ip)
		return raw, errBadCode
	}
	return code, nil
}

// missedCode counts a lookup of a code that doesn't exist.
func (s *Server) missedCode(ip string) { s.limits.unknownAddr.allow(ip, s.now()) }

// lookupRoom is checkCode, then the code's open room: db.ErrNotFound (a
// miss) when there is none.
func (s *Server) lookupRoom(ctx context.Context, ip, raw, player string) (*room.Room, string, error) {
	code, err := s.checkCode(ip, raw, player)
	if err != nil {
		return nil, code, err
	}
	r, err := s.rt.Get(ctx, code)
	if errors.Is(err, db.ErrNotFound) {
		s.missedCode(ip)
	}
	return r, code, err
}
