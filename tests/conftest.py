"""Shared test set-up: Hypothesis profiles and paths to the test data."""

from __future__ import annotations

import os
from contextlib import ExitStack
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from benchmarks.display import virtual_display

DATA = Path(__file__).parent / "data"
MOVEMENTS = DATA / "movements"

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


OWN_DISPLAY = "WHIST_TEST_OWN_DISPLAY"
"""Set (by `make test`) to give every test process an X display of its own: windows of two
processes on one display would take each other's keyboard focus."""

_displays = ExitStack()


def pytest_configure(config: pytest.Config) -> None:
    """Start this process's own Xvfb when asked (the xdist controller runs no test: none)."""
    controller = bool(getattr(config.option, "numprocesses", None)) and not hasattr(
        config, "workerinput"
    )
    if os.environ.get(OWN_DISPLAY) and not controller:
        os.environ["DISPLAY"] = _displays.enter_context(virtual_display())


def pytest_unconfigure(config: pytest.Config) -> None:
    """Stop the display started for this process, if any."""
    _displays.close()
