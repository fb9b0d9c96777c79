-- Rooms: one row per table; the action log is the truth, the row is an index.
CREATE TABLE rooms (
    code       TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    options    TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    status     TEXT NOT NULL DEFAULT 'open'
);
CREATE INDEX rooms_status ON rooms(status, updated_at);

-- The append-only action log of each room, replayed from the start (or a
-- snapshot) to rebuild the room.
CREATE TABLE room_log (
    room  TEXT NOT NULL REFERENCES rooms(code),
    seq   INTEGER NOT NULL,
    at    INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (room, seq)
) WITHOUT ROWID;

-- Snapshots of a room's state after log entry seq, to keep replay short.
CREATE TABLE room_snapshots (
    room  TEXT NOT NULL REFERENCES rooms(code),
    seq   INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (room, seq)
) WITHOUT ROWID;

CREATE TABLE sessions (
    id         TEXT PRIMARY KEY,
    data       TEXT NOT NULL,
    expires_at INTEGER NOT NULL
);

CREATE TABLE secrets (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
);
