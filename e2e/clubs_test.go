package e2e

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Clubs (issue 41): a club made, joined by its invite on phones, two
// evenings at its tables, the league and the chart against a worked
// example, and nothing of a members-only club for anyone else.

// clubTable opens a one-round Lowest Unique table for the club from its
// page (its "New table" link: the home page's form, marked for the club),
// without bots, of seats seats, and returns the table's path.
func (b *browser) clubTable(clubURL, seats string) string {
	b.t.Helper()
	b.do(chromedp.Navigate(clubURL))
	b.mustTap(`.club-new-table a[href*="#new-lowunique"]`)
	form := `#new-lowunique form `
	b.waitJS("the form for the club", `!!document.querySelector('`+form+`input[name=club]') && document.querySelector('#new-lowunique .club-for') !== null`)
	// one round: shorter than the form offers (the form's lowest is 4)
	eval[bool](b, `(() => { const f = document.querySelector('#new-lowunique form');
		const r = f.querySelector('select[name=rounds]'); r.add(new Option('1', '1')); r.value = '1';
		f.querySelector('select[name=seats]').value = `+jsString(seats)+`;
		f.querySelector('select[name=reveal]').value = '30';
		f.querySelector('input[name=bots]').checked = false;
		return true; })()`)
	b.do(chromedp.Click(chromedp.CSS(form + `button[type=submit]`)))
	b.waitJS("the lobby", `!!document.querySelector('#lobby')`)
	return eval[string](b, `location.pathname`)
}

// sitAndReady sits b at the table the page shows (its join form, under
// the name b's club knows) and says ready.
func (b *browser) sitAndReady() {
	b.t.Helper()
	b.waitJS("the join form", `!!document.querySelector('main form[action$="/join"] input[name=name]')`)
	b.do(chromedp.SetValue(chromedp.CSS(`main form[action$="/join"] input[name=name]`), b.name),
		chromedp.Click(chromedp.CSS(`main form[action$="/join"] button[type=submit]`)))
	b.waitJS("the lobby", `!!document.querySelector('#lobby')`)
	b.mustTap(`#lobby button[hx-vals*='"ready"']`)
	b.waitJS("ready", `!!document.querySelector("#lobby button[hx-vals*='unready']")`)
}

// playOneRound plays a one-round Lowest Unique game: everyone pairs 1
// and 2, is ready at the reveal, and plays the card given.
func playOneRound(t *testing.T, plays map[*browser]int) {
	t.Helper()
	act := func(card int) string {
		return `(() => {
		  const q = s => document.querySelector(s);
		  const form = q('#lu-hand form.hand:not([data-sent])');
		  if (form) {
		    form.dataset.sent = 1; // a push replaces it: one post a form
		    form.querySelector('input[name=card][value="1"]').click();
		    form.querySelector('input[name=card][value="2"]').click();
		    form.querySelector('button[type=submit]').click();
		    return 'select';
		  }
		  const b = q("#lu-hand button[hx-vals*='\"ready\"']:not([data-sent])")
		    || q("#lu-hand button[hx-vals*='\"card\":\"` + fmt.Sprint(card) + `\"']:not([data-sent])");
		  if (b) { b.dataset.sent = 1; b.click(); return 'acted'; }
		  const st = q('#lu-status');
		  return st ? st.dataset.phase : 'wait';
		})()`
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		over := 0
		for p, card := range plays {
			if eval[string](p, act(card)) == "over" {
				over++
			}
		}
		if over == len(plays) {
			return
		}
		if time.Now().After(deadline) {
			for p := range plays {
				t.Logf("%s: %s", p.name, p.text("#lu-hand"))
			}
			t.Fatal("the one-round game did not end in 30 s")
		}
		time.Sleep(50 * time.Millisecond) // the next phase's buttons arrive over the websocket
	}
}

