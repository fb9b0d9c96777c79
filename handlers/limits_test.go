package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestAddressesGroupIPv6By64: the limits count an IPv6 /64 as one address
// (one subscriber's network), IPv4 addresses one by one.
func TestAddressesGroupIPv6By64(t *testing.T) {
	for in, want := range map[string]string{
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":      "2001:db8:1:3::/64",
		"203.0.113.7":          "203.0.113.7",
		"::ffff:203.0.113.7":   "203.0.113.7",
		"not an address":       "not an address",
	} {
		if got := addrKey(in); got != want {
			t.Errorf("addrKey(%q) = %q, want %q", in, got, want)
		}
	}
	// behind a proxy: 25 tables from 25 addresses of one /64 share the
	// address's 20
	cfg := fastConfig()
	cfg.TrustProxy = true
	cfg.Limits = DefaultLimits()
	e := newEnv(t, cfg)
	limited := 0
	for i := 0; i < 25; i++ {
		c := e.client() // a fresh session each time: only the address counts
		c.get("/")
		form := url.Values{"kind": {"president"}, "name": {"Ann"}, "ruleset": {"house"}}
		req, _ := http.NewRequest("POST", e.http.URL+"/tables", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-CSRF-Token", c.csrf)
		req.Header.Set("X-Forwarded-For", "2001:db8:7:7::"+itoa(i+1))
		resp, err := c.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited != 5 {
		t.Fatalf("25 tables from one /64: %d refused, want 5 (the address's 20 and no more)", limited)
	}
}
