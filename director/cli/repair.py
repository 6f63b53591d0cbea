"""`director event repair FILE OPERATION ...`: repair the movement in play, keeping every result.

    director event repair FILE late-pair --from-round R [--names "A & B"] [--label L]
    director event repair FILE withdraw --competitor LABEL --from-round R
    director event repair FILE wrong-move --round R --table T (--ns L --ew L | --places N,E,S,W)
        [--trays K,K]
    director event repair FILE cut-rounds --after R
    director event repair FILE arrow-switch --round R [--table T]

Each takes --dry-run (show the change, store nothing), --reason TEXT (for the audit trail),
--format text|json, and --session/--section/--by like the other entries. The output is one
summary line, the changed places before and after, the balance index before and after, who
sits out, the meetings and trays that now repeat, and the papers whose printed content the repair
changed, to print again.
"""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Callable, Sequence

from director.cli.printing import ONLY, REST
from director.printing.reprints import Reprints, reprints
from director.store.services import EventStore, StoreError
from schedules.render import number_ranges
from schedules.repair import (
    ArrowSwitch,
    CutRounds,
    LatePair,
    Repaired,
    RepairRequest,
    Withdraw,
    WrongMove,
)
from schedules.types import Seating

Parser = argparse.ArgumentParser


def add_options(parser: Parser) -> None:
    """The operations of `director event repair FILE ...` and their options."""
    operations = parser.add_subparsers(required=True, metavar="OPERATION")

    def operation(name: str, build: Callable[[argparse.Namespace], RepairRequest]) -> Parser:
        sub = operations.add_parser(name)
        sub.set_defaults(request=build)
        sub.add_argument("--dry-run", action="store_true", help="show the change, store nothing")
        sub.add_argument("--reason", default="", help="why, for the audit trail")
        sub.add_argument("--format", choices=["text", "json"], default="text")
        sub.add_argument("--session", type=int, default=1)
        sub.add_argument("--section", default="A")
        sub.add_argument("--by", default="director", help="who repairs it (audit trail)")
        return sub

    late = operation("late-pair", _late_pair)
    late.add_argument("--from-round", type=int, required=True)
    late.add_argument("--names", help='the newcomers\' names, e.g. "Mrs Ames & Mr Brown"')
    late.add_argument(
        "--label",
        help="the newcomer's label (default: the place that rests, else the next free number)",
    )

    leave = operation("withdraw", lambda a: Withdraw(a.competitor, a.from_round))
    leave.add_argument("--competitor", required=True, help="the label of who leaves")
    leave.add_argument("--from-round", type=int, required=True)

    wrong = operation("wrong-move", _wrong_move)
    wrong.add_argument("--round", type=int, required=True)
    wrong.add_argument("--table", type=int, required=True)
    wrong.add_argument("--ns", help="the pair that really sat N-S")
    wrong.add_argument("--ew", help="the pair that really sat E-W")
    wrong.add_argument("--places", help="individuals: the players at N,E,S,W, e.g. 3,7,1,12")
    wrong.add_argument("--trays", help="the trays the table really played, e.g. 7,8")

    cut = operation("cut-rounds", lambda a: CutRounds(a.after))
    cut.add_argument("--after", type=int, required=True, help="the last round played")

    arrow = operation("arrow-switch", lambda a: ArrowSwitch(a.round, a.table))
    arrow.add_argument("--round", type=int, required=True)
    arrow.add_argument("--table", type=int, help="one table (default: every table)")


def _late_pair(args: argparse.Namespace) -> RepairRequest:
    names = tuple(n.strip() for n in (args.names or "").split("&") if n.strip())
    return LatePair(args.from_round, args.label, names)


def _wrong_move(args: argparse.Namespace) -> RepairRequest:
    trays = _numbers(args.trays) if args.trays else ()
    if args.places and not (args.ns or args.ew):
        return WrongMove(args.round, args.table, tuple(args.places.split(",")), trays)
    if args.ns and args.ew and not args.places:
        return WrongMove(args.round, args.table, (args.ns, args.ew), trays)
    raise StoreError(
        "say who really sat there: --ns LABEL --ew LABEL for pairs, or --places N,E,S,W for"
        " individuals"
    )


def _numbers(text: str) -> tuple[int, ...]:
    """--trays 7,8: tray numbers."""
    try:
        return tuple(int(t) for t in text.split(","))
    except ValueError:
        raise StoreError(
            f"--trays {text}: give tray numbers separated by commas, e.g. 7,8"
        ) from None


