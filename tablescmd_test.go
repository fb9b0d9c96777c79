package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/db/pgtest"
	"github.com/tablegames/tables/room"
)

// TestDamagedTablesSubcommands: tables damaged names the open table whose
// log has a damaged row, and the row; tables repair cuts the log there;
// tables close closes a table.
func TestDamagedTablesSubcommands(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	d, err := db.Open(ctx, filepath.Join(dir, "tables.db"))
	if err != nil {
		t.Fatal(err)
	}
	rt := room.New(room.Config{BotDelayMin: time.Hour, BotDelayMax: time.Hour}, d, slog.New(slog.NewTextHandler(io.Discard, nil)))
	opts, _ := rt.ReadOptions("president", url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}})
	sound, _ := rt.Create(ctx, "president", opts, "p1", "Ann")
	bad, err := rt.Create(ctx, "president", opts, "p2", "Bob")
	if err != nil {
		t.Fatal(err)
	}
	rt.Shutdown(ctx)
	// a row that can't be read, after the table's entries
	entries, err := d.Log(ctx, bad.Code(), 0)
	if err != nil {
		t.Fatal(err)
	}
	next := int64(len(entries) + 1)
	if err := d.Append(ctx, bad.Code(), next, time.Now(), []byte(`{"t": "sit", "seat": 1, "player": `)); err != nil {
		t.Fatal(err)
	}
	at := "entry " + strconv.FormatInt(next, 10)
	d.Close()
	getenv := func(string) string { return "" }
	run := func(args ...string) (int, string) {
		var out bytes.Buffer
		code := damagedTables(ctx, args[0], args[1:], getenv, &out)
		return code, out.String()
	}
	if code, out := run("damaged", "-data", dir); code != 0 || !strings.Contains(out, bad.Code()+": "+at+" is damaged") || strings.Contains(out, sound.Code()) || !strings.Contains(out, "2 open tables, 1 damaged") {
		t.Fatalf("damaged: %d %q", code, out)
	}
	if code, out := run("repair", "-data", dir, bad.Code()); code != 0 || !strings.Contains(out, "ends before "+at) {
		t.Fatalf("repair: %d %q", code, out)
	}
	if code, out := run("damaged", "-data", dir); code != 0 || !strings.Contains(out, "2 open tables, 0 damaged") {
		t.Fatalf("damaged after the repair: %d %q", code, out)
	}
	if code, out := run("close", "-data", dir, sound.Code()); code != 0 || !strings.Contains(out, "closed") {
		t.Fatalf("close: %d %q", code, out)
	}
	if code, out := run("damaged", "-data", dir); code != 0 || !strings.Contains(out, "1 open tables") {
		t.Fatalf("damaged after a close: %d %q", code, out)
	}
	if code, _ := run("repair", "-data", dir); code != 2 {
		t.Fatalf("repair without a code: %d", code)
	}
}

// `tables copy-db` fills a new PostgreSQL database from a data
// directory's SQLite one, and refuses a second time.
func TestCopyDBCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	d, err := db.Open(ctx, filepath.Join(dir, "tables.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.CreateRoom(ctx, "ABCD2345", "president", []byte(`{}`), time.Now(), 0); err != nil {
		t.Fatal(err)
	}
	d.Close()
	to := pgtest.NewDatabase(t)
	env := func(string) string { return "" }
	var out strings.Builder
	if code := copyDB(ctx, []string{"-data", dir, "-to", to}, env, &out); code != 0 || !strings.Contains(out.String(), "rooms              1 rows") {
		t.Fatalf("copy-db: %d %q", code, out.String())
	}
	out.Reset()
	if code := copyDB(ctx, []string{"-data", dir, "-to", to}, env, &out); code != 1 || !strings.Contains(out.String(), "already has tables") {
		t.Fatalf("a second copy-db: %d %q", code, out.String())
	}
}
