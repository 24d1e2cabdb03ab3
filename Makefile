# Hearth: every workflow is a target here; CI calls the same ones.
SWIFT ?= swift
PORT ?= 8080
VENV := .venv
ARTIFACTS := .test-artifacts
RELEASE_BIN := .build/release/hearth
DIST_BIN := .build/dist/hearth
DEBUG_BIN := .build/debug/hearth
FUZZ_EXAMPLES ?= 500
TRIALS ?= 100
SOAK_MINUTES ?= 30
CLUSTER_PORT ?= 8080
CHAOS_SECONDS ?= 300

.PHONY: run build release test test-swift test-browser test-contract fuzz crash-trials soak cluster cluster-chaos receipts bench clean

## run: install what is missing, build in release mode, serve at http://localhost:$(PORT) with SQLite in ./data
run: release
	$(DIST_BIN) serve --port $(PORT)

## release: the release build, and beside it in .build/dist the binary to ship: without its debug
## information (in hearth.debug beside it, which debuggers find by its link), with its symbols
release:
	scripts/install-deps.sh run
	$(SWIFT) build -c release --product hearth
	[ $(DIST_BIN) -nt $(RELEASE_BIN) ] || { mkdir -p $(dir $(DIST_BIN)) && \
		objcopy --only-keep-debug $(RELEASE_BIN) $(DIST_BIN).debug && \
		objcopy --strip-debug --add-gnu-debuglink=$(DIST_BIN).debug $(RELEASE_BIN) $(DIST_BIN); }

build:
	$(SWIFT) build

## test: unit, store (SQLite and a throwaway PostgreSQL), server, CLI, browser and contract tests
## (fuzzing, isolation, limits, a handful of crash trials), all on one debug build: a second,
## release build would take a fresh CI run past 30 minutes. The three suites run side by side (each
## with its own servers and PostgreSQL); each one's output shows, whole, when it ends. fuzz,
## crash-trials and soak below run the same harness much longer against the release server.
test:
	scripts/install-deps.sh test
	$(SWIFT) build --build-tests
	$(MAKE) --jobs=3 --keep-going --output-sync=target BUILT=yes test-swift test-browser test-contract

test-swift:
	scripts/with-postgres.sh $(SWIFT) test --skip-build

$(VENV)/.installed: Tests/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q -r Tests/requirements.txt
	touch $@

# BUILT=yes: `make test` built everything already (a second `swift build` would wait for `swift test`'s lock).
test-browser: $(VENV)/.installed
	$(if $(BUILT),,$(SWIFT) build --product hearth)
	mkdir -p $(ARTIFACTS)/browser
	HEARTH_BIN=$(DEBUG_BIN) $(VENV)/bin/pytest -q -p no:cacheprovider Tests/Browser

test-contract: $(VENV)/.installed
	$(if $(BUILT),,$(SWIFT) build --product hearth)
	mkdir -p $(ARTIFACTS)/contract
	HEARTH_BIN=$(DEBUG_BIN) scripts/with-postgres.sh $(VENV)/bin/pytest -q -p no:cacheprovider Tests/Contract

## fuzz: schemathesis with $(FUZZ_EXAMPLES) examples per operation (make test runs 25); prints its figures
fuzz: release $(VENV)/.installed
	mkdir -p $(ARTIFACTS)/contract
	HEARTH_BIN=$(RELEASE_BIN) FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) FUZZ_SEED=$${FUZZ_SEED:-random} \
		$(VENV)/bin/pytest -q -s -p no:cacheprovider Tests/Contract/test_fuzz.py

## crash-trials: $(TRIALS) SIGKILL trials per backend (SQLite and a throwaway PostgreSQL), with the counts
crash-trials: release $(VENV)/.installed
	HEARTH_BIN=$(RELEASE_BIN) scripts/with-postgres.sh $(VENV)/bin/python scripts/crash_trials.py --trials $(TRIALS)

## soak: 200 requests/s of mixed work for SOAK_MINUTES (default 30); errors, latency, memory, descriptors per minute
soak: release $(VENV)/.installed
	HEARTH_BIN=$(RELEASE_BIN) SOAK_MINUTES=$(SOAK_MINUTES) $(VENV)/bin/python scripts/soak.py

## cluster: a throwaway PostgreSQL, three release servers sharing it (one key, one media folder) and
## nginx round-robin in front, at http://localhost:$(CLUSTER_PORT) until Ctrl-C
cluster: release
	scripts/install-deps.sh cluster
	CLUSTER_PORT=$(CLUSTER_PORT) scripts/with-postgres.sh python3 scripts/cluster.py

## cluster-chaos: the mixed workload through nginx for CHAOS_SECONDS (default 300) while a random server is
## killed (kill -9) every 20 s and started again; prints lost and doubled writes, webhook deliveries,
## missed events, phase lateness and 5xx answers (make test runs a shorter one on the debug build)
cluster-chaos: release
	scripts/install-deps.sh cluster
	HEARTH_BIN=$(RELEASE_BIN) scripts/with-postgres.sh python3 scripts/cluster_chaos.py --seconds $(CHAOS_SECONDS) --kill-every 20

## receipts: how well receipts are read, on a folder of SROIE-style receipts (img/ and key/), e.g.
## make receipts DIR=../shared/receipts-sroie CURRENCY=MYR; prints each field's share right and the timings
receipts: release $(VENV)/.installed
	@test -n "$(DIR)" || { echo "make receipts DIR=<folder with img/ and key/> [CURRENCY=MYR]"; exit 2; }
	HEARTH_BIN=$(RELEASE_BIN) $(VENV)/bin/python scripts/receipt-accuracy.py "$(DIR)" --currency $${CURRENCY:-MYR}

## bench: in-process benchmarks and the HTTP load figures (wrk) against a release server
bench: $(VENV)/.installed
	scripts/install-deps.sh bench
	HEARTH_BENCHMARKS=1 scripts/with-postgres.sh $(SWIFT) package --disable-sandbox benchmark
	scripts/load-test.sh
	$(VENV)/bin/python scripts/focus-lateness.py
	scripts/shopping-session.py
	scripts/media-memory.py
	$(VENV)/bin/python scripts/offline-figures.py
	scripts/with-postgres.sh python3 scripts/csv-figures.py
	scripts/with-postgres.sh python3 scripts/backup-figures.py

clean:
	rm -rf .build $(ARTIFACTS) $(VENV)
