# Two commands set everything up on a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check
# Where the browser tests (headless Debian Chromium) leave a screenshot of each page they visit.
SCREENSHOTS ?= build/screenshots
export SCREENSHOTS

# Django 6.1 needs Python 3.12 or newer: the first such interpreter on PATH, else one that pyenv installed.
define find_python
for candidate in $${PYTHON:-} python3.14 python3.13 python3.12 python3 \
    $$(ls -d $${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do \
  if command -v "$$candidate" >/dev/null 2>&1 && \
     "$$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
    echo "$$candidate"; break; \
  fi; \
done
endef

.PHONY: help run test lint lock messages migrate demo bench pdf-samples clean

help:
	@echo "make run   - set up .venv, migrate, load demo data, serve on http://$(HOST):$(PORT)"
	@echo "make test  - set up .venv with test tools, run ruff and the whole test suite"
	@echo "make bench - run the benchmarks under bench/"
	@echo "make pdf-samples - print every document of the demo tournament as PDF and PNG pages"
	@echo "make lock  - pin every package, transitive ones too, from requirements*.txt into requirements*.lock"

$(PY):
	@python=$$($(find_python)); \
	if [ -z "$$python" ]; then \
	  echo "Django 6.1 needs Python 3.12 or newer and none was found; install python3.12 and run make again." >&2; \
	  exit 1; \
	fi; \
	echo "Creating $(VENV) with $$python ($$($$python --version))"; \
	"$$python" -m venv $(VENV)

# Installed from the lock files: every package, transitive ones included, at the version and with
# the hashes recorded there, so that every machine runs what was tested. requirements.txt and
# requirements-dev.txt are the human-edited input: after changing one, run `make lock`.
$(VENV)/.runtime-installed: requirements.lock | $(PY)
	$(PIP) install --quiet -r requirements.lock
	@touch $@

$(VENV)/.dev-installed: requirements.lock requirements-dev.lock | $(PY)
	$(PIP) install --quiet -r requirements-dev.lock
	@touch $@ $(VENV)/.runtime-installed

# uv (pinned in requirements-dev.txt) resolves for every platform and Python 3.12 or newer.
UV_COMPILE := $(VENV)/bin/uv pip compile --universal --python-version 3.12 --generate-hashes \
	--custom-compile-command "make lock" --quiet

lock: $(VENV)/.dev-installed
	$(UV_COMPILE) requirements.txt -o requirements.lock
	$(UV_COMPILE) requirements-dev.txt -o requirements-dev.lock
	$(UV_COMPILE) requirements-bench.txt -o requirements-bench.lock

# The benchmarks' peer libraries (py-draughts, ...) come on top of the test tools.
$(VENV)/.bench-installed: requirements-bench.lock $(VENV)/.dev-installed
	$(PIP) install --quiet -r requirements-bench.lock
	@touch $@

# Compiled translation catalogues are build products, made from the .po files in locale/.
messages: $(VENV)/.runtime-installed
	@if ls locale/*/LC_MESSAGES/*.po >/dev/null 2>&1; then \
	  $(PY) manage.py compilemessages --locale pt_BR --locale en --ignore '.venv' -v 0; \
	fi

migrate: $(VENV)/.runtime-installed messages
	$(PY) manage.py migrate --noinput -v 0

demo: migrate
	$(PY) manage.py load_demo --if-empty

run: demo
	$(PY) manage.py runserver $(HOST):$(PORT)

lint: $(VENV)/.dev-installed
	$(VENV)/bin/ruff check .

# The suite runs on SQLite, then again on PostgreSQL when a server answers
# (TEST_DATABASE_URL, or the local one on 127.0.0.1:5432); in CI the PostgreSQL pass is required.
# That pass sets DATABASE_URL, which leaves out the pure engine tests marked engine_only (the large
# Swiss fixtures, minutes long and database-free): tests/conftest.py.
# The cache tests run on Redis too when one answers (TEST_REDIS_URL, or 127.0.0.1:6379 database 8,
# tests/redis_url.py), and must in CI.
test: $(VENV)/.dev-installed messages lint
	@sh tests/browser/ensure_chromium.sh
	@redis_url=$$($(PY) tests/redis_url.py) || exit 1; \
	if [ -n "$$redis_url" ]; then \
	  echo "Cache tests: on local memory and on Redis ($$redis_url)."; \
	else \
	  echo "Cache tests: on local memory only; their Redis half skips (no Redis answered at 127.0.0.1:6379; set TEST_REDIS_URL to add one)."; \
	fi
	@echo "== Test suite on SQLite =="
	$(PY) -m pytest
	@pg_url=$$($(PY) tests/postgres_url.py) || exit 1; \
	if [ -n "$$pg_url" ]; then \
	  echo "== Test suite on PostgreSQL ($$($(PY) tests/postgres_url.py --describe)) =="; \
	  DATABASE_URL="$$pg_url" $(PY) -m pytest || exit 1; \
	  echo "Databases tested: SQLite and PostgreSQL."; \
	else \
	  echo "Databases tested: SQLite only (no PostgreSQL server answered; set TEST_DATABASE_URL to add one)."; \
	fi

bench: $(VENV)/.bench-installed
	@for script in bench/*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

# Each printed document of the demo tournament as PDF and as PNG pages, for a person to look at.
PDF_SAMPLES ?= build/pdf-samples
DEMO_SLUG := aberto-de-damas-sao-paulo-2026
DEMO_ROUND ?= 6

pdf-samples: demo
	@command -v pdftoppm >/dev/null 2>&1 || { \
	  echo "pdftoppm is missing: it comes with Debian's poppler-utils (apt-get install poppler-utils); then run make pdf-samples again." >&2; \
	  exit 1; }
	@rm -rf $(PDF_SAMPLES) && mkdir -p $(PDF_SAMPLES)
	$(PY) manage.py print_pdf $(DEMO_SLUG) crosstable -o $(PDF_SAMPLES)/crosstable.pdf
	$(PY) manage.py print_pdf $(DEMO_SLUG) standings -o $(PDF_SAMPLES)/standings.pdf
	$(PY) manage.py print_pdf $(DEMO_SLUG) pairings --round $(DEMO_ROUND) -o $(PDF_SAMPLES)/pairings.pdf
	$(PY) manage.py print_pdf $(DEMO_SLUG) slips --round $(DEMO_ROUND) -o $(PDF_SAMPLES)/slips.pdf
	$(PY) manage.py print_pdf $(DEMO_SLUG) scoresheets -o $(PDF_SAMPLES)/scoresheets.pdf
	$(PY) manage.py print_pdf $(DEMO_SLUG) scoresheets --round $(DEMO_ROUND) -o $(PDF_SAMPLES)/scoresheets-round.pdf
	$(PY) manage.py print_pdf $(DEMO_SLUG) game --pdn tournaments/printing/samples/partida-exemplo.pdn \
	  --diagram 0 --diagram 17 --diagram 34 --diagram 51 -o $(PDF_SAMPLES)/game.pdf
	@for pdf in $(PDF_SAMPLES)/*.pdf; do pdftoppm -png -r 60 "$$pdf" "$${pdf%.pdf}"; done
	@echo "The PDFs and their pages as PNG are in $(PDF_SAMPLES)/"

clean:
	rm -rf $(VENV) build staticfiles .pytest_cache .ruff_cache
