// Package lowunique implements Lowest Unique as specified in
// shared/specs/lowest-unique.md: 2–4 players each hold the cards 1 to 8
// (Rules.Cards) and play 8 rounds (Rules.Rounds). A round is Select (each
// player secretly picks a pair from the hand), Reveal (every pair is shown;
// it ends when everyone is ready or the 60 s timer runs out), Choose (each
// player secretly picks one card of their pair) and the resolution: of the
// values chosen by exactly one player the lowest wins, and its player
// scores its value; with no unique value nobody scores. The chosen card
// goes to the bench, the other returns to the hand; at the start of
// Select a player holding fewer than 2 cards takes the whole bench back.
// After the last round the highest score wins; equal scores share the win.
//
// Choices the spec leaves open, made the way players expect:
//   - The resolution stays on the table for a short pause (the platform's
//     pause between deals) before the next round's Select: phase Resolved.
//   - The Reveal timer belongs to the match (PhaseTimer); when it runs out
//     the table plays Expire. A restart starts the timer afresh.
//   - A player who is away during Reveal counts as ready (Auto).
//   - After the last round the game is Over and stays on the table; a
//     rematch deals everyone a fresh hand and zero scores (the finished
//     games' scores are kept). The platform makes it an offer: it starts
//     when every person seated wants it (bots always do), and no clock
//     runs before.
//   - The design note (../shared/seeds/lowest-unique-server.md, §5.4)
//     ends the game early when fewer than two connected players remain
//     after the absent grace: the table plays End, and the game is Over
//     with the standings as they are (a rematch may follow). The platform
//     does so only at a table without bots; at one with bots a bot takes
//     the absent player's seat instead.
//   - Hands are never shown to others, even though they could be worked out
//     from the chosen cards that were revealed; the bench shows as a count.
//
// The engine is pure: State is a value; Apply returns a new State or a
// *game.Error and the state unchanged. View gives exactly what one seat may
// see, phase by phase.
package lowunique
