package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// MaxPasskeys is how many passkeys one player may keep.
const MaxPasskeys = 10

// ErrPasskeyTaken is a credential id already stored (the same passkey
// registered twice), or a player who has MaxPasskeys already.
var ErrPasskeyTaken = errors.New("this passkey is registered already")

// PasskeyPlayer is a player who has a passkey: the WebAuthn user handle
// their authenticators keep and the name they play under.
type PasskeyPlayer struct {
	Player string
	Handle []byte
	Name   string
}

// Passkey is one credential of a player. Credential is the library's
// whole credential record (JSON), kept as it was given; ID, PublicKey and
// SignCount are copied out of it into their own columns.
type Passkey struct {
	ID         []byte
	Player     string
	RPID       string
	PublicKey  []byte
	SignCount  uint32
	Credential []byte
	Name       string // the name the authenticator shows for it
	Created    time.Time
	LastUsed   time.Time
}

// PasskeyPlayerOf is the player's passkey row: ErrNotFound when they have
// no passkey.
func (d *DB) PasskeyPlayerOf(ctx context.Context, player string) (PasskeyPlayer, error) {
	p := PasskeyPlayer{Player: player}
	err := d.r.QueryRowContext(ctx, `SELECT handle, name FROM passkey_players WHERE player = $1`, player).Scan(&p.Handle, &p.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	return p, err
}

// PasskeyPlayerByHandle is the player whose authenticators keep handle:
// ErrNotFound for an unknown one.
func (d *DB) PasskeyPlayerByHandle(ctx context.Context, handle []byte) (PasskeyPlayer, error) {
	p := PasskeyPlayer{Handle: handle}
	err := d.r.QueryRowContext(ctx, `SELECT player, name FROM passkey_players WHERE handle = $1`, handle).Scan(&p.Player, &p.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	return p, err
}

// AddPasskey stores a new credential for a player. The player's row is
// made with p.Handle if they have none; if they have one, its handle must
// be the same (the authenticator keeps the handle it was given), and the
// name becomes name. ErrPasskeyTaken for a credential id stored already
// or a player at MaxPasskeys.
func (d *DB) AddPasskey(ctx context.Context, p PasskeyPlayer, k Passkey) error {
	if k.Player != p.Player {
		return fmt.Errorf("add passkey: credential of %q for player %q", k.Player, p.Player)
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		var handle []byte
		err := tx.QueryRowContext(ctx, `SELECT handle FROM passkey_players WHERE player = $1`, p.Player).Scan(&handle)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			if _, err := tx.ExecContext(ctx, `INSERT INTO passkey_players(player, handle, name, created) VALUES ($1, $2, $3, $4)`,
				p.Player, p.Handle, p.Name, k.Created.UnixMilli()); err != nil {
				return err
			}
		case err != nil:
			return err
		case string(handle) != string(p.Handle):
			return fmt.Errorf("add passkey: the player's handle changed during the ceremony")
		default:
			if _, err := tx.ExecContext(ctx, `UPDATE passkey_players SET name = $1 WHERE player = $2`, p.Name, p.Player); err != nil {
				return err
			}
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM passkeys WHERE player = $1`, p.Player).Scan(&n); err != nil {
			return err
		}
		if n >= MaxPasskeys {
			return ErrPasskeyTaken
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO passkeys(id, player, rp_id, public_key, sign_count, credential, name, created, last_used)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			k.ID, k.Player, k.RPID, k.PublicKey, int64(k.SignCount), string(k.Credential), k.Name, k.Created.UnixMilli(), k.Created.UnixMilli())
		if isConstraint(err) {
			return ErrPasskeyTaken
		}
		return err
	})
}

// Passkeys are a player's credentials made for the relying party rpID,
// oldest first.
func (d *DB) Passkeys(ctx context.Context, player, rpID string) ([]Passkey, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT id, rp_id, public_key, sign_count, credential, name, created, last_used
		FROM passkeys WHERE player = $1 AND rp_id = $2 ORDER BY created, id`, player, rpID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ks []Passkey
	for rows.Next() {
		k := Passkey{Player: player}
		var count, created, used int64
		var cred string
		if err := rows.Scan(&k.ID, &k.RPID, &k.PublicKey, &count, &cred, &k.Name, &created, &used); err != nil {
			return nil, err
		}
		k.SignCount, k.Credential = uint32(count), []byte(cred)
		k.Created, k.LastUsed = time.UnixMilli(created), time.UnixMilli(used)
		ks = append(ks, k)
	}
	return ks, rows.Err()
}

// UsePasskey records a sign-in with a credential: its new signature
// counter and record, and when. ErrNotFound for an unknown credential.
func (d *DB) UsePasskey(ctx context.Context, id []byte, signCount uint32, credential []byte, now time.Time) error {
	res, err := d.w.ExecContext(ctx, `UPDATE passkeys SET sign_count = $1, credential = $2, last_used = $3 WHERE id = $4`,
		int64(signCount), string(credential), now.UnixMilli(), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// RenamePasskeyPlayer keeps the name a passkey restores up to date: the
// name the player last gave. A player without a passkey is left alone.
func (d *DB) RenamePasskeyPlayer(ctx context.Context, player, name string) error {
	_, err := d.w.ExecContext(ctx, `UPDATE passkey_players SET name = $1 WHERE player = $2 AND name <> $3`, name, player, name)
	return err
}
