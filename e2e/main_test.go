// Package e2e drives the real server binary with real browsers (headless
// Chromium through chromedp): what a person does, end to end.
//
// Most tests call t.Parallel: each has its own server and browser
// contexts, and much of a test is waiting on a table's own pace (bots,
// the next deal), so two run at once (go test's -parallel, GOMAXPROCS).
// The tests that judge time itself (clocks and countdowns against real
// seconds, how soon presence or a lost connection shows, a double click,
// a kill mid-move) do not: they run first, alone. A check of motion reads
// what the page declares (the animation in its computed style) or records
// it as it happens, never a moment afterwards, so a busy machine cannot
// fail it. On a live table page (pushes arriving) a test taps through the
// page (mustTap, sendChat) rather than with a mouse click at a place a push
// may move, and it looks and acts in one script when the page can change
// between the two.
package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tablegames/tables/db/pgtest"
)

var (
	binary     string          // the server, built once
	browserCtx context.Context // one browser for every test
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	chrome := os.Getenv("CHROME")
	if chrome == "" {
		chrome = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chrome); err != nil {
		// A browser test that skips in CI is a failing test.
		if os.Getenv("CI") != "" {
			fmt.Fprintf(os.Stderr, "e2e: no browser at %s (make test installs chromium)\n", chrome)
			return 1
		}
		fmt.Fprintf(os.Stderr, "e2e: SKIPPED, no browser at %s: run `make test` to install chromium\n", chrome)
		return 0
	}
	dir, err := os.MkdirTemp("", "tables-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binary = filepath.Join(dir, "tables")
	_, self, _, _ := runtime.Caller(0)
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Dir = filepath.Dir(filepath.Dir(self))
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: build:", err)
		return 1
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(1280, 900),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	var cancel context.CancelFunc
	browserCtx, cancel = chromedp.NewContext(allocCtx)
	defer cancel()
	if err := chromedp.Do(browserCtx, chromedp.Navigate("about:blank")); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: start browser:", err)
		return 1
	}
	return pgtest.Main(m) // the cluster tests' PostgreSQL, stopped at the end
}

// server is one running server process.
type server struct {
	t    *testing.T
	cmd  *exec.Cmd
	url  string
	addr string
	data string
	out  *lockedBuffer // what it logged (also copied to the test's stderr)
}

// lockedBuffer is a buffer a process writes and a test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// logged reports whether the server logged s.
func (s *server) logged(text string) bool {
	s.out.mu.Lock()
	defer s.out.mu.Unlock()
	return strings.Contains(s.out.b.String(), text)
}

// startServer runs the binary on a free port (or addr, to restart on the
// same one) and waits for /healthz.
func startServer(t *testing.T, data, addr string) *server {
	t.Helper()
	return startServerArgs(t, data, addr)
}

// startServerArgs is startServer with extra flags.
func startServerArgs(t *testing.T, data, addr string, args ...string) *server {
	t.Helper()
	return startServerEnv(t, data, addr, nil, args...)
}

