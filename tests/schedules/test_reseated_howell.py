"""Reseated Howells (schedules.reseated, tools/howell_reseat_search.py): a balance search that
moves pairs between tables keeps every rule, and `--balance best` takes what it stored where
it beats the shortened and interwoven Howells."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedules import reseated
from schedules.balance import balance
from schedules.catalog import Request, build
from schedules.findings import ImpossibleMovementError
from schedules.tally import opponent_counts
from schedules.types import Movement
from schedules.verify import verify
from tools.howell_reseat_search import Field, from_movement, improve, random_field, search

FOUND = sorted(
    (tuple(map(int, key.split())), entry)
    for key, entry in reseated.stored_sizes().items()
    if "seats" in entry
)


def _best(tables: int, rounds: int) -> Movement:
    return build(Request("howell", tables=tables, rounds=rounds, balance="best"))


def _rules(movement: Movement) -> None:
    """What every shortened Howell promises, checked from the seatings."""
    assert verify(movement, "howell") == []
    for r, seatings in movement.by_round():
        seated = sorted(p for s in seatings for p in s.places)
        assert seated == sorted(movement.field), r
    assert max(opponent_counts(movement).values()) == 1
    played = [(p, t) for s in movement.seatings for p in s.places for t in s.trays]
    assert len(played) == len(set(played)), "a pair plays a tray twice"


def test_the_search_stored_something() -> None:
    assert FOUND, "no reseated Howell is stored: run tools/howell_reseat_search.py"


@pytest.mark.parametrize(("size", "entry"), FOUND, ids=[f"{t}x{r}" for (t, r), _ in FOUND])
def test_every_stored_reseating_keeps_the_rules_and_is_what_best_builds(
    size: tuple[int, int], entry: reseated.Entry
) -> None:
    tables, rounds = size
    stored = reseated.stored(tables, rounds, 2)
    assert stored is not None
    _rules(stored)
    assert round(balance(stored).index, 4) == entry["index"]
    assert entry["index"] > entry["before_index"]
    best = _best(tables, rounds)
    assert best.variant == "reseated"
    assert balance(best).index == pytest.approx(balance(stored).index)
    # relays are declared wherever two tables play one set in a round
    sets = {(s.round, s.trays) for s in stored.seatings}
    assert bool(stored.shared) == (len(sets) < len(stored.seatings))


@settings(max_examples=25, deadline=None)
@given(
    st.integers(4, 16).flatmap(
        lambda t: st.tuples(st.just(t), st.integers((t + 1) // 2, 2 * t - 2))
    )
)
def test_best_is_never_less_balanced_than_any_movement_we_build(size: tuple[int, int]) -> None:
    tables, rounds = size
    try:
        best = balance(_best(tables, rounds)).index
    except ImpossibleMovementError:
        return
    for variant in (None, "interwoven"):
        try:
            other = build(Request("howell", tables=tables, rounds=rounds, variant=variant))
        except ImpossibleMovementError:
            continue
        assert best >= balance(other).index - 1e-9, variant


def _field_counts(field: Field) -> tuple[object, ...]:
    return (field.squares(), field.faults(), [r[:] for r in field.seat])


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([(5, 4), (6, 5), (8, 7), (7, 9)]), st.randoms(use_true_random=False))
def test_the_search_keeps_its_counts_exact_and_a_swap_undoes_itself(
    size: tuple[int, int], rnd: random.Random
) -> None:
    field = from_movement(build(Request("howell", tables=size[0], rounds=size[1])))
    squares, faults = field.squares(), field.faults()
    assert faults == 0
    for _ in range(25):
        r = rnd.randrange(len(field.seat))
        i, j = rnd.sample(range(len(field.seat[0])), 2)
        ds, df = field.swap(r, i, j)
        squares, faults = squares + ds, faults + df
        # the counts kept move by move are the counts of the seats as they stand
        fresh = Field([row[:] for row in field.seat], field.table_set, field.sets)
        assert (squares, faults) == (fresh.squares(), fresh.faults())
    before = _field_counts(field)
    ds, df = field.swap(0, 0, 3)
    assert field.swap(0, 0, 3) == (-ds, -df)
    assert _field_counts(field) == before


def test_improving_never_breaks_a_rule_and_never_loses_balance() -> None:
    movement = build(Request("howell", tables=6, rounds=5))
    field = from_movement(movement)
    start = field.squares()
    best, seat = improve(field, random.Random(1), 3000)
    assert best <= start
    found = reseated.movement_of(6, seat, field.table_set, 2, "shortened")
    _rules(found)


def test_a_random_field_plays_every_set_once_with_relays() -> None:
    field = random_field(8, 5, random.Random(0))
    assert field is not None
    assert field.faults() == 0
    assert all(plays == [1] * 5 for plays in field.plays)
    movement = reseated.movement_of(8, field.seat, field.table_set, 3, "random")
    _rules(movement)
    assert movement.shared  # 8 tables on 5 sets: three sets relayed each round


@pytest.mark.slow
def test_the_search_finds_again_what_is_stored_for_8_tables_5_rounds() -> None:
    stored = reseated.stored_sizes()["8 5"]
    again = search(8, 5, stored["seed"], stored["moves"])
    assert again["index"] == stored["index"]
    assert again["seats"] == stored["seats"]
