"""The Snow system of mnemonic duplicate, as we reconstruct it (decisions.md).

Only the name survives (seed line 173: "The Snow System of movement, where practicable, is
preferable"). Our reading: every pair plays every tray twice, once in each direction, the two
plays against different opponents and as far apart as possible.

Construction: an odd Mitchell of T tables (the pair Mitchell's own arithmetic), played through
twice. The second pass is arrow-switched (the N-S pairs hold the E-W hands) and every E-W pair
starts two tables further back, so every pair replays every tray against other opponents: the
N-S pairs exactly T rounds later, the E-W pairs T-1 or 2T-1 rounds later. T-1 is the most that
can be promised (see schedules.promises.snow).
"""

from __future__ import annotations

from schedules.catalog import Family, Request
from schedules.findings import ImpossibleMovementError
from schedules.mitchell import pair_mitchell
from schedules.types import Competitors, Label, Movement, Seating

SEED_RULE = (
    '"The Snow System of movement, where practicable, is preferable." (seed line 173, on '
    "mnemonic duplicate: each deal played twice, the second time with the hands the "
    "adversaries held)."
)
READING = (
    "This is a RECONSTRUCTION: the text describing Snow's system was not found in any source "
    "we could reach (decisions.md). Our reading: every pair plays every tray twice, once in "
    "each direction, the two plays against different opponents and as many rounds apart as "
    "possible. Built as an odd Mitchell played twice, the second pass with the hands exchanged "
    "and the E-W pairs starting two tables back: every replay comes at least T-1 rounds "
    "later (T for the N-S pairs), the most possible when each tray is at one table a round. "
    "An odd number of tables (3 or more) only: one table has no other opponents to replay "
    "against, and an even Mitchell does not bring every tray to every pair; for an even "
    "number of tables we offer no construction."
)


def _shifted(label: Label, shift: int, tables: int) -> Label:
    """E-W pair x -> E-W pair x + shift (mod T); N-S pairs unchanged."""
    if not label.startswith("EW"):
        return label
    return f"EW{(int(label[2:]) - 1 + shift) % tables + 1}"


def snow(tables: int, trays_per_round: int) -> Movement:
    """The reconstruction for an odd number of tables."""
    if tables < 3 or tables % 2 == 0:
        raise ImpossibleMovementError(
            f"the Snow system (our reconstruction) needs an odd number of tables, 3 or more, "
            f"not {tables}: one table leaves nobody else to replay against, and an even "
            f"Mitchell does not bring every tray to every pair; try {max(3, tables - 1)} "
            f"or {tables + 1 if tables > 2 else 5}"
        )
    first = pair_mitchell(tables, None, trays_per_round)
    shift = tables - 2
    replay = tuple(
        Seating.pair(
            s.round + tables,
            s.table,
            s.trays,
            s.ns,
            _shifted(s.ew, shift, tables),
            switched=not s.switched,
        )
        for s in first.seatings
    )
    return Movement(
        family="snow",
        competitors=Competitors.PAIRS,
        tables=tables,
        rounds=2 * tables,
        trays=first.trays,
        seatings=first.seatings + replay,
        field=first.field,
        mnemonic=True,
        promise="snow",
        winners=("overall",),
        notes=(
            "Snow system: a reconstruction (the original description is lost).",
            f"Rounds {tables + 1}-{2 * tables} replay the trays with the hands exchanged (the "
            "N-S pairs hold the E-W hands); each E-W pair starts two tables further back, so "
            f"nobody replays a tray against the same opponents, nor within {tables - 1} rounds.",
            "Allow double the time per tray. Any irregularity in the hands means a new deal.",
            "Scoring: only the N-S scores need be kept; each pair is compared with the pair "
            "that held the other hands (seed line 173).",
        ),
    )


def build(request: Request) -> Movement:
    """`director movement snow --tables N`."""
    if request.tables is None:
        raise ImpossibleMovementError("give the number of tables: --tables N (odd, 3 or more)")
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
    sizes="3+ tables, odd",
    help=SEED_RULE + "\n\n" + READING,
    build=build,
    mnemonic_allowed=False,
)
