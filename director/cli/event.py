"""`director event`: create and run an event file from the command line.

    director event new FILE --name NAME [--date YYYY-MM-DD] [--venue V]
        [--method plusminus|matchpoints] [--declared-trump S|H|D|C]
    director event players FILE [--import ROSTER.csv [--columns FIELD,FIELD,...]]
        [--add NAME [--club C] [--member M] [--gender lady|gentleman]]
    director event pair FILE --label L --players NAME [NAME] [--couple]
    director event pair FILE --in-order [--session S] [--section A]
    director event pair FILE --dissolve L
    director event team FILE --label NAME --pairs L [L ...]
    director event movement FILE --family F [--tables N | --pairs N | --players N |
        --couples N | --teams N] [--trays-per-round K] [--rounds R] [--variant V]
        [--mnemonic] [--session S] [--section A]
    director event movement FILE --from-json MOVEMENT.json [--session S] [--section A]
    director event slip FILE --tray K --trump QH
    director event result FILE --round R --table T --tray K (--ns-tricks N | --not-played A/A)
        [--ew-record N] [--revoke SIDE[:COUNT[:TRICKS_AFTER]]] [--irregularity KIND[:SUIT]]
    director event correct FILE --id ID --version V (--ns-tricks N | --not-played A/A)
    director event new-deal FILE --tray K --why TEXT [--law KIND]
    director event standings FILE [--format text|json]
    director event log FILE [--limit N]
    director event undo FILE [--by WHO | --step N]
    director event redo FILE [--by WHO | --step N]
    director event table-links FILE --base URL [--format text|json] [--renew]
    director event repair FILE late-pair --from-round R [--names "A & B"] [--label L]
    director event repair FILE withdraw --competitor LABEL --from-round R
    director event repair FILE wrong-move --round R --table T (--ns L --ew L | --places N,E,S,W)
        [--trays K,K]
    director event repair FILE cut-rounds --after R
    director event repair FILE arrow-switch --round R [--table T]
        (each repair: [--dry-run] [--reason TEXT] [--format text|json])

Undo takes back the latest step of the director's own (or --by WHO's), never a table's entry
made since; --step N takes back step #N of the log, whoever made it (a table's entry).
FILE is an event file, or a database URL (postgresql+psycopg://...) for several scoring
stations. Every entry is saved at once. Commands that only read (players without --import or
--add, standings, log) open the event read-only, so they work on a read-only file or disk.
A roster's pair (or couple) column forms the pairs its players share; a team column groups
them. Without a header row, --columns names each column in order
({fields}; - leaves one out).
`pair --players` forms the pair under a label (a name not on the roster adds that player);
`pair --in-order` pairs the unpaired players in roster order under the movement's labels
(an individual movement's: gives each player a place in roster order).
Irregularity kinds: {kinds}.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from director.cli import repair
from director.cli.options import add_movement_options, movement_request
from director.cli.serve import add_table_links_options, table_links
from director.cli.subcommands import FileCommands, run_subcommand
from director.scoring import score_section
from director.scoring.session import marked_names, provisional
from director.scoring.session_json import result_to_json
from director.scoring.text import Rounding, report
from director.store.roster import FIELDS, Layout
from director.store.services import (
    Award,
    EventSettings,
    EventStore,
    Gender,
    IrregularityKind,
    Method,
    ResultEntry,
    Revoke,
    StoreError,
    Suit,
)
from director.store.values import AuditEntry, Card, Player, Result
from schedules.render import size
from schedules.types import Competitors, Direction, Movement

USAGE = (__doc__ or "").format(
    kinds=", ".join(k.name.lower() for k in IrregularityKind), fields=", ".join(FIELDS)
)


def run(argv: Sequence[str]) -> int:
    """Parse and run one `director event` subcommand."""
    return run_subcommand(argv, USAGE, _parser)


def _parser() -> argparse.ArgumentParser:
    commands = FileCommands("director event", USAGE)
    command = commands.add
    new = command("new", _new)
    new.add_argument("--name", required=True)
    new.add_argument("--date", type=date.fromisoformat)
    new.add_argument("--venue")
    new.add_argument("--method", choices=[m.value for m in Method], default="plusminus")
    new.add_argument("--declared-trump", choices=list("SHDC"))
    new.add_argument("--rounding", choices=["exact", "tenths", "halves", "whole"], default="exact")

    players = command("players", _players)
    players.add_argument("--import", dest="roster", type=Path)
    players.add_argument("--columns", type=Layout.named, help="e.g. name,club,-,pair")
    players.add_argument("--add", metavar="NAME")
    players.add_argument("--club")
    players.add_argument("--member")
    players.add_argument("--gender", choices=[g.value for g in Gender])

    pair = command("pair", _pair)
    _add_place(pair)
    how = pair.add_mutually_exclusive_group(required=True)
    how.add_argument("--label", help="the pair's label in the movement, e.g. 3 or NS2")
    how.add_argument("--in-order", action="store_true", help="pair the unpaired in roster order")
    how.add_argument("--dissolve", metavar="LABEL")
    pair.add_argument("--players", nargs="+", metavar="NAME")
    pair.add_argument("--couple", action="store_true", help="a married couple (lady, gentleman)")

    team = command("team", _team)
    team.add_argument("--label", required=True, help="the team's name")
    team.add_argument("--pairs", nargs="+", required=True, metavar="LABEL")

    movement = command("movement", _movement)
    _add_place(movement)
    source = movement.add_mutually_exclusive_group(required=True)
    source.add_argument("--family")
    source.add_argument("--from-json", type=Path)
    add_movement_options(movement)

    slip = command("slip", _slip)
    _add_place(slip)
    slip.add_argument("--tray", type=int, required=True)
    slip.add_argument("--trump", required=True, help="the card on the slip, e.g. QH or 10S")

    result = command("result", _result)
    _add_place(result)
    for name in ("round", "table", "tray"):
        result.add_argument(f"--{name}", type=int, required=True)
    _add_score(result)
    result.add_argument(
        "--irregularity",
        metavar="KIND[:SUIT]",
        help="an irregularity at this table (with the table's own trump suit, if any)",
    )

    correct = command("correct", _correct)
    correct.add_argument("--id", type=int, required=True)
    correct.add_argument("--version", type=int, required=True)
    correct.add_argument("--by", default="director", help="who corrects it (audit trail)")
    _add_score(correct)

    new_deal = command("new-deal", _new_deal)
    _add_place(new_deal)
    new_deal.add_argument("--tray", type=int, required=True)
    new_deal.add_argument("--why", required=True)
    new_deal.add_argument("--law", default="misdeal", help="the irregularity that called for it")

    standings = command("standings", _standings)
    _add_place(standings)
    standings.add_argument("--format", choices=["text", "json"], default="text")

    log = command("log", _log)
    log.add_argument("--limit", type=_entry_count, help="show only the newest N entries")
    for name, run, word in (("undo", _undo, "take back"), ("redo", _redo, "put back")):
        walk = command(name, run)
        walk.add_argument("--by", default="director", help=f"whose latest step to {word}")
        walk.add_argument(
            "--step", type=int, metavar="N", help=f"{word} step #N (from the log), whoever made it"
        )
    add_table_links_options(command("table-links", table_links))
    repair.add_options(command("repair", repair.run))
    return commands.parser


def _add_place(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--session", type=int, default=1)
    parser.add_argument("--section", default="A")
    parser.add_argument("--by", default="director", help="who enters it (audit trail)")


def _add_score(parser: argparse.ArgumentParser) -> None:
    score = parser.add_mutually_exclusive_group(required=True)
    score.add_argument("--ns-tricks", type=int)
    score.add_argument("--not-played", metavar="NS/EW", help="awards, e.g. A/A or A+/A-")
    parser.add_argument("--ew-record", type=int, help="tricks E/W recorded, if entered too")
    parser.add_argument(
        "--revoke",
        action="append",
        default=[],
        metavar="SIDE[:COUNT[:TRICKS_AFTER]]",
        help="e.g. ns:1:4 -- N/S revoked once and won 4 tricks from the first revoke on",
    )


MOST_ENTRIES = 1_000_000_000
"""The largest --limit: far more entries than any event has, and within any database's range."""


