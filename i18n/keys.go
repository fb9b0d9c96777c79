package i18n

import (
	"hash/maphash"
	"slices"
	"strings"
)

// keyTable numbers a catalog's keys (every file's, sorted) and finds a
// key's number: an open-addressing hash table over the keys' text, which
// holds no pointer but its one string, so the garbage collector has
// nothing in it to follow at each collection (a map of ~1,700 strings
// was most of what the catalog still made it mark).
type keyTable struct {
	text  string  // every key, one after the other
	spans []span  // by number: where the key is in text
	slots []int32 // by hash: a key's number plus one; 0 for none
	seed  maphash.Seed
}

// newKeyTable numbers keys (in any order, repeats allowed).
func newKeyTable(keys []string) *keyTable {
	keys = slices.Compact(slices.Sorted(slices.Values(keys)))
	t := &keyTable{text: strings.Join(keys, ""), spans: make([]span, len(keys)), seed: maphash.MakeSeed()}
	size := 8
	for size < 2*len(keys) {
		size *= 2
	}
	t.slots = make([]int32, size)
	at := 0
	for i, k := range keys {
		t.spans[i] = span{uint32(at), uint32(at + len(k))}
		at += len(k)
		h := t.slot(k)
		for t.slots[h] != 0 {
			h = (h + 1) & uint64(size-1)
		}
		t.slots[h] = int32(i + 1)
	}
	return t
}

func (t *keyTable) slot(key string) uint64 {
	return maphash.String(t.seed, key) & uint64(len(t.slots)-1)
}

// find is key's number.
func (t *keyTable) find(key string) (int32, bool) {
	for h := t.slot(key); ; h = (h + 1) & uint64(len(t.slots)-1) {
		n := t.slots[h]
		if n == 0 {
			return 0, false
		}
		if s := t.spans[n-1]; t.text[s.from:s.to] == key {
			return n - 1, true
		}
	}
}

// len is how many keys there are; key is the key of a number.
func (t *keyTable) len() int         { return len(t.spans) }
func (t *keyTable) key(n int) string { s := t.spans[n]; return t.text[s.from:s.to] }
