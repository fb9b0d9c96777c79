package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestUnknownGameRowIsReadOnly (issue 40, item 14): a stored table row
// that names a game this server doesn't have (a hand edit, a newer
// server's table) answers like the other damaged rows, never 500: its
// page says the record can't be read, a post or a bot is refused
// READ_ONLY, and every other table plays on.
func TestUnknownGameRowIsReadOnly(t *testing.T) {
	cfg := fastConfig()
	cfg.BotDelayMin, cfg.BotDelayMax = time.Hour, time.Hour
	e := newEnv(t, cfg)
	ann, _, damaged := annAndBob(e, mustForm("kind=lowunique&seats=2&clock=0"))
	other := e.client()
	fine := other.createTable("Cid", mustForm("ruleset=house&seats=3&bots=on&clock=0"))
	e.stop()
	d := rawDB(t, e)
	if _, err := d.Exec(`UPDATE rooms SET kind = 'chess' WHERE code = ?`, damaged); err != nil {
		t.Fatal(err)
	}
	e.start()
	for _, path := range []string{"/t/" + damaged, "/t/" + damaged + "/fair.json", "/me", "/"} {
		status, page := ann.get(path)
		if status >= 500 {
			t.Errorf("GET %s: %d %.300s", path, status, page)
		}
		if path == "/t/"+damaged && (status != http.StatusUnprocessableEntity || !strings.Contains(page, "can&#39;t be read")) {
			t.Errorf("the table's page: %d %.500s", status, page)
		}
	}
	status, msg, hdr := ann.post("/t/"+damaged+"/chat", url.Values{"text": {"hello?"}})
	if status != http.StatusUnprocessableEntity || hdr.Get("X-Error-Code") != "READ_ONLY" {
		t.Errorf("a chat line at the unreadable table: %d %s %v", status, msg, hdr)
	}
	if _, resp, err := ann.dialRaw(damaged); err == nil || resp == nil || resp.StatusCode >= 500 {
		code := 0
		if resp != nil {
			code = resp.StatusCode
		}
		t.Errorf("a websocket to the unreadable table: %d %v", code, err)
	}
	e.srv.rt.Warm(context.Background()) // names the table in the log, loads the others
	other.get("/t/" + fine)
	if status, body := other.lobby(fine, "do", "start"); status != http.StatusNoContent {
		t.Fatalf("another table: %d %s", status, body)
	}
}

// TestFullDiskNewTablesAre503 (issue 40, item 14): with the disk full,
// opening a table always answers the documented 503 page ("New tables
// can't be saved right now"), whichever write meets the full disk first
// (a new visitor's session, the table's row, its first entry), never 500.
func TestFullDiskNewTablesAre503(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = NoLimits()
	e := newEnv(t, cfg)
	if err := e.db.FillDisk(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer e.db.EmptyDisk(context.Background())
	refused := 0
	for i := 0; refused < 40; i++ {
		if i == 400 {
			t.Fatal("400 tables opened on a full disk")
		}
		v := e.client()
		v.get("/")
		status, page, _ := v.post("/tables", url.Values{"kind": {"president"}, "name": {"Vic"}, "ruleset": {"house"}})
		switch {
		case status == http.StatusOK:
			continue // the free pages the database still had
		case status != http.StatusServiceUnavailable || !strings.Contains(page, "can&#39;t be saved right now"):
			t.Fatalf("opening table %d on a full disk: %d %.300s", i, status, page)
		}
		refused++
	}
}
