package handlers

import (
	"os"
	"testing"

	"github.com/tablegames/tables/db/pgtest"
)

// The cluster tests run on a throwaway PostgreSQL server, started on
// first use and stopped when the package's tests end.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
