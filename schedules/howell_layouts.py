"""Howell layouts: which pairs meet in each round and on which tray set, before labels and trays.

A layout is the design behind a Howell movement (docs/movement-rules.md#mathematics-of-movements):
rows are rounds,
cells are tables, and every cell names the North-South point, the East-West point and the tray
set. The constructions, in the order `schedules.howell` tries them:

- `complete`: 2n-1 rounds for n >= 4 tables, a Room square developed from a starter and adder;
  with a difference set as the North-South side when one is known (perfect balance for even n,
  the cyclic optimum for odd n), otherwise the orientation that balances best.
- `relayed`: 2 and 3 tables, where no Room square exists (sides 3 and 5): the classic rotation
  with tray sets shared between tables in a round, as few as a small search finds.
- `partial`: n <= s < 2n-1 rounds, a Howell design H(s, 2n) developed over Z_s with 2n - s
  stationary pairs (over Z_2 x Z_n/2, or bordered over Z_s-1, where Z_s cannot work).
- `short`: fewer than n rounds: the stationary pairs sit North-South, the others move up one
  table and the tray sets two (odd n, or at most n/2 rounds for even n).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

from schedules.designs.bordered import STORED_BORDERED, develop_bordered, find_bordered
from schedules.designs.difference_sets import BaseSet, base_sets, hadamard, paley, spread
from schedules.designs.groups import cyclic, product
from schedules.designs.starters import Cell, Starter, develop, find_starter


@dataclass(frozen=True)
class Layout:
    """Rounds of cells (ns point, ew point, tray set), points 0 .. points-1."""

    points: int
    sets: int
    rounds: tuple[tuple[Cell, ...], ...]
    phantom: int
    """The point left out when the number of pairs is odd (its opponent sits out)."""
    origin: str
    """How it was built, for the director's notes."""


def from_starter(starter: Starter, origin: str) -> Layout:
    """The developed design of a starter; the first fixed point is the phantom."""
    s = starter.group.order
    rounds = tuple(tuple(row) for row in develop(starter))
    return Layout(s + len(starter.singles), s, rounds, s, origin)


def _orient(starter: Starter) -> Starter:
    """Turn base pairs round (North-South <-> East-West) while the spread of the comparison
    counts falls: tray set 0 is played North-South by x - adder over the base pairs."""
    g = starter.group
    pairs = list(starter.pairs)

    def score(ps: list[tuple[int, int]]) -> Fraction:
        ns = frozenset(g.sub(x, a) for (x, _), a in zip(ps, starter.pair_adders, strict=True))
        return spread(g, ns)

    best = score(pairs)
    improved = True
    while improved and best:
        improved = False
        for i, (x, y) in enumerate(pairs):
            trial = [*pairs[:i], (y, x), *pairs[i + 1 :]]
            trial_score = score(trial)
            if trial_score < best:
                pairs, best, improved = trial, trial_score, True
    return replace(starter, pairs=tuple(pairs))


def _balanced_starter(base: BaseSet) -> Starter | None:
    g = base.group
    return find_starter(g, 1, ew=frozenset(g.neg(a) for a in base.elements), attempts=60)


@cache
def complete(tables: int, best: bool = False) -> Layout | None:
    """A complete Howell (Room square of side 2n-1) for n >= 4 tables, or None below 4.

    Without `best` only the algebraic difference sets are tried (instant); with it, a local
    search looks for a base set when algebra has none.
    """
    if tables < 4:
        return None
    v = 2 * tables - 1
    algebraic = hadamard(v) or (paley(v) if v % 4 == 1 else None)
    candidates = base_sets(v) if best else [algebraic] if algebraic else []
    for base in candidates:
        starter = _balanced_starter(base)
        if starter is not None:
            return from_starter(starter, f"Room square from a starter; N-S sets: {base.origin}")
    starter = find_starter(cyclic(v), 1)
    if starter is None:  # pragma: no cover - Room squares of side >= 7 are always found
        return None
    return from_starter(_orient(starter), f"Room square from a starter and adder over Z_{v}")


STORED_DESIGNS: dict[tuple[int, int], tuple[tuple[Cell, ...], ...]] = {
    # (tables, rounds): rounds of (ns, ew, tray set), from tools/howell_design_search.py
    # TABLES ROUNDS (seed 0 for H(6,8); seed 24, about a minute, for H(8,10)). No developed
    # design exists for these two (none over Z_6; none found over Z_8, Z_2 x Z_4, Z_2^3).
    (4, 6): (
        ((0, 7, 0), (1, 5, 2), (2, 6, 3), (3, 4, 1)),
        ((0, 6, 5), (1, 2, 0), (3, 5, 3), (4, 7, 4)),
        ((0, 2, 2), (1, 3, 5), (4, 5, 0), (6, 7, 1)),
        ((0, 1, 1), (2, 3, 4), (4, 6, 2), (5, 7, 5)),
        ((0, 4, 3), (1, 6, 4), (2, 5, 1), (3, 7, 2)),
        ((0, 5, 4), (1, 7, 3), (2, 4, 5), (3, 6, 0)),
    ),
    (5, 8): (
        ((0, 8, 5), (1, 7, 7), (2, 3, 1), (4, 9, 2), (5, 6, 6)),
        ((0, 6, 0), (1, 8, 1), (2, 4, 5), (3, 9, 7), (5, 7, 3)),
        ((0, 4, 3), (1, 3, 4), (2, 7, 2), (5, 8, 7), (6, 9, 1)),
        ((0, 7, 6), (1, 2, 3), (3, 4, 0), (5, 9, 5), (6, 8, 2)),
        ((0, 9, 4), (1, 6, 5), (2, 5, 0), (3, 8, 6), (4, 7, 1)),
        ((0, 5, 1), (1, 9, 0), (2, 8, 4), (3, 7, 5), (4, 6, 7)),
        ((0, 2, 7), (1, 4, 6), (3, 5, 2), (6, 7, 4), (8, 9, 3)),
        ((0, 1, 2), (2, 9, 6), (3, 6, 3), (4, 5, 4), (7, 8, 0)),
    ),
}
"""Howell designs found by a plain backtracking search and kept as data."""


