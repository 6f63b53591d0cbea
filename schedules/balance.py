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
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, repeat
from operator import itemgetter, mul

from schedules.tally import (
    PairKey,
    all_pairs,
    opponent_counts,
    pair_key,
    partner_counts,
    tray_blocks,
    tray_sets,
)
from schedules.types import Direction, Label, Movement, TrayNo


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


NOBODY_COMPARED = (
    "nobody is compared with anyone: each tray is played at one table only, so the scores "
    "cannot be set against each other"
)


def balance(movement: Movement) -> BalanceReport:
    """The comparison report of `movement`."""
    sets = tray_sets(movement)
    counts = _comparisons(movement, [s[0] for s in sets])
    keys = all_pairs(movement.field)
    # mapped, not a loop of ours: 60,000 pairs for the 348 partnerships of 58 teams
    values = list(map(counts.get, keys, repeat(0)))
    n = len(values)
    total = sum(values)
    mean = Fraction(total, n) if n else Fraction(0)
    squares = sum(map(mul, values, values))
    # sum (c - mean)^2 = sum c^2 - (sum c)^2 / n, in integers: a Fraction per pair costs
    # seconds for a field of 200
    ss = Fraction(n * squares - total * total, n) if n else Fraction(0)
    cv = math.sqrt(ss / n) / float(mean) if n and mean else 0.0
    index = 100.0 * total * total / (n * squares) if squares else 0.0
    return BalanceReport(
        comparisons=dict(zip(keys, values, strict=True)),
        tray_sets=len(sets),
        mean=mean,
        ss=ss,
        cv=cv,
        index=index,
        distribution=dict(Counter(values)),
        opponents=dict(opponent_counts(movement)),
        partners=dict(partner_counts(movement)),
        remarks=(*remarks(movement), *([NOBODY_COMPARED] if n and not total else [])),
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


Holders = list[tuple[int, Label]]
"""Who holds one side's hands of one tray set: (index of the seating, competitor) each."""


def holder_groups(movement: Movement) -> list[Holders]:
    """Per tray set counted once (`tray_sets`) and per side of its hands, who holds them:
    any two of a group at different seatings are compared on that set."""
    return _holder_groups(movement, [s[0] for s in tray_sets(movement)])


def _holder_groups(movement: Movement, trays: Iterable[TrayNo]) -> list[Holders]:
    # a tray's block (schedules.tally.tray_blocks) is played at the same seatings as the tray
    blocks = tray_blocks(movement)
    counted = {blocks.block_of[t] for t in trays}
    # keyed by whether the hands are N-S, not by the hands: an enum member hashes in Python,
    # once a holder (40,000 for 58 teams)
    north_south = Direction.NS
    holders: dict[tuple[int, bool], Holders] = {}
    for i, (s, played) in enumerate(zip(movement.seatings, blocks.of_seating, strict=True)):
        for block in played:
            if block in counted:
                for who, hands in zip(s.places, s.hands_in_place_order(), strict=True):
                    holders.setdefault((block, hands is north_south), []).append((i, who))
    return list(holders.values())


def _comparisons(movement: Movement, trays: Iterable[TrayNo]) -> Counter[PairKey]:
    """Per pair of competitors, the tray sets where they hold the same hands at other tables
    (`trays`: one tray of each set)."""
    holders = _holder_groups(movement, trays)
    counts: Counter[PairKey] = Counter()
    everyone = len(movement.field)
    if sum(len(g) * (len(g) - 1) for g in holders) <= everyone * (everyone - 1):
        # Few holders a group (a team match: two tables): pair by pair is fewer steps than
        # the masks below, which take a step per two competitors.
        counts.update(_pairs_within(holders))
        return counts
    # Each competitor gets a bit per group of holders they are in; two competitors share
    # popcount(a & b) groups. Pair by pair over the groups would be ten million steps for a
    # whist tournament of 200 players (a barometer: 100 holders a group), this is 19,900.
    groups: dict[Label, int] = defaultdict(int)
    partners: list[PairKey] = []
    for bit, group in enumerate(holders):
        if len(set(map(itemgetter(1), group))) < len(group):
            # someone holds these hands twice (a fault the verifier reports): each two holds
            counts.update(_pairs_within([group]))
            continue
        in_group = 1 << bit
        for k, (seating, who) in enumerate(group):
            groups[who] |= in_group
            if k and group[k - 1][0] == seating:
                # partners at one table hold the same hands but are not compared
                partners.append(pair_key(group[k - 1][1], who))
    ordered = sorted(groups)
    masks = [groups[who] for who in ordered]
    # each two once, in a dictionary of our own: adding to the Counter key by key calls its
    # `__missing__` for every pair (19,900 of them for 200 players)
    shared: dict[PairKey, int] = {}
    for k, (a, mask) in enumerate(zip(ordered, masks, strict=True)):
        for b, other in zip(ordered[k + 1 :], masks[k + 1 :], strict=True):
            both = (mask & other).bit_count()
            if both:
                shared[a, b] = both
    counts.update(shared)
    counts.subtract(partners)
    return counts


def _pairs_within(groups: Iterable[list[tuple[int, Label]]]) -> list[PairKey]:
    """Every two holders of one group at different seatings: a comparison each."""
    # a list, the pairs by `combinations` and `pair_key` in line: a team match's groups are
    # two holders, 20,000 of them
    return [
        (a, b) if a <= b else (b, a)
        for group in groups
        for (sa, a), (sb, b) in combinations(group, 2)
        if sa != sb and a != b
    ]
