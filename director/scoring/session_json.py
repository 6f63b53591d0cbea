"""The session file (`director score FILE.json`) in, and the scored session out as JSON.

The input shape is documented in docs/guide.md#scoring-a-session. Output figures are exact
strings ("7/2") beside decimals, so nothing is lost and a reader need not parse fractions.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import ValidationError

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
    SectionPlay,
    SectionResult,
    Settings,
    Standing,
    Suit,
    TableResult,
    TableScore,
    TeamMethod,
    TrumpSlip,
)
from director.scoring.session_schema import (
    NewDealEntry,
    ResultEntry,
    SessionDocument,
    SettingsEntry,
    SlipEntry,
)
from director.scoring.validate import check_names
from schedules.findings import InvalidMovementError, Law, ScheduleError
from schedules.json_input import UnreadableFileError, problem, read_text
from schedules.jsonio import movement_from_document
from schedules.types import Direction
from schedules.verify import verify

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


def load_play(path: str | Path) -> SectionPlay:
    """Read a session file (UTF-8, or UTF-16 with a byte-order mark); a malformed file raises
    `InputFormatError` naming the place at fault."""
    try:
        document = SessionDocument.model_validate_json(read_text(path))
    except OSError as exc:
        raise InputFormatError(f"{path}: cannot read ({exc.strerror})") from None
    except UnreadableFileError as exc:
        raise InputFormatError(str(exc)) from None
    except ValidationError as exc:
        raise InputFormatError(problem(exc, name=str(path))) from None
    return play_from_document(document)


def play_from_json(data: Any) -> SectionPlay:
    """A `SectionPlay` from the documented dictionary (as `json.load` gives it)."""
    try:
        document = SessionDocument.model_validate(data)
    except ValidationError as exc:
        raise InputFormatError(problem(exc)) from None
    return play_from_document(document)


def play_from_document(doc: SessionDocument) -> SectionPlay:
    """The section's play a validated file describes. Its movement must keep the universal rules
    (every tray played is listed, nobody at two tables at once, ...): the scorer relies on them.
    A competitor playing a tray again is the one exception: it is what a wrong move repaired
    in play leaves, and the laws score it (the later play takes the average,
    docs/laws.md#a-deal-played-twice)."""
    try:
        movement = movement_from_document(doc.movement)
        findings = [f for f in verify(movement, "any") if f.law is not Law.TRAY_PLAYED_TWICE]
    except ScheduleError as exc:
        raise InputFormatError(f"movement: {exc}") from None
    if findings:
        raise InputFormatError(f"movement: {InvalidMovementError(findings)}")
    play = SectionPlay(
        movement=movement,
        results=tuple(_result(row, i) for i, row in enumerate(doc.results or ())),
        slips=tuple(_slip(row, i) for i, row in enumerate(doc.slips or ())),
        new_deals=tuple(_new_deal(row, i) for i, row in enumerate(doc.new_deals or ())),
        settings=_settings(doc.settings),
        names=dict(doc.competitors or {}),
        couples=tuple((wife, husband) for wife, husband in doc.couples or ()),
    )
    check_names(play)
    return play


def _enum(kind: Any, text: str, where: str, field: str) -> Any:
    try:
        return kind(text) if kind is not Suit else Suit.parse(text)
    except ValueError:
        choices = ", ".join(str(m.value) for m in kind)
        raise InputFormatError(f"{where}: field {field} {text!r} is not one of {choices}") from None


def _side(text: str, where: str, field: str) -> Direction:
    key = text.replace("/", "").replace("-", "").lower()
    if key not in ("ns", "ew"):
        raise InputFormatError(f"{where}: field {field} {text!r} must be NS or EW")
    return Direction(key)


def _kind(text: str, where: str) -> IrregularityKind:
    kind = KINDS.get(text.lower())
    if kind is None:
        raise InputFormatError(
            f"{where} {text!r} is not one of " + ", ".join(k.name.lower() for k in IrregularityKind)
        )
    return kind


def _result(row: ResultEntry, i: int) -> TableResult:
    where = f"results[{i}] (tray {row.tray}, table {row.table}, round {row.round})"
    revokes = tuple(
        Revoke(
            side=_side(rv.side, where, "revokes.side"),
            count=rv.count,
            tricks_after=rv.tricks_after,
            failed_calls=rv.failed_calls,
        )
        for rv in row.revokes or ()
    )
    irregularity = None
    if raw := row.irregularity:
        trump = raw.table_trump
        irregularity = Irregularity(
            _kind(raw.kind, f"{where}: field irregularity.kind"),
            None if trump is None else _enum(Suit, trump, where, "irregularity.table_trump"),
            raw.note,
        )
    awards = row.awards or ["A", "A"]
    return TableResult(
        round=row.round,
        table=row.table,
        tray=row.tray,
        ns_tricks=row.ns,
        ew_record=row.ew,
        version=row.version,
        revokes=revokes,
        irregularity=irregularity,
        awards=(
            _enum(Award, awards[0], where, "awards"),
            _enum(Award, awards[1], where, "awards"),
        ),
        prevails=None if row.prevails is None else _side(row.prevails, where, "prevails"),
        fouled_group=row.fouled_group,
    )


def _slip(row: SlipEntry, i: int) -> TrumpSlip:
    return TrumpSlip(row.tray, _enum(Suit, row.trump, f"slips[{i}]", "trump"), row.version)


def _new_deal(row: NewDealEntry, i: int) -> NewDeal:
    kind = _kind(row.law, f"new_deals[{i}]: field law")
    return NewDeal(row.tray, row.version, kind, row.note)


def _settings(raw: SettingsEntry | None) -> Settings:
    if raw is None:
        return Settings()
    values: dict[str, Any] = {}
    for key, kind in SETTINGS_FIELDS.items():
        if (text := getattr(raw, key)) is not None:
            values[key] = _enum(kind, text, "settings", key)
    for key in ("individual_revoke_record", "ew_prevails", "factor_sitouts"):
        if (flag := getattr(raw, key)) is not None:
            values[key] = flag
    if raw.declared_trump is not None:
        values["declared_trump"] = _enum(Suit, raw.declared_trump, "settings", "declared_trump")
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


def result_to_json(result: SectionResult) -> dict[str, Any]:
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
