# Hearth: every workflow is a target here; CI calls the same ones.
SWIFT ?= swift
PORT ?= 8080
VENV := .venv
ARTIFACTS := .test-artifacts

.PHONY: run build release test test-swift test-browser bench clean

## run: install what is missing, build in release mode, serve at http://localhost:$(PORT) with SQLite in ./data
run: release
	.build/release/hearth serve --port $(PORT)

release:
	scripts/install-deps.sh run
	$(SWIFT) build -c release --product hearth

build:
	$(SWIFT) build

## test: unit, store (SQLite and a throwaway PostgreSQL), server, CLI and browser tests
test:
	scripts/install-deps.sh test
	$(SWIFT) build --build-tests
	$(MAKE) test-swift test-browser

test-swift:
	scripts/with-postgres.sh $(SWIFT) test --skip-build

$(VENV)/.installed: Tests/Browser/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q -r Tests/Browser/requirements.txt
	touch $@

test-browser: $(VENV)/.installed
	$(SWIFT) build --product hearth
	mkdir -p $(ARTIFACTS)/browser
	HEARTH_BIN=.build/debug/hearth $(VENV)/bin/pytest -q Tests/Browser

## bench: in-process benchmarks and the HTTP load figures (wrk) against a release server
bench:
	scripts/install-deps.sh bench
	HEARTH_BENCHMARKS=1 scripts/with-postgres.sh $(SWIFT) package --disable-sandbox benchmark
	scripts/load-test.sh
	scripts/focus-lateness.py
	scripts/shopping-session.py

clean:
	rm -rf .build $(ARTIFACTS) $(VENV)
