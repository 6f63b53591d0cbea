"""Start-up: a small movement from the command line, as a director types it (issue 30), and the
desktop program on a 30-table event (issue 47): its window painted (the frame, drawn before the
event is opened), the event shown, and a bare Qt window beside them as the floor.

Each run is a fresh process, so the figure is the whole wait: the interpreter, the imports and
the work. The bytecode is compiled by a first run that is not counted (as it is after
installing), into a folder of its own so that the working tree gains no `__pycache__`.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import compiled_environment, director_command, verdict
from benchmarks.display import virtual_display

TARGET = 0.3
"""Seconds, wall clock, for `director movement howell --tables 5` (issue 30)."""
WINDOW_TARGET = 0.3
"""Seconds, wall clock, from starting the desktop program to its window painted, cold (a fresh
process, its bytecode compiled) (issue 47)."""
WINDOW_TABLES = 30
WINDOW_REPEAT = 7

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


def _first_paint(argv: list[str], env: dict[str, str]) -> list[tuple[float, float]]:
    """For each thing the program says (its window painted, then its event shown), the wall
    seconds until it said so and its CPU seconds by then."""
    start = time.perf_counter()
    said: list[tuple[float, float]] = []
    with subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None
        for line in child.stdout:
            said.append((time.perf_counter() - start, float(line.split()[1])))
    if child.returncode != 0 or not said:
        raise RuntimeError(f"{argv} ended without painting its window")
    return said


def window_painted(env: dict[str, str], scratch: Path) -> None:
    """Print the median times from starting the desktop program on a 30-table event, every
    result entered, to its window painted and to the event shown, and a bare Qt window's to
    its painting (the floor), cold: a fresh process each time, its bytecode compiled. On a real
    X display of its own (Xvfb, Qt's xcb platform: what a person sees), settings and data
    folder of its own."""
    from director.gui.demo import demo_event

    event = scratch / "club.whist"
    demo_event(event, tables=WINDOW_TABLES, trays_per_round=2).close()
    program = [sys.executable, "-m", "benchmarks.first_paint"]
    label = f"startup: whist-director, {WINDOW_TABLES}-table event"
    with virtual_display() as display:
        env = {
            **env,
            "DISPLAY": display,
            "QT_QPA_PLATFORM": "xcb",
            "WHIST_DIRECTOR_DATA": str(scratch / "data"),
            "XDG_CONFIG_HOME": str(scratch / "config"),
        }
        for argv, names in (
            ([*program, str(event)], (f"{label}, window painted", f"{label}, event shown")),
            (program, ("startup: a bare Qt window painted (the floor)",)),
        ):
            _first_paint(argv, env)  # compiles
            runs = [_first_paint(argv, env) for _ in range(WINDOW_REPEAT)]
            for i, name in enumerate(names):
                wall = statistics.median(run[i][0] for run in runs)
                cpu = statistics.median(run[i][1] for run in runs)
                against = (
                    f"  target {WINDOW_TARGET * 1000:.0f} ms: {verdict(wall, WINDOW_TARGET)}"
                    if name.endswith("window painted")
                    else ""
                )
                print(
                    f"{name:<64} {wall * 1000:10.1f} ms  (median of {WINDOW_REPEAT}; "
                    f"{cpu * 1000:.0f} ms CPU){against}",
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
