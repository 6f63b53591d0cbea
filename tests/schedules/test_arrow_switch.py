"""The arrow-switch optimiser: its choice is the best the balance report can find."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schedules.arrow_switch import (
    SwitchPlan,
    apply_switches,
    best_half_round_switches,
    best_round_switches,
    best_switches,
    published_switch_count,
)
from schedules.balance import balance
from schedules.findings import ImpossibleMovementError
from schedules.mitchell import pair_mitchell
from schedules.types import Movement
from schedules.verify import verify


def index(m: Movement, plan: SwitchPlan) -> float:
    return balance(apply_switches(m, plan)).index


def every_round_plan(rounds: int) -> list[SwitchPlan]:
    return [
        SwitchPlan(rounds=frozenset(c))
        for k in range(rounds + 1)
        for c in combinations(range(1, rounds + 1), k)
    ]


@pytest.mark.parametrize(
    ("tables", "variant"), [(3, None), (4, None), (5, None), (6, "relay"), (7, None)]
)
def test_round_switches_are_the_best_of_every_plan(tables: int, variant: str | None) -> None:
    m = pair_mitchell(tables, variant, 2)
    best = max(index(m, p) for p in every_round_plan(m.rounds))
    assert index(m, best_round_switches(m)) == pytest.approx(best)


@given(st.integers(3, 12), st.data())
def test_best_count_is_the_best_plan_of_that_size(tables: int, data: st.DataObject) -> None:
    m = pair_mitchell(tables, None, 1)
    k = data.draw(st.integers(1, min(2, m.rounds - 1)))
    plan = best_round_switches(m, count=k)
    assert len(plan.rounds) == k
    others = [frozenset(c) for c in combinations(range(1, m.rounds + 1), k)]
    assert index(m, plan) >= max(index(m, SwitchPlan(rounds=o)) for o in others) - 1e-9


def test_up_to_five_rounds_one_switched_round_is_best_as_published() -> None:
    for tables in (3, 4, 5, 6):
        m = pair_mitchell(tables, None, 2)
        assert m.rounds <= 5
        assert len(best_round_switches(m).rounds) == published_switch_count(m.rounds) == 1


@pytest.mark.slow
@given(st.integers(3, 30))
def test_never_worse_than_the_published_rule_of_thumb(tables: int) -> None:
    m = pair_mitchell(tables, None, 2)
    k = published_switch_count(m.rounds)
    last = SwitchPlan(rounds=frozenset(range(m.rounds - k + 1, m.rounds + 1)))
    plan = best_round_switches(m)
    assert index(m, plan) >= index(m, last)
    assert verify(apply_switches(m, plan)) == []


def test_published_rule_of_thumb() -> None:
    counts = [published_switch_count(r) for r in range(2, 60)]
    assert counts == sorted(counts)
    by_count = {k: [r for r in range(2, 60) if published_switch_count(r) == k] for k in (1, 2)}
    assert by_count == {1: [2, 3, 4, 5], 2: [6, 7, 8, 9]}
    assert [published_switch_count(r) for r in (10, 13, 27, 28, 44)] == [3, 3, 3, 4, 6]


def test_half_rounds_are_the_best_of_every_plan_at_that_table() -> None:
    m = pair_mitchell(3, None, 2)
    plans = [
        SwitchPlan(rounds=w.rounds, halves=frozenset((r, 1) for r in h.rounds))
        for w in every_round_plan(3)
        for h in every_round_plan(3)
    ]
    best = max(index(m, p) for p in plans)
    assert index(m, best_half_round_switches(m, 1)) == pytest.approx(best)


def test_five_tables_gain_from_half_round_switches() -> None:
    m = pair_mitchell(5, None, 2)
    plan = best_switches(m)
    switched = apply_switches(m, plan)
    assert plan.halves
    assert verify(switched) == []
    assert balance(switched).index > index(m, best_round_switches(m))
    split = [s for s in switched.seatings if (s.round, s.table) in plan.halves]
    assert len(split) == 2 * len(plan.halves)
    assert {s.switched for s in split} == {True, False}


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        (SwitchPlan(rounds=frozenset({0})), r"not in 1\.\.5"),
        (SwitchPlan(halves=frozenset({(1, 9)})), "no seating with 2"),
    ],
)
def test_bad_plans_are_refused(plan: SwitchPlan, message: str) -> None:
    with pytest.raises(ImpossibleMovementError, match=message):
        apply_switches(pair_mitchell(5, None, 2), plan)


def test_half_rounds_need_two_trays() -> None:
    with pytest.raises(ImpossibleMovementError, match="2 trays"):
        best_half_round_switches(pair_mitchell(5, None, 1), 1)


def test_empty_plan_changes_nothing() -> None:
    m = pair_mitchell(5, None, 2)
    assert apply_switches(m, SwitchPlan()) is m


@pytest.mark.parametrize(
    ("tables", "variant"),
    [(3, None), (5, None), (9, None), (13, None), (21, None), (6, "relay"), (10, "skip")],
)
def test_one_tray_set_of_a_regular_mitchell_stands_for_all(
    tables: int, variant: str | None
) -> None:
    """The classes of pairs counted from one tray set and the shift by one table are those
    counted from every set, so the search finds the same plan at a fraction of the cost."""
    from schedules import arrow_switch
    from schedules.catalog import Request, build

    m = build(Request("mitchell", tables=tables, variant=variant))
    sets = arrow_switch._set_plays(m)
    shift = arrow_switch._table_shift(m, sets)
    plays = arrow_switch._plays(m, lambda s: s.round - 1)
    if variant is None:
        assert shift is not None
        assert len(shift.representatives) == 1
    if shift is not None:
        every = arrow_switch._Objective(plays).classes
        assert sorted(arrow_switch._Objective(plays, shift).classes) == sorted(every)


def test_a_movement_without_the_shift_is_counted_set_by_set() -> None:
    """Round 1's pairs turned round at table 1 only: no shift by one table maps the movement
    onto itself, so every tray set is counted."""
    from schedules import arrow_switch

    m = pair_mitchell(5, None, 2)
    turned = tuple(
        replace(s, places=(s.ew, s.ns)) if (s.round, s.table) == (1, 1) else s for s in m.seatings
    )
    broken = replace(m, seatings=turned)
    assert arrow_switch._table_shift(broken, arrow_switch._set_plays(broken)) is None
    assert arrow_switch._table_shift(m, arrow_switch._set_plays(m)) is not None


# Switched rounds chosen by the search before its flips were read from per-unit rows (issue
# 45): the faster search must choose exactly these.
SEARCHED_BEFORE = [
    (31, None, None, "1 2 5 6 7 9 10 13 15 16 20 22 25"),
    (51, None, None, "1 2 4 5 6 9 10 11 12 15 16 23 28 30 32 37 40 41 43 44 47"),
    (61, None, 8, "1 2 5 12 14 28 45 50"),
    (30, "relay", None, "1 2 3 4 6 9 12 13 19 24 26 28"),
    (30, "skip", None, "1 3 4 7 11 18 20 21 23 24 25 29"),
    (26, "relay", 3, "1 3 14"),
    (24, "skip", 3, "1 3 19"),
    pytest.param(
        61,
        None,
        None,
        "1 2 3 4 5 9 12 13 14 16 17 22 28 31 35 37 38 44 45 46 48 50 51 53 56 58",
        marks=pytest.mark.slow,
    ),
    pytest.param(
        81,
        None,
        None,
        "1 2 3 4 5 6 8 10 11 12 13 17 20 21 24 27 31 33 35 36 38 39 40 43 48 49 51 53 57 59 "
        "60 64 71 72 74 77",
        marks=pytest.mark.slow,
    ),
    pytest.param(
        101,
        None,
        None,
        "1 2 3 5 6 7 12 15 17 18 19 26 28 30 34 35 36 41 43 46 48 49 52 54 57 68 69 71 72 75 "
        "76 78 79 81 87 88 89 91 93 94 95 98 99 101",
        marks=pytest.mark.slow,
    ),
    pytest.param(101, None, 13, "1 2 5 12 26 28 34 41 43 46 79 87 92", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("tables", "variant", "count", "rounds"), SEARCHED_BEFORE)
def test_large_mitchells_keep_the_switched_rounds_found_before(
    tables: int, variant: str | None, count: int | None, rounds: str
) -> None:
    from schedules.catalog import Request, build

    m = build(Request("mitchell", tables=tables, variant=variant))
    assert sorted(best_round_switches(m, count).rounds) == [int(r) for r in rounds.split()]


@given(st.sampled_from([None, "skip", "relay"]), st.booleans(), st.data())
def test_a_flip_read_from_the_rows_is_the_objective_recounted(
    variant: str | None, shifted: bool, data: st.DataObject
) -> None:
    """After any flips, the search's counts are those counted from scratch, and the change it
    reads for flipping one more unit is the difference of the two objectives recounted."""
    from schedules import arrow_switch
    from schedules.catalog import Request, build

    # skip and relay Mitchells are for an even number of tables
    tables = data.draw(st.integers(2, 15)) * 2 if variant else data.draw(st.integers(3, 30))
    m = build(Request("mitchell", tables=tables, variant=variant))
    shift = arrow_switch._table_shift(m, arrow_switch._set_plays(m)) if shifted else None
    objective = arrow_switch._Objective(arrow_switch._plays(m, lambda s: s.round - 1), shift)
    state = arrow_switch._Search(objective, m.rounds)
    units = st.integers(0, m.rounds - 1)
    for unit in data.draw(st.lists(units, max_size=12)):
        state.flip(unit)
    assert state.counts == objective.counts(state.mask)
    unit = data.draw(units)
    before, delta = state.mask, state.delta(unit)
    state.flip(unit)
    assert state.mask == before ^ 1 << unit
    assert delta == objective(state.mask) - objective(before)
    assert state.counts == objective.counts(state.mask)
