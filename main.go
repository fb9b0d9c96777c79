// Command tables serves card and board games for friends and bots: one
// binary, one SQLite file, or several machines sharing one PostgreSQL
// database (cluster mode).
//
//	tables [-addr :8080] [-data ./data]      serve
//	tables -database postgres://… [-cluster] serve from PostgreSQL
//	tables verify FILE                       check a table's record (fair.json; - for stdin)
//	tables restore -o FILE [-backup-url URL] write the latest backup to FILE
//	tables backups [-backup-url URL]         list what the backup holds
//	tables copy-db [-data DIR] -to URL       copy the SQLite database into a
//	                                         new PostgreSQL one (to cluster mode)
//
// Every flag has an environment variable (PORT, DATA_DIR, PUBLIC_URL,
// ALLOWED_ORIGINS, SECURE_COOKIES, MAX_TABLES, LOG_LEVEL, DEBUG_ADDR,
// METRICS_ADDR, METRICS_TOKEN, BACKUP_URL, TRUST_PROXY, DATABASE_URL,
// DB_MAX_CONNS, CLUSTER, CLUSTER_ADDR, LLM_BASE_URL, LLM_MODEL, LLM_API_KEY).
// Cluster mode (-cluster) reads Fly's FLY_MACHINE_ID and FLY_APP_NAME.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof" // served only on -debug-addr
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tablegames/tables/cluster"
	"github.com/tablegames/tables/db"
	"github.com/tablegames/tables/db/backup"
	"github.com/tablegames/tables/handlers"
	"github.com/tablegames/tables/room"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "verify":
			os.Exit(verify(os.Args[2:], os.Stdin, os.Stdout))
		case "restore", "backups":
			os.Exit(backups(ctx, os.Args[1], os.Args[2:], os.Getenv, os.Stdout))
		case "damaged", "repair", "close":
			os.Exit(damagedTables(ctx, os.Args[1], os.Args[2:], os.Getenv, os.Stdout))
		case "copy-db":
			os.Exit(copyDB(ctx, os.Args[2:], os.Getenv, os.Stdout))
		}
	}
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tables:", err)
		os.Exit(1)
	}
}

