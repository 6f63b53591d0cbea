"""`director print`: indicators, cards, slips, travellers, results and the movement recap.

    director print DOCUMENT (--movement FAMILY [--tables N | --pairs N | --players N |
        --couples N | --teams N] [--trays-per-round K] [--rounds R] [--variant NAME]
        [--stationary-table K] [--mnemonic]
        | --movement-file FILE.json
        | --event FILE [--session N] [--section A] [--part standings,deals,personal]
          [--links URL] [--only-tables T,T,... | --only-trays K,K,... | --only-pairs L,L,...])
        [--paper a4|letter] --out FILE.pdf [--force]

DOCUMENT is one of: indicators, table-cards, scorecards, slips, travellers, movement, setup
(where every tray starts, who deals), table-numbers (tent cards), sign-in (the entry list),
personal-cards (each player's name and evening), movement-notes (how the movement was built and
its check against the laws), results. Everything but results prints from a movement alone;
from an event file the players' names are printed wherever they are stored. Results need an
event file (all three parts by default: standings with winners, the per-deal sheet, the
personal sheets), marked provisional until every result is in.
With --links URL (the table server's address as the phones reach it, after `director event
table-links`), each table card of an event carries its table's link as a QR code.
After `director event repair` says which papers changed, --only-tables prints the table cards
or indicators of those tables only ("rest" among them: the indicators' rest card too),
--only-trays the trump slips or travellers of those trays, --only-pairs the personal score
cards or personal cards of those pairs (or players).
An existing --out file is replaced only with --force; an event file never is.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from director.cli.options import add_movement_options, movement_request
from director.cli.outputs import check_out, write_out
from director.cli.subcommands import usage_shown
from director.errors import DirectorError
from director.printing import documents as _documents
from director.printing.contents import REST_PLACE

if TYPE_CHECKING:
    from director.printing.printed import PaperKey
    from schedules.types import Movement

EVENT_DOCUMENTS = ("results",)
PAPERS = ("a4", "letter")

MOVEMENT_DOCUMENTS: tuple[str, ...] = tuple(_documents.MOVEMENT_DOCUMENTS)
ONLY = {
    "--only-tables": ("table", ("table-cards", "indicators")),
    "--only-trays": ("tray", ("slips", "travellers")),
    "--only-pairs": ("pair", ("scorecards", "personal-cards")),
}
"""The options that print some papers of a document only: what they name, and the documents
whose papers are one per table, per tray, per competitor."""
REST = "rest"
"""In --only-tables for the indicators: the rest card too (it lies at no table)."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="director print", description="Print a document as PDF.")
    p.add_argument("document", choices=[*MOVEMENT_DOCUMENTS, *EVENT_DOCUMENTS])
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--movement", metavar="FAMILY", help="build this family's movement")
    source.add_argument("--movement-file", metavar="FILE", help="a movement JSON file")
    source.add_argument("--event", metavar="FILE", help="an event file")
    add_movement_options(p)
    p.add_argument("--session", type=int, default=1)
    p.add_argument("--section", default="A")
    p.add_argument("--part", default="", help="results only: standings,deals,personal")
    p.add_argument("--paper", choices=PAPERS, default="a4")
    p.add_argument("--out", required=True, metavar="FILE.pdf")
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    for option, (kind, documents) in ONLY.items():
        p.add_argument(
            option,
            metavar="T,T,..." if kind != "pair" else "L,L,...",
            help=f"{' and '.join(documents)} only: print these {kind}s' papers"
            + (" (e.g. 3,5 or 1-4)" if kind != "pair" else " (e.g. NS3,EW5)"),
        )
    p.add_argument(
        "--links",
        metavar="URL",
        help="table cards of an event: each carries its table's link under URL (the table"
        " server's address), as a QR code for entering results from a phone",
    )
    return p


def run(argv: Sequence[str]) -> int:
    """Print one document; 0 on success, 2 (via DirectorError) for a request that cannot be met."""
    if (shown := usage_shown(argv, __doc__)) is not None:
        return shown
    args = _parser().parse_args(argv)
    out = Path(args.out)
    check_out(out, args.force, args.event)
    if args.event is not None:
        pdf = _print_from_event(args)
    elif args.links is not None or _given(args):
        option = "--links" if args.links is not None else _given(args)[0][0]
        raise DirectorError(f"{option} needs an event's tables: use --event FILE")
    elif args.document in EVENT_DOCUMENTS:
        raise DirectorError(f"{args.document} need an event's scores: use --event FILE")
    else:
        pdf = _documents.print_movement_document(_movement(args), args.document, args.paper)
    write_out(out, pdf, args.force)
    print(f"wrote {out} ({args.document}, {args.paper})")
    return 0


def _print_from_event(args: argparse.Namespace) -> bytes:
    """The document from the event file: opened once, read-only, for what it needs."""
    # Loaded only here: printing from a movement never opens a database.
    from director.printing.event import print_event_document, read_papers
    from director.printing.results import PARTS
    from director.store.services import EventStore

    with EventStore.open(args.event, read_only=True) as store:
        papers = read_papers(store, (args.document,), args.session, args.section, args.links)
    given = _given(args)
    if len(given) > 1:
        raise DirectorError(f"give one of {', '.join(ONLY)}, not {len(given)} of them")
    if given:
        keys = _only(*given[0], args.document, papers.movement)
        papers = replace(papers, printed=replace(papers.printed, only=keys))
    parts = tuple(p.strip() for p in args.part.split(",") if p.strip())
    return print_event_document(papers, args.document, args.paper, parts=parts or PARTS)


def _given(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The --only-... options given, with their values."""
    chosen = ((option, getattr(args, option[2:].replace("-", "_"))) for option in ONLY)
    return [(option, text) for option, text in chosen if text is not None]


def _only(option: str, text: str, document: str, movement: Movement) -> frozenset[PaperKey]:
    """The papers `option` names ("3,5" or "1-4,7" tables or trays; "NS3,EW5" pairs), each one
    the movement has."""
    kind, documents = ONLY[option]
    if document not in documents:
        raise DirectorError(
            f"{option} is for {' and '.join(documents)}, not {document}; leave it out"
        )
    if kind == "pair":
        labels = {label.strip() for label in text.split(",") if label.strip()}
        unknown = sorted(labels - set(movement.field))
        if unknown or not labels:
            raise DirectorError(f"{option} {text!r}: the movement has {', '.join(movement.field)}")
        return frozenset(labels)
    numbers: set[int] = set()
    rest = document == "indicators" and REST in (part.strip() for part in text.split(","))
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        if rest and first == REST:
            continue
        try:
            numbers.update(range(int(first), int(last or first) + 1))
        except ValueError:
            raise DirectorError(f"{option} {text!r}: give {kind} numbers like 3,5 or 1-4") from None
    known = movement.table_numbers if kind == "table" else movement.tray_numbers
    if numbers - set(known) or not (numbers or rest):
        raise DirectorError(f"{option} {text!r}: the movement has {kind}s 1 to {max(known)}")
    keys: set[PaperKey] = set(numbers)
    if rest:
        keys.add((None, REST_PLACE))
    return frozenset(keys)


def _movement(args: argparse.Namespace) -> Movement:
    # Loaded only here: printing from an event never builds nor reads a movement file.
    from schedules import catalog

    if args.movement_file is not None:
        from director.exchange.movement_files import load_movement_json

        return load_movement_json(args.movement_file)
    request = movement_request(args.movement, args)
    return catalog.build(request)
