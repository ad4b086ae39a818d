# Two commands do everything on a fresh machine: `make serve` and `make test`.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
NODE_OK := node_modules/.installed
# Zensical (the theme's successor) in a virtualenv of its own: its packages never touch .venv's.
ZENSICAL_VENV := .venv-zensical
ZENSICAL_REQ := tests/site/zensical-requirements.txt
ZENSICAL_OK := $(ZENSICAL_VENV)/.installed

.PHONY: setup build serve test bench chromium zensical clean

$(INSTALLED): pyproject.toml
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $@

$(NODE_OK): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(ZENSICAL_OK): $(ZENSICAL_REQ)
	@test -x $(ZENSICAL_VENV)/bin/python || python3 -m venv $(ZENSICAL_VENV)
	$(ZENSICAL_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r $(ZENSICAL_REQ)
	@touch $@

setup: $(INSTALLED) $(NODE_OK)

zensical: $(ZENSICAL_OK)

build: setup
	$(PY) -m generator build

serve: setup
	$(PY) -m generator serve --dev-addr 127.0.0.1:8000

# Browser tests use Debian's Chromium; install it when missing and we may (root).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "error: /usr/bin/chromium is missing; install Debian's chromium package (sudo apt-get install chromium)"; exit 1; fi; \
	fi

# The suite on TEST_JOBS processes (pytest-xdist), each module whole on one of them (its fixtures are
# built once). Two suit the two-core CI machine: much of a browser test is waiting on the browser.
TEST_JOBS ?= 2

# The project's modules compiled to bytecode first: where PYTHONDONTWRITEBYTECODE is set, Python
# keeps none of its own, and each of the hundreds of `python -m calculator|generator` runs of the
# tests compiled the engine again (a third of its CPU time on the command-line tests). The modules
# go to the two processes longest first (tests/schedule.py).
test: build chromium zensical
	$(PY) -m compileall -q calculator generator tests
	$(PY) -m pytest -n $(TEST_JOBS) --dist loadfile

bench: build chromium
	$(PY) benchmarks/run.py

clean:
	rm -rf build site
