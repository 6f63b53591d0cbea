"""Start-up: a small movement from the command line, as a director types it (issue 30), and the
desktop program's window painted on a 30-table event (issue 47).

Each run is a fresh process, so the figure is the whole wait: the interpreter, the imports and
the work. The bytecode is compiled by a first run that is not counted (as it is after
installing), into a folder of its own so that the working tree gains no `__pycache__`.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import compiled_environment, director_command, verdict

TARGET = 0.3
"""Seconds, wall clock, for `director movement howell --tables 5` (issue 30)."""
WINDOW_TARGET = 0.3
"""Seconds, wall clock, from starting the desktop program to its window painted (issue 47)."""
WINDOW_TABLES = 30

COMMANDS = (
    ("movement", "howell", "--tables", "5"),
    ("movement", "howell", "--tables", "5", "--format", "json"),
    ("movement", "individual", "--players", "13"),
)
REPEAT = 5


def _best(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Best wall and user-CPU seconds of `REPEAT` runs."""
    best_wall = best_user = float("inf")
    for _ in range(REPEAT):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        start = time.perf_counter()
        subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
        best_wall = min(best_wall, time.perf_counter() - start)
        best_user = min(best_user, resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before)
    return best_wall, best_user


def _first_paint(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds until the program says its window painted, and its CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None
        said = child.stdout.readline()
        wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if said.strip() != "painted" or child.returncode != 0:
        raise RuntimeError(f"the program ended without painting its window (said {said!r})")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def window_painted(env: dict[str, str], scratch: Path) -> None:
    """Print the best time from starting the desktop program on a 30-table event, every
    result entered, to its window painted (settings and data folder of its own)."""
    from director.gui.demo import demo_event

    event = scratch / "club.whist"
    env = {
        **env,
        "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
        "WHIST_DIRECTOR_DATA": str(scratch / "data"),
        "XDG_CONFIG_HOME": str(scratch / "config"),
    }
    demo_event(event, tables=WINDOW_TABLES, trays_per_round=2).close()
    argv = [sys.executable, "-m", "benchmarks.first_paint", str(event)]
    _first_paint(argv, env)  # compiles
    wall, cpu = min(_first_paint(argv, env) for _ in range(REPEAT))
    label = f"startup: whist-director, window painted ({WINDOW_TABLES}-table event)"
    print(
        f"{label:<64} {wall * 1000:10.1f} ms  (best of {REPEAT}; {cpu * 1000:.0f} ms CPU)  "
        f"target {WINDOW_TARGET * 1000:.0f} ms: {verdict(wall, WINDOW_TARGET)}",
        flush=True,
    )


def run() -> None:
    """Print each command's best wall and CPU time, the first against the target; then the
    desktop program's window against its own."""
    with tempfile.TemporaryDirectory() as cache:
        env = compiled_environment(Path(cache))
        for i, args in enumerate(COMMANDS):
            argv = [*director_command(), *args]
            subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)  # compiles
            wall, user = _best(argv, env)
            label = "startup: director " + " ".join(args)
            against = (
                f"  target {TARGET * 1000:.0f} ms: {'PASS' if wall <= TARGET else 'OVER'}"
                if i == 0
                else ""
            )
            print(
                f"{label:<64} {wall * 1000:10.1f} ms  (best of {REPEAT}; "
                f"{user * 1000:.0f} ms CPU){against}",
                flush=True,
            )
        scratch = Path(cache) / "window"
        scratch.mkdir()
        window_painted(env, scratch)