def _entry_count(text: str) -> int:
    """A --limit: a whole number of entries, small enough for any database to take."""
    try:
        count = int(text)
    except ValueError:
        count = 0
    if not 1 <= count <= MOST_ENTRIES:
        raise StoreError(
            f"--limit {text}: give a number of entries from 1 to {MOST_ENTRIES},"
            " or leave it out to see them all"
        )
    return count


def _open(args: argparse.Namespace) -> EventStore:
    """The event, to change it."""
    return EventStore.open(args.file)


def _read(args: argparse.Namespace) -> EventStore:
    """The event, only to read it: works on a read-only file, folder or disk."""
    return EventStore.open(args.file, read_only=True)


def _new(args: argparse.Namespace) -> int:
    settings = EventSettings(
        method=Method(args.method), declared_trump=args.declared_trump, rounding=args.rounding
    )
    with EventStore.create(
        args.file, args.name, held_on=args.date, venue=args.venue, settings=settings
    ) as store:
        print(f"created {store.info().name!r} in {store.path or store.url}")
    return 0


def _players(args: argparse.Namespace) -> int:
    if args.columns and not args.roster:
        raise StoreError("--columns names the columns of a roster: give it with --import")
    with _open(args) if args.roster or args.add else _read(args) as store:
        if args.roster:
            added = store.import_roster(args.roster, args.columns)
            print(f"imported {len(added)} players from {args.roster}")
        if args.add:
            gender = Gender(args.gender) if args.gender else None
            store.add_player(args.add, args.club, args.member, gender)
        label_of = {pid: p.label for p in store.partnerships() for pid in p.players}
        for p in store.players():
            extra = ", ".join(
                x for x in (p.club, p.member_number, p.gender.value if p.gender else None) if x
            )
            plays = f"  plays as {label_of[p.id]}" if p.id in label_of else ""
            print(f"{p.id:>4}  {p.name}" + (f"  ({extra})" if extra else "") + plays)
    return 0


