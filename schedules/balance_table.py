"""Per size, the balance our best complete and shortened Howells reach against the theoretical
bound (docs/movement-rules.md#balanced-howells). Read by `director movement list --balance` and
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


@dataclass(frozen=True)
class ShortenedRow:
    """One shortened Howell (every pair present): what we reach and the most possible."""

    tables: int
    rounds: int
    ss: Fraction
    index: float
    bound: float | None
    """The highest index any such movement can have, where we can say."""


def index_bound(tables: int, rounds: int) -> float | None:
    """The highest balance index of a Howell of `rounds` rounds for 2 x `tables` pairs in which
    every pair plays every one of `rounds` tray sets (rounds >= tables), None below.

    Write pair i's directions over the sets as a +-1 vector v_i; two pairs are compared
    c = (rounds + <v_i, v_j>) / 2 times, and the v_i sum to 0 (n pairs each way on every set).
    Their Gram matrix has trace 2n x rounds and rank at most r = min(rounds, 2n - 1), so the
    sum of its squared entries is at least (2n x rounds)^2 / r; with the total of the counts
    fixed that bounds the sum of the c^2 from below, and so the index from above. The counts
    being whole numbers gives a second bound; the larger wins.

    >>> round(index_bound(7, 7), 2), round(index_bound(4, 7), 2)
    (92.31, 100.0)
    """
    if rounds < tables:
        return None
    n, s = tables, rounds
    pairs = n * (2 * n - 1)
    total = s * n * (n - 1)
    rank = min(s, 2 * n - 1)
    # unordered sum of <v_i, v_j>^2 (i != j), and of <v_i, v_j> (= -n s: the v_i sum to 0)
    inner_squares = Fraction((2 * n * s) ** 2, rank) - 2 * n * s * s
    frame = (pairs * s * s - 2 * n * s * s + inner_squares / 2) / 4
    q, r = divmod(total, pairs)
    whole = (pairs - r) * q * q + r * (q + 1) ** 2
    least = max(frame, Fraction(whole))
    return 100.0 * total * total / (pairs * float(least)) if least else None


def shortened_rows(tables: Iterable[int]) -> Iterator[ShortenedRow]:
    """For each table count, every shortened Howell from half the complete rounds that we
    build, with every pair present: the balance stored with its search (which
    tests/schedules/test_shortened_howell.py rebuilds and checks) and the bound."""
    # imported here: the CLI imports this module at start-up and needs the Howell layouts
    # only when it prints this table
    from schedules.howell_layouts import turned_sizes

    wanted = set(tables)
    stored = turned_sizes()
    for key in sorted(stored, key=lambda k: tuple(map(int, k.split()))):
        n, s = map(int, key.split())
        if n in wanted:
            even = stored[key]["even"]
            assert isinstance(even, dict)
            ss, index = Fraction(even["ss"]), float(even["index"])
            yield ShortenedRow(n, s, ss, index, index_bound(n, s))
