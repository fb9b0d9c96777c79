package db

import (
	"context"
	"database/sql"
	"time"
)

// PushSubscription is one device's Web Push subscription: where its
// browser's push service takes messages, and the keys they are
// encrypted for (base64url, as the browser gives them).
type PushSubscription struct {
	Endpoint string
	P256dh   string
	Auth     string
	Created  time.Time
}

// SavePushSubscription keeps sub as player's, replacing what that
// endpoint held before (a device handed to another player becomes
// theirs, with no turn pushed yet), and forgets the player's oldest
// subscriptions past max.
func (d *DB) SavePushSubscription(ctx context.Context, player string, sub PushSubscription, max int) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM push_turns WHERE endpoint = $1`, sub.Endpoint); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO push_subscriptions(endpoint, player, p256dh, auth, created)
			VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT(endpoint) DO UPDATE SET player = excluded.player, p256dh = excluded.p256dh,
				auth = excluded.auth, created = excluded.created`,
			sub.Endpoint, player, sub.P256dh, sub.Auth, sub.Created.UnixMilli()); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE player = $1 AND endpoint NOT IN (
			SELECT endpoint FROM push_subscriptions WHERE player = $1 ORDER BY created DESC, endpoint LIMIT $2)`, player, max)
		return err
	})
}

// PushSubscriptions are player's subscriptions, newest first.
func (d *DB) PushSubscriptions(ctx context.Context, player string) ([]PushSubscription, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT endpoint, p256dh, auth, created FROM push_subscriptions
		WHERE player = $1 ORDER BY created DESC, endpoint`, player)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PushSubscription
	for rows.Next() {
		var s PushSubscription
		var ms int64
		if err := rows.Scan(&s.Endpoint, &s.P256dh, &s.Auth, &ms); err != nil {
			return nil, err
		}
		s.Created = time.UnixMilli(ms)
		out = append(out, s)
	}
	return out, rows.Err()
}

// DeletePushSubscription forgets player's subscription at endpoint (they
// turned it off, or the push service said it is gone), reporting whether
// there was one.
func (d *DB) DeletePushSubscription(ctx context.Context, player, endpoint string) (bool, error) {
	res, err := d.w.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE player = $1 AND endpoint = $2`, player, endpoint)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// ClaimPushTurn records that the turn that began after log entry seq at
// room is being pushed to the device at endpoint, reporting false when
// it, or a later turn of that table, already was (by this machine or
// another), or the subscription is gone: a turn is pushed at most once
// per device, and never after a newer one.
func (d *DB) ClaimPushTurn(ctx context.Context, endpoint, room string, seq int64) (bool, error) {
	res, err := d.w.ExecContext(ctx, `INSERT INTO push_turns(endpoint, room, seq)
		SELECT endpoint, $2, $3 FROM push_subscriptions WHERE endpoint = $1
		ON CONFLICT(endpoint, room) DO UPDATE SET seq = excluded.seq WHERE push_turns.seq < excluded.seq`, endpoint, room, seq)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