def _pair(args: argparse.Namespace) -> int:
    if bool(args.label) != bool(args.players):
        raise StoreError(
            "give the pair's --label and its --players together, e.g. --label 3"
            ' --players "Mrs Ames" "Mr Brown"'
        )
    with _open(args) as store:
        if args.dissolve:
            store.dissolve_partnership(args.dissolve)
            print(f"dissolved {args.dissolve}")
            return 0
        left: tuple[Player, ...] = ()
        if args.in_order and _seats_players(store, args):
            formed, left = store.seat_players(session=args.session, section=args.section)
        elif args.in_order:
            formed = store.pair_in_order(session=args.session, section=args.section)
        else:
            kind = "couple" if args.couple else "pair" if len(args.players) > 1 else "individual"
            one, added = store.name_partnership(args.label, args.players, kind)
            for player in added:
                print(f"added {player.name} to the roster")
            formed = (one,)
        name_of = {p.id: p.name for p in store.players()}
        for p in formed:
            print(f"{p.kind} {p.label}: {' & '.join(name_of[i] for i in p.players)}")
        if left:
            print(f"no place for {', '.join(p.name for p in left)}")
        if not formed:
            print("nobody to pair: every player is in a partnership (or one is left over)")
    return 0


def _seats_players(store: EventStore, args: argparse.Namespace) -> bool:
    """The section's movement is an individual one: `pair --in-order` gives each player a
    place of it, as the Players screen's Seat in order does, for there are no pairs to form."""
    try:
        movement = store.movement(session=args.session, section=args.section)
    except StoreError:
        return False  # no movement chosen yet: pairs, under 1, 2, ...
    return movement.competitors is Competitors.INDIVIDUALS


def _team(args: argparse.Namespace) -> int:
    with _open(args) as store:
        team = store.form_team(args.label, args.pairs)
        print(f"team {team.label}: {', '.join(team.pairs)}")
    return 0


def _movement(args: argparse.Namespace) -> int:
    with _open(args) as store:
        if args.from_json:
            from director.exchange.movement_files import load_movement_json

            movement = store.choose_movement(
                load_movement_json(args.from_json), session=args.session, section=args.section
            )
        else:
            request = movement_request(args.family, args)
            movement = store.build_movement(request, session=args.session, section=args.section)
        print(
            f"session {args.session} section {args.section}: {movement.family}"
            f"{' (' + movement.variant + ')' if movement.variant else ''}, {size(movement)}"
            f"{_resting(movement)}"
        )
    return 0


def _resting(movement: Movement) -> str:
    """ ", 13 pairs (whoever meets ... rests)" for a field with rests ("" without)."""
    if not movement.sitouts:
        return ""
    unit = "players" if movement.competitors is Competitors.INDIVIDUALS else "pairs"
    return f", {len(movement.field)} {unit} (whoever is due at an empty place rests that round)"


def _slip(args: argparse.Namespace) -> int:
    with _open(args) as store:
        slip = store.record_slip(
            args.tray,
            Card.parse(args.trump),
            session=args.session,
            section=args.section,
            who=args.by,
        )
        print(f"tray {slip.tray} (deal v{slip.version}): trump {slip.card}")
    return 0


def _revokes(texts: Sequence[str]) -> tuple[Revoke, ...]:
    revokes = []
    for text in texts:
        parts = text.split(":")
        try:
            side = Direction(parts[0].strip().lower().replace("/", "").replace("-", ""))
            count = int(parts[1]) if len(parts) > 1 else 1
            after = int(parts[2]) if len(parts) > 2 else 0
        except ValueError:
            raise StoreError(
                f"--revoke {text}: write SIDE[:COUNT[:TRICKS_AFTER]], e.g. ns:1:4"
            ) from None
        revokes.append(Revoke(side, count, after))
    return tuple(revokes)


