package room

// The host changes a Hold'em cash table's options between hands (issue
// 30: "antes and big blind ante, set at creation and between hands"): the
// ante and whether the big blind posts it for the table, straddles,
// running it twice. The choice is a logged entry (eOptions) whose By is
// the host's form as a query; the engine takes it at the next deal
// (State.SetNextFormat) and says so in the log, so a replay and a
// snapshot have it exactly as it was played.

import (
	"net/url"
	"slices"
	"strconv"

	"github.com/tablegames/tables/game"
	"github.com/tablegames/tables/game/holdem"
	"github.com/tablegames/tables/i18n"
	"github.com/tablegames/tables/views"
)

var holdemTableOptions = &tableOptions{
	form: func(m game.Match, o Options, l *i18n.Lang) *views.TableOptions {
		if m == nil || (o.Poker != nil && o.Poker.Tourney != "") {
			return nil
		}
		s := holdemState(m)
		_, bb, f := s.Upcoming()
		return &views.TableOptions{Antes: anteChoices(bb, f.Ante), Ante: f.Ante, BBAnte: f.BigBlindAnte && f.Ante > 0,
			Straddle: f.Straddle, Twice: f.RunItTwice, Next: l.Msg(nextHandWords(s))}
	},
	read: func(m game.Match, o Options, form url.Values) (string, error) {
		if o.Poker != nil && o.Poker.Tourney != "" {
			return "", errNotAllowed("error.table.tournament_antes")
		}
		s := holdemState(m)
		_, bb, now := s.Upcoming()
		ante, err := strconv.Atoi(form.Get("ante"))
		if err != nil || !slices.Contains(anteChoices(bb, now.Ante), ante) {
			return "", errNotAllowed("error.table.choose_ante_from_list")
		}
		f := holdem.Format{Ante: ante, BigBlindAnte: ante > 0 && form.Get("bbante") == "on",
			Straddle: form.Get("straddle") == "on", RunItTwice: form.Get("twice") == "on"}
		if f == now {
			return "", errNotAllowed("error.table.options_already")
		}
		return formatQuery(f), nil
	},
	set: func(m game.Match, o *Options, by string) (game.Event, error) {
		f, err := parseFormatQuery(by)
		if err != nil {
			return game.Event{}, err
		}
		if err := holdemState(m).SetNextFormat(f); err != nil {
			return game.Event{}, err
		}
		// the table's options say so from now on (its line in the list,
		// a newcomer's page); a copy, as the match holds the old one
		p := &pokerOptions{}
		if o.Poker != nil {
			c := *o.Poker
			p = &c
		}
		p.Ante, p.BBAnte, p.Straddle, p.Twice = f.Ante, f.BigBlindAnte, f.Straddle, f.RunItTwice
		o.Poker = p
		if pm, ok := m.(*pokerMatch); ok {
			pm.Plus.Opts = p
		}
		return game.Say("log.holdem.options_set", i18n.SeriesOf("Options", formatTerms(f)...)), nil
	},
}

// anteChoices are the antes a host may choose at a big blind of bb: none,
// a tenth to a half of the big blind, the big blind; and the ante now, if
// it is none of those (the blinds changed since).
func anteChoices(bb, now int) []int {
	out := []int{0}
	for n := 1; n <= 5; n++ {
		out = append(out, max(bb*n/10, 1))
	}
	out = append(out, bb, now)
	slices.Sort(out)
	return slices.Compact(out)
}

// formatQuery writes a format as the entry's By: "ante=20&bbante=on&…".
func formatQuery(f holdem.Format) string {
	q := url.Values{"ante": {itoa(f.Ante)}}
	for k, on := range map[string]bool{"bbante": f.BigBlindAnte, "straddle": f.Straddle, "twice": f.RunItTwice} {
		if on {
			q.Set(k, "on")
		}
	}
	return q.Encode()
}

func parseFormatQuery(by string) (holdem.Format, error) {
	q, err := url.ParseQuery(by)
	if err != nil {
		return holdem.Format{}, err
	}
	ante, err := strconv.Atoi(q.Get("ante"))
	if err != nil || ante < 0 {
		return holdem.Format{}, errNotAllowed("error.table.choose_ante_from_list")
	}
	return holdem.Format{Ante: ante, BigBlindAnte: ante > 0 && q.Get("bbante") == "on", Straddle: q.Get("straddle") == "on",
		RunItTwice: q.Get("twice") == "on"}, nil
}

// formatTerms are a format in words: "BB ante 20", "no straddles",
// "run it twice".
func formatTerms(f holdem.Format) []i18n.Arg {
	var out []i18n.Arg
	switch {
	case f.Ante > 0 && f.BigBlindAnte:
		out = append(out, i18n.Nest("", i18n.M("holdem.term.bb_ante", i18n.N("Ante", f.Ante))))
	case f.Ante > 0:
		out = append(out, i18n.Nest("", i18n.M("holdem.term.ante", i18n.N("Ante", f.Ante))))
	default:
		out = append(out, i18n.K("", "holdem.term.no_ante"))
	}
	out = append(out, i18n.K("", map[bool]string{true: "holdem.term.straddles", false: "holdem.term.no_straddles"}[f.Straddle]))
	return append(out, i18n.K("", map[bool]string{true: "holdem.term.twice", false: "holdem.term.no_twice"}[f.RunItTwice]))
}

// nextHandWords say what changes at the next hand, for every viewer:
// "Next hand: blinds 25/50, BB ante 50, straddles." (zero when nothing).
func nextHandWords(s *holdem.State) i18n.Msg {
	sb, bb, f := s.Upcoming()
	if sb == s.Rules.SmallBlind && bb == s.Rules.BigBlind && f == s.Rules.Format {
		return i18n.Msg{} // nothing changes: no words built
	}
	var out []i18n.Arg
	if sb != s.Rules.SmallBlind || bb != s.Rules.BigBlind {
		out = append(out, i18n.Nest("", i18n.M("holdem.term.blinds", i18n.N("Small", sb), i18n.N("Big", bb))))
	}
	now, next := formatTerms(s.Rules.Format), formatTerms(f)
	for i := range next {
		if !sameTerm(next[i], now[i]) {
			out = append(out, next[i])
		}
	}
	if len(out) == 0 {
		return i18n.Msg{}
	}
	return i18n.M("holdem.next_hand", i18n.SeriesOf("Changes", out...))
}

// sameTerm reports two terms of formatTerms that say the same.
func sameTerm(a, b i18n.Arg) bool {
	if a.Kind != b.Kind || a.S != b.S {
		return false
	}
	return a.M == nil || b.M != nil && a.M.Key == b.M.Key && a.M.Args[0].N == b.M.Args[0].N
}
