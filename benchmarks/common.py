"""Timing helpers shared by the benchmark modules: a function's best time, and a command run
in a fresh process as a director runs it."""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
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


def timed_spread(label: str, work: Callable[[], T], repeat: int, target: float) -> T:
    """Run `work` `repeat` times; print the median and the worst, wall and CPU, each CPU figure
    against `target` seconds. CPU time (the whole process's, background threads included) is
    what the work costs even when other programs share the machine and stretch the wall time;
    the worst shows the rare pause (a garbage collection) that a median hides."""
    walls: list[float] = []
    cpus: list[float] = []
    result: T
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    median, worst = statistics.median(cpus), max(cpus)
    print(
        f"{label:<64} {statistics.median(walls) * 1000:10.1f} ms  (median of {repeat}, wall;"
        f" worst {max(walls) * 1000:.1f})\n"
        f"{'':<64} {median * 1000:10.1f} ms  CPU median {verdict(median, target)},"
        f" worst {worst * 1000:.1f} ms {verdict(worst, target)} (target {target * 1000:g} ms)",
        flush=True,
    )
    return result


def director_command() -> list[str]:
    """The `director` command installed beside this interpreter (or its entry point)."""
    script = Path(sys.executable).with_name("director")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import director.cli; director.cli.entry()"]


def compiled_environment(cache: Path) -> dict[str, str]:
    """The environment for running the command as an installed program runs: its bytecode
    compiled once and kept (in `cache`, so the working tree gains no `__pycache__`)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def run_command(argv: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """Run `argv` in a fresh process; its wall and CPU (user and system) seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def verdict(seconds: float, target: float) -> str:
    """PASS within the target, OVER beyond it."""
    return "PASS" if seconds <= target else "OVER"
