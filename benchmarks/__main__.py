"""Run every benchmark module and print its figures: `python -m benchmarks [NAME ...]`."""

from __future__ import annotations

import importlib
import sys

MODULES = (
    "startup",
    "mitchell",
    "howell",
    "movements",
    "individuals",
    "seed_families",
    "scale",
    "scoring",
    "drive",
    "store",
    "repair",
    "printing",
    "printer",
    "server",
    "gui",
)


def main(names: list[str]) -> int:
    """Run the named benchmark modules (all by default)."""
    for name in names or MODULES:
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"== {name}")
        module.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
