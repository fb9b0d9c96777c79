package room

import (
	"bytes"
	"context"
	"crypto/rand"
	"time"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/views"
)

// A page and its first push. The table's page holds the whole table as it
// stood; its websocket then connects, and the room would push the whole
// table again (the connect push), which a phone pays for twice: the
// stage parsed, swapped and laid out anew a second or so after the first
// paint. So the room notes what each page it renders holds (pageSnap:
// the stage and each fragment's key and hash, as a push notes what a
// viewer has), under a random token the page carries in its websocket's
// address. A connection that brings the token of a page rendered at the
// table's current sequence number takes that note as what it has, and its
// first push is only what changed since: usually nothing but the chat
// (never in the page, see Visit) and the push mark. A token is used once,
// by the same player, for the same seat, within pageTTL; otherwise the
// connection gets the whole table, as before.

// pageTTL is how long a rendered page's note waits for its websocket.
const pageTTL = time.Minute

// maxPages bounds the notes a room keeps (the oldest go first): a reload
// storm costs memory for maxPages pages at most.
const maxPages = 32

// pageSnap is what a rendered page holds, for its first push.
type pageSnap struct {
	player string
	seat   int
	seq    int64
	stage  string
	fresh  bool
	sent   map[string]sentFrag
	at     time.Time
}

// notePage notes what the page rendered from rv for seat and player holds
// and returns the token its websocket brings back.
func (r *Room) notePage(rv *roomView, seat int, player string) string {
	now := r.rt.now()
	for tok, p := range r.pages {
		if now.Sub(p.at) > pageTTL {
			delete(r.pages, tok)
		}
	}
	for len(r.pages) >= maxPages {
		oldest := ""
		for tok, p := range r.pages {
			if oldest == "" || p.at.Before(r.pages[oldest].at) {
				oldest = tok
			}
		}
		delete(r.pages, oldest)
	}
	stage, frags := r.fragments(rv)
	snap := &pageSnap{player: player, seat: seat, seq: r.t.Seq, stage: stage, fresh: rv.seat != seat, at: now,
		sent: sentOf(templ.InitializeContext(context.Background()), frags, nil)}
	if r.pages == nil {
		r.pages = make(map[string]*pageSnap)
	}
	tok := rand.Text()
	r.pages[tok] = snap
	return tok
}

// takePage gives a connecting viewer what its page holds, when its token
// names a page rendered for the same player and seat at the table's
// current sequence number; the note is used once either way.
func (r *Room) takePage(v *viewer, token string) bool {
	p, ok := r.pages[token]
	if !ok {
		return false
	}
	delete(r.pages, token)
	if p.player != v.player || p.seat != v.seat || p.seq != r.t.Seq || r.rt.now().Sub(p.at) > pageTTL {
		return false
	}
	v.stage, v.sent, v.fresh, v.page = p.stage, p.sent, p.fresh, true
	return true
}

// sentOf renders each fragment and notes what a viewer then has of it (its
// key and the hash of its HTML), as a whole-table push does; each, when
// set, is given every fragment's HTML (valid only during the call).
func sentOf(ctx context.Context, frags []views.Fragment, each func(f views.Fragment, html []byte)) map[string]sentFrag {
	sent := make(map[string]sentFrag, len(frags))
	var b bytes.Buffer
	for _, f := range frags {
		b.Reset()
		f.Component.Render(ctx, &b)
		sent[f.ID] = sentFrag{key: f.Key, hash: fnv64(b.Bytes())}
		if each != nil {
			each(f, b.Bytes())
		}
	}
	return sent
}
