// Package impetus implements Impetus as specified in
// shared/specs/impetus.md: spirits (the players) guide six factions on a
// side-5 hex map. A turn is Vagrant (secret: guide a faction and place an
// idol, each when possible), Agenda (secret: each guide plays one of
// 1 + influence cards drawn from its faction's pool, with an Expand
// target or a Change pick; unguided factions play at random; all resolve
// together by type: Trade, Steal, Expand, Change; wars erupt on low
// regard; guides lose influence and at 0 are ejected and swap a card type
// of the pool), War (ripe wars resolve together from the territory counts
// before any of them; winners' spoils are chosen together and resolve
// together; this turn's wars ripen; landless factions are eliminated),
// Scoring (worship, then VP from idols) and Cleanup. First to 10 VP wins,
// or the most VP after 40 turns. Every number in italics in the spec is a
// field of Rules.
//
// Choices the spec leaves open, made the way players expect:
//   - The vagrant phase follows the design note the spec comes from
//     (seeds/impetus-architecture.md): vagrant spirits "guide a faction
//     AND/OR place an idol (must do both if both available)"; the spec's
//     "may … and may …" is that and/or, bounded by its "if both are
//     possible the spirit must do both". So a vagrant spirit with a faction
//     free for it (not eliminated, not guided, not worshipping it) must
//     guide one, and one with an idol left in this stint and a cell
//     without an idol must place it: it does both when both are possible,
//     one alone only when the other is impossible, and passes only when
//     neither is. A skip of what is possible is refused (MUST_GUIDE,
//     MUST_PLACE_IDOL). A spirit that can do neither is not waited for;
//     its Pass (and its NoGuide, whenever no faction is free for it) is
//     accepted and changes nothing. The View's CanGuide, CanPlace,
//     CanNoGuide and CanPass say which case the viewer is in. A choice,
//     once made, stands until the reveal.
//   - A spirit whose idol is placed but whose guidance failed stays
//     vagrant without a second idol until it guides (a new stint).
//   - The three change cards of a Change are drawn with the hand and are
//     as secret as it. The guide picks the card and, in the same move,
//     what it asks for (an Expand's target, a Change's modifier: PlayCard
//     with Then): a secret choice is one move whatever the card, so the
//     number of moves (a log's sequence, Version) does not tell the others
//     an Expand or a Change from a Trade or a Steal. A card picked alone,
//     then its target or change, is how older games were logged and is
//     still taken.
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
