"""The revoke law's average ceiling when several tables revoke on one deal (Law VII Sec.4).

"The revoking players cannot score more, nor their adversaries less than the average on the
deal": the average meant is the deal's final one (docs/laws.md#the-average-ceiling), and the
penalties move it.
With one revoking table the ceiling is simply the average of the others; with several, each
table's penalty depends on the average and the average on the penalties, so both are found
together as a fixed point, exactly.

>>> final_average([Fraction(8)], [lambda x: min(Fraction(8), x), lambda x: min(Fraction(4), x)],
...               start=Fraction(20, 3))
Fraction(6, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from director.scoring.model import TRICKS

Counted = Callable[[Fraction], Fraction]
"""A revoking table's N/S tricks as they count in the average, given the deal's final N/S
average: nondecreasing, of slope 0 or 1, continuous, bending only at whole numbers."""


def final_average(
    fixed: Sequence[Fraction], revoking: Sequence[Counted], start: Fraction
) -> Fraction:
    """The deal's final N/S average `x` with `x = mean(fixed + [g(x) for g in revoking])`:
    `fixed` are the counted N/S tricks of the tables whose figures do not depend on the
    average, `revoking` the counted tricks of each revoking table as a function of it.

    Why this is exact. Let `h(x) = sum(fixed) + sum(g(x)) - n*x`, `n` the tables counted.
    Each `g` clamps the ceiling between whole numbers of tricks (tricks made, won before the
    first revoke, left after the transfer, best or worst made elsewhere, or 13 less one of
    these), so `h` is linear between consecutive whole numbers, and its slope (the number of
    tables whose ceiling binds, less `n`) is never positive. `h(0) >= 0` and `h(13) <= 0`
    because every count lies in 0..13. So the fixed points are the closed interval
    `[lo, hi]` where `h` is zero: evaluating `h` at 0..13 finds the whole numbers around its
    ends, and one linear interpolation on each side gives `lo` and `hi` exactly. No iteration.

    The interval is a single point unless every counted table is a revoking table held at the
    average (all plus/minus 0, any average in the interval satisfying the law). Then the point
    nearest `start`, the average with the transfers alone, is taken: the ceiling moves the
    revokers no further than the law requires (for revokers all in one direction, the least
    penalty)."""
    total = sum(fixed, Fraction(0))
    n = len(fixed) + len(revoking)

    def excess(x: Fraction) -> Fraction:
        return total + sum((g(x) for g in revoking), Fraction(0)) - n * x

    h = [excess(Fraction(k)) for k in range(TRICKS + 1)]
    first = next(k for k, v in enumerate(h) if v <= 0)
    last = max(k for k, v in enumerate(h) if v >= 0)
    lo = Fraction(0) if first == 0 else _zero(h, first - 1)
    hi = Fraction(TRICKS) if last == TRICKS else _zero(h, last)
    return min(max(start, lo), hi)


def _zero(h: Sequence[Fraction], k: int) -> Fraction:
    """Where the line through (k, h[k]) and (k + 1, h[k + 1]) crosses zero (they differ)."""
    return k + h[k] / (h[k] - h[k + 1])
