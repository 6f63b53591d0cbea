"""The movement JSON contract (`director movement ... --format json`) in both directions.

Pairs and teams:   {"round", "table", "trays": [..], "ns", "ew"}  (+ "switched": true)
Individuals:       {"round", "table", "trays": [..], "north", "east", "south", "west"}
Trays may be given as plain numbers (published movements); their dealer and original play
are then inferred (see `schedules.types.infer_trays`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from schedules.findings import ScheduleError
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

_INDIVIDUAL_KEYS = ("north", "east", "south", "west")


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
                "dealer": t.dealer.name,
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


def movement_from_json(data: Mapping[str, Any]) -> Movement:
    """Read a movement in the contract's shape; a malformed document raises `ScheduleError`
    naming the field at fault."""
    try:
        return _read(data)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, ScheduleError):
            raise
        raise ScheduleError(f"not a movement in the expected JSON shape: {exc!r}") from exc


def _read(data: Mapping[str, Any]) -> Movement:
    competitors = Competitors(data.get("competitors", "pairs"))
    seatings = tuple(_read_seating(row, i) for i, row in enumerate(data["seatings"]))
    rounds = int(data.get("rounds") or max((s.round for s in seatings), default=0))
    field = _read_field(data, seatings)
    trays = _read_trays(data.get("trays", []), seatings)
    shared = tuple(
        Share(int(sh["round"]), tuple(map(int, sh["trays"])), tuple(map(int, sh["tables"])))
        for sh in data.get("shared", [])
    )
    teams = {str(k): tuple(map(str, v)) for k, v in (data.get("teams") or {}).items()}
    return Movement(
        family=str(data.get("family", "imported")),
        competitors=competitors,
        tables=int(data.get("tables") or len({s.table for s in seatings})),
        rounds=rounds,
        trays=trays,
        seatings=seatings,
        field=field,
        shared=shared,
        mnemonic=bool(data.get("mnemonic", False)),
        variant=data.get("variant"),
        promise=str(data.get("promise") or data.get("expect") or "any"),
        teams=teams,
        attributes={str(k): str(v) for k, v in (data.get("attributes") or {}).items()},
        winners=tuple(data.get("winners") or ("overall",)),
        notes=tuple(data.get("notes") or ()),
    )


def _read_seating(row: Mapping[str, Any], index: int) -> Seating:
    try:
        trays = tuple(int(t) for t in row["trays"])
        if "north" in row:
            places = tuple(str(row[k]) for k in _INDIVIDUAL_KEYS)
        else:
            places = (str(row["ns"]), str(row["ew"]))
        return Seating(
            int(row["round"]), int(row["table"]), trays, places, bool(row.get("switched", False))
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ScheduleError(f"seating #{index + 1} is malformed ({exc!r}): {dict(row)}") from exc


def _read_field(data: Mapping[str, Any], seatings: tuple[Seating, ...]) -> tuple[Label, ...]:
    if data.get("field"):
        return tuple(str(x) for x in data["field"])
    seen: dict[Label, None] = {}
    for s in seatings:
        seen.update(dict.fromkeys(s.places))
    for entry in data.get("sitouts", []):
        seen.update(dict.fromkeys(str(x) for x in entry["who"]))
    return tuple(sorted(seen, key=_natural))


def _natural(label: Label) -> tuple[int, str]:
    digits = "".join(ch for ch in label if ch.isdigit())
    return (int(digits) if digits else 0, label)


def _read_trays(raw: list[Any], seatings: tuple[Seating, ...]) -> tuple[Tray, ...]:
    if all(isinstance(t, int) for t in raw):
        return infer_trays(seatings, numbers=raw or None)
    trays = []
    for t in raw:
        original = t.get("original") or {}
        trays.append(
            Tray(
                int(t["tray"]),
                Seat.parse(t["dealer"]),
                int(original.get("round", 0)),
                int(original.get("table", 0)),
            )
        )
    return tuple(trays)


def load_movement(path: str) -> Movement:
    """Read a movement JSON file."""
    with open(path, encoding="utf-8") as fh:
        try:
            data = json.load(fh)
        except json.JSONDecodeError as exc:
            raise ScheduleError(f"{path} is not JSON: {exc}") from exc
    return movement_from_json(data)


def movement_document(movement: Movement, promise: str | None = None) -> dict[str, Any]:
    """The full JSON document: the movement, the verifier's verdict and the balance report."""
    from schedules.balance import balance
    from schedules.verify import verify

    findings = verify(movement, promise)
    data = movement_to_json(movement)
    data["verified"] = not findings
    data["problems"] = [f.to_json() for f in findings]
    data["balance"] = balance(movement).to_json()
    return data
