package db

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// The limits counted for every machine of a cluster at once (tables made
// per address, table codes guessed per address) are token buckets in the
// database, by its clock: key names what is counted ("tables:203.0.113.7");
// a bucket holds burst tokens and gains one every every. n is the bucket's
// tokens in thousandths as of since.

// refill is a bucket's tokens (thousandths) now: what it held, plus what
// the time since added, at most the burst ($2, thousandths; $3 is every
// in ms).
func (d *DB) refill() string {
	r := `(limit_counts.n + (` + d.now + ` - limit_counts.since) * 1000 / $3)`
	return `CASE WHEN ` + r + ` > $2 THEN $2 ELSE ` + r + ` END`
}

// TakeToken takes a token from the bucket key (burst tokens, one more
// every every), reporting whether there was one. A refused take costs a
// token too (down to one burst below empty), so a client that keeps
// trying keeps waiting.
func (d *DB) TakeToken(ctx context.Context, key string, burst int, every time.Duration) (bool, error) {
	var n int64
	capped := d.refill()
	err := d.w.QueryRowContext(ctx, `INSERT INTO limit_counts(key, since, n) VALUES ($1, `+d.now+`, $2 - 1000)
		ON CONFLICT(key) DO UPDATE SET
			n = CASE WHEN `+capped+` - 1000 < -$2 THEN -$2 ELSE `+capped+` - 1000 END,
			since = `+d.now+`
		RETURNING n`, key, int64(burst)*1000, every.Milliseconds()).Scan(&n)
	if err != nil {
		return false, err
	}
	return n >= 0, nil
}

// HasToken reports whether the bucket key has a token, without taking it.
func (d *DB) HasToken(ctx context.Context, key string, burst int, every time.Duration) (bool, error) {
	var n int64
	err := d.r.QueryRowContext(ctx, `SELECT `+d.refill()+` FROM limit_counts WHERE key = $1`,
		key, int64(burst)*1000, every.Milliseconds()).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return true, nil
	}
	return n >= 1000, err
}

// DeleteFullBuckets forgets the buckets untouched for longer than idle
// (every bucket is full again by then).
func (d *DB) DeleteFullBuckets(ctx context.Context, idle time.Duration) error {
	_, err := d.w.ExecContext(ctx, `DELETE FROM limit_counts WHERE since < `+d.now+` - $1`, idle.Milliseconds())
	return err
}
