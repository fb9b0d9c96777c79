package db

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// TestPasskeys: a player's first passkey makes their row (handle and
// name); a second one keeps the handle; the same credential can't be
// stored twice nor for another player's handle; lookups go by player and
// relying party, or by handle; a sign-in moves the counter; a player's
// later name is the one a passkey restores.
func TestPasskeys(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, _ := open(t)
		ctx := context.Background()
		now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
		ann := PasskeyPlayer{Player: "p-ann", Handle: []byte("handle-of-ann-16"), Name: "Ann"}
		key := func(id string, at time.Time) Passkey {
			return Passkey{ID: []byte(id), Player: "p-ann", RPID: "tables.example", PublicKey: []byte("pk-" + id),
				SignCount: 1, Credential: []byte(`{"id":"` + id + `"}`), Name: "Ann", Created: at}
		}

		if _, err := d.PasskeyPlayerOf(ctx, "p-ann"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a player without a passkey: %v", err)
		}
		if _, err := d.PasskeyPlayerByHandle(ctx, ann.Handle); !errors.Is(err, ErrNotFound) {
			t.Fatalf("an unknown handle: %v", err)
		}
		if err := d.AddPasskey(ctx, ann, key("cred-1", now)); err != nil {
			t.Fatal(err)
		}
		if p, err := d.PasskeyPlayerOf(ctx, "p-ann"); err != nil || !bytes.Equal(p.Handle, ann.Handle) || p.Name != "Ann" {
			t.Fatalf("Ann's row: %+v %v", p, err)
		}
		if p, err := d.PasskeyPlayerByHandle(ctx, ann.Handle); err != nil || p.Player != "p-ann" || p.Name != "Ann" {
			t.Fatalf("by handle: %+v %v", p, err)
		}
		// the same credential again, for her or for Bob: refused
		if err := d.AddPasskey(ctx, ann, key("cred-1", now)); !errors.Is(err, ErrPasskeyTaken) {
			t.Fatalf("the same credential twice: %v", err)
		}
		bob := PasskeyPlayer{Player: "p-bob", Handle: []byte("handle-of-bob-16"), Name: "Bob"}
		stolen := key("cred-1", now)
		stolen.Player = "p-bob"
		if err := d.AddPasskey(ctx, bob, stolen); !errors.Is(err, ErrPasskeyTaken) {
			t.Fatalf("Ann's credential for Bob: %v", err)
		}
		// a second passkey keeps her handle; another handle is refused
		if err := d.AddPasskey(ctx, PasskeyPlayer{Player: "p-ann", Handle: []byte("another-handle-1"), Name: "Ann"}, key("cred-x", now)); err == nil {
			t.Fatal("a second passkey with another handle was stored")
		}
		if err := d.AddPasskey(ctx, PasskeyPlayer{Player: "p-ann", Handle: ann.Handle, Name: "Annie"}, key("cred-2", now.Add(time.Minute))); err != nil {
			t.Fatal(err)
		}
		if err := d.AddPasskey(ctx, ann, Passkey{ID: []byte("x"), Player: "p-bob"}); err == nil {
			t.Fatal("a credential of one player stored for another")
		}
		ks, err := d.Passkeys(ctx, "p-ann", "tables.example")
		if err != nil || len(ks) != 2 || string(ks[0].ID) != "cred-1" || string(ks[1].ID) != "cred-2" {
			t.Fatalf("Ann's passkeys: %+v %v", ks, err)
		}
		if k := ks[0]; string(k.PublicKey) != "pk-cred-1" || k.SignCount != 1 || string(k.Credential) != `{"id":"cred-1"}` || !k.Created.Equal(now) || !k.LastUsed.Equal(now) {
			t.Fatalf("the first passkey: %+v", k)
		}
		if ks, _ := d.Passkeys(ctx, "p-ann", "other.example"); len(ks) != 0 {
			t.Fatalf("passkeys of another relying party: %+v", ks)
		}
		if p, _ := d.PasskeyPlayerOf(ctx, "p-ann"); p.Name != "Annie" {
			t.Fatalf("the name after the second passkey: %q", p.Name)
		}

		// a sign-in moves the counter and the record
		later := now.Add(time.Hour)
		if err := d.UsePasskey(ctx, []byte("cred-1"), 7, []byte(`{"id":"cred-1","n":7}`), later); err != nil {
			t.Fatal(err)
		}
		ks, _ = d.Passkeys(ctx, "p-ann", "tables.example")
		if k := ks[0]; k.SignCount != 7 || string(k.Credential) != `{"id":"cred-1","n":7}` || !k.LastUsed.Equal(later) || !k.Created.Equal(now) {
			t.Fatalf("after a sign-in: %+v", k)
		}
		if err := d.UsePasskey(ctx, []byte("nope"), 1, nil, later); !errors.Is(err, ErrNotFound) {
			t.Fatalf("an unknown credential used: %v", err)
		}

		// renaming: Ann's row follows, a player without a passkey gets none
		if err := d.RenamePasskeyPlayer(ctx, "p-ann", "Ann B"); err != nil {
			t.Fatal(err)
		}
		if p, _ := d.PasskeyPlayerOf(ctx, "p-ann"); p.Name != "Ann B" {
			t.Fatalf("after the rename: %q", p.Name)
		}
		if err := d.RenamePasskeyPlayer(ctx, "p-cara", "Cara"); err != nil {
			t.Fatal(err)
		}
		if _, err := d.PasskeyPlayerOf(ctx, "p-cara"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a rename made a row: %v", err)
		}
	})
}

