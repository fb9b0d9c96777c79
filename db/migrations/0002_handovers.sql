-- Handover links: "Play on another device". A row is one link, bound to
-- a player and a table, usable once before it expires. Only the SHA-256 of
-- the link's secret is kept, so the database holds no live link.
CREATE TABLE handovers (
    hash    BLOB PRIMARY KEY,
    room    TEXT NOT NULL,
    player  TEXT NOT NULL,
    name    TEXT NOT NULL,
    expires INTEGER NOT NULL,
    used    INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX handovers_expires ON handovers(expires);