def run(args: argparse.Namespace) -> int:
    """Apply (or with --dry-run only show) one repair; print what changed."""
    request = args.request(args)
    opened = EventStore.open(args.file, read_only=args.dry_run)
    with opened as store:
        repaired = store.repair(
            request,
            reason=args.reason,
            who=args.by,
            session=args.session,
            section=args.section,
            dry_run=args.dry_run,
        )
    if args.format == "json":
        print(json.dumps(to_json(repaired, args.dry_run), indent=2))
    else:
        print("\n".join(report(repaired, args.dry_run, _event_options(args))))
    return 0


def _places(seatings: Sequence[Seating]) -> str:
    """A table's seating in one cell: "3 v 8 (trays 5-6)", "-" for no play."""
    if not seatings:
        return "-"
    s = seatings[0]
    if s.is_individual:
        who = f"{s.places[0]}&{s.places[2]} v {s.places[1]}&{s.places[3]}"
    else:
        who = f"{s.ns} v {s.ew}"
    trays = number_ranges(sorted({t for x in seatings for t in x.trays}))
    return f"{who} (trays {trays}{', arrow switched' if s.switched else ''})"


def _event_options(args: argparse.Namespace) -> str:
    """How `director print` names the section repaired: "--event FILE [--session N ...]"."""
    options = f"--event {shlex.quote(str(args.file))}"
    if args.session != 1:
        options += f" --session {args.session}"
    if args.section != "A":
        options += f" --section {shlex.quote(args.section)}"
    return options


def reprint_commands(again: Reprints, event: str) -> list[str]:
    """The `director print` commands that print the changed papers again (the indicators of
    every place at a changed place's table)."""
    option = {document: o for o, (_kind, documents) in ONLY.items() for document in documents}
    lines = []
    for document, keys in again.papers.items():
        if document == "personal-cards":
            continue  # the same papers as the score cards, in the other layout
        if document in ("scorecards", "personal-cards"):
            named = ",".join(str(key) for key in keys)
        else:
            tables = {key[0] if isinstance(key, tuple) else int(key) for key in keys}
            named = number_ranges(sorted(t for t in tables if t is not None)).replace(", ", ",")
            if None in tables:  # the indicators' rest card
                named = f"{named},{REST}" if named else REST
        out = f"{document}-again.pdf"
        lines.append(f"  director print {document} {event} {option[document]} {named} --out {out}")
    return lines


def report(repaired: Repaired, dry_run: bool, event: str | None = None) -> list[str]:
    """The repair in lines of text, as the command prints it; with `event` (the options that
    name the section), once it is stored, the commands that print the changed papers again."""
    lines = [repaired.summary]
    if dry_run:
        lines.append("Dry run: nothing was stored.")
    cells = [
        (str(c.round), str(c.table), _places(c.before), _places(c.after)) for c in repaired.changed
    ]
    head = ("round", "table", "before", "after")
    widths = [max(len(row[i]) for row in (head, *cells)) for i in range(4)]
    for row in (head, *cells):
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    if repaired.before is not None and repaired.after is not None:
        lines.append(f"Balance index before {repaired.before:.1f}, after {repaired.after:.1f}")
    if repaired.sit_outs:
        out = "; ".join(f"round {r}: {', '.join(who)}" for r, who in repaired.sit_outs.items())
        lines.append(f"Sitting out: {out}")
    else:
        lines.append("Sitting out: nobody")
    lines += [f"Repeats: {line}" for line in repaired.repeats] or ["Repeats: none"]
    again = reprints(repaired.previous, repaired.movement)
    lines.append("Print again: " + ("; ".join(again.lines()) if again else "nothing"))
    if again and event is not None and not dry_run:  # a dry run's papers are not stored
        lines.append("To print them (personal-cards instead of scorecards if the club uses those):")
        lines += reprint_commands(again, event)
    return lines


def _seating_json(seatings: Sequence[Seating]) -> list[dict[str, object]]:
    return [
        {"places": list(s.places), "trays": list(s.trays), "switched": s.switched} for s in seatings
    ]


def to_json(repaired: Repaired, dry_run: bool) -> dict[str, object]:
    """The repair as JSON, for scripts."""
    return {
        "summary": repaired.summary,
        "dry_run": dry_run,
        "changes": [
            {
                "round": c.round,
                "table": c.table,
                "before": _seating_json(c.before),
                "after": _seating_json(c.after),
            }
            for c in repaired.changed
        ],
        "balance": {"before": repaired.before, "after": repaired.after},
        "sit_outs": {str(r): list(who) for r, who in repaired.sit_outs.items()},
        "repeats": list(repaired.repeats),
        "reprint": {
            document: [list(key) if isinstance(key, tuple) else key for key in keys]
            for document, keys in reprints(repaired.previous, repaired.movement).papers.items()
        },
    }
