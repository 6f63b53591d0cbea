"""The movement JSON contract (`director movement ... --format json`) in both directions.

Pairs and teams:   {"round", "table", "trays": [..], "ns", "ew"}  (+ "switched": true)
Individuals:       {"round", "table", "trays": [..], "north", "east", "south", "west"}
Trays may be given as plain numbers (published movements); their dealer and original play
are then inferred (see `schedules.types.infer_trays`). What the reader accepts, field by field
and size by size, is `schedules.movement_schema.MovementDocument`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from schedules.balance import balance
from schedules.findings import Finding, InvalidMovementError, ScheduleError
from schedules.labels import natural_key
from schedules.types import (
    Competitors,
    Label,
    Movement,
    Seat,
    Seating,
    Share,
    Tray,
    infer_trays,
)
from schedules.verify import sitout_findings, verify

if TYPE_CHECKING:
    from schedules.movement_schema import MovementDocument

_INDIVIDUAL_KEYS = ("north", "east", "south", "west")
_SEAT_NAMES = tuple(seat.name for seat in Seat)
"""A dealer's name by seat: looked up in a tuple, not the enum's `name` (a call per tray, and
58 teams deal 40,000 trays)."""


def movement_to_json(movement: Movement) -> dict[str, Any]:
    """The movement as the JSON contract's dictionary (without verdict and balance)."""
    data: dict[str, Any] = {
        "family": movement.family,
        "variant": movement.variant,
        "competitors": movement.competitors.value,
        "tables": movement.tables,
        "rounds": movement.rounds,
        "mnemonic": movement.mnemonic,
        "promise": movement.promise,
        "field": list(movement.field),
        "winners": list(movement.winners),
        "trays": [
            {
                "tray": t.number,
                "dealer": _SEAT_NAMES[t.dealer],
                "original": {"round": t.original_round, "table": t.original_table},
            }
            for t in movement.trays
        ],
        "seatings": [_seating_to_json(s) for s in movement.seatings],
        "sitouts": [{"round": r, "who": list(who)} for r, who in movement.sitouts.items()],
        "shared": [
            {"round": sh.round, "trays": list(sh.trays), "tables": list(sh.tables)}
            for sh in movement.shared
        ],
        "notes": list(movement.notes),
    }
    if movement.teams:
        data["teams"] = {team: list(pairs) for team, pairs in movement.teams.items()}
    if movement.attributes:
        data["attributes"] = dict(movement.attributes)
    return data


def _seating_to_json(s: Seating) -> dict[str, Any]:
    row: dict[str, Any] = {"round": s.round, "table": s.table, "trays": list(s.trays)}
    if s.is_individual:
        row.update(zip(_INDIVIDUAL_KEYS, s.places, strict=True))
    else:
        row["ns"], row["ew"] = s.places
    if s.switched:
        row["switched"] = True
    return row


def movement_from_json(data: Any) -> Movement:
    """Read a movement in the contract's shape (a dictionary, as `json.load` gives it); a
    malformed document raises `ScheduleError` naming the place at fault."""
    # The readers import the schema when first used: pydantic takes longer to import than
    # writing a movement takes (`director movement ... --format json`).
    from pydantic import ValidationError

    from schedules.json_input import problem
    from schedules.movement_schema import MovementDocument

    try:
        document = MovementDocument.model_validate(data)
    except ValidationError as exc:
        raise ScheduleError(problem(exc)) from None
    return _as_declared(document)


def load_movement(path: str | Path) -> Movement:
    """Read a movement JSON file (UTF-8, or UTF-16 with a byte-order mark); one whose declared
    sit-outs are not those its seatings leave raises `InvalidMovementError`."""
    movement, findings = read_movement(path)
    if findings:
        raise InvalidMovementError(findings)
    return movement


def read_movement(path: str | Path) -> tuple[Movement, list[Finding]]:
    """Read a movement JSON file, with the findings of its declared sit-outs held against its
    seatings (for the verifier's report: round and competitor of each)."""
    from schedules.json_input import UnreadableFileError, read_text

    try:
        text = read_text(path)
    except UnreadableFileError as exc:
        raise ScheduleError(str(exc)) from None
    return movement_from_text(text, str(path))


