package handlers

import (
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/tablegames/tables/static"
)

// TestStaticFilesAreHashedAndCached: pages link every static file by a
// name that carries its hash; that name is kept for a year and serves
// the file's bytes (gzipped when asked); the plain name still works with
// a short cache; a wrong hash, a directory or an unknown file is 404.
func TestStaticFilesAreHashedAndCached(t *testing.T) {
	e := newEnv(t, fastConfig())
	c := e.client()
	_, home := c.get("/")
	links := regexp.MustCompile(`(?:href|src|data-turn-href)="(/static/[^"]+)"`).FindAllStringSubmatch(home, -1)
	seen := map[string]bool{}
	for _, l := range links {
		seen[l[1]] = true
	}
	for _, name := range []string{"app.css", "ring.css", "app.js", "vendor/htmx-2.0.11.min.js", "vendor/htmx-ext-ws-2.0.4.js", "favicon.svg", "favicon-turn.svg"} {
		want, err := static.Files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		hashed := static.Path(name)
		if !seen[hashed] {
			t.Errorf("the home page does not link %s as %s: %v", name, hashed, links)
		}
		if hashed == "/static/"+name || !regexp.MustCompile(`\.[0-9a-f]{8}\.[a-z]+$`).MatchString(hashed) {
			t.Errorf("%s: hashed name %s", name, hashed)
		}
		for _, tc := range []struct {
			path, cache string
			gzip        bool
		}{
			{hashed, "public, max-age=31536000, immutable", false},
			{hashed, "public, max-age=31536000, immutable", true},
			{"/static/" + name, "public, max-age=300", false},
		} {
			req, _ := http.NewRequest("GET", e.http.URL+tc.path, nil)
			if tc.gzip {
				req.Header.Set("Accept-Encoding", "gzip, deflate, br")
			} else {
				req.Header.Set("Accept-Encoding", "identity")
			}
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			var r io.Reader = resp.Body
			if resp.Header.Get("Content-Encoding") == "gzip" {
				if !tc.gzip {
					t.Errorf("%s: gzipped for a client that did not ask", tc.path)
				}
				if r, err = gzip.NewReader(resp.Body); err != nil {
					t.Fatal(err)
				}
			} else if tc.gzip && len(want) > 1000 {
				t.Errorf("%s: not gzipped", tc.path)
			}
			got, _ := io.ReadAll(r)
			resp.Body.Close()
			if resp.StatusCode != 200 || string(got) != string(want) {
				t.Errorf("%s: %d, %d bytes, want %d", tc.path, resp.StatusCode, len(got), len(want))
			}
			if cc := resp.Header.Get("Cache-Control"); cc != tc.cache {
				t.Errorf("%s: Cache-Control %q, want %q", tc.path, cc, tc.cache)
			}
			if v := resp.Header.Get("Vary"); !strings.Contains(v, "Accept-Encoding") {
				t.Errorf("%s: Vary %q", tc.path, v)
			}
			if ct := resp.Header.Get("Content-Type"); ct == "" || strings.HasSuffix(name, ".js") && !strings.HasPrefix(ct, "text/javascript") {
				t.Errorf("%s: Content-Type %q", tc.path, ct)
			}
		}
	}
	wrong := strings.Replace(static.Path("app.css"), "app.", "app.0", 1)
	wrong = wrong[:len(wrong)-len("0.css")] + ".css" // eight hex digits, not the file's
	for _, p := range []string{wrong, "/static/app.00000000.css", "/static/", "/static/vendor/", "/static/vendor", "/static/nope.js"} {
		if status, _ := c.get(p); status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", p, status)
		}
	}
}