def _awards(text: str | None) -> tuple[Award, Award] | None:
    if text is None:
        return None
    try:
        ns, ew = text.split("/")
        return (Award(ns.strip().upper()), Award(ew.strip().upper()))
    except ValueError:
        raise StoreError(f"--not-played {text}: write the awards as NS/EW, e.g. A/A") from None


def _kind(text: str) -> IrregularityKind:
    key = text.strip().upper().replace("-", "_")
    try:
        return IrregularityKind[key]
    except KeyError:
        known = ", ".join(k.name.lower() for k in IrregularityKind)
        raise StoreError(f"unknown irregularity {text!r}; choose one of: {known}") from None


def _irregularity(text: str) -> tuple[IrregularityKind, Suit | None]:
    """--irregularity KIND[:SUIT], read before anything is saved."""
    kind, _, suit = text.partition(":")
    try:
        return _kind(kind), Suit.parse(suit) if suit.strip() else None
    except ValueError as exc:
        raise StoreError(f"--irregularity {text}: {exc}") from None


def _result(args: argparse.Namespace) -> int:
    irregularity = _irregularity(args.irregularity) if args.irregularity else None
    entry = ResultEntry(
        session=args.session,
        round=args.round,
        table=args.table,
        tray=args.tray,
        ns_tricks=args.ns_tricks,
        revokes=_revokes(args.revoke),
        awards=_awards(args.not_played),
        ew_record=args.ew_record,
        section=args.section,
        entered_by=args.by,
    )
    kind, suit = irregularity or (None, None)
    with _open(args) as store:
        stored = store.record_result(entry, irregularity=kind, table_trump=suit)
        print(_describe(stored))
        if kind is not None:
            print(f"  irregularity: {kind.name.lower()}")
    return 0


def _describe(result: Result) -> str:
    if result.awards is None:
        what = f"N/S {result.ns_tricks}, E/W {result.ew_tricks}"
    else:
        what = f"not played ({result.awards[0].value}/{result.awards[1].value})"
    return (
        f"result {result.id} v{result.version}: round {result.round} table {result.table}"
        f" tray {result.tray}: {what}"
    )


def _correct(args: argparse.Namespace) -> int:
    with _open(args) as store:
        stored = store.correct_result(
            args.id,
            args.version,
            ns_tricks=args.ns_tricks,
            revokes=_revokes(args.revoke),
            awards=_awards(args.not_played),
            ew_record=args.ew_record,
            who=args.by,
        )
        print(_describe(stored))
    return 0


def _new_deal(args: argparse.Namespace) -> int:
    with _open(args) as store:
        deal = store.order_new_deal(
            args.tray,
            args.why,
            law=_kind(args.law),
            session=args.session,
            section=args.section,
            who=args.by,
        )
        print(
            f"tray {deal.tray}: new deal, version {deal.version}; earlier results no longer count"
        )
    return 0


def _standings(args: argparse.Namespace) -> int:
    with _read(args) as store:
        scoring = store.scoring_input(session=args.session, section=args.section)
        rounding = Rounding.named(store.info().settings.rounding)
    result = score_section(scoring)
    if args.format == "json":
        print(json.dumps(result_to_json(result), indent=2))
    else:
        print(report(result, marked_names(scoring), rounding, provisional(scoring)))
    return 0


def _log(args: argparse.Namespace) -> int:
    with _read(args) as store:
        for entry in reversed(store.audit_log(args.limit)):
            mark = " (undone)" if entry.undone else ""
            print(f"#{entry.id} {entry.at:%Y-%m-%d %H:%M:%S} {entry.who}: {entry.action}{mark}")
            print(f"    {entry.summary}")
    return 0


def _undo(args: argparse.Namespace) -> int:
    return _undo_or_redo(args, redo=False)


def _redo(args: argparse.Namespace) -> int:
    return _undo_or_redo(args, redo=True)


def _undo_or_redo(args: argparse.Namespace, redo: bool) -> int:
    """Undo (or redo) the latest step of `--by`, or the step `--step N` (a table's)."""
    with _open(args) as store:
        entry: AuditEntry | None
        if args.step is not None:
            entry = (store.redo_step if redo else store.undo_step)(args.step, who=args.by)
        else:
            entry = (store.redo if redo else store.undo)(who=args.by)
    word, done = ("redo", "redid") if redo else ("undo", "undid")
    print(
        f"{done} #{entry.id} {entry.in_words()}"
        if entry
        else f"nothing of {args.by}'s to {word} (a table's step is taken back with --step N)"
    )
    return 0
