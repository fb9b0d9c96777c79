package clubs

import (
	"strconv"
	"strings"
)

// Leaders is how many lines the chart draws: the league's first places.
const Leaders = 5

// Chart is the league's leaders' points after each evening of the season,
// laid out for an SVG drawn on the server (views.ClubChart): coordinates
// in its viewBox, W by H, the plot between X0..X1 and Y1 (top)..Y0
// (bottom). A table beside it says the same in words.
type Chart struct {
	W, H           int
	X0, X1, Y0, Y1 int
	Max            int // the top of the scale, in points
	Evenings       int
	XTicks, YTicks []Tick
	Lines          []Line
}

// Tick is one label of an axis and where it goes.
type Tick struct {
	X, Y  int
	Label string
}

// Line is one leader's points: N their place among the leaders (1 the
// first: its colour and dashes), Values their points after each evening,
// Points the polyline's "x,y" pairs from the season's start (0 points).
type Line struct {
	N      int
	Name   string
	Values []int
	Points string
	Dots   []Tick // one per evening, at its value
}

// Draw lays the chart of a league out: its first Leaders lines.
func Draw(l League) Chart {
	c := Chart{W: 360, H: 200, X0: 36, X1: 348, Y0: 176, Y1: 12, Evenings: l.Evenings}
	leaders := l.Overall.Standing
	if len(leaders) > Leaders {
		leaders = leaders[:Leaders]
	}
	for _, s := range leaders {
		if v := l.Progress[s.Player]; len(v) > 0 {
			c.Max = max(c.Max, v[len(v)-1])
		}
	}
	c.Max = niceTop(c.Max)
	x := func(e int) int { return c.X0 + e*(c.X1-c.X0)/max(c.Evenings, 1) }
	y := func(v int) int { return c.Y0 - v*(c.Y0-c.Y1)/c.Max }
	for e := 0; e <= c.Evenings; e++ {
		if c.Evenings > 12 && e%((c.Evenings+11)/12) != 0 && e != c.Evenings {
			continue // a long season: at most a dozen labels or so
		}
		c.XTicks = append(c.XTicks, Tick{X: x(e), Y: c.Y0 + 16, Label: strconv.Itoa(e)})
	}
	for _, v := range []int{0, c.Max / 2, c.Max} {
		c.YTicks = append(c.YTicks, Tick{X: c.X0 - 6, Y: y(v), Label: strconv.Itoa(v)})
	}
	for i, s := range leaders {
		ln := Line{N: i + 1, Name: s.Name, Values: l.Progress[s.Player]}
		pts := []string{strconv.Itoa(x(0)) + "," + strconv.Itoa(y(0))}
		for e, v := range ln.Values {
			pts = append(pts, strconv.Itoa(x(e+1))+","+strconv.Itoa(y(v)))
			ln.Dots = append(ln.Dots, Tick{X: x(e + 1), Y: y(v), Label: strconv.Itoa(v)})
		}
		ln.Points = strings.Join(pts, " ")
		c.Lines = append(c.Lines, ln)
	}
	return c
}

// niceTop is the top of the chart's scale: at least v, a round number
// (1, 2 or 5 times a power of ten, or twice those, so half is round too).
func niceTop(v int) int {
	if v <= 0 {
		return 10
	}
	for p := 1; ; p *= 10 {
		for _, m := range []int{2, 4, 10} {
			if m*p >= v {
				return m * p
			}
		}
	}
}
