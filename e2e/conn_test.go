package e2e

import (
	"context"
	"io"
	"math"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// cutter is a TCP proxy in front of the server for one browser: the test
// cuts every connection through it (to the browser, the server dropped its
// socket: an abnormal close), refuses new ones while it is down, and lets
// them through again. The server itself runs on.
type cutter struct {
	t     *testing.T
	ln    net.Listener
	to    string
	url   string
	mu    sync.Mutex
	down  bool
	conns map[net.Conn]bool
}

func newCutter(t *testing.T, to string) *cutter {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c := &cutter{t: t, ln: ln, to: to, url: "http://" + ln.Addr().String(), conns: map[net.Conn]bool{}}
	t.Cleanup(func() { ln.Close(); c.cut() })
	go c.serve()
	return c
}

func (c *cutter) serve() {
	for {
		in, err := c.ln.Accept()
		if err != nil {
			return
		}
		c.mu.Lock()
		down := c.down
		c.mu.Unlock()
		if down {
			in.Close()
			continue
		}
		out, err := net.Dial("tcp", c.to)
		if err != nil {
			in.Close()
			continue
		}
		c.mu.Lock()
		c.conns[in], c.conns[out] = true, true
		c.mu.Unlock()
		pipe := func(dst, src net.Conn) {
			io.Copy(dst, src)
			dst.Close()
			src.Close()
			c.mu.Lock()
			delete(c.conns, dst)
			delete(c.conns, src)
			c.mu.Unlock()
		}
		go pipe(out, in)
		go pipe(in, out)
	}
}

// cut closes every connection through the proxy and refuses new ones.
func (c *cutter) cut() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.down = true
	for conn := range c.conns {
		conn.Close()
	}
}

// restore lets connections through again.
func (c *cutter) restore() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.down = false
}

// connJS is the connection indicator's state and words.
const connJS = `(() => { const c = document.getElementById('conn'); return c ? c.dataset.conn + '|' + c.textContent : ''; })()`

// bothSizes saves what the page shows first at a phone's 390×844 and a
// laptop's 1280×800, and leaves the browser at the phone's size.
func (b *browser) bothSizes(name string) {
	b.t.Helper()
	b.setSize(1280, 800, false)
	b.firstScreen(name + "-desktop")
	b.setSize(390, 844, true)
	b.firstScreen(name + "-phone")
}

// checkTopBar fails when the top bar leaves the phone's width, or its
// connection indicator is cut or hidden.
func (b *browser) checkTopBar(what string) {
	b.t.Helper()
	if wide := eval[string](b, wideJS); wide != "" {
		b.t.Fatalf("%s: %s: wider than the phone: %s", b.name, what, wide)
	}
	fits := eval[bool](b, `(() => { const c = document.getElementById('conn'); const r = c.getBoundingClientRect();
	  return r.width > 0 && r.left >= 0 && r.right <= innerWidth && c.scrollWidth <= c.clientWidth + 1 && getComputedStyle(c).visibility === 'visible'; })()`)
	if !fits {
		b.t.Fatalf("%s: %s: the connection indicator doesn't fit the top bar: %s", b.name, what, b.html("header"))
	}
}

