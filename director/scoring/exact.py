"""Fast exact sums: fractions with few distinct denominators (a deal's average has the number
of counting tables as its denominator) kept as integer numerators per denominator, then
combined once.

>>> combine({2: 3, 3: 1})
Fraction(11, 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import lcm


def combine(by_denominator: dict[int, int]) -> Fraction:
    """The fraction whose parts are numerators keyed by denominator: one reduction over their
    least common multiple.

    >>> combine({}), combine({4: 6, 1: -1})
    (Fraction(0, 1), Fraction(1, 2))
    """
    return Fraction(*_over_common(by_denominator))


def mean(values: Sequence[Fraction]) -> Fraction:
    """The exact mean of some fractions (at least one): their numerators summed per
    denominator, then one reduction.

    >>> mean([Fraction(7), Fraction(8), Fraction(17, 2)])
    Fraction(47, 6)
    """
    parts: dict[int, int] = {}
    for x in values:
        parts[x.denominator] = parts.get(x.denominator, 0) + x.numerator
    numerator, common = _over_common(parts)
    return Fraction(numerator, common * len(values))


def _over_common(by_denominator: dict[int, int]) -> tuple[int, int]:
    """The parts' sum as a numerator over their least common denominator (not reduced)."""
    common = lcm(*by_denominator) if by_denominator else 1
    return sum(n * (common // d) for d, n in by_denominator.items()), common
