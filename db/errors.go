package db

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// IsFull reports a write refused because the disk (or the database's
// page limit) is full: SQLite's SQLITE_FULL, PostgreSQL's disk_full
// (53100).
func IsFull(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code()&0xff == sqlite3.SQLITE_FULL
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "53100"
	}
	return false
}

// isConstraint reports a write refused by a unique, primary or foreign
// key (SQLite's SQLITE_CONSTRAINT, PostgreSQL's class 23).
func isConstraint(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code()&0xff == sqlite3.SQLITE_CONSTRAINT
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return len(pe.Code) == 5 && pe.Code[:2] == "23"
	}
	return false
}

// flag is a boolean as the schema keeps it: INTEGER 0 or 1 (PostgreSQL's
// driver does not write a Go bool into a BIGINT).
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
