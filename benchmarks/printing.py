"""Printing figures: every indicator card of a 30-table Howell, and the results of a 60-table
event (standings, the per-deal sheet and the personal sheets)."""

from __future__ import annotations

import random

from benchmarks.common import timed
from benchmarks.scoring import mitchell_event
from director.printing import results
from director.printing.base import Header
from director.printing.documents import print_movement_document
from director.printing.result_views import results_document
from director.scoring import score_session
from director.scoring.model import Session, TableResult
from schedules import catalog
from schedules.findings import ScheduleError
from schedules.types import Movement

HOWELL_TABLES = 30
EVENT_TABLES = 60


def howell(tables: int = HOWELL_TABLES) -> tuple[Movement, str]:
    """The catalog's Howell when the family is built, else a complete round robin of the
    same size built from schedules types (2T pairs, 2T-1 rounds: the largest card set)."""
    try:
        return catalog.build(catalog.Request(family="howell", tables=tables)), "catalog"
    except ScheduleError:
        from tests.printing.movements import round_robin

        return round_robin(tables), "round robin"


def event_session(tables: int = EVENT_TABLES) -> Session:
    """One session of the scoring benchmark's 60-table Mitchell with random tricks."""
    movement = mitchell_event(tables, 1)
    rnd = random.Random(1)
    plays = [
        TableResult(s.round, s.table, tray, rnd.randint(2, 11))
        for s in movement.seatings
        for tray in s.trays
    ]
    return Session(movement, tuple(plays))


def run() -> None:
    """Print the figures."""
    movement, source = howell()
    label = f"indicators, {movement.tables}-table Howell ({source}, {movement.rounds} rounds)"
    timed(label, lambda: print_movement_document(movement, "indicators"))
    timed(
        f"score cards, same Howell ({len(movement.field)} cards)",
        lambda: print_movement_document(movement, "scorecards"),
    )
    session = event_session()
    scored = score_session(session)
    view = results_document(session, scored)
    header = Header("Results", "benchmark")
    plays = len(session.results)
    for part in results.PARTS:
        timed(
            f"results {part}, {EVENT_TABLES}-table event ({plays} plays)",
            lambda part=part: results.render(view, header, "a4", parts=(part,)),
            repeat=1,
        )
    timed(
        f"results, all parts, {EVENT_TABLES}-table event",
        lambda: results.render(view, header, "a4"),
        repeat=1,
    )
