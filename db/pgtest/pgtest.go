// Package pgtest runs a throwaway PostgreSQL server for tests: Debian's
// postgresql package (installed by `make test` when missing), a data
// directory in a temporary folder, a free port on loopback, stopped at
// the end. initdb refuses to run as root, so as root the server runs as
// the `postgres` user.
//
// It owns nothing but that server: no schema, no data. Each test asks for
// a database of its own (NewDatabase) and migrates it by opening it with
// db.Open.
package pgtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the driver
)

// Server is a running throwaway PostgreSQL.
type Server struct {
	bin  string // the folder of initdb and postgres
	dir  string // the temporary folder: data/ and the socket
	port int
	uid  *user.User // the postgres user when we are root; nil otherwise

	mu  sync.Mutex
	cmd *exec.Cmd

	n atomic.Int64
}

// Bin finds the folder of PostgreSQL's programs (the newest installed),
// or says how to install them.
func Bin() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return vi > vj
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("PostgreSQL is not installed: apt-get install postgresql (make test does)")
}

// Start makes a new cluster in a temporary folder and starts its server.
func Start() (*Server, error) {
	bin, err := Bin()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, err
	}
	s := &Server{bin: bin, dir: dir}
	if os.Geteuid() == 0 {
		if s.uid, err = user.Lookup("postgres"); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root needs the postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(s.uid.Uid)
		gid, _ := strconv.Atoi(s.uid.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	out, err := s.command("initdb", "-D", s.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync").CombinedOutput()
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v: %s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s.port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	if err := s.Resume(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return s, nil
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

// command runs one of PostgreSQL's programs, as postgres when we are root.
func (s *Server) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	if s.uid != nil {
		uid, _ := strconv.Atoi(s.uid.Uid)
		gid, _ := strconv.Atoi(s.uid.Gid)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
	}
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	cmd.Dir = s.dir
	return cmd
}

// Resume starts the server (again, after Pause) and waits until it
// answers.
func (s *Server) Resume() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return nil
	}
	cmd := s.command("postgres", "-D", s.data(), "-p", strconv.Itoa(s.port), "-k", s.dir,
		"-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "full_page_writes=off",
		"-c", "max_connections=600", "-c", "shared_buffers=64MB")
	// the server's own log, kept in its folder (removed by Stop) and
	// quoted when it does not start
	logPath := filepath.Join(s.dir, "postgres.log")
	log, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err == nil {
		cmd.Stdout, cmd.Stderr = log, log
		defer log.Close() // the child holds its own copy
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	s.cmd = cmd
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		d, err := sql.Open("pgx", s.URL("postgres"))
		if err == nil {
			err = d.PingContext(ctx)
			d.Close()
		}
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			out, _ := os.ReadFile(logPath)
			return fmt.Errorf("postgres did not start: %w\n%s", err, out[max(0, len(out)-2000):])
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Pause stops the server (a fast shutdown: sessions are cut, nothing
// committed is lost); Resume starts it again on the same port and data.
func (s *Server) Pause() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return nil
	}
	s.cmd.Process.Signal(syscall.SIGINT)
	err := s.cmd.Wait()
	s.cmd = nil
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return nil // stopped by our signal
	}
	return err
}

// Stop stops the server and removes its folder.
func (s *Server) Stop() {
	s.Pause()
	os.RemoveAll(s.dir)
}

// URL is the address of database name on the server.
func (s *Server) URL(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, name)
}

// NewDatabase creates an empty database of its own and returns its URL.
func (s *Server) NewDatabase(ctx context.Context) (string, error) {
	name := fmt.Sprintf("t%d_%d", os.Getpid(), s.n.Add(1))
	d, err := sql.Open("pgx", s.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer d.Close()
	if _, err := d.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("create database: %w", err)
	}
	return s.URL(name), nil
}

// shared is the server of a test binary (Shared), stopped by Main.
var shared struct {
	once sync.Once
	srv  *Server
	err  error
}

// Shared is the test binary's one server, started on first use.
func Shared() (*Server, error) {
	shared.once.Do(func() { shared.srv, shared.err = Start() })
	return shared.srv, shared.err
}

// Main runs a package's tests and stops the shared server, if one was
// started: call it from TestMain (os.Exit(pgtest.Main(m))).
func Main(m *testing.M) int {
	code := m.Run()
	if shared.srv != nil {
		shared.srv.Stop()
	}
	return code
}

// NewDatabase is a new empty database on the shared server, for one
// test; the test fails when PostgreSQL can't be had.
func NewDatabase(t testing.TB) string {
	t.Helper()
	s, err := Shared()
	if err != nil {
		t.Fatalf("PostgreSQL for the tests: %v", err)
	}
	url, err := s.NewDatabase(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return url
}
