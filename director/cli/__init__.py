"""The `director` command line: `director COMMAND ...`, one module per command.

Each command module exposes `run(argv) -> int` and calls the same services the GUI uses.
Modules are imported on demand, so `director movement` never loads the database or reportlab.
Whatever goes wrong, the director sees one line on stderr and exit status 2, never a traceback
or the database's own text (which may quote SQL); an error the program did not expect also
leaves its details in a log file, named in that line.
"""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

COMMANDS = {
    "movement": ("director.cli.movement", "generate, list and verify movements"),
    "score": ("director.cli.score", "score a whole session from a JSON file"),
    "event": ("director.cli.event", "create and run an event file (players, slips, results)"),
    "drive": ("director.cli.drive", "run a whist drive: seating, hands, moves, prizes"),
    "print": ("director.cli.printing", "print indicators, cards, slips, travellers, results"),
    "serve": ("director.cli.serve", "let the tables enter their results from phones"),
    "publish": ("director.cli.publish", "write the results as a website (standings, deals, cards)"),
    "export": ("director.cli.exchange", "export every result and standing as JSON or CSV"),
    "import": ("director.cli.import_event", "read a JSON export back as an event file"),
}

USAGE = "usage: director COMMAND [ARGS]\n\ncommands:\n" + "\n".join(
    f"  {name:<9} {summary}" for name, (_, summary) in COMMANDS.items()
)

RUNNING_ON = frozenset({"serve"})
"""Commands that run until stopped; every other one does its work and exits."""

EXIT_IMPOSSIBLE = 2
"""Exit status for a request that cannot be met: one line on stderr says why."""
EXIT_INTERRUPTED = 130
"""Exit status after Ctrl+C (128 + SIGINT, as shells report it)."""


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
    collecting = gc.isenabled()
    if name not in RUNNING_ON:
        # A command that exits when done frees its memory then; the cycle collector would only
        # walk the imported modules' objects again and again (a tenth of a small print's time).
        gc.disable()
    try:
        module = importlib.import_module(COMMANDS[name][0])
        return int(module.run(rest))
    except KeyboardInterrupt:
        print(
            f"director {name}: interrupted; every entry saved before stays saved", file=sys.stderr
        )
        return EXIT_INTERRUPTED
    except Exception as exc:  # the one place every failure becomes one line
        from director.cli.failures import explain

        print(f"director {name}: {explain(exc)}", file=sys.stderr)
        return EXIT_IMPOSSIBLE
    finally:
        if collecting:  # called from a program that goes on (a test, a script)
            gc.enable()


def entry() -> NoReturn:
    """The `director` program: run one command, then exit.

    Everything the command loaded (the database layer, reportlab, a movement of thousands of
    seatings) is frozen first, so that the interpreter's last collection does not walk it all
    again on the way out: that pass frees nothing an ending process needs and took a third of
    a second after each print."""
    status = main()
    gc.freeze()
    raise SystemExit(status)


if __name__ == "__main__":
    entry()
