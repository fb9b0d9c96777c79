package room

import (
	"math"
	"net/url"
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
	describe: func(o Options) []string {
		return []string{itoa(o.Seats) + " spirits", "first to 10 VP"}
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

var idolLetters = map[impetus.IdolType]string{impetus.Battle: "B", impetus.Affluence: "A", impetus.Spread: "S"}

// impetusView builds what one viewer sees from the engine's View.
func impetusView(rv *roomView) views.Impetus {
	mt := rv.t.Match.(*impetus.Match)
	v := mt.State.View(rv.seat)
	name := rv.t.Name
	m := views.Impetus{ActURL: rv.actURL, Version: v.Version, You: v.Seat, Turn: v.Turn, MaxTurns: v.Rules.MaxTurns,
		WinVP: v.Rules.WinVP, Phase: v.Phase.String(), Need: v.Need, ReplayURL: "/t/" + rv.code + "/replay/" + itoa(max(rv.t.Games, 1))}
	waiting := map[int]bool{}
	for _, w := range v.Waiting {
		waiting[w] = true
	}
	battle := map[int]bool{}
	for _, w := range v.Wars {
		words := impetus.FactionNames[w.A] + " against " + impetus.FactionNames[w.B]
		if w.Ripe {
			battle[w.Battle[0]], battle[w.Battle[1]] = true, true
			words += ": battle next turn at " + impetus.PlaceName(&v.Owner, w.Battle[0]) + " and at " + impetus.PlaceName(&v.Owner, w.Battle[1]) + " (⚔)"
		} else {
			words += ": just erupted"
		}
		m.Wars = append(m.Wars, words)
	}
	targets := map[int]bool{}
	for _, c := range v.Targets {
		targets[c] = true
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
	for i := range impetus.Cells {
		g := hexGeometry[i]
		c := views.IMCell{Index: i, X: g[0], Y: g[1], Points: g[2], Faction: "neutral", Battle: battle[i]}
		var label string
		if f := v.Owner[i]; f >= 0 {
			c.Faction, c.Letter = "f"+itoa(f), impetus.FactionLetters[f]
			label = impetus.PlaceName(&v.Owner, i) + ", " + impetus.FactionNames[f] + " has " + itoa(v.Factions[f].Gold) + " gold"
		} else {
			label = impetus.PlaceName(&v.Owner, i)
		}
		label = strings.ToUpper(label[:1]) + label[1:]
		if idol := v.Idols[i]; idol.Type != impetus.NoIdol {
			c.Idol, c.IdolOwner = idolLetters[idol.Type], idol.Owner
			label += ", " + idol.Type.String() + " idol of " + name(idol.Owner)
		}
		if c.Battle {
			label += ", battleground"
		}
		if how := changed[i]; how != "" {
			c.Changed, c.Motion = true, how
			label += map[string]string{"changed": ", changed last turn", "won": ", taken in a war last turn",
				"grown": ", claimed last turn", "idol": ", idol placed last turn"}[how]
		}
		switch {
		case v.Need == "idol" && v.Idols[i].Type == impetus.NoIdol:
			c.Action = "idol"
			label = "Place the idol: " + label
		case v.Need == "target" && targets[i]:
			c.Action = "target"
			label = "Expand into: " + label
		}
		c.Label = label
		m.Cells = append(m.Cells, c)
	}
	for f := range v.Factions {
		fa := &v.Factions[f]
		fv := views.IMFaction{Index: f, Name: impetus.FactionNames[f], Letter: impetus.FactionLetters[f], Gold: fa.Gold,
			Size: v.Size(f), Eliminated: fa.Eliminated, Guide: "none", Worship: "none"}
		var pool []string
		for _, c := range fa.Pool {
			pool = append(pool, c.String())
		}
		fv.Pool = strings.Join(pool, ", ")
		fv.Mods = "Trade +" + itoa(fa.Mod[impetus.Trade]) + ", Steal +" + itoa(fa.Mod[impetus.Steal]) + ", Expand +" + itoa(fa.Mod[impetus.Expand])
		var regard []string
		for o, r := range fa.Regard {
			if o != f && r != 0 {
				regard = append(regard, impetus.FactionLetters[o]+" "+signed(r))
			}
		}
		fv.Regard = strings.Join(regard, ", ")
		if fv.Regard == "" {
			fv.Regard = "neutral to all"
		}
		if fa.Guide >= 0 {
			fv.Guide = name(fa.Guide)
		}
		if fa.Worship >= 0 {
			fv.Worship = name(fa.Worship)
		}
		var plays []string
		for _, c := range fa.Plays {
			plays = append(plays, c.String())
		}
		fv.Plays = strings.Join(plays, ", ")
		m.Factions = append(m.Factions, fv)
	}
	for i, sp := range v.Spirits {
		s := views.IMSpirit{Seat: rv.seatView(i), VP: sp.VP, Influence: sp.Influence, Waiting: waiting[i]}
		if sp.Guiding >= 0 {
			s.Guiding = impetus.FactionNames[sp.Guiding]
		}
		m.Spirits = append(m.Spirits, s)
	}
	impetusChoice(&m, &v)
	m.Status = impetusStatus(&v, name)
	if len(v.Winners) > 0 {
		m.Winners = seatNames(v.Winners, name) + map[bool]string{true: " wins", false: " share the win"}[len(v.Winners) == 1] +
			" with " + itoa(v.Spirits[v.Winners[0]].VP) + " VP."
		m.Result = impetusResult(&v)
		m.Standings = impetusFinal(rv, &v, m.Result)
	}
	m.Happened = happenedTo(rv, &v)
	m.YourTurn = m.Need != ""
	return m
}

// impetusFinal ranks the spirits at the end of the game: the winners
// first, then by VP.
func impetusFinal(rv *roomView, v *impetus.View, note string) *views.Standings {
	s := &views.Standings{Title: "Final standings", ScoreHead: "VP", Note: note}
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
func impetusResult(v *impetus.View) string {
	if v.Seat < 0 {
		return ""
	}
	for _, w := range v.Winners {
		if w == v.Seat {
			if len(v.Winners) > 1 {
				return "You share the win!"
			}
			return "You win!"
		}
	}
	place := 1
	for i, sp := range v.Spirits {
		if i != v.Seat && sp.VP > v.Spirits[v.Seat].VP {
			place++
		}
	}
	return "You finish " + ordinalWord(place) + " with " + itoa(v.Spirits[v.Seat].VP) + " VP."
}

func ordinalWord(n int) string {
	if n >= 1 && n <= 6 {
		return [...]string{"", "first", "second", "third", "fourth", "fifth", "sixth"}[n]
	}
	return itoa(n) + "th"
}

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
func impetusChoice(m *views.Impetus, v *impetus.View) {
	for _, c := range v.Mine {
		switch c.Kind {
		case impetus.ChooseVagrant:
			if c.Guide >= 0 {
				m.Mine = append(m.Mine, "You will guide "+impetus.FactionNames[c.Guide]+".")
			} else if c.NeedGuide && c.Guide != -1 {
				m.Mine = append(m.Mine, "You guide no faction this turn.")
			}
			if c.NeedIdol && c.IdolCell < -1 {
				m.Mine = append(m.Mine, "You place no idol this turn.")
			}
			if c.IdolCell >= 0 {
				m.Mine = append(m.Mine, "You will place your "+c.IdolType.String()+" idol at "+impetus.PlaceName(&v.Owner, c.IdolCell)+".")
			}
		case impetus.ChooseAgenda, impetus.ChooseSpoils:
			what := map[bool]string{true: "Agenda", false: "Spoils"}[c.Kind == impetus.ChooseAgenda]
			var hand []string
			for _, h := range c.Hand {
				hand = append(hand, h.String())
			}
			line := what + " for " + impetus.FactionNames[c.Faction] + ": you drew " + strings.Join(hand, ", ")
			if c.Pick >= 0 {
				line += "; you play " + c.Hand[c.Pick].String()
				if c.Target >= 0 {
					line += " towards " + impetus.PlaceName(&v.Owner, c.Target)
				}
				if c.Change >= 0 {
					line += " raising " + c.Changes[c.Change].String()
				}
			}
			m.Mine = append(m.Mine, line+".")
		case impetus.ChooseEject:
			if c.Remove >= 0 {
				m.Mine = append(m.Mine, "You swap "+impetus.FactionNames[c.Faction]+"'s "+impetus.Card(c.Remove).String()+" for "+impetus.Card(c.Add).String()+".")
			}
		}
	}
	c, ok := v.MyChoice()
	if !ok {
		return
	}
	if v.Need == "card" || v.Need == "change" || v.Need == "swap" || v.Need == "target" {
		// the faction the choice is for, beside it
		m.Faction = impetus.FactionNames[c.Faction] + ": " + holdings(v, c.Faction) + " · " + modifiers(&v.Factions[c.Faction]) + " · pool " + poolWords(v.Factions[c.Faction].Pool[:])
	}
	switch v.Need {
	case "guide":
		for _, f := range v.Guidable {
			m.Options = append(m.Options, views.IMOption{Value: itoa(f), Label: "Guide " + impetus.FactionNames[f],
				Note: holdings(v, f), Detail: modifiers(&v.Factions[f]), Faction: "f" + itoa(f), Letter: impetus.FactionLetters[f]})
		}
		// a vagrant does all it can: a skip shows only when the engine
		// takes it (never while both a guide and the idol are possible)
		m.CanNoGuide, m.CanPass = v.CanNoGuide, v.CanPass
	case "idol":
		m.CanPass = v.CanPass
	case "card":
		m.Options = cardOptions(c.Hand, "Play ")
	case "change":
		m.Options = cardOptions(c.Changes, "Raise ")
	case "swap":
		seen := map[impetus.Card]bool{}
		for _, p := range v.Factions[c.Faction].Pool {
			if !seen[p] {
				seen[p] = true
				m.Pool = append(m.Pool, views.IMOption{Value: strings.ToLower(p.String()), Label: p.String()})
			}
		}
		for t := impetus.Trade; t < impetus.NumCards; t++ {
			m.AllTypes = append(m.AllTypes, views.IMOption{Value: strings.ToLower(t.String()), Label: t.String()})
		}
	}
}

func impetusStatus(v *impetus.View, name func(int) string) string {
	if v.Phase == impetus.Over {
		return "The game is over after turn " + itoa(v.Turn) + "."
	}
	need := map[string]string{
		"guide": "Choose a faction to guide.", "idol": "Place your idol on the map.", "card": "Choose your faction's agenda card.",
		"target": "Choose where your faction expands.", "change": "Choose the modifier your Change raises.", "swap": "You were ejected: swap a card type of the pool.",
	}[v.Need]
	var others []int
	for _, w := range v.Waiting {
		if w != v.Seat {
			others = append(others, w)
		}
	}
	wait := ""
	if len(others) > 0 {
		wait = "Waiting for " + seatNames(others, name) + "."
	}
	return strings.TrimSpace(need + " " + wait)
}

func signed(n int) string {
	if n > 0 {
		return "+" + itoa(n)
	}
	return itoa(n)
}

// cardOptions are the buttons of a hand of cards: one per distinct card
// (the same card drawn twice plays alike), saying how often it was drawn.
func cardOptions(hand []impetus.Card, verb string) []views.IMOption {
	var out []views.IMOption
	var kinds []impetus.Card
	drawn := map[impetus.Card]int{}
	for i, h := range hand {
		if drawn[h]++; drawn[h] == 1 {
			kinds = append(kinds, h)
			out = append(out, views.IMOption{Value: itoa(i), Label: verb + h.String()})
		}
	}
	for i, h := range kinds {
		switch n := drawn[h]; {
		case n == 2:
			out[i].Note = "drawn twice"
		case n > 2:
			out[i].Note = "drawn " + itoa(n) + " times"
		}
	}
	return out
}

// holdings are a faction's gold and land: "3 gold · 2 cells".
func holdings(v *impetus.View, f int) string {
	return itoa(v.Factions[f].Gold) + " gold · " + plural(v.Size(f), "cell", "cells")
}

// modifiers are a faction's modifiers in short: "Trade +1 · Steal +0 ·
// Expand +2".
func modifiers(fa *impetus.Faction) string {
	return "Trade +" + itoa(fa.Mod[impetus.Trade]) + " · Steal +" + itoa(fa.Mod[impetus.Steal]) + " · Expand +" + itoa(fa.Mod[impetus.Expand])
}

// poolWords lists an agenda pool, each type once: "Trade, Steal ×2,
// Expand".
func poolWords(pool []impetus.Card) string {
	var order []impetus.Card
	n := map[impetus.Card]int{}
	for _, c := range pool {
		if n[c]++; n[c] == 1 {
			order = append(order, c)
		}
	}
	out := make([]string, len(order))
	for i, c := range order {
		out[i] = c.String()
		if n[c] > 1 {
			out[i] += " ×" + itoa(n[c])
		}
	}
	return strings.Join(out, ", ")
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