// TestPasskeysPerPlayer: a player keeps at most MaxPasskeys.
func TestPasskeysPerPlayer(t *testing.T) {
	eachBackend(t, func(t *testing.T, open opener) {
		d, _ := open(t)
		ctx := context.Background()
		now := time.Now()
		p := PasskeyPlayer{Player: "p", Handle: []byte("h"), Name: "P"}
		for i := range MaxPasskeys + 1 {
			err := d.AddPasskey(ctx, p, Passkey{ID: []byte{byte(i)}, Player: "p", RPID: "r", PublicKey: []byte{1}, Credential: []byte("{}"), Name: "P", Created: now})
			if i < MaxPasskeys && err != nil {
				t.Fatalf("passkey %d: %v", i+1, err)
			}
			if i == MaxPasskeys && !errors.Is(err, ErrPasskeyTaken) {
				t.Fatalf("passkey %d: %v", i+1, err)
			}
		}
	})
}

// TestOldDatabaseMigrates: a database made before passkeys (migrations 1
// and 2 only, with a table in it) opens: the passkey tables are added,
// and what was there is unchanged.
func TestOldDatabaseMigratesToPasskeys(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"migrations/0001_init.sql", "migrations/0002_handovers.sql"} {
		body, err := migrations.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := old.Exec(string(body)); err != nil {
			t.Fatal(name, err)
		}
	}
	for _, q := range []string{
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)`,
		`INSERT INTO schema_migrations(version) VALUES (1), (2)`,
		`INSERT INTO rooms(code, kind, options, created_at, updated_at) VALUES ('ABCD', 'president', '{}', 1, 2)`,
		`INSERT INTO handovers(hash, room, player, name, expires) VALUES (x'01', 'ABCD', 'p', 'Ann', 99)`,
	} {
		if _, err := old.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	old.Close()

	d, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var version, rooms, handovers int
	d.r.QueryRow(`SELECT MAX(version) FROM schema_migrations`).Scan(&version)
	d.r.QueryRow(`SELECT COUNT(*) FROM rooms WHERE code = 'ABCD' AND kind = 'president'`).Scan(&rooms)
	d.r.QueryRow(`SELECT COUNT(*) FROM handovers WHERE name = 'Ann'`).Scan(&handovers)
	if version < 3 || rooms != 1 || handovers != 1 {
		t.Fatalf("after migrating: version %d, rooms %d, handovers %d", version, rooms, handovers)
	}
	if err := d.AddPasskey(ctx, PasskeyPlayer{Player: "p", Handle: []byte("h"), Name: "Ann"},
		Passkey{ID: []byte("c"), Player: "p", RPID: "r", PublicKey: []byte{1}, Credential: []byte("{}"), Name: "Ann", Created: time.Now()}); err != nil {
		t.Fatalf("a passkey in the migrated database: %v", err)
	}
	// and opening it again changes nothing
	d.Close()
	d2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if ks, err := d2.Passkeys(ctx, "p", "r"); err != nil || len(ks) != 1 {
		t.Fatalf("after reopening: %+v %v", ks, err)
	}
}
