"""Per size, the balance our best complete Howell reaches against the theoretical bound
(docs/movement-rules.md#balanced-howells). Read by `director movement list --balance` and
tools/balance_table.py."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from schedules.balance import balance
from schedules.catalog import Request, build


@dataclass(frozen=True)
class BalanceRow:
    """One size of complete Howell: what we reach and what is possible."""

    pairs: int
    tables: int
    ss: Fraction
    index: float
    bound: str
    """The lower bound on SS, in words ("-" where none is known)."""
    construction: str


def bound(pairs: int) -> str:
    """The lower bound on SS for a complete Howell of `pairs` pairs.

    >>> bound(8), bound(10), bound(9)
    ('0 (Hadamard matrix of order 2n)', '20 (any); 36 (cyclic); whole tray sets only', '-')

    The odd-n bounds count whole tray sets; the half-round trick (schedules.howell) splits
    sets at one table, which escapes them (5 tables: SS 0).
    """
    n = pairs // 2
    if pairs % 2:
        return "-"
    if n % 2 == 0:
        return "0 (Hadamard matrix of order 2n)"
    return f"{n * (n - 1)} (any); {(2 * n - 1) * (n - 1)} (cyclic); whole tray sets only"


def howell_rows(sizes: Iterable[int]) -> Iterator[BalanceRow]:
    """For each number of pairs, the best-balanced complete Howell we build."""
    for pairs in sizes:
        m = build(Request("howell", pairs=pairs, balance="best"))
        report = balance(m)
        yield BalanceRow(
            pairs, m.tables, report.ss, report.index, bound(pairs), m.notes[0] if m.notes else ""
        )


def figure(ss: Fraction) -> str:
    """SS as printed: exact when whole, three decimals otherwise."""
    return str(ss) if ss.denominator == 1 else f"{float(ss):.3f}"
