"""Every tray's way in words: where a table's trays come from and go, who shares them, where
each tray set starts, and the skip of a Mitchell mover, for the cards and the set-up sheet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from schedules.routes import Hop, Leg, Stop, TrayWay
from schedules.shared_order import copies
from schedules.types import Label, Movement, RoundNo, TableNo, TrayNo

FINISHED = "finished: to the director"
"""Where trays go after their last play."""


def numbers_text(numbers: Iterable[int]) -> str:
    """Numbers as printed, runs shortened: "1-4, 7, 9"; a dash for none."""
    ordered = sorted(set(numbers))
    if not ordered:
        return "—"
    runs: list[list[int]] = [[ordered[0], ordered[0]]]
    for n in ordered[1:]:
        if n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def tables_word(tables: Sequence[TableNo]) -> str:
    """ "table 4" or "tables 2-5"."""
    return f"table{'s' if len(tables) > 1 else ''} {numbers_text(tables)}"


def them(count: int) -> str:
    """The pronoun for `count` trays: "it" for one tray, else "them"."""
    return "it" if count == 1 else "them"


def came_text(leg: Leg, table: TableNo, round: RoundNo, count: int = 2) -> str:
    """Where `count` trays come from before a play at `table` in `round`."""
    if leg.hop is Hop.NEW:
        if leg.tables:  # played at several tables at once: each has a copy dealt alike
            where = "" if round == 1 else f": stand by table {leg.stand}"
            copy = "your copy" if count == 1 else "your copies"
            return f"{copy}{where} (dealt alike for {tables_word(leg.tables)})"
        if round == 1:
            return f"deal {them(count)} here"
        return f"deal {them(count)}: stand by table {leg.stand}"
    if leg.hop is Hop.PASS:
        return f"{tables_word(leg.tables)}, tray by tray"
    if leg.hop is Hop.STAND:
        return f"the stand ({tables_word(leg.tables)}, round {leg.round})"
    if leg.tables == (table,):
        return "kept here from the last round"
    return tables_word(leg.tables)


def goes_text(leg: Leg, table: TableNo, count: int = 2) -> str:
    """Where `count` trays go after a play at `table`."""
    if leg.hop is Hop.DONE:
        return FINISHED
    if leg.hop is Hop.PASS:
        return f"pass to {tables_word(leg.tables)} when done"
    if leg.hop is Hop.STAND:
        takers = f" ({tables_word(leg.tables)})" if len(leg.tables) > 1 else ""
        return f"stand by table {leg.stand} (round {leg.round}){takers}"
    if leg.tables == (table,):
        return f"keep {them(count)} here"
    return tables_word(leg.tables)


def grouped(legs: Sequence[tuple[TrayNo, str]]) -> str:
    """One text when every tray goes the same way, else "tray 2: ...; trays 1, 3: ..."."""
    groups: dict[str, list[TrayNo]] = {}
    for tray, text in legs:
        groups.setdefault(text, []).append(tray)
    if len(groups) == 1:
        return next(iter(groups))
    return "; ".join(
        f"tray{'s' if len(trays) > 1 else ''} {numbers_text(trays)}: {text}"
        for text, trays in groups.items()
    )


def received_from(way: TrayWay) -> str:
    """The "Received from" of a table card: every tray's way in, none left blank."""
    return _told(way.came, lambda leg, count: came_text(leg, way.table, way.round, count))


def passed_to(way: TrayWay) -> str:
    """The "Passed to" of a table card: every tray's way out, none left blank."""
    return _told(way.goes, lambda leg, count: goes_text(leg, way.table, count))


def _told(legs: Sequence[tuple[TrayNo, Leg]], text: Callable[[Leg, int], str]) -> str:
    """`grouped` for trays going one way, each way said for as many trays as take it ("deal
    it here" for one tray, "deal them here" for several)."""
    ways: dict[str, list[tuple[TrayNo, Leg]]] = {}
    for tray, leg in legs:
        ways.setdefault(text(leg, 2), []).append((tray, leg))
    return grouped(
        [(tray, text(same[0][1], len(same))) for same in ways.values() for tray, _ in same]
    )


