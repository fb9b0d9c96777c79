package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/room"
)

// damagedTables runs the operators' subcommands for tables whose log has a
// damaged entry (a row that can't be read: such a table opens read-only
// at its last good entry):
//
//	tables damaged [-data DIR]        lists the open ones, with the row
//	tables repair  [-data DIR] CODE   cuts its log at the row: it resumes
//	                                  at its last good entry
//	tables close   [-data DIR] CODE   closes it (its log stays)
//
// -database postgres://… (DATABASE_URL) works on PostgreSQL instead.
// Run repair and close with the server stopped, or restart it after: a
// running server holds the table as it loaded it (in a cluster, stop the
// table's machine, or every machine).
func damagedTables(ctx context.Context, cmd string, args []string, getenv func(string) string, out io.Writer) int {
	flags := flag.NewFlagSet("tables "+cmd, flag.ContinueOnError)
	flags.SetOutput(out)
	dataDir := flags.String("data", envOr(getenv, "DATA_DIR", "./data"), "directory of tables.db")
	database := flags.String("database", getenv("DATABASE_URL"), "a postgres:// URL instead of SQLite")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if cmd != "damaged" && flags.NArg() != 1 {
		fmt.Fprintf(out, "usage: tables %s [-data DIR] CODE\n", cmd)
		return 2
	}
	addr := filepath.Join(*dataDir, "tables.db")
	if *database != "" {
		addr = *database
	}
	d, err := db.Open(ctx, addr)
	if err != nil {
		fmt.Fprintln(out, "database:", err)
		return 1
	}
	defer d.Close()
	switch cmd {
	case "damaged":
		codes, err := d.OpenRooms(ctx)
		if err != nil {
			fmt.Fprintln(out, "list tables:", err)
			return 1
		}
		found := 0
		for _, code := range codes {
			dmg, err := room.Check(ctx, d, code)
			switch {
			case err != nil:
				fmt.Fprintf(out, "%s: can't be read: %v\n", code, err)
				found++
			case dmg != nil:
				fmt.Fprintf(out, "%s: entry %d is damaged: %s\n", code, dmg.Seq, dmg.Err)
				found++
			}
		}
		fmt.Fprintf(out, "%d open tables, %d damaged\n", len(codes), found)
	case "repair":
		code := flags.Arg(0)
		dmg, err := room.Repair(ctx, d, code)
		switch {
		case err != nil:
			fmt.Fprintln(out, "repair:", err)
			return 1
		case dmg == nil:
			fmt.Fprintf(out, "%s: its log is sound, nothing to repair\n", code)
		default:
			fmt.Fprintf(out, "%s: its log now ends before entry %d (%s); it resumes there\n", code, dmg.Seq, dmg.Err)
		}
	case "close":
		code := flags.Arg(0)
		if err := d.SetStatus(ctx, code, db.StatusClosed, time.Now()); err != nil {
			fmt.Fprintln(out, "close:", err)
			return 1
		}
		fmt.Fprintf(out, "%s: closed (its log stays for replays)\n", code)
	}
	return 0
}

// envOr is an environment variable, or def when it is not set.
func envOr(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}

// copyDB runs `tables copy-db [-data DIR] -to postgres://…`: every table,
// log, player, passkey, result and rating of this machine's SQLite
// database into a new PostgreSQL database (migrated first), for a move to
// cluster mode (docs/OPERATIONS.md). Run it with the server stopped.
func copyDB(ctx context.Context, args []string, getenv func(string) string, out io.Writer) int {
	flags := flag.NewFlagSet("tables copy-db", flag.ContinueOnError)
	flags.SetOutput(out)
	dataDir := flags.String("data", envOr(getenv, "DATA_DIR", "./data"), "directory of tables.db")
	to := flags.String("to", getenv("DATABASE_URL"), "the PostgreSQL database to fill: postgres://…")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if !db.IsPostgres(*to) {
		fmt.Fprintln(out, "usage: tables copy-db [-data DIR] -to postgres://…")
		return 2
	}
	path := filepath.Join(*dataDir, "tables.db")
	if _, err := os.Stat(path); err != nil {
		fmt.Fprintln(out, "no SQLite database:", err)
		return 1
	}
	src, err := db.Open(ctx, path)
	if err != nil {
		fmt.Fprintln(out, "SQLite:", err)
		return 1
	}
	defer src.Close()
	dst, err := db.Open(ctx, *to)
	if err != nil {
		fmt.Fprintln(out, "PostgreSQL:", err)
		return 1
	}
	defer dst.Close()
	counts, err := db.CopyAll(ctx, src, dst)
	if err != nil {
		fmt.Fprintln(out, "copy:", err)
		return 1
	}
	names := make([]string, 0, len(counts))
	for t := range counts {
		names = append(names, t)
	}
	sort.Strings(names)
	for _, t := range names {
		fmt.Fprintf(out, "%-18s %d rows\n", t, counts[t])
	}
	return 0
}
