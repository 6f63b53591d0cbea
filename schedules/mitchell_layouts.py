"""Where everyone sits in each Mitchell variant, before trays are counted out.

A layout names tray *sets* (set k holds the k-th block of trays) rather than trays, so the same
layout serves any number of trays per round. Pairs are named by their starting table, "NS3" and
"EW3" (sections prefix the section: "A-NS3"). Everywhere the N-S pairs sit still, the E-W pairs
move one table up (to the next higher number) and the trays pass one table down, as in
docs/movement-rules.md#mitchell; `schedules.mitchell` turns a layout into a `Movement`.

Places named in `Layout.phantoms` are empty: a seating holding one is not played, so its other
pair sits out (the dummy table, an odd number of pairs).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from schedules.findings import ImpossibleMovementError
from schedules.types import Label


def ns(table: int, section: str = "") -> Label:
    """The N-S pair that starts (and stays) at `table`."""
    return f"{section}-NS{table}" if section else f"NS{table}"


def ew(table: int, section: str = "") -> Label:
    """The E-W pair that starts at `table`."""
    return f"{section}-EW{table}" if section else f"EW{table}"


@dataclass(frozen=True, slots=True)
class Cell:
    """One table in one round: the two pairs and the tray set they play."""

    round: int
    table: int
    set: int
    ns: Label
    ew: Label
    lag: int = 0
    """Play the set's trays starting from its (lag+1)-th tray (a tray-by-tray exchange)."""


@dataclass(frozen=True)
class Layout:
    """A variant's seatings by tray set, with what the director must be told."""

    variant: str
    tables: int
    rounds: int
    sets: int
    cells: tuple[Cell, ...]
    field: tuple[Label, ...]
    """Every real pair, N-S pairs first."""
    dealt_at: dict[int, int]
    """Set -> the table that deals it (where its original play is, if that table plays it)."""
    promise: str
    winners: tuple[str, ...] = ("N-S", "E-W")
    notes: tuple[str, ...] = ()
    # dataclasses.field in full: in this class `field` names the competitors
    phantoms: frozenset[Label] = dataclasses.field(default_factory=frozenset)


Builder = Callable[[int, int, int | None], Layout]
"""(tables, rounds, stationary table) -> layout; rounds already checked against `full_rounds`."""


def wrap(value: int, size: int) -> int:
    """`value` brought into 1..size cyclically."""
    return (value - 1) % size + 1


def _field(tables: int, section: str = "") -> tuple[Label, ...]:
    return tuple(ns(t, section) for t in range(1, tables + 1)) + tuple(
        ew(t, section) for t in range(1, tables + 1)
    )


def _cyclic_cells(
    tables: int,
    rounds: int,
    offset: Callable[[int], int] = lambda r: r - 1,
    section: str = "",
    first_table: int = 1,
    first_set: int = 1,
) -> list[Cell]:
    """The ordinary Mitchell on `tables` tables: E-W pairs `offset(r)` tables up, sets r-1 down."""
    return [
        Cell(
            r,
            first_table + t - 1,
            first_set + wrap(t + r - 1, tables) - 1,
            ns(t, section),
            ew(wrap(t - offset(r), tables), section),
        )
        for r in range(1, rounds + 1)
        for t in range(1, tables + 1)
    ]


def regular(tables: int, rounds: int, _stationary: int | None = None) -> Layout:
    """Odd tables: every N-S pair meets every E-W pair and every pair plays every set, once."""
    return Layout(
        "regular",
        tables,
        rounds,
        tables,
        tuple(_cyclic_cells(tables, rounds)),
        _field(tables),
        {t: t for t in range(1, tables + 1)},
        "mitchell-odd" if rounds == tables else "mitchell",
    )


def _skip_offset(tables: int) -> Callable[[int], int]:
    half = tables // 2
    return lambda r: r - 1 if r <= half else r