def movement_from_text(text: str, name: str) -> tuple[Movement, list[Finding]]:
    """`read_movement` of a movement JSON file's text (`name` names it in messages)."""
    from pydantic import ValidationError  # as in `movement_from_json`

    from schedules.json_input import problem
    from schedules.movement_schema import MovementDocument

    try:
        document = MovementDocument.model_validate_json(text)
    except ValidationError as exc:
        raise ScheduleError(problem(exc, name=name)) from None
    movement = movement_from_document(document)
    return movement, _sitout_findings(document, movement)


def _as_declared(doc: MovementDocument) -> Movement:
    movement = movement_from_document(doc)
    findings = _sitout_findings(doc, movement)
    if findings:
        raise InvalidMovementError(findings)
    return movement


def _sitout_findings(doc: MovementDocument, movement: Movement) -> list[Finding]:
    """The document's declared sit-outs against those its seatings leave (none declared:
    nothing to hold them against)."""
    if doc.sitouts is None:
        return []
    declared: dict[int, set[Label]] = {}
    for entry in doc.sitouts:
        declared.setdefault(entry.round, set()).update(entry.who)
    return sitout_findings(movement, declared)


def movement_from_document(doc: MovementDocument) -> Movement:
    """The movement a validated document describes (its declared sit-outs aside)."""
    seatings = tuple(
        Seating(s.round, s.table, tuple(s.trays), s.places, s.switched) for s in doc.seatings
    )
    rounds = doc.rounds or max((s.round for s in seatings), default=0)
    return Movement(
        family=doc.family,
        competitors=Competitors(doc.competitors),
        tables=doc.tables or len({s.table for s in seatings}),
        rounds=rounds,
        trays=_trays(doc, seatings),
        seatings=seatings,
        field=tuple(doc.field) if doc.field else _field_of(doc, seatings),
        shared=tuple(Share(r.round, tuple(r.trays), tuple(r.tables)) for r in doc.shared),
        mnemonic=doc.mnemonic,
        variant=doc.variant,
        promise=doc.promise or doc.expect or "any",
        teams={team: tuple(pairs) for team, pairs in (doc.teams or {}).items()},
        attributes=dict(doc.attributes or {}),
        winners=tuple(doc.winners or ("overall",)),
        notes=tuple(doc.notes),
    )


def _field_of(doc: MovementDocument, seatings: tuple[Seating, ...]) -> tuple[Label, ...]:
    """Without a declared field: everyone seated or declared sitting out, in natural order."""
    seen: dict[Label, None] = {}
    for s in seatings:
        seen.update(dict.fromkeys(s.places))
    for entry in doc.sitouts or ():
        seen.update(dict.fromkeys(entry.who))
    return tuple(sorted(seen, key=natural_key))


def _trays(doc: MovementDocument, seatings: tuple[Seating, ...]) -> tuple[Tray, ...]:
    """The listed trays (every tray played when none is listed); a dealer or original play
    not given is inferred (rotating dealer, first play)."""
    numbers = [t.tray for t in doc.trays] or None
    dealers = {t.tray: t.dealer for t in doc.trays if t.dealer is not None}
    given = {t.tray: t.original for t in doc.trays if t.original is not None}
    trays = infer_trays(seatings, numbers=numbers, dealers=dealers)
    return tuple(
        Tray(t.number, t.dealer, given[t.number].round, given[t.number].table)
        if t.number in given
        else t
        for t in trays
    )


def movement_document(
    movement: Movement, promise: str | None = None, found: Sequence[Finding] = ()
) -> dict[str, Any]:
    """The full JSON document: the movement, the verifier's verdict (with the findings already
    `found` in reading it) under the promise checked, and the balance report. "promise" stays
    the movement's own (read back, the document is the same movement); "verified_promise"
    names the one the verdict is for: `promise`, or the movement's own when none is asked."""
    findings = [*found, *verify(movement, promise)]
    data = movement_to_json(movement)
    data["verified"] = not findings
    data["verified_promise"] = promise or movement.promise
    data["problems"] = [f.to_json() for f in findings]
    data["balance"] = balance(movement).to_json()
    return data
