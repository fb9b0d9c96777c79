-- Cluster mode on PostgreSQL (issue 38): which machine serves a table,
-- the machines alive, and the limits counted for the whole app.

-- leases: one row per table served in cluster mode. The machine named by
-- owner writes the table's log while its generation is gen; expires is
-- the database clock's unix ms until which nobody else may take it. A
-- machine that takes a lease (expired, released, or never taken) makes
-- gen one more, and every append checks owner and gen in its own
-- transaction: a machine that lost the lease can never write again.
CREATE TABLE leases (
    room    TEXT PRIMARY KEY,
    owner   TEXT NOT NULL,           -- FLY_MACHINE_ID; '' once handed on
    gen     INTEGER NOT NULL,
    expires INTEGER NOT NULL         -- unix ms, the database's clock
);
CREATE INDEX leases_owner ON leases(owner);
CREATE INDEX leases_expires ON leases(expires);

-- machines: the machines alive (each renews its row with its leases),
-- and how the others reach it (its public tables for the home page).
CREATE TABLE machines (
    id      TEXT PRIMARY KEY,
    addr    TEXT NOT NULL,
    started INTEGER NOT NULL,
    expires INTEGER NOT NULL         -- unix ms, the database's clock
);

-- limit_counts: token buckets kept for every machine at once (tables
-- made per address, codes guessed per address, and the like:
-- db/limits.go): key is what is counted ("tables:203.0.113.7"), n the
-- bucket's tokens in thousandths as of since.
CREATE TABLE limit_counts (
    key   TEXT PRIMARY KEY,
    since INTEGER NOT NULL,          -- unix ms, the database's clock
    n     INTEGER NOT NULL
);
CREATE INDEX limit_counts_since ON limit_counts(since);

-- ceremonies: passkey ceremonies begun and not yet finished (begin and
-- finish may reach two machines): the WebAuthn library's session data,
-- taken once by the finish.
CREATE TABLE ceremonies (
    id      TEXT PRIMARY KEY,
    kind    TEXT NOT NULL,
    data    TEXT NOT NULL,
    expires INTEGER NOT NULL         -- unix ms
);
CREATE INDEX ceremonies_expires ON ceremonies(expires);
