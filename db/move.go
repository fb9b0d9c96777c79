package db

import (
	"context"
	"fmt"
)

// StatusMoved marks a room another machine now serves (cluster mode): its
// rows here are an old copy, never loaded or served again.
const StatusMoved = "moved"

// Rooms lists the codes of every room not moved away, open or closed.
func (d *DB) Rooms(ctx context.Context) ([]string, error) {
	return d.codes(ctx, `SELECT code FROM rooms WHERE status != ?`, StatusMoved)
}

// MoveRooms marks rooms as served by another machine from now on.
func (d *DB) MoveRooms(ctx context.Context, codes []string) error {
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, c := range codes {
		if _, err := tx.ExecContext(ctx, `UPDATE rooms SET status = ? WHERE code = ?`, StatusMoved, c); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Import copies the rooms of the database file src that match (their row,
// log, snapshots and seats' bots; rooms moved away from src are left) into this
// database, in one transaction, replacing any older copy here. It returns
// the codes copied. src is another machine's database restored from its
// backup: the same schema.
func (d *DB) Import(ctx context.Context, src string, match func(code string) bool) ([]string, error) {
	conn, err := d.w.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `ATTACH DATABASE ? AS src`, "file:"+src+"?mode=ro"); err != nil {
		return nil, fmt.Errorf("import: open %s: %w", src, err)
	}
	defer conn.ExecContext(context.Background(), `DETACH DATABASE src`)
	rows, err := conn.QueryContext(ctx, `SELECT code FROM src.rooms WHERE status != ?`, StatusMoved)
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	var codes []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return nil, err
		}
		if match(c) {
			codes = append(codes, c)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// a seat's bot (bots.room) moves with its table: its program plays on
	// with the token its host was shown (src from before remote bots has
	// none)
	var srcBots int
	if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM src.sqlite_master WHERE type = 'table' AND name = 'bots'`).Scan(&srcBots); err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	for _, c := range codes {
		qs := []string{
			`DELETE FROM room_snapshots WHERE room = ?`,
			`DELETE FROM room_log WHERE room = ?`,
			`DELETE FROM rooms WHERE code = ?`,
			`INSERT INTO rooms(code, kind, options, created_at, updated_at, status)
				SELECT code, kind, options, created_at, updated_at, status FROM src.rooms WHERE code = ?`,
			`INSERT INTO room_log(room, seq, at, entry) SELECT room, seq, at, entry FROM src.room_log WHERE room = ?`,
			`INSERT INTO room_snapshots(room, seq, state) SELECT room, seq, state FROM src.room_snapshots WHERE room = ?`,
			`DELETE FROM bots WHERE room = ?`,
		}
		if srcBots > 0 {
			qs = append(qs, `INSERT INTO bots(id, name, owner, room, token, created, revoked)
				SELECT id, name, owner, room, token, created, revoked FROM src.bots WHERE room = ?`)
		}
		for _, q := range qs {
			if _, err := tx.ExecContext(ctx, q, c); err != nil {
				return nil, fmt.Errorf("import %s: %w", c, err)
			}
		}
	}
	return codes, tx.Commit()
}
