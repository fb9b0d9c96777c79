package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceEvent is the part of a Chrome trace event read here.
type traceEvent struct {
	Name string          `json:"name"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`
	Dur  float64         `json:"dur"`
	TDur float64         `json:"tdur"` // the thread's own CPU time
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// tracer records a Chrome trace of a page's window of play, to tell where
// its main thread's time goes (-trace): which kinds of work, by their own
// time (a task's time less the work it holds).
type tracer struct {
	events []traceEvent
	done   chan struct{}
}

// startTrace starts recording ctx's page.
func startTrace(ctx context.Context) (*tracer, error) {
	t := &tracer{done: make(chan struct{})}
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			for _, raw := range ev.Value {
				var e traceEvent
				if json.Unmarshal(raw, &e) == nil {
					t.events = append(t.events, e)
				}
			}
		case *tracing.EventTracingComplete:
			close(t.done)
		}
	})
	if err != nil {
		return nil, err
	}
	_, err = chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink", "cc", "gpu"}},
	})
	return t, err
}

// stop ends the recording and prints the renderer main thread's own time
// per event name, the largest first.
func (t *tracer) stop(ctx context.Context) error {
	if _, err := chromedp.Call(ctx, tracing.End, cdp.Empty{}); err != nil {
		return err
	}
	<-t.done
	// the renderer's main thread: the thread named CrRendererMain with the
	// most work
	main := map[[2]int]bool{}
	for _, e := range t.events {
		if e.Ph == "M" && e.Name == "thread_name" && string(e.Args) != "" {
			var a struct {
				Name string `json:"name"`
			}
			if json.Unmarshal(e.Args, &a) == nil && a.Name == "CrRendererMain" {
				main[[2]int{e.Pid, e.Tid}] = true
			}
		}
	}
	var xs []traceEvent
	for _, e := range t.events {
		if e.Ph == "X" && main[[2]int{e.Pid, e.Tid}] {
			e.Name = detail(e)
			xs = append(xs, e)
		}
	}
	if f := os.Getenv("PHONECOST_TRACE_OUT"); f != "" {
		var all []traceEvent
		for _, e := range t.events {
			if main[[2]int{e.Pid, e.Tid}] {
				all = append(all, e)
			}
		}
		b, _ := json.Marshal(all)
		os.WriteFile(f, b, 0o644)
	}
	sort.Slice(xs, func(i, j int) bool {
		if xs[i].Ts != xs[j].Ts {
			return xs[i].Ts < xs[j].Ts
		}
		return xs[i].Dur > xs[j].Dur
	})
	// own time: each event's duration less its children's (nested by
	// time on one thread)
	self := map[string]float64{}
	count := map[string]int{}
	type open struct {
		end  float64
		name string
	}
	var stack []open
	var tasks, cpu float64
	// top-level tasks by what they did: the name of their longest
	// descendant below the task itself
	byTask := map[string]float64{}
	nTask := map[string]int{}
	var topDur, bestDur float64
	topKind := ""
	flush := func() {
		if topDur > 0 {
			byTask[topKind] += topDur
			nTask[topKind]++
		}
	}
	for _, e := range xs {
		for len(stack) > 0 && stack[len(stack)-1].end <= e.Ts {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			self[stack[len(stack)-1].name] -= e.Dur
			if len(stack) <= 2 && e.Dur > bestDur && e.Name != "ThreadControllerImpl::RunTask" {
				bestDur, topKind = e.Dur, e.Name
			}
		} else {
			flush()
			tasks += e.Dur
			cpu += e.TDur
			topDur, bestDur, topKind = e.Dur, 0, e.Name
		}
		self[e.Name] += e.Dur
		count[e.Name]++
		stack = append(stack, open{e.Ts + e.Dur, e.Name})
	}
	flush()
	kinds := make([]string, 0, len(byTask))
	for n := range byTask {
		kinds = append(kinds, n)
	}
	slices.SortFunc(kinds, func(a, b string) int { return int(byTask[b] - byTask[a]) })
	fmt.Println("    main thread, tasks by what they did (their longest part):")
	for _, n := range kinds[:min(len(kinds), 15)] {
		fmt.Printf("      %-50s %8.1f ms %6d×\n", n, byTask[n]/1000, nTask[n])
	}
	names := make([]string, 0, len(self))
	for n := range self {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return int(self[b] - self[a]) })
	fmt.Printf("    main thread, own time by kind (top-level total %.0f ms; its CPU time %.0f ms, which other programs on the machine don't inflate)\n", tasks/1000, cpu/1000)
	for _, n := range names[:min(len(names), 20)] {
		fmt.Printf("      %-34s %8.1f ms %6d×\n", n, self[n]/1000, count[n])
	}
	return nil
}

// detail names an event with what it was about, where the trace says:
// an event's type, a function's name and place, a resource's URL.
func detail(e traceEvent) string {
	var a struct {
		Data struct {
			Type         string `json:"type"`
			FunctionName string `json:"functionName"`
			URL          string `json:"url"`
			LineNumber   int    `json:"lineNumber"`
		} `json:"data"`
	}
	if len(e.Args) == 0 || json.Unmarshal(e.Args, &a) != nil {
		return e.Name
	}
	d := a.Data
	switch {
	case d.Type != "":
		return e.Name + " " + d.Type
	case d.FunctionName != "" || d.URL != "":
		u := d.URL
		if i := strings.LastIndexByte(u, '/'); i >= 0 {
			u = u[i+1:]
		}
		return fmt.Sprintf("%s %s %s:%d", e.Name, d.FunctionName, u, d.LineNumber)
	}
	return e.Name
}

// startProfile starts V8's sampling profiler on ctx's page (-trace): the
// script's own time per function, which the trace shows only per event.
func startProfile(ctx context.Context) error {
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
	return err
}

// stopProfile prints the functions with the most own time, with their
// callers' chains folded away.
func stopProfile(ctx context.Context) error {
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil || res.Profile == nil {
		return err
	}
	p := res.Profile
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
	}
	self := map[string]float64{}
	for i, id := range p.Samples {
		n := byID[id]
		if n == nil || i+1 >= len(p.TimeDeltas) {
			continue
		}
		f := n.CallFrame
		u := f.URL
		if j := strings.LastIndexByte(u, '/'); j >= 0 {
			u = u[j+1:]
		}
		name := f.FunctionName
		if name == "" {
			name = "(anonymous)"
		}
		self[fmt.Sprintf("%s %s:%d", name, u, f.LineNumber+1)] += float64(p.TimeDeltas[i+1])
	}
	names := make([]string, 0, len(self))
	for n := range self {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return int(self[b] - self[a]) })
	fmt.Println("    script, own time by function (sampled):")
	for _, n := range names[:min(len(names), 25)] {
		fmt.Printf("      %-60s %8.1f ms\n", n, self[n]/1000)
	}
	return nil
}
