"""What other programs' movement files share: one row per table per round (who sits where,
which trays), each from a known line of its file. Reading turns the rows into our `Movement`
(validated by the movement schema, relays found from the seatings); writing turns a movement
into rows.

Other programs have no arrow switch: a row names the competitors holding the N-S and E-W
hands. A switched seating of ours is written that way (pairs exchanged; for individuals each
player one seat round to the left, so partners stay partners), which plays the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import ValidationError

from director.errors import DirectorError
from schedules.findings import ScheduleError
from schedules.json_input import place, problem
from schedules.jsonio import movement_from_json
from schedules.movement_schema import SeatingEntry
from schedules.types import Movement, Seating, find_shares

PAIR_PLACES = ("ns", "ew")
INDIVIDUAL_PLACES = ("north", "east", "south", "west")


@dataclass(frozen=True)
class SourceRow:
    """One table in one round as a file gives it: the values as read and the line."""

    line: int
    values: dict[str, object]
    """round, table, trays, and ns/ew or north/east/south/west."""
    lines: dict[str, int] = field(default_factory=dict)
    """The line of each value, where it differs from the row's."""


def movement_from_rows(
    rows: Sequence[SourceRow],
    where: str,
    *,
    family: str,
    competitors: Sequence[str] | None = None,
    notes: Sequence[str] = (),
    names: dict[str, str] | None = None,
    winners: Sequence[str] = (),
) -> Movement:
    """The movement the rows describe. A row at fault is refused naming `where` (the file)
    and its line; `names` maps our field names to the file's (trays -> boards) for messages."""
    if not rows:
        raise DirectorError(f"{where}: no tables in it; is it a movement file?")
    entries = [_entry(row, where, names or {}) for row in rows]
    seatings = [Seating(e.round, e.table, tuple(e.trays), e.places) for e in entries]
    document: dict[str, object] = {
        "family": family,
        "competitors": "individuals" if entries[0].north is not None else "pairs",
        "seatings": [e.model_dump(exclude_none=True) for e in entries],
        "shared": [
            {"round": s.round, "trays": list(s.trays), "tables": list(s.tables)}
            for s in find_shares(seatings)
        ],
        "notes": list(notes),
    }
    if winners:
        document["winners"] = list(winners)
    if competitors is not None:
        document["field"] = list(competitors)
    try:
        return movement_from_json(document)
    except ScheduleError as exc:
        raise DirectorError(f"{where}: {exc}") from None


def _entry(row: SourceRow, where: str, names: dict[str, str]) -> SeatingEntry:
    try:
        return SeatingEntry.model_validate(row.values)
    except ValidationError as exc:
        loc = exc.errors(include_url=False)[0]["loc"]
        key = loc[0] if loc and isinstance(loc[0], str) else ""
        text = problem(exc, name=f"{where}, line {row.lines.get(key, row.line)}")
        text = text.replace(": the document: ", ": ", 1)  # a fault of the row as a whole
        if key in names:
            shown = place((names[key], *loc[1:]))
            text = text.replace(f": {place(loc)}: ", f": {shown}: ", 1)
        raise DirectorError(text) from None


@dataclass(frozen=True)
class HeldRow:
    """One table in one round for writing: who holds which hands, and the trays."""

    round: int
    table: int
    places: tuple[str, ...]
    """(N-S holder, E-W holder) for pairs; (north, east, south, west) for individuals."""
    trays: tuple[int, ...]


def held_rows(movement: Movement) -> list[HeldRow]:
    """Every seating with any arrow switch played out, by round then table."""
    return [
        HeldRow(s.round, s.table, _held(s), s.trays)
        for s in sorted(movement.seatings, key=lambda s: (s.round, s.table))
    ]


def _held(s: Seating) -> tuple[str, ...]:
    if not s.switched:
        return s.places
    if s.is_individual:
        north, east, south, west = s.places
        return (west, north, east, south)  # everyone one seat to the left: N-S hold E-W's
    return (s.places[1], s.places[0])


def place_names(movement: Movement) -> tuple[str, ...]:
    """The column (or key) names of a movement's places."""
    return INDIVIDUAL_PLACES if movement.competitors.places_per_table == 4 else PAIR_PLACES
