// Command cluster runs a local cluster, for load runs and measurements
// only: n instances of the server binary on loopback in cluster mode (as
// Fly Machines of one app, sharing one PostgreSQL database: a throwaway
// server in a temporary folder, or -database URL), behind the fly-replay
// front of e2e/flyfront.
//
//	go run ./e2e/cluster -n 3 -addr 127.0.0.1:8090 [-server-cpus 0]
//	go run ./e2e/cluster -n 3 -measure-replay 2000
//
// It prints the front's URL and the instances' process ids (for the load
// tool: -target URL -target-pid PIDS), and on Ctrl-C the requests the
// front replayed. -measure-replay N instead times N requests for one
// table sent to its home and N sent to another instance (replayed there),
// prints both, and stops.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/tablegames/tables/db/pgtest"
	"github.com/tablegames/tables/e2e/flyfront"
)

func main() {
	n := flag.Int("n", 3, "instances")
	addr := flag.String("addr", "127.0.0.1:8090", "the front's address")
	cpus := flag.String("server-cpus", "", "pin every instance to these CPUs (taskset -c list)")
	measure := flag.Int("measure-replay", 0, "instead: time this many requests served at home and replayed, and stop")
	debug := flag.Int("debug-port", 0, "serve pprof on 127.0.0.1:PORT+i for instance i (m1 on PORT+1)")
	database := flag.String("database", "", "the instances' PostgreSQL database (empty: a throwaway server)")
	flag.Parse()
	if err := run(*n, *addr, *cpus, *database, *measure, *debug, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "cluster:", err)
		os.Exit(1)
	}
}

func run(n int, addr, cpus, database string, measure, debug int, extra []string) error {
	dir, err := os.MkdirTemp("", "tables-cluster")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "tables")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("build: %w", err)
	}
	if database == "" {
		pg, err := pgtest.Start()
		if err != nil {
			return err
		}
		defer pg.Stop()
		if database, err = pg.NewDatabase(context.Background()); err != nil {
			return err
		}
	}
	urls := map[string]string{}
	var pids []string
	var cmds []*exec.Cmd
	defer func() {
		for _, c := range cmds {
			c.Process.Signal(os.Interrupt)
			c.Wait()
		}
	}()
	for i := 1; i <= n; i++ {
		id := fmt.Sprintf("m%d", i)
		a, err := freeAddr()
		if err != nil {
			return err
		}
		args := []string{"-addr", a, "-data", filepath.Join(dir, id), "-log-level", "error", "-metrics-addr=",
			"-cluster", "-database", database, "-cluster-addr", "http://" + a,
			"-max-tables", "100000", "-max-sockets-per-ip", "1000000", "-no-rate-limits",
			"-next-deal-delay", "1s", "-bot-delay-min", "300ms", "-bot-delay-max", "700ms"}
		if debug > 0 {
			args = append(args, "-debug-addr", fmt.Sprintf("127.0.0.1:%d", debug+i))
		}
		args = append(args, extra...)
		name := bin
		if cpus != "" {
			args, name = append([]string{"-c", cpus, bin}, args...), "taskset"
		}
		cmd := exec.Command(name, args...)
		cmd.Env = append(os.Environ(), "FLY_MACHINE_ID="+id, "FLY_APP_NAME=tables-local")
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Start(); err != nil {
			return err
		}
		cmds = append(cmds, cmd)
		if err := waitUp("http://" + a); err != nil {
			return err
		}
		urls[id] = "http://" + a
		pids = append(pids, fmt.Sprint(cmd.Process.Pid))
	}
	front, err := flyfront.New(urls)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: front}
	go hs.Serve(ln)
	defer hs.Close()
	base := "http://" + ln.Addr().String()
	if measure > 0 {
		return measureReplay(base, measure)
	}
	fmt.Printf("cluster of %d on %s; instance pids %s\n", n, base, strings.Join(pids, ","))
	fmt.Printf("load it: go run ./e2e/load -target %s -target-pid %s ...\n", base, strings.Join(pids, ","))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	<-ctx.Done()
	fmt.Printf("requests replayed by the front: %d\n", front.Replays.Load())
	return nil
}

// measureReplay opens a table on m1 and times GETs of its fair.json (a
// small answer, so the hop shows) sent to m1 and to m2.
func measureReplay(base string, n int) error {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	get := func(u, instance string) (string, error) {
		req, _ := http.NewRequest("GET", u, nil)
		req.Header.Set("Fly-Force-Instance-Id", instance)
		resp, err := c.Do(req)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return "", fmt.Errorf("%s: %d", u, resp.StatusCode)
		}
		return string(b), err
	}
	home, err := get(base+"/", "m1")
	if err != nil {
		return err
	}
	token := regexp.MustCompile(`name="_csrf" value="([^"]+)"`).FindStringSubmatch(home)[1]
	form := url.Values{"kind": {"president"}, "seats": {"4"}, "bots": {"on"}, "name": {"Host"}, "_csrf": {token}}
	req, _ := http.NewRequest("POST", base+"/tables", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Fly-Force-Instance-Id", "m1")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := regexp.MustCompile(`/t/([A-Z0-9]{6,10})/ws`).FindSubmatch(page)
	if m == nil {
		return fmt.Errorf("create: %d", resp.StatusCode)
	}
	u := base + "/t/" + string(m[1]) + "/fair.json"
	times := map[string][]time.Duration{}
	for i := 0; i < 2*n; i++ {
		inst := []string{"m1", "m2"}[i%2] // alternate, so both see the same moment
		start := time.Now()
		if _, err := get(u, inst); err != nil {
			return err
		}
		times[inst] = append(times[inst], time.Since(start))
	}
	pct := func(d []time.Duration, p int) time.Duration {
		slices.Sort(d)
		return d[min(len(d)-1, len(d)*p/100)]
	}
	for _, inst := range []string{"m1", "m2"} {
		what := "at home (m1)        "
		if inst == "m2" {
			what = "replayed (m2 → m1)  "
		}
		d := times[inst]
		fmt.Printf("%s p50 %v  p90 %v  p99 %v  (%d requests)\n", what, pct(d, 50), pct(d, 90), pct(d, 99), len(d))
	}
	return nil
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func waitUp(base string) error {
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("%s did not come up", base)
}
