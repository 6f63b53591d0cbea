"""The revoke law (AWL Law VII Sec.4; W14): transfer, protected tricks, average ceiling, and the
pair-match record with its cap and floor.

>>> p = penalise(made=6, count=1, tricks_after=2, reference=(Fraction(5), Fraction(6)))
>>> p.transfer, p.after_transfer, p.penalised
(2, 4, Fraction(4, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

FIRST_REVOKE = 2
"""Law VII Sec.4: "the transfer of two tricks from the revoking side to their adversaries"."""
EACH_FURTHER = 1
"""Law VII Sec.4: "the penalty for each revoke, after the first, is the transfer of one trick"."""


def transfer(count: int) -> int:
    """Tricks transferred for `count` revokes by one side on one deal (W14.1).

    >>> [transfer(k) for k in (1, 2, 3)]
    [2, 3, 4]
    """
    return FIRST_REVOKE + EACH_FURTHER * (count - 1)


@dataclass(frozen=True, slots=True)
class Penalty:
    """The revoking side's tricks through the steps of W14.1-W14.2."""

    made: int
    before: int
    """Tricks won before the first revoke: never taken away ("in no case")."""
    transfer: int
    after_transfer: int
    ceiling: Fraction | None
    """The revoking direction's average on the deal (None: no other table)."""
    penalised: Fraction
    """r_pen: the revokers' tricks after the full penalty."""


def penalise(made: int, count: int, tricks_after: int, reference: Sequence[Fraction]) -> Penalty:
    """W14.1 and W14.2 for a side that made `made` tricks and revoked `count` times, winning
    `tricks_after` from its first revoke on; `reference` holds the revoking direction's tricks
    at the other tables (empty: the transfer alone applies).

    >>> penalise(made=5, count=1, tricks_after=4, reference=(Fraction(3),)).penalised
    Fraction(3, 1)
    >>> penalise(made=5, count=1, tricks_after=1, reference=(Fraction(2),)).penalised
    Fraction(4, 1)
    """
    ceiling = Fraction(sum(reference), len(reference)) if reference else None
    return held_to(made, count, tricks_after, ceiling)


def held_to(made: int, count: int, tricks_after: int, ceiling: Fraction | None) -> Penalty:
    """W14.1 and W14.2 with the revoking direction's average on the deal given (None: no
    other table, the transfer alone applies).

    >>> held_to(made=8, count=1, tricks_after=8, ceiling=Fraction(11, 2)).penalised
    Fraction(11, 2)
    """
    before = made - tricks_after
    moved = transfer(count)
    after_transfer = made - min(moved, tricks_after)
    if ceiling is None:
        return Penalty(made, before, moved, after_transfer, None, Fraction(after_transfer))
    penalised = max(Fraction(before), min(Fraction(after_transfer), ceiling))
    return Penalty(made, before, moved, after_transfer, ceiling, penalised)


def capped_innocent(
    innocent_made: int, innocent_pen: Fraction, best_elsewhere: Fraction
) -> Fraction:
    """W14.4 step 2: the innocent side's counted tricks, capped at the best made elsewhere but
    never below what it made in play (Law VII Sec.4, second paragraph).

    >>> capped_innocent(7, Fraction(9), Fraction(8)), capped_innocent(9, Fraction(10), Fraction(8))
    (Fraction(8, 1), Fraction(9, 1))
    """
    return max(Fraction(innocent_made), min(innocent_pen, best_elsewhere))
