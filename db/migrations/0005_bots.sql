-- Remote bots (issue 33): programs that play a seat through the bot API
-- (docs/BOTS.md). A bot is a name and a token. It sits at a table as the
-- player "bot:" + id. A seat's bot is made by a table's host for one seat
-- (room set: its token plays only at that table); a bot identity is made
-- by a player (room empty) and plays wherever a host invites it. Only the
-- SHA-256 of a token is kept: the token is shown once, when made.
CREATE TABLE bots (
    id      TEXT PRIMARY KEY,          -- public (12 characters); its player is "bot:" + id
    name    TEXT NOT NULL,
    owner   TEXT NOT NULL,             -- the player id who made it (secret: never shown)
    room    TEXT NOT NULL DEFAULT '',  -- a seat's bot: its table; '' for a bot identity
    token   BLOB NOT NULL,             -- SHA-256 of the live token
    created INTEGER NOT NULL,          -- unix ms
    revoked INTEGER NOT NULL DEFAULT 0 -- unix ms the token was revoked (0: live)
) WITHOUT ROWID;
CREATE UNIQUE INDEX bots_token ON bots(token);
CREATE INDEX bots_owner ON bots(owner, created);
