package impetus

import "testing"

func TestHexMath(t *testing.T) {
	if len(Cells) != NumHexes {
		t.Fatalf("%d cells", len(Cells))
	}
	seen := map[Hex]bool{}
	for i, h := range Cells {
		if !OnMap(h) || seen[h] || Index(h) != i {
			t.Fatalf("cell %d %v", i, h)
		}
		seen[h] = true
	}
	if Index(Hex{5, 0}) != -1 || OnMap(Hex{3, 2}) || !OnMap(Hex{4, -4}) {
		t.Fatal("map bounds")
	}
	for k := 1; k <= 4; k++ {
		r := Ring(Hex{}, k)
		if len(r) != 6*k {
			t.Fatalf("ring %d has %d cells", k, len(r))
		}
		for _, h := range r {
			if Distance(h, Hex{}) != k {
				t.Fatalf("%v is not at distance %d", h, k)
			}
		}
	}
	for _, n := range (Hex{}).Neighbors() {
		if Distance(n, Hex{}) != 1 {
			t.Fatal("a neighbour is not at distance 1")
		}
	}
	if Distance(Hex{-4, 0}, Hex{4, -4}) != 8 || Distance(Hex{1, 2}, Hex{-2, 2}) != 3 || Distance(Hex{1, 2}, Hex{-2, 1}) != 4 {
		t.Fatal("distance")
	}
	// corners have 3 neighbours on the map, the centre 6
	if len(adjacent[Index(Hex{4, -4})]) != 3 || len(adjacent[0]) != 6 {
		t.Fatal("adjacency")
	}
}
