# Two commands for a newcomer: `make run` and `make test`. Everything else is set up on the way.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 5000
FLASK := $(BIN)/flask --app fieldapp

.PHONY: run test test-js test-postgres test-all lint seed migration chromium redis-server bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Reinstall only when the project's dependencies change. Running needs only the app; the
# tests, lint and PostgreSQL need the extras.
$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,postgres]'
	touch $@ $(VENV)/.installed-app

# Tags printed here encode PUBLIC_BASE_URL: by default the address served. For a phone to open
# them, set it to an address the phone can reach, e.g. HOST=0.0.0.0 PUBLIC_BASE_URL=http://192.168.1.20:5000
run: $(VENV)/.installed-app
	$(FLASK) seed-demo --if-empty
	PUBLIC_BASE_URL=$${PUBLIC_BASE_URL:-http://127.0.0.1:$(PORT)} $(FLASK) run --host $${HOST:-127.0.0.1} --port $(PORT) $${FLASK_RUN_ARGS:-}

# Debian's chromium drives the real-browser tests (Playwright cannot download its own here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium; }

# Debian's redis-server: tests/test_workers.py starts its own (rate limits shared by 4 gunicorn workers).
redis-server:
	@command -v redis-server >/dev/null 2>&1 || { \
	  echo "Installing Debian's redis-server for the workers test"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq redis-server; }

# The phone's JavaScript: ESLint and Node's test runner, pinned in package-lock.json (npm ci).
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

test-js: node_modules/.installed
	node --test tests/js/

test: $(VENV)/.installed chromium redis-server test-js
	$(BIN)/python -m pytest $${PYTEST_ARGS:-}

# The whole suite again on PostgreSQL. TEST_DATABASE_URL names a server whose role may
# CREATE DATABASE; without it, scripts/test_postgres_server.sh installs and starts Debian's
# PostgreSQL with a throwaway role (root or sudo).
test-postgres: $(VENV)/.installed chromium redis-server
	url="$${TEST_DATABASE_URL:-$$(bash scripts/test_postgres_server.sh)}" && \
	TEST_DATABASE_URL="$$url" $(BIN)/python -m pytest $${PYTEST_ARGS:-}

# Both databases, one after the other (what CI runs).
test-all: test test-postgres

# ruff with the small config in pyproject.toml, ESLint with eslint.config.js; CI runs both first.
lint: $(VENV)/.installed node_modules/.installed
	$(BIN)/ruff check fieldapp tests benchmarks scripts
	npx --no-install eslint fieldapp/static/js service_worker tests/js eslint.config.js

seed: $(VENV)/.installed-app
	$(FLASK) seed-demo

# Write a new migration revision (000N after the last) from what the models changed: make migration m="what changed"
migration: $(VENV)/.installed
	$(BIN)/python scripts/regen_migration.py "$(m)"

bench: $(VENV)/.installed
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) node_modules instance .pytest_cache
