package room

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// pushNumRe is the part of a push's mark (views.Seq) that differs between two
// connections otherwise sent the same: the push number and the clock.
var pushNumRe = regexp.MustCompile(` data-(n|now)="\d+"`)

// TestPageThenItsSocket: a page's websocket, connecting while the table is
// as the page showed it, is pushed only what the page lacks (the chat and
// the mark, no stage); from then on it gets exactly what a connection
// that had the whole table pushed gets. A page older than the table's
// last move, a token used twice, or one brought by someone else gets the
// whole table, as any connection does.
func TestPageThenItsSocket(t *testing.T) {
	rt := quietRuntime(t)
	people := []*person{{id: "p-ann", name: "Ann"}, {id: "p-bob", name: "Bob"}, {id: "p-cat", name: "Cat"}}
	r := seatTable(t, rt, "president", url.Values{"ruleset": {"house"}, "seats": {"3"}, "clock": {"0"}}, people)
	ctx := t.Context()
	ann := people[0]
	if err := r.Chat(ctx, ann.id, ann.name, "hello all"); err != nil {
		t.Fatal(err)
	}

	visit := func(p *person) string {
		t.Helper()
		v, err := r.Visit(ctx, p.id, p.name, false, "csrf", "http://x/t/"+r.Code())
		if err != nil || v.Page.PageToken == "" {
			t.Fatalf("%s's page: token %q, %v", p.name, v.Page.PageToken, err)
		}
		return v.Page.PageToken
	}
	connect := func(p *person, token string) *conn {
		t.Helper()
		c := &conn{}
		if err := r.ConnectPage(ctx, c, p.id, token); err != nil {
			t.Fatal(err)
		}
		if len(c.all()) != 1 {
			t.Fatalf("%s's new socket got %d pushes, want 1", p.name, len(c.all()))
		}
		return c
	}
	whole := func(push string) bool { return strings.Contains(push, `id="stage"`) }

	// Ann opens the table on a second device: its socket gets the chat
	// and the mark, marked whole (data-full), and no stage
	tok := visit(ann)
	phone := connect(ann, tok)
	first := phone.last()
	if whole(first) || !strings.Contains(first, "hello all") || !strings.Contains(first, `data-full`) {
		t.Fatalf("the socket of a current page got %q; want the chat and a whole mark, no stage", first)
	}

	// a watcher's page and socket, and another socket of theirs that had
	// the whole table (watchers share their pushes' game fragments)
	dan := &person{id: "p-dan", name: "Dan"}
	danPage := connect(dan, visit(dan))
	if whole(danPage.last()) {
		t.Fatal("a watcher's current page: the socket got the whole table")
	}
	danWhole := connect(dan, "")

	// the next move: each page's socket is sent what the viewer's socket
	// that had the whole table is sent
	before := len(ann.screen.all())
	playUntil(t, r, people, func(tb *Table) bool { return tb.Seq > 0 && len(ann.screen.all()) > before })
	for _, pair := range [][2]*conn{{phone, ann.screen}, {danPage, danWhole}} {
		got, want := pushNumRe.ReplaceAllString(pair[0].last(), ""), pushNumRe.ReplaceAllString(pair[1].last(), "")
		if got != want {
			t.Fatalf("after a move the page's socket got\n%s\nand the whole-table socket\n%s", got, want)
		}
	}

	// the token was used: a reconnect with it gets the whole table
	if again := connect(ann, tok); !whole(again.last()) {
		t.Fatal("a token used twice: the socket did not get the whole table")
	}
	// someone else's token: the whole table, their own
	bobs := connect(people[1], visit(ann))
	if !whole(bobs.last()) {
		t.Fatal("Bob with Ann's page token did not get the whole table")
	}
	// a page from before the last move: the whole table
	old := visit(ann)
	seq := r.seqNow(t)
	playUntil(t, r, people, func(tb *Table) bool { return tb.Seq > seq })
	if c := connect(ann, old); !whole(c.last()) {
		t.Fatal("the socket of a page older than the last move did not get the whole table")
	}
}

// seqNow is the table's sequence number.
func (r *Room) seqNow(t *testing.T) int64 {
	var seq int64
	r.Inspect(t.Context(), func(r *Room) { seq = r.Table().Seq })
	return seq
}
