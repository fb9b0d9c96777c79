package views

import (
	"context"
	"strings"

	"github.com/tablegames/tables/i18n"
)

// T is a catalog key as a component, written in the render's language:
// @T("layout.my_games"). Every word a page shows comes from the catalog
// (i18n/locales, docs/I18N.md).
type T = i18n.Key

// tr is a key's text in the render's language, for an attribute or a
// string a model needs.
func tr(ctx context.Context, key string) string { return i18n.From(ctx).T(key) }

// trf is a key's text with its placeholders filled.
func trf(ctx context.Context, key string, args ...i18n.Arg) string {
	return i18n.From(ctx).F(key, args...)
}

// num is a number written the render's language's way.
func num(ctx context.Context, n int) string { return i18n.From(ctx).Num(n) }

// lang is the render's language.
func lang(ctx context.Context) *i18n.Lang { return i18n.From(ctx) }

// languages are the languages the picker offers.
func languages() []*i18n.Lang { return i18n.Languages() }

// langCode is a language's short name for the top bar: "EN", "PT".
func langCode(l *i18n.Lang) string {
	c, _, _ := strings.Cut(l.Code(), "-")
	return strings.ToUpper(c)
}

// cardName is a card's accessible name in the render's language: "queen
// of spades", "red joker" (from its ID: "QS", "TD", "JR").
func cardName(ctx context.Context, c CardView) string {
	if i := cardIndex(c.ID); i >= 0 {
		return cardNames.In(i18n.From(ctx), i)
	}
	return c.Name
}

// cardRanks and cardSuits are the letters of a card's ID.
const cardRanks, cardSuits = "23456789TJQKA", "CDHS"

// cardIndex is a card's number in cardNames, by its ID; -1 for none.
func cardIndex(id string) int {
	switch {
	case id == "JR":
		return 52
	case id == "JB":
		return 53
	case len(id) != 2:
		return -1
	}
	r, s := strings.IndexByte(cardRanks, id[0]), strings.IndexByte(cardSuits, id[1])
	if r < 0 || s < 0 {
		return -1
	}
	return r*len(cardSuits) + s
}

// cardNames are the cards' names in every language (card.name), by
// cardIndex: a hand or a pile names its cards in every push.
var cardNames = i18n.NewFixed(len(cardRanks)*len(cardSuits)+2, func(i int) i18n.Msg {
	switch i - len(cardRanks)*len(cardSuits) {
	case 0:
		return i18n.M("card.name.joker.red")
	case 1:
		return i18n.M("card.name.joker.black")
	}
	r, s := cardRanks[i/len(cardSuits)], cardSuits[i%len(cardSuits)]
	return i18n.M("card.name", i18n.K("Rank", cardRankKeys[r]), i18n.K("Suit", cardSuitKeys[s]))
})

// pip is a card's rank as printed on it, in the render's language: "10",
// "A" (card.pip.*).
func pip(ctx context.Context, c CardView) string {
	if c.PipKey == "" {
		return c.Pip
	}
	return tr(ctx, c.PipKey)
}

var cardRankKeys = map[byte]string{'2': "card.rank.2", '3': "card.rank.3", '4': "card.rank.4", '5': "card.rank.5", '6': "card.rank.6",
	'7': "card.rank.7", '8': "card.rank.8", '9': "card.rank.9", 'T': "card.rank.10", 'J': "card.rank.jack", 'Q': "card.rank.queen",
	'K': "card.rank.king", 'A': "card.rank.ace"}

var cardSuitKeys = map[byte]string{'C': "card.suit.clubs", 'D': "card.suit.diamonds", 'H': "card.suit.hearts", 'S': "card.suit.spades"}

// unitKey is the key of a message about one deal of a game, by what the
// game calls it (Verify.What, Replay.What: "deal", "hand", "game"): each
// its own message, since a translation's words around the noun change
// with it (its gender, its plural).
func unitKey(key, what string) string { return key + "." + what }
