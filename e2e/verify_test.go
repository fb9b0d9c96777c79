package e2e

import (
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestVerifyCommand: a table's record, downloaded while bots play, is
// checked by `tables verify`; the same record with one card changed is
// refused.
func TestVerifyCommand(t *testing.T) {
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "1ms", "-bot-delay-max", "3ms", "-next-deal-delay", "5ms", "-absent-autoplay", "5ms", "-absent-grace", "30ms")
	code := createAndStart(t, srv.url, url.Values{"kind": {"president"}, "ruleset": {"house"}, "seats": {"4"}, "bots": {"on"}, "clock": {"0"}})
	c := &http.Client{Timeout: 10 * time.Second}
	var rec string
	for deadline := time.Now().Add(30 * time.Second); strings.Count(rec, "its seed was") < 2; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no two finished deals in time")
		}
		_, rec = get(t, c, srv.url+"/t/"+code+"/fair.json")
	}
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "fair.json"), filepath.Join(dir, "tampered.json")
	os.WriteFile(good, []byte(rec), 0o644)
	// the first card named in the log ("holds the 3♦"): make it another
	loc := regexp.MustCompile(`[2-9JQKA][♠♥♦♣]`).FindStringIndex(rec)
	if loc == nil {
		t.Fatal("no card in the record")
	}
	swapped := []byte(rec)
	if swapped[loc[0]] == '2' {
		swapped[loc[0]] = '3'
	} else {
		swapped[loc[0]] = '2'
	}
	os.WriteFile(bad, swapped, 0o644)

	out, err := exec.Command(binary, "verify", good).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "verified: table "+code) {
		t.Fatalf("the honest record: %v\n%s", err, out)
	}
	t.Logf("%s", strings.TrimSpace(string(out)))
	out, err = exec.Command(binary, "verify", bad).CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "NOT VERIFIED") {
		t.Fatalf("the tampered record: %v\n%s", err, out)
	}
	t.Logf("tampered: %s", strings.TrimSpace(string(out[strings.LastIndex(string(out[:len(out)-1]), "\n")+1:])))
}

// TestVerifyPageSaysItPlainly: the verify page answers in plain words for
// every kind of game, on a phone, without contradicting itself: Lowest
// Unique (no seeds) after a finished game, Impetus while its first game
// (one seed) is under way, President after finished deals; the command
// is a detail for the curious.
func TestVerifyPageSaysItPlainly(t *testing.T) {
	t.Parallel()
	srv := startServerArgs(t, t.TempDir(), "", "-bot-delay-min", "1ms", "-bot-delay-max", "3ms", "-next-deal-delay", "5ms", "-absent-autoplay", "5ms", "-absent-grace", "30ms")
	tables := []struct {
		name string
		form url.Values
		// the page once the table is where the test wants it
		ready     string
		want, not []string
	}{
		{"lowunique", url.Values{"kind": {"lowunique"}, "seats": {"3"}, "rounds": {"1"}, "reveal": {"1"}, "bots": {"on"}, "clock": {"0"}},
			"over 1 finished game", []string{"Yes.", "no seed to check"}, []string{"No deal", "fingerprints above", "The seeds"}},
		{"impetus", url.Values{"kind": {"impetus"}, "seats": {"3"}, "bots": {"on"}, "clock": {"0"}},
			"still being played", []string{"Nothing to check yet: the first game is still being played."}, []string{"1 log lines", "No deal", "fingerprints above"}},
		{"president", url.Values{"kind": {"president"}, "ruleset": {"house"}, "seats": {"4"}, "bots": {"on"}, "clock": {"0"}},
			"finished deals was shuffled", []string{"Yes.", "Deal 1", "Deal 2", "fingerprint"}, []string{"No deal has finished"}},
	}
	phone := newBrowser(t, "Phone")
	phone.setSize(390, 844, true)
	c := &http.Client{Timeout: 10 * time.Second}
	for _, tb := range tables {
		code := createAndStart(t, srv.url, tb.form)
		var page string
		for deadline := time.Now().Add(45 * time.Second); !strings.Contains(page, tb.ready); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the verify page never says %q:\n%s", tb.name, tb.ready, page)
			}
			_, page = get(t, c, srv.url+"/t/"+code+"/verify")
		}
		// the words as served (a fast table may finish its game before the
		// phone has loaded the page)
		text := strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(page, " ")), " ")
		text = strings.ReplaceAll(strings.ReplaceAll(text, " .", "."), " :", ":")
		phone.do(chromedp.Navigate(srv.url + "/t/" + code + "/verify"))
		for _, w := range tb.want {
			if !strings.Contains(text, w) {
				t.Fatalf("%s: the verify page lacks %q:\n%s", tb.name, w, text)
			}
		}
		for _, w := range tb.not {
			if strings.Contains(text, w) {
				t.Fatalf("%s: the verify page says %q:\n%s", tb.name, w, text)
			}
		}
		// the command is there, folded: a detail for the curious
		if !eval[bool](phone, `(() => { const d = [...document.querySelectorAll('main details')].find(d => d.textContent.includes('go run . verify')); return !!d && !d.open; })()`) {
			t.Fatalf("%s: the command is not a folded detail", tb.name)
		}
		if w := eval[int](phone, `document.documentElement.scrollWidth`); w > 390 {
			t.Fatalf("%s: the verify page is %d px wide on a phone", tb.name, w)
		}
		phone.screenshot("verify-" + tb.name + "-phone")
		phone.axeCheck("the verify page of " + tb.name)
	}
}
