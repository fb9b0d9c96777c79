package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tablegames/tables/cluster"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// Cluster mode (Config.Cluster): each table is served by the machine
// holding its code's tag. A request for a table another machine serves is
// answered at once, before any other work, with
//
//	fly-replay: instance=<machine id>
//
// and Fly's proxy replays it there (websocket upgrades too). A request
// replayed here that still finds another owner (the leases changed
// meanwhile), or a table whose machine is down and not yet adopted, gets a
// 503 with Retry-After: the page reloads, the websocket reconnects.

// tableOf is the table a request is for: its path's (tablePath), or for
// a bot's GET /api/bots/v1/me, the table its seat's token names
// (db.BotTokenRoom: a seat's bot and its token live on its table's
// machine).
func tableOf(r *http.Request) (string, bool) {
	if r.URL.Path == BotAPIPrefix+"/me" {
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		return normalCode(db.BotTokenRoom(token))
	}
	return tablePath(r.URL.Path)
}

// tablePath reads the code of a /t/{code}… path.
func tablePath(path string) (string, bool) {
	rest, ok := strings.CutPrefix(path, "/t/")
	if !ok {
		// a bot's requests for a table (docs/BOTS.md): its seat's bot's
		// token, like the table, is in the database of the table's machine
		if rest, ok = strings.CutPrefix(path, BotAPIPrefix+"/tables/"); !ok {
			return "", false
		}
	}
	code, _, _ := strings.Cut(rest, "/")
	return normalCode(code)
}

// toOwner sends the requests for tables served elsewhere to their machine.
func (s *Server) toOwner(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, ok := tableOf(r)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		c := s.cfg.Cluster
		tag := cluster.TagOf(code)
		here, owner, down, known := c.Where(r.Context(), tag)
		switch {
		case here && !c.Pending(tag), !known:
			// here, or a tag nobody made: the page's own "no such table"
			next.ServeHTTP(w, r)
		case here, down, r.Header.Get("Fly-Replay-Src") != "":
			// adopted and still importing; down and not adopted yet; or
			// replayed here by a machine whose view was older than ours
			s.metrics.replays.WithLabelValues("unavailable").Inc()
			moving(w, r)
		default:
			s.metrics.replays.WithLabelValues("replayed").Inc()
			w.Header().Set("Fly-Replay", "instance="+owner)
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusConflict)
		}
	})
}

// moving answers a request for a table that no machine serves this
// moment: htmx posts get the message line, pages a page that reloads.
func moving(w http.ResponseWriter, r *http.Request) {
	l := langOf(r) // served before Echo: no middleware has chosen it
	msg := l.T("error.moving.text")
	w.Header().Set("Content-Language", l.Tag())
	w.Header().Set("Retry-After", "3")
	w.Header().Set("Cache-Control", "no-store")
	if strings.HasPrefix(r.URL.Path, BotAPIPrefix+"/") { // a program reads the API's JSON
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		json.NewEncoder(w).Encode(game.Errorf("BUSY", "The table is moving to another machine: try again in a few seconds"))
		return
	}
	if r.Header.Get("HX-Request") == "true" {
		w.Header().Set("HX-Retarget", "#message")
		w.Header().Set("HX-Reswap", "innerHTML")
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusUnprocessableEntity) // shown by htmx in the message line
		w.Write([]byte(msg))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	views.MovingPage(views.Page{Title: i18n.M("error.moving.page_title"), Refresh: 3}, msg).Render(i18n.With(r.Context(), l), w)
}

// servedHere reports whether a well-formed code's table is served by this
// machine (always, on one machine).
func (s *Server) servedHere(ctx context.Context, code string) bool {
	if s.cfg.Cluster == nil {
		return true
	}
	here, _, _, _ := s.cfg.Cluster.Where(ctx, cluster.TagOf(code))
	return here
}

// Adopted loads the tables imported from a machine that is gone, so their
// bots and clocks run here from now on.
func (s *Server) Adopted(ctx context.Context, codes []string) {
	for _, c := range codes {
		if _, err := s.rt.Get(ctx, c); err != nil && !errors.Is(err, db.ErrNotFound) {
			s.log.Error("adopt: load room", "room", c, "err", err)
		}
	}
}

// Release stops serving the tables of a tag another machine now holds:
// their viewers are told to reconnect (and reach the new owner), their
// actors stop, and their rows here are marked moved, never loaded again.
func (s *Server) Release(tag string) {
	ctx := context.Background()
	var codes []string
	if all, err := s.db.Rooms(ctx); err == nil {
		for _, c := range all {
			if cluster.TagOf(c) == tag {
				codes = append(codes, c)
			}
		}
	} else {
		s.log.Error("release: list rooms", "tag", tag, "err", err)
	}
	s.rt.Release(func(code string) bool { return cluster.TagOf(code) == tag }, 1012, "table moved", ctx)
	if err := s.db.MoveRooms(ctx, codes); err != nil {
		s.log.Error("release: mark moved", "tag", tag, "err", err)
	}
	s.log.Info("released a tag", "tag", tag, "tables", len(codes))
}

// peerLists keeps the other machines' public tables for a moment: every
// home page polls the list, and they would each ask every machine.
type peerLists struct {
	mu   sync.Mutex
	at   time.Time
	list []views.PublicTable
}

// peerListFor is how long the other machines' lists are kept.
const peerListFor = 2 * time.Second

// peerTables returns the other machines' public tables, asked at most
// every peerListFor (requests meanwhile share the answer).
func (s *Server) peerTables(ctx context.Context) []views.PublicTable {
	c := &s.peerLists
	c.mu.Lock()
	defer c.mu.Unlock()
	if time.Since(c.at) >= peerListFor {
		c.list, c.at = s.askPeers(context.WithoutCancel(ctx)), time.Now() // for everyone: not cut short by one page leaving
	}
	return c.list // read only: callers copy it into their own list
}

// askPeers asks the other machines for their public tables (each its own,
// ?here=1), at most 400 ms.
func (s *Server) askPeers(ctx context.Context) []views.PublicTable {
	peers := s.cfg.Cluster.Peers()
	if len(peers) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 400*time.Millisecond)
	defer cancel()
	var mu sync.Mutex
	var all []views.PublicTable
	var wg sync.WaitGroup
	for _, p := range peers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(p.Addr, "/")+"/tables/public?here=1", nil)
			req.Header.Set("Accept", "application/json")
			resp, err := s.peers.Do(req)
			if err != nil {
				s.log.Warn("public tables of a peer", "machine", p.Owner, "err", err)
				return
			}
			defer resp.Body.Close()
			var list []views.PublicTable
			if resp.StatusCode != http.StatusOK || json.NewDecoder(http.MaxBytesReader(nil, resp.Body, 1<<20)).Decode(&list) != nil {
				return
			}
			mu.Lock()
			all = append(all, list...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return all
}

// newestFirst sorts public tables and keeps the 30 newest.
func newestFirst(list []views.PublicTable) []views.PublicTable {
	sort.Slice(list, func(i, j int) bool { return list[i].CreatedAt.After(list[j].CreatedAt) })
	if len(list) > 30 {
		list = list[:30]
	}
	return list
}
