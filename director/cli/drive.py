"""`director drive`: run a whist drive from the command line.

    director drive new FILE --tables N [--rule progressive|semi-partner|partner]
        [--by-seat] [--layout circle|line|snake] [--losers-move] [--trumps-turned]
        [--hands 24] [--halves 2] [--sit-out average|set-figure] [--set-figure 7] [--dummy]
        [--revoke-penalty 3] [--prizes-overall] [--places 3] [--tie last-hand|most-won|lots]
        [--draw NUMBER | --cards CARDS.csv] [--late NAME ...]
    director drive seat FILE [--hand N] [--format text|json]
    director drive seat FILE (--arrive NAME [--part lady|gentleman] | --leave NAME)
        --from-hand N
    director drive enter FILE --hand N --table T --winners ns|ew --tricks K
        [--from keyboard|phone|card] [--revoke ns|ew --reason TEXT] [--by WHO]
    director drive moves FILE --hand N [--format text|json]
    director drive standings FILE [--after N] [--format text|json]
    director drive prizes FILE [--format text|json]
    director drive print FILE KIND... --out FILE.pdf [--paper a4|letter] [--force]
        [--links URL] [--blank [--tables N --hands 24 --halves 2 --by-seat --trumps-turned]]
    director drive cards FILE [--csv CARDS.csv | --player NAME [--hands "8 5 - 7 ..."]
        [--total T] | --rule --hand N --table T --right NAME] [--format text|json]

The field is the event's roster (`director event players`); players named with --late are
not seated until they arrive. The first seating is drawn from a number the program shows (give
it again with --draw to draw the same seating), or read from the players' numbered cards: a
CSV file of name, table, seat (N, E, S or W). Each entry is saved at once and is one step that
`director event undo` takes back. The seating for each hand is worked out from the first one
and the entries (docs/drive.md).

`print` writes the drive's papers into one PDF, in the order given: score-cards (each
player's numbered card), table-cards (each table's number, its phone link as a QR code, and
where its players go after each hand), caller (the hands and trumps to call, the breaks, the
rules), standings (half-time and final) and prizes (with how each tie was broken). The table
cards carry the tables' links under --links URL, or else under the address the tables were last
served on. With --blank the score cards are numbered but carry no names, one for each seat
(the number says the table and seat of the first hand), to be drawn at the door: before the
drive is started, say its --tables (and --hands, --halves, --by-seat, --trumps-turned if not
the usual). An existing --out file is replaced only with --force.
"""

from __future__ import annotations

import argparse
import csv
import json
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from director.cli.drive_cards import add_cards
from director.cli.outputs import check_out, write_out
from director.cli.subcommands import FileCommands, run_subcommand
from director.scoring.drive import Standing, Tricks, tricks_words
from director.scoring.drive_prizes import PrizeSettings, TieRule
from director.store.operations.drive import Move
from director.store.services import EventStore, StoreError
from schedules.progressive import (
    DriveSettings,
    Field,
    Layout,
    Mover,
    MovingRule,
    Place,
    Role,
    Seat,
    Seating,
    Side,
    SitOut,
    Trumps,
)

if TYPE_CHECKING:
    from director.printing.drive_contents import DrivePapers

USAGE = __doc__ or ""
_SIDES = {"ns": Side.NS, "ew": Side.EW}
_TIES = {"last-hand": TieRule.LAST_HAND, "most-won": TieRule.MOST_WON, "lots": TieRule.LOTS}
_SIT_OUT = {"average": SitOut.AVERAGE, "set-figure": SitOut.SET_FIGURE}


def run(argv: Sequence[str]) -> int:
    """Parse and run one `director drive` subcommand."""
    return run_subcommand(argv, USAGE, _parser)


