"""The `director` command line: `director COMMAND ...`, one module per command.

Each command module exposes `run(argv) -> int` and calls the same services the GUI uses.
Modules are imported on demand, so `director movement` never loads the database or reportlab.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from director.errors import DirectorError
from schedules.findings import ScheduleError

COMMANDS = {
    "movement": ("director.cli.movement", "generate, list and verify movements"),
    "score": ("director.cli.score", "score a whole session from a JSON file"),
    "event": ("director.cli.event", "create and run an event file (players, slips, results)"),
    "print": ("director.cli.printing", "print indicators, cards, slips, travellers, results"),
}

USAGE = "usage: director COMMAND [ARGS]\n\ncommands:\n" + "\n".join(
    f"  {name:<9} {summary}" for name, (_, summary) in COMMANDS.items()
)

EXIT_IMPOSSIBLE = 2
"""Exit status for a request that cannot be met: one line on stderr says why."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0 if args else EXIT_IMPOSSIBLE
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"director: unknown command {name!r}\n{USAGE}", file=sys.stderr)
        return EXIT_IMPOSSIBLE
    module = importlib.import_module(COMMANDS[name][0])
    try:
        return int(module.run(rest))
    except (DirectorError, ScheduleError) as exc:
        print(f"director {name}: {exc}", file=sys.stderr)
        return EXIT_IMPOSSIBLE


if __name__ == "__main__":
    raise SystemExit(main())
