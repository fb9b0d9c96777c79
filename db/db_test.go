package db

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/gorilla/sessions"
)

func open(t *testing.T) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	d, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, path
}

func TestPragmas(t *testing.T) {
	d, _ := open(t)
	var mode string
	var sync int
	d.w.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	d.w.QueryRow(`PRAGMA synchronous`).Scan(&sync)
	if mode != "wal" || sync != 1 {
		t.Fatalf("journal_mode %s synchronous %d, want wal and 1 (NORMAL)", mode, sync)
	}
	if _, err := d.r.Exec(`CREATE TABLE x(a)`); err == nil {
		t.Fatal("the read pool can write")
	}
}

func TestRoomLogAndSnapshot(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, path := open(t)
		ctx := context.Background()
		now := time.Now()
		if err := d.CreateRoom(ctx, "ABCD", "president", []byte(`{}`), now, 0); err != nil {
			t.Fatal(err)
		}
		if err := d.CreateRoom(ctx, "ABCD", "president", []byte(`{}`), now, 0); err != ErrExists {
			t.Fatalf("duplicate code: %v", err)
		}
		for i := int64(1); i <= 5; i++ {
			if err := d.Append(ctx, "ABCD", i, now, []byte(`{"n":`+string(rune('0'+i))+`}`)); err != nil {
				t.Fatal(err)
			}
		}
		if err := d.Append(ctx, "ABCD", 5, now, []byte(`{}`)); err == nil {
			t.Fatal("a duplicate seq was accepted")
		}
		if err := d.Append(ctx, "NOPE", 1, now, []byte(`{}`)); err == nil {
			t.Fatal("an entry for a missing room was accepted")
		}
		if err := d.SaveSnapshot(ctx, "ABCD", 3, []byte(`{"snap":3}`)); err != nil {
			t.Fatal(err)
		}
		d.Close()

		d2, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer d2.Close()
		r, seq, snap, entries, err := d2.Load(ctx, "ABCD")
		if err != nil {
			t.Fatal(err)
		}
		if r.Kind != "president" || seq != 3 || string(snap) != `{"snap":3}` || len(entries) != 2 || entries[0].Seq != 4 || string(entries[1].Entry) != `{"n":5}` {
			t.Fatalf("load: %+v %d %s %+v", r, seq, snap, entries)
		}
		if _, _, _, _, err := d2.Load(ctx, "ZZZZ"); err != ErrNotFound {
			t.Fatalf("missing room: %v", err)
		}
		codes, _ := d2.OpenRooms(ctx)
		if len(codes) != 1 {
			t.Fatalf("open rooms %v", codes)
		}
		d2.SetStatus(ctx, "ABCD", StatusClosed, now)
		if n, _ := d2.CountOpen(ctx); n != 0 {
			t.Fatalf("open after close: %d", n)
		}
		if log, _ := d2.Log(ctx, "ABCD", 0); len(log) != 5 {
			t.Fatalf("a closed room lost its log: %d entries", len(log))
		}
	})
}

func TestAppendBatch(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, _ := open(t)
		ctx := context.Background()
		now := time.Now()
		d.CreateRoom(ctx, "AAAA", "president", []byte(`{}`), now, 0)
		d.CreateRoom(ctx, "BBBB", "president", []byte(`{}`), now, 0)
		err := d.AppendBatch(ctx, now, []Batch{{Code: "AAAA", First: 1, Entries: [][]byte{[]byte(`1`), []byte(`2`)}}, {Code: "BBBB", First: 1, Entries: [][]byte{[]byte(`1`)}}})
		if err != nil {
			t.Fatal(err)
		}
		// a failing batch writes nothing
		err = d.AppendBatch(ctx, now, []Batch{{Code: "BBBB", First: 2, Entries: [][]byte{[]byte(`2`)}}, {Code: "AAAA", First: 2, Entries: [][]byte{[]byte(`dup`)}}})
		if err == nil {
			t.Fatal("duplicate accepted")
		}
		if log, _ := d.Log(ctx, "BBBB", 0); len(log) != 1 {
			t.Fatalf("partial batch written: %d", len(log))
		}
	})
}

func TestSecretIsStable(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, path := open(t)
		ctx := context.Background()
		a, err := d.Secret(ctx, "cookie", 32)
		if err != nil || len(a) != 32 {
			t.Fatal(err)
		}
		d.Close()
		d2, _ := Open(ctx, path)
		defer d2.Close()
		b, _ := d2.Secret(ctx, "cookie", 32)
		if string(a) != string(b) {
			t.Fatal("secret regenerated on reopen")
		}
	})
}

