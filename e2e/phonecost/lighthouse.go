package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"
	"github.com/gorilla/websocket"
)

// page is one page Lighthouse visits, as one visitor (cookie).
type page struct {
	name, path, cookie string
}

// lighthouse opens the tables every page needs, then runs Lighthouse's
// default (mobile) preset on each page -runs times: the four category
// scores, total blocking time and time to interactive, and the audits
// that did not pass.
func lighthouse(o options) error {
	// A finished hand is needed for the replays, the hand history and
	// the verify page: its table is left to bots, which play at the
	// game's own pace.
	srv, err := startServer(o)
	if err != nil {
		return err
	}
	defer srv.stop()
	host, err := newVisitor(srv.url)
	if err != nil {
		return err
	}
	pages := []page{{name: "home", path: "/"}}
	codes := map[string]string{}
	for _, g := range []string{"holdem", "president", "lowunique", "impetus"} {
		code, err := host.play(g)
		if err != nil {
			return fmt.Errorf("open a %s table: %w", g, err)
		}
		codes[g] = code
		// the host is at the table, as a seated player is: without a
		// connection of theirs the table would make them away, a bot
		// would play their seat, and the page Lighthouse opens would be
		// a player coming back (the seat bar and the seat change as the
		// page loads)
		if err := host.stay(code); err != nil {
			return fmt.Errorf("keep the host at the %s table: %w", g, err)
		}
		pages = append(pages, page{name: g + " table (seated, live)", path: "/t/" + code, cookie: host.cookie()})
	}
	pages = append(pages, page{name: "join page (a stranger at the Hold'em table)", path: "/t/" + codes["holdem"]})
	done, err := newVisitor(srv.url)
	if err != nil {
		return err
	}
	code, err := done.play("holdem")
	if err != nil {
		return err
	}
	if err := done.post("/t/"+code+"/seat", url.Values{"do": {"leave"}}); err != nil {
		return fmt.Errorf("leave the table to a bot: %w", err)
	}
	fmt.Println("waiting for the bots to finish a hand…")
	if err := done.waitFor("/t/"+code+"/replays", `/replay/1"`, 3*time.Minute); err != nil {
		return err
	}
	pages = append(pages,
		page{name: "verify", path: "/t/" + code + "/verify"},
		page{name: "replays", path: "/t/" + code + "/replays", cookie: done.cookie()},
		page{name: "replay of a hand", path: "/t/" + code + "/replay/1", cookie: done.cookie()},
		page{name: "hand history", path: "/t/" + code + "/hands", cookie: done.cookie()},
	)
	for _, g := range []string{"president", "holdem", "lowunique", "impetus"} {
		pages = append(pages, page{name: "rules: " + g, path: "/rules/" + g})
	}
	pages = append(pages, page{name: "My games (the host's)", path: "/me", cookie: host.cookie()})
	// a person has a public page once they finished a game at a public
	// table: the host's, when a deal of theirs has ended by now
	if body, err := host.get("/me"); err == nil {
		if m := profileRe.FindStringSubmatch(body); m != nil {
			pages = append(pages, page{name: "a player's public page", path: m[1]})
		}
	}
	// Lighthouse does not score a page answered 404 (it reports a runtime
	// error): the line says so
	pages = append(pages, page{name: "error page (no such table)", path: "/t/ZZZZ"})

	pagesRe, err := regexp.Compile(o.pages)
	if err != nil {
		return fmt.Errorf("-pages: %w", err)
	}
	dir := o.out
	if dir == "" {
		if dir, err = os.MkdirTemp("", "phonecost-lh"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// One Chromium for every run, which Lighthouse drives by its port
	// and which keeps the cookies this program sets for each page (with
	// --extra-headers, the page's own request had the visitor's cookies
	// but nothing after it did: the table's websocket came as a stranger's
	// and was pushed a stranger's whole table).
	lh, err := startLighthouseChrome(o)
	if err != nil {
		return err
	}
	defer lh.stop()
	fmt.Printf("Lighthouse %s, mobile preset (simulated 4× CPU and slow 4G), %d runs per page\n", o.lhVersion, o.runs)
	fmt.Printf("%-45s %-22s %-12s %-12s %-12s %-16s %s\n", "page", "performance", "a11y", "best pr.", "SEO", "TBT ms", "TTI s")
	for i, p := range pages {
		if !pagesRe.MatchString(p.name) {
			continue
		}
		var perf, a11y, bp, seo, tbt, tti []float64
		failed := map[string]bool{}
		for r := range o.runs {
			if err := lh.cookies(srv.url, p.cookie); err != nil {
				return fmt.Errorf("%s: set the cookies: %w", p.name, err)
			}
			rep, err := runLighthouse(o, lh.port, srv.url+p.path, filepath.Join(dir, fmt.Sprintf("%02d-%d.json", i, r+1)))
			if err != nil {
				return fmt.Errorf("%s: %w", p.name, err)
			}
			if rep.RuntimeError.Code != "" {
				fmt.Printf("%-45s Lighthouse: %s\n", p.name, rep.RuntimeError.Message)
				break
			}
			perf = append(perf, 100*rep.Categories["performance"].Score)
			a11y = append(a11y, 100*rep.Categories["accessibility"].Score)
			bp = append(bp, 100*rep.Categories["best-practices"].Score)
			seo = append(seo, 100*rep.Categories["seo"].Score)
			tbt = append(tbt, rep.Audits["total-blocking-time"].NumericValue)
			tti = append(tti, rep.Audits["interactive"].NumericValue/1000)
			for id, a := range rep.Audits {
				if a.Score != nil && *a.Score < 0.9 && a.ScoreDisplayMode != "informative" && a.ScoreDisplayMode != "notApplicable" && a.ScoreDisplayMode != "manual" {
					failed[id] = true
				}
			}
		}
		if len(perf) == 0 {
			continue
		}
		fmt.Printf("%-45s %-22s %-12s %-12s %-12s %-16s %s\n", p.name, spread(perf, "%.0f"), spread(a11y, "%.0f"), spread(bp, "%.0f"), spread(seo, "%.0f"), spread(tbt, "%.0f"), spread(tti, "%.1f"))
		if len(failed) > 0 {
			ids := slices.Sorted(func(yield func(string) bool) {
				for id := range failed {
					if !yield(id) {
						return
					}
				}
			})
			fmt.Printf("    not passed: %s\n", strings.Join(ids, ", "))
		}
	}
	return nil
}

// report is the part of Lighthouse's JSON report read here.
type report struct {
	Categories map[string]struct {
		Score float64 `json:"score"`
	} `json:"categories"`
	Audits map[string]struct {
		Score            *float64 `json:"score"`
		ScoreDisplayMode string   `json:"scoreDisplayMode"`
		NumericValue     float64  `json:"numericValue"`
	} `json:"audits"`
	RuntimeError struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"runtimeError"`
}

// runLighthouse runs npx lighthouse once on u, in the Chromium at port.
func runLighthouse(o options, port int, u, out string) (report, error) {
	args := []string{"--yes", "lighthouse@" + o.lhVersion, u, "--output=json", "--output-path=" + out, "--quiet",
		"--port=" + strconv.Itoa(port), "--disable-storage-reset"}
	if o.out != "" {
		args = append(args, "--save-assets") // the trace beside the report, to take a long task apart
	}
	cmd := exec.Command("npx", args...)
	cmd.Stderr = os.Stderr
	runErr := cmd.Run()
	b, err := os.ReadFile(out)
	if err != nil {
		if runErr != nil {
			return report{}, fmt.Errorf("lighthouse: %w", runErr)
		}
		return report{}, err
	}
	var r report
	if err := json.Unmarshal(b, &r); err != nil {
		return report{}, err
	}
	if runErr != nil && r.RuntimeError.Code == "" {
		return report{}, fmt.Errorf("lighthouse: %w", runErr)
	}
	return r, nil // a runtime error (a 404 page) is the report's to tell
}

// lhChrome is the Chromium Lighthouse runs in.
type lhChrome struct {
	port    int
	browser context.Context
	stop    func()
}

func startLighthouseChrome(o options) (*lhChrome, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	dir, err := os.MkdirTemp("", "phonecost-chrome")
	if err != nil {
		return nil, err
	}
	chrome := exec.Command(o.chrome, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--remote-debugging-port="+strconv.Itoa(port), "--user-data-dir="+dir, "about:blank")
	if err := chrome.Start(); err != nil {
		return nil, err
	}
	kill := func() { chrome.Process.Kill(); chrome.Wait(); os.RemoveAll(dir) }
	// wait for its DevTools port
	for i := 0; ; i++ {
		resp, err := http.Get("http://127.0.0.1:" + strconv.Itoa(port) + "/json/version")
		if err == nil {
			resp.Body.Close()
			break
		}
		if i == 100 {
			kill()
			return nil, fmt.Errorf("Chromium for Lighthouse never listened on %d: %w", port, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	alloc, cancelAlloc := remote.NewAllocator(context.Background(), "http://127.0.0.1:"+strconv.Itoa(port)+"/")
	browser, cancel := chromedp.NewContext(alloc)
	if err := chromedp.Do(browser, chromedp.Navigate("about:blank")); err != nil {
		cancel()
		cancelAlloc()
		kill()
		return nil, fmt.Errorf("drive Chromium for Lighthouse: %w", err)
	}
	return &lhChrome{port: port, browser: browser, stop: func() { cancel(); cancelAlloc(); kill() }}, nil
}

// cookies makes the browser's cookies for base exactly header's (a
// Cookie header's "a=1; b=2"; empty: none).
func (c *lhChrome) cookies(base, header string) error {
	if _, err := chromedp.Call(c.browser, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
		return err
	}
	for _, kv := range strings.Split(header, "; ") {
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		if _, err := chromedp.Call(c.browser, network.SetCookie, network.SetCookieParams{Name: name, Value: value, URL: base + "/"}); err != nil {
			return err
		}
	}
	return nil
}

// visitor is one browser's cookies, for setting up tables over HTTP.
type visitor struct {
	base string
	c    *http.Client
	csrf string
}

var (
	csrfRe    = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)
	profileRe = regexp.MustCompile(`href="(/p/[A-Za-z0-9]+)"`)
)

func newVisitor(base string) (*visitor, error) {
	jar, _ := cookiejar.New(nil)
	v := &visitor{base: base, c: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
	body, err := v.get("/")
	if err != nil {
		return nil, err
	}
	m := csrfRe.FindStringSubmatch(body)
	if m == nil {
		return nil, errors.New("no CSRF token on the home page")
	}
	v.csrf = m[1]
	return v, nil
}

func (v *visitor) get(path string) (string, error) {
	resp, err := v.c.Get(v.base + path)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// play opens a table of game with bots in the other seats ("Play now")
// and returns its code.
func (v *visitor) play(game string) (string, error) {
	resp, err := v.c.PostForm(v.base+"/play", url.Values{"kind": {game}, "name": {"Host"}, "_csrf": {v.csrf}})
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	code, ok := strings.CutPrefix(resp.Request.URL.Path, "/t/")
	if !ok || resp.StatusCode != 200 {
		return "", fmt.Errorf("play now: %s at %s", resp.Status, resp.Request.URL)
	}
	return code, nil
}

func (v *visitor) post(path string, form url.Values) error {
	req, _ := http.NewRequest("POST", v.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", v.csrf)
	resp, err := v.c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("%s: %s", resp.Status, b)
	}
	return nil
}

// waitFor polls path until its body holds want.
func (v *visitor) waitFor(path, want string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		body, err := v.get(path)
		if err == nil && strings.Contains(body, want) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s never showed %q", path, want)
		}
		time.Sleep(2 * time.Second)
	}
}

// cookie is the Cookie header this visitor's browser sends.
func (v *visitor) cookie() string {
	u, _ := url.Parse(v.base)
	var parts []string
	for _, c := range v.c.Jar.Cookies(u) {
		parts = append(parts, c.Name+"="+c.Value)
	}
	return strings.Join(parts, "; ")
}

// stay keeps a websocket of the visitor's open at table code, reading
// its pushes, for as long as the program runs.
func (v *visitor) stay(code string) error {
	u := "ws" + strings.TrimPrefix(v.base, "http") + "/t/" + code + "/ws"
	h := http.Header{"Cookie": {v.cookie()}, "Origin": {v.base}}
	c, _, err := websocket.DefaultDialer.Dial(u, h)
	if err != nil {
		return err
	}
	go func() {
		for {
			if _, _, err := c.ReadMessage(); err != nil {
				return
			}
		}
	}()
	return nil
}
