-- Passkeys: "Keep my name, without a password". A player who adds a
-- passkey (WebAuthn) can sign in with it on any device and be the same
-- player again: the same player id, so their seats and record follow.
--
-- passkey_players is one row per player who has a passkey: the WebAuthn
-- user handle the authenticators keep (16 random bytes, not the player
-- id, which stays on the server) and the name they play under.
CREATE TABLE passkey_players (
    player  TEXT PRIMARY KEY,
    handle  BLOB NOT NULL UNIQUE,
    name    TEXT NOT NULL,
    created INTEGER NOT NULL
) WITHOUT ROWID;

-- passkeys is one row per credential: its id (the lookup key at sign-in),
-- the relying party it was made for, its public key (COSE) and signature
-- counter, and the whole webauthn.Credential as JSON, as the library
-- suggests, so flags and attestation survive for later checks. No secret
-- is kept: a copy of the database signs nobody in.
CREATE TABLE passkeys (
    id         BLOB PRIMARY KEY,
    player     TEXT NOT NULL REFERENCES passkey_players(player),
    rp_id      TEXT NOT NULL,
    public_key BLOB NOT NULL,
    sign_count INTEGER NOT NULL,
    credential TEXT NOT NULL,
    name       TEXT NOT NULL,
    created    INTEGER NOT NULL,
    last_used  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX passkeys_player ON passkeys(player);
