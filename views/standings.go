package views

import (
	"context"

	"github.com/tablegames/tables/i18n"
)

// Standings is the ranked result of a deal, a hand, a round or a game.
// Every game shows it in its action bar from the moment one ends until
// the next is under way, with the countdown to it (docs/UI.md).
type Standings struct {
	Title string // "Deal 3 is over", "Hand 12 is over", "Final standings"
	// The columns beside the player's, each left out when its heading is
	// empty: what the row earned or showed (a role, a hand, a card), its
	// score in this one (points, net chips) and a running total.
	WhatHead, ScoreHead, TotalHead string
	Rows                           []Standing // best first
	Note                           string     // the viewer's own result, in words
	Next                           string     // what comes next: "Next deal"
	NextAt                         int64      // when it starts, ms since the epoch; 0: it waits
	Replay, ReplayText             string     // the replay of what just ended, if any, and its link's words
	// At the end of a game: the table's evening so far, and Play again.
	Evening *Evening
	Again   *Again
	// Tonight links to the Tonight drawer (after a deal or a hand, whose
	// standings have no room for the evening).
	Tonight bool
}

// Standing is one player's row of the standings.
type Standing struct {
	Place string // "1st" (shared by a tie); "" where places mean nothing
	// PlaceN is the place as a number (from 1), written in the render's
	// language; 0 shows Place as it is
	PlaceN int
	Name   string
	You    bool
	What   string
	Score  string // "+2", "−150"
	Sign   int    // the score's sign: it is coloured up or down
	Total  string
}

func (s *Standings) key(k *keyer) {
	if s == nil {
		k.byte(0)
		return
	}
	for _, f := range []string{s.Title, s.WhatHead, s.ScoreHead, s.TotalHead, s.Note, s.Next, s.Replay, s.ReplayText} {
		k.str(f)
	}
	k.num(s.NextAt)
	k.flag(s.Tonight)
	s.Evening.key(k)
	s.Again.key(k)
	k.num(int64(len(s.Rows)))
	for _, r := range s.Rows {
		for _, f := range []string{r.Place, r.Name, r.What, r.Score, r.Total} {
			k.str(f)
		}
		k.flag(r.You)
		k.num(int64(r.Sign))
	}
}

// placed reports standings whose rows have places.
func (s *Standings) placed() bool {
	for _, r := range s.Rows {
		if r.Place != "" {
			return true
		}
	}
	return false
}

// placeText is a row's place in the render's language: "1st".
func placeText(ctx context.Context, r Standing) string {
	switch {
	case r.PlaceN > 0 && r.PlaceN <= placeWords.Len():
		return placeWords.In(i18n.From(ctx), r.PlaceN-1)
	case r.PlaceN > 0:
		return trf(ctx, "standings.place", i18n.Ord("Place", r.PlaceN))
	}
	return r.Place
}

// placeWords are the first places in every language (standings.place),
// from 1st: every standings row has one.
var placeWords = i18n.NewFixed(16, func(i int) i18n.Msg { return i18n.M("standings.place", i18n.Ord("Place", i+1)) })
