"""Balance report: how often each two competitors are compared (docs/movement-rules.md#balance).

Two competitors are *compared* on a tray set when both hold the same hands of it (same direction
after any arrow switch) at different tables, so their scores stand against each other. Trays always
played together form one set and count once. From the counts c over all N pairs of competitors:

- SS, the spread: sum of (c - mean)^2, exact (the fixtures' "SS" figure);
- CV, the coefficient of variation: sqrt(SS / N) / mean;
- the index, 100 * (sum c)^2 / (N * sum c^2): 100 when every two are compared equally often.

For individuals the partners of a seat are left out of each other's comparisons (they share one
score); the report also gives the partner and opponent counts, and remarks on what is allowed
but worth a director's notice (trays played unequal numbers of times).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from schedules.tally import PairKey, all_pairs, opponent_counts, pair_key, partner_counts, tray_sets
from schedules.types import Direction, Label, Movement, Seating, TrayNo


@dataclass(frozen=True)
class BalanceReport:
    """Comparison counts between every two competitors and the figures derived from them."""

    comparisons: dict[PairKey, int]
    """Tray sets on which the two hold the same hands at different tables."""
    tray_sets: int
    mean: Fraction
    ss: Fraction
    """Spread: sum over pairs of (count - mean)^2."""
    cv: float
    index: float
    """0-100; 100 is perfect balance."""
    distribution: dict[int, int]
    """Count -> how many pairs of competitors are compared that often."""
    opponents: dict[PairKey, int]
    partners: dict[PairKey, int]
    remarks: tuple[str, ...] = ()
    """Findings that do not fail verification (docs/movement-rules.md#universal-rules, rule 3)."""

    def to_json(self) -> dict[str, object]:
        """The `"balance"` member of the movement JSON."""
        return {
            "tray_sets": self.tray_sets,
            "mean": str(self.mean),
            "ss": str(self.ss),
            "ss_decimal": round(float(self.ss), 3),
            "cv": round(self.cv, 4),
            "index": round(self.index, 2),
            "distribution": {str(k): v for k, v in sorted(self.distribution.items())},
            "remarks": list(self.remarks),
        }

    def summary(self) -> str:
        """The text report's balance line, then a line per remark."""
        dist = ", ".join(f"{n} x{c}" for c, n in sorted(self.distribution.items()))
        line = (
            f"Balance: SS {float(self.ss):.3f}, CV {self.cv:.3f}, index {self.index:.1f}/100 "
            f"over {self.tray_sets} tray sets (pairs compared: {dist})"
        )
        return "\n".join([line, *(f"  remark: {r}" for r in self.remarks)])


def balance(movement: Movement) -> BalanceReport:
    """The comparison report of `movement`."""
    sets = tray_sets(movement)
    representative = {s[0] for s in sets}
    counts = _comparisons(movement, representative)
    keys = all_pairs(movement.field)
    values = [counts.get(k, 0) for k in keys]
    n = len(values)
    total = sum(values)
    mean = Fraction(total, n) if n else Fraction(0)
    ss = sum(((v - mean) ** 2 for v in values), Fraction(0))
    squares = sum(v * v for v in values)
    cv = math.sqrt(ss / n) / float(mean) if n and mean else 0.0
    index = 100.0 * total * total / (n * squares) if squares else 0.0
    return BalanceReport(
        comparisons={k: counts.get(k, 0) for k in keys},
        tray_sets=len(sets),
        mean=mean,
        ss=ss,
        cv=cv,
        index=index,
        distribution=dict(Counter(values)),
        opponents=dict(opponent_counts(movement)),
        partners=dict(partner_counts(movement)),
        remarks=tuple(remarks(movement)),
    )


def remarks(movement: Movement) -> list[str]:
    """What is allowed but worth a director's notice: with nobody sitting out and no relay,
    trays played unequal numbers of times (normal in published movements, e.g. a whist
    tournament of 20 whose trays are played 4 or 5 times, but fewer results on some trays)."""
    if movement.sitouts or movement.shared:
        return []
    plays = Counter(t for s in movement.seatings for t in s.trays)
    counts = sorted(set(plays.values()))
    if len(counts) < 2:
        return []
    spread = " or ".join(str(c) for c in counts)
    return [f"trays are played {spread} times though nobody sits out (uneven tray counts)"]


def _comparisons(movement: Movement, trays: set[TrayNo]) -> Counter[PairKey]:
    """Per pair of competitors, the tray sets where they hold the same hands at other tables."""
    holders: dict[tuple[TrayNo, Direction], list[tuple[Seating, Label]]] = {}
    for s in movement.seatings:
        for t in s.trays:
            if t in trays:
                for who, hands in zip(s.places, s.hands_in_place_order(), strict=True):
                    holders.setdefault((t, hands), []).append((s, who))
    counts: Counter[PairKey] = Counter()
    for group in holders.values():
        for i, (sa, a) in enumerate(group):
            for sb, b in group[i + 1 :]:
                if sa is not sb and a != b:
                    counts[pair_key(a, b)] += 1
    return counts