def _skip_note(tables: int, rounds: int) -> list[str]:
    """When the skip falls (Foster's bell tap), if the movement gets that far."""
    half = tables // 2
    if rounds <= half:
        return []
    return [
        f"The skip (Foster's bell tap) falls after round {half}: at the change to round "
        f"{half + 1} every E-W pair moves two tables up instead of one, leaving the trays as "
        "they are, because each would otherwise meet its original trays again."
    ]


def skip(tables: int, rounds: int, _stationary: int | None = None) -> Layout:
    """Foster's 2nd Method, T-1 rounds: each E-W pair misses the N-S pair half way round."""
    notes = _skip_note(tables, rounds)
    if rounds == tables - 1:
        notes.append(f"E-W pair x never meets N-S pair x+{tables // 2} (the table skipped).")
    return Layout(
        "skip",
        tables,
        rounds,
        tables,
        tuple(_cyclic_cells(tables, rounds, _skip_offset(tables))),
        _field(tables),
        {t: t for t in range(1, tables + 1)},
        "mitchell",
        notes=tuple(notes),
    )


def skip_revenge(tables: int, rounds: int, _stationary: int | None = None) -> Layout:
    """The skip played for T rounds: the last round is a revenge round at the starting table."""
    notes = _skip_note(tables, rounds)
    if rounds == tables:
        notes.append(
            f"Round {tables} is a revenge round: every E-W pair is back at its starting table "
            f"and meets its first opponents again; E-W pair x never meets N-S pair "
            f"x+{tables // 2}."
        )
    return Layout(
        "skip-revenge",
        tables,
        rounds,
        tables,
        tuple(_cyclic_cells(tables, rounds, _skip_offset(tables))),
        _field(tables),
        {t: t for t in range(1, tables + 1)},
        "mitchell-revenge" if rounds == tables else "mitchell",
        notes=tuple(notes),
    )


def stationary(tables: int, rounds: int, still: int | None) -> Layout:
    """Foster's 1st Method: table M deals nothing and overplays the trays of table M+1."""
    m = default_stationary(tables) if still is None else still
    others = [t for t in range(1, tables + 1) if t != m]
    n = len(others)
    east = others.index(m + 1)
    cells = []
    for r in range(1, rounds + 1):
        for i, t in enumerate(others):
            cells.append(Cell(r, t, wrap(i + r, n), ns(t), ew(others[(i - r + 1) % n])))
        # Round 1: the trays are fresh, so M takes each one as M+1 finishes it; later rounds
        # M starts on the second tray and the two tables hand trays across one at a time.
        cells.append(Cell(r, m, wrap(east + r, n), ns(m), ew(m), lag=0 if r == 1 else 1))
    notes = (
        f"Table {m} is the stationary table: it deals no trays, {ns(m)} and {ew(m)} sit still "
        f"and play only each other, and each round they overplay, tray by tray, the trays of "
        f"table {m + 1} (its neighbour to the East).",
        f"In round 1 table {m} plays each tray as soon as table {m + 1} has played it; from "
        f"round 2 table {m} starts with the second tray and the two tables exchange trays one "
        "at a time.",
        f"E-W pairs pass over table {m}: from table {m - 1} they go to table {m + 1}; trays "
        f"from table {m + 1} go on to table {m - 1}.",
    )
    return Layout(
        "stationary",
        tables,
        rounds,
        n,
        tuple(cells),
        _field(tables),
        {k: others[k - 1] for k in range(1, n + 1)},
        "mitchell-stationary",
        notes=notes,
    )


def default_stationary(tables: int) -> int:
    """The middle table T/2+1 unless the director chooses
    (docs/movement-rules.md#stationary-table-fosters-1st-method)."""
    return tables // 2 + 1