// run starts the server and blocks until ctx is done, then shuts down
// gracefully: stop accepting, finish in-flight moves, close websockets
// with 1012 so browsers reconnect to the next process.
// checkMetricsAddr refuses a metrics listener beyond loopback without a
// token: on a private network (Fly's 6PN) every machine of the
// organisation could read the counters.
func checkMetricsAddr(addr, token string) error {
	if addr == "" || token != "" {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("metrics address %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); host == "localhost" || ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("metrics address %q is not loopback: set METRICS_TOKEN (or -metrics-token) so only your scraper reads /metrics", addr)
}

// passkeySite is the site passkeys are made for: the public URL, else
// http://localhost and the port of the listen address (make run: a
// browser on this machine), never a request's Host (issue 40, item 15).
// "" for an address without a port.
func passkeySite(publicURL, addr string) string {
	if publicURL != "" {
		return publicURL
	}
	_, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" || port == "0" {
		return ""
	}
	return "http://localhost:" + port
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	env := func(name, def string) string {
		if v := getenv(name); v != "" {
			return v
		}
		return def
	}
	port := env("PORT", "8080")
	fs := flag.NewFlagSet("tables", flag.ContinueOnError)
	addr := fs.String("addr", ":"+port, "listen address")
	dataDir := fs.String("data", env("DATA_DIR", "./data"), "directory of the SQLite database")
	publicURL := fs.String("public-url", env("PUBLIC_URL", ""), "base URL for share links and the site passkeys are made for (default: links from the request's host, passkeys at http://localhost:PORT)")
	origins := fs.String("allowed-origins", env("ALLOWED_ORIGINS", ""), "comma-separated extra origins allowed to open websockets")
	secure := fs.Bool("secure-cookies", env("SECURE_COOKIES", "") == "true", "mark cookies Secure (serve behind TLS)")
	maxTables, _ := strconv.Atoi(env("MAX_TABLES", "1000"))
	fs.IntVar(&maxTables, "max-tables", maxTables, "most open tables")
	level := fs.String("log-level", env("LOG_LEVEL", "info"), "debug, info, warn or error")
	debugAddr := fs.String("debug-addr", env("DEBUG_ADDR", ""), "serve net/http/pprof here (loopback only), e.g. 127.0.0.1:6060")
	metricsAddr := fs.String("metrics-addr", env("METRICS_ADDR", "127.0.0.1:9091"), "serve /metrics here, never on the public port (empty: off)")
	metricsToken := fs.String("metrics-token", env("METRICS_TOKEN", ""), "require this bearer token on /metrics (prefer the METRICS_TOKEN environment variable)")
	database := fs.String("database", env("DATABASE_URL", ""), "a postgres:// URL to keep everything in PostgreSQL (needed by -cluster); empty: SQLite in -data")
	maxConns, _ := strconv.Atoi(env("DB_MAX_CONNS", "20"))
	fs.IntVar(&maxConns, "db-max-conns", maxConns, "with -database: the most connections this machine opens to PostgreSQL")
	backupURL := fs.String("backup-url", env("BACKUP_URL", ""), "SQLite only: replicate the database continuously to file:///dir or s3://bucket/path (off when empty)")
	backupSync := fs.Duration("backup-sync-interval", time.Second, "how often new transactions are shipped to the backup: the most a lost machine loses")
	restoreIfMissing := fs.Bool("restore-if-missing", true, "with -backup-url: restore the latest backup when the data directory has no database")
	noLimits := fs.Bool("no-rate-limits", false, "turn off the per-address and per-session limits (load tests on loopback only)")
	trustProxy := fs.Bool("trust-proxy", env("TRUST_PROXY", "") == "true", "take client addresses from X-Forwarded-For (behind a proxy)")
	co := clusterOptions{machine: getenv("FLY_MACHINE_ID"), app: getenv("FLY_APP_NAME")}
	fs.BoolVar(&co.on, "cluster", env("CLUSTER", "") == "true", "serve as one machine of several on Fly (needs -database postgres://…; docs/OPERATIONS.md)")
	defaultAddr := ""
	if co.machine != "" && co.app != "" {
		defaultAddr = "http://" + co.machine + ".vm." + co.app + ".internal:" + port
	}
	fs.StringVar(&co.addr, "cluster-addr", env("CLUSTER_ADDR", defaultAddr), "with -cluster: how the other machines reach this one")
	fs.DurationVar(&co.ttl, "cluster-ttl", 15*time.Second, "with -cluster: how long a table's lease lasts unrenewed (by the database's clock): a machine gone is replaced within it and a third")
	var cfg handlers.Config
	fs.DurationVar(&cfg.BotDelayMin, "bot-delay-min", 0, "shortest bot thinking time, for every game (0: each game's own pace)")
	fs.DurationVar(&cfg.BotDelayMax, "bot-delay-max", 0, "longest bot thinking time, for every game (0: each game's own pace)")
	fs.DurationVar(&cfg.NextDealDelay, "next-deal-delay", 6*time.Second, "pause between deals")
	fs.DurationVar(&cfg.AbsentAutoplay, "absent-autoplay", 30*time.Second, "a disconnected player's move is played for them after this")
	fs.DurationVar(&cfg.AbsentGrace, "absent-grace", 90*time.Second, "a bot takes the seat of a player gone this long")
	fs.DurationVar(&cfg.IdleClose, "idle-close", 24*time.Hour, "close tables without a move, or with nobody connected, for this long")
	fs.DurationVar(&cfg.Unattended, "unattended", 10*time.Minute, "bots pause at a table nobody has been connected to for this long (a table's own option overrides it)")
	fs.IntVar(&cfg.MaxSocketsPerIP, "max-sockets-per-ip", 20, "most websockets one client address may hold")
	fs.StringVar(&cfg.LLM.BaseURL, "llm-base-url", env("LLM_BASE_URL", ""), "OpenAI-compatible API base URL for LLM bots, e.g. https://api.openai.com/v1 (off when empty)")
	fs.StringVar(&cfg.LLM.Model, "llm-model", env("LLM_MODEL", ""), "model name for LLM bots")
	fs.StringVar(&cfg.LLM.APIKey, "llm-api-key", env("LLM_API_KEY", ""), "API key for LLM bots (prefer the LLM_API_KEY environment variable)")
	fs.DurationVar(&cfg.LLMTimeout, "llm-timeout", 5*time.Second, "an LLM bot that has not answered by then checks or folds")
	fs.StringVar(&cfg.Push.Subject, "push-subject", env("PUSH_SUBJECT", ""), "Web Push: who the push services may contact, a mailto: address or https URL (default: -public-url)")
	cfg.Push.PublicKey, cfg.Push.PrivateKey = getenv("VAPID_PUBLIC_KEY"), getenv("VAPID_PRIVATE_KEY")
	fs.BoolVar(&cfg.Push.PrivateEndpoints, "push-private-endpoints", false, "Web Push: accept push endpoints on plain http and private or loopback addresses (tests only)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := checkMetricsAddr(*metricsAddr, *metricsToken); err != nil {
		return err
	}

	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		return fmt.Errorf("log level: %w", err)
	}
	log := slog.New(slog.NewJSONHandler(stdout, &slog.HandlerOptions{Level: lvl}))
	slog.SetDefault(log) // libraries that log to the default (Litestream's restore) log as we do

	if err := os.MkdirAll(*dataDir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(*dataDir, "tables.db")
	if co.on {
		if err := co.check(*database); err != nil {
			return err
		}
	}
	var d *db.DB
	var err error
	var rep *backup.Replicator
	if db.IsPostgres(*database) {
		if *backupURL != "" {
			return errors.New("-backup-url is for SQLite: PostgreSQL keeps its own backups (docs/OPERATIONS.md)")
		}
		if d, err = db.OpenOptions(ctx, *database, db.Options{MaxConns: maxConns}); err != nil {
			return err
		}
		defer d.Close()
	} else {
		if *database != "" {
			return fmt.Errorf("-database must be a postgres:// URL (SQLite lives in -data): %q", *database)
		}
		if *backupURL != "" && *restoreIfMissing {
			if err := restoreMissing(ctx, *backupURL, path, log); err != nil {
				return err
			}
		}
		if d, err = db.OpenOptions(ctx, path, db.Options{NoAutoCheckpoint: *backupURL != ""}); err != nil {
			return err
		}
		defer d.Close()
		if *backupURL != "" {
			if rep, err = backup.Start(ctx, path, backup.Config{URL: *backupURL, SyncInterval: *backupSync, Log: log}); err != nil {
				return err
			}
			cfg.Backup = rep.Status
		}
	}

	cfg.PublicURL, cfg.SecureCookies, cfg.MaxOpenTables, cfg.TrustProxy = *publicURL, *secure, maxTables, *trustProxy
	cfg.PasskeyURL = passkeySite(*publicURL, *addr)
	if *publicURL == "" && !co.on {
		if cfg.PasskeyURL == "" {
			log.Warn("passkeys are off: set -public-url (PUBLIC_URL) to the address people use", "addr", *addr)
		} else {
			log.Warn("no -public-url: passkeys work only for a browser at "+cfg.PasskeyURL+"; set -public-url (PUBLIC_URL) to the address people use", "passkeys", cfg.PasskeyURL)
		}
	}
	if *noLimits {
		cfg.Limits = handlers.NoLimits()
	}
	for _, o := range strings.Split(*origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			cfg.AllowedOrigins = append(cfg.AllowedOrigins, o)
		}
	}
	var srv *handlers.Server
	var node *cluster.Node
	if co.on {
		if node, err = joinCluster(ctx, co, d, &srv, log); err != nil {
			return err
		}
		cfg.Cluster = node
	}
	srv, err = handlers.NewServer(ctx, cfg, d, log)
	if err != nil {
		return err
	}
	runCtx, stopCluster := context.WithCancel(ctx)
	defer stopCluster()
	if node != nil {
		go node.Run(runCtx)
	}

	if *debugAddr != "" {
		host, _, _ := net.SplitHostPort(*debugAddr)
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			return fmt.Errorf("-debug-addr must be a loopback address")
		}
		go func() {
			if err := http.ListenAndServe(*debugAddr, http.DefaultServeMux); err != nil {
				log.Error("debug listener", "err", err)
			}
		}()
	}
	// Metrics live on a listener of their own: counters such as the bytes
	// pushed would let a player size an opponent's frames.
	if *metricsAddr != "" {
		mln, err := net.Listen("tcp", *metricsAddr)
		switch {
		case err != nil && !flagSet(fs, "metrics-addr") && getenv("METRICS_ADDR") == "":
			// the default port is taken (a second server on this machine):
			// serve without metrics rather than not at all
			log.Warn("metrics off: the default metrics port is taken; set -metrics-addr", "addr", *metricsAddr, "err", err)
		case err != nil:
			return fmt.Errorf("metrics listener: %w", err)
		default:
			ms := &http.Server{Handler: srv.MetricsHandler(*metricsToken), ReadHeaderTimeout: 10 * time.Second}
			go ms.Serve(mln)
			defer ms.Close()
			log.Info("metrics", "addr", mln.Addr().String(), "token", *metricsToken != "")
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	// a bot's stream is a request that never ends by itself: a graceful
	// stop ends them first, or it would wait on them for its whole drain
	hs.RegisterOnShutdown(srv.EndBotStreams)
	log.Info("listening", "addr", ln.Addr().String(), "data", *dataDir)
	warmCtx, cancelWarm := context.WithCancel(ctx)
	defer cancelWarm()
	go srv.Warm(warmCtx)
	go srv.Janitor(warmCtx, time.Minute)

	serveErr := make(chan error, 1)
	go func() { serveErr <- hs.Serve(ln) }()
	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}

	log.Info("shutting down")
	cancelWarm()
	// all of it within Fly's kill timeout (10 s): 6 s to drain, 3 s for the
	// backup's final sync
	drain(hs, srv, 6*time.Second, log)
	if node != nil {
		// hand every table on at once: players wait for a reload, not for
		// a lease to run out
		stopCluster()
		leaveCtx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		if err := node.Leave(leaveCtx); err != nil {
			log.Warn("cluster: hand the tables on", "err", err)
		}
		cancel()
	}
	if err := d.Close(); err != nil {
		log.Warn("close database", "err", err)
	}
	if rep != nil {
		// the final sync: every committed move goes to the replica
		closeCtx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		rep.Close(closeCtx)
	}
	log.Info("stopped")
	return nil
}

