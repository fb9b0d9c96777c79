package e2e

import (
	"context"
	_ "embed"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// axe-core 4.14.1 (MPL-2.0, testdata/axe-LICENSE.txt), vendored from the
// npm registry: the accessibility rules the pages are checked against.
//
//go:embed testdata/axe-4.14.1.min.js
var axeSource string

// axeViolation is one failed rule, as the check reports it.
type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// axeCheck runs axe-core on the page as it is now and fails the test on
// any serious or critical violation.
// settledJS: no entry animation (a fade, a card flying in) runs; endless
// ones (the turn glow) and the clock bars' transitions, renewed every
// tick, don't count.
const settledJS = `document.getAnimations().every(a => !(a instanceof CSSAnimation) || a.playState !== 'running' || a.effect.getComputedTiming().endTime === Infinity)`

func (b *browser) axeCheck(what string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.axe ? true : (function(){ `+axeSource+` ; return true })()`)); err != nil {
		b.t.Fatalf("%s: load axe-core: %v", what, err)
	}
	// colours are judged as they settle
	b.waitJS("the page to settle", settledJS)
	vs, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](`axe.run(document, {resultTypes: ['violations']}).then(r =>
		r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({
			id: v.id, impact: v.impact, help: v.help,
			nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' — ' + n.failureSummary)})))`, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("%s: run axe-core: %v", what, err)
	}
	if len(vs) > 0 {
		var sb strings.Builder
		for _, v := range vs {
			sb.WriteString("\n" + v.Impact + " " + v.ID + ": " + v.Help)
			for _, n := range v.Nodes {
				sb.WriteString("\n    " + n)
			}
		}
		b.t.Fatalf("%s: %d serious or critical accessibility violations:%s", what, len(vs), sb.String())
	}
	b.t.Logf("%s: no serious or critical accessibility violation", what)
}
