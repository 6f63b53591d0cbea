"""Commands made of subcommands on an event file (`director event ...`, `director drive ...`):
each subcommand takes the event file (or database URL) first and names its handler."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

Handler = Callable[[argparse.Namespace], int]


class FileCommands:
    """A command's parser, to which subcommands on an event file are added."""

    def __init__(self, prog: str, usage: str) -> None:
        self.parser = argparse.ArgumentParser(prog=prog, usage=usage)
        self._commands = self.parser.add_subparsers(required=True)

    def add(self, name: str, handler: Handler) -> argparse.ArgumentParser:
        """The subcommand `name`, run by `handler`; its options are added to what it returns."""
        sub = self._commands.add_parser(name)
        sub.add_argument("file", help="event file or database URL")
        sub.set_defaults(handler=handler)
        return sub


def usage_shown(argv: Sequence[str], usage: str | None) -> int | None:
    """Show `usage` when it is asked for (`-h`, `--help`) or nothing is given, and return the
    exit code (0 asked, 2 nothing given); None when the command goes on."""
    if argv and argv[0] not in ("-h", "--help"):
        return None
    print(usage or "")
    return 0 if argv else 2


def run_subcommand(
    argv: Sequence[str], usage: str, parser: Callable[[], argparse.ArgumentParser]
) -> int:
    """Show `usage` (asked for, or nothing given), or parse `argv` and run its subcommand."""
    if (shown := usage_shown(argv, usage)) is not None:
        return shown
    args = parser().parse_args(list(argv))
    handler: Handler = args.handler
    return handler(args)
