package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/securecookie"
	"github.com/gorilla/sessions"
)

// Secret returns the named secret, creating it with n random bytes on first
// use, so keys survive restarts (a regenerated cookie key would log every
// player out).
func (d *DB) Secret(ctx context.Context, name string, n int) ([]byte, error) {
	var v []byte
	err := d.r.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&v)
	if err == nil {
		return v, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	v = make([]byte, n)
	rand.Read(v)
	if _, err := d.w.ExecContext(ctx, `INSERT INTO secrets(name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING`, name, v); err != nil {
		return nil, err
	}
	err = d.w.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&v)
	return v, err
}

// SessionStore is a gorilla/sessions Store that keeps session values in
// SQLite; the cookie holds only the signed session id.
type SessionStore struct {
	db      *DB
	codecs  []securecookie.Codec
	Options *sessions.Options
	cache   sessionCache
	// Portable makes the cookie carry the session's values too (signed, as
	// the id is; they are the visitor's own player id and name), so a
	// machine of a cluster that has no row for the session knows the
	// visitor all the same. All machines need one key.
	Portable bool
}

// portable is a Portable cookie's content.
type portable struct {
	ID   string
	Vals map[string]string
}

// sessionCache keeps recently used sessions in memory so a request needs
// no database read; every change is written through to SQLite first.
type sessionCache struct {
	mu sync.Mutex
	m  map[string]cachedSession
	// cookies maps a cookie value already verified to its session id
	// (and the values a Portable cookie carries): the HMAC check and
	// decoding cost more than the rest of a move's post
	cookies map[string]portable
}

func (c *sessionCache) cookie(value string) (portable, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.cookies[value]
	return p, ok
}

func (c *sessionCache) putCookie(value string, p portable) {
	c.mu.Lock()
	defer c.mu.Unlock()
	putBounded(&c.cookies, value, p)
}

// putBounded sets m[k] = v, making m if need be; a full map (at
// maxCachedSessions) first loses an arbitrary entry.
func putBounded[V any](m *map[string]V, k string, v V) {
	if *m == nil {
		*m = make(map[string]V)
	}
	if len(*m) >= maxCachedSessions {
		for old := range *m {
			delete(*m, old)
			break
		}
	}
	(*m)[k] = v
}

type cachedSession struct {
	vals    map[string]string
	expires int64
}

// maxCachedSessions bounds the cache; past it an arbitrary entry goes.
const maxCachedSessions = 50000

func (c *sessionCache) get(id string, now int64) (map[string]string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	if !ok || e.expires <= now {
		return nil, false
	}
	return e.vals, true
}

func (c *sessionCache) put(id string, vals map[string]string, expires int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	putBounded(&c.m, id, cachedSession{vals, expires})
}

func (c *sessionCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, id)
}

// NewSessionStore makes a store signing cookies with key (from Secret).
func (d *DB) NewSessionStore(key []byte, opts sessions.Options) *SessionStore {
	return &SessionStore{db: d, codecs: securecookie.CodecsFromPairs(key), Options: &opts}
}

// Get returns the session of the request, cached per request.
func (s *SessionStore) Get(r *http.Request, name string) (*sessions.Session, error) {
	return sessions.GetRegistry(r).Get(s, name)
}

// New loads the session named by the request's cookie, or starts a new one.
func (s *SessionStore) New(r *http.Request, name string) (*sessions.Session, error) {
	sess := sessions.NewSession(s, name)
	opts := *s.Options
	sess.Options = &opts
	sess.IsNew = true
	c, err := r.Cookie(name)
	if err != nil {
		return sess, nil
	}
	p, ok := s.cache.cookie(c.Value)
	if !ok {
		var err error
		if s.Portable {
			err = securecookie.DecodeMulti(name, c.Value, &p, s.codecs...)
		} else {
			err = securecookie.DecodeMulti(name, c.Value, &p.ID, s.codecs...)
		}
		if err != nil {
			return sess, nil // a forged or stale cookie: start afresh
		}
		s.cache.putCookie(c.Value, p)
	}
	id := p.ID
	if p.Vals != nil {
		// a Portable cookie is the freshest record of its session: the
		// last machine that changed it wrote it, and this one may have no
		// row or an older one
		for k, v := range p.Vals {
			sess.Values[k] = v
		}
		sess.ID, sess.IsNew = id, false
		return sess, nil
	}
	now := time.Now().Unix()
	vals, ok := s.cache.get(id, now)
	if !ok {
		var data string
		var expires int64
		err = s.db.r.QueryRowContext(r.Context(), `SELECT data, expires_at FROM sessions WHERE id = $1 AND expires_at > $2`, id, now).Scan(&data, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return sess, nil
		}
		if err != nil {
			return sess, err
		}
		if err := json.Unmarshal([]byte(data), &vals); err != nil {
			return sess, nil
		}
		s.cache.put(id, vals, expires)
	}
	for k, v := range vals {
		sess.Values[k] = v
	}
	sess.ID, sess.IsNew = id, false
	return sess, nil
}

// Save writes the session's string values and sets the cookie; MaxAge < 0
// deletes it.
func (s *SessionStore) Save(r *http.Request, w http.ResponseWriter, sess *sessions.Session) error {
	ctx := r.Context()
	if sess.Options.MaxAge < 0 {
		if sess.ID != "" {
			s.cache.drop(sess.ID)
			if _, err := s.db.w.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1`, sess.ID); err != nil {
				return err
			}
		}
		http.SetCookie(w, sessions.NewCookie(sess.Name(), "", sess.Options))
		return nil
	}
	if sess.ID == "" {
		b := make([]byte, 20)
		rand.Read(b)
		sess.ID = base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)
	}
	vals := make(map[string]string, len(sess.Values))
	for k, v := range sess.Values {
		ks, ok1 := k.(string)
		vs, ok2 := v.(string)
		if !ok1 || !ok2 {
			return fmt.Errorf("session value %v: only strings are stored", k)
		}
		vals[ks] = vs
	}
	data, _ := json.Marshal(vals)
	expires := time.Now().Add(time.Duration(sess.Options.MaxAge) * time.Second).Unix()
	if _, err := s.db.w.ExecContext(ctx, `INSERT INTO sessions(id, data, expires_at) VALUES ($1, $2, $3)
		ON CONFLICT(id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`, sess.ID, string(data), expires); err != nil {
		s.cache.drop(sess.ID)
		return err
	}
	s.cache.put(sess.ID, vals, expires)
	var value any = sess.ID
	if s.Portable {
		value = portable{ID: sess.ID, Vals: vals}
	}
	encoded, err := securecookie.EncodeMulti(sess.Name(), value, s.codecs...)
	if err != nil {
		return err
	}
	http.SetCookie(w, sessions.NewCookie(sess.Name(), encoded, sess.Options))
	return nil
}

// DeleteExpiredSessions removes sessions past their expiry.
func (d *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) error {
	_, err := d.w.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= $1`, now.Unix())
	return err
}
