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

A shortened layout (`partial` or `short`) is then `balanced`: which pair of a table sits
North-South changes nobody's opponents or tray sets but all the comparisons, so a search
(tools/howell_balance_search.py) chose it per table and round for the best balance and its
choice is stored as data.

Every search that is slow (design starters, bordered designs, a complete Howell's base sets and
the starters balanced on them) is run once by tools/howell_searches.py and its result read from
schedules/data/howell/searches.json, so no Howell searches while a director waits.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

from schedules.designs.bordered import (
    STORED_BORDERED,
    Bordered,
    bordered_from_entry,
    develop_bordered,
    find_bordered,
)
from schedules.designs.difference_sets import BaseSet, almost, base_sets, hadamard, spread
from schedules.designs.groups import Group, additive, cyclic, product
from schedules.designs.starters import Cell, Starter, develop, find_starter
from schedules.package_data import data_file, stored_entries

T = TypeVar("T")

TURNED = data_file("schedules", "howell", "shortened.json")
"""Per shortened size, the tables the balance search turned (tools/howell_balance_search.py)."""
SEARCHES = data_file("schedules", "howell", "searches.json")
"""The results of the slow design searches, stored (tools/howell_searches.py)."""


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


def balanced_starter(base: BaseSet) -> Starter | None:
    """A Room square starter whose North-South sides are `base` turned round, or None: its
    stored result where the search is slow (`find_balanced_starter`)."""
    return _stored(
        balanced_key(base),
        lambda: find_balanced_starter(base),
        lambda entry: _starter(base.group, entry),
    )


def balanced_key(base: BaseSet) -> str:
    """The key a balanced starter is stored under: the group and the base set."""
    return f"balanced {base.group.name} {','.join(map(str, sorted(base.elements)))}"


def find_balanced_starter(base: BaseSet) -> Starter | None:
    """The search behind `balanced_starter`."""
    g = base.group
    return find_starter(g, 1, ew=frozenset(g.neg(a) for a in base.elements), attempts=60)


def candidate_sets(v: int) -> Iterator[BaseSet]:
    """`base_sets(v)`, read from the store where its local searches are slow."""
    entry = _searches().get(f"base sets Z_{v}")
    if not isinstance(entry, dict):
        return base_sets(v)
    return (
        BaseSet(
            cyclic(v) if found["group"] == cyclic(v).name else additive(v),
            frozenset(found["elements"]),
            found["origin"],
        )
        for found in entry["sets"]
    )


@cache
def complete(tables: int, best: bool = False) -> Layout | None:
    """A complete Howell (Room square of side 2n-1) for n >= 4 tables, or None below 4.

    Without `best` only the algebraic difference sets are tried (instant); with it, a local
    search looks for a base set when algebra has none.
    """
    if tables < 4:
        return None
    v = 2 * tables - 1
    if best:
        return next(_with_starters(candidate_sets(v)), None) or _plain(v)
    algebraic = hadamard(v) or almost(v)
    found = _from_base(algebraic) if algebraic else None
    return found or _plain(v)


@cache
def complete_options(tables: int) -> tuple[Layout, ...]:
    """The complete Howells worth trying for an odd field, best for the full field first.

    Where the best is an almost difference set (v = 1 mod 4), the first searched set with a
    starter follows: once a pair is left out it can balance better (25 pairs: SS 350
    against 364). Elsewhere the best is perfect or searched already, and one option is all."""
    v = 2 * tables - 1
    first = complete(tables, True)
    if first is None:
        return ()
    sets = candidate_sets(v)
    optimum = almost(v)
    if optimum is None or next(sets).origin != optimum.origin:
        return (first,)
    searched_one = next(_with_starters(sets), None)
    return (first, searched_one) if searched_one is not None else (first,)


def _with_starters(sets: Iterator[BaseSet]) -> Iterator[Layout]:
    """The layouts of the base sets whose starter is found, in order, one at a time."""
    return (layout for base in sets if (layout := _from_base(base)) is not None)


def _from_base(base: BaseSet) -> Layout | None:
    starter = balanced_starter(base)
    if starter is None:
        return None
    return from_starter(starter, f"Room square from a starter; N-S sets: {base.origin}")


def _plain(v: int) -> Layout | None:
    starter = searched_starter(cyclic(v), 1)
    if starter is None:  # pragma: no cover - Room squares of side >= 7 are always found
        return None
    return from_starter(_orient(starter), f"Room square from a starter and adder over Z_{v}")


DESIGNS = data_file("schedules", "howell", "designs.json")
"""Howell designs that no developed construction gives (H(6,8): none over Z_6; H(8,10): none
found over Z_8, Z_2 x Z_4, Z_2^3), found by tools/howell_design_search.py's backtracking."""