def dummy(tables: int, rounds: int, _stationary: int | None = None) -> Layout:
    """A dummy table T+1 put in: an odd Mitchell of T+1 tables with one table empty."""
    size = tables + 1
    empty = frozenset({ns(size), ew(size)})
    cells = _cyclic_cells(size, rounds)
    notes = [
        f"Table {size} is the dummy: nobody sits there, its trays rest there for the round, "
        "and the pairs who would play there sit out."
    ]
    for r in range(2, rounds + 1):
        idle = [
            c.ew if c.table == size else c.ns
            for c in cells
            if c.round == r and empty & {c.ns, c.ew}
        ]
        notes.append(f"Round {r}: {' and '.join(sorted(idle))} sit out.")
    return Layout(
        "dummy",
        tables,
        rounds,
        size,
        tuple(cells),
        _field(tables),
        {t: t for t in range(1, size + 1)},
        "mitchell-odd" if rounds == size else "mitchell",
        notes=tuple(notes),
        phantoms=empty,
    )


def halves(tables: int, rounds: int, _stationary: int | None = None) -> Layout:
    """T/2 odd: trays pass through all T tables, E-W pairs circulate within their own half."""
    half = tables // 2
    cells = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            base = 0 if t <= half else half
            mover = base + wrap(t - base - (r - 1), half)
            cells.append(Cell(r, t, wrap(t + r - 1, tables), ns(t), ew(mover)))
    notes = (
        f"E-W pairs of tables 1-{half} move within tables 1-{half} (from table {half} back to "
        f"table 1); those of tables {half + 1}-{tables} within tables {half + 1}-{tables} (from "
        f"table {tables} back to table {half + 1}). The trays pass down through all {tables} "
        f"tables.",
    )
    if rounds == tables:
        promise = "mitchell-halves"
    else:
        promise = "mitchell" if rounds <= half else "mitchell-twice"
    return Layout(
        "halves",
        tables,
        rounds,
        tables,
        tuple(cells),
        _field(tables),
        {t: t for t in range(1, tables + 1)},
        promise,
        notes=notes,
    )


SECTIONS = ("A", "B")


def sections(tables: int, rounds: int, _stationary: int | None = None) -> Layout:
    """Two sections of T/2 tables, each an ordinary odd Mitchell with its own trays."""
    half = tables // 2
    cells = []
    for i, name in enumerate(SECTIONS):
        cells += _cyclic_cells(
            half, rounds, section=name, first_table=1 + i * half, first_set=1 + i * half
        )
    notes = (
        f"Section A plays at tables 1-{half}, section B at tables {half + 1}-{tables} (its "
        f"tables 1-{half}); pairs are named by section and starting table within it. Each "
        "section has its own trays and its own winners.",
    )
    return Layout(
        "sections",
        tables,
        rounds,
        tables,
        tuple(cells),
        _field(half, "A") + _field(half, "B"),
        {t: t for t in range(1, tables + 1)},
        "mitchell-sections" if rounds == half else "mitchell",
        winners=tuple(f"{s} {side}" for s in SECTIONS for side in ("N-S", "E-W")),
        notes=notes,
    )


def relay(tables: int, rounds: int, _stationary: int | None = None) -> Layout:
    """Relay between tables 1 and T and a bye stand half way
    (docs/movement-rules.md#relay-and-bye-stand)."""
    half = tables // 2
    # Tray stations in the order the trays travel back through them: station 0 is the relay.
    stations: list[int | None] = [1, *range(2, half + 1), None, *range(half + 1, tables)]
    cells = []
    for r in range(1, rounds + 1):
        for p, station in enumerate(stations):
            s = wrap(p + r, tables)
            for t in (1, tables) if p == 0 else (station,):
                if t is not None:
                    cells.append(Cell(r, t, s, ns(t), ew(wrap(t - (r - 1), tables))))
    notes = (
        f"Tables 1 and {tables} share (relay) their trays every round; a bye stand between "
        f"tables {half} and {half + 1} holds one set of trays each round. Trays pass down: "
        f"from the relay (tables 1 and {tables}) to table {tables - 1}, on down to table "
        f"{half + 1}, the bye stand, table {half}, down to table 2, and back to the relay.",
    )
    return Layout(
        "relay",
        tables,
        rounds,
        tables,
        tuple(cells),
        _field(tables),
        {s: s for s in range(1, half + 1)} | {s: s - 1 for s in range(half + 2, tables + 1)},
        "mitchell-odd" if rounds == tables else "mitchell",
        notes=notes,
    )