def trays_with_sharing(way: TrayWay, switched: bool = False) -> str:
    """The trays of a round at a table, with the tables that share them: "start with 9, then
    10" where trays are passed between tables within the round, so that each table starts with
    its own."""
    passed = any(leg.hop is Hop.PASS for _, leg in way.came + way.goes)
    if passed and len(way.trays) > 1:
        text = f"start with {way.trays[0]}, then {', '.join(map(str, way.trays[1:]))}"
    elif _out_of_order(way.trays):
        text = ", ".join(str(t) for t in way.trays)
    else:
        text = numbers_text(way.trays)
    if switched:
        text += " (switched)"
    if way.sharing:
        text += f", sharing with {tables_word(way.sharing)}"
    return text


def _out_of_order(trays: Sequence[TrayNo]) -> bool:
    """Trays played in an order other than ascending: print them in that order."""
    return list(trays) != sorted(trays)


# --- The set-up sheet --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetupRow:
    """Where a set of trays starts, who plays it first, and who deals each tray."""

    trays: str
    start: str
    first_play: str
    dealers: str
    stand: TableNo | None = None
    """The table beside whose stand the trays wait for their first round (None: at a table)."""
    copies: int = 1
    """How many copies of each tray, dealt alike: the most tables that play one of them at
    the same time (`schedules.shared_order.copies`)."""


def setup_rows(
    movement: Movement, ways: dict[TableNo, tuple[TrayWay, ...]]
) -> tuple[SetupRow, ...]:
    """One row per set of trays that starts together, in order of first play."""
    first: dict[TrayNo, tuple[RoundNo, list[TableNo]]] = {}
    for table_ways in ways.values():
        for way in table_ways:
            for tray, leg in way.came:
                if leg.hop is Hop.NEW:
                    first.setdefault(tray, (way.round, []))[1].append(way.table)
    sets: dict[tuple[RoundNo, tuple[TableNo, ...]], list[TrayNo]] = {}
    for tray, (r, played_at) in sorted(first.items()):
        sets.setdefault((r, tuple(sorted(played_at))), []).append(tray)
    need = copies(movement)
    rows = []
    for (r, tables), trays in sorted(sets.items()):
        where = tables_word(tables)
        stand = None if r == 1 else tables[0]
        start = where if stand is None else f"stand by table {stand}"
        copies_of = max(need[t] for t in trays)
        if copies_of > 1:  # played at several tables at once: a copy for each
            each = " of each" if len(trays) > 1 else ""
            start += f": {copies_of} copies{each}, dealt alike"
        dealers = ", ".join(f"{t} {movement.tray(t).dealer.word}" for t in trays)
        rows.append(
            SetupRow(numbers_text(trays), start, f"round {r}, {where}", dealers, stand, copies_of)
        )
    return tuple(rows)


# --- The skip ----------------------------------------------------------------------------


def skips(
    movement: Movement, trips: dict[Label, tuple[Stop, ...]]
) -> dict[tuple[Label, RoundNo], tuple[TableNo, TableNo]]:
    """Per mover and round: (the table it goes to, the table it would have gone to) where its
    step after that round differs from the step it takes every other round (a Mitchell's skip)."""
    out: dict[tuple[Label, RoundNo], tuple[TableNo, TableNo]] = {}
    tables = max(movement.table_numbers, default=0)
    for who, stops in trips.items():
        steps = [
            (a.round, a.table, (b.table - a.table) % tables)
            for a, b in pairwise(stops)
            if a.table is not None and b.table is not None
        ]
        usual = Counter(step for _, _, step in steps).most_common(1)
        if not usual or usual[0][0] == 0:
            continue
        for r, table, step in steps:
            if step != usual[0][0]:
                expected = (table + usual[0][0] - 1) % tables + 1
                actual = (table + step - 1) % tables + 1
                out[(who, r)] = (actual, expected)
    return out


def skip_text(tables: tuple[TableNo, TableNo] | None) -> str:
    """ "skip: go to table 6, not 5" for a mover's card, or ""."""
    return f"skip: go to table {tables[0]}, not {tables[1]}" if tables else ""
