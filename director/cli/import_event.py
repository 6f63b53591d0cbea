"""`director import`: read an exported JSON file back as an event file.

    director import RESULTS.json [--out EVENT.whist]

RESULTS.json is a file written by `director export EVENT --format json`. The event it came
from is made again in a new event file (RESULTS.whist beside it unless --out names another):
every player, pair, movement, trump slip, result, ruling, new deal and repair (or the whist
drive, with its entries, cards and rulings), and the whole history, so undo works in it as in
the original and exporting it gives the same file again. An existing file is never replaced.
A file changed after it was exported, or not written by this program, is refused in one line,
and nothing is written.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from director.cli.subcommands import usage_shown
from director.errors import DirectorError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="director import", description="Read an export back.")
    p.add_argument("file", help="a JSON file written by director export --format json")
    p.add_argument("--out", metavar="EVENT", help="the event file to make (default: beside it)")
    return p


def run(argv: Sequence[str]) -> int:
    """Import the file; 0 on success, 2 (via DirectorError) when it cannot be read back."""
    if (shown := usage_shown(argv, __doc__)) is not None:
        return shown
    from director.exchange.event_import import import_event

    args = _parser().parse_args(argv)
    source = Path(args.file)
    if not source.is_file():
        raise DirectorError(f"{source}: no such file")
    out = Path(args.out) if args.out else source.with_suffix(".whist")
    made = import_event(source, out)
    held = "a whist drive" if made.drive else f"{made.sections} section(s)"
    print(f"imported {source} as {made.path}: {made.name}, {held}, {made.steps} steps of history")
    return 0
