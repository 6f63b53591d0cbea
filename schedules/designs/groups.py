"""Small finite abelian groups as addition tables: the cyclic groups Z_v and the additive group
of a finite field GF(q) (for sizes such as 27 where no cyclic construction is known).

Elements are the integers 0 .. order-1 and 0 is the identity, so a design developed over a
group is plain integer arithmetic through the tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Group:
    """A finite abelian group on 0 .. order-1 with 0 as identity."""

    name: str
    order: int
    sums: tuple[tuple[int, ...], ...]
    """sums[a][b] = a + b."""
    negatives: tuple[int, ...]

    def add(self, a: int, b: int) -> int:
        """a + b."""
        return self.sums[a][b]

    def neg(self, a: int) -> int:
        """-a."""
        return self.negatives[a]

    def sub(self, a: int, b: int) -> int:
        """a - b."""
        return self.sums[a][self.negatives[b]]

    def shift(self, items: frozenset[int], by: int) -> frozenset[int]:
        """The translate items + by."""
        return frozenset(self.sums[a][by] for a in items)


@cache
def cyclic(order: int) -> Group:
    """Z_order.

    >>> cyclic(7).sub(2, 5)
    4
    """
    if order < 1:
        raise ValueError("a group needs at least one element")
    sums = tuple(tuple((a + b) % order for b in range(order)) for a in range(order))
    return Group(f"Z_{order}", order, sums, tuple((-a) % order for a in range(order)))


@cache
def additive(q: int) -> Group:
    """The additive group of GF(q) (schedules.designs.fields); Z_q when q is a prime."""
    from schedules.designs.fields import field

    f = field(q)
    sums = tuple(tuple(f.add(a, b) for b in range(q)) for a in range(q))
    return Group(f"GF({q})+", q, sums, tuple(f.neg(a) for a in range(q)))


@cache
def product(first: Group, second: Group) -> Group:
    """first x second, the element (a, b) numbered a * |second| + b.

    >>> z = product(cyclic(2), cyclic(4))
    >>> z.add(5, 7)  # (1, 1) + (1, 3) = (0, 0)
    0
    """
    m = second.order

    def add(x: int, y: int) -> int:
        return first.add(x // m, y // m) * m + second.add(x % m, y % m)

    order = first.order * m
    sums = tuple(tuple(add(x, y) for y in range(order)) for x in range(order))
    negatives = tuple(first.neg(x // m) * m + second.neg(x % m) for x in range(order))
    return Group(f"{first.name} x {second.name}", order, sums, negatives)