// TestClubSeason: Ann makes a members-only club on a computer; Bob and
// Cy join on phones by its invite link. Two evenings at the club's
// tables, each one round of Lowest Unique with both cards 1 and 2 paired:
//
//   - Evening 1 (Ann, Bob, Cy): Ann plays 1, Bob and Cy play 2. Only 1
//     is unique: Ann scores 1 and wins; Bob and Cy share 2nd place.
//   - Evening 2 (Ann, Cy): Ann plays 1, Cy 2. Both are unique, 1 is
//     lower: Ann wins, Cy is 2nd.
//
// On the default scale (10, 7, 5, 3, 2, 1): Ann 10 + 10 = 20 (2
// evenings, 2 wins), Cy 7 + 7 = 14 (2 evenings), Bob 7 (1 evening). The
// chart's lines after each evening: Ann 10, 20; Cy 7, 14; Bob 7, 7. The
// owner then sets the scale to 12, 5: Ann 24, Cy 10, Bob 5. Zed, who is
// no member, gets the page of a club that does not exist.
func TestClubSeason(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "1ms", "-bot-delay-max", "5ms")
	ann, bob, cy := newBrowser(t, "Ann"), newBrowser(t, "Bob"), newBrowser(t, "Cy")
	ann.setSize(1280, 800, false)
	bob.setSize(390, 844, true)
	cy.setSize(390, 844, true)

	form := `form[action="/clubs"] `
	ann.do(chromedp.Navigate(srv.url+"/clubs"), chromedp.SendKeys(chromedp.CSS(form+`input[name=club]`), "Friday Friends"),
		chromedp.SetValue(chromedp.CSS(form+`input[name=name]`), "Ann"), chromedp.Click(chromedp.CSS(form+`button[type=submit]`)))
	ann.waitJS("the club's page", `!!document.querySelector('#club-invite')`)
	invite := eval[string](ann, `document.querySelector('#club-invite').value`)
	clubURL := eval[string](ann, `location.href`)

	for _, p := range []*browser{bob, cy} {
		p.do(chromedp.Navigate(invite), chromedp.SetValue(chromedp.CSS(`main form input[name=name]`), p.name),
			chromedp.Click(chromedp.CSS(`main form button[type=submit]`)))
		p.waitJS("the club's page", `document.querySelector('h1').innerText === 'Friday Friends'`)
	}
	cy.waitJS("three members", `document.querySelector('main').innerText.includes('3 members')`)
	if w := eval[int](cy, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the club's page is %d px wide on a 390 px phone", w)
	}
	cy.screenshot("club-joined-phone-cy")

	// Zed is no member: the page of no club, nothing of this one
	zed := newBrowser(t, "Zed")
	zed.do(chromedp.Navigate(clubURL))
	zed.waitJS("the error page", `document.querySelector('main').innerText.includes('There is no such club')`)
	if body := zed.text("body"); strings.Contains(body, "Friday") || strings.Contains(body, "member ") || strings.Contains(body, "Bob") {
		t.Fatalf("a stranger sees something of the club:\n%s", body)
	}

	// evening 1: Bob finds the table on his home page, Cy on the club's
	table1 := ann.clubTable(clubURL, "3")
	bob.do(chromedp.Navigate(srv.url + "/"))
	bob.waitJS("his club playing", `document.querySelector('.club-playing a[href="`+table1+`"]') !== null`)
	bob.screenshot("club-playing-home-phone-bob")
	bob.mustTap(`.club-playing a[href="` + table1 + `"]`)
	bob.sitAndReady()
	cy.do(chromedp.Navigate(clubURL))
	cy.mustTap(`.club-open a[href="` + table1 + `"]`)
	cy.sitAndReady()
	ann.startWhenReady()
	playOneRound(t, map[*browser]int{ann: 1, bob: 2, cy: 2})

	// evening 2: Ann and Cy
	table2 := ann.clubTable(clubURL, "2")
	cy.do(chromedp.Navigate(clubURL))
	cy.mustTap(`.club-open a[href="` + table2 + `"]`)
	cy.sitAndReady()
	ann.startWhenReady()
	playOneRound(t, map[*browser]int{ann: 1, cy: 2})

	// the league and the chart, worked out above
	rowsJS := `[...document.querySelector('details.league .league-table').querySelectorAll('tbody tr')].map(r =>
		[...r.children].map(c => c.innerText.trim().replace(/\s+/g, ' ')).join('|')).join('\n')`
	want := "1|Ann (you)|20|2|2|2\n2|Cy|14|2|2|0\n3|Bob|7|1|1|0"
	ann.do(chromedp.Navigate(clubURL))
	ann.waitJS("the league", `!!document.querySelector('.league-table')`)
	if got := eval[string](ann, rowsJS); got != want {
		t.Fatalf("the league (#, name, points, evenings, played, wins):\n%s\nwant\n%s", got, want)
	}
	chartJS := `[...document.querySelectorAll('.chart-table tbody tr')].map(r => [...r.children].map(c => c.innerText.trim()).join('|')).join('\n')`
	if got, want := eval[string](ann, chartJS), "Ann|10|20\nCy|7|14\nBob|7|7"; got != want {
		t.Fatalf("the chart's table:\n%s\nwant\n%s", got, want)
	}
	// the chart itself: a line a leader, a dot an evening, Ann's top at
	// 20 of a scale to 20 (the top of the plot, y=12)
	svgJS := `[...document.querySelectorAll('svg.chart g.series')].map(g => g.dataset.leader + ':' +
		[...g.querySelectorAll('circle')].map(c => c.dataset.points + '@' + c.getAttribute('cy')).join(',')).join(' ')`
	if got, want := eval[string](ann, svgJS), "Ann:10@94,20@12 Cy:7@119,14@62 Bob:7@119,7@119"; got != want {
		t.Fatalf("the chart's dots (points@y):\n%s\nwant\n%s", got, want)
	}
	// each evening with its Tonight table, the newest first
	evJS := `[...document.querySelectorAll('.club-evening')].map(d => (d.open = true, [...d.querySelectorAll('tbody th')].map(th => th.innerText.trim().replace(/\s+/g, ' ')).join(','))).join(' / ')`
	if got, want := eval[string](ann, evJS), "Ann (you),Cy / Ann (you),Bob,Cy"; got != want {
		t.Fatalf("the evenings' Tonight tables: %s, want %s", got, want)
	}
	ann.screenshot("club-league-desktop-ann")
	ann.axeCheck("the club's page")

	bob.do(chromedp.Navigate(clubURL))
	bob.waitJS("the league", `!!document.querySelector('.league-table')`)
	if w := eval[int](bob, `document.documentElement.scrollWidth`); w > 390 {
		t.Fatalf("the league is %d px wide on a 390 px phone", w)
	}
	bob.firstScreen("club-page-phone-bob")
	eval[bool](bob, `(document.querySelector('.club-chart').scrollIntoView(), true)`)
	bob.shoot("club-chart-phone-bob", chromedp.CaptureScreenshot())

	// the owner's scale: 12 for a win, 5 for second
	ann.do(chromedp.SetValue(chromedp.CSS(`input[name=scale]`), "12, 5"), chromedp.Click(chromedp.CSS(`.club-settings button[type=submit]`)))
	ann.waitJS("the league on the new scale", `document.querySelector('.league-table tbody tr .points').innerText === '24'`)
	if got, want := eval[string](ann, rowsJS), "1|Ann (you)|24|2|2|2\n2|Cy|10|2|2|0\n3|Bob|5|1|1|0"; got != want {
		t.Fatalf("the league on 12, 5:\n%s\nwant\n%s", got, want)
	}
}