// startServerEnv is startServerArgs with extra environment variables.
func startServerEnv(t *testing.T, data, addr string, env []string, args ...string) *server {
	t.Helper()
	if addr == "" {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr = ln.Addr().String()
		ln.Close()
	}
	level := os.Getenv("E2E_LOG")
	if level == "" {
		level = "warn"
	}
	// bots think 0.3–0.7 s unless a test says otherwise (later flags win)
	base := []string{"-addr", addr, "-data", data, "-log-level", level, "-bot-delay-min", "300ms", "-bot-delay-max", "700ms", "-metrics-addr="}
	cmd := exec.Command(binary, append(base, args...)...)
	cmd.Env = append(os.Environ(), env...)
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = io.MultiWriter(os.Stderr, out), io.MultiWriter(os.Stderr, out)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, cmd: cmd, url: "http://" + addr, addr: addr, data: data, out: out}
	t.Cleanup(s.kill)
	deadline := time.Now().Add(15 * time.Second)
	for {
		resp, err := http.Get(s.url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not come up on %s", addr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill stops the process with SIGKILL: no shutdown, no goodbye.
func (s *server) kill() {
	if s.cmd.ProcessState == nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	}
}

// stop sends SIGTERM and waits for a graceful exit.
func (s *server) stop() time.Duration {
	start := time.Now()
	s.cmd.Process.Signal(syscall.SIGTERM)
	s.cmd.Wait()
	return time.Since(start)
}

// browser is one person: a browser context with its own cookies.
type browser struct {
	t    *testing.T
	name string
	ctx  context.Context
}

func newBrowser(t *testing.T, name string) *browser {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	// The first action on a context opens its tab, which lives as long as
	// that context: open it here, not under a short timeout.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("%s: open a tab: %v", name, err)
	}
	return &browser{t: t, name: name, ctx: ctx}
}

func (b *browser) do(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v\n%s", b.name, err, b.html("main"))
	}
}

func eval[T any](b *browser, js string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		b.t.Fatalf("%s: eval %q: %v", b.name, js, err)
	}
	return v
}

// waitJS waits until the expression is truthy in the page. A page that
// navigates meanwhile (a form post and its redirect) is polled again, and
// an expression that throws (an element not there yet) is not yet true.
func (b *browser) waitJS(what, js string) {
	b.t.Helper()
	js = `(() => { try { return !!(` + js + `); } catch (e) { return false; } })()`
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithDeadline(b.ctx, deadline)
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(time.Until(deadline))))
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) || !navigating(err) {
			b.t.Fatalf("%s: waiting for %s: %v\n%s", b.name, what, err, b.text("body"))
		}
	}
}

func (b *browser) text(sel string) string {
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q)||{}).innerText||""`, sel)))
	return s
}

func (b *browser) html(sel string) string {
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q)||{}).outerHTML||""`, sel)))
	return s
}

func (b *browser) screenshot(name string) {
	b.t.Helper()
	// what a player looks at: chips and cards placed a moment ago have
	// come in (a fade-in caught at its start shows a chip faint); on a
	// table that never settles (a push every few ms) it shoots anyway
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Second)
	chromedp.Run(ctx, chromedp.Poll[bool](`(() => { try { return `+settledJS+`; } catch (e) { return true; } })()`, chromedp.WithPollingTimeout(2*time.Second)))
	cancel()
	b.shoot(name, chromedp.FullScreenshot(100))
}

// firstScreen saves what the viewport shows, scrolled to the top: what a
// player sees on arriving, before any scrolling.
func (b *browser) firstScreen(name string) {
	b.t.Helper()
	eval[bool](b, `(window.scrollTo(0, 0), true)`)
	b.waitJS("the page to settle", settledJS)
	b.shoot(name, chromedp.CaptureScreenshot())
}

