package views

import (
	"github.com/a-h/templ"
	"github.com/tablegames/tables/i18n"
)

// keyer folds a fragment's inputs into a Fragment.Key (FNV-1a, no
// allocation). Two equal models give equal keys; a key is never zero.
type keyer uint64

func newKeyer() keyer { return 14695981039346656037 }

func (k *keyer) byte(b byte) {
	*k ^= keyer(b)
	*k *= 1099511628211
}

func (k *keyer) str(s string) {
	for i := 0; i < len(s); i++ {
		k.byte(s[i])
	}
	k.byte(0xff) // ends the string: "ab","c" differs from "a","bc"
}

func (k *keyer) num(n int64) {
	for i := 0; i < 8; i++ {
		k.byte(byte(n >> (8 * i)))
	}
}

func (k *keyer) flag(b bool) {
	if b {
		k.byte(1)
	} else {
		k.byte(0)
	}
}

func (k *keyer) cards(cs []CardView) {
	k.num(int64(len(cs)))
	for _, c := range cs {
		k.str(c.ID)
		k.flag(c.Win)
	}
}

// msg folds a message: its key and its arguments, nested ones too.
func (k *keyer) msg(m i18n.Msg) {
	k.str(m.Key)
	k.num(int64(len(m.Args)))
	for _, a := range m.Args {
		k.arg(a)
	}
}

func (k *keyer) arg(a i18n.Arg) {
	k.str(a.Name)
	k.byte(byte(a.Kind))
	k.num(int64(a.N))
	k.str(a.S)
	k.num(int64(len(a.L)))
	for _, x := range a.L {
		k.arg(x)
	}
	k.flag(a.M != nil)
	if a.M != nil {
		k.msg(*a.M)
	}
}

func (k keyer) sum() uint64 {
	if k == 0 {
		return 1
	}
	return uint64(k)
}

func (s Seat) key(k *keyer) {
	k.num(int64(s.Index))
	k.str(s.Name)
	k.str(s.Bot)
	k.flag(s.Ready)
	k.flag(s.Connected)
	k.flag(s.Host)
	k.flag(s.You)
	k.flag(s.Empty)
	k.flag(s.Away)
	k.num(int64(s.Place.Pos))
	k.num(int64(s.Place.N))
	k.num(int64(s.Rating))
	k.str(s.Profile)
}

// TurnsFragment is the ring's turn marks and clocks (see ringTurns).
func TurnsFragment(ringID string, seats []Seat) Fragment {
	k := newKeyer()
	for _, s := range seats {
		if s.Turn {
			k.num(int64(s.Index))
			k.str(s.Name)
			k.num(s.Deadline)
			k.num(s.ClockMS)
			k.flag(s.Bank)
			k.num(int64(s.Place.Pos))
			k.num(int64(s.Place.N))
		}
	}
	return Fragment{ID: ringID + "-turns", Component: ringTurns(ringID+"-turns", seats), Key: k.sum()}
}

// listKey stands for a list that only grows within a series (a hand's
// actions): its series (not 0) and its length.
func listKey(series uint64, n int) uint64 { return series<<32 | uint64(uint32(n)) }

// appendSince brings a viewer's copy of such a list up to date: from the
// key it has, of the same series and no longer, only the items from its
// length on (add renders them). Another series is sent whole.
func appendSince(series uint64, n int, add func(from int) templ.Component) func(had uint64) templ.Component {
	return func(had uint64) templ.Component {
		if had>>32 != series || int(uint32(had)) > n {
			return nil
		}
		return add(int(uint32(had)))
	}
}

// Key stands for everything the seat bar and the seat controls show.
func (b SeatBar) Key() uint64 {
	k := newKeyer()
	k.str(b.URL)
	k.flag(b.Watching)
	k.flag(b.Seated)
	k.str(b.Asking)
	k.flag(b.Open)
	k.flag(b.Removed)
	k.str(b.When)
	k.flag(b.Host)
	k.flag(b.Paused)
	for _, list := range [][]SeatRequest{b.Requests, b.People} {
		k.num(int64(len(list)))
		for _, r := range list {
			k.num(int64(r.Index))
			k.str(r.Name)
		}
	}
	k.num(int64(len(b.Stakes)))
	for _, s := range b.Stakes {
		k.str(s)
	}
	k.str(b.StakesAt)
	k.str(b.Late)
	if rb := b.Remote; rb != nil {
		k.flag(rb.Started)
		k.num(int64(len(rb.Seats)))
		for _, s := range rb.Seats {
			k.num(int64(s.Index))
			k.str(s.Name)
			k.str(s.Kind)
			k.flag(s.Connected)
			k.flag(s.Invited)
		}
	}
	if o := b.Options; o != nil {
		k.num(int64(len(o.Antes)))
		for _, a := range o.Antes {
			k.num(int64(a))
		}
		k.num(int64(o.Ante))
		k.flag(o.BBAnte)
		k.flag(o.Straddle)
		k.flag(o.Twice)
		k.str(o.Next)
	}
	return k.sum()
}
