package handlers

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestEveryPageHasADescription: each kind of page carries a meta
// description of its own (search engines, link previews; Lighthouse's
// SEO audit).
func TestEveryPageHasADescription(t *testing.T) {
	e := newEnv(t, fastConfig())
	host, stranger := e.client(), e.client()
	code := host.createTable("Ann", url.Values{"ruleset": {"house"}, "seats": {"3"}, "bots": {"on"}})
	meta := regexp.MustCompile(`<meta name="description" content="([^"]{40,})">`)
	seen := map[string]string{}
	for _, p := range []struct {
		c    *client
		path string
	}{{host, "/"}, {host, "/t/" + code}, {stranger, "/t/" + code}, {host, "/t/" + code + "/verify"},
		{host, "/t/" + code + "/replays"}, {host, "/rules/president"}, {host, "/rules/holdem"}, {host, "/t/ZZZZ"}} {
		_, body := p.c.get(p.path)
		m := meta.FindStringSubmatch(body)
		if m == nil {
			t.Errorf("%s: no meta description", p.path)
			continue
		}
		if other, ok := seen[m[1]]; ok && p.path != "/t/ZZZZ" {
			t.Errorf("%s has the description of %s: %q", p.path, other, m[1])
		}
		seen[m[1]] = p.path
	}
}

// TestRobotsTxt: crawlers are told they may read every page (a missing
// robots.txt answered our HTML 404 page, which crawlers can't parse).
func TestRobotsTxt(t *testing.T) {
	e := newEnv(t, fastConfig())
	status, body := e.client().get("/robots.txt")
	if status != 200 || !strings.HasPrefix(body, "User-agent: *") {
		t.Fatalf("/robots.txt: %d %q", status, body)
	}
}
