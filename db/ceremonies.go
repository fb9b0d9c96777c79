package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"time"
)

// ErrBusy refuses a new passkey ceremony while too many wait.
var ErrBusy = errors.New("too many ceremonies waiting")

// PutCeremony keeps a passkey ceremony of kind (its data, as JSON) until
// expires and returns its id (24 random URL-safe characters); ErrBusy
// when max others wait unexpired. In a cluster, begin and finish may
// reach two machines: the ceremony is in the shared database.
func (d *DB) PutCeremony(ctx context.Context, kind string, data []byte, now, expires time.Time, max int) (string, error) {
	var n int
	if err := d.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM ceremonies WHERE expires > $1`, now.UnixMilli()).Scan(&n); err != nil {
		return "", err
	}
	if n >= max {
		return "", ErrBusy
	}
	b := make([]byte, 18)
	rand.Read(b)
	id := base64.RawURLEncoding.EncodeToString(b)
	_, err := d.w.ExecContext(ctx, `INSERT INTO ceremonies(id, kind, data, expires) VALUES ($1, $2, $3, $4)`, id, kind, string(data), expires.UnixMilli())
	return id, err
}

// TakeCeremony removes a ceremony and returns its data if it is of kind
// and unexpired at now; ErrNotFound otherwise. A ceremony is taken once,
// even by a take of the wrong kind.
func (d *DB) TakeCeremony(ctx context.Context, id, kind string, now time.Time) ([]byte, error) {
	var k, data string
	var expires int64
	err := d.w.QueryRowContext(ctx, `DELETE FROM ceremonies WHERE id = $1 RETURNING kind, data, expires`, id).Scan(&k, &data, &expires)
	if errors.Is(err, sql.ErrNoRows) || err == nil && (k != kind || now.UnixMilli() >= expires) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return []byte(data), nil
}

// DeleteExpiredCeremonies forgets the ceremonies expired at now.
func (d *DB) DeleteExpiredCeremonies(ctx context.Context, now time.Time) error {
	_, err := d.w.ExecContext(ctx, `DELETE FROM ceremonies WHERE expires <= $1`, now.UnixMilli())
	return err
}
