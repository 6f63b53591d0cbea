"""Foster's own families: the Safford search, and generating + verifying each family's
largest size."""

from __future__ import annotations

import time
from functools import partial

from benchmarks.common import timed
from schedules import catalog
from schedules.designs.safford_search import Progress, search

LARGEST = (
    ("safford, 16 couples", catalog.Request("safford", couples=16)),
    ("team, 51 teams (Howell's system)", catalog.Request("team", teams=51, variant="howell")),
    ("team, 51 teams (Gilman's system)", catalog.Request("team", teams=51, variant="gilman")),
    ("team, two teams of four, six sets", catalog.Request("team", teams=2)),
    ("ladies-gentlemen, 51 tables", catalog.Request("ladies-gentlemen", tables=51)),
    ("ladies-gentlemen, 50 tables (skip)", catalog.Request("ladies-gentlemen", tables=50)),
    ("snow, 49 tables", catalog.Request("snow", tables=49, trays_per_round=1)),
    ("classic, six pairs", catalog.Request("classic", variant="six-pairs")),
)


def _first_seating(couples: int) -> Progress:
    """Search until every hard property and every soft one but the spread holds."""
    for progress in search(couples, seed=1, steps=30_000, report_every=50):
        score = progress.score
        if score.uncovered == 0 and score.repeated == 0 and score.unmixed == 0:
            return progress
    return progress


def run() -> None:
    """Print the figures."""
    for couples in (8, 12):
        found = timed(
            f"safford search, {couples} couples: every property, partnerships mixed",
            partial(_first_seating, couples),
            repeat=1,
        )
        print(f"  reached at step {found.step}: {found.score}")
    start = time.perf_counter()
    for _ in search(8, seed=1, steps=30_000):
        pass
    print(
        f"{'safford search, 8 couples: the stored run (30,000 steps)':<64} "
        f"{(time.perf_counter() - start) * 1000:10.1f} ms"
    )
    for label, request in LARGEST:
        timed(f"build + verify: {label}", partial(catalog.build, request))