@cache
def partial(tables: int, rounds: int) -> Layout | None:
    """A Howell design H(rounds, 2*tables) developed over an abelian group of order `rounds`
    (Z_rounds, or Z_2 x Z_{n/2} for s = n = 0 mod 4), or None if not found.

    Over any abelian group G of order s the row and column conditions sum to
    sum(single adders) + 2 sum(pair adders) = 0, all n adders distinct. For even n that rules
    out s = n + 1 (one pair with adder a, the adders miss one element e: it forces a = e) and,
    when the 2-part of G is cyclic, s = n (the adders are all of G, whose sum is its
    involution); Z_2 x Z_{n/2} with n = 0 mod 4 escapes the second (it has complete mappings).
    """
    if not tables <= rounds < 2 * tables - 1:
        return None
    if (tables, rounds) in STORED_DESIGNS:
        return Layout(
            2 * tables,
            rounds,
            STORED_DESIGNS[tables, rounds],
            2 * tables - 1,
            f"Howell design H({rounds},{2 * tables}) found by search (stored)",
        )
    group = cyclic(rounds)
    if tables % 2 == 0 and rounds == tables + 1:
        return bordered(tables, rounds)
    if tables % 2 == 0 and rounds == tables:
        if tables % 4:
            return bordered(tables, rounds)
        group = product(cyclic(2), cyclic(tables // 2))
    starter = find_starter(group, 2 * tables - rounds)
    if starter is None:
        return None
    return from_starter(starter, f"Howell design H({rounds},{2 * tables}) over {group.name}")


BORDERED_MAX_TABLES = 16
"""The bordered search (schedules.designs.bordered) is quick up to here; beyond, it is left out."""


def bordered(tables: int, rounds: int) -> Layout | None:
    """H(rounds, 2*tables) with rounds = n or n + 1 developed over Z_(rounds-1) with a fixed
    round and tray set: searched up to `BORDERED_MAX_TABLES` tables, stored beyond; None when
    neither has it."""
    fixed = rounds == tables
    design = STORED_BORDERED.get((rounds - 1, fixed))
    if design is None and tables <= BORDERED_MAX_TABLES:
        design = find_bordered(rounds - 1, fixed)
    if design is None:
        return None
    m = design.m
    rows = tuple(tuple(row) for row in develop_bordered(design))
    origin = f"Howell design H({rounds},{2 * tables}) over Z_{m} with a fixed round and tray set"
    return Layout(2 * tables, rounds, rows, 2 * m if fixed else 0, origin)


@cache
def short(tables: int, rounds: int) -> Layout | None:
    """Fewer rounds than tables: the first rounds of H(n, 2n) when we have it; otherwise pair
    n+t stays North-South at table t, pair g moves up a table and tray sets go down two, so
    nobody meets or plays a set twice, for at most n/2 rounds (2r and r collide mod even n)."""
    n = tables
    if not 1 <= rounds < n:
        return None
    full = partial(n, n) if n > 2 else None
    if full is not None:
        return replace(full, rounds=full.rounds[:rounds])
    if rounds > n // 2:
        return None
    rows = tuple(
        tuple((n + t, (t + r) % n, (t + 2 * r) % n) for t in range(n)) for r in range(rounds)
    )
    return Layout(2 * n, n, rows, n, "stationary North-South pairs (a Mitchell-like rotation)")


@cache
def relayed(tables: int) -> Layout:
    """The complete Howell for 2 or 3 tables: the round-robin rotation (pair 2n stationary,
    the others moving on Z_{2n-1}) with tray sets assigned by a search that shares as few
    sets between tables in a round as it can (no Room square of side 3 or 5 exists)."""
    n = tables
    v = 2 * n - 1
    rows = [
        [(v, r)] + [((r + i) % v, (r - i) % v) for i in range(1, n)] for r in range(v)
    ]  # ns, ew
    cells = [(r, t) for r in range(v) for t in range(n)]
    played: dict[int, set[int]] = {p: set() for p in range(v + 1)}
    in_round: dict[tuple[int, int], int] = {}
    uses = [0] * v
    chosen: dict[tuple[int, int], int] = {}

    def place(i: int, shares_left: int) -> bool:
        if i == len(cells):
            return True
        r, t = cells[i]
        a, b = rows[r][t]
        for c in range(v):
            if c in played[a] or c in played[b] or uses[c] == n:
                continue
            shared = in_round.get((r, c), 0) > 0
            if shared and shares_left == 0:
                continue
            played[a].add(c)
            played[b].add(c)
            uses[c] += 1
            in_round[(r, c)] = in_round.get((r, c), 0) + 1
            chosen[(r, t)] = c
            if place(i + 1, shares_left - shared):
                return True
            played[a].discard(c)
            played[b].discard(c)
            uses[c] -= 1
            in_round[(r, c)] -= 1
        return False

    allowance = 0
    while not place(0, allowance):
        allowance += 1
    rounds = tuple(
        tuple((a, b, chosen[(r, t)]) for t, (a, b) in enumerate(rows[r])) for r in range(v)
    )
    return Layout(
        v + 1,
        v,
        rounds,
        v,
        f"no Room square of side {v} exists, so tray sets are shared: round-robin rotation "
        f"with {allowance} table-rounds on a set already in play",
    )
