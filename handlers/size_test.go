package handlers

import (
	"net/url"
	"testing"
	"time"

	"github.com/tablegames/tables/room"
)

// TestTablePageSize: the whole table page of a full 5-player President
// table, htmx aside, stays within 30 KB (docs/PERFORMANCE.md).
func TestTablePageSize(t *testing.T) {
	cfg := fastConfig()
	cfg.AbsentAutoplay = time.Millisecond // Ann has no socket: play for her
	e := newEnv(t, cfg)
	host := e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"5"}, "bots": {"on"}, "clock": {"60"}})
	host.lobby(code, "do", "start")
	e.waitRoom(code, "a few moves", func(r *room.Room) bool { return r.Table().Match != nil && r.Table().Match.Version() > 20 })
	_, page := host.get("/t/" + code)
	t.Logf("table page: %d bytes", len(page))
	if len(page) > 30<<10 {
		t.Fatalf("the table page is %d bytes, over 30 KB", len(page))
	}
}
