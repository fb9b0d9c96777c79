// Package room is the table runtime: everything a table is and does
// between one command and the next, with no HTTP in it.
//
// It owns:
//   - the actor of each table (Room): one goroutine that alone reads and
//     writes the table; commands, timers and connections are messages
//     to it (room.go);
//   - the table's durable state and its action log: seats and the people
//     or bots in them, asks, the host, pauses, the log lines, and how
//     each log entry changes them (Table, table.go); a table is rebuilt
//     from its log exactly as it was played (runtime.go);
//   - the commands a person or a program gives a table (Join, Lobby, Seat,
//     Move, Chat, Connect, Resync: api.go, checked in commands.go);
//   - clocks and pace: each game's bot thinking time, a player's clock,
//     an absent player's autoplay and a bot taking the seat over, the
//     pause between deals, a table with nobody watching going dormant;
//   - presence and what each viewer is pushed: the fragments that changed
//     for that viewer's seat, its log lines and the push mark (the
//     sequence number, the viewer's push number, the server's clock),
//     rendered from the game's View for that seat only (message); what
//     each table page it renders holds, so that page's websocket is
//     pushed only what changed since, not the whole table again
//     (pages.go);
//   - the words of a push in each viewer's language: what every viewer
//     of a language sees alike is worded once per push (publicAt), and
//     what stays the same from move to move is kept worded by the room
//     between pushes (keptAt), both from the public part of the game's
//     View only;
//   - the per-game glue, one file a game (president.go, holdem.go,
//     lowunique.go, impetus.go): how the game's options are read, its
//     match made and its View turned into the views' models, its bots
//     and auto-moves (kinds.go says what a game provides);
//   - remote bots (program.go): a seat a program plays through the bot
//     API, as a player "bot:"+id under a person's clocks and absences;
//     its connection is pushed one JSON line per change, built from the
//     game's Brief for that seat (game.Briefer), itself from its View;
//   - replays, the hand histories and the fair record (replay.go, fair.go);
//   - the evening (evening.go): every deal, hand or game finished at the
//     table, as each game's glue gives it (kind.outcome), added up per
//     person in the table itself (Table.Evening, by apply), across "Play
//     again" (a new match with the same seats: eAgain, or the engine's
//     own rematch) and across changes of game, so a restart or a replay
//     has the same evening;
//   - the next game (nextgame.go): the game a table plays is part of the
//     table (Table.Game and its kind, Table.Opts), changed by one log
//     entry (eSwitch) that opens the next game's lobby once a game is
//     over (or between deals of a game played deal after deal); the
//     runtime reads the game from the table (r.t.kind), never from the
//     room, and the replays, the hand history and the fair record read
//     each game's part with its own kind;
//   - a club's table (club.go): it hands its club (Runtime.Clubs, the
//     database) its evening each time something finished there; what a
//     club counts is the clubs package's, never the room's.
//
// Runtime holds the live rooms: it loads a table from its log on first
// use, creates tables, closes idle ones and stops them all.
//
// It must never import the HTTP edge (handlers) or Echo, read a request,
// a cookie or an address, or know a status code: it takes commands from
// whoever calls it (the handlers, a test, later a bot API) and hands each
// viewer's connection (Conn) its bytes. A refused command is a
// *game.Error; what a page needs that is missing or hidden is Missing or
// Hidden. It must never push a viewer bytes rendered from another seat's
// view, nor acknowledge (push) an entry before the database has it.
package room
