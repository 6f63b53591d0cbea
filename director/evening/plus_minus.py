"""The running plus/minus: each competitor's plus/minus after each round, for the chart of
how the evening went.

The engine's per-table plus/minus (`director.scoring`) added up round by round; the lines stop
at the last round with a result in, so a provisional chart never draws rounds to come.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate

from director.scoring.model import SectionResult
from schedules.types import Label


def last_round_played(result: SectionResult) -> int:
    """The latest round with a result in (0 before the first)."""
    return max((t.round for deal in result.deals for t in deal.tables), default=0)


def running_plus_minus(result: SectionResult) -> dict[Label, list[Fraction]]:
    """Each competitor's plus/minus after each round up to the last one played (the engine's
    per-table figures summed): the lines stop where the results stop."""
    rounds = last_round_played(result)
    per_round: dict[Label, list[Fraction]] = {}
    for deal in result.deals:
        for t in deal.tables:
            for labels, pm in ((t.ns, t.pm_ns), (t.ew, t.pm_ew)):
                for label in labels:
                    row = per_round.setdefault(label, [Fraction(0)] * rounds)
                    row[t.round - 1] += pm
    return {label: list(accumulate(row)) for label, row in sorted(per_round.items())}
