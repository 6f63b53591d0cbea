"""Issue 16 target 7: generate, verify and score a 250-table whist drive of 1,000 individuals
and an 800-table multi-section pairs event, end to end (target: at most 5 s each).

An evening is 13 rounds of 2 trays (26 deals), as clubs play; every table's result is
random but legal. Verification is linear in seats x rounds; the last line shows it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from benchmarks.common import timed
from benchmarks.scoring import results_for
from director.scoring.model import SectionPlay
from director.scoring.session import score_section
from schedules.catalog import Request, build
from schedules.sections import combine_sections
from schedules.types import Movement
from schedules.verify import verify

ROUNDS = 13
TRAYS = 2


def drive() -> Movement:
    """1,000 players at 250 tables: the first rounds of the engine's whist drive."""
    return build(
        Request("individual", players=1000, variant="drive", rounds=ROUNDS, trays_per_round=TRAYS)
    )


def sections_event() -> Movement:
    """800 tables: sixteen 50-table Mitchell sections (the skip), 13 rounds each."""
    section = build(Request("mitchell", tables=50, rounds=ROUNDS, trays_per_round=TRAYS))
    return combine_sections([section] * 16)


def end_to_end(make: Callable[[], Movement]) -> int:
    """Generate (verified), verify once more as an imported event would be, and score."""
    movement = make()
    assert not verify(movement)
    result = score_section(SectionPlay(movement, results_for(movement)))
    return len(result.deals)


def run() -> None:
    """Print the figures."""
    timed("whist drive, 1,000 players, 250 tables: build+verify+score", lambda: end_to_end(drive))
    timed(
        "pairs, 800 tables in 16 sections: build+verify+score", lambda: end_to_end(sections_event)
    )
    for tables in (200, 400, 800):
        movement = combine_sections(
            [build(Request("mitchell", tables=50, rounds=ROUNDS, trays_per_round=TRAYS))]
            * (tables // 50)
        )
        start = time.perf_counter()
        verify(movement)
        per_seat = (time.perf_counter() - start) / (len(movement.seatings) * 2) * 1e6
        print(f"verify {tables:>4} tables: {per_seat:6.2f} us per seat-round (linear if flat)")
