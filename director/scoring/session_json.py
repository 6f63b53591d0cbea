"""The session file (`director score FILE.json`) in, and the scored session out as JSON.

The input shape is documented in the README ("Scoring a session"). Output figures are exact
strings ("7/2") beside decimals, so nothing is lost and a reader need not parse fractions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from director.scoring.errors import InputFormatError
from director.scoring.model import (
    Award,
    DealScore,
    Irregularity,
    IrregularityKind,
    Method,
    NewDeal,
    Revoke,
    RevokeReference,
    Scale,
    Session,
    SessionResult,
    Settings,
    Standing,
    Suit,
    TableResult,
    TableScore,
    TeamMethod,
    TrumpSlip,
)
from director.scoring.validate import check_names
from schedules.findings import ScheduleError
from schedules.jsonio import movement_from_json
from schedules.types import Direction

KINDS = {kind.name.lower(): kind for kind in IrregularityKind} | {
    kind.value.lower(): kind for kind in IrregularityKind
}
"""Irregularity kinds by their snake name ("wrong_trump_overplay") or law ("Law IV Sec.9")."""

SETTINGS_FIELDS: dict[str, Any] = {
    "method": Method,
    "scale": Scale,
    "revoke_reference": RevokeReference,
    "team_method": TeamMethod,
}


def load_session(path: str | Path) -> Session:
    """Read a session file; a malformed file raises `InputFormatError` naming the field."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputFormatError(f"{path}: cannot read ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise InputFormatError(f"{path}: not JSON (line {exc.lineno}: {exc.msg})") from None
    return session_from_json(data)


def session_from_json(data: Mapping[str, Any]) -> Session:
    """A `Session` from the documented dictionary."""
    if not isinstance(data, Mapping) or "movement" not in data:
        raise InputFormatError("the session file needs a 'movement' object (director movement ...)")
    try:
        return _read(data)
    except InputFormatError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError) as exc:
        raise InputFormatError(
            f"the session file has a field of the wrong shape ({type(exc).__name__}: {exc});"
            " see the README, section 'Scoring a session'"
        ) from None


def _read(data: Mapping[str, Any]) -> Session:
    try:
        movement = movement_from_json(data["movement"])
    except ScheduleError as exc:
        raise InputFormatError(f"movement: {exc}") from None
    results = tuple(_result(row, i) for i, row in enumerate(_list(data, "results"), start=1))
    session = Session(
        movement=movement,
        results=results,
        slips=tuple(_slip(row, i) for i, row in enumerate(_list(data, "slips"), start=1)),
        new_deals=tuple(_new_deal(row, i) for i, row in enumerate(_list(data, "new_deals"), 1)),
        settings=_settings(data.get("settings") or {}),
        names={str(k): str(v) for k, v in (data.get("competitors") or {}).items()},
        couples=tuple((str(w), str(h)) for w, h in data.get("couples") or ()),
    )
    check_names(session)
    return session


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise InputFormatError(f"field {key} must be a list")
    return value


