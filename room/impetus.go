package room

import (
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/impetus"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

var impetusKind = &kind{
	name: "impetus",
	info: views.GameInfo{Kind: "impetus", Args: []i18n.Arg{i18n.N("WinVP", impetus.DefaultRules.WinVP), i18n.N("Turns", impetus.DefaultRules.MaxTurns),
		i18n.N("Cells", impetus.NumHexes), i18n.N("WarGold", impetus.DefaultRules.WarGold)},
		Options: views.ImpetusOptions()},
	defaultBot: "heuristic",
	pace:       [2]time.Duration{500 * time.Millisecond, 1000 * time.Millisecond},
	bots:       []string{"heuristic", "random"},
	options: func(f url.Values) (Options, error) {
		n, ok := formInt(f, "seats", 4, 2, impetus.MaxSpirits)
		if !ok {
			return Options{}, game.Err(game.CodeInvalidAction, "error.impetus.impetus_played_by_2")
		}
		return Options{Seats: n}, nil
	},
	minPlayers: func(Options) int { return 2 },
	describe: func(o Options) []i18n.Msg {
		return []i18n.Msg{i18n.M("impetus.option.spirits", i18n.Count(o.Seats)), i18n.M("impetus.option.goal", i18n.N("VP", impetus.DefaultRules.WinVP))}
	},
	newMatch: func(o Options, n int, seed uint64) (game.Match, []game.Event, error) {
		r := impetus.DefaultRules
		r.MustDoBoth = o.Revision >= 1 // tables from before replay the skips they took
		return impetus.NewMatch(r, n, seed)
	},
	emptyMatch: func() game.Match { return impetus.EmptyMatch() },
	fair:       &fairness{what: "game", over: func(m game.Match) bool { return m.Over() }},
	logWeight:  impetusLogWeight,
	outcome: func(m game.Match) (outcome, bool) {
		if !m.Over() {
			return outcome{}, false
		}
		st := &m.(*impetus.Match).State
		// the winners first (the first to the VP needed), then by VP
		keys := make([]int, st.N)
		for i := range keys {
			keys[i] = st.Spirits[i].VP
		}
		for _, w := range st.Winners {
			keys[w] = math.MaxInt32
		}
		o := placedOutcome("game", "game", placesBy(keys))
		o.Unit, o.ReplayMatch = "VP", true
		for i := range o.Seats {
			o.Seats[i].Score = st.Spirits[i].VP
		}
		return o, true
	},
	render: func(rv *roomView) (templ.Component, []views.Fragment) {
		m := impetusView(rv)
		return views.ImpetusGame(m), m.Fragments()
	},
}

// hexGeometry is each cell's centre and corners on the SVG map, flat-top,
// made once.
var hexGeometry = func() (g [impetus.NumHexes][3]string) {
	const size = 24.0
	for i, h := range impetus.Cells {
		x := size * 1.5 * float64(h.Q)
		y := size * math.Sqrt(3) * (float64(h.R) + float64(h.Q)/2)
		var pts []string
		for k := 0; k < 6; k++ {
			a := math.Pi / 3 * float64(k)
			pts = append(pts, num(x+size*math.Cos(a))+","+num(y+size*math.Sin(a)))
		}
		g[i] = [3]string{num(x), num(y), strings.Join(pts, " ")}
	}
	return g
}()

func num(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

// impetusView builds what one viewer sees from the engine's View.
func impetusView(rv *roomView) views.Impetus {
	mt := rv.t.Match.(*impetus.Match)
	v := mt.State.View(rv.seat)
	t, l := rv.t, rv.l()
	m := views.Impetus{ActURL: rv.actURL, Version: v.Version, You: v.Seat, Turn: v.Turn, MaxTurns: v.Rules.MaxTurns,
		WinVP: v.Rules.WinVP, Phase: v.Phase.String(), PhaseText: l.T(impetusPhaseKeys[v.Phase]), Need: v.Need,
		ReplayURL: "/t/" + rv.code + "/replay/" + itoa(max(rv.t.Games, 1))}
	waiting := map[int]bool{}
	for _, w := range v.Waiting {
		waiting[w] = true
	}
	// the map, the wars and the factions are the same for every viewer of
	// a language: the push's first viewer words them for the others
	pub := publicAt(rv, mt.State.Version, func() *impetusPublic { return impetusWords(rv, &v) })
	m.Wars, m.Factions, m.Cells = pub.wars, pub.factions, pub.cells
	// an Expand in the hand is played by tapping its target on the map
	expand := -1
	if c, ok := v.MyChoice(); ok && v.Need == "card" && len(v.Targets) > 0 {
		expand = slices.Index(c.Hand, impetus.Expand)
	}
	if v.Need == "idol" || v.Need == "target" || expand >= 0 {
		// the cells the viewer may choose are its own: a copy of the map
		targets := map[int]bool{}
		for _, c := range v.Targets {
			targets[c] = true
		}
		m.Cells = slices.Clone(pub.cells)
		for i := range m.Cells {
			c := &m.Cells[i]
			switch {
			case v.Need == "idol" && v.Idols[i].Type == impetus.NoIdol:
				c.Action = "idol"
				c.Label = l.F("impetus.view.cell.place_idol", i18n.S("Cell", c.Label))
			case targets[i]:
				// the open Expand's target, or an Expand of the hand played there
				c.Action = "target"
				if expand >= 0 {
					c.Action, c.Card = "play", expand
				}
				c.Label = l.F("impetus.view.cell.expand", i18n.S("Cell", c.Label))
			}
		}
	}
	for i, sp := range v.Spirits {
		s := views.IMSpirit{Seat: rv.seatView(i), VP: sp.VP, Influence: sp.Influence, Waiting: waiting[i]}
		if sp.Guiding >= 0 {
			s.Guiding = l.T(impetus.FactionKey(sp.Guiding))
		}
		m.Spirits = append(m.Spirits, s)
	}
	impetusChoice(&m, &v, l, t)
	m.Status = impetusStatus(&v, l, t)
	if rv.replay { // worded as a watcher reads it: "Waiting for Ann", nobody's move
		w := v
		w.Seat, w.Need = game.Spectator, ""
		m.Status = impetusStatus(&w, l, t)
	}
	if len(v.Winners) > 0 {
		if vp := i18n.N("VP", v.Spirits[v.Winners[0]].VP); len(v.Winners) == 1 {
			m.Winners = l.F("impetus.view.winner", t.nameArgAs("Name", v.Winners[0]), vp)
		} else {
			m.Winners = l.F("impetus.view.winners", seatList("Names", t, v.Winners), vp)
		}
		m.Result = impetusResult(&v, l)
		m.Standings = impetusFinal(rv, &v, m.Result)
	}
	m.Happened = happenedTo(rv, &v)
	if rv.replay {
		m.Need = ""
	}
	m.YourTurn = m.Need != ""
	return m
}

// impetusPublic is what every viewer sees alike of an Impetus table, in
// one language: the map's cells (without the viewer's own action on
// them), the wars and the factions' panel.
type impetusPublic struct {
	cells    []views.IMCell
	wars     []string
	factions []views.IMFaction
}

// impetusWords words the public part of the table in the viewer's
// language.
func impetusWords(rv *roomView, v *impetus.View) *impetusPublic {
	t, l := rv.t, rv.l()
	pub := &impetusPublic{}
	battle := map[int]bool{}
	for _, w := range v.Wars {
		a, b := i18n.K("A", impetus.FactionKey(w.A)), i18n.K("B", impetus.FactionKey(w.B))
		if w.Ripe {
			battle[w.Battle[0]], battle[w.Battle[1]] = true, true
			pub.wars = append(pub.wars, l.F("impetus.view.war.battle", a, b,
				i18n.Nest("Place", impetus.PlaceMsg(&v.Owner, w.Battle[0])), i18n.Nest("Other", impetus.PlaceMsg(&v.Owner, w.Battle[1]))))
		} else {
			pub.wars = append(pub.wars, l.F("impetus.view.war.erupted", a, b))
		}
	}
	// what the last turn did to each changed cell: a war took it, its
	// faction claimed it, or an idol came
	changed := map[int]string{}
	for i, c := range v.Changed {
		changed[c] = "changed"
		if i < len(v.ChangedFrom) {
			switch was, is := v.ChangedFrom[i], v.Owner[c]; {
			case was >= 0 && is >= 0 && was != is:
				changed[c] = "won"
			case was < 0 && is >= 0:
				changed[c] = "grown"
			case was == is:
				changed[c] = "idol"
			}
		}
	}
	pub.cells = make([]views.IMCell, 0, len(impetus.Cells))
	kept := keptAt(rv, func() *impetusCells { return &impetusCells{} })
	kept.name(&v.Owner)
	facts := make([]i18n.Arg, 0, 5)
	for i := range impetus.Cells {
		g := hexGeometry[i]
		c := views.IMCell{Index: i, X: g[0], Y: g[1], Points: g[2], Faction: "neutral", Battle: battle[i]}
		facts = append(facts[:0], kept.places[i])
		if f := v.Owner[i]; f >= 0 {
			c.Faction, c.Letter = "f"+itoa(f), l.T(factionLetterKeys[f])
			facts = append(facts, i18n.Nest("", i18n.M("impetus.view.cell.gold", i18n.K("Faction", impetus.FactionKey(f)), i18n.N("Gold", v.Factions[f].Gold))))
		}
		if idol := v.Idols[i]; idol.Type != impetus.NoIdol {
			c.Idol, c.IdolOwner = l.T(idolLetterKeys[idol.Type]), idol.Owner
			facts = append(facts, i18n.Nest("", i18n.M(idolOfKeys[idol.Type], t.nameArgAs("Spirit", idol.Owner))))
		}
		if c.Battle {
			facts = append(facts, i18n.K("", "impetus.view.cell.battleground"))
		}
		if how := changed[i]; how != "" {
			c.Changed, c.Motion = true, how
			facts = append(facts, i18n.K("", "impetus.view.cell."+how))
		}
		c.Label = kept.labels.text(l, i, i18n.M("impetus.view.cell", i18n.SeriesOf("Facts", facts...)))
		pub.cells = append(pub.cells, c)
	}
	for f := range v.Factions {
		fa := &v.Factions[f]
		fv := views.IMFaction{Index: f, Name: l.T(impetus.FactionKey(f)), Letter: l.T(factionLetterKeys[f]), Gold: fa.Gold,
			Size: v.Size(f), Eliminated: fa.Eliminated}
		fv.Pool = l.F("impetus.view.faction.pool", cardsArg("Pool", fa.Pool[:]), i18n.Nest("Mods", i18n.M("impetus.view.faction.mods", modArgs(fa)...)))
		var regard []i18n.Arg
		for o, r := range fa.Regard {
			if o != f && r != 0 {
				regard = append(regard, i18n.Nest("", i18n.M("impetus.view.faction.regard.of", i18n.K("Faction", factionLetterKeys[o]), i18n.S("Regard", signed(r)))))
			}
		}
		if len(regard) == 0 {
			fv.Regard = l.F("impetus.view.faction.regard", i18n.K("Regard", "impetus.view.faction.regard.neutral"))
		} else {
			fv.Regard = l.F("impetus.view.faction.regard", i18n.SeriesOf("Regard", regard...))
		}
		guide, worship := i18n.K("Guide", "impetus.view.faction.none"), i18n.K("Worship", "impetus.view.faction.none")
		if fa.Guide >= 0 {
			guide = t.nameArgAs("Guide", fa.Guide)
		}
		if fa.Worship >= 0 {
			worship = t.nameArgAs("Worship", fa.Worship)
		}
		fv.Guide = l.F("impetus.view.faction.guide", guide, worship)
		if len(fa.Plays) > 0 {
			fv.Plays = l.F("impetus.view.faction.plays", cardsArg("Plays", fa.Plays))
		}
		pub.factions = append(pub.factions, fv)
	}
	return pub
}

// impetusCells are the map's cells as last worded in a language, kept by
// the room between pushes: each cell's place, named for the owners then
// (at the start of its label), and its label, which a cell whose facts
// did not change keeps (most of the map, after a move).
type impetusCells struct {
	owner  [impetus.NumHexes]int
	places []i18n.Arg
	labels keptMsgs
}

// name names the cells' places for the map's owners, unless they are
// those of the places kept.
func (k *impetusCells) name(owner *[impetus.NumHexes]int) {
	if k.places != nil && k.owner == *owner {
		return
	}
	k.owner, k.places = *owner, make([]i18n.Arg, impetus.NumHexes)
	for i := range k.places {
		place := impetus.PlaceMsg(owner, i)
		place.Key = placeStartKeys[place.Key]
		k.places[i] = i18n.Nest("", place)
	}
}

// placeStartKeys are the keys of a place's name at the start of a cell's
// label ("Neutral land, north"), by its key inside a sentence.
var placeStartKeys = map[string]string{"impetus.place.centre": "impetus.place.centre.start", "impetus.place.land": "impetus.place.land.start",
	"impetus.place.land_by": "impetus.place.land_by.start", "impetus.place.neutral": "impetus.place.neutral.start",
	"impetus.place.neutral_by": "impetus.place.neutral_by.start"}

// factionLetterKeys are the factions' letters on the map (colour is never
// the only cue).
var factionLetterKeys = [impetus.NumFactions]string{"impetus.faction.letter.mountain", "impetus.faction.letter.mesa", "impetus.faction.letter.sand",
	"impetus.faction.letter.plains", "impetus.faction.letter.river", "impetus.faction.letter.jungle"}

// idolLetterKeys are the idols' letters on the map; idolOfKeys name an
// idol and its spirit in a cell's label.
var idolLetterKeys = [...]string{impetus.Battle: "impetus.idol.letter.battle", impetus.Affluence: "impetus.idol.letter.affluence", impetus.Spread: "impetus.idol.letter.spread"}

var idolOfKeys = [...]string{impetus.Battle: "impetus.view.cell.idol.battle", impetus.Affluence: "impetus.view.cell.idol.affluence", impetus.Spread: "impetus.view.cell.idol.spread"}

// impetusPhaseKeys name the phases in the status line.
var impetusPhaseKeys = [...]string{impetus.Vagrant: "impetus.view.phase.vagrant", impetus.Agenda: "impetus.view.phase.agenda",
	impetus.Eject: "impetus.view.phase.ejection", impetus.Spoils: "impetus.view.phase.spoils", impetus.Over: "impetus.view.phase.over"}

// impetusFinal ranks the spirits at the end of the game: the winners
// first, then by VP.
func impetusFinal(rv *roomView, v *impetus.View, note string) *views.Standings {
	l := rv.l()
	s := &views.Standings{Title: l.T("standings.final"), ScoreHead: l.T("impetus.view.head.vp"), Note: note}
	rows, keys := make([]views.Standing, len(v.Spirits)), make([]int, len(v.Spirits))
	for i, sp := range v.Spirits {
		rows[i] = standingOf(rv, i)
		rows[i].Score, keys[i] = itoa(sp.VP), sp.VP
	}
	for _, w := range v.Winners {
		keys[w] = math.MaxInt32
	}
	s.Rows = ranked(rows, keys, true)
	rv.ended(s)
	return s
}

// impetusResult tells the viewer how the game ended for them.
func impetusResult(v *impetus.View, l *i18n.Lang) string {
	if v.Seat < 0 {
		return ""
	}
	for _, w := range v.Winners {
		if w == v.Seat {
			if len(v.Winners) > 1 {
				return l.T("impetus.view.result.share")
			}
			return l.T("impetus.view.result.win")
		}
	}
	place := 1
	for i, sp := range v.Spirits {
		if i != v.Seat && sp.VP > v.Spirits[v.Seat].VP {
			place++
		}
	}
	return l.F("impetus.view.result.place", i18n.K("Place", impetusPlaceKeys[min(place, len(impetusPlaceKeys)-1)]), i18n.N("VP", v.Spirits[v.Seat].VP))
}

// impetusPlaceKeys are the places a spirit may finish in, in words.
var impetusPlaceKeys = [...]string{"", "impetus.view.place.1", "impetus.view.place.2", "impetus.view.place.3", "impetus.view.place.4",
	"impetus.view.place.5", "impetus.view.place.6"}

// happenedTo are the lines of the log since the last turn began that
// concern the viewer: its name, or the faction it guides.
func happenedTo(rv *roomView, v *impetus.View) []string {
	if v.Seat < 0 {
		return nil
	}
	me := rv.t.Name(v.Seat)
	faction := ""
	if g := v.Spirits[v.Seat].Guiding; g >= 0 {
		faction = impetus.FactionNames[g]
	}
	log := rv.t.Log
	start := 0
	turns := 0
	for i := len(log) - 1; i >= 0; i-- {
		if turnBegins(&log[i]) {
			if turns++; turns == 2 {
				start = i // the last turn's lines and this one's
				break
			}
		}
	}
	var out []string
	for _, l := range log[start:] {
		if l.Chat || !visible(l, v.Seat) {
			continue
		}
		if mentions(&l, me, faction) {
			out = append(out, l.text(rv.l()))
		}
	}
	if len(out) > 8 {
		out = out[len(out)-8:]
	}
	return out
}

// impetusChoice fills the viewer's own secret choices and the options of
// the one it is making.
func impetusChoice(m *views.Impetus, v *impetus.View, l *i18n.Lang, t *Table) {
	for i, c := range v.Mine {
		switch c.Kind {
		case impetus.ChooseAgenda, impetus.ChooseSpoils:
			if i == v.Open && c.Pick < 0 {
				// the cards drawn are the choice's own buttons below:
				// the bar says them once
				continue
			}
		}
		switch c.Kind {
		case impetus.ChooseVagrant:
			if c.Guide >= 0 {
				m.Mine = append(m.Mine, l.F("impetus.view.mine.guide", i18n.K("Faction", impetus.FactionKey(c.Guide))))
			} else if c.NeedGuide && c.Guide != -1 {
				m.Mine = append(m.Mine, l.T("impetus.view.mine.no_guide"))
			}
			if c.NeedIdol && c.IdolCell < -1 {
				m.Mine = append(m.Mine, l.T("impetus.view.mine.no_idol"))
			}
			if c.IdolCell >= 0 {
				m.Mine = append(m.Mine, l.F(mineIdolKeys[c.IdolType], i18n.Nest("Place", impetus.PlaceMsg(&v.Owner, c.IdolCell))))
			}
		case impetus.ChooseAgenda, impetus.ChooseSpoils:
			key := map[bool]string{true: "impetus.view.mine.agenda", false: "impetus.view.mine.spoils"}[c.Kind == impetus.ChooseAgenda]
			args := []i18n.Arg{i18n.K("Faction", impetus.FactionKey(c.Faction)), cardsArg("Hand", c.Hand)}
			if c.Pick >= 0 {
				key += ".play"
				card := i18n.K("Card", impetus.CardKey(c.Hand[c.Pick]))
				play := i18n.K("Play", impetus.CardKey(c.Hand[c.Pick]))
				switch {
				case c.Target >= 0:
					play = i18n.Nest("Play", i18n.M("impetus.view.mine.towards", card, i18n.Nest("Place", impetus.PlaceMsg(&v.Owner, c.Target))))
				case c.Change >= 0:
					play = i18n.Nest("Play", i18n.M("impetus.view.mine.raising", card, i18n.K("Change", impetus.CardKey(c.Changes[c.Change]))))
				}
				args = append(args, play)
			}
			m.Mine = append(m.Mine, l.F(key, args...))
		case impetus.ChooseEject:
			if c.Remove >= 0 {
				m.Mine = append(m.Mine, l.F("impetus.view.mine.swap", i18n.K("Faction", impetus.FactionKey(c.Faction)),
					i18n.K("Remove", impetus.CardKey(impetus.Card(c.Remove))), i18n.K("Add", impetus.CardKey(impetus.Card(c.Add)))))
			}
		}
	}
	c, ok := v.MyChoice()
	if !ok {
		return
	}
	if v.Need == "card" || v.Need == "change" || v.Need == "swap" || v.Need == "target" {
		// the faction the choice is for, beside it
		fa := &v.Factions[c.Faction]
		m.Faction = l.F("impetus.view.faction.now", i18n.K("Faction", impetus.FactionKey(c.Faction)), holdingsArg(v, c.Faction),
			i18n.Nest("Mods", i18n.M("impetus.view.modifiers", modArgs(fa)...)), poolArg(fa.Pool[:]))
	}
	switch v.Need {
	case "guide":
		for _, f := range v.Guidable {
			m.Options = append(m.Options, views.IMOption{Value: itoa(f), Label: l.F("impetus.view.option.guide", i18n.K("Faction", impetus.FactionKey(f))),
				Note:   l.F("impetus.view.faction.size", i18n.N("Gold", v.Factions[f].Gold), i18n.Count(v.Size(f))),
				Detail: l.F("impetus.view.modifiers", modArgs(&v.Factions[f])...), Faction: "f" + itoa(f), Letter: l.T(factionLetterKeys[f])})
		}
		// a vagrant does all it can: a skip shows only when the engine
		// takes it (never while both a guide and the idol are possible)
		m.CanNoGuide, m.CanPass = v.CanNoGuide, v.CanPass
	case "idol":
		m.CanPass = v.CanPass
	case "card":
		// each card with what it asks for, in one move: a Change's
		// modifier on its own buttons, an Expand's target on the map
		for _, o := range cardOptions(c.Hand, "impetus.view.option.play", l) {
			i, _ := strconv.Atoi(o.Value)
			switch card := c.Hand[i]; {
			case card == impetus.Expand && len(v.Targets) > 0:
				o.Hint, o.Note = true, ""
				o.Label = l.F("impetus.view.option.play_expand", i18n.K("Card", impetus.CardKey(card)))
				m.Options = append(m.Options, o)
			case card == impetus.Change:
				// a button for each modifier it may raise (each once)
				for j, ch := range c.Changes {
					if slices.Index(c.Changes, ch) == j {
						m.Options = append(m.Options, views.IMOption{Value: itoa(j), Vals: views.Vals("kind", "play", "index", o.Value, "change", itoa(j)),
							Label: l.F("impetus.view.option.play_change", i18n.K("Change", impetus.CardKey(card)), i18n.K("Card", impetus.CardKey(ch)))})
					}
				}
			default:
				o.Vals = views.Vals("kind", "play", "index", o.Value)
				m.Options = append(m.Options, o)
			}
		}
	case "change":
		m.Options = cardOptions(c.Changes, "impetus.view.option.raise", l)
		for i := range m.Options {
			m.Options[i].Vals = views.Vals("kind", "change", "index", m.Options[i].Value)
		}
	case "swap":
		seen := map[impetus.Card]bool{}
		for _, p := range v.Factions[c.Faction].Pool {
			if !seen[p] {
				seen[p] = true
				m.Pool = append(m.Pool, views.IMOption{Value: strings.ToLower(p.String()), Label: l.T(impetus.CardKey(p))})
			}
		}
		for t := impetus.Trade; t < impetus.NumCards; t++ {
			m.AllTypes = append(m.AllTypes, views.IMOption{Value: strings.ToLower(t.String()), Label: l.T(impetus.CardKey(t))})
		}
	}
}

// mineIdolKeys say where the viewer will place its idol, by its type.
var mineIdolKeys = [...]string{impetus.Battle: "impetus.view.mine.idol.battle", impetus.Affluence: "impetus.view.mine.idol.affluence",
	impetus.Spread: "impetus.view.mine.idol.spread"}

// impetusStatus says what the viewer is to do ("Your move: …") and then
// whom else the table waits for (issue 40: in a simultaneous turn the
// viewer's own choice comes first, as its own move).
func impetusStatus(v *impetus.View, l *i18n.Lang, t *Table) string {
	if v.Phase == impetus.Over {
		return l.F("impetus.view.status.over", i18n.N("Turn", v.Turn))
	}
	need := impetusNeedKeys[v.Need]
	var others []int
	for _, w := range v.Waiting {
		if w != v.Seat {
			others = append(others, w)
		}
	}
	switch {
	case len(others) == 0 && need == "":
		return ""
	case len(others) == 0:
		return l.F("impetus.view.status.need", i18n.K("Need", need))
	case need == "":
		return l.F("impetus.view.status.wait", seatList("Names", t, others))
	}
	return l.F("impetus.view.status.need_wait", i18n.K("Need", need), seatList("Names", t, others))
}

// impetusNeedKeys say what the viewer's open choice asks of it.
var impetusNeedKeys = map[string]string{"guide": "impetus.view.need.guide", "idol": "impetus.view.need.idol", "card": "impetus.view.need.card",
	"target": "impetus.view.need.target", "change": "impetus.view.need.change", "swap": "impetus.view.need.swap"}

func signed(n int) string {
	if n > 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}

// signedIn is signed with the digits grouped the language's way (chips:
// "+1 500" in French).
func signedIn(l *i18n.Lang, n int) string {
	if n > 0 {
		return "+" + l.Num(n)
	}
	return l.Num(n)
}

// cardOptions are the buttons of a hand of cards: one per distinct card
// (the same card drawn twice plays alike), saying how often it was drawn.
// key words a button ("Play Trade").
func cardOptions(hand []impetus.Card, key string, l *i18n.Lang) []views.IMOption {
	var out []views.IMOption
	var kinds []impetus.Card
	drawn := map[impetus.Card]int{}
	for i, h := range hand {
		if drawn[h]++; drawn[h] == 1 {
			kinds = append(kinds, h)
			out = append(out, views.IMOption{Value: itoa(i), Label: l.F(key, i18n.K("Card", impetus.CardKey(h)))})
		}
	}
	for i, h := range kinds {
		switch n := drawn[h]; {
		case n == 2:
			out[i].Note = l.T("impetus.view.option.twice")
		case n > 2:
			out[i].Note = l.F("impetus.view.option.drawn", i18n.Count(n))
		}
	}
	return out
}

// cardsArg lists cards by type's name, each as drawn: "Trade, Steal,
// Steal".
func cardsArg(name string, cs []impetus.Card) i18n.Arg {
	items := make([]i18n.Arg, len(cs))
	for i, c := range cs {
		items[i] = i18n.K("", impetus.CardKey(c))
	}
	return i18n.SeriesOf(name, items...)
}

// holdingsArg is a faction's gold and land: "3 gold · 2 cells".
func holdingsArg(v *impetus.View, f int) i18n.Arg {
	return i18n.Nest("Holdings", i18n.M("impetus.view.faction.size", i18n.N("Gold", v.Factions[f].Gold), i18n.Count(v.Size(f))))
}

// modArgs are a faction's modifiers, for impetus.view.modifiers and
// impetus.view.faction.mods.
func modArgs(fa *impetus.Faction) []i18n.Arg {
	return []i18n.Arg{i18n.N("Trade", fa.Mod[impetus.Trade]), i18n.N("Steal", fa.Mod[impetus.Steal]), i18n.N("Expand", fa.Mod[impetus.Expand])}
}

// poolArg lists an agenda pool, each type once: "Trade, Steal ×2,
// Expand".
func poolArg(pool []impetus.Card) i18n.Arg {
	var order []impetus.Card
	n := map[impetus.Card]int{}
	for _, c := range pool {
		if n[c]++; n[c] == 1 {
			order = append(order, c)
		}
	}
	out := make([]i18n.Arg, len(order))
	for i, c := range order {
		out[i] = i18n.K("", impetus.CardKey(c))
		if n[c] > 1 {
			out[i] = i18n.Nest("", i18n.M("impetus.view.pool.times", i18n.K("Card", impetus.CardKey(c)), i18n.Count(n[c])))
		}
	}
	return i18n.SeriesOf("Pool", out...)
}

// impetusMinor are the log's details of a turn: each faction's card as it
// resolves. The turn's summary lines (the reveal, the agenda, wars, worship
// and VP) stay when the log shows key events only.
var impetusMinor = []string{"rises to +", " trades for ", "try to rob each other", " steals ", " both reach for ",
	" expands into ", "for the land it could not take", " will be fought at "}

// impetusMinorKeys are impetusMinor's lines as catalog keys.
var impetusMinorKeys = map[string]bool{"log.impetus.rises": true, "log.impetus.trades": true, "log.impetus.rob_each_other": true,
	"log.impetus.steals": true, "log.impetus.both_reach": true, "log.impetus.expands": true, "log.impetus.expand_failed": true,
	"log.impetus.war_battles": true}

func impetusLogWeight(l *logLine) string {
	if l.Msg != nil {
		switch {
		case l.Msg.Key == "log.impetus.turn_begins":
			return "head"
		case impetusMinorKeys[l.Msg.Key]:
			return "minor"
		}
		return ""
	}
	text := l.Text // a line from before the catalogs
	if turnBegins(l) {
		return "head"
	}
	for _, m := range impetusMinor {
		if strings.Contains(text, m) {
			return "minor"
		}
	}
	return ""
}

// turnBegins reports the line that begins an Impetus turn.
func turnBegins(l *logLine) bool {
	if l.Msg != nil {
		return l.Msg.Key == "log.impetus.turn_begins"
	}
	return strings.HasPrefix(l.Text, "Turn ") && strings.HasSuffix(l.Text, " begins.")
}

// mentions reports a line about the seat whose name is me or the faction
// it guides (its English name).
func mentions(l *logLine, me, faction string) bool {
	if l.Msg == nil { // a line from before the catalogs
		return strings.Contains(l.Text, me) || (faction != "" && strings.Contains(l.Text, faction))
	}
	return argsMention(l.Msg.Args, me, factionKey(faction), faction != "")
}

// argsMention reports an argument, or one nested in a list or a message
// (a play of the agenda, a place's neighbours), that names the seat me or
// the faction whose key is key.
func argsMention(args []i18n.Arg, me, key string, guiding bool) bool {
	for _, a := range args {
		switch {
		case a.Kind == i18n.Text && a.S == me, a.Kind == i18n.Bot && botName(a.N-1) == me,
			guiding && a.Kind == i18n.Word && a.S == key:
			return true
		case (a.Kind == i18n.List || a.Kind == i18n.Series) && argsMention(a.L, me, key, guiding):
			return true
		case a.Kind == i18n.Sub && a.M != nil && argsMention(a.M.Args, me, key, guiding):
			return true
		}
	}
	return false
}

// factionKey is the catalog key of a faction's name.
func factionKey(name string) string { return "impetus.faction." + strings.ToLower(name) }
