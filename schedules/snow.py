"""The Snow system of mnemonic duplicate, as we reconstruct it
(docs/movement-rules.md#the-snow-system).

Only the name survives (Foster, on mnemonic duplicate: "The Snow System of movement, where
practicable, is preferable"). Our reading: every pair plays every tray twice, once in each
direction, the two plays against different opponents and as far apart as possible.

Construction: a Mitchell of T tables played T rounds (N-S pairs still, trays one table down,
E-W pairs one table up; with an even T the E-W pairs skip a table after round T/2, as in
Foster's 2nd Method, and meet their first opponents again in round T), played through twice.
The second pass is arrow-switched (the N-S pairs hold the E-W hands), and in its round r each
E-W pair sits one table above where it sat in round r + 1 of the first pass (round 1's place
for the last round). So every pair replays every tray against other opponents: the N-S pairs
exactly T rounds later, the E-W pairs T-1 or 2T-1 rounds later. T-1 is the most that can be
promised (see schedules.promises.snow).

Why an E-W pair meets every tray set once in T rounds: in round r (from 0) pair j sits at
table j + r, or j + r + 1 after an even T's skip, and plays set j + 2r, or j + 2r + 1 after
the skip: the even sets in the first half, the odd ones in the second.
"""

from __future__ import annotations

from schedules.catalog import Family, Request
from schedules.findings import ImpossibleMovementError
from schedules.types import Competitors, Label, Movement, Seating, Tray, default_dealer, tray_block

SEED_RULE = (
    '"The Snow System of movement, where practicable, is preferable." (Foster\'s Hoyle, on '
    "mnemonic duplicate: each deal played twice, the second time with the hands the "
    "adversaries held)."
)
READING = (
    "This is a RECONSTRUCTION: the text describing Snow's system was not found in any source we "
    "could reach (docs/movement-rules.md#the-snow-system). Our reading: every pair plays every "
    "tray twice, once in each direction, the two plays against different opponents and as many "
    "rounds apart as possible. Built as a Mitchell of T rounds played twice, the second pass with "
    "the hands exchanged and each E-W pair one round ahead and one table up: every replay comes at "
    "least T-1 rounds later (T for the N-S pairs), the most possible when each tray is at one "
    "table a round. With an even number of tables the E-W pairs skip a table after round T/2 "
    "(Foster's 2nd Method) and meet their first opponents again in round T. Any number of tables "
    "from 2 (a single table leaves nobody else to replay against)."
)
LARGEST = 60
"""The most tables the Snow system is built for: more than any room holds."""


def ns(table: int) -> Label:
    """The N-S pair that sits at `table` (from 0)."""
    return f"NS{table + 1}"


def ew(pair: int) -> Label:
    """E-W pair `pair` (from 0)."""
    return f"EW{pair + 1}"


def ew_table(pair: int, round: int, tables: int) -> int:
    """Where E-W pair `pair` sits in first-pass round `round` (all from 0): one table up a
    round, and with an even number of tables one more after round T/2 (the skip)."""
    skip = 1 if tables % 2 == 0 and round >= tables // 2 else 0
    return (pair + round + skip) % tables


def _first_pass_ew(tables: int) -> list[dict[int, int]]:
    """Per first-pass round: table -> the E-W pair sitting there."""
    return [{ew_table(j, r, tables): j for j in range(tables)} for r in range(tables)]


def snow(tables: int, trays_per_round: int) -> Movement:
    """The reconstruction for 2 or more tables."""
    if not 2 <= tables <= LARGEST:
        raise ImpossibleMovementError(
            f"the Snow system (our reconstruction) needs 2 to {LARGEST} tables, not {tables}: "
            "a single table leaves nobody else to replay against"
        )
    at = _first_pass_ew(tables)
    seatings = []
    for r in range(2 * tables):
        first = r < tables
        for t in range(tables):
            block = tray_block((t + r) % tables + 1, trays_per_round)
            # Second pass: the E-W pair one round ahead, one table up (see the module doc).
            pair = at[r][t] if first else at[(r + 1) % tables][(t - 1) % tables]
            seatings.append(Seating.pair(r + 1, t + 1, block, ns(t), ew(pair), not first))
    trays = tuple(
        Tray(no, default_dealer(no), 1, g + 1)
        for g in range(tables)
        for no in tray_block(g + 1, trays_per_round)
    )
    return Movement(
        family="snow",
        competitors=Competitors.PAIRS,
        tables=tables,
        rounds=2 * tables,
        trays=trays,
        seatings=tuple(seatings),
        field=tuple(ns(t) for t in range(tables)) + tuple(ew(j) for j in range(tables)),
        mnemonic=True,
        promise="snow",
        winners=("overall",),
        notes=_notes(tables),
    )


def _notes(tables: int) -> tuple[str, ...]:
    if tables == 2:
        skip = "E-W pairs sit still in the first pass (with two tables the skip is a stay). "
    elif tables % 2 == 0:
        skip = (
            f"E-W pairs move one table up each round, skipping a table at the change to round "
            f"{tables // 2 + 1}; round {tables} brings each back to its first opponents. "
        )
    else:
        skip = "E-W pairs move one table up each round. "
    return (
        "Snow system: a reconstruction (the original description is lost).",
        f"N-S pairs sit still; trays move one table down each round. {skip}"
        f"Rounds {tables + 1}-{2 * tables} replay the trays with the hands exchanged (the "
        f"N-S pairs hold the E-W hands): in round {tables} + r each E-W pair sits one table "
        f"above its round r + 1 place (its round 1 place in round {2 * tables}), so nobody "
        f"replays a tray against the same opponents, nor within {tables - 1} rounds.",
        "Allow double the time per tray. Any irregularity in the hands means a new deal.",
        "Scoring: only the N-S scores need be kept; each pair is compared with the pair "
        "that held the other hands (docs/scoring-rules.md#mnemonic-play).",
    )


def build(request: Request) -> Movement:
    """`director movement snow --tables N`."""
    if request.tables is None:
        raise ImpossibleMovementError("give the number of tables: --tables N (2 or more)")
    if request.variant is not None:
        raise ImpossibleMovementError("the Snow system has no variants; leave out --variant")
    if request.rounds not in (None, 2 * request.tables):
        raise ImpossibleMovementError(
            f"the Snow system for {request.tables} tables has {2 * request.tables} rounds "
            "(every tray twice); leave out --rounds"
        )
    return snow(request.tables, request.trays_for(2 * request.tables, default=1))


FAMILY = Family(
    name="snow",
    title="Snow system (mnemonic pairs; reconstruction)",
    competitors=Competitors.PAIRS,
    sizes=f"2-{LARGEST} tables",
    help=SEED_RULE + "\n\n" + READING,
    build=build,
    mnemonic_allowed=False,
)
