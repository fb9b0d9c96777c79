-- push_subscriptions: Web Push subscriptions (issue 42), one per device
-- (a browser's push endpoint), each a player's. The browser's keys
-- (p256dh: its P-256 public key, auth: its 16-byte secret, both
-- base64url as PushSubscription.toJSON gives them) encrypt the messages
-- (RFC 8291).
-- Numbered 0009 to leave 0008 to another branch's migration.
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    player   TEXT NOT NULL,
    p256dh   TEXT NOT NULL,
    auth     TEXT NOT NULL,
    created  INTEGER NOT NULL        -- unix ms
);
CREATE INDEX push_subscriptions_player ON push_subscriptions(player, created);

-- push_turns: the last turn pushed to a device at a table (the log entry
-- after which it began), so a turn is pushed at most once per device,
-- whichever machine sends, and an older turn never after a newer one.
CREATE TABLE push_turns (
    endpoint TEXT NOT NULL REFERENCES push_subscriptions(endpoint) ON DELETE CASCADE,
    room     TEXT NOT NULL,
    seq      INTEGER NOT NULL,
    PRIMARY KEY (endpoint, room)
) WITHOUT ROWID;
