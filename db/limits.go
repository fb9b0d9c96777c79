package db

import (
	"context"
	"time"
)

// Count counts one more event under key in a fixed window of length
// window (by the database's clock) and reports whether the count is
// still within max. The counter lives in the database, so every machine
// of a cluster counts against the same budget (docs/SECURITY.md).
func (d *DB) Count(ctx context.Context, key string, window time.Duration, max int) (bool, error) {
	var n int
	err := d.w.QueryRowContext(ctx, `INSERT INTO limit_counts(key, since, n) VALUES ($1, `+d.now+`, 1)
		ON CONFLICT(key) DO UPDATE SET
			n = CASE WHEN limit_counts.since < `+d.now+` - $2 THEN 1 ELSE limit_counts.n + 1 END,
			since = CASE WHEN limit_counts.since < `+d.now+` - $2 THEN `+d.now+` ELSE limit_counts.since END
		RETURNING n`, key, window.Milliseconds()).Scan(&n)
	if err != nil {
		return false, err
	}
	return n <= max, nil
}

// DeleteOldCounts forgets the counters whose window started before
// before (no window is longer).
func (d *DB) DeleteOldCounts(ctx context.Context, before time.Duration) error {
	_, err := d.w.ExecContext(ctx, `DELETE FROM limit_counts WHERE since < `+d.now+` - $1`, before.Milliseconds())
	return err
}