// flagSet reports whether a flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// restoreMissing restores the latest backup to path when there is no
// database there yet (a new machine, an empty volume).
func restoreMissing(ctx context.Context, url, path string, log *slog.Logger) error {
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		return err // a database is there (or the disk fails): keep it
	}
	start := time.Now()
	got, err := backup.Restore(ctx, url, path, log)
	switch {
	case errors.Is(err, backup.ErrNoBackup):
		log.Info("no backup to restore: starting with an empty database")
		return nil
	case err != nil:
		return fmt.Errorf("restore from the backup: %w", err)
	}
	log.Info("restored from the backup", "txid", got.TXID, "shipped_at", got.At, "took", time.Since(start))
	return nil
}

// backups runs the operators' subcommands: restore -o FILE writes the
// latest backup to FILE; backups lists what the replica holds.
func backups(ctx context.Context, cmd string, args []string, getenv func(string) string, out io.Writer) int {
	flags := flag.NewFlagSet("tables "+cmd, flag.ContinueOnError)
	flags.SetOutput(out)
	url := flags.String("backup-url", getenv("BACKUP_URL"), "the replica: file:///dir or s3://bucket/path")
	output := flags.String("o", "", "restore: the database file to write (must not exist)")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if *url == "" {
		fmt.Fprintln(out, "no backup URL: give -backup-url or set BACKUP_URL")
		return 2
	}
	if cmd == "restore" {
		if *output == "" {
			fmt.Fprintln(out, "usage: tables restore -o FILE [-backup-url URL]")
			return 2
		}
		if _, err := os.Stat(*output); !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(out, "%s exists: restore writes a new file\n", *output)
			return 2
		}
		got, err := backup.Restore(ctx, *url, *output, nil)
		if err != nil {
			fmt.Fprintln(out, "restore:", err)
			return 1
		}
		fmt.Fprintf(out, "restored %s up to transaction %d (shipped %s)\n", *output, got.TXID, got.At.Format(time.RFC3339))
		return 0
	}
	levels, err := backup.List(ctx, *url)
	if err != nil {
		fmt.Fprintln(out, "backups:", err)
		return 1
	}
	if len(levels) == 0 {
		fmt.Fprintln(out, "the replica holds no backup")
		return 1
	}
	fmt.Fprintln(out, "level  files      bytes  transactions     first                 last")
	for _, l := range levels {
		name := strconv.Itoa(l.Level)
		if l.Level > 3 {
			name = "snap"
		}
		fmt.Fprintf(out, "%-5s %6d %10d  %6d–%-6d  %s  %s\n", name, l.Files, l.Bytes, l.MinTXID, l.MaxTXID,
			l.First.UTC().Format(time.RFC3339), l.Last.UTC().Format(time.RFC3339))
	}
	return 0
}

