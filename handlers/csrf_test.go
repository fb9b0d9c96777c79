package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestCSRFTokenIsMaskedPerResponse: every page carries the CSRF token
// under a fresh pad (BREACH: a compressed page must not repeat a secret
// an attacker could recover from sizes); any of them passes, a tampered
// one or another session's is refused with 403.
func TestCSRFTokenIsMaskedPerResponse(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann, bob := e.client(), e.client()
	ann.get("/")
	first := ann.csrf
	ann.get("/")
	second := ann.csrf
	if first == "" || first == second {
		t.Fatalf("two pages carry the tokens %q and %q: want two different strings", first, second)
	}
	// the cookie's own token never appears in a page
	u, _ := url.Parse(e.http.URL)
	for _, k := range ann.http.Jar.Cookies(u) {
		if k.Name == csrfCookie {
			if _, body := ann.get("/"); strings.Contains(body, k.Value) {
				t.Fatal("a page shows the cookie's token unmasked")
			}
		}
	}
	bob.get("/")

	post := func(c *client, token string) int {
		t.Helper()
		req, _ := http.NewRequest("POST", e.http.URL+"/join", strings.NewReader("code=ZZZZ"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if token != "" {
			req.Header.Set(csrfHeader, token)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	tampered := []byte(second)
	if tampered[10] == 'A' {
		tampered[10] = 'B'
	} else {
		tampered[10] = 'A'
	}
	for _, tc := range []struct {
		what   string
		c      *client
		token  string
		refuse bool
	}{
		{"the first page's token", ann, first, false},
		{"the second page's token", ann, second, false},
		{"a tampered token", ann, string(tampered), true},
		{"a token cut short", ann, second[:40], true},
		{"another session's token", ann, bob.csrf, true},
		{"no token", ann, "", true},
		{"the other session's own token", bob, bob.csrf, false},
	} {
		got := post(tc.c, tc.token)
		if refused := got == http.StatusForbidden; refused != tc.refuse {
			t.Errorf("%s: %d", tc.what, got)
		}
	}
	// the form field works as the header does
	form := url.Values{"code": {"ZZZZ"}, csrfField: {first}}
	resp, err := ann.http.PostForm(e.http.URL+"/join", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusForbidden {
		t.Error("the _csrf form field was refused")
	}
}

// TestCSRFCookie: the token's cookie is HttpOnly and SameSite=Strict.
func TestCSRFCookie(t *testing.T) {
	e := newEnv(t, fastConfig())
	resp, err := http.Get(e.http.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var found bool
	for _, k := range resp.Cookies() {
		if k.Name == csrfCookie {
			found = true
			if !k.HttpOnly || k.SameSite != http.SameSiteStrictMode {
				t.Errorf("cookie %+v", k)
			}
		}
	}
	if !found {
		t.Fatal("no CSRF cookie")
	}
}