// TestConnectionIndicator: Bob reaches the server through a proxy the
// test can cut. His top bar says Connected; a push his page never got
// (the test drops one) makes it ask for the whole table, which brings the
// missing chat line back; when his connection is cut it says
// Reconnecting with each attempt's number while Ann changes the table,
// and Connected again once through, with the table as it is now; with the
// browser offline it says Offline.
func TestConnectionIndicator(t *testing.T) {
	srv := startServer(t, t.TempDir(), "")
	proxy := newCutter(t, srv.addr)
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	bob.setSize(390, 844, true)
	share := ann.createTable(srv, "3")
	bob.joinTable(strings.Replace(share, srv.url, proxy.url, 1))
	ann.startWhenReady()
	for _, p := range []*browser{ann, bob} {
		p.waitJS("the table", `!!document.querySelector('#p-ring')`)
	}
	bob.waitJS("Connected", connJS+` === 'connected|Connected'`)
	if live := eval[string](bob, `document.getElementById('conn').getAttribute('role')`); live != "status" {
		t.Fatalf("the indicator's role is %q, want status (a polite live region)", live)
	}
	bob.checkTopBar("connected")
	bob.bothSizes("conn-connected-bob")

	// Ann pauses the table, so nothing but what the test does is pushed
	ann.mustTap(`button[hx-vals*='"pause"']`)
	bob.waitJS("the pause", `!!document.querySelector('#seat-bar .paused')`)

	// Bob's page loses the next push (the test drops it before htmx sees
	// it) and records the frames it sends
	eval[bool](bob, `(() => {
	  window.__sent = [];
	  const send = WebSocket.prototype.send;
	  WebSocket.prototype.send = function (m) { window.__sent.push(String(m)); return send.call(this, m); };
	  window.__dropped = [];
	  document.addEventListener('htmx:wsBeforeMessage', function drop(e) {
	    if (e.detail.message.includes('data-full')) return;
	    e.preventDefault();
	    window.__dropped.push(e.detail.message);
	    document.removeEventListener('htmx:wsBeforeMessage', drop);
	  });
	  return true;
	})()`)
	lastN := eval[string](bob, `document.getElementById('seq').dataset.n`)
	ann.chat("first line")
	bob.waitJS("the dropped push", `window.__dropped.length === 1`)
	if dropped := eval[string](bob, `window.__dropped[0]`); !strings.Contains(dropped, "first line") {
		t.Fatalf("the dropped push is not the chat line: %.300s", dropped)
	}
	if eval[bool](bob, `document.getElementById('chat').textContent.includes('first line')`) {
		t.Fatal("the dropped line shows anyway")
	}
	ann.chat("second line")
	bob.waitJS("the whole table again", `window.__sent.includes('resync') && document.getElementById('seq').hasAttribute('data-full')`)
	n, _ := strconv.Atoi(lastN)
	if got := eval[string](bob, `document.getElementById('seq').dataset.n`); got != strconv.Itoa(n+3) {
		t.Fatalf("the resync's push is number %s; the last before the drop was %s (then the dropped one, the one that showed the gap)", got, lastN)
	}
	if chat := eval[string](bob, `document.getElementById('chat').textContent`); !strings.Contains(chat, "first line") || !strings.Contains(chat, "second line") {
		t.Fatalf("after the resync Bob's chat is:\n%s", chat)
	}
	if sent := eval[[]string](bob, `window.__sent`); len(sent) != 1 {
		t.Fatalf("Bob's page sent %v, want one resync", sent)
	}

	// Bob's connection is cut, and the server can't be reached for a while
	proxy.cut()
	// (htmx-ext-ws waits a random time before each attempt, "full
	// jitter": 0 to 1 s before the second, which may come before the
	// test looks, so the test reads the number it finds and waits for
	// the next)
	attemptJS := `(/^reconnecting\|Reconnecting \(attempt (\d+)\)$/.exec(` + connJS + `) || [0, 0])[1] * 1`
	bob.waitJS("Reconnecting", attemptJS+` >= 1`)
	first := eval[int](bob, attemptJS)
	if first < 1 {
		t.Fatalf("Bob's indicator reads %q", eval[string](bob, connJS))
	}
	bob.waitJS("a later attempt", attemptJS+` > `+strconv.Itoa(first))
	bob.checkTopBar("reconnecting")
	bob.bothSizes("conn-reconnecting-bob")
	// meanwhile Ann resumes the table and says something
	ann.mustTap(`button[hx-vals*='"resume"']`)
	ann.waitJS("the table running", `!document.querySelector('#seat-bar .paused')`)
	ann.chat("while you were away")
	proxy.restore()
	bob.waitJS("Connected again", connJS+` === 'connected|Connected'`)
	bob.waitJS("the table as it is now", `document.getElementById('chat').textContent.includes('while you were away') && !document.querySelector('#seat-bar .paused')`)
	bob.bothSizes("conn-back-bob")

	// the browser goes offline
	setOffline(bob, true)
	bob.waitJS("Offline", connJS+` === 'offline|Offline'`)
	bob.checkTopBar("offline")
	bob.bothSizes("conn-offline-bob")
	setOffline(bob, false)
	bob.waitJS("Connected once online", connJS+` === 'connected|Connected'`)
	ann.bothSizes("conn-ann")
}

// chat sends a chat line from the page and waits until the page shows it.
func (b *browser) chat(text string) {
	b.t.Helper()
	b.sendChat(text)
	b.waitJS("the chat line", `document.getElementById('chat').textContent.includes(`+jsString(text)+`)`)
}

