package handlers

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestHandoverMakesAnotherDeviceThePlayer: Ann asks for a link at her
// table; a phone that opens it is asked first (opening uses nothing up),
// then becomes Ann in her seat; the link works once, and a third device
// that gets hold of it is turned away.
func TestHandoverMakesAnotherDeviceThePlayer(t *testing.T) {
	e := newEnv(t, fastConfig())
	ann, _, code := annAndBob(e, url.Values{"seats": {"3"}, "bots": {"on"}})
	status, body, _ := ann.post("/t/"+code+"/handover", nil)
	if status != http.StatusOK || !strings.Contains(body, `<svg class="qr"`) {
		t.Fatalf("the handover link: %d %.300s", status, body)
	}
	m := regexp.MustCompile(`value="https?://[^"/]+(/t/` + code + `/h/[A-Za-z0-9_-]{22})"`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no link in %.500s", body)
	}
	link := m[1]

	phone := e.client()
	for range 2 { // a look (a chat app's preview) uses nothing up
		status, body = phone.get(link)
		if status != http.StatusOK || !strings.Contains(body, "Continue as Ann") {
			t.Fatalf("the phone opens the link: %d %.300s", status, body)
		}
	}
	status, body, _ = phone.post(link, nil)
	if status != http.StatusOK || !strings.Contains(body, "You are Ann, seat 1") || strings.Contains(body, `name="name"`) {
		t.Fatalf("the phone after taking the link: %d %.300s", status, body)
	}
	// Ann's laptop is still Ann too
	if _, body := ann.get("/t/" + code); !strings.Contains(body, "You are Ann, seat 1") {
		t.Fatalf("Ann's laptop after the handover: %.300s", body)
	}

	// once used, the link is gone: for the phone and for anyone else
	thief := e.client()
	thief.get("/")
	if status, _ := thief.get(link); status != http.StatusGone {
		t.Fatalf("a used link opens: %d", status)
	}
	if status, body, _ := thief.post(link, nil); status != http.StatusGone || strings.Contains(body, "You are Ann") {
		t.Fatalf("a used link taken again: %d %.200s", status, body)
	}
	// a made-up link, and a real one for another table, are the same 410
	if status, _ := thief.get("/t/" + code + "/h/AAAAAAAAAAAAAAAAAAAAAA"); status != http.StatusGone {
		t.Fatalf("a made-up link: %d", status)
	}
	// a visitor with no name has nothing to hand over (htmx shows the
	// refusal in the message line: 422)
	if status, body, _ := thief.post("/t/"+code+"/handover", nil); status != http.StatusUnprocessableEntity || !strings.Contains(body, "Join the table first") {
		t.Fatalf("a link for nobody: %d %.200s", status, body)
	}
	// a session makes 5 links, then one a minute
	for i := 2; i <= 5; i++ {
		if status, _, _ := ann.post("/t/"+code+"/handover", nil); status != http.StatusOK {
			t.Fatalf("link %d: %d", i, status)
		}
	}
	if status, _, _ := ann.post("/t/"+code+"/handover", nil); status != http.StatusTooManyRequests {
		t.Fatalf("link 6 in a burst: %d", status)
	}
	// the POST needs the CSRF token like every form
	bare := e.client()
	if status, body, _ := bare.post(link, nil); status != http.StatusUnprocessableEntity || !strings.Contains(body, "expired: reload") {
		t.Fatalf("a post without a token: %d %.200s", status, body)
	}
}
