"""Designs behind the Howell family: difference sets, starters and adders, and the designs that
cannot exist (docs/movement-rules.md#movements-that-cannot-exist), shown by search plus the
verifier."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schedules.balance import balance
from schedules.catalog import Request, build
from schedules.designs.difference_sets import almost, hadamard, lambdas, paley, searched, spread
from schedules.designs.groups import additive, cyclic
from schedules.designs.starters import Starter, develop, find_starter
from schedules.howell import to_movement
from schedules.howell_layouts import balanced_starter, from_starter
from schedules.verify import verify

HADAMARD_ORDERS = (7, 11, 15, 19, 23, 27, 31, 35, 43, 47, 59)


@pytest.mark.parametrize("v", HADAMARD_ORDERS)
def test_hadamard_difference_sets(v: int) -> None:
    base = hadamard(v)
    assert base is not None
    assert base.group.order == v
    assert len(base.elements) == (v - 1) // 2
    assert set(lambdas(base.group, base.elements).values()) == {(v - 3) // 4}


@pytest.mark.parametrize("v", [39, 51, 55])
def test_no_known_family_for_other_orders(v: int) -> None:
    assert hadamard(v) is None


@pytest.mark.parametrize("v", [13, 17, 25, 29, 37, 41, 49, 53])
def test_paley_almost_difference_sets_reach_the_cyclic_optimum(v: int) -> None:
    base = paley(v)
    assert base is not None
    assert set(lambdas(base.group, base.elements).values()) == {(v - 5) // 4, (v - 1) // 4}
    assert spread(base.group, base.elements) == v * (v - 1) // 2


@pytest.mark.parametrize("v", [45, 57])
def test_stored_base_sets_are_almost_difference_sets_with_starters(v: int) -> None:
    base = almost(v)
    assert base is not None
    assert "tools/base_set_search.py" in base.origin
    assert set(lambdas(base.group, base.elements).values()) == {(v - 5) // 4, (v - 1) // 4}
    assert len(base.elements) == (v - 1) // 2
    assert balanced_starter(base) is not None


def test_local_search_reaches_the_optimum_where_algebra_has_none() -> None:
    for v in (9, 21, 25):
        assert spread(cyclic(v), searched(v).elements) == v * (v - 1) // 2


def _is_howell_design(starter: Starter) -> bool:
    rows = develop(starter)
    s = starter.group.order
    points = s + len(starter.singles)
    cells = [(frozenset((a, b)), c) for row in rows for a, b, c in row]
    columns: dict[int, list[int]] = {}
    for pair, c in cells:
        columns.setdefault(c, []).extend(pair)
    return (
        all(sorted(p for a, b, _ in row for p in (a, b)) == list(range(points)) for row in rows)
        and all(sorted(ps) == list(range(points)) for ps in columns.values())
        and len(columns) == s
        and len({pair for pair, _ in cells}) == len(cells)
    )


@given(s=st.integers(6, 25), data=st.data())
def test_found_starters_develop_into_howell_designs(s: int, data: st.DataObject) -> None:
    singles = data.draw(st.sampled_from(range(s % 2 or 2, s // 2, 2)))
    starter = find_starter(cyclic(s), singles, attempts=8)
    if starter is not None:
        assert _is_howell_design(starter)


def test_starter_over_gf27() -> None:
    base = paley(27)
    assert base is not None
    assert base.group == additive(27)
    ew = frozenset(base.group.neg(a) for a in base.elements)
    starter = find_starter(base.group, 1, ew=ew)
    assert starter is not None
    assert _is_howell_design(starter)


def _candidates(s: int, singles: int) -> list[Starter]:
    """Every developed candidate over Z_s: each split of Z_s into `singles` points facing the
    stationary pairs and pairs, with every choice of distinct adders (columns)."""
    group = cyclic(s)
    found = []
    for ones in combinations(range(s), singles):
        rest = [x for x in range(s) if x not in ones]
        for pairs in _pairings(rest):
            for adders in permutations(range(s), singles + len(pairs)):
                found.append(Starter(group, ones, adders[:singles], tuple(pairs), adders[singles:]))
    return found


def _pairings(items: list[int]) -> list[list[tuple[int, int]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    return [
        [(first, other), *more]
        for other in rest
        for more in _pairings([x for x in rest if x != other])
    ]


@pytest.mark.parametrize(
    ("name", "s", "tables", "promise"),
    [
        ("Room square of side 3", 3, 2, "howell-complete"),
        ("Room square of side 5 = H(5,6)", 5, 3, "howell-complete"),
        ("H(5,8)", 5, 4, "howell"),
    ],
)
def test_designs_that_do_not_exist_are_rejected(
    name: str, s: int, tables: int, promise: str
) -> None:
    """Every cyclic candidate is built as a movement; the verifier finds a fault in each, and
    the faults are the ones the theorem predicts (a repeated meeting or tray, or a tray set at
    two tables at once)."""
    laws: Counter[str] = Counter()
    candidates = _candidates(s, 2 * tables - s)
    for starter in candidates:
        movement = to_movement(from_starter(starter, name), 2 * tables, 1, promise)
        found = {f.law.value for f in verify(movement)}
        assert found & {"meets-twice", "tray-played-twice", "tray-shared-undeclared"}, starter
        laws.update(found)
    assert len(candidates) > 10
    assert set(laws) <= {
        "meets-twice",
        "never-meets",
        "tray-played-twice",
        "tray-shared-undeclared",
    }
    assert find_starter(cyclic(s), 2 * tables - s) is None


@pytest.mark.parametrize("tables", [3, 5, 7])
def test_no_perfect_balance_for_odd_tables(tables: int) -> None:
    """Every cyclic North-South base set misses perfect balance (SS > 0), the best reaching
    exactly the cyclic optimum; our best movement's report agrees (counts are not all n-1)."""
    v = 2 * tables - 1
    group = cyclic(v)
    spreads = {spread(group, frozenset(a)) for a in combinations(range(v), tables - 1)}
    assert min(spreads) == v * (tables - 1) > 0
    report = balance(build(Request("howell", tables=tables, balance="best")))
    assert set(report.comparisons.values()) != {tables - 1}
    assert report.ss >= tables * (tables - 1)


def test_no_developed_h_6_8_over_z6() -> None:
    """H(6,8) exists, but not developed over Z_6: every candidate fails (so the 4-table,
    6-round Howell comes from `schedules/data/howell/designs.json`)."""
    candidates = _candidates(6, 2)
    assert len(candidates) == 15 * 3 * 360
    assert not any(_is_howell_design(c) for c in candidates)
