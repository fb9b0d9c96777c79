-- Tables at a slow pace (issue 42): the people a slow table waits for.

-- turns: one row per person seat a slow table waits for now: since when
-- (seq is the log entry after which the turn began) and until when (the
-- time per move). The table's room rewrites its rows whenever its
-- awaited set changes; a restart reads them back, so a deadline survives
-- it, and the home page and My games read them on every machine of a
-- cluster ("your move", "whose move").
CREATE TABLE turns (
    room     TEXT NOT NULL,
    seat     INTEGER NOT NULL,
    player   TEXT NOT NULL,
    name     TEXT NOT NULL,
    seq      INTEGER NOT NULL,
    since    INTEGER NOT NULL,           -- unix ms
    deadline INTEGER NOT NULL,           -- unix ms
    PRIMARY KEY (room, seat)
) WITHOUT ROWID;
CREATE INDEX turns_player ON turns(player);
