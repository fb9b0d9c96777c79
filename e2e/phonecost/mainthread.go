package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/chromedp"
)

// phoneUA is the user agent Lighthouse's mobile preset sends (a Moto G
// Power with Chrome on Android).
const phoneUA = "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36"

// yourTurnJS tells whether the table waits for this page's player.
const yourTurnJS = `(document.getElementById('turn-mark') || {dataset: {}}).dataset.yourTurn === 'true'`

// playJS makes the host's move, as a person would, on its turn: Hold'em
// checks or calls (or rebuys), President plays its lowest playable group,
// passes, or gives, discards and returns its first cards. Lowest Unique
// and Impetus are not played: the host's clock runs out.
var playJS = map[string]string{
	"holdem": `(() => {
  const c = document.querySelector('#h-controls');
  if (!c) return false;
  const b = k => c.querySelector("button[hx-vals*='\"" + k + "\"']");
  const x = b('rebuy') || b('check') || b('call') || b('allin');
  if (!x) return false;
  x.click();
  return true;
})()`,
	"president": `(() => {
  const c = document.querySelector('#p-controls');
  if (!c) return false;
  const click = sel => { const el = document.querySelector(sel); if (!el) return false; el.click(); return true; };
  const need = (() => { const m = c.innerText.match(/(\d+) cards?/); return m ? Number(m[1]) : 1; })();
  const labels = [...document.querySelectorAll('#p-hand label.card')];
  if (c.querySelector('input[value=gift]')) {
    for (let i = 0; i < need; i++) labels[i].click();
    return click('[data-give-to]');
  }
  for (const k of ['discard', 'return']) {
    if (c.querySelector('button[value=' + k + ']')) {
      for (let i = 0; i < need; i++) labels[i].click();
      return click('#p-controls button[value=' + k + ']');
    }
  }
  const ranks = document.querySelector('#p-playable').classList;
  const playable = labels.filter(l => [...l.classList].some(c => ranks.contains(c)));
  if (playable.length && c.querySelector('button[value=play]') && !c.querySelector('button[value=pass]')) {
    playable[0].click();
    return click('#p-controls button[value=play]');
  }
  return click('#p-controls button[value=pass]');
})()`,
}

// tableJS is how each game's page shows that the table has started.
var tableJS = map[string]string{
	"holdem":    `!!document.querySelector('#h-ring')`,
	"president": `!!document.querySelector('#p-ring')`,
	"lowunique": `!!document.querySelector('#stage') && !document.querySelector('#lobby')`,
	"impetus":   `!!document.querySelector('#im-map')`,
}

// sample is one measured window. nodes is Chrome's count of DOM nodes
// alive in the page (the "Nodes" metric: detached nodes not yet
// collected count too); inDoc and elements are those in the document.
type sample struct {
	wall, task, style, layout, script, devtools time.Duration
	nodes, inDoc, elements                      int
	frames, frameBytes, moves                   int
	// recalcs and layouts are how many times the page restyled and laid
	// out: counts, which a busy machine doesn't inflate as it does times
	recalcs, layouts int
}

func (s sample) perSecond(n int) float64 { return float64(n) / s.wall.Seconds() }

func (s sample) busy() float64 { return 100 * s.task.Seconds() / s.wall.Seconds() }
func (s sample) share(d time.Duration) float64 {
	return 100 * d.Seconds() / s.wall.Seconds()
}

// mainThread measures each game -runs times and prints every run and the
// median and range.
func mainThread(o options) error {
	srv, err := startServer(o)
	if err != nil {
		return err
	}
	defer srv.stop()
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(o.chrome), chromedp.NoSandbox,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true))...)
	defer cancel()
	browser, cancel := chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(browser, chromedp.Navigate("about:blank")); err != nil {
		return fmt.Errorf("start the browser: %w", err)
	}
	fmt.Printf("%d s of play per run, CPU slowed %g×, the host plays after %v; server %s\n", int(o.duration.Seconds()), o.rate, o.think, srv.url)
	for _, game := range o.games {
		var runs []sample
		for i := range o.runs {
			s, err := measure(browser, srv, o, game)
			if err != nil {
				return fmt.Errorf("%s, run %d: %w", game, i+1, err)
			}
			fmt.Printf("%-9s run %d: busy %5.1f %% (style %4.1f %%, layout %4.1f %%, script %4.1f %%, devtools %3.1f %%); %.1f style recalcs/s, %.1f layouts/s; %d DOM nodes alive, %d in the document (%d elements); %d frames, %d B; host moves %d\n",
				game, i+1, s.busy(), s.share(s.style), s.share(s.layout), s.share(s.script), s.share(s.devtools),
				s.perSecond(s.recalcs), s.perSecond(s.layouts), s.nodes, s.inDoc, s.elements, s.frames, s.frameBytes, s.moves)
			runs = append(runs, s)
		}
		col := func(f func(sample) float64) []float64 {
			var xs []float64
			for _, s := range runs {
				xs = append(xs, f(s))
			}
			return xs
		}
		fmt.Printf("%-9s median (range) of %d: busy %s, style %s, layout %s, script %s; style recalcs/s %s, layouts/s %s; nodes alive %s, in the document %s; frames %s\n", game, len(runs),
			spread(col(sample.busy), "%.1f %%"),
			spread(col(func(s sample) float64 { return s.share(s.style) }), "%.1f %%"),
			spread(col(func(s sample) float64 { return s.share(s.layout) }), "%.1f %%"),
			spread(col(func(s sample) float64 { return s.share(s.script) }), "%.1f %%"),
			spread(col(func(s sample) float64 { return s.perSecond(s.recalcs) }), "%.1f"),
			spread(col(func(s sample) float64 { return s.perSecond(s.layouts) }), "%.1f"),
			spread(col(func(s sample) float64 { return float64(s.nodes) }), "%.0f"),
			spread(col(func(s sample) float64 { return float64(s.inDoc) }), "%.0f"),
			spread(col(func(s sample) float64 { return float64(s.frames) }), "%.0f"))
	}
	return nil
}

