package impetus

import "strconv"

// Hex is a map cell in axial coordinates (flat-top).
type Hex struct{ Q, R int }

// Radius of the map: a hexagon of side 5 has |q|, |r|, |q+r| ≤ 4.
const Radius = 4

// NumHexes is the number of cells on the map: 3·4·5+1.
const NumHexes = 61

var directions = [6]Hex{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// Add returns h moved by d.
func (h Hex) Add(d Hex) Hex { return Hex{h.Q + d.Q, h.R + d.R} }

// S is the third cube coordinate.
func (h Hex) S() int { return -h.Q - h.R }

// Neighbors are the six cells around h (some may be off the map).
func (h Hex) Neighbors() [6]Hex {
	var out [6]Hex
	for i, d := range directions {
		out[i] = h.Add(d)
	}
	return out
}

// Distance is the number of steps between two cells.
func Distance(a, b Hex) int {
	dq, dr := a.Q-b.Q, a.R-b.R
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

// Ring lists the cells at distance k from c, going around.
func Ring(c Hex, k int) []Hex {
	if k == 0 {
		return []Hex{c}
	}
	var out []Hex
	h := Hex{c.Q + directions[4].Q*k, c.R + directions[4].R*k}
	for i := 0; i < 6; i++ {
		for j := 0; j < k; j++ {
			out = append(out, h)
			h = h.Add(directions[i])
		}
	}
	return out
}

// OnMap reports whether h is one of the map's cells.
func OnMap(h Hex) bool { return abs(h.Q) <= Radius && abs(h.R) <= Radius && abs(h.Q+h.R) <= Radius }

// Cells lists the map from the centre outwards, ring by ring; a cell's
// index in it is its number (Index).
var Cells = func() []Hex {
	var out []Hex
	for k := 0; k <= Radius; k++ {
		out = append(out, Ring(Hex{}, k)...)
	}
	return out
}()

var cellIndex = func() map[Hex]int {
	m := make(map[Hex]int, len(Cells))
	for i, h := range Cells {
		m[h] = i
	}
	return m
}()

// Index is a cell's number, or -1 off the map.
func Index(h Hex) int {
	if i, ok := cellIndex[h]; ok {
		return i
	}
	return -1
}

// adjacent lists each cell's neighbours on the map, by index.
var adjacent = func() [NumHexes][]int {
	var out [NumHexes][]int
	for i, h := range Cells {
		for _, n := range h.Neighbors() {
			if j := Index(n); j >= 0 {
				out[i] = append(out[i], j)
			}
		}
	}
	return out
}()

// dist is the distance between two cells, by index.
var dist = func() (d [NumHexes][NumHexes]int8) {
	for i, a := range Cells {
		for j, b := range Cells {
			d[i][j] = int8(Distance(a, b))
		}
	}
	return
}()

func (h Hex) String() string { return "(" + strconv.Itoa(h.Q) + "," + strconv.Itoa(h.R) + ")" }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
