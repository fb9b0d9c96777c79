package handlers

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablegames/tables/i18n"
)

// TestLanguageIsTheViewers: a page is in the browser's language (English
// when the catalog has none of its choices), <html lang> says which; the
// picker keeps a choice in a cookie and on the player, goes back to the
// page it was used on, and the player's choice follows them to a device
// without the cookie.
func TestLanguageIsTheViewers(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann := e.client()
	req, _ := http.NewRequest("GET", e.http.URL+"/", nil)
	req.Header.Set("Accept-Language", "ko-KR, ko;q=0.9")
	resp, err := ann.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Content-Language"); got != "en" {
		t.Fatalf("Korean asked, none in the catalog: Content-Language %q", got)
	}

	code := ann.createTable("Ann", url.Values{"seats": {"4"}, "bots": {"on"}})
	// the picker, used on the table's page
	req, _ = http.NewRequest("GET", e.http.URL+"/lang?lang="+i18n.PseudoCode, nil)
	req.Header.Set("Referer", e.http.URL+"/t/"+code)
	ann.http.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err = ann.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	ann.http.CheckRedirect = nil
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/t/"+code {
		t.Fatalf("the picker answers %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	_, body := ann.get("/t/" + code)
	if !strings.Contains(body, `<html lang="en-XA">`) || !strings.Contains(body, `⟦Ĥöŵ ţö þļáý`) {
		t.Fatalf("the table's page is not in the chosen language: %.600s", body)
	}

	// the choice is the player's: a device with their session and no
	// language cookie reads the page in it
	u, _ := url.Parse(e.http.URL)
	jar, _ := cookiejar.New(nil)
	for _, ck := range ann.http.Jar.Cookies(u) {
		if ck.Name != langCookie {
			jar.SetCookies(u, []*http.Cookie{ck})
		}
	}
	other := &client{t: t, e: e, http: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
	_, body = other.get("/")
	if !strings.Contains(body, `<html lang="en-XA">`) {
		t.Fatalf("another device of the player: %.300s", body)
	}

	// an unknown language is refused
	if status, _ := ann.get("/lang?lang=xx-nope"); status != http.StatusBadRequest {
		t.Fatalf("an unknown language: %d", status)
	}
}

// TestLanguageSwitchGoesBackOnlyOnThisSite (issue 40, item 13): the
// picker goes back to the page it was used on, read from the Referer, and
// only ever to a path of this site: a hostile or odd Referer (another
// site, a scheme-relative path, a backslash, a path with "//" first, a
// control character) sends the viewer home.
func TestLanguageSwitchGoesBackOnlyOnThisSite(t *testing.T) {
	e := newEnv(t, fastConfig())
	site := e.http.URL // http://127.0.0.1:PORT
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, c := range []struct{ referer, want string }{
		{site + "/t/ABCD?x=1", "/t/ABCD?x=1"},
		{site + "/me", "/me"},
		{"", "/"},
		{site + "///127.0.0.2:30421", "/"}, // what the attack was answered: Location ///127.0.0.2:30421
		{site + "//evil.example/x", "/"},
		{site + "/\\evil.example", "/"},
		{site + "/\\/evil.example", "/"},
		{site + "/%09/evil.example", "/%09/evil.example"}, // escaped: a path here
		{"https://evil.example/t/ABCD", "/"},
		{"//evil.example/t/ABCD", "/"},
		{"/\\evil.example", "/"},
		{"javascript:alert(1)", "/"},
		{"http://user@" + strings.TrimPrefix(site, "http://") + "/x", "/"},
		{"ftp://" + strings.TrimPrefix(site, "http://") + "/x", "/"},
	} {
		req, _ := http.NewRequest("GET", site+"/lang?lang=fr", nil)
		if c.referer != "" {
			req.Header.Set("Referer", c.referer)
		}
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != c.want {
			t.Errorf("Referer %q: %d Location %q, want %q", c.referer, resp.StatusCode, resp.Header.Get("Location"), c.want)
		}
	}
}
