"""Timing helper shared by every benchmark module."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timed(label: str, work: Callable[[], T], repeat: int = 3) -> T:
    """Run `work` `repeat` times, print the best wall time, return the last result."""
    best = float("inf")
    result: T
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<64} {best * 1000:10.1f} ms  (best of {repeat})", flush=True)
    return result
