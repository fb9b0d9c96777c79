// Command phonecost measures what a live table costs a phone (issue 28).
//
// It builds and starts the server at the games' own pace (no pacing
// flags), opens a table in headless Chromium as a phone would (390×844,
// touch, a mobile user agent), plays it with the host's seat and bots
// in the others, and, with Chrome's CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate), reads Performance.getMetrics before
// and after a window of play: the share of wall time the page's main
// thread was busy (ΔTaskDuration / wall time), its style, layout and
// script shares, the DOM's size and the websocket frames received.
//
//	go run ./e2e/phonecost                      Hold'em (6 seats) and President, 3 runs each
//	go run ./e2e/phonecost -games holdem -runs 5 -duration 30s
//	go run ./e2e/phonecost -lighthouse          Lighthouse (mobile) on every page, 3 runs each
//
// The host plays as a person would: on its turn it waits -think (2 s)
// and then checks or calls (Hold'em) or makes the first legal play
// (President). The tool looks at the page twice a second for that, which
// costs the page a little script time (counted in the figure).
//
// The server runs on CPU -server-cpus (0) and this program with its
// browser (and Lighthouse's) on -browser-cpus (1), with taskset, so the
// two don't take each other's time on a 2-core machine.
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/tablegames/tables/e2e/internal/pin"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "phonecost:", err)
		os.Exit(1)
	}
}

type options struct {
	pages      string
	games      []string
	runs       int
	duration   time.Duration
	warmup     time.Duration
	reload     bool
	rate       float64
	think      time.Duration
	binary     string
	chrome     string
	serverCPU  string
	browserCPU string
	lighthouse bool
	lhVersion  string
	out        string
	keep       bool
	trace      bool
	profile    bool
}

func run() error {
	var o options
	var games string
	flag.StringVar(&games, "games", "holdem,president", "games to measure, comma-separated: holdem, president, lowunique, impetus")
	flag.IntVar(&o.runs, "runs", 3, "runs of each figure (the median and range are printed)")
	flag.DurationVar(&o.duration, "duration", 20*time.Second, "the window of play measured")
	flag.DurationVar(&o.warmup, "warmup", 3*time.Second, "time after the table appears before the window starts (the page's load is not counted)")
	flag.Float64Var(&o.rate, "rate", 4, "CPU slowdown (Emulation.setCPUThrottlingRate); 1 is none")
	flag.DurationVar(&o.think, "think", 2*time.Second, "how long the host thinks on its turn before it plays (negative: never plays, its clock runs)")
	flag.StringVar(&o.binary, "binary", "", "server binary (default: build it from this checkout)")
	flag.StringVar(&o.chrome, "chrome", "/usr/bin/chromium", "Chromium")
	flag.StringVar(&o.serverCPU, "server-cpus", "0", "pin the server to these CPUs (taskset -c); empty: no pinning")
	flag.StringVar(&o.browserCPU, "browser-cpus", "1", "pin this program and its browser to these CPUs; empty: no pinning")
	flag.BoolVar(&o.lighthouse, "lighthouse", false, "instead: run Lighthouse (npx lighthouse, mobile preset) on every page")
	flag.StringVar(&o.lhVersion, "lighthouse-version", "12.8.2", "the npm lighthouse version npx runs (13 needs Node 22)")
	flag.StringVar(&o.out, "out", "", "with -lighthouse: keep the JSON reports in this directory")
	flag.StringVar(&o.pages, "pages", "", "with -lighthouse: only the pages whose name matches this regular expression (e.g. \"home|table\")")
	flag.BoolVar(&o.trace, "trace", false, "also record a Chrome trace of each window and print where the main thread's time goes")
	flag.BoolVar(&o.reload, "reload", false, "open the window by loading the table page again: measure (and with -trace, break down) what a page load costs, not only play")
	flag.BoolVar(&o.profile, "profile", false, "with -trace: also sample the page's script and print its functions' own time (the sampling costs the page time too)")
	flag.BoolVar(&o.keep, "v", false, "print each sample as it is taken")
	flag.Parse()
	o.games = strings.Split(games, ",")
	for _, g := range o.games {
		if !slices.Contains([]string{"holdem", "president", "lowunique", "impetus"}, g) {
			return fmt.Errorf("unknown game %q", g)
		}
	}
	if done, err := pin.Self(o.browserCPU, "PHONECOST_PINNED"); done || err != nil {
		return err // this process ran again pinned to its CPUs, and is over
	}
	if o.binary == "" {
		dir, err := os.MkdirTemp("", "phonecost")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		o.binary = filepath.Join(dir, "tables")
		_, self, _, _ := runtime.Caller(0)
		build := exec.Command("go", "build", "-o", o.binary, ".")
		build.Dir = filepath.Dir(filepath.Dir(filepath.Dir(self)))
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}
	fmt.Printf("load %s; server on CPU %q, this program and its browser on CPU %q\n", loadavg(), o.serverCPU, o.browserCPU)
	if o.lighthouse {
		return lighthouse(o)
	}
	return mainThread(o)
}

// server is one running server process on a fresh data directory.
type server struct {
	cmd  *exec.Cmd
	url  string
	data string
}

// startServer starts the binary at the games' own pace on a free port.
func startServer(o options, args ...string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	data, err := os.MkdirTemp("", "phonecost-data")
	if err != nil {
		return nil, err
	}
	all := append([]string{"-addr", addr, "-data", data, "-log-level", "error", "-metrics-addr="}, args...)
	cmd := exec.Command(o.binary, all...)
	if o.serverCPU != "" {
		cmd = exec.Command("taskset", append([]string{"-c", o.serverCPU, o.binary}, all...)...)
	}
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, url: "http://" + addr, data: data}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if resp, err := http.Get(s.url + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s, nil
			}
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, errors.New("the server did not start")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (s *server) stop() {
	s.cmd.Process.Signal(os.Interrupt)
	s.cmd.Wait()
	os.RemoveAll(s.data)
}

// loadavg is the machine's 1-, 5- and 15-minute load.
func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// spread is the median and range of figures: "12.3 % (11.9–13.0)".
func spread(xs []float64, format string) string {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return "-"
	}
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return fmt.Sprintf(format+" ("+format+"–"+format+")", med, s[0], s[len(s)-1])
}
