# Whist Director. `make run` and `make test` are all a fresh machine needs.
SHELL := /bin/bash
VENV  := .venv
PY    := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: help run test bench lint format screenshots system-deps clean

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)  ## create .venv and install the program with its test tools

system-deps:  ## install missing Debian packages (Qt libraries, poppler-utils, PostgreSQL)
	@tools/system-deps

run: venv system-deps  ## open the program on the default event file
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY" ] && [ -z "$$QT_QPA_PLATFORM" ]; then \
	  echo "No display found: running offscreen (set DISPLAY to see the window)."; \
	  QT_QPA_PLATFORM=offscreen $(VENV)/bin/whist-director; \
	else $(VENV)/bin/whist-director; fi

test: venv system-deps  ## the whole suite, Qt offscreen
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

bench: venv system-deps  ## speed figures for the largest sizes (prints them)
	QT_QPA_PLATFORM=offscreen $(PY) -m benchmarks

lint: venv  ## ruff, formatting and the layer contracts
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: venv  ## apply ruff's fixes and formatting
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

screenshots: venv system-deps  ## PNGs of each main screen into screenshots/
	QT_QPA_PLATFORM=offscreen $(PY) -m director.gui.screenshots screenshots

clean:  ## remove the virtual environment and caches
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .benchmarks
