-- Results and ratings (issue 31). Nothing here changes a table's log: a
-- database from before opens with its rooms as they were, and these
-- tables fill as games finish from now on.

-- finished_games: one row per game a table finished, written once when it
-- ends (the key makes a replayed or restarted table's second write a no-op).
CREATE TABLE finished_games (
    room     TEXT NOT NULL,
    game     INTEGER NOT NULL,       -- its number at the table, from 1
    kind     TEXT NOT NULL,          -- "president", "holdem", ...
    finished INTEGER NOT NULL,       -- unix ms
    public   INTEGER NOT NULL,       -- the table was listed (rated)
    seats    INTEGER NOT NULL,       -- places "of how many"
    people   INTEGER NOT NULL,       -- seats a person held
    rated    INTEGER NOT NULL,       -- ratings changed (public, 2+ people)
    unit     TEXT NOT NULL,          -- what a result's figure counts: "points", "VP", "prize"
    replay   INTEGER NOT NULL DEFAULT 0, -- its replay's number (0: see the table's replays)
    PRIMARY KEY (room, game)
) WITHOUT ROWID;

-- results: each person's line of a finished game (bots have none).
CREATE TABLE results (
    player   TEXT NOT NULL,          -- the session's player id (secret: never shown)
    room     TEXT NOT NULL,
    game     INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    finished INTEGER NOT NULL,
    place    INTEGER NOT NULL,       -- 1 the best; ties share one
    seats    INTEGER NOT NULL,       -- of how many
    figure   INTEGER NOT NULL,
    public   INTEGER NOT NULL,
    name     TEXT NOT NULL,          -- the seat's name at that table
    rating   REAL,                   -- the rating after the game, when rated
    PRIMARY KEY (player, room, game)
) WITHOUT ROWID;
CREATE INDEX results_player ON results(player, finished);

-- ratings: Glicko-2 per person and game, from public tables only.
CREATE TABLE ratings (
    player  TEXT NOT NULL,
    kind    TEXT NOT NULL,
    r       REAL NOT NULL,
    rd      REAL NOT NULL,
    vol     REAL NOT NULL,
    games   INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    PRIMARY KEY (player, kind)
) WITHOUT ROWID;

-- players: the public handle of a person who finished a game at a
-- public table (/p/{handle}); name is the one they last used at one.
CREATE TABLE players (
    player TEXT PRIMARY KEY,
    handle TEXT NOT NULL UNIQUE,
    name   TEXT NOT NULL,
    since  INTEGER NOT NULL
) WITHOUT ROWID;

-- seatings: the tables a person sits at now (My games lists the open
-- ones); a table's room fills it as people sit and leave.
CREATE TABLE seatings (
    player TEXT NOT NULL,
    room   TEXT NOT NULL,
    name   TEXT NOT NULL,
    since  INTEGER NOT NULL,
    PRIMARY KEY (player, room)
) WITHOUT ROWID;
