# Whist Director. `make run` and `make test` are all a fresh machine needs.
SHELL := /bin/bash
VENV  := .venv
PY    := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: help run test test-slow bench lint format lock screenshots system-deps clean

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

LOCK  := requirements.lock

# system-deps first: Debian's python3 needs python3-venv to make the virtual environment.
# Every package comes from the lock file, at the version (and hash) CI tested; the program
# itself is then installed editable, its dependencies already there.
$(STAMP): pyproject.toml $(LOCK) | system-deps
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r $(LOCK)
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

venv: $(STAMP)  ## create .venv and install the program with its test tools

system-deps:  ## install missing Debian packages (Qt's xcb libraries, Xvfb, poppler-utils, PostgreSQL, CUPS)
	@tools/system-deps

# Qt's platform: as set, else xcb on an X display (system-deps installs its libraries), else
# Wayland's own, else offscreen when there is no display at all.
run: venv system-deps  ## open the program's window on the default event file
	@if [ -n "$$QT_QPA_PLATFORM" ]; then $(VENV)/bin/whist-director; \
	elif [ -n "$$DISPLAY" ]; then QT_QPA_PLATFORM=xcb $(VENV)/bin/whist-director; \
	elif [ -n "$$WAYLAND_DISPLAY" ]; then $(VENV)/bin/whist-director; \
	else echo "No display found: running offscreen (set DISPLAY to see the window)."; \
	  QT_QPA_PLATFORM=offscreen $(VENV)/bin/whist-director; fi

# Every test process (pytest-xdist, one per core) starts an X display of its own (Xvfb) and Qt
# runs on xcb, as on a director's desktop: windows of two processes on one display would take
# each other's keyboard focus. `make test` leaves out the tests marked slow (installing the
# wheel, long fuzzing, every size of every family, the stored searches run again, real
# browsers, whole evenings) and those on PostgreSQL; `make test-slow` runs exactly those. CI
# (.ci/run) runs both, so nothing goes unchecked.
TEST := WHIST_TEST_OWN_DISPLAY=1 QT_QPA_PLATFORM=xcb $(PY) -m pytest -q -n auto

test: venv system-deps  ## the everyday suite, one process per core, each on its own X display
	$(TEST) -m "not slow and not postgres"

test-slow: venv system-deps  ## the slow tests and those on PostgreSQL
	$(TEST) -m "slow or postgres"

bench: venv system-deps  ## speed figures for the largest sizes (prints them)
	QT_QPA_PLATFORM=offscreen $(PY) -m benchmarks

lint: venv  ## ruff, formatting, the layer contracts and the types (mypy --strict: the engine, every package of the program, the benchmarks and the tools)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

# After a change to the dependencies in pyproject.toml: the newest versions its ranges allow,
# with their hashes. Commit the lock with the change; CI then tests exactly those versions.
lock: venv  ## write requirements.lock again from pyproject.toml (pip-tools)
	$(VENV)/bin/pip-compile --quiet --extra dev --all-build-deps --generate-hashes \
	  --strip-extras --no-emit-index-url --no-emit-find-links \
	  --unsafe-package whist-director -o $(LOCK) pyproject.toml

format: venv  ## apply ruff's fixes and formatting
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

screenshots: venv system-deps  ## PNGs of each main screen into screenshots/
	QT_QPA_PLATFORM=offscreen $(PY) -m director.gui.screenshots screenshots

clean:  ## remove the virtual environment and caches
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .benchmarks
