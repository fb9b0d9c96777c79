// Package impetus implements Impetus as specified in
// shared/specs/impetus.md: spirits (the players) guide six factions on a
// side-5 hex map. A turn is Vagrant (secret: guide a faction, place an
// idol), Agenda (secret: each guide plays one of 1 + influence cards drawn
// from its faction's pool, with an Expand target or a Change pick;
// unguided factions play at random; all resolve together by type: Trade,
// Steal, Expand, Change; wars erupt on low regard; guides lose influence
// and at 0 are ejected and swap a card type of the pool), War (ripe wars
// resolve together from the territory counts before any of them; winners'
// spoils are chosen together and resolve together; this turn's wars
// ripen; landless factions are eliminated), Scoring (worship, then VP from
// idols) and Cleanup. First to 10 VP wins, or the most VP after 40 turns.
// Every number in italics in the spec is a field of Rules.
//
// Choices the spec leaves open, made the way players expect:
//   - Guiding in the vagrant phase is optional, as the spec's "may" says: a
//     vagrant spirit may guide and place its idol, place its idol only
//     (NoGuide), guide only when it has no idol to place, or pass on both
//     (Pass). The spec's "if both are possible the spirit must do both" is
//     read as: a spirit that chose both gets both (neither replaces the
//     other). A choice, once made, stands until the reveal.
//   - A spirit whose idol is placed but whose guidance failed stays
//     vagrant without a second idol until it guides (a new stint).
//   - The three change cards of a Change are drawn with the hand and are
//     as secret as it; the guide picks the card first, then the target or
//     the change.
//   - Trade with several cards (spoils) pays per card. Steal claims
//     1 + modifier per card from each neighbour that does not steal too;
//     when the claims on a victim exceed its gold before the step, the coins
//     go one at a time to the thieves in faction order.
//   - Expand gives the expand-failed gold per claim that fails: contested,
//     or with no neutral cell left to take.
//   - "Gold gained" for Affluence idols adds up the turn's gains: trade,
//     theft and expand-failed gold as they come, and war gold as the
//     faction's net over the turn's wars (the spec nets war gold first:
//     a faction that won one war and lost another gains nothing from
//     them). Losses outside wars (being robbed) are not taken off.
//   - A war that ties ends with nothing changed. Wars can erupt after the
//     spoils too; they ripen the same turn.
//   - An eliminated faction's idols stay on their cells.
//   - An absent spirit's choice (the platform's clock, or a disconnect) is
//     the heuristic bot's.
//
// The engine is pure: State is a value, Apply works on a copy and returns
// it or a *game.Error with the state unchanged. Randomness (placement,
// draws, dice, ties) comes from the state's seed and a counter, so a game
// replays exactly; View never holds the seed, and holds another spirit's
// choices of the current phase only as "still choosing".
package impetus