def _parser() -> argparse.ArgumentParser:
    commands = FileCommands("director drive", USAGE)
    command = commands.add
    new = command("new", _new)
    new.add_argument("--tables", type=int, required=True)
    new.add_argument("--rule", choices=[r.value for r in MovingRule], default="progressive")
    new.add_argument("--by-seat", action="store_true", help="a field without ladies and gentlemen")
    new.add_argument("--layout", choices=[x.value for x in Layout], default="circle")
    new.add_argument("--losers-move", action="store_true", help="partner drive: losers move up")
    new.add_argument("--trumps-turned", action="store_true", help="the dealer turns trumps")
    new.add_argument("--hands", type=int, default=24)
    new.add_argument("--halves", type=int, default=2)
    new.add_argument("--sit-out", choices=list(_SIT_OUT), default="average")
    new.add_argument("--set-figure", type=int, default=7)
    new.add_argument("--dummy", action="store_true", help="a table of three plays a dummy")
    new.add_argument("--revoke-penalty", type=int, default=3)
    new.add_argument("--prizes-overall", action="store_true")
    new.add_argument("--places", type=int, default=3)
    new.add_argument("--tie", choices=list(_TIES), default="last-hand")
    first = new.add_mutually_exclusive_group()
    first.add_argument("--draw", type=int, metavar="NUMBER", help="draw the seating from it")
    first.add_argument("--cards", type=Path, help="CSV of name, table, seat")
    new.add_argument("--late", nargs="+", default=[], metavar="NAME")

    seat = command("seat", _seat)
    seat.add_argument("--hand", type=int)
    change = seat.add_mutually_exclusive_group()
    change.add_argument("--arrive", metavar="NAME")
    change.add_argument("--leave", metavar="NAME")
    seat.add_argument("--part", choices=[r.value for r in Role])
    seat.add_argument("--from-hand", type=int)
    _add_format(seat)

    enter = command("enter", _enter)
    enter.add_argument("--hand", type=int, required=True)
    enter.add_argument("--table", type=int, required=True)
    enter.add_argument("--winners", choices=list(_SIDES), required=True)
    enter.add_argument("--tricks", type=int, required=True, help="the winners' tricks, 7 to 13")
    enter.add_argument("--from", dest="method", choices=["keyboard", "phone", "card"])
    enter.add_argument("--revoke", choices=list(_SIDES), help="the side that revoked")
    enter.add_argument("--reason", default="revoke")
    enter.add_argument("--by", default="director")

    moves = command("moves", _moves)
    moves.add_argument("--hand", type=int, required=True)
    _add_format(moves)

    standings = command("standings", _standings)
    standings.add_argument("--after", type=int, metavar="HAND")
    _add_format(standings)

    prizes = command("prizes", _prizes)
    _add_format(prizes)

    printing = command("print", _print)
    printing.add_argument("kinds", nargs="+", metavar="KIND")
    printing.add_argument("--out", required=True, metavar="FILE.pdf")
    printing.add_argument("--paper", choices=["a4", "letter"], default="a4")
    printing.add_argument("--force", action="store_true", help="replace an existing --out file")
    printing.add_argument("--links", metavar="URL", help="the table server's address")
    printing.add_argument("--blank", action="store_true", help="numbered cards without names")
    printing.add_argument("--tables", type=int, help="--blank before the drive is started")
    printing.add_argument("--hands", type=int, default=24)
    printing.add_argument("--halves", type=int, default=2)
    printing.add_argument("--by-seat", action="store_true")
    printing.add_argument("--trumps-turned", action="store_true")
    add_cards(commands)
    return commands.parser


def _add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=["text", "json"], default="text")


def _new(args: argparse.Namespace) -> int:
    settings = DriveSettings(
        tables=args.tables,
        rule=MovingRule(args.rule),
        field=Field.BY_SEAT if args.by_seat else Field.LADIES_GENTLEMEN,
        layout=Layout(args.layout),
        partner_mover=Mover.LOSERS if args.losers_move else Mover.WINNERS,
        trumps=Trumps.TURNED if args.trumps_turned else Trumps.ROTATION,
        hands=args.hands,
        halves=args.halves,
        sit_out=_SIT_OUT[args.sit_out],
        set_figure=args.set_figure,
        dummy=args.dummy,
        revoke_penalty=args.revoke_penalty,
    )
    prizes = PrizeSettings(
        by_role=not (args.prizes_overall or args.by_seat),
        places=args.places,
        tie_rule=_TIES[args.tie],
    )
    cards = None if args.cards is None else _read_cards(args.cards)
    with EventStore.open(args.file) as store:
        record = store.start_drive(
            settings, prizes, seed=args.draw, cards=cards, absent=tuple(args.late)
        )
    if record.draw_seed is None:
        print("Seating for hand 1, from the players' cards:")
    else:
        print(
            f"Seating for hand 1, drawn from number {record.draw_seed}"
            " (the same number draws the same seating):"
        )
    print(_seating_text(record.first, settings.dummy))
    return 0


