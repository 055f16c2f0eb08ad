# Dugout: the two commands a newcomer needs are `make demo` and `make test`.
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin

# Django 6 needs Python >= 3.12: take the first interpreter that qualifies,
# including pyenv-installed ones that are not on PATH.
PYTHON ?= $(shell for p in python3.14 python3.13 python3.12 python3 \
	$$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null \
	&& { command -v $$p; break; }; done)

# make test uses the local PostgreSQL and Redis when they answer.
PG_URL ?= postgres://postgres@127.0.0.1:5432/test
REDIS_URL ?= redis://127.0.0.1:6379/0
# pytest runs in parallel on up to 4 cores (pytest-xdist): each worker gets
# its own test database (test_<name>_gw0…) and Redis database (the given
# one + its number, see config/settings_test.py). PYTEST_WORKERS=0 runs in
# one process (e.g. `make pytest PYTEST_WORKERS=0 PYTEST_ARGS=tests/x.py`).
# --dist worksteal: a worker that runs out of tests takes half of another's
# queue, so the run never ends on one core (tests/conftest.py runs the
# longest tests first). On two cores, three workers: the browser, worker
# and database tests wait often enough that a third keeps both cores busy
# (measured: a whole run a minute shorter than with two).
PYTEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ $$n -ge 2 ] && echo $$(( n < 3 ? n + 1 : 4 )) || echo 0)
port_open = $(shell $(PYTHON) -c 'import socket,sys; s=socket.socket(); s.settimeout(1); sys.exit(s.connect_ex(("127.0.0.1", $(1))))' 2>/dev/null && echo yes)

# Bytecode caches (and pytest's rewritten test modules) are written even when
# the environment asks for none: compiling ~500 modules again would cost
# every pytest process several seconds of each run.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: demo test check venv lint typecheck pytest fuzz blitz-fuzz bb2025-fuzz dungeon-fuzz dungeon-game-fuzz bench bench-blitz live-bench arena screenshots clean

