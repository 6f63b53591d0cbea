"""The modern layer: matchpoints on either scale (M1), Neuberg (M3), artificial scores (M4) and
fouled deals scored in groups (M5).

>>> [str(m) for m in matchpoint((8, 7, 9, 6), Scale.TWO_ONE)]
['4', '2', '6', '0']
>>> [str(m) for m in neuberg(matchpoint((8, 7), Scale.TWO_ONE), expected=4, scale=Scale.TWO_ONE)]
['5', '1']
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Sequence
from fractions import Fraction

from director.scoring.model import Scale

PER_BEAT: dict[Scale, Fraction] = {Scale.TWO_ONE: Fraction(2), Scale.ONE_HALF: Fraction(1)}
"""M1: matchpoints for each result beaten (a tie earns half of it)."""


def top(results: int, scale: Scale) -> Fraction:
    """The top on a deal with `results` comparable results: 2(n-1) or n-1.

    >>> top(5, Scale.TWO_ONE), top(5, Scale.ONE_HALF)
    (Fraction(8, 1), Fraction(4, 1))
    """
    return PER_BEAT[scale] * max(results - 1, 0)


def matchpoint(scores: Sequence[Fraction | int], scale: Scale) -> tuple[Fraction, ...]:
    """Each score compared with every other in the same direction (M1): a beat for each score
    below it, half a beat for each other score equal to it (the EBU frequency table)."""
    beat = PER_BEAT[scale]
    ordered = sorted(scores)
    return tuple(
        beat * bisect_left(ordered, s)
        + beat / 2 * (bisect_right(ordered, s) - bisect_left(ordered, s) - 1)
        for s in scores
    )


def neuberg(points: Sequence[Fraction], expected: int, scale: Scale) -> tuple[Fraction, ...]:
    """Scale matchpoints among `len(points)` results to `expected` results (M3):
    (MP + b/2)·N/n - b/2, where b is the value of a beat."""
    actual = len(points)
    if actual in (0, expected):
        return tuple(points)
    half = PER_BEAT[scale] / 2
    return tuple((p + half) * Fraction(expected, actual) - half for p in points)


def score_groups(
    scores: Sequence[tuple[Hashable, Fraction]], expected: int, scale: Scale
) -> tuple[Fraction, ...]:
    """Matchpoints for N/S results given as (group, tricks): each group (a fouled deal's
    version, M5) is compared within itself and scaled with Neuberg to `expected` results."""
    out: list[Fraction] = [Fraction(0)] * len(scores)
    groups: dict[Hashable, list[int]] = {}
    for i, (group, _) in enumerate(scores):
        groups.setdefault(group, []).append(i)
    for members in groups.values():
        raw = matchpoint([scores[i][1] for i in members], scale)
        for i, value in zip(members, neuberg(raw, expected, scale), strict=True):
            out[i] = value
    return tuple(out)
