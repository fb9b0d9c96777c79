package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// copied are the tables CopyAll copies, in an order that keeps every
// foreign key satisfied; notCopied are those it leaves: what a running app
// makes afresh (the migrations applied, leases, machines, limit
// counters, passkey ceremonies in progress). Between them they name
// every table (TestCopyAllNamesEveryTable).
var (
	copied = []string{
		"rooms", "room_log", "room_snapshots", "sessions", "secrets", "handovers",
		"passkey_players", "passkeys", "finished_games", "results", "ratings", "players",
		"seatings", "bots", "player_languages", "push_subscriptions", "push_turns", "turns",
		"clubs", "club_members", "club_seasons", "club_tables",
	}
	notCopied = []string{"schema_migrations", "leases", "machines", "limit_counts", "ceremonies"}
)

// ErrNotEmpty refuses a copy into a database that already has tables.
var ErrNotEmpty = errors.New("the destination already has tables")

// CopyAll copies every row of src into dst, which must hold no table yet
// (ErrNotEmpty): an operator's move from one machine on SQLite to a
// cluster on PostgreSQL (`tables copy-db`). Both have the same schema
// (the same migrations); each table is copied in one transaction. It
// returns the rows copied per table.
func CopyAll(ctx context.Context, src, dst *DB) (map[string]int, error) {
	var n int
	if err := dst.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM rooms`).Scan(&n); err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, ErrNotEmpty
	}
	out := map[string]int{}
	for _, table := range copied {
		rows, err := src.r.QueryContext(ctx, `SELECT * FROM `+table)
		if err != nil {
			return out, fmt.Errorf("read %s: %w", table, err)
		}
		cols, err := rows.Columns()
		if err != nil {
			rows.Close()
			return out, err
		}
		params := make([]string, len(cols))
		for i := range params {
			params[i] = fmt.Sprintf("$%d", i+1)
		}
		insert := `INSERT INTO ` + table + `(` + strings.Join(cols, ", ") + `) VALUES (` + strings.Join(params, ", ") + `)`
		err = dst.tx(ctx, func(tx *sql.Tx) error {
			for rows.Next() {
				vals := make([]any, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				if err := rows.Scan(ptrs...); err != nil {
					return err
				}
				if _, err := tx.ExecContext(ctx, insert, vals...); err != nil {
					return err
				}
				out[table]++
			}
			return rows.Err()
		})
		rows.Close()
		if err != nil {
			return out, fmt.Errorf("copy %s: %w", table, err)
		}
	}
	return out, nil
}
