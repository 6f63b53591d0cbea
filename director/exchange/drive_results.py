"""A whist drive in the JSON export: its settings, every hand's seating, the standings and
the prizes, exactly (totals as fractions in text: "168", "13/2"). The event itself travels
in the export's history like any other (`director.store.history`); this block is what a
reader of the file sees, and what an import checks the event it made against."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from director.scoring.drive import Standing
from director.store import drive_play
from director.store.services import EventStore


def drive_document(store: EventStore) -> dict[str, Any]:
    """The drive's block of the JSON export."""
    record = store.drive()
    settings = record.settings
    played = drive_play.played(record)
    half = settings.hands_per_half
    return {
        "settings": {
            "tables": settings.tables,
            "rule": settings.rule.value,
            "field": settings.field.value,
            "hands": settings.hands,
            "halves": settings.halves,
            "trumps": settings.trumps.value,
            "sit_out": settings.sit_out.value,
        },
        "draw": record.draw_seed,
        "seatings": [
            [list(table) for table in seating.tables] for seating in drive_play.seatings(record)
        ],
        "entries": [
            {
                "hand": e.hand,
                "table": e.table,
                "winners": e.winners.name,
                "tricks": e.tricks,
                "method": e.method,
            }
            for e in sorted(record.entries, key=lambda e: (e.hand, e.table))
        ],
        "standings": [_standing(s) for s in store.drive_standings()],
        "half_time": (
            [_standing(s) for s in store.drive_standings(after=half)]
            if settings.halves > 1 and len(played) >= half
            else None
        ),
        "prizes": [p.words for p in store.drive_prizes()],
    }


def _standing(standing: Standing) -> dict[str, Any]:
    return {
        "player": standing.player,
        "total": str(Fraction(standing.total)),
        "by_hand": [None if t is None else str(Fraction(t)) for t in standing.by_hand],
    }
