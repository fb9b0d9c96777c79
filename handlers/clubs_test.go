package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/db"
)

var (
	clubURLRe    = regexp.MustCompile(`action="/c/([a-z2-7]{10})/`)
	inviteLinkRe = regexp.MustCompile(`value="(https?://[^"]+/c/[a-z2-7]{10}/join/[a-z2-7]{26})"`)
	csrfValueRe  = regexp.MustCompile(`[A-Za-z0-9_\-]{20,}={0,2}`)
)

// makeClub has c make a club and returns its handle and invite link's path.
func makeClub(t *testing.T, c *client, name string, public bool) (handle, invite string) {
	t.Helper()
	c.get("/clubs")
	form := url.Values{"club": {name}, "name": {"Ann"}}
	if public {
		form.Set("public", "on")
	}
	status, body := c.form("/clubs", form)
	if status != http.StatusOK {
		t.Fatalf("make a club: %d %.300s", status, body)
	}
	m, inv := clubURLRe.FindStringSubmatch(body), inviteLinkRe.FindStringSubmatch(body)
	if m == nil || inv == nil {
		t.Fatalf("no club page with its invite after making it: %.500s", body)
	}
	u, _ := url.Parse(inv[1])
	return m[1], u.Path
}

// joinClub has c join by the invite under name: the status and page.
func joinClub(c *client, invite, name string) (int, string) {
	c.get(invite)
	return c.form(invite, url.Values{"name": {name}})
}

