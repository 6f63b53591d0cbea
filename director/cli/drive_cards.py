"""`director drive cards`: the paper route, each player's card typed from a CSV file or the
command line, a ruling on a disputed hand, and what the cards say (docs/drive.md#the-paper-route).
"""

from __future__ import annotations

import argparse
import csv
import json
import re
from pathlib import Path

from director.cli.subcommands import FileCommands
from director.scoring.drive_cards import Card, parse_figure
from director.scoring.errors import InputFormatError
from director.store.operations.drive_cards import CardReport
from director.store.services import EventStore, StoreError

_HEADINGS = ("player", "name")


def add_cards(commands: FileCommands) -> None:
    """The `cards` subcommand and its options."""
    cards = commands.add("cards", _cards)
    typed = cards.add_mutually_exclusive_group()
    typed.add_argument("--csv", type=Path, help="a card a line: player, hand 1 ... hand N, total")
    typed.add_argument("--player", metavar="NAME", help="type this player's card")
    typed.add_argument("--rule", action="store_true", help="take one card as right")
    cards.add_argument("--hands", metavar="FIGURES", help='each hand\'s figure: "8 5 - 7 ..."')
    cards.add_argument("--total", metavar="TRICKS", help="the total written on the card")
    cards.add_argument("--hand", type=int)
    cards.add_argument("--table", type=int)
    cards.add_argument("--right", metavar="NAME", help="the player whose card is right")
    cards.add_argument("--by", default="director")
    cards.add_argument("--format", choices=["text", "json"], default="text")


def _cards(args: argparse.Namespace) -> int:
    with EventStore.open(args.file) as store:
        if args.csv is not None:
            typed = read_cards(args.csv)
            store.type_drive_cards(typed, who=args.by)
            _say(args, f"Typed {len(typed)} cards from {args.csv.name}.")
        elif args.player is not None:
            card = _one_card(args.player, args.hands, args.total)
            store.type_drive_card(card, who=args.by)
            _say(args, f"Typed {args.player}'s card.")
        elif args.rule:
            if args.hand is None or args.table is None or args.right is None:
                raise StoreError("a ruling needs --hand N --table T --right NAME")
            store.rule_drive_card(args.hand, args.table, args.right, who=args.by)
            _say(args, f"Hand {args.hand}, table {args.table}: {args.right}'s card is taken.")
        report = store.drive_cards()
    print(json.dumps(_report_json(report)) if args.format == "json" else _report_text(report))
    return 0


def _say(args: argparse.Namespace, line: str) -> None:
    if args.format == "text":
        print(line)


def _one_card(player: str, hands: str | None, total: str | None) -> Card:
    if hands is None and total is None:
        raise StoreError(f'give {player}\'s card: --hands "8 5 - 7 ..." and --total, or --total')
    figures = () if hands is None else tuple(parse_figure(f) for f in re.split(r"[\s,]+", hands))
    return Card(player.strip(), figures, None if total is None else parse_figure(total))


def read_cards(path: Path) -> list[Card]:
    """The cards in a CSV file: a line per card of the player's name, each hand's figure and the
    total; or the name and the total only (the short form). A heading line is skipped."""
    cards: list[Card] = []
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            for number, row in enumerate(csv.reader(handle), 1):
                if not any(cell.strip() for cell in row):
                    continue
                if number == 1 and row[0].strip().lower() in _HEADINGS:
                    continue
                cards.append(_card_row(path, number, row))
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror}") from exc
    return cards


def _card_row(path: Path, number: int, row: list[str]) -> Card:
    if len(row) < 2 or not row[0].strip():
        raise StoreError(
            f"{path.name} line {number}: give the player's name, each hand's figure and the total"
        )
    try:
        figures = tuple(parse_figure(cell) for cell in row[1:])
    except InputFormatError as exc:
        raise StoreError(f"{path.name} line {number}: {exc}") from None
    return Card(row[0].strip(), figures[:-1], figures[-1])


def _report_text(report: CardReport) -> str:
    check = report.check
    full = [c for c in report.cards if not c.short]
    lines = [f"{len(report.cards)} cards typed."]
    if full:
        lines.append(f"Hands the cards seat and check: {check.seated}.")
        if check.missing:
            lines.append(f"Cards still to type: {', '.join(sorted(check.missing))}.")
        if check.stopped:
            lines.append(check.stopped)
    lines.extend(
        f"Hand {r.hand}, table {r.result.table}: {r.ruled}'s card taken."
        for r in check.results
        if r.ruled is not None
    )
    if report.flags:
        lines.append("To look at:")
        lines.extend(f"  {flag.words}" for flag in report.flags)
    elif report.cards:
        lines.append("No slip found on the cards.")
    return "\n".join(lines)


def _report_json(report: CardReport) -> dict[str, object]:
    check = report.check
    return {
        "cards": len(report.cards),
        "seated": check.seated,
        "stopped": check.stopped,
        "missing": sorted(check.missing),
        "ruled": [
            {"hand": r.hand, "table": r.result.table, "player": r.ruled}
            for r in check.results
            if r.ruled is not None
        ],
        "flags": [
            {
                "slip": f.slip.value,
                "players": list(f.players),
                "hand": f.hand,
                "table": f.table,
                "words": f.words,
            }
            for f in report.flags
        ],
    }
