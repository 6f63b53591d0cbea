"""Howell benchmarks (issue 16 targets 1-3): generation plus verification, from cold caches."""

from __future__ import annotations

import time
from functools import partial

from benchmarks.common import timed
from schedules import howell_layouts as layouts
from schedules.balance import balance
from schedules.catalog import Request, build
from schedules.findings import ImpossibleMovementError
from schedules.types import Movement

PERFECT = (4, 6, 8, 10, 12, 14, 16, 18, 22, 24, 30)
ODD = (5, 7, 9, 11, 13, 15)


def _cold(request: Request) -> Movement:
    """Build and verify with every construction cache emptied first."""
    for cached in (layouts.complete, layouts.partial, layouts.short, layouts.relayed):
        cached.cache_clear()
    return build(request)


def _grid() -> None:
    """Every (n, s), n = 2..30, s = n..2n-1: total, worst case, and what was refused.

    Times are CPU seconds of this process (time.process_time), so other work on the machine
    does not inflate them."""
    total, worst, refused, relayed = 0.0, (0.0, (0, 0)), [], []
    for n in range(2, 31):
        for s in range(n, 2 * n):
            start = time.process_time()
            try:
                if _cold(Request("howell", tables=n, rounds=s)).shared:
                    relayed.append((n, s))
            except ImpossibleMovementError:
                refused.append((n, s))
            took = time.process_time() - start
            total += took
            worst = max(worst, (took, (n, s)))
    cells = sum(n for n in range(2, 31))
    print(
        f"{'howell: (n,s) grid, n=2..30, s=n..2n-1, ' + str(cells) + ' cells':<64} "
        f"{total * 1000:10.1f} ms  total"
    )
    print(f"{'howell: grid worst cell ' + str(worst[1]):<64} {worst[0] * 1000:10.1f} ms  CPU")
    print(f"howell: grid refused {len(refused)} cells: {refused}")
    print(f"howell: grid built with shared trays {len(relayed)} cells: {relayed}")


def _shortened() -> None:
    """Every shortened Howell a club plays, 5-14 tables from half the complete rounds, cold
    (CPU seconds): the stored balance and searches make each one a lookup and a build."""
    total, worst = 0.0, (0.0, (0, 0))
    for n in range(5, 15):
        for s in range((n + 1) // 2, 2 * n - 1):
            start = time.process_time()
            try:
                _cold(Request("howell", tables=n, rounds=s))
            except ImpossibleMovementError:
                continue
            took = time.process_time() - start
            total += took
            worst = max(worst, (took, (n, s)))
    print(
        f"{'howell: shortened, 5-14 tables, T/2 <= R < 2T-1, generate + verify':<64} "
        f"{total * 1000:10.1f} ms  total"
    )
    print(f"{'howell: shortened worst cell ' + str(worst[1]):<64} {worst[0] * 1000:10.1f} ms  CPU")


def run() -> None:
    """Print the figures."""
    _shortened()
    timed(
        "howell: 30-table complete Howell, generate + verify",
        lambda: _cold(Request("howell", tables=30)),
    )
    timed(
        "howell: 59-pair complete Howell (sit-outs), generate + verify",
        lambda: _cold(Request("howell", pairs=59)),
    )
    for n in (*PERFECT, *ODD):
        perfect = n in PERFECT
        m = timed(
            f"howell: {n}-table {'perfect balance' if perfect else 'cyclic optimum'}"
            " (--balance best)",
            partial(_cold, Request("howell", tables=n, balance="best")),
            repeat=1,
        )
        optimum = "" if perfect else f" (cyclic optimum {(2 * n - 1) * (n - 1)})"
        print(f"    SS {balance(m).ss}{optimum}")
    _grid()