// sendChat writes a chat line and sends it from the page (not a mouse
// click at the button's place, which a push moving the page can miss).
func (b *browser) sendChat(text string) {
	b.t.Helper()
	b.do(chromedp.SetValue(chromedp.CSS(`#chat-text`), text))
	b.mustTap(`form.chat button[type=submit]`)
}

// setOffline turns the browser's network off or on (navigator.onLine and
// its events follow).
func setOffline(b *browser, off bool) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	}))
}

// shiftDateJS moves the page's clock (Date.now and new Date()) five
// minutes ahead, before any script of the page runs.
const shiftDateJS = `(() => {
  const shift = 5 * 60 * 1000;
  const RealDate = Date;
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + shift).toString();
    return args.length === 0 ? new RealDate(RealDate.now() + shift) : new RealDate(...args);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => RealDate.now() + shift;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  window.Date = ShiftedDate;
})();`

// secondsJS reads the running clock of the seat the table waits for, in
// whole seconds, and its bar's share left (its transform's scale: the
// computed matrix's first entry).
const secondsJS = `(() => {
  const b = document.querySelector('#p-ring-turns [data-deadline]');
  const bar = document.querySelector('#p-ring-turns [data-bar-deadline]');
  if (!b || !b.textContent || !bar) return [-1, -1];
  const m = getComputedStyle(bar).transform.match(/^matrix\(([\d.e-]+),/);
  return [parseInt(b.textContent, 10), m ? Number(m[1]) : -1];
})()`

// TestClocksInServerTime: Bob's device clock is five minutes ahead; his
// page shows the same seconds left on a running clock as Ann's, whose
// clock is right (within 2 s), and its clock bar drains alike. Read by
// the device's clock alone, his would show 0 s.
func TestClocksInServerTime(t *testing.T) {
	srv := startServer(t, t.TempDir(), "")
	ann, bob := newBrowser(t, "Ann"), newBrowser(t, "Bob")
	bob.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: shiftDateJS})
		return err
	}))
	share := ann.createTable(srv, "3")
	bob.joinTable(share)
	ann.startWhenReady()
	for _, p := range []*browser{ann, bob} {
		p.waitJS("the table", `!!document.querySelector('#p-ring')`)
	}
	ahead := eval[float64](bob, `Date.now()`) - float64(time.Now().UnixMilli())
	aheadNew := eval[float64](bob, `new Date().getTime()`) - float64(time.Now().UnixMilli())
	if math.Abs(ahead-300000) > 2000 || math.Abs(aheadNew-300000) > 2000 {
		t.Fatalf("Bob's clock is %.0f ms (Date.now) and %.0f ms (new Date) ahead, want 300000", ahead, aheadNew)
	}

	// a person's turn: their clock runs, and no bot moves meanwhile
	for {
		who := eval[string](ann, turnJS)
		if who == "Ann" || who == "Bob" {
			break
		}
		ann.waitJS("a person's turn", `(`+turnJS+`) !== `+jsString(who))
	}
	for _, p := range []*browser{ann, bob} {
		p.waitJS("the clock running", `(`+secondsJS+`)[0] > 0`)
	}
	a, b := eval[[]float64](ann, secondsJS), eval[[]float64](bob, secondsJS)
	t.Logf("seconds left: Ann %v, Bob (five minutes ahead) %v", a, b)
	if math.Abs(a[0]-b[0]) > 2 {
		t.Fatalf("the clock shows %v s to Ann and %v s to Bob", a[0], b[0])
	}
	if a[1] <= 0 || a[1] > 1 || math.Abs(a[1]-b[1]) > 0.05 {
		t.Fatalf("the clock bar is at %v for Ann and %v for Bob", a[1], b[1])
	}
	if raw := eval[float64](bob, `Math.max(0, Math.ceil((Number(document.querySelector('#p-ring-turns [data-deadline]').dataset.deadline) - Date.now()) / 1000))`); raw != 0 {
		t.Fatalf("by the device's clock Bob's page would show %v s: the test shows nothing", raw)
	}
	ann.bothSizes("clock-ann")
	bob.bothSizes("clock-bob-five-minutes-ahead")
	// the clocks still agree after the sizes changed (a few seconds on)
	a, b = eval[[]float64](ann, secondsJS), eval[[]float64](bob, secondsJS)
	if a[0] > 0 && b[0] > 0 && math.Abs(a[0]-b[0]) > 2 {
		t.Fatalf("later the clock shows %v s to Ann and %v s to Bob", a[0], b[0])
	}
}