def _int(row: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int | None:
    value = row.get(key, default)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise InputFormatError(f"{where}: field {key} must be a whole number, not {value!r}")
    return value


def _req(row: Mapping[str, Any], key: str, where: str) -> int:
    value = _int(row, key, where)
    if value is None:
        raise InputFormatError(f"{where}: field {key} is missing")
    return value


def _enum(kind: Any, text: Any, where: str, field: str) -> Any:
    try:
        return kind(text) if kind is not Suit else Suit.parse(str(text))
    except ValueError:
        choices = ", ".join(str(m.value) for m in kind)
        raise InputFormatError(f"{where}: field {field} {text!r} is not one of {choices}") from None


def _side(text: Any, where: str, field: str) -> Direction:
    key = str(text).replace("/", "").replace("-", "").lower()
    if key not in ("ns", "ew"):
        raise InputFormatError(f"{where}: field {field} {text!r} must be NS or EW")
    return Direction(key)


def _result(row: Any, i: int) -> TableResult:
    if not isinstance(row, Mapping):
        raise InputFormatError(f"results[{i}] must be an object")
    where = f"results[{i}]"
    round_, table, tray = (_req(row, k, where) for k in ("round", "table", "tray"))
    where = f"results[{i}] (tray {tray}, table {table}, round {round_})"
    revokes = tuple(
        Revoke(
            side=_side(rv.get("side"), where, "revokes.side"),
            count=_req(rv, "count", where),
            tricks_after=_req(rv, "tricks_after", where),
            failed_calls=_int(rv, "failed_calls", where, 0) or 0,
        )
        for rv in _objects(row, "revokes", where)
    )
    irregularity = None
    if raw := row.get("irregularity"):
        if not isinstance(raw, Mapping):
            raise InputFormatError(f"{where}: field irregularity must be an object")
        kind = KINDS.get(str(raw.get("kind", "")).lower())
        if kind is None:
            raise InputFormatError(
                f"{where}: field irregularity.kind {raw.get('kind')!r} is not one of "
                + ", ".join(k.name.lower() for k in IrregularityKind)
            )
        trump = raw.get("table_trump")
        irregularity = Irregularity(
            kind,
            None if trump is None else _enum(Suit, trump, where, "irregularity.table_trump"),
            str(raw.get("note", "")),
        )
    awards = row.get("awards") or ["A", "A"]
    prevails = row.get("prevails")
    return TableResult(
        round=round_,
        table=table,
        tray=tray,
        ns_tricks=_int(row, "ns", where),
        ew_record=_int(row, "ew", where),
        version=_int(row, "version", where, 1) or 1,
        revokes=revokes,
        irregularity=irregularity,
        awards=(
            _enum(Award, awards[0], where, "awards"),
            _enum(Award, awards[-1], where, "awards"),
        ),
        prevails=None if prevails is None else _side(prevails, where, "prevails"),
        fouled_group=None if row.get("fouled_group") is None else str(row["fouled_group"]),
    )


def _objects(row: Mapping[str, Any], key: str, where: str) -> list[Mapping[str, Any]]:
    value = row.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise InputFormatError(f"{where}: field {key} must be a list of objects")
    return value


def _slip(row: Mapping[str, Any], i: int) -> TrumpSlip:
    where = f"slips[{i}]"
    return TrumpSlip(
        _req(row, "tray", where),
        _enum(Suit, row.get("trump", ""), where, "trump"),
        _int(row, "version", where, 1) or 1,
    )


def _new_deal(row: Mapping[str, Any], i: int) -> NewDeal:
    where = f"new_deals[{i}]"
    kind = KINDS.get(str(row.get("law", "")).lower())
    if kind is None:
        raise InputFormatError(f"{where}: field law {row.get('law')!r} names no irregularity")
    return NewDeal(
        _req(row, "tray", where), _req(row, "version", where), kind, str(row.get("note", ""))
    )


def _settings(raw: Mapping[str, Any]) -> Settings:
    values: dict[str, Any] = {}
    for key, kind in SETTINGS_FIELDS.items():
        if key in raw:
            values[key] = _enum(kind, raw[key], "settings", key)
    for key in ("individual_revoke_record", "ew_prevails", "factor_sitouts"):
        if key in raw:
            values[key] = bool(raw[key])
    if raw.get("declared_trump") is not None:
        values["declared_trump"] = _enum(Suit, raw["declared_trump"], "settings", "declared_trump")
    unknown = set(raw) - set(Settings.__dataclass_fields__)
    if unknown:
        raise InputFormatError(f"settings: unknown field(s) {', '.join(sorted(unknown))}")
    return Settings(**values)


# ---------------------------------------------------------------- output


def number(x: Fraction | int | None) -> dict[str, Any] | None:
    """An exact figure as {"exact": "7/2", "decimal": 3.5}.

    >>> number(Fraction(7, 2))
    {'exact': '7/2', 'decimal': 3.5}
    """
    if x is None:
        return None
    return {"exact": str(Fraction(x)), "decimal": round(float(x), 4)}


def result_to_json(result: SessionResult) -> dict[str, Any]:
    """The scored session as a JSON-ready dictionary."""
    return {
        "method": result.method.value,
        "winners": [
            {"title": w.title, "labels": list(w.labels), "figure": number(w.figure)}
            for w in result.winners
        ],
        "standings": {
            name: [_standing(s) for s in rows] for name, rows in result.standings.items()
        },
        "teams": [
            {
                "team": t.team,
                "place": t.place,
                "tricks": number(t.tricks),
                "margin": number(t.margin),
                "matches_won": number(t.matches_won),
            }
            for t in result.teams
        ],
        "safford": {
            "subtotals": {s.label: [number(v) for v in s.lost] for s in result.subtotals},
            "couples": [
                {
                    "couple": c.couple,
                    "deals": c.deals,
                    "wife_lost": number(c.wife_lost),
                    "husband_lost": number(c.husband_lost),
                }
                for c in result.couples
            ],
        },
        "deals": [_deal(d) for d in result.deals],
        "warnings": list(result.warnings),
    }


def _standing(s: Standing) -> dict[str, Any]:
    return {
        "label": s.label,
        "place": s.place,
        "deals": s.deals,
        "direction": s.direction.label if s.direction else None,
        "raw": number(s.raw),
        "plus_minus": number(s.plus_minus),
        "equated": number(s.equated),
        "matchpoints": number(s.matchpoints),
        "top": number(s.top),
        "percent": number(s.percent),
    }


def _deal(d: DealScore) -> dict[str, Any]:
    return {
        "tray": d.tray,
        "version": d.version,
        "replaced_versions": list(d.replaced),
        "average_ns": number(d.avg_ns),
        "average_ew": number(d.avg_ew),
        "top_ns": d.top_ns,
        "bottom_ns": d.bottom_ns,
        "counting_tables": d.counting,
        "matchpoint_top": number(d.mp_top),
        "tables": [_table(t) for t in d.tables],
    }


def _table(t: TableScore) -> dict[str, Any]:
    return {
        "round": t.round,
        "table": t.table,
        "ns": list(t.ns),
        "ew": list(t.ew),
        "made_ns": t.made_ns,
        "counted_ns": number(t.counted_ns),
        "final_ns": number(t.final_ns),
        "final_ew": number(t.final_ew),
        "pm_ns": number(t.pm_ns),
        "pm_ew": number(t.pm_ew),
        "mp_ns": number(t.mp_ns),
        "mp_ew": number(t.mp_ew),
        "adjustment": t.adjustment.value,
        "marks": list(t.marks),
        "steps": [{"text": s.text, "rule": s.rule} for s in t.steps],
    }