def _read_cards(path: Path) -> dict[str, Place]:
    """The numbered cards from a CSV file: name, table, seat on each line."""
    cards: dict[str, Place] = {}
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            for number, row in enumerate(csv.reader(handle), 1):
                if not any(cell.strip() for cell in row):
                    continue
                if len(row) != 3 or not row[1].strip().isdigit() or row[2].strip() not in "NESW":
                    raise StoreError(
                        f"{path.name} line {number}: give a name, a table number and a seat"
                        " (N, E, S or W)"
                    )
                cards[row[0].strip()] = Place(int(row[1]), Seat[row[2].strip()])
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror}") from exc
    return cards


def _seat(args: argparse.Namespace) -> int:
    if args.arrive or args.leave:
        if args.from_hand is None:
            raise StoreError("say from which hand, with --from-hand N")
        with EventStore.open(args.file) as store:
            if args.arrive:
                part = None if args.part is None else Role(args.part)
                store.drive_arrival(args.arrive, args.from_hand, part)
                print(f"{args.arrive} plays from hand {args.from_hand}.")
            else:
                store.drive_leaver(args.leave, args.from_hand)
                print(f"{args.leave} leaves before hand {args.from_hand}.")
        return 0
    with EventStore.open(args.file, read_only=True) as store:
        record = store.drive()
        hand = args.hand or _current_hand(store)
        seating = store.drive_seating(hand)
    if args.format == "json":
        tables = [
            {"table": t, "plays": seating.plays(t, record.settings.dummy), "seats": list(seats)}
            for t, seats in enumerate(seating.tables, 1)
        ]
        print(json.dumps({"hand": hand, "trump": record.settings.trump(hand), "tables": tables}))
    else:
        trump = record.settings.trump(hand) or "turned by the dealer"
        print(f"Hand {hand}, trumps {trump}:")
        print(_seating_text(seating, record.settings.dummy))
    return 0


def _current_hand(store: EventStore) -> int:
    """The first hand still waiting for an entry (the last hand once all are in)."""
    record = store.drive()
    for hand in range(1, record.settings.hands + 1):
        seating = store.drive_seating(hand)
        entered = {e.table for e in record.entries_of(hand)}
        if entered != set(seating.playing_tables(record.settings.dummy)):
            return hand
    return record.settings.hands


def _seating_text(seating: Seating, dummy: bool) -> str:
    lines = []
    for number, seats in enumerate(seating.tables, 1):
        names = ", ".join(f"{s.name} {p or '(empty)'}" for s, p in zip(Seat, seats, strict=True))
        out = "" if seating.plays(number, dummy) else "  (sits out)"
        lines.append(f"Table {number}: {names}{out}")
    return "\n".join(lines)


def _enter(args: argparse.Namespace) -> int:
    winners = _SIDES[args.winners]
    with EventStore.open(args.file) as store:
        store.enter_drive_hand(
            args.hand,
            args.table,
            winners,
            args.tricks,
            method=args.method or "keyboard",
            who=args.by,
        )
        print(f"Hand {args.hand}, table {args.table}: {winners.words} {args.tricks} tricks.")
        if args.revoke:
            offenders = _SIDES[args.revoke]
            store.record_drive_penalty(args.hand, args.table, offenders, args.reason, who=args.by)
            print(f"{offenders.words} gave the revoke penalty ({args.reason}).")
    return 0


