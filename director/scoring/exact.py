"""Fast exact sums: fractions with few distinct denominators (a deal's average has the number
of counting tables as its denominator) kept as integer numerators per denominator, then
combined once.

>>> combine({2: 3, 3: 1})
Fraction(11, 6)
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm


def combine(by_denominator: dict[int, int]) -> Fraction:
    """The fraction whose parts are numerators keyed by denominator: one reduction over their
    least common multiple.

    >>> combine({}), combine({4: 6, 1: -1})
    (Fraction(0, 1), Fraction(1, 2))
    """
    common = lcm(*by_denominator) if by_denominator else 1
    return Fraction(sum(n * (common // d) for d, n in by_denominator.items()), common)