// TestClubPrivacy: a members-only club answers a stranger exactly as no
// club does (not its name, not its member count); a member sees it; no
// page shows a player id or, but to the owner, the invite; only the owner
// may change it; a new invite ends the old; a removed member sees
// nothing; a table is the club's only when a member makes it.
func TestClubPrivacy(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann, bob, cy, zed := e.client(), e.client(), e.client(), e.client()
	h, invite := makeClub(t, ann, "Secret Friday", false)
	cl, err := e.db.Club(context.Background(), h)
	if err != nil {
		t.Fatal(err)
	}
	// a stranger: the same 404 page as a club that does not exist
	noCSRF := func(s string) string { return csrfValueRe.ReplaceAllString(s, "") }
	st1, secret := zed.get("/c/" + h)
	st2, none := zed.get("/c/aaaaaaaaaa")
	if st1 != http.StatusNotFound || st2 != http.StatusNotFound || noCSRF(secret) != noCSRF(none) {
		t.Fatalf("a members-only club to a stranger: %d, no club: %d; same page: %v", st1, st2, noCSRF(secret) == noCSRF(none))
	}
	if strings.Contains(secret, "Secret Friday") || strings.Contains(secret, "1 member") {
		t.Fatalf("the stranger's page tells of the club: %.400s", secret)
	}
	// Bob joins by the invite
	if st, body := joinClub(bob, invite, "Bob"); st != http.StatusOK || !strings.Contains(body, "Secret Friday") || !strings.Contains(body, "2 members") {
		t.Fatalf("Bob joins: %d %.300s", st, body)
	}
	_, bobPage := bob.get("/c/" + h)
	bobID := sessionPlayer(t, e, bob)
	for who, page := range map[string]string{"Bob": bobPage} {
		if strings.Contains(page, cl.Owner) || strings.Contains(page, bobID) || strings.Contains(page, cl.Invite) {
			t.Fatalf("%s's page shows a player id or the invite", who)
		}
	}
	// only the owner changes the club
	for _, p := range []string{"/invite", "/settings", "/remove", "/season"} {
		if st, _ := bob.form("/c/"+h+p, url.Values{"public": {"on"}, "scale": {"1"}, "member": {"1"}, "do": {"end"}}); st != http.StatusNotFound {
			t.Fatalf("Bob posts %s: %d, want 404", p, st)
		}
	}
	if got, _ := e.db.Club(context.Background(), h); got.Public || got.Invite != cl.Invite || got.Season != 1 {
		t.Fatalf("Bob changed the club: %+v", got)
	}
	// made public by its owner: a stranger reads names, never ids or the invite
	if st, _ := ann.form("/c/"+h+"/settings", url.Values{"public": {"on"}, "scale": {"12, 6, 1"}}); st != http.StatusOK {
		t.Fatalf("settings: %d", st)
	}
	st, public := zed.get("/c/" + h)
	if st != http.StatusOK || !strings.Contains(public, "Bob") || strings.Contains(public, cl.Owner) || strings.Contains(public, bobID) ||
		strings.Contains(public, cl.Invite) || strings.Contains(public, "/remove") {
		t.Fatalf("the public page: %d %.300s", st, public)
	}
	if st, _ := ann.form("/c/"+h+"/settings", url.Values{"scale": {"5, 7"}}); st != http.StatusUnprocessableEntity {
		t.Fatalf("a scale worse-first: %d", st)
	}
	ann.form("/c/"+h+"/settings", url.Values{"scale": {"10,7,5"}}) // members only again
	// a new invite: the old one is no club
	ann.get("/c/" + h)
	_, body := ann.form("/c/"+h+"/invite", nil)
	if m := inviteLinkRe.FindStringSubmatch(body); m == nil || strings.HasSuffix(m[1], invite) {
		t.Fatalf("no new invite: %.300s", body)
	}
	if st, _ := joinClub(cy, invite, "Cy"); st != http.StatusNotFound {
		t.Fatalf("the old invite: %d, want 404", st)
	}
	// a table for the club: a member's, not a stranger's
	code := ann.createTable("Ann", url.Values{"kind": {"lowunique"}, "club": {h}})
	if st, home := bob.get("/"); st != http.StatusOK || !strings.Contains(home, "Your club is playing") || !strings.Contains(home, "/t/"+code) {
		t.Fatalf("Bob's home page does not show his club playing: %.300s", home)
	}
	if _, home := zed.get("/"); strings.Contains(home, "Your club is playing") {
		t.Fatal("a stranger's home page shows a club playing")
	}
	zed.get("/")
	if st, _ := zed.form("/tables", url.Values{"kind": {"lowunique"}, "name": {"Zed"}, "club": {h}}); st != http.StatusNotFound {
		t.Fatalf("a stranger's table for the club: %d, want 404", st)
	}
	if _, page := ann.get("/c/" + h); !strings.Contains(page, "/t/"+code) {
		t.Fatal("the club's page does not list its open table")
	}
	// Bob removed: the club is gone for him
	ann.get("/c/" + h)
	if st, _ := ann.form("/c/"+h+"/remove", url.Values{"member": {"2"}}); st != http.StatusOK {
		t.Fatalf("remove: %d", st)
	}
	if st, _ := bob.get("/c/" + h); st != http.StatusNotFound {
		t.Fatalf("a removed member: %d, want 404", st)
	}
	// public again: a stranger reads the club, never its tables' codes
	// (a code lets anyone in)
	ann.get("/c/" + h)
	ann.form("/c/"+h+"/settings", url.Values{"public": {"on"}, "scale": {"10"}})
	if st, page := zed.get("/c/" + h); st != http.StatusOK || strings.Contains(page, "/t/") || strings.Contains(page, code[:4]) {
		t.Fatalf("the public page to a stranger: %d, shows a table's code: %v", st, strings.Contains(page, code[:4]))
	}
}

