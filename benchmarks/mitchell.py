"""Mitchell: generation plus verification at the largest sizes, and the arrow-switch optimiser."""

from __future__ import annotations

from functools import partial

from benchmarks.common import timed
from schedules import catalog
from schedules.arrow_switch import best_switches
from schedules.mitchell import pair_mitchell


def _build(tables: int, variant: str | None = None) -> None:
    catalog.build(catalog.Request("mitchell", tables=tables, variant=variant))


def run() -> None:
    """Print the timings `make bench` records."""
    timed("mitchell 49 tables (odd, 2 trays/round): generate + verify", lambda: _build(49))
    timed("mitchell 50 tables (skip, 2 trays/round): generate + verify", lambda: _build(50))
    for variant in ("relay", "stationary", "halves", "dummy"):
        timed(
            f"mitchell 50 tables ({variant}): generate + verify",
            partial(_build, 50, variant),
            repeat=1,
        )
    for tables in (7, 13, 25):
        m = pair_mitchell(tables, None, 2)
        timed(
            f"mitchell {tables} tables: best arrow switches (--balance best)",
            partial(best_switches, m),
        )
