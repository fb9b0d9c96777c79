package db

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"time"
)

// ErrHandover is a handover link that can't be taken: unknown, for
// another table, used already, or expired. The four are one error, so a
// guesser learns nothing from the answer.
var ErrHandover = errors.New("this link is used or expired")

// Handover is who a handover link makes the device that takes it.
type Handover struct {
	Player, Name string
}

// CreateHandover makes a link for a player at a table, good once until
// expires, and returns its secret (22 URL-safe characters, 128 bits).
// Expired links are cleared on the way.
func (d *DB) CreateHandover(ctx context.Context, room string, h Handover, now, expires time.Time) (string, error) {
	b := make([]byte, 16)
	rand.Read(b)
	token := base64.RawURLEncoding.EncodeToString(b)
	sum := sha256.Sum256([]byte(token))
	err := d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM handovers WHERE expires <= $1`, now.UnixMilli()); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO handovers(hash, room, player, name, expires) VALUES ($1, $2, $3, $4, $5)`,
			sum[:], room, h.Player, h.Name, expires.UnixMilli())
		return err
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// PeekHandover tells whether a link could be taken now, without taking
// it (the page a link opens asks first: a chat app's preview must not
// use it up).
func (d *DB) PeekHandover(ctx context.Context, room, token string, now time.Time) (Handover, error) {
	sum := sha256.Sum256([]byte(token))
	var h Handover
	err := d.r.QueryRowContext(ctx, `SELECT player, name FROM handovers WHERE hash = $1 AND room = $2 AND used = 0 AND expires > $3`,
		sum[:], room, now.UnixMilli()).Scan(&h.Player, &h.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return h, ErrHandover
	}
	return h, err
}

// TakeHandover uses a link up: the first to take it gets its player, and
// anyone after (or after it expired) gets ErrHandover.
func (d *DB) TakeHandover(ctx context.Context, room, token string, now time.Time) (Handover, error) {
	sum := sha256.Sum256([]byte(token))
	var h Handover
	err := d.w.QueryRowContext(ctx, `UPDATE handovers SET used = 1 WHERE hash = $1 AND room = $2 AND used = 0 AND expires > $3 RETURNING player, name`,
		sum[:], room, now.UnixMilli()).Scan(&h.Player, &h.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return h, ErrHandover
	}
	return h, err
}