func TestSessionStore(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, path := open(t)
		ctx := context.Background()
		key, _ := d.Secret(ctx, "cookie", 32)
		store := d.NewSessionStore(key, sessions.Options{Path: "/", MaxAge: 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode})

		r := httptest.NewRequest("GET", "/", nil)
		w := httptest.NewRecorder()
		s, _ := store.Get(r, "tables")
		if !s.IsNew {
			t.Fatal("fresh request has a session")
		}
		s.Values["name"] = "Ann"
		if err := s.Save(r, w); err != nil {
			t.Fatal(err)
		}
		cookie := w.Result().Cookies()[0]
		if !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode {
			t.Fatalf("cookie flags %+v", cookie)
		}
		d.Close()

		// a new process with the stored key still reads the session
		d2, _ := Open(ctx, path)
		defer d2.Close()
		key2, _ := d2.Secret(ctx, "cookie", 32)
		store2 := d2.NewSessionStore(key2, sessions.Options{Path: "/", MaxAge: 3600})
		r2 := httptest.NewRequest("GET", "/", nil)
		r2.AddCookie(cookie)
		s2, _ := store2.Get(r2, "tables")
		if s2.IsNew || s2.Values["name"] != "Ann" {
			t.Fatalf("session lost across restart: %+v", s2.Values)
		}
		// a forged cookie starts a new session
		r3 := httptest.NewRequest("GET", "/", nil)
		r3.AddCookie(&http.Cookie{Name: "tables", Value: cookie.Value[:len(cookie.Value)-2] + "xx"})
		s3, _ := store2.Get(r3, "tables")
		if !s3.IsNew || s3.Values["name"] != nil {
			t.Fatal("forged cookie accepted")
		}
	})
}

// A Portable session made on one machine is known on another that shares
// the key but has no row for it: the cookie carries the values. A name
// changed there travels on in the new cookie; a forged one does not.
func TestPortableSessionsCrossMachines(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		a, _ := open(t)
		b, _ := open(t)
		key := []byte("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
		opts := sessions.Options{Path: "/", MaxAge: 3600}
		sa, sb := a.NewSessionStore(key, opts), b.NewSessionStore(key, opts)
		sa.Portable, sb.Portable = true, true

		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", "/", nil)
		s, _ := sa.Get(r, "tables")
		s.Values["player"], s.Values["name"] = "p-ann", "Ann"
		if err := s.Save(r, w); err != nil {
			t.Fatal(err)
		}
		cookie := w.Result().Cookies()[0]
		for range 2 { // the second read comes from the verified-cookie cache
			r2 := httptest.NewRequest("GET", "/", nil)
			r2.AddCookie(cookie)
			s2, _ := sb.New(r2, "tables")
			if s2.IsNew || s2.Values["player"] != "p-ann" || s2.Values["name"] != "Ann" || s2.ID != s.ID {
				t.Fatalf("machine b reads %+v (new %v, id %q vs %q)", s2.Values, s2.IsNew, s2.ID, s.ID)
			}
		}
		// b renames her: the new cookie carries it back to a
		r3 := httptest.NewRequest("GET", "/", nil)
		r3.AddCookie(cookie)
		s3, _ := sb.New(r3, "tables")
		s3.Values["name"] = "Annie"
		w3 := httptest.NewRecorder()
		if err := sb.Save(r3, w3, s3); err != nil {
			t.Fatal(err)
		}
		r4 := httptest.NewRequest("GET", "/", nil)
		r4.AddCookie(w3.Result().Cookies()[0])
		if s4, _ := sa.New(r4, "tables"); s4.Values["player"] != "p-ann" || s4.Values["name"] != "Annie" {
			t.Fatalf("machine a after the rename: %+v", s4.Values)
		}
		// another key: no session
		sc := b.NewSessionStore([]byte("another key, another cluster.............................."), opts)
		sc.Portable = true
		r5 := httptest.NewRequest("GET", "/", nil)
		r5.AddCookie(cookie)
		if s5, _ := sc.New(r5, "tables"); !s5.IsNew || s5.Values["player"] != nil {
			t.Fatal("a cookie signed with another key was accepted")
		}
	})
}

// TestSetKind: a table that changed game names the game it plays now; its
// options stay those it was created with.
func TestSetKind(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, _ := open(t)
		ctx := context.Background()
		if err := d.CreateRoom(ctx, "ABCD", "holdem", []byte(`{"seats":2}`), time.Now(), 0); err != nil {
			t.Fatal(err)
		}
		if err := d.SetKind(ctx, "ABCD", "president"); err != nil {
			t.Fatal(err)
		}
		r, err := d.RoomInfo(ctx, "ABCD")
		if err != nil || r.Kind != "president" || string(r.Options) != `{"seats":2}` {
			t.Fatalf("the row: %+v, %v", r, err)
		}
	})
}
