# Tables: make run | make test | make build | make generate | make bench | make phonecost
GO      ?= go
BIN     ?= bin/tables
CHROME  ?= /usr/bin/chromium
export CGO_ENABLED ?= 0

.PHONY: run build generate check-generate test test-unit test-e2e deps-e2e deps-pg vet bench load phonecost clean

run: build
	./$(BIN) -addr :8080 -data ./data

build: generate
	$(GO) build -trimpath -o $(BIN) .

# Regenerate templ code with the pinned templ (a Go tool in go.mod).
generate:
	$(GO) tool templ generate

# CI: generated code must be committed and current.
check-generate:
	$(GO) tool templ generate
	@git diff --exit-code --stat -- '*_templ.go' || (echo "templ output is stale: run 'make generate' and commit" && exit 1)
	@test -z "$$(git status --porcelain -- '*_templ.go')" || (echo "uncommitted templ output" && git status --porcelain -- '*_templ.go' && exit 1)

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (echo "gofmt needed:" && gofmt -l $$(git ls-files '*.go') && exit 1)

# Chromium for the browser tests, a colour emoji font so the screenshots
# show the reactions and icons a phone shows, and a Japanese font (IPA
# Gothic, 3.5 MB) for the Japanese table's; installed with apt-get when
# missing.
deps-e2e:
	@if [ ! -x "$(CHROME)" ] || [ ! -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || [ ! -e /usr/share/fonts/opentype/ipafont-gothic/ipag.ttf ]; then \
		echo "installing chromium, fonts-noto-color-emoji and fonts-ipafont-gothic"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-color-emoji fonts-ipafont-gothic >/dev/null; \
	fi
	@$(CHROME) --version

# PostgreSQL for the storage contract tests and the cluster tests: each
# test binary starts its own throwaway server (db/pgtest: initdb in a
# temporary folder, a free port, as the postgres user when root) and
# stops it. Debian's postgresql package, installed with apt-get when
# missing; the package's own service is not needed.
deps-pg:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null; then \
		echo "installing postgresql"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql >/dev/null; \
	fi
	@ls /usr/lib/postgresql/*/bin/initdb

# The e2e package runs browsers and whole servers: its own timeout, with
# room for a busy machine (go test's default is 10 minutes).
test: check-generate vet deps-e2e deps-pg
	$(GO) test -count=1 -timeout 30m ./...

test-unit: deps-pg
	$(GO) test ./game/... ./db/... ./room/... ./handlers/...

test-e2e: deps-e2e deps-pg
	$(GO) test -count=1 -timeout 30m -v ./e2e/...

# Benchmarks (a move's whole path: the mover's websocket frame, the
# actor, the commit, every viewer's push read by its client), the
# allocation budget of a move in each game, then short load runs with the
# server alone on a core when there are two (docs/PERFORMANCE.md): server
# CPU per President and Hold'em move, and memory per idle websocket.
PIN ?= $(shell [ "$$(nproc)" -ge 2 ] && command -v taskset >/dev/null && echo -server-cpus 0 -load-cpus 1)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./game/... ./room/... ./db/...
	$(GO) test -run '^$$' -bench MoveWholePath -benchtime 300x -benchmem ./handlers
	$(GO) test -count=1 -run TestMoveAllocationBudget -v ./room
	$(GO) run ./e2e/load -tables 300 -duration 10s -ramp 3s $(PIN)
	$(GO) run ./e2e/load -game holdem -players 6 -tables 200 -duration 10s -ramp 3s $(PIN)
	$(GO) run ./e2e/load -idle 2000

# What a live table costs a phone (issue 28): the page's main thread
# over 20 s of play with the CPU slowed 4x, then Lighthouse (mobile) on
# every page (npx lighthouse, from the npm registry). Wait for a quiet
# machine first: docs/PERFORMANCE.md.
phonecost: deps-e2e
	$(GO) run ./e2e/phonecost
	$(GO) run ./e2e/phonecost -lighthouse

clean:
	rm -rf bin
