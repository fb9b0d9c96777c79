package impetus

import (
	"math/rand/v2"
	"net/url"
	"strconv"

	"github.com/tablegames/tables/game"
)

// Match adapts the engine to game.Match for the platform.
type Match struct {
	game.Adapter[State, Action]
}

var _ game.Match = (*Match)(nil)

// EmptyMatch is a match to Restore a snapshot into.
func EmptyMatch() *Match { return &Match{game.Adapter[State, Action]{Step: Apply}} }

// NewMatch sets up a game for n spirits from a seed.
func NewMatch(r Rules, n int, seed uint64) (*Match, []game.Event, error) {
	s, ev, err := New(r, n, seed)
	if err != nil {
		return nil, nil, err
	}
	m := EmptyMatch()
	m.State = s
	return m, ev, nil
}

var (
	formKinds = map[string]Kind{"guide": GuideFaction, "idol": PlaceIdol, "play": PlayCard, "target": PickTarget, "change": PickChange, "swap": SwapCard,
		"noguide": NoGuide, "pass": Pass}
	idolNamed = map[string]IdolType{"battle": Battle, "affluence": Affluence, "spread": Spread}
	cardNamed = map[string]Card{"trade": Trade, "steal": Steal, "expand": Expand, "change": Change}
)

// Decode reads kind=guide&faction=F, kind=idol&idol=battle&cell=C,
// kind=play&index=I (with &cell=C for an Expand's target, or &change=J for
// a Change's modifier), kind=target&cell=C, kind=change&index=I,
// kind=swap&remove=trade&add=expand, kind=noguide and kind=pass.
func (m *Match) Decode(f url.Values) (game.Move, error) {
	k, ok := formKinds[f.Get("kind")]
	if !ok {
		return nil, game.Err(CodeInvalidAction, "error.impetus.unknown_action")
	}
	// num reads field name, from 0 to hi-1; refused, the error says what
	// the player chooses (key), not the field.
	num := func(name string, hi int, key string) (int, error) {
		n, err := strconv.Atoi(f.Get(name))
		if err != nil || n < 0 || n >= hi {
			return 0, game.Err(CodeInvalidAction, key)
		}
		return n, nil
	}
	a := Action{Kind: k}
	var err error
	switch k {
	case GuideFaction:
		a.Faction, err = num("faction", NumFactions, "error.impetus.choose_faction")
	case PlaceIdol:
		if a.Idol, ok = idolNamed[f.Get("idol")]; !ok {
			return nil, game.Err(CodeInvalidAction, "error.impetus.choose_idol")
		}
		a.Cell, err = num("cell", NumHexes, "error.impetus.choose_cell")
	case PlayCard:
		a.Index, err = num("index", 8, "error.impetus.pick_card_drawn")
		switch {
		case err != nil:
		case f.Has("cell") && f.Has("change"):
			err = game.Err(CodeInvalidAction, "error.impetus.unknown_action")
		case f.Has("cell"):
			a.Then = PickTarget
			a.Cell, err = num("cell", NumHexes, "error.impetus.choose_cell")
		case f.Has("change"):
			a.Then = PickChange
			a.Change, err = num("change", 8, "error.impetus.choose_one_change_cards")
		}
	case PickChange:
		a.Index, err = num("index", 8, "error.impetus.pick_card_drawn")
	case PickTarget:
		a.Cell, err = num("cell", NumHexes, "error.impetus.choose_cell")
	case SwapCard:
		r, ok1 := cardNamed[f.Get("remove")]
		ad, ok2 := cardNamed[f.Get("add")]
		if !ok1 || !ok2 {
			return nil, game.Err(CodeInvalidAction, "error.impetus.choose_card_type_remove")
		}
		a.Remove, a.Add = r, ad
	}
	if err != nil {
		return nil, err
	}
	return a, nil
}

// Encode writes an action as the form Decode reads.
func (m *Match) Encode(mv game.Move) url.Values {
	a, _ := mv.(Action)
	f := url.Values{"kind": {a.Kind.String()}}
	switch a.Kind {
	case GuideFaction:
		f.Set("faction", strconv.Itoa(a.Faction))
	case PlaceIdol:
		f.Set("idol", lower(a.Idol.String()))
		f.Set("cell", strconv.Itoa(a.Cell))
	case PlayCard:
		f.Set("index", strconv.Itoa(a.Index))
		switch a.Then {
		case PickTarget:
			f.Set("cell", strconv.Itoa(a.Cell))
		case PickChange:
			f.Set("change", strconv.Itoa(a.Change))
		}
	case PickChange:
		f.Set("index", strconv.Itoa(a.Index))
	case PickTarget:
		f.Set("cell", strconv.Itoa(a.Cell))
	case SwapCard:
		f.Set("remove", lower(a.Remove.String()))
		f.Set("add", lower(a.Add.String()))
	}
	return f
}

func lower(s string) string {
	b := []byte(s)
	if len(b) > 0 && b[0] >= 'A' && b[0] <= 'Z' {
		b[0] += 'a' - 'A'
	}
	return string(b)
}

func (m *Match) Version() int   { return m.State.Version }
func (m *Match) Waiting() []int { return m.State.Waiting() }

func (m *Match) Auto(seat int) (game.Move, bool) {
	v := m.State.View(seat)
	return Auto(&v)
}

func (m *Match) Bot(seat int, kind string, rng *rand.Rand) (game.Move, bool) {
	return game.RunBot(Bots, Bots["heuristic"], kind, m.State.View(seat), rng)
}

// Continue is never needed: a turn plays on by itself until spirits must
// choose.
func (m *Match) Continue(uint64) (game.Move, bool) { return nil, false }

func (m *Match) Over() bool { return m.State.Phase == Over }
