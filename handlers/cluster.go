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

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

// Cluster mode (Config.Cluster): every machine shares one PostgreSQL
// database, and each table is served by the machine holding its lease
// (package cluster). A request for a table another machine serves is
// answered at once, before any other work, with
//
//	fly-replay: instance=<machine id>
//
// and Fly's proxy replays it there (websocket upgrades too). A table no
// machine serves (its machine stopped or is gone) is taken by the machine
// the request reached, and served there. A request replayed here that
// still finds another owner (the lease moved meanwhile) gets a 503 with
// Retry-After: the page reloads, the websocket reconnects.

// tableOf is the table a request is for: its path's (tablePath), or for
// a bot's GET /api/bots/v1/me, the table its seat's token names
// (db.BotTokenRoom: a seat's bot and its token live on its table's
// machine).
func tableOf(r *http.Request) (string, bool) {
	if r.URL.Path == BotAPIPrefix+"/me" {
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		return normalCode(db.BotTokenRoom(token)) // "": not a table code
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
		here, owner, err := c.Where(r.Context(), code)
		switch {
		case err != nil:
			// the database is out of reach: nobody can tell who serves it
			s.log.Warn("cluster: where is a table", "room", code, "err", err)
			s.metrics.replays.WithLabelValues("unavailable").Inc()
			moving(w, r)
		case here:
			next.ServeHTTP(w, r)
		case r.Header.Get("Fly-Replay-Src") != "":
			// replayed here by a machine that thought this one served it:
			// the lease moved meanwhile; the client tries again
			c.Refused(code)
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
// machine (always, on one machine; in a cluster a table nobody serves is
// taken here).
func (s *Server) servedHere(ctx context.Context, code string) bool {
	if s.cfg.Cluster == nil {
		return true
	}
	here, _, err := s.cfg.Cluster.Where(ctx, code)
	return here || err != nil
}

// Load serves a table this machine took over (its machine stopped or is
// gone): it is loaded from the shared log, so its bots and clocks run
// here from now on.
func (s *Server) Load(ctx context.Context, code string) error {
	_, err := s.rt.Get(ctx, code)
	if errors.Is(err, db.ErrNotFound) {
		return nil // closed meanwhile
	}
	return err
}

// Release stops serving tables another machine now holds: their viewers
// are told to reconnect (and reach the new owner), their actors stop.
func (s *Server) Release(codes []string) {
	lost := make(map[string]bool, len(codes))
	for _, c := range codes {
		lost[c] = true
	}
	s.rt.Release(func(code string) bool { return lost[code] }, 1012, "table moved", context.Background())
	s.log.Info("released tables another machine serves now", "tables", len(codes))
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
	peers := s.cfg.Cluster.Peers(ctx)
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
				s.log.Warn("public tables of a peer", "machine", p.ID, "err", err)
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
