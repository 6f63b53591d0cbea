"""Start-up: a small movement from the command line, as a director types it (issue 30).

Each run is a fresh process, so the figure is the whole wait: the interpreter, the imports and
the work. The bytecode is compiled by a first run that is not counted (as it is after
installing), into a folder of its own so that the working tree gains no `__pycache__`.
"""

from __future__ import annotations

import resource
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks.common import compiled_environment, director_command

TARGET = 0.3
"""Seconds, wall clock, for `director movement howell --tables 5` (issue 30)."""

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


def run() -> None:
    """Print each command's best wall and CPU time; the first against the target."""
    with tempfile.TemporaryDirectory() as cache:
        env = compiled_environment(Path(cache))
        for i, args in enumerate(COMMANDS):
            argv = [*director_command(), *args]
            subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)  # compiles
            wall, user = _best(argv, env)
            label = "startup: director " + " ".join(args)
            verdict = (
                f"  target {TARGET * 1000:.0f} ms: {'PASS' if wall <= TARGET else 'OVER'}"
                if i == 0
                else ""
            )
            print(
                f"{label:<64} {wall * 1000:10.1f} ms  (best of {REPEAT}; "
                f"{user * 1000:.0f} ms CPU){verdict}",
                flush=True,
            )