// measure opens a table of game as a phone and measures one window of
// play.
func measure(browser context.Context, srv *server, o options, game string) (sample, error) {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancel()
	setup, cancelSetup := context.WithTimeout(ctx, 60*time.Second)
	defer cancelSetup()
	form := `#new-` + game + ` form `
	err := chromedp.Do(setup,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch),
		func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, t, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: phoneUA})
			return chromedp.Void{}, err
		},
		chromedp.Navigate(srv.url+"/#new-"+game),
		chromedp.SendKeys(chromedp.CSS(form+`input[name=name]`), "Host"),
		chromedp.Click(chromedp.CSS(form+`button[formaction="/play"]`)),
	)
	if err != nil {
		return sample{}, fmt.Errorf("open a table: %w", err)
	}
	// the form's post navigates: poll again in the new page
	for {
		_, err := chromedp.Run(setup, chromedp.Poll[bool](tableJS[game]+` && document.getElementById('conn').dataset.conn === 'connected'`))
		if err == nil {
			break
		}
		if setup.Err() != nil || !strings.Contains(err.Error(), "navigated") && !strings.Contains(err.Error(), "context") {
			return sample{}, fmt.Errorf("wait for the table: %w", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(o.warmup)

	// the websocket frames the page receives, counted by the browser
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		return sample{}, err
	}
	frames := chromedp.Events(ctx, network.WebSocketFrameReceived)
	var nFrames, nBytes int
	counted := make(chan struct{})
	window, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		defer close(counted)
		for ev, err := range frames {
			if err != nil || window.Err() != nil {
				return
			}
			nFrames++
			nBytes += len(ev.Response.PayloadData)
		}
	}()

	if _, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{}); err != nil {
		return sample{}, err
	}
	if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: o.rate}); err != nil {
		return sample{}, err
	}
	before, err := metrics(ctx)
	if err != nil {
		return sample{}, err
	}
	var tr *tracer
	if o.trace {
		if tr, err = startTrace(ctx); err != nil {
			return sample{}, err
		}
		if o.profile {
			if err := startProfile(ctx); err != nil {
				return sample{}, err
			}
		}
	}
	if o.reload {
		// the window opens with the page loading again: what a load costs
		if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
			return sample{}, fmt.Errorf("reload: %w", err)
		}
	}
	end := time.Now().Add(o.duration)
	var turnSince time.Time
	moves := 0
	for time.Now().Before(end) {
		time.Sleep(time.Second)
		mine, err := chromedp.Run(ctx, chromedp.Evaluate[bool](yourTurnJS))
		if err != nil {
			return sample{}, err
		}
		switch {
		case !mine:
			turnSince = time.Time{}
		case turnSince.IsZero():
			turnSince = time.Now()
		case o.think >= 0 && time.Since(turnSince) >= o.think && playJS[game] != "":
			played, err := chromedp.Run(ctx, chromedp.Evaluate[bool](playJS[game]))
			if err != nil {
				return sample{}, err
			}
			if played {
				moves++
			}
			turnSince = time.Time{}
		}
	}
	after, err := metrics(ctx)
	if err != nil {
		return sample{}, err
	}
	if tr != nil {
		if err := tr.stop(ctx); err != nil {
			return sample{}, err
		}
		if o.profile {
			if err := stopProfile(ctx); err != nil {
				return sample{}, err
			}
		}
	}
	stop()
	chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 1})
	inDoc, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => { const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL); let n = 0; while (w.nextNode()) n++; return [n, document.getElementsByTagName('*').length]; })()`))
	if err != nil {
		return sample{}, err
	}
	cancel()
	<-counted
	d := func(name string) time.Duration {
		return time.Duration((after[name] - before[name]) * float64(time.Second))
	}
	return sample{
		wall: d("Timestamp"), task: d("TaskDuration"), style: d("RecalcStyleDuration"), layout: d("LayoutDuration"),
		script: d("ScriptDuration"), devtools: d("DevToolsCommandDuration"),
		recalcs: int(after["RecalcStyleCount"] - before["RecalcStyleCount"]), layouts: int(after["LayoutCount"] - before["LayoutCount"]),
		nodes: int(after["Nodes"]), inDoc: inDoc[0], elements: inDoc[1], frames: nFrames, frameBytes: nBytes, moves: moves,
	}, nil
}

// metrics reads the page's Performance.getMetrics by name.
func metrics(ctx context.Context) (map[string]float64, error) {
	res, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		return nil, err
	}
	m := map[string]float64{}
	for _, x := range res.Metrics {
		m[x.Name] = x.Value
	}
	if _, ok := m["TaskDuration"]; !ok {
		return nil, fmt.Errorf("no TaskDuration among %s", strings.Join(keys(m), ", "))
	}
	return m, nil
}

func keys(m map[string]float64) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
