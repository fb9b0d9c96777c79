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
//     fold are never shown, and an uncontested pot shows nothing (unless
//     its winner chooses to show, below). A seat may choose to muck
//     losing hands (below).
//
// The hand's format beyond the blinds (Rules.Format, issue 30), each
// option off by default, so that a table without them plays as before:
//   - Antes. Format.Ante with BigBlindAnte false is a classic ante: every
//     seat dealt in antes it before the blinds, from the button's left.
//     With BigBlindAnte true it is the TDA's big blind ante: the big blind
//     posts Ante once for the whole table (usually equal to the big
//     blind), and a big blind too short for both posts the ante first,
//     then what remains toward its blind. Antes are dead: they count
//     toward no call, never come back as an uncalled bet, and show in
//     Seat.Ante and the pots. Side pots: a classic ante counts as the
//     seat's own chips, so a seat all-in for part of its ante wins that
//     much from each other seat; a big blind ante is dead money in the
//     main pot, which every seat still in may win (a big blind all-in on
//     its ante wins only that, plus what it matched of the blind). A seat
//     left with nothing for its blind posts none ("has no chips left for
//     the big blind"); the others still owe the full big blind.
//   - The straddle (Format.Straddle, a cash option). The seat under the
//     gun, the first dealt left of the big blind (the button three-
//     handed), straddles when it chose to (its standing choice
//     Seat.Straddles, moves "straddleon" and "straddleoff", read at each
//     deal, so a player decides before any hand it is under the gun; the
//     table waits for nobody). A straddle is twice the big blind, never
//     less, as card rooms require: a seat with less than that behind
//     after its ante does not straddle that hand (the log says so); one
//     with exactly that straddles all-in. It is a third blind: the bet to
//     call is the straddle, the smallest raise is to twice the straddle,
//     the action starts left of the straddler and the straddler acts
//     last before the flop, with the option to raise when called. No
//     straddle heads-up (the seat left of the big blind is then the
//     button, which posted the small blind; most rooms forbid it) nor in
//     a bomb pot.
//   - The bomb pot (State.SetBombPot, the next hand only). Every seat dealt
//     in antes the agreed amount (all it has when short: all-in); there
//     are no blinds (SB and BB are -1), no straddle and no betting before
//     the flop: the flop is dealt at once and the first seat left of the
//     button acts. Its antes count like classic antes in the side pots; a
//     folded seat's ante stays in the pot and it can't win it.
//   - Running it twice (Format.RunItTwice). When the betting ends before
//     the river with a player all-in and at most one player able to bet
//     (the moment the board would be run out), the table asks, once a
//     hand, every player still in the hand, all-in or not (each has chips
//     in the main pot, which every one of them may win), and turns every
//     hand still in face up (TDA rule 16). They answer at once, in any
//     order: "twice" (RunTwice) or "once" (RunOnce); one "once" runs the
//     board once, everyone's "twice" runs it twice. A clock that runs out
//     answers "once" (Auto); the bots answer "twice". Twice, the rest of
//     the board is dealt from the deck for the first run, then from the
//     deck's next cards for the second (the same deck, no reshuffle; the
//     engine burns no cards), and every pot, main and side, is halved:
//     the odd chip to the first run, each half to the best hands on its
//     own board among the seats that may win that pot (a pot only one
//     seat may win is halved too, both halves to it), the odd chips within
//     a run as usual. View.Board2 is the second board; State.Results (and
//     the history) hold each pot's two halves, main pot first, each with
//     its Run.
//   - Showing or mucking. A seat may choose to muck losing hands (its
//     standing choice Seat.AutoMuck, moves "automuck" and "noautomuck";
//     off, every hand is shown as before, as online sites offer it): at a
//     showdown with no player all-in, in showdown order, its hand is
//     mucked when it can win no part of any pot, that is when in each pot
//     it may win, on every board, a hand already shown that may win that
//     pot beats it (a tie is not beaten). With a player all-in every hand
//     is shown (TDA rule 16). A mucked hand reaches no other seat: not a
//     View, not an event ("mucks"), not a history ("mucks hand"; its own
//     seat reads its cards). The winner of a pot nobody contested may show
//     its cards ("show", Options.Show) after the hand until the next deal,
//     while the table pauses between hands; it never waits for that. Its
//     cards then show in every View, the log and the hand's history.
//   - Choices such as "straddleon" or "automuck" may be made at any time
//     and refuse "Nothing to change" when already so. The format changes
//     between hands only: State.SetNextFormat (and SetNextBlinds for the
//     blinds) apply at the next deal, which says what changed.
//
// Tournaments (tourney.go) are pure rules the room applies: blind
// structures (Structures: turbo, regular, deep), the level for a play
// time or hand count, set on the table before each deal with
// State.SetLevel (and State.NameLevel: the hand's history names its
// level, and the rebuys and add-ons bought before it) so that a hand
// keeps its level to its end; late
// registration, rebuys and the add-on (Structure.MayRegister, MayRebuy,
// MayAddOn; the chips come in with State.AddChips); Tourney places the
// players out of chips (out in a later hand places higher; out in the
// same hand, the larger stack at its start places higher, equal stacks
// share the place and split the prizes of the places they cover; a late
// entry moves those already out one place down, so the places stay 1 …
// the field's size), lists
// the standings, and Payouts splits a prize pool or points by shares in
// whole units, rounding each down and giving the units left over one each
// to the best places. State.SetBubble tells the bots a tournament is near
// the money. The heuristic bot pushes or folds short-stacked before the
// flop (PushFold).
//
// The engine is pure: State is a value; Apply returns a new State or a
// *game.Error and the state unchanged. View gives exactly what one seat
// may see; History the hand history for one viewer. The table waits
// (Match.Waiting) for the seat to act, or, while the run-it-twice question
// stands (State.RunOut is RunOutAsking), for the seats still to answer
// (State.Undecided, each with Options.Twice).
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