// drain stops the server in order: stop accepting and let the requests in
// flight (moves) finish, and only then stop the tables and close their
// websockets with 1012, so no move that was accepted meets a closed table.
func drain(hs *http.Server, tables interface{ Shutdown(context.Context) error }, timeout time.Duration, log *slog.Logger) {
	httpCtx, cancel := context.WithTimeout(context.Background(), timeout*3/4)
	defer cancel()
	if err := hs.Shutdown(httpCtx); err != nil {
		log.Warn("http shutdown", "err", err)
	}
	tablesCtx, cancel := context.WithTimeout(context.Background(), timeout/4)
	defer cancel()
	if err := tables.Shutdown(tablesCtx); err != nil {
		log.Warn("shutdown", "err", err)
	}
}

// verify checks a table's record (GET /t/CODE/fair.json): every revealed
// seed against its commitment, and every log line against a re-run of the
// game. It returns the exit code: 0 verified, 1 not, 2 unreadable.
func verify(args []string, stdin io.Reader, out io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(out, "usage: tables verify FILE (the table's fair.json; - reads stdin)")
		return 2
	}
	in := stdin
	if args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			fmt.Fprintln(out, err)
			return 2
		}
		defer f.Close()
		in = f
	}
	var rec room.FairRecord
	if err := json.NewDecoder(in).Decode(&rec); err != nil {
		fmt.Fprintln(out, "not a table record:", err)
		return 2
	}
	v, err := room.Verify(rec)
	for i, d := range v.Deals {
		fmt.Fprintf(out, "%d. commitment %s, seed %s: matches\n", i+1, d.Commitment, d.Seed)
	}
	if err != nil {
		fmt.Fprintln(out, "NOT VERIFIED:", err)
		return 1
	}
	fmt.Fprintf(out, "verified: table %s, %d seeds, %d log lines reproduced\n", rec.Code, len(v.Deals), v.Lines)
	return 0
}
