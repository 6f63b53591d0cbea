# Whist Director. `make run` and `make test` are all a fresh machine needs.
SHELL := /bin/bash
VENV  := .venv
PY    := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: help run test bench lint format screenshots system-deps clean

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

# system-deps first: Debian's python3 needs python3-venv to make the virtual environment
$(STAMP): pyproject.toml | system-deps
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)  ## create .venv and install the program with its test tools

system-deps:  ## install missing Debian packages (Qt's xcb libraries, Xvfb, poppler-utils, PostgreSQL)
	@tools/system-deps

# Qt's platform: as set, else xcb on an X display (system-deps installs its libraries), else
# Wayland's own, else offscreen when there is no display at all.
run: venv system-deps  ## open the program's window on the default event file
	@if [ -n "$$QT_QPA_PLATFORM" ]; then $(VENV)/bin/whist-director; \
	elif [ -n "$$DISPLAY" ]; then QT_QPA_PLATFORM=xcb $(VENV)/bin/whist-director; \
	elif [ -n "$$WAYLAND_DISPLAY" ]; then $(VENV)/bin/whist-director; \
	else echo "No display found: running offscreen (set DISPLAY to see the window)."; \
	  QT_QPA_PLATFORM=offscreen $(VENV)/bin/whist-director; fi

# The GUI tests run twice: offscreen with the rest, then on a real X display (Xvfb, xcb).
# Offscreen, one test process per core (pytest-xdist): each has its own Qt application and
# database server. On the X display one process only: windows of two would take each other's
# keyboard focus.
test: venv system-deps  ## the whole suite (Qt offscreen), then the GUI tests under Xvfb
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n auto
	xvfb-run -a -s "-screen 0 1280x1024x24" env QT_QPA_PLATFORM=xcb $(PY) -m pytest -q tests/gui

bench: venv system-deps  ## speed figures for the largest sizes (prints them)
	QT_QPA_PLATFORM=offscreen $(PY) -m benchmarks

lint: venv  ## ruff, formatting, the layer contracts and the types (mypy --strict: engine, scoring)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

format: venv  ## apply ruff's fixes and formatting
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

screenshots: venv system-deps  ## PNGs of each main screen into screenshots/
	QT_QPA_PLATFORM=offscreen $(PY) -m director.gui.screenshots screenshots

clean:  ## remove the virtual environment and caches
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .benchmarks
