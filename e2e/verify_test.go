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
