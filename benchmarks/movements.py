"""Every pairs movement a director can ask for, cold: one fresh `director movement ...` process
per size, timed by the CPU seconds of that process (issue 31: each <= 1 s on one core).

The CPU time of the child (os.wait4) is what is held against the target, so other work on the
machine does not inflate it; the bytecode is compiled by a first run that is not counted, as
it is after installing. Individual movements (whist tournaments) are timed in
benchmarks/individuals.py.

Sizes (a sample where the full sweep would take more than a few minutes; each size is one
process of about a third of a second):
- howell, 3-30 tables, every pair count (--pairs 2T and 2T-1): complete, --balance best,
  --variant three-quarter, --variant in-time --minutes 150; odd tables --variant half-rounds;
  --variant interwoven for 4-30 tables and for 7-59 pairs, odd; shortened --rounds R
  --balance best for R = T/2 (rounded up) and R = T, both pair counts;
- mitchell with --balance best, 3-30 tables and 31, 41, 51, 61, 81 and 101 tables (the largest
  it is offered for, schedules.mitchell.BALANCED_TABLES);
- mitchell and ladies-gentlemen, 3-30 tables as a director asks by default, and every variant
  at 4, 5, 6, 10, 14, 20, 26 and 30 tables; mitchell with --mnemonic at 6, 10 and 14 tables;
- safford (4, 6, 8, 10, 12, 14, 16, 18, 20 couples); team, every variant at 4, 8, 16, 30, 44
  and 58 (club: tables); snow at 2, 3, 5, 8, 12, 20, 30, 45 and 60 tables; classic, every
  scheme.
A refused request (exit 2, e.g. a three-quarter Howell that does not exist for 4 tables) is
timed like any other: the director waits for it too.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from benchmarks.common import compiled_environment, director_command, verdict
from schedules.mitchell import BALANCED_TABLES

TARGET = 1.0
"""CPU seconds per movement, generated and verified, in a fresh process (issue 31)."""

MITCHELL_VARIANTS = (
    "regular", "skip", "skip-revenge", "stationary", "dummy", "halves", "sections", "relay"
)  # fmt: skip
TEAM_VARIANTS = ("six-sets", "league", "round-robin", "howell", "gilman", "club")
SAMPLED_TABLES = (4, 5, 6, 10, 14, 20, 26, 30)
SAMPLED_TEAMS = (4, 8, 16, 30, 44, 58)


def _howell() -> Iterator[tuple[str, ...]]:
    for t in range(3, 31):
        for pairs in (str(2 * t), str(2 * t - 1)):
            yield ("howell", "--pairs", pairs)
            yield ("howell", "--pairs", pairs, "--balance", "best")
            yield ("howell", "--pairs", pairs, "--variant", "three-quarter")
            yield ("howell", "--pairs", pairs, "--variant", "in-time", "--minutes", "150")
            if t % 2:
                yield ("howell", "--pairs", pairs, "--variant", "half-rounds")
            for rounds in sorted({(t + 1) // 2, t}):
                yield ("howell", "--pairs", pairs, "--rounds", str(rounds), "--balance", "best")
        if t >= 4:
            yield ("howell", "--tables", str(t), "--variant", "interwoven")
            yield ("howell", "--pairs", str(2 * t - 1), "--variant", "interwoven")


LARGE_MITCHELLS = (31, 41, 51, 61, 81, BALANCED_TABLES)
"""Tables of the large Mitchells timed with --balance best (issue 45), beyond the 3-30 swept, up
to the largest it is offered for."""


def _mitchell() -> Iterator[tuple[str, ...]]:
    for t in range(3, 31):
        yield ("mitchell", "--tables", str(t))
        yield ("mitchell", "--tables", str(t), "--balance", "best")
        yield ("ladies-gentlemen", "--tables", str(t))
    for t in LARGE_MITCHELLS:
        yield ("mitchell", "--tables", str(t), "--balance", "best")
    for family in ("mitchell", "ladies-gentlemen"):
        for t in SAMPLED_TABLES:
            for variant in MITCHELL_VARIANTS:
                trays = ("--trays-per-round", "2") if variant == "stationary" else ()
                yield (family, "--tables", str(t), "--variant", variant, *trays)
    for t in (6, 10, 14):
        yield ("mitchell", "--tables", str(t), "--mnemonic")


def _others() -> Iterator[tuple[str, ...]]:
    for couples in (4, 6, 8, 10, 12, 14, 16, 18, 20):
        yield ("safford", "--couples", str(couples))
    for n in SAMPLED_TEAMS:
        for variant in TEAM_VARIANTS:
            unit = "--tables" if variant == "club" else "--teams"
            yield ("team", unit, str(n), "--variant", variant)
    for t in (2, 3, 5, 8, 12, 20, 30, 45, 60):
        yield ("snow", "--tables", str(t))
    for scheme, pairs in (("four-pairs", 4), ("six-pairs", 6), ("one-table-memory", 2)):
        yield ("classic", "--pairs", str(pairs), "--variant", scheme)


def commands() -> list[tuple[str, ...]]:
    """Every command timed, in order."""
    return [*_howell(), *_mitchell(), *_others()]


def cold_cpu(args: tuple[str, ...], env: dict[str, str]) -> tuple[float, int]:
    """CPU seconds (user and system) of one fresh `director movement ARGS` process, and its
    exit status."""
    child = subprocess.Popen(
        [*director_command(), "movement", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def run() -> None:
    """Time every command; print each against the target, then the worst and the count over."""
    worst, over, failed = (0.0, ""), 0, []
    with tempfile.TemporaryDirectory() as cache:
        env = compiled_environment(Path(cache))
        cold_cpu(("howell", "--tables", "5"), env)  # compiles the bytecode, not counted
        for args in commands():
            seconds, status = cold_cpu(args, env)
            label = "movements: " + " ".join(args)
            note = {0: "", 2: "  (refused)"}.get(status, f"  (exit {status}: FAILED)")
            if status not in (0, 2):
                failed.append(label)
            print(f"{label:<64} {seconds * 1000:8.0f} ms CPU  {verdict(seconds, TARGET)}{note}")
            over += seconds > TARGET
            worst = max(worst, (seconds, label))
    print(f"movements: worst {worst[1]!r}: {worst[0] * 1000:.0f} ms CPU; {over} over 1 s")
    if failed:
        print(f"movements: {len(failed)} failed verification: {failed}")
