"""Individual movements: whist tournaments across 8..200 players and a 1,000-player drive.

Issue 16 targets 4 (every Wh(v) we build, at most 1 s each) and 7 (a 250-table whist drive of
1,000 individuals generated, verified and scored in at most 5 s). Issue 31 asks the same 1 s of
every size cold, as a director runs it: `director movement individual --players v --format
json` in a fresh process per size (interpreter, imports, build, verification, balance, JSON),
every size the catalog offers.
Wh(1000) is built (1000 = 37 x 27 + 1: the rotational field product of GF(37) and a Wh(28)), so
the drive plays its first rounds: nobody partners twice or opposes three times.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from benchmarks.common import compiled_environment, director_command, run_command, timed, verdict
from benchmarks.scoring import results_for
from director.scoring import score_section
from director.scoring.model import SectionPlay
from schedules.individual import drive_movement, supported_sizes, whist_movement
from schedules.types import Movement
from schedules.verify import ensure_valid

DRIVE_PLAYERS = 1000
DRIVE_ROUNDS = 12
DRIVE_TRAYS_PER_ROUND = 2
COLD_TARGET = 1.0
"""Seconds for one size, cold: judged on the process's CPU time (user and system), which is
its wall time on an idle core; the wall time is printed beside it (issue 31)."""


def _build_and_verify(players: int) -> Movement:
    return ensure_valid(whist_movement(players), "individual-wh")


def _drive_end_to_end() -> None:
    drive = drive_movement(DRIVE_PLAYERS, DRIVE_TRAYS_PER_ROUND, DRIVE_ROUNDS)
    ensure_valid(drive)
    score_section(SectionPlay(drive, results_for(drive)))


def _each_size(sizes: list[int]) -> None:
    """Build and verify every size once; print the total and the slowest (target: 1 s)."""
    seconds = {}
    for v in sizes:
        start = time.perf_counter()
        _build_and_verify(v)
        seconds[v] = time.perf_counter() - start
    slowest = max(seconds, key=seconds.__getitem__)
    label = f"all {len(sizes)} sizes 8..200: build and verify, in all"
    print(f"{label:<64} {sum(seconds.values()) * 1000:10.1f} ms", flush=True)
    label = f"  slowest single size, Wh({slowest})"
    print(f"{label:<64} {seconds[slowest] * 1000:10.1f} ms", flush=True)


def _cold_sweep(sizes: list[int]) -> None:
    """Each size in a fresh process, as a director runs it; PASS or OVER against 1 s, then the
    slowest and how many are over."""
    with tempfile.TemporaryDirectory() as cache:
        env = compiled_environment(Path(cache))
        command = [*director_command(), "movement", "individual", "--format", "json"]
        run_command([*command, "--players", "13"], env)  # compiles the bytecode, not counted
        cpu_by_size = {}
        for v in sizes:
            wall, cpu = run_command([*command, "--players", str(v)], env)
            cpu_by_size[v] = cpu
            label = f"cold: director movement individual --players {v} --format json"
            print(
                f"{label:<64} {cpu * 1000:10.1f} ms CPU  {wall * 1000:8.1f} ms wall  "
                f"{verdict(cpu, COLD_TARGET)}",
                flush=True,
            )
    slowest = max(cpu_by_size, key=cpu_by_size.__getitem__)
    over = [v for v, cpu in cpu_by_size.items() if cpu > COLD_TARGET]
    print(
        f"cold sweep of {len(sizes)} sizes: slowest {slowest} players "
        f"({cpu_by_size[slowest] * 1000:.0f} ms CPU); over {COLD_TARGET:.0f} s: "
        f"{', '.join(map(str, over)) or 'none'}",
        flush=True,
    )


def run() -> None:
    """Print the figures."""
    _cold_sweep(supported_sizes())
    sizes = supported_sizes(8, 200)
    print(f"Wh(v) built for {len(sizes)} sizes in 8..200: {', '.join(map(str, sizes))}")
    timed("Wh(64): build only", lambda: whist_movement(64))
    timed("Wh(64): build and verify", lambda: _build_and_verify(64))
    largest = sizes[-1]
    timed(f"Wh({largest}) (largest): build only", lambda: whist_movement(largest), repeat=1)
    timed(f"Wh({largest}) (largest): build and verify", lambda: _build_and_verify(largest), 1)
    timed(
        f"all {len(sizes)} sizes 8..200: build only",
        lambda: [whist_movement(v) for v in sizes],
        repeat=1,
    )
    _each_size(sizes)
    timed(
        f"{DRIVE_PLAYERS}-player drive, {DRIVE_ROUNDS} rounds: build",
        lambda: drive_movement(DRIVE_PLAYERS, DRIVE_TRAYS_PER_ROUND, DRIVE_ROUNDS),
    )
    timed(
        f"{DRIVE_PLAYERS}-player drive, {DRIVE_ROUNDS} rounds: build, verify, score",
        _drive_end_to_end,
        repeat=1,
    )