$(BIN)/.installed: pyproject.toml
	@test -n "$(PYTHON)" || { echo "Python >= 3.12 is required (Django 6)"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

venv: $(BIN)/.installed

# The demo is a local, DEBUG run on the embedded default (SQLite, eager Celery),
# served on 127.0.0.1:$(PORT) (`make demo PORT=8001` for another port). It
# serves as soon as the leagues exist: the seasons and the forecasts are
# finished by background processes that start once the server answers
# (`demo --background`); the Ctrl-C that stops the server stops them too.
PORT ?= 8000
demo: export DEBUG ?= True
demo: venv
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo --background --when-served 127.0.0.1:$(PORT)
	@echo "Serving Dugout on http://127.0.0.1:$(PORT)/ (it redirects to the Badlands Sevens league page; admin: /admin/, API: /api/, docs: /api/docs/)"
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# ruff (with a complexity ceiling: C901, max-complexity 25), the format,
# the import contracts, and dead code (vulture, configured in pyproject.toml).
lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/vulture

typecheck: venv
	$(BIN)/mypy --strict engine

pytest: venv
	@export DATABASE_URL="$${DATABASE_URL:-$(if $(call port_open,5432),$(PG_URL))}"; \
	export CELERY_BROKER_URL="$${CELERY_BROKER_URL:-$(if $(call port_open,6379),$(REDIS_URL))}"; \
	echo "pytest: DATABASE_URL=$${DATABASE_URL:-<sqlite>} CELERY_BROKER_URL=$${CELERY_BROKER_URL:-<eager>}"; \
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

test: lint typecheck pytest

# The inner loop (under two minutes): lint, types and the engine's unit
# tests, without the ones marked slow that play many whole games (make test
# runs those, and the golden event logs).
check: lint typecheck
	$(BIN)/pytest -q -n $(PYTEST_WORKERS) --dist worksteal -m "not slow" tests/engine

# The API contract, deeper than CI's bounded run (tests/contract/): more
# examples and stateful sequences, with a random seed that is printed so a
# failure replays with `make fuzz FUZZ_SEED=<seed>`.
fuzz: venv
	@seed="$${FUZZ_SEED:-$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"; \
	echo "fuzz: FUZZ_SEED=$$seed (replay: make fuzz FUZZ_SEED=$$seed)"; \
	export DATABASE_URL="$${DATABASE_URL:-$(if $(call port_open,5432),$(PG_URL))}"; \
	export CELERY_BROKER_URL="$${CELERY_BROKER_URL:-$(if $(call port_open,6379),$(REDIS_URL))}"; \
	FUZZ=deep FUZZ_SEED="$$seed" $(BIN)/pytest tests/contract -q $(PYTEST_ARGS); \
	status=$$?; echo "fuzz: FUZZ_SEED=$$seed"; exit $$status

# Blitz Bowl's invariants over 10,000 seeded random games (CI plays 40).
blitz-fuzz: venv
	BLITZ_GAMES=$${BLITZ_GAMES:-10000} $(BIN)/pytest -q -p no:cacheprovider -n $(PYTEST_WORKERS) tests/engine/blitz/test_invariants.py

# Blood Bowl 2025: 1,000 seeded bot games over varied roster pairs with the
# invariants checked at every decision (CI: 6); BB2025_SEED picks the first.
bb2025-fuzz: venv
	BB2025_GAMES=$${BB2025_GAMES:-1000} BB2025_SEED=$${BB2025_SEED:-0} $(BIN)/pytest -q -p no:cacheprovider -n $(PYTEST_WORKERS) tests/engine/bb2025/test_fuzz.py

# Dungeon Bowl: 10,000 generated dungeons through the validator (CI: 200).
dungeon-fuzz: venv
	DUNGEON_SEEDS=$${DUNGEON_SEEDS:-10000} $(BIN)/pytest -q -p no:cacheprovider -n $(PYTEST_WORKERS) tests/engine/dungeon/test_generate.py

# Dungeon Bowl: 10,000 whole games on generated dungeons with the invariants
# checked at every decision (CI: 8); two processes of 5,000, other seeds.
dungeon-game-fuzz: venv
	DUNGEON_GAMES=$${DUNGEON_GAMES:-5000} DUNGEON_GAMES_SEED=0 $(BIN)/pytest -q -p no:cacheprovider -n 0 tests/engine/dungeon/test_game_invariants.py & \
	DUNGEON_GAMES=$${DUNGEON_GAMES:-5000} DUNGEON_GAMES_SEED=1000000007 $(BIN)/pytest -q -p no:cacheprovider -n 0 tests/engine/dungeon/test_game_invariants.py; \
	status=$$?; wait $$! && exit $$status

bench: venv
	$(BIN)/python -m engine.tools.bench --ruleset bb2020 --bot random --games 50 --seed 1 --json

# Blitz Bowl's speed: both bots, median and spread over 5 repeats of 20
# games, with a pure-Python reference measured in the same run.
bench-blitz: venv
	$(BIN)/python -m engine.blitz.bench --games $${BLITZ_BENCH_GAMES:-20} --repeats $${BLITZ_BENCH_REPEATS:-5} --seed 1

# A live decision's round trip under load (docs/benchmarks.md, Live play): 20
# live matches on a daphne of its own with the Redis channel layer, on the
# local PostgreSQL and Redis, e.g. make live-bench LIVE_BENCH_ARGS='--think 0'.
LIVE_BENCH_ARGS ?=
live-bench: venv
	DATABASE_URL="$${DATABASE_URL:-$(PG_URL)}" CACHE_URL="$${CACHE_URL:-redis://127.0.0.1:6379/1}" \
	CHANNEL_LAYER_URL="$${CHANNEL_LAYER_URL:-redis://127.0.0.1:6379/2}" DEBUG="$${DEBUG:-True}" \
	$(BIN)/python manage.py live_bench $(LIVE_BENCH_ARGS)

# The bot arena (docs/benchmarks.md): seeded games of bot A against bot B
# per format, JSON on stdout, e.g. make arena ARENA_ARGS='--games 200
# --format bb2020 --against /tmp/ref --workers 2'.
ARENA_ARGS ?= --games 100
arena: venv
	$(BIN)/python -m engine.tools.arena $(ARENA_ARGS)

# The README's screenshots (docs/screenshots/): the demo in a database of its
# own, photographed by the system's headless Chromium (/usr/bin/chromium).
screenshots: venv
	$(BIN)/python scripts/screenshots.py

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm staticfiles