def _moves(args: argparse.Namespace) -> int:
    with EventStore.open(args.file, read_only=True) as store:
        moves = store.drive_moves(args.hand)
    if args.format == "json":
        print(json.dumps([_move_json(m) for m in moves]))
    else:
        print(f"After hand {args.hand}:")
        for move in moves:
            print(f"{move.player}: {move.words}")
    return 0


def _move_json(move: Move) -> dict[str, object]:
    def place(p: Place | None) -> dict[str, object] | None:
        return None if p is None else {"table": p.table, "seat": p.seat.name}

    return {
        "player": move.player,
        "from": place(move.before),
        "to": place(move.after),
        "words": move.words,
    }


def _standings(args: argparse.Namespace) -> int:
    with EventStore.open(args.file, read_only=True) as store:
        table = store.drive_standings(args.after)
    if args.format == "json":
        print(json.dumps([_standing_json(s) for s in table]))
    else:
        for place, standing in enumerate(table, 1):
            print(f"{place:>3}  {standing.player:<30} {tricks_words(standing.total)}")
    return 0


def _standing_json(standing: Standing) -> dict[str, object]:
    return {
        "player": standing.player,
        "total": _number(standing.total),
        "by_hand": [None if t is None else _number(t) for t in standing.by_hand],
        "sat_out": sorted(standing.sat_out),
    }


def _number(tricks: Tricks) -> int | str:
    """Whole tricks as a number; an exact average as a fraction in a string ("13/2")."""
    value = Fraction(tricks)
    return int(value) if value.denominator == 1 else str(value)


def _prizes(args: argparse.Namespace) -> int:
    with EventStore.open(args.file, read_only=True) as store:
        won = store.drive_prizes()
    if args.format == "json":
        fields = ("title", "player", "figure", "tie")
        print(json.dumps([{f: getattr(p, f) for f in fields} for p in won]))
    else:
        for prize in won:
            print(prize.words)
    return 0


def _print(args: argparse.Namespace) -> int:
    # Loaded only here: the other drive commands never load the printing (reportlab).
    from director.printing.drive import check_kinds, print_drive_papers

    check_kinds(args.kinds)
    out = Path(args.out)
    check_out(out, args.force, args.file)
    with EventStore.open(args.file, read_only=True) as store:
        papers = _drive_papers(store, args)
    write_out(out, print_drive_papers(papers, args.kinds, args.paper), args.force)
    print(f"wrote {out} ({', '.join(args.kinds)}, {args.paper})")
    return 0


def _drive_papers(store: EventStore, args: argparse.Namespace) -> DrivePapers:
    """The papers from the event's drive, or (--blank) blank numbered cards."""
    from director.printing.drive import read_drive_papers
    from director.printing.drive_contents import blank_cards
    from director.server.links import base_url

    try:
        store.drive()
    except StoreError:
        if not args.blank:
            raise
        return _before_the_drive(store, args)
    base = args.links
    kept = store.serving_address()
    if base is None and kept is not None and store.table_links():
        base = base_url(kept.host, kept.port)
    papers = read_drive_papers(store, base if "table-cards" in args.kinds else None)
    if args.blank:
        papers = replace(papers, cards=blank_cards(papers.settings))
    return papers


def _before_the_drive(store: EventStore, args: argparse.Namespace) -> DrivePapers:
    """Blank numbered cards (and table cards, the caller's sheet) for a drive not started."""
    from director.printing.drive import blank_papers, drive_subtitle

    later = sorted(set(args.kinds) & {"standings", "prizes"})
    if later:
        raise StoreError(f"{' and '.join(later)} need the drive started: `director drive new`")
    if args.tables is None:
        raise StoreError("the drive is not started yet: say how many tables with --tables N")
    settings = DriveSettings(
        tables=args.tables,
        field=Field.BY_SEAT if args.by_seat else Field.LADIES_GENTLEMEN,
        trumps=Trumps.TURNED if args.trumps_turned else Trumps.ROTATION,
        hands=args.hands,
        halves=args.halves,
    )
    return blank_papers(drive_subtitle(store.info()), settings)
