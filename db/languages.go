package db

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// SetPlayerLanguage remembers the language a player chose (a catalog
// code).
func (d *DB) SetPlayerLanguage(ctx context.Context, player, lang string, now time.Time) error {
	_, err := d.w.ExecContext(ctx, `INSERT INTO player_languages(player, lang, updated) VALUES ($1, $2, $3)
		ON CONFLICT(player) DO UPDATE SET lang = excluded.lang, updated = excluded.updated`, player, lang, now.UnixMilli())
	return err
}

// PlayerLanguage is the language a player chose, or "" when they never
// chose one.
func (d *DB) PlayerLanguage(ctx context.Context, player string) (string, error) {
	var lang string
	err := d.r.QueryRowContext(ctx, `SELECT lang FROM player_languages WHERE player = $1`, player).Scan(&lang)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return lang, err
}