// TestClubLimits: clubs made, invites drawn and clubs joined are limited
// per session and per address; guessed handles count as misses, as table
// codes do.
func TestClubLimits(t *testing.T) {
	cfg := fastConfig()
	cfg.Limits = DefaultLimits()
	e := newEnv(t, cfg)
	ann := e.client()
	made := func(c *client) int {
		c.get("/clubs")
		st, _ := c.form("/clubs", url.Values{"club": {"C"}, "name": {"Ann"}})
		return st
	}
	// per session: 3, then refused
	h, _ := makeClub(t, ann, "Friday", false)
	for i := 1; i < 3; i++ {
		if st := made(ann); st != http.StatusOK {
			t.Fatalf("club %d: %d", i+1, st)
		}
	}
	if st := made(ann); st != http.StatusTooManyRequests {
		t.Fatalf("a 4th club from one session: %d, want 429", st)
	}
	// per address: the 5 of the address (one already refused took one)
	other := 0
	for i := 0; i < 3; i++ {
		if made(e.client()) == http.StatusOK {
			other++
		}
	}
	if other != 1 {
		t.Fatalf("from new sessions of the address: %d made, want 1 (5 per address, 4 taken)", other)
	}
	// invites drawn again: 10 a session
	owner := ann
	refused := 0
	for i := 0; i < 12; i++ {
		owner.get("/c/" + h)
		if st, _ := owner.form("/c/"+h+"/invite", nil); st == http.StatusTooManyRequests {
			refused++
		}
	}
	if refused != 2 {
		t.Fatalf("12 new invites: %d refused, want 2", refused)
	}
	// joins: 10 a session
	cl, _ := e.db.Club(context.Background(), h)
	bob := e.client()
	refused = 0
	for i := 0; i < 12; i++ {
		if st, _ := joinClub(bob, "/c/"+h+"/join/"+cl.Invite, "Bob"); st == http.StatusTooManyRequests {
			refused++
		}
	}
	if refused != 2 {
		t.Fatalf("12 joins from one session: %d refused, want 2", refused)
	}
	// 20 guessed handles, then even a real club waits
	zed := e.client()
	for i := 0; i < 20; i++ {
		if st, _ := zed.get("/c/" + strings.Repeat(string(rune('a'+i)), 10)); st != http.StatusNotFound {
			t.Fatalf("guess %d: %d", i, st)
		}
	}
	if st, _ := zed.get("/c/" + h); st != http.StatusTooManyRequests {
		t.Fatalf("after 20 guesses: %d, want 429", st)
	}
}

// form posts a form as a browser does without htmx (the club's forms):
// the status and the page after redirects.
func (c *client) form(path string, form url.Values) (int, string) {
	c.t.Helper()
	status, body, _ := c.send(path, form, false)
	return status, body
}

// TestClubSeasons: the league counts the season a table was made in; a
// new season starts empty, the old one stays a link away; ended, none
// runs and the owner may start the next.
func TestClubSeasons(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann := e.client()
	h, _ := makeClub(t, ann, "Seasons", false)
	code := ann.createTable("Ann", url.Values{"kind": {"lowunique"}, "club": {h}})
	annID := sessionPlayer(t, e, ann)
	ctx := context.Background()
	// the table's game as its room would record it: Ann first of two
	if _, err := e.db.RecordGame(ctx, db.GameResult{Room: code, Game: 1, Kind: "lowunique", Finished: time.Now(), Unit: "points",
		Seats: []db.SeatResult{{Player: annID, Name: "Ann", Place: 1}, {Name: "Bot 2", Place: 2}}}); err != nil {
		t.Fatal(err)
	}
	tonight := `{"last":"1/game 1","placed":1,"count":[{"game":"lowunique","what":"game","n":1}],"people":[{"player":"` + annID +
		`","name":"Ann","played":1,"wins":1,"places":[1]},{"name":"Bot 2","played":1,"places":[0,1]}]}`
	if err := e.db.ClubTonight(ctx, code, []byte(tonight), time.Now()); err != nil {
		t.Fatal(err)
	}
	points := regexp.MustCompile(`<td class="num points">(\d+)</td>`)
	_, page := ann.get("/c/" + h)
	if m := points.FindStringSubmatch(page); m == nil || m[1] != "10" || !strings.Contains(page, "League, season 1") {
		t.Fatalf("season 1's league: %v", m)
	}
	if st, page := ann.form("/c/"+h+"/season", url.Values{"do": {"start"}}); st != http.StatusOK || !strings.Contains(page, "League, season 2") ||
		points.MatchString(page) || !strings.Contains(page, "Nothing has been played this season yet.") {
		t.Fatalf("season 2: %d", st)
	}
	if _, page := ann.get("/c/" + h + "?season=1"); !points.MatchString(page) || !strings.Contains(page, "This season has ended.") {
		t.Fatal("season 1 is not a link away")
	}
	if st, page := ann.form("/c/"+h+"/season", url.Values{"do": {"end"}}); st != http.StatusOK || strings.Contains(page, "End the season") ||
		!strings.Contains(page, "This season has ended.") {
		t.Fatalf("ended: %d", st)
	}
	if st, _ := ann.form("/c/"+h+"/season", url.Values{"do": {"nonsense"}}); st != http.StatusBadRequest {
		t.Fatalf("a season post that is neither: %d", st)
	}
	ann.get("/clubs")
	if st, page := ann.form("/clubs", url.Values{"club": {"  "}, "name": {"Ann"}}); st != http.StatusUnprocessableEntity ||
		!strings.Contains(page, "Give the club a name of 1 to 40 characters.") {
		t.Fatalf("a club without a name: %d", st)
	}
	// in Japanese, every word of the page is the catalog's
	ann.get("/lang?lang=ja")
	if _, page := ann.get("/c/" + h + "?season=1"); !strings.Contains(page, "リーグ（シーズン1）") || !strings.Contains(page, "メンバー1人") ||
		regexp.MustCompile(`club\.[a-z_.]+`).MatchString(page) {
		t.Fatalf("the club's page in Japanese: %.2000s", page)
	}
}