var (
	clubInviteRe = regexp.MustCompile(`id="club-invite" type="text" readonly value="[^"]*(/c/([a-z2-7]{10})/join/[a-z2-7]{26})"`)
	clubPartRe   = regexp.MustCompile(`(?s)<section class="panel" aria-labelledby="(club-open-h|members-h)">.*?</section>`)
)

// TestClusterClubOnEveryMachine: a club is shared data. Ann makes a
// members-only club through m1 and a table for it; Bob joins by the
// invite through m2. Through m2 and m3 the club's page shows the same
// members and open table, Bob's home page through m3 says his club is
// playing, and a stranger through m3 gets no club.
func TestClusterClubOnEveryMachine(t *testing.T) {
	t.Parallel()
	c := startCluster(t, 3, clusterArgs...)
	ann := c.via("m1")
	_, page := get(t, ann, c.url+"/clubs")
	st, page := postForm(t, ann, c.url+"/clubs", csrfRe.FindStringSubmatch(page)[1], url.Values{"club": {"Night Owls"}, "name": {"Ann"}})
	m := clubInviteRe.FindStringSubmatch(page)
	if st != http.StatusOK || m == nil {
		t.Fatalf("make a club through m1: %d %.300s", st, page)
	}
	invite, club := m[1], "/c/"+m[2]
	bob := c.via("m2")
	_, page = get(t, bob, c.url+invite)
	if st, page := postForm(t, bob, c.url+invite, csrfRe.FindStringSubmatch(page)[1], url.Values{"name": {"Bob"}}); st != http.StatusOK || !strings.Contains(page, "2 members") {
		t.Fatalf("Bob joins through m2: %d %.300s", st, page)
	}
	_, page = get(t, ann, c.url+"/")
	st, page = postForm(t, ann, c.url+"/tables", csrfRe.FindStringSubmatch(page)[1], url.Values{"kind": {"lowunique"}, "seats": {"2"},
		"name": {"Ann"}, "club": {m[2]}})
	code := codeRe.FindStringSubmatch(page)
	if st != http.StatusOK || code == nil {
		t.Fatalf("a club table through m1: %d %.300s", st, page)
	}
	through := func(jar http.CookieJar, id string) string {
		t.Helper()
		st, page := get(t, &http.Client{Jar: jar, Timeout: 10 * time.Second, Transport: forceInstance{id}}, c.url+club)
		parts := clubPartRe.FindAllString(page, -1)
		if st != http.StatusOK || len(parts) != 2 {
			t.Fatalf("the club's page through %s: %d %.300s", id, st, page)
		}
		return strings.Join(parts, "\n")
	}
	onM2, onM3 := through(ann.Jar, "m2"), through(bob.Jar, "m3")
	if !strings.Contains(onM2, "Bob") || !strings.Contains(onM2, "/t/"+code[1]) {
		t.Fatalf("the club through m2 lacks Bob or its table:\n%s", onM2)
	}
	// the same members and tables; only the viewer's own marks differ
	strip := regexp.MustCompile(`<span class="muted small">\(you\)</span>|<form method="post".*?</form>`)
	space := regexp.MustCompile(`\s+`)
	if a, b := space.ReplaceAllString(strip.ReplaceAllString(onM2, ""), ""), space.ReplaceAllString(strip.ReplaceAllString(onM3, ""), ""); a != b {
		t.Fatalf("the club differs between machines:\nm2 %s\nm3 %s", a, b)
	}
	if _, home := get(t, &http.Client{Jar: bob.Jar, Transport: forceInstance{"m3"}}, c.url+"/"); !strings.Contains(home, "/t/"+code[1]) ||
		!strings.Contains(home, "Your club is playing") {
		t.Fatal("Bob's home page through m3 does not show his club playing")
	}
	if st, page := get(t, c.via("m3"), c.url+club); st != http.StatusNotFound || strings.Contains(page, "Night Owls") {
		t.Fatalf("a stranger through m3: %d", st)
	}
}
