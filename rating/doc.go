// Package rating owns the maths of player ratings: Glicko-2 as Mark
// Glickman specifies it in "Example of the Glicko-2 system"
// (http://www.glicko.net/glicko/glicko2.pdf), and the rule that turns a
// multiplayer game's final places into Glicko-2 results.
//
// # What it owns
//
//   - [Rating], a player's rating r, rating deviation RD and volatility σ
//     on the Glicko (1500-centred) scale, and [Default] for a new player.
//   - [Update]: one rating period of Glicko-2 for one player (steps 2–8 of
//     the paper, the volatility found with the paper's Illinois
//     iteration).
//   - [Idle]: the paper's rule for a player who did not compete in a
//     rating period (only the deviation grows).
//   - [RateGame]: one finished game is one rating period for the people
//     at it; every pair of people is a win, loss or draw by their
//     relative places, bots are not rated and do not count.
//
// # What it must never do
//
// It does no I/O, reads no clock, keeps no global mutable state, and knows
// nothing of storage, HTTP, tables or the rules of any game: callers pass
// ratings and places in and store what comes back. Every function is pure
// and safe for concurrent use.
//
// # Bad input
//
// No function panics on any float or int input. Inputs are made sane first:
// a rating R that is NaN or infinite becomes 1500; an RD that is NaN,
// infinite, zero or negative becomes [MaxRD] (nothing is known); an RD
// outside [[MinRD], [MaxRD]] is clamped into it; a volatility that is NaN,
// infinite, zero or negative becomes [DefaultVol]. A result whose score is
// not within [0, 1] (NaN included) is ignored. Outputs always have finite
// R and Vol and an RD within [MinRD, MaxRD]; see [Update] and [RateGame].
//
// docs/RATINGS.md says why this is our own code rather than a library, and
// gives the method, the multiplayer rule and the constants with sources.
package rating
