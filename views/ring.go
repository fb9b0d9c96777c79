package views

import (
	"fmt"
	"math"
	"strings"
)

// Seats sit around the felt on an ellipse, the viewer's own seat at the
// bottom centre and the others clockwise in seat order. The server picks a
// class per seat; static/ring.css places each class (the CSP forbids inline
// styles). RingCSS writes that stylesheet, and a test keeps the file equal
// to it.

// MaxRing is the largest table the ring stylesheet places.
const MaxRing = 9

// RingPlace is where a seat sits for one viewer.
type RingPlace struct {
	Pos int // 0 for the viewer's seat (bottom centre), then clockwise
	N   int // seats at the table
}

// Place puts seat i of n for a viewer in seat you (a watcher, you < 0,
// sees seat 0 at the bottom).
func Place(i, n, you int) RingPlace {
	if you < 0 || you >= n {
		you = 0
	}
	return RingPlace{Pos: ((i-you)%n + n) % n, N: n}
}

// angle is the seat's angle in screen coordinates (y down): 90° is the
// bottom, and growing angles go clockwise.
//
// The viewer's seat is the widest (its own cards show), so the others keep
// off it: they share the rest of the ellipse evenly, leaving the viewer a
// gap of 2.2 seats' worth at the bottom.
func (p RingPlace) angle() float64 {
	if p.Pos == 0 || p.N <= 1 {
		return math.Pi / 2
	}
	if p.N == 2 {
		return 3 * math.Pi / 2 // straight across
	}
	gap := 2.2 * 2 * math.Pi / float64(p.N)
	step := (2*math.Pi - gap) / float64(p.N-2)
	return math.Pi/2 + gap/2 + step*float64(p.Pos-1)
}

// Class places the seat: "at-2-of-6".
func (p RingPlace) Class() string {
	if p.N > 0 && p.N <= len(placeClasses) && p.Pos >= 0 && p.Pos < p.N {
		return placeClasses[p.N-1][p.Pos] // made once: a push names many places
	}
	return "at-" + itoa(p.Pos) + "-of-" + itoa(p.N)
}

// placeClasses are the place classes of tables of up to twelve seats,
// by size less one and position (never changed after they are made).
var placeClasses = func() (out [12][]string) {
	for n := 1; n <= len(out); n++ {
		for pos := range n {
			out[n-1] = append(out[n-1], "at-"+itoa(pos)+"-of-"+itoa(n))
		}
	}
	return out
}()

// From is the side of the table the seat is on, as one of eight compass
// points (s is the viewer's side): things the seat plays travel from
// there to the centre, and its bets sit on the centre's side of it.
func (p RingPlace) From() string {
	a := p.angle()
	x, y := math.Cos(a), math.Sin(a)
	// eight sectors of 45°, south first, clockwise on the screen
	sector := int(math.Round(math.Atan2(y, x)/(math.Pi/4))+8) % 8
	return [...]string{"from-e", "from-se", "from-s", "from-sw", "from-w", "from-nw", "from-n", "from-ne"}[sector]
}

// ringX and ringY are the ellipse's radii in percent of the ring's box.
const ringX, ringY = 45.0, 41.0

// RingCSS is static/ring.css.
func RingCSS() string {
	var b strings.Builder
	b.WriteString("/* Seat places around the felt, written by views.RingCSS (go test ./views -update).\n   at-K-of-N: the seat K places clockwise from the viewer's own (K=0, bottom centre). */\n")
	for n := 1; n <= MaxRing; n++ {
		for k := 0; k < n; k++ {
			p := RingPlace{Pos: k, N: n}
			a := p.angle()
			x := 50 + ringX*math.Cos(a)
			y := 50 + ringY*math.Sin(a)
			fmt.Fprintf(&b, ".%s{left:%.1f%%;top:%.1f%%}\n", p.Class(), x, y)
		}
	}
	b.WriteString("/* The seats the table waits for: turn-of-N (in the turns fragment) lights seat-of-N\n   and anchors its clock under it; --clock-room moves what stands under the seat (a bet\n   chip) below the clock. */\n")
	for i := 0; i < MaxRing; i++ {
		fmt.Fprintf(&b, ".seat-of-%d{anchor-name:--seat-%d}.turn-of-%d{position-anchor:--seat-%d}.turned:has(> .ring-turns > .turn-of-%d) .seat-of-%d{border-color:#f2c94c;box-shadow:0 0 0 3px rgba(242,201,76,.55),0 .2rem .6rem rgba(0,0,0,.4);--clock-room:1.1rem}\n", i, i, i, i, i, i)
	}
	return b.String()
}

// ringSeats lists a game's seats as the ring needs them: each one's common
// part, marked when the table waits for it.
func ringSeats[S any](all []S, seat func(S) (Seat, bool)) []Seat {
	out := make([]Seat, len(all))
	for i, s := range all {
		out[i], out[i].Turn = seat(s)
	}
	return out
}