// TestClubLeagueFigures: the games' own figures come from the evenings'
// Tonight tables: President's points and Hold'em's net chips, summed over
// the season, each in its column, overall and in its game's table.
func TestClubLeagueFigures(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann, bob := e.client(), e.client()
	h, invite := makeClub(t, ann, "Figures", false)
	joinClub(bob, invite, "Bob")
	annID := sessionPlayer(t, e, ann)
	bobID := sessionPlayer(t, e, bob)
	ctx := context.Background()
	// two cash tables: Ann +120 then -20, Bob -120 then +20 at the first
	// and nothing more; a President table: Ann +3, Bob -1
	for i, tonight := range []string{
		`{"last":"1/hand 3","count":[{"game":"holdem","what":"hand","n":3}],"figures":[{"head":"holdem"}],"people":[{"player":"` + annID + `","name":"Ann","figs":{"holdem":120}},{"player":"` + bobID + `","name":"Bob","figs":{"holdem":-120}}]}`,
		`{"last":"1/hand 1","count":[{"game":"holdem","what":"hand","n":1}],"figures":[{"head":"holdem"}],"people":[{"player":"` + annID + `","name":"Ann","figs":{"holdem":-20}}]}`,
		`{"last":"1/deal 1","placed":1,"count":[{"game":"president","what":"deal","n":1}],"figures":[{"head":"president"}],"people":[{"player":"` + annID + `","name":"Ann","played":1,"wins":1,"places":[1],"figs":{"president":3}},{"player":"` + bobID + `","name":"Bob","played":1,"places":[0,1],"figs":{"president":-1}}]}`,
	} {
		code := fmt.Sprintf("FIG%03d", i)
		if err := e.db.CreateRoom(ctx, code, "holdem", []byte(`{}`), time.Now(), 0); err != nil {
			t.Fatal(err)
		}
		if err := e.db.AddClubTable(ctx, h, code, "holdem", time.Now().Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatal(err)
		}
		if err := e.db.ClubTonight(ctx, code, []byte(tonight), time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	_, page := ann.get("/c/" + h)
	row := regexp.MustCompile(`(?s)<tr[^>]*><td class="num">\d+</td><th scope="row">\s*(\w+).*?</tr>`)
	cells := regexp.MustCompile(`<td class="num[^"]*">([^<]*)</td>`)
	tables := strings.Split(page, `<details class="league"`)[1:]
	if len(tables) != 3 {
		t.Fatalf("%d league tables, want overall, Hold'em and President", len(tables))
	}
	if !strings.Contains(tables[0], `<th scope="col" class="num">Hold&#39;em</th><th scope="col" class="num">President</th>`) {
		t.Errorf("the overall table's figure columns: %.1500s", tables[0])
	}
	// no game recorded (places and points come from the results): the
	// figures rank; the figures' columns in the order first played
	want := []string{
		"Ann: 1 0 3 0 0 +100 +3 pts; Bob: 2 0 2 0 0 -120 -1 pts; ", // #, points, evenings, played, wins, Hold'em, President
		"Ann: 1 0 2 0 0 +100; Bob: 2 0 1 0 0 -120; ",
		"Ann: 1 0 1 0 0 +3 pts; Bob: 2 0 1 0 0 -1 pts; ",
	}
	for i, tb := range tables {
		got := ""
		for _, r := range row.FindAllStringSubmatch(tb, -1) {
			got += r[1] + ":"
			for _, c := range cells.FindAllStringSubmatch(r[0], -1) {
				got += " " + c[1]
			}
			got += "; "
		}
		if got != want[i] {
			t.Errorf("league table %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
}
