-- Clubs and their seasons (issue 41). A club is a group of friends with a
-- page at /c/{handle}; its tables' evenings make up its seasons' league.
-- Nothing here changes a table's log: a database from before opens as it
-- was, and these tables fill as clubs are made and their tables played.

-- clubs: one row per club.
CREATE TABLE clubs (
    handle  TEXT PRIMARY KEY,        -- random, public: the page's address
    name    TEXT NOT NULL,
    owner   TEXT NOT NULL,           -- the owner's player id (secret: never shown)
    invite  TEXT NOT NULL UNIQUE,    -- the invite link's token; a new one ends the old
    public  INTEGER NOT NULL,        -- 1: anyone may read the page; 0: members only
    scale   TEXT NOT NULL,           -- league points by place, best first: "10,7,5,3,2,1"
    season  INTEGER NOT NULL,        -- the season running (0: none since the last ended)
    seasons INTEGER NOT NULL,        -- how many seasons were started
    created INTEGER NOT NULL         -- unix ms
);
CREATE INDEX clubs_owner ON clubs(owner, created);

-- club_members: who belongs to a club (the owner too), by player id, with
-- the name they joined under and their number in the club (what a page's
-- form names them by: never the player id).
CREATE TABLE club_members (
    club   TEXT NOT NULL REFERENCES clubs(handle),
    player TEXT NOT NULL,
    num    INTEGER NOT NULL,
    name   TEXT NOT NULL,
    joined INTEGER NOT NULL,
    PRIMARY KEY (club, player)
) WITHOUT ROWID;
CREATE INDEX club_members_player ON club_members(player);

-- club_seasons: each season's span (ended NULL: still running).
CREATE TABLE club_seasons (
    club    TEXT NOT NULL REFERENCES clubs(handle),
    number  INTEGER NOT NULL,
    started INTEGER NOT NULL,
    ended   INTEGER,
    PRIMARY KEY (club, number)
) WITHOUT ROWID;

-- club_tables: a club's tables, each one evening, in the season running
-- when it was made (0: none). tonight is the table's Tonight table as the
-- room last saw it (the room's own JSON: db stores it as given), so a
-- club's page and league never load a room.
CREATE TABLE club_tables (
    room    TEXT PRIMARY KEY,
    club    TEXT NOT NULL REFERENCES clubs(handle),
    season  INTEGER NOT NULL,
    kind    TEXT NOT NULL,
    created INTEGER NOT NULL,
    tonight TEXT,
    updated INTEGER
);
CREATE INDEX club_tables_club ON club_tables(club, season, created);

-- A club's league reads the results of its tables by table.
CREATE INDEX results_room ON results(room, game);
