"""The pure repairs of a movement in play (schedules.repair): any round, any competitor."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedules.catalog import Request, build
from schedules.findings import Law, ScheduleError
from schedules.repair import (
    Repaired,
    arrow_switch,
    cut_rounds,
    late_pair,
    withdraw,
    wrong_move,
)
from schedules.tally import plays_by_competitor
from schedules.types import Direction, Movement
from schedules.verify import verify

SIZES = (
    Request("howell", tables=3),
    Request("howell", tables=5),
    Request("howell", pairs=7),
    Request("howell", pairs=9),
    Request("mitchell", tables=5),
    Request("mitchell", tables=6),
    Request("individual", players=8),
    Request("individual", players=13),
    # every table full, the others resting in turn (schedules.odd_players)
    Request("individual", players=14, variant="phantom"),
)


@cache
def movement(i: int) -> Movement:
    return build(SIZES[i])


movements = st.integers(0, len(SIZES) - 1).map(movement)

KEPT = frozenset(
    {
        Law.SEAT_DOUBLE_BOOKED,
        Law.TABLE_DOUBLE_BOOKED,
        Law.SEATING_MALFORMED,
        Law.UNKNOWN_COMPETITOR,
        Law.TRAY_SHARED_UNDECLARED,
        Law.TRAY_ORIGINAL_WRONG,
        Law.ROUND_EMPTY,
    }
)
"""The universal rules every repaired movement keeps."""


def holds(repaired: Repaired, first: int, twice: bool = False) -> None:
    """What every repair promises: the universal rules kept, rounds before `first` untouched,
    the changes listed exactly."""
    m, old = repaired.movement, repaired.previous
    laws = KEPT if twice else KEPT | {Law.TRAY_PLAYED_TWICE}
    assert [f for f in verify(m, "any") if f.law in laws] == []
    assert [s for s in m.seatings if s.round < first] == sorted(
        (s for s in old.seatings if s.round < first), key=lambda s: (s.round, s.table)
    )
    changed = {(c.round, c.table) for c in repaired.changed}
    for r in range(1, max(m.rounds, old.rounds) + 1):
        for t in {s.table for s in (*m.seatings, *old.seatings)}:
            now = [s for s in m.seatings if (s.round, s.table) == (r, t)]
            was = [s for s in old.seatings if (s.round, s.table) == (r, t)]
            assert (now != was) == ((r, t) in changed)
    assert repaired.summary
    assert repaired.movement.notes[-1].startswith("Repaired: ")


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(movements, st.data())
def test_a_late_pair_plays_every_round_from_then_and_no_tray_twice(
    m: Movement, data: st.DataObject
) -> None:
    start = data.draw(st.integers(1, m.rounds))
    repaired = late_pair(m, start)
    label = repaired.movement.field[-1]
    assert label not in m.field
    holds(repaired, start)
    # a round split in halves (switched trays) seats the newcomer in both: one round
    rounds = {s.round for s in repaired.movement.seatings if label in s.places}
    assert sorted(rounds) == list(range(start, m.rounds + 1))
    trays = [t for s in repaired.movement.seatings if label in s.places for t in s.trays]
    assert len(trays) == len(set(trays))
    met = [
        o for s in repaired.movement.seatings if label in s.places for o in s.opponents_of(label)
    ]
    if m.competitors.places_per_table == 2:
        assert len(met) == len(set(met)), "the newcomer meets someone new each round"


def test_a_late_pair_plays_the_sit_out_on_idle_trays_in_an_odd_howell() -> None:
    m = build(Request("howell", pairs=9))
    repaired = late_pair(m, 3, "Z")
    assert repaired.sit_outs == {}
    new_tables = {s.table for s in repaired.movement.seatings if "Z" in s.places}
    assert new_tables == {m.tables + 1}
    assert [c.before for c in repaired.changed] == [()] * (m.rounds - 2)
    for s in repaired.movement.seatings:
        if "Z" in s.places:
            busy = {t for x in m.seatings if x.round == s.round for t in x.trays}
            assert not busy & set(s.trays), "the added table plays trays idle that round"


def test_a_late_pair_in_an_even_mitchell_keeps_one_side_and_nobody_sits_out_twice() -> None:
    m = build(Request("mitchell", tables=6))
    repaired = late_pair(m, 2)
    label = repaired.movement.field[-1]
    sides = {s.direction_of(label) for s in repaired.movement.seatings if label in s.places}
    assert len(sides) == 1
    assert label == {Direction.NS: "NS7", Direction.EW: "EW7"}[sides.pop()]
    out = Counter(who for outs in repaired.sit_outs.values() for who in outs)
    assert max(out.values()) == 1


@settings(max_examples=40, deadline=None)
@given(movements, st.data())
def test_a_withdrawn_competitor_plays_no_more(m: Movement, data: st.DataObject) -> None:
    start = data.draw(st.integers(1, m.rounds))
    label = data.draw(st.sampled_from(m.field))
    repaired = withdraw(m, label, start)
    holds(repaired, start)
    assert all(label not in s.places for s in repaired.movement.seatings if s.round >= start)
    assert repaired.movement.field == m.field
    for r in range(start, m.rounds + 1):
        assert label in repaired.movement.sitouts[r]


@settings(max_examples=40, deadline=None)
@given(movements, st.data())
def test_a_wrong_move_records_the_table_and_keeps_the_round_whole(
    m: Movement, data: st.DataObject
) -> None:
    r = data.draw(st.integers(1, m.rounds))
    seating = data.draw(st.sampled_from([s for s in m.seatings if s.round == r]))
    width = len(seating.places)
    actual = tuple(data.draw(st.permutations(m.field))[:width])
    if actual == seating.places:
        return
    repaired = wrong_move(m, r, seating.table, actual)
    holds(repaired, r, twice=True)
    new = repaired.movement
    assert next(s for s in new.seatings if (s.round, s.table) == (r, seating.table)).places == (
        actual
    )
    assert [s for s in new.seatings if s.round > r] == sorted(
        (s for s in m.seatings if s.round > r), key=lambda s: (s.round, s.table)
    )
    # each table once, though a round split in halves has two seatings at it
    seated = Counter(
        p for _, p in {(s.table, p) for s in new.seatings if s.round == r for p in s.places}
    )
    was = Counter(
        p for _, p in {(s.table, p) for s in m.seatings if s.round == r for p in s.places}
    )
    assert sum(seated.values()) == sum(was.values())
    assert max(seated.values()) == 1
    again = plays_by_competitor(new)
    twice = sum(len(p) - 1 for p in again.values() if len(p) > 1)
    assert twice == trays_again(repaired.repeats)


@settings(max_examples=30, deadline=None)
@given(movements, st.data())
def test_cutting_rounds_keeps_the_rounds_played_and_every_tray(
    m: Movement, data: st.DataObject
) -> None:
    after = data.draw(st.integers(1, m.rounds - 1))
    repaired = cut_rounds(m, after)
    holds(repaired, after + 1)
    assert repaired.movement.rounds == after
    assert max(s.round for s in repaired.movement.seatings) == after
    assert repaired.movement.tray_numbers == m.tray_numbers


@settings(max_examples=30, deadline=None)
@given(movements.filter(lambda m: m.competitors.places_per_table == 2), st.data())
def test_an_arrow_switch_turns_one_round_and_twice_turns_it_back(
    m: Movement, data: st.DataObject
) -> None:
    r = data.draw(st.integers(1, m.rounds))
    table = data.draw(
        st.sampled_from([None, *sorted({s.table for s in m.seatings if s.round == r})])
    )
    once = arrow_switch(m, r, table)
    holds(once, r)
    planned = sorted(m.seatings, key=lambda s: (s.round, s.table))
    for old, new in zip(planned, once.movement.seatings, strict=True):
        turned = old.round == r and table in (None, old.table)
        assert new.switched is (not old.switched if turned else old.switched)
    back = arrow_switch(once.movement, r, table)
    assert back.movement.seatings == tuple(planned)


@pytest.mark.parametrize(
    ("repair", "message"),
    [
        (lambda m: late_pair(m, 0), "round 0: the movement has rounds 1 to 9"),
        (lambda m: late_pair(m, 2, "3"), "pair 3 is already in the field"),
        (lambda m: withdraw(m, "99", 2), "pair 99 is not in this movement"),
        (lambda m: withdraw(m, "3", 10), "round 10: the movement has rounds 1 to 9"),
        (lambda m: wrong_move(m, 2, 1, ("1", "1")), "a table seats 2 different pairs"),
        (lambda m: wrong_move(m, 2, 9, ("1", "2")), "table 9 does not play in round 2"),
        (lambda m: cut_rounds(m, 9), "cut after round 9: give a round from 1 to 8"),
        (lambda m: arrow_switch(m, 2, 9), "table 9 does not play in round 2"),
    ],
)
def test_bad_requests_are_refused_in_one_line(repair: object, message: str) -> None:
    m = build(Request("howell", tables=5))
    with pytest.raises(ScheduleError) as refused:
        repair(m)  # type: ignore[operator]
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


def test_an_arrow_switch_is_refused_for_individuals() -> None:
    with pytest.raises(ScheduleError, match="an arrow switch is for pairs"):
        arrow_switch(build(Request("individual", players=8)), 2)


def test_a_wrong_move_with_another_tables_trays_swaps_the_trays() -> None:
    m = build(Request("howell", tables=5))
    first, second = sorted((s for s in m.seatings if s.round == 4), key=lambda s: s.table)[:2]
    repaired = wrong_move(m, 4, first.table, first.places, second.trays)
    holds(repaired, 4, twice=True)
    now = {s.table: s for s in repaired.movement.seatings if s.round == 4}
    assert (now[first.table].trays, now[second.table].trays) == (second.trays, first.trays)
    assert now[second.table].places == second.places
    assert f"played trays {', '.join(map(str, second.trays))}" in repaired.summary


def test_a_wrong_move_refuses_trays_it_cannot_read() -> None:
    m = build(Request("howell", tables=5))
    with pytest.raises(ScheduleError, match="give the 2 different trays table 1 played"):
        wrong_move(m, 2, 1, ("1", "2"), (1, 99))


def trays_again(lines: tuple[str, ...]) -> int:
    """How many tray plays the repeats name ("plays trays 7, 8 and 9 again" is three)."""
    found = (re.search(r"plays trays? ([\d, and]+?) again", line) for line in lines)
    return sum(len(re.findall(r"\d+", m[1])) for m in found if m)


@pytest.mark.parametrize(
    "request_",
    [
        Request("howell", pairs=9, rounds=3, balance="best"),
        Request("individual", players=14, variant="phantom"),
    ],
    ids=["9 pairs, switched halves", "14 players, switched halves"],
)
def test_a_wrong_move_at_a_table_playing_in_halves_keeps_each_halfs_trays(
    request_: Request,
) -> None:
    m = build(request_)
    first, second = next(
        (a, b)
        for a in m.seatings
        for b in m.seatings
        if (a.round, a.table) == (b.round, b.table) and not a.switched and b.switched
    )
    others = [p for p in m.field if p not in first.places]
    actual = (*first.places[:-1], others[0])
    repaired = wrong_move(m, first.round, first.table, actual)
    halves = [
        s for s in repaired.movement.seatings if (s.round, s.table) == (first.round, first.table)
    ]
    assert [(s.places, s.trays, s.switched) for s in halves] == [
        (actual, first.trays, False),
        (actual, second.trays, True),
    ]