@cache
def stored_designs() -> dict[tuple[int, int], tuple[tuple[Cell, ...], ...]]:
    """The stored designs by (tables, rounds): rounds of (ns, ew, tray set)."""
    return {
        (entry["tables"], entry["rounds"]): tuple(
            tuple((ns, ew, tray_set) for ns, ew, tray_set in row) for row in entry["rows"]
        )
        for entry in stored_entries(DESIGNS).values()
    }


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
    if (tables, rounds) in stored_designs():
        return Layout(
            2 * tables,
            rounds,
            stored_designs()[tables, rounds],
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
    starter = searched_starter(group, 2 * tables - rounds)
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
        design = searched_bordered(rounds - 1, fixed)
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


def points_in_order(layout: Layout, odd: bool) -> list[int]:
    """The layout's points in the order its pairs are numbered: the phantom point left out of
    an odd field, and last (the stationary pair) when every pair is present."""
    points = [p for p in range(layout.points) if p != layout.phantom]
    return points if odd else [*points, layout.phantom]


def turn(layout: Layout, bits: Sequence[int]) -> Layout:
    """The layout with the two pairs of every cell whose bit is 1 changing places (cells
    counted round by round): the same meetings and tray sets, other comparisons."""
    flat = iter(bits)
    rounds = tuple(
        tuple((ew, ns, s) if next(flat) else (ns, ew, s) for ns, ew, s in row)
        for row in layout.rounds
    )
    return replace(layout, rounds=rounds)


def pack(bits: Sequence[int]) -> str:
    """Bits as stored: base64 of a little-endian number whose bit k is cell k's."""
    value = sum(bit << k for k, bit in enumerate(bits))
    return base64.b64encode(value.to_bytes((len(bits) + 7) // 8, "little")).decode("ascii")


def unpack(text: str, cells: int) -> list[int]:
    """The `cells` bits of a stored string (`pack`)."""
    value = int.from_bytes(base64.b64decode(text), "little")
    return [(value >> k) & 1 for k in range(cells)]


@cache
def turned_sizes() -> dict[str, dict[str, object]]:
    """The stored search results by "tables rounds": per field ("even", "odd") the bits
    ("turned"), the spread ("ss") and index reached, and the index before ("before_index")."""
    sizes: dict[str, dict[str, object]] = json.loads(TURNED.read_text(encoding="utf-8"))["sizes"]
    return sizes


def prefix(tables: int, rounds: int, longer: int) -> Layout | None:
    """The first `rounds` rounds of the Howell design H(longer, 2*tables), or None; its tray
    sets numbered afresh in order of first play, since some may not be played at all."""
    full = partial(tables, longer)
    if full is None:
        return None
    kept = full.rounds[:rounds]
    number: dict[int, int] = {}
    for row in kept:
        for _, _, s in row:
            number.setdefault(s, len(number))
    return replace(
        full,
        sets=len(number),
        rounds=tuple(tuple((a, b, number[s]) for a, b, s in row) for row in kept),
        origin=f"the first {rounds} rounds of {full.origin}",
    )


def balanced(layout: Layout, tables: int, rounds: int, odd: bool) -> Layout:
    """The shortened layout as the stored balance search found best for this size and field
    (odd: the phantom pair left out): the first rounds of a longer design where it chose one,
    with the tables turned round; unchanged where nothing is stored or the stored bits were
    found for another construction (a different cell count)."""
    entry = turned_sizes().get(f"{tables} {rounds}")
    base = entry.get("base") if entry is not None else None
    if isinstance(base, int):
        layout = prefix(tables, rounds, base) or layout
    cells = sum(len(row) for row in layout.rounds)
    if entry is None or entry["cells"] != cells:
        return layout
    field = entry["odd" if odd else "even"]
    assert isinstance(field, dict)
    turned = turn(layout, unpack(str(field["turned"]), cells))
    return replace(turned, origin=f"{layout.origin}; N-S sides chosen for balance by search")


@cache
def _searches() -> dict[str, object]:
    found: dict[str, object] = json.loads(SEARCHES.read_text(encoding="utf-8"))["searches"]
    return found


def _stored(key: str, search: Callable[[], T], read: Callable[[dict[str, Any]], T]) -> T | None:
    """The stored result of a slow search (None where it was stored finding nothing), or
    `search()` where nothing is stored under `key`."""
    entry = _searches().get(key)
    if not isinstance(entry, dict):
        return search()
    return None if entry.get("none") else read(entry)


def searched_starter(group: Group, singles: int) -> Starter | None:
    """`find_starter(group, singles)`: its stored result where the search is slow, so a
    shortened Howell is built in well under a second."""
    return _stored(
        f"starter {group.name} {singles}",
        lambda: find_starter(group, singles),
        lambda entry: _starter(group, entry),
    )


def _starter(group: Group, entry: dict[str, list[Any]]) -> Starter:
    """A stored starter (tools/howell_searches.py `entry`)."""
    return Starter(
        group,
        tuple(entry["singles"]),
        tuple(entry["single_adders"]),
        tuple((x, y) for x, y in entry["pairs"]),
        tuple(entry["pair_adders"]),
    )


def searched_bordered(m: int, fixed: bool) -> Bordered | None:
    """`find_bordered(m, fixed)`: its stored result where the search is slow."""
    return _stored(f"bordered {m} {fixed}", lambda: find_bordered(m, fixed), bordered_from_entry)
