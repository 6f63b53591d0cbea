"""`director movement`: generate, list and verify movements.

    director movement FAMILY [--tables N | --pairs N | --players N | --couples N | --teams N]
        [--trays-per-round K | --minutes M [--minutes-per-tray X]] [--rounds R]
        [--variant NAME] [--stationary-table K] [--arrow-switch R,R] [--balance best]
        [--mnemonic] [--format text|json]
    director movement list [--balance]
    director movement verify FILE.json|FILE.yaml|FILE.csv [--promise NAME] [--format text|json]

Exit status: 0 for a verified movement, 1 when verification fails, 2 for an impossible request.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from director.cli.options import add_movement_options, movement_request
from director.cli.subcommands import usage_shown
from schedules import catalog
from schedules.balance import balance
from schedules.findings import Finding
from schedules.jsonio import movement_document
from schedules.promises import promise_names
from schedules.render import report
from schedules.types import Movement
from schedules.verify import verify


def run(argv: Sequence[str]) -> int:
    """Dispatch `list`, `verify` or a family name."""
    if (shown := usage_shown(argv, __doc__)) is not None:
        return shown
    if argv[0] == "list":
        print(balance_text() if "--balance" in argv[1:] else list_text())
        return 0
    if argv[0] == "verify":
        return _verify(argv[1:])
    return _generate(argv)


def list_text() -> str:
    """Every family and variant with the sizes it supports."""
    lines = []
    for fam in catalog.families().values():
        lines.append(f"{fam.name:<18} {fam.title} -- {fam.sizes} (--{fam.size_unit})")
        for v in fam.variants:
            lines.append(f"  --variant {v.name:<14} {v.summary} -- {v.sizes}")
    lines.append("")
    lines.append("Options for every family: --mnemonic (play it through twice, hands exchanged),")
    lines.append("--trays-per-round K or --minutes M [--minutes-per-tray X], --format text|json.")
    lines.append("Balance reached per size against the bound: director movement list --balance.")
    lines.append("Promises the verifier knows: " + ", ".join(promise_names()))
    return "\n".join(lines)


def balance_text(sizes: range = range(4, 61, 2)) -> str:
    """Per size, the balance of our best complete Howell against the theoretical bound."""
    # imported here: only `list --balance` reads the table, and every movement command pays
    # for an import at the top
    from schedules.balance_table import figure, howell_rows

    lines = [f"{'pairs':>5} {'tables':>6} {'our SS':>8} {'index':>7}  lower bound on SS"]
    for row in howell_rows(sizes):
        lines.append(
            f"{row.pairs:>5} {row.tables:>6} {figure(row.ss):>8} {row.index:>7.2f}  {row.bound}"
        )
    lines.append("(director movement howell --pairs P --balance best; see docs/balance-table.md)")
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="director movement", description="Generate a movement.")
    p.add_argument("family")
    add_movement_options(p)
    p.add_argument("--format", choices=["text", "json"], default="text")
    return p


def _generate(argv: Sequence[str]) -> int:
    args = _parser().parse_args(argv)
    request = movement_request(args.family, args)
    # Verified once, by `_emit`: a movement that fails is printed with every finding (text) or
    # with "verified": false and its "problems" (JSON), as `director movement verify` prints it.
    return _emit(catalog.build(request, check=False), None, args.format)


def _emit(movement: Movement, promise: str | None, fmt: str, found: Sequence[Finding] = ()) -> int:
    """Print the movement with the verifier's verdict (and the findings already `found` in
    reading its file); 0 when it verifies, 1 when it does not."""
    if fmt == "json":
        doc = movement_document(movement, promise, found)
        # Indented for a person at a terminal; compact into a file or a pipe, where Python's
        # fast encoder (which does not indent) writes a large movement in a fraction of the time.
        print(json.dumps(doc, indent=1 if sys.stdout.isatty() else None))
        return 0 if doc["verified"] else 1
    findings = [*found, *verify(movement, promise)]
    print(report(movement, findings, balance(movement), promise))
    return 0 if not findings else 1


def _verify(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(prog="director movement verify")
    p.add_argument("file")
    p.add_argument("--promise", choices=sorted(promise_names()))
    p.add_argument("--format", choices=["text", "json"], default="text")
    args = p.parse_args(argv)
    # Imported here: the readers' schemas (pydantic) take longer to import than a small
    # movement takes to build and print.
    from director.exchange.movement_files import read_movement_file

    try:
        movement, found = read_movement_file(args.file)
    except OSError as exc:
        raise catalog.ImpossibleMovementError(f"cannot read {args.file}: {exc.strerror}") from exc
    return _emit(movement, args.promise, args.format, found)
