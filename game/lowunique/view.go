package lowunique

import "github.com/tablegames/tables/game"

// PlayerView is one seat as a viewer may see it. For other seats (the
// spec's privacy table): never the hand or which cards are benched, only
// how many; the pair from Reveal on; the chosen card once the round is
// resolved; flags for "has selected" and "has chosen" always. The owner
// sees everything of their own.
type PlayerView struct {
	Score      int
	BenchCount int
	Selected   bool
	Pair       [2]int // zero while hidden
	Chosen     bool
	Card       int // the chosen card; zero while hidden
	Ready      bool
	Returned   bool // took the bench back at the start of this round
	// the viewer's own seat only
	Hand  []int
	Bench []int
}

// View is what one seat (or game.Spectator) may see.
type View struct {
	Seat    int
	Rules   Rules
	N       int
	Game    int
	Round   int
	Phase   Phase
	Version int
	Players []PlayerView
	Results []RoundResult // this game's resolved rounds: public
	Finals  [][]int       // finished games' final scores
	Winners []int         // when the game is over
}

// View returns what seat may see.
func (s *State) View(seat int) View {
	v := View{Seat: seat, Rules: s.Rules, N: s.N, Game: s.Game, Round: s.Round, Phase: s.Phase, Version: s.Version,
		Results: append([]RoundResult(nil), s.Results...), Finals: append([][]int(nil), s.Finals...)}
	for i := 0; i < s.N; i++ {
		p := &s.Players[i]
		pv := PlayerView{Score: p.Score, BenchCount: p.Bench.Len(), Selected: p.Selected(), Chosen: p.Chosen != 0,
			Ready: p.Ready, Returned: s.Returned[i]}
		own := i == seat
		if own || s.Phase >= Reveal {
			pv.Pair = p.Pair
		}
		if own || s.Phase >= Resolved {
			pv.Card = p.Chosen
		}
		if own {
			pv.Hand, pv.Bench = p.Hand.Values(), p.Bench.Values()
		}
		v.Players = append(v.Players, pv)
	}
	if s.Phase == Over {
		v.Winners = s.Winners()
	}
	return v
}

// Me is the viewer's own seat view; ok is false for a spectator.
func (v *View) Me() (PlayerView, bool) {
	if v.Seat < 0 || v.Seat >= len(v.Players) {
		return PlayerView{}, false
	}
	return v.Players[v.Seat], true
}

// Options are the moves open to the viewer now.
type Options struct {
	Select  bool // pick a pair of the hand
	Ready   bool
	Choose  bool // pick a card of the pair
	Rematch bool
}

// Legal lists what the viewer may do now.
func (v *View) Legal() Options {
	me, ok := v.Me()
	if !ok {
		return Options{}
	}
	return Options{
		Select:  v.Phase == Select && !me.Selected,
		Ready:   v.Phase == Reveal && !me.Ready,
		Choose:  v.Phase == Choose && !me.Chosen,
		Rematch: v.Phase == Over,
	}
}

// Spectating reports whether the view is a spectator's.
func (v *View) Spectating() bool { return v.Seat == game.Spectator }
