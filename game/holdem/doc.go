// Package holdem implements no-limit Texas Hold'em for 2–9 seats as
// specified in shared/specs/holdem.md: blinds and the button (heads-up the
// button posts the small blind, acts first preflop and last after), fold,
// check, call, bet or raise to an amount, all-in; the minimum raise is the
// larger of the big blind and the last full raise on the street; short
// all-ins reopen the betting to a player who already acted only when,
// added up since it acted, they make at least a full raise (TDA rule 47);
// nobody may raise when no opponent left could call it; nobody is asked
// to act alone (below); side pots for any
// number of all-ins, the uncalled bet returned, split pots with the odd
// chip to the first winner left of the button; showdown order; rebuy and
// sitting out between hands. Hands are ranked by package eval. The
// spec's betting rules come from the rules of the game (TDA); its bots
// follow the design note ../shared/seeds/holdem-ai.md (the heuristic
// bot, the language-model seat and its fallback).
//
// Choices the spec leaves open, made the way card rooms play them:
//   - Amounts are totals: "raise to 300" means the seat's bet on this
//     street becomes 300.
//   - A big blind short of chips posts what it has; while two or more
//     players can still bet, the others still owe the full big blind to
//     call, and the minimum raise is still to twice the big blind.
//   - Nobody is asked to act alone (the spec's Betting: "When at most one
//     player can still act, the remaining board is dealt out"; and "An
//     uncalled bet is returned"). When every other player still in is
//     all-in, a player is asked to call only up to the largest of their
//     bets, never the full big blind over a short one (what is beyond
//     could not be called); and when at most one player can still act and
//     it has matched or covered every bet, the street ends and the board
//     runs out, with no decision, not even the big blind's option.
//   - Folding is allowed when checking is free (as in card rooms and on
//     the big sites); the table asks "Checking is free. Fold anyway?"
//     first.
//   - A raise needs an opponent who could call it: when every opponent
//     still in the hand is all-in, or would be all-in just calling the
//     current bet, the player may call or fold only.
//   - Several odd chips of a split pot go one each to the winners nearest
//     the button's left, in seat order (TDA rule 3's odd chip, repeated).
//   - A short all-in raise leaves the minimum raise increment unchanged.
//   - The first hand's button is the first seat; it moves one dealt seat
//     left each hand. Sitting out and sitting back in count from the next
//     hand; a busted seat buys back in before a hand when rebuys are on.
//   - At showdown every hand still in is shown, in order from the river's
//     last aggressor (else the first seat left of the button); hands that
//     fold are never shown, and an uncontested pot shows nothing.
//
// The engine is pure: State is a value; Apply returns a new State or a
// *game.Error and the state unchanged. View gives exactly what one seat
// may see; History the hand history for one viewer.
//
// A refused check, bet or raise names its numbers in the message ("Raise
// to at least 100: the bet is 60") and carries them in the error's
// Details (the spec's protocol notes: details such as min_raise and
// current_bet), all amounts in chips:
//   - current_bet: the bet on this street (the full big blind preflop,
//     even over a short one), as View.CurrentBet;
//   - player_bet: the seat's own bet on this street;
//   - to_call: the chips a call would put in now (all the stack if
//     short), as Options.CallAmount;
//   - min_raise, max_raise: only when the seat may raise, the smallest and
//     the largest total it may bet or raise to, as Options.MinTo and MaxTo
//     (min_raise is the all-in when the stack is short of a full raise).
package holdem
