package db

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/tablegames/tables/db/pgtest"
)

// The contract tests run every test of the storage API against both
// backends: a new SQLite file and a new database on a throwaway
// PostgreSQL server (started once for the package, stopped at the end).

// opener makes a new empty database of one backend and returns it with
// its address (Open(addr) opens it again).
type opener func(t *testing.T) (*DB, string)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// newPostgres makes a new database on the shared PostgreSQL server.
func newPostgres(t *testing.T) (*DB, string) {
	t.Helper()
	url := pgtest.NewDatabase(t)
	d, err := Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, url
}

// eachBackend runs test against SQLite, then PostgreSQL.
func eachBackend(t *testing.T, test func(t *testing.T, open opener)) {
	for _, b := range []struct {
		name string
		open opener
	}{{"sqlite", open}, {"postgres", newPostgres}} {
		t.Run(b.name, func(t *testing.T) { test(t, b.open) })
	}
}

// TestSchemasAgree: the migrations give both backends the same tables
// with the same columns in the same order.
func TestSchemasAgree(t *testing.T) {
	schema := func(d *DB) map[string][]string {
		q := `SELECT name FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%'`
		cols := `SELECT name FROM pragma_table_info($1) ORDER BY cid`
		if d.pg {
			q = `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`
			cols = `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`
		}
		tables, err := d.codes(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]string{}
		for _, tb := range tables {
			c, err := d.codes(context.Background(), cols, tb)
			if err != nil {
				t.Fatal(err)
			}
			out[tb] = c
		}
		return out
	}
	lite, _ := open(t)
	post, _ := newPostgres(t)
	a, b := schema(lite), schema(post)
	if len(a) < 15 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("the schemas differ:\nSQLite     %v\nPostgreSQL %v", a, b)
	}
}