@dataclass(frozen=True)
class VariantRule:
    """A variant's builder, which table counts it accepts, and how long it runs."""

    build: Builder
    accepts: Callable[[int], bool]
    sizes: str
    """The sizes that work, as the refusal and `director movement list` say them."""
    full_rounds: Callable[[int], int]
    summary: str


def _even(minimum: int) -> Callable[[int], bool]:
    return lambda t: t % 2 == 0 and t >= minimum


def _odd_half(t: int) -> bool:
    return t % 2 == 0 and (t // 2) % 2 == 1 and t >= 6


RULES: dict[str, VariantRule] = {
    "regular": VariantRule(
        regular,
        lambda t: t % 2 == 1 and t >= 3,
        "3, 5, 7, ... tables (odd)",
        lambda t: t,
        "odd tables: every N-S pair meets every E-W pair once, two winners",
    ),
    "skip": VariantRule(
        skip,
        _even(4),
        "4, 6, 8, ... tables (even)",
        lambda t: t - 1,
        "Foster's 2nd Method: E-W skip a table half way; T-1 rounds (default for even)",
    ),
    "skip-revenge": VariantRule(
        skip_revenge,
        _even(4),
        "4, 6, 8, ... tables (even)",
        lambda t: t,
        "the skip played T rounds: the last is a revenge round against the first opponents",
    ),
    "stationary": VariantRule(
        stationary,
        _even(4),
        "4, 6, 8, ... tables (even), 2+ trays a round",
        lambda t: t - 1,
        "Foster's 1st Method: a table that deals nothing overplays its East neighbour's "
        "trays; --stationary-table K (default T/2+1)",
    ),
    "dummy": VariantRule(
        dummy,
        _even(4),
        "4, 6, 8, ... tables (even)",
        lambda t: t + 1,
        "a dummy table put in: T+1 rounds, the pairs who reach it sit out",
    ),
    "halves": VariantRule(
        halves,
        _odd_half,
        "6, 10, 14, ... tables (half the number odd)",
        lambda t: t,
        "trays pass through all tables, E-W pairs circulate within their half; T rounds",
    ),
    "sections": VariantRule(
        sections,
        _odd_half,
        "6, 10, 14, ... tables (half the number odd)",
        lambda t: t // 2,
        "two sections of T/2 tables, each an odd Mitchell with its own trays and winners",
    ),
    "relay": VariantRule(
        relay,
        _even(4),
        "4, 6, 8, ... tables (even)",
        lambda t: t,
        "modern: tables 1 and T share trays, a bye stand half way; T rounds",
    ),
}


def rule_for(tables: int, variant: str | None) -> tuple[str, VariantRule]:
    """The variant to play (the default for the size when None) and its rule; an unknown
    variant or a size it cannot take raises `ImpossibleMovementError` naming what works."""
    if tables < 3:
        raise ImpossibleMovementError(
            f"a Mitchell needs at least 3 tables (6 pairs), not {tables}; "
            "for fewer pairs play a Howell"
        )
    name = variant or ("regular" if tables % 2 else "skip")
    rule = RULES.get(name)
    if rule is None:
        raise ImpossibleMovementError(
            f"unknown Mitchell variant {name!r}; choose one of: {', '.join(RULES)}"
        )
    if not rule.accepts(tables):
        even = [v for v, r in RULES.items() if r.accepts(tables)]
        if name in ("halves", "sections") and tables % 2 == 0:
            why = f"half of {tables} tables is {tables // 2}, an even number"
        else:
            why = f"it does not fit {tables} tables"
        raise ImpossibleMovementError(
            f"--variant {name} needs {rule.sizes}: {why}; for {tables} tables use {', '.join(even)}"
        )
    return name, rule