func (b *browser) shoot(name string, shot chromedp.Action[[]byte]) {
	b.t.Helper()
	dir := os.Getenv("SCREENSHOTS")
	if dir == "" {
		dir = "screenshots"
	}
	os.MkdirAll(dir, 0o755)
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, shot)
	if err != nil {
		b.t.Fatalf("%s: screenshot: %v", b.name, err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot %s", path)
}

// navigating reports an error of a page that went away under a script.
func navigating(err error) bool {
	msg := err.Error()
	for _, s := range []string{"navigated", "context was destroyed", "Cannot find context"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// createTable opens a President table from the home page in b's browser
// and returns its share link.
func (b *browser) createTable(srv *server, seats string) string {
	b.t.Helper()
	b.createGame(srv, "president", map[string]string{"seats": seats})
	return eval[string](b, `document.querySelector('#share').value`)
}

// createGame opens a table of a game from its form on the home page, with
// the given select values, and waits for the lobby.
func (b *browser) createGame(srv *server, kind string, selects map[string]string) {
	b.t.Helper()
	// the game's form shows when its tile's "Set up a table" link
	// targets it
	form := `#new-` + kind + ` form `
	steps := []chromedp.Action[chromedp.Void]{chromedp.Navigate(srv.url + "/#new-" + kind),
		chromedp.SendKeys(chromedp.CSS(form+`input[name=name]`), b.name)}
	for name, v := range selects {
		steps = append(steps, chromedp.SetValue(chromedp.CSS(form+`select[name=`+name+`]`), v))
	}
	b.do(append(steps, chromedp.Click(chromedp.CSS(form+`button[type=submit]`)))...)
	b.waitJS("the lobby", `!!document.querySelector('#lobby')`)
}

// joinTable opens a share link, gives b's name, takes a seat and is ready.
func (b *browser) joinTable(share string) {
	b.t.Helper()
	b.joinLobby(share)
	b.mustTap(`#lobby button[hx-vals*='"ready"']`) // from the page: a push may replace the button meanwhile
	b.waitJS("ready", `!!document.querySelector("#lobby button[hx-vals*='unready']")`)
}

// joinLobby opens a share link, gives b's name and takes a seat.
func (b *browser) joinLobby(share string) {
	b.t.Helper()
	b.do(chromedp.Navigate(share),
		chromedp.SendKeys(chromedp.CSS(`input[name=name]`), b.name),
		chromedp.Click(chromedp.CSS(`main form button[type=submit]`)),
	)
	b.waitJS("the lobby", `!!document.querySelector('#lobby')`)
}

// wideJS names the elements that stick out of a 390 px screen.
const wideJS = `[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 392).slice(0, 8).map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right)).join('; ')`

// startWhenReady waits, as the host, until the game may start (enough
// players seated), and starts it.
func (b *browser) startWhenReady() {
	b.t.Helper()
	b.waitJS("the Start button", `!document.querySelector("#lobby button[hx-vals*='start']").disabled`)
	b.mustTap(`#lobby button[hx-vals*='"start"']`)
}

// twoAtPresident opens a 3-seat President table for Ann, seats Bob, lets
// a bot take the third seat and starts; both pages show the table.
func twoAtPresident(t *testing.T, srv *server) (ann, bob *browser, share string) {
	t.Helper()
	ann, bob = newBrowser(t, "Ann"), newBrowser(t, "Bob")
	share = ann.createTable(srv, "3")
	bob.joinTable(share)
	ann.startWhenReady()
	for _, p := range []*browser{ann, bob} {
		p.waitJS("the table", `!!document.querySelector('#p-ring')`)
	}
	return ann, bob, share
}

// tap clicks the element sel from inside the page, if it is there now,
// and reports whether it was. A push may replace a control between
// chromedp's query and its click, and chromedp's click then waits on the
// node that is gone; a click from the page takes whichever node is there.
func (b *browser) tap(sel string) bool {
	b.t.Helper()
	return eval[bool](b, `(() => { const e = document.querySelector(`+jsString(sel)+`); if (!e) return false; e.click(); return true; })()`)
}

// mustTap waits for sel in a loaded page, then taps it. A page still
// loading shows its controls before htmx (deferred) has taken them: a
// click then does nothing (a Start was lost so, once in some thirty runs).
func (b *browser) mustTap(sel string) {
	b.t.Helper()
	b.waitJS(sel, `document.readyState === 'complete' && !!document.querySelector(`+jsString(sel)+`)`)
	if !b.tap(sel) {
		b.t.Fatalf("%s: %s went away before it could be clicked", b.name, sel)
	}
}

// get fetches u with client c: the status and the body.
func get(t *testing.T, c *http.Client, u string) (int, string) {
	t.Helper()
	resp, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// postForm posts form to u with client c and the CSRF token: the status
// and the body.
func postForm(t *testing.T, c *http.Client, u, token string, form url.Values) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", u, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", token)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}
