"""Reseated Howells (schedules.reseated, tools/howell_reseat_search.py): a balance search that
moves pairs between tables keeps every rule, and `--balance best` takes what it stored where
it beats the shortened and interwoven Howells."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedules import reseated
from schedules.balance import balance
from schedules.balance_table import index_bound
from schedules.catalog import Request, build
from schedules.designs.fields import field
from schedules.findings import ImpossibleMovementError
from schedules.tally import opponent_counts
from schedules.types import Movement
from schedules.verify import verify
from tools import howell_double_search, howell_level_search
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


@pytest.mark.parametrize(("tables", "rounds"), [(10, 8), (6, 5), (9, 9)])
def test_the_search_sees_the_interwoven_howell_as_it_balances(tables: int, rounds: int) -> None:
    # line 2 plays each tray set backwards: the same boards, so the same set to the search
    interwoven = build(Request("howell", tables=tables, rounds=rounds, variant="interwoven"))
    field = from_movement(interwoven)
    assert field.faults() == 0
    assert field.sets == len({frozenset(s.trays) for s in interwoven.seatings})
    seen = reseated.movement_of(tables, field.seat, field.table_set, 1, "interwoven")
    assert balance(seen).index == pytest.approx(balance(interwoven).index)


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


DOUBLE_SIZES = [(t, r) for t in range(4, 17) for r in (t - 1, t) if howell_double_search.fits(t, r)]


@pytest.mark.parametrize(("tables", "rounds"), DOUBLE_SIZES)
def test_a_double_howell_holds_every_two_sets_the_same_way_by_half_the_field(
    tables: int, rounds: int
) -> None:
    sides = howell_double_search.directions(tables, rounds)
    assert len(sides) == 2 * tables
    for a in range(rounds):
        assert sum(row[a] for row in sides) == tables  # as many East-West as North-South
        for b in range(a):
            assert sum(row[a] == row[b] for row in sides) == tables


@pytest.mark.parametrize("tables", [6, 10, 12, 14, 16])
def test_on_the_squares_of_gf_q_multiplying_by_a_square_keeps_every_side(tables: int) -> None:
    """What tools/howell_double_solve.py assumes (without needing the solver): with the sets
    the powers of a square of GF(2T - 1), pair x holds set i + 1 on the side step * x holds
    set i, and every two sets are still held the same way by half the field."""
    q, rounds = 2 * tables - 1, tables - 1
    f = field(q)
    step = f.mul(f.generator, f.generator)
    sides = howell_double_search.directions(
        tables, rounds, [f.power(step, i) for i in range(rounds)]
    )
    for a in range(rounds):
        for b in range(a):
            assert sum(row[a] == row[b] for row in sides) == tables
    for x in range(q):
        for i in range(rounds - 1):
            assert sides[f.mul(step, x)][i + 1] == sides[x][i]


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([(6, 5), (6, 6), (8, 8), (10, 9)]), st.randoms(use_true_random=False))
def test_kempe_exchanges_and_relay_turns_keep_the_colouring_proper_and_the_cost_exact(
    size: tuple[int, int], rnd: random.Random
) -> None:
    tables, rounds = size
    sides = howell_double_search.directions(tables, rounds)
    table_set = howell_double_search.layout(tables, rounds)
    # Filling the rounds one by one can paint itself into a corner; the search then starts
    # again, as here.
    tries = (howell_double_search.colouring(sides, table_set, rnd) for _ in range(20))
    round_of = next((found for found in tries if found is not None), None)
    assert round_of is not None
    field = howell_double_search.Colouring(sides, round_of)
    for _ in range(40):
        p, s, other = rnd.randrange(2 * tables), rnd.randrange(rounds), rnd.randrange(rounds)
        first = field.round_of[p][s]
        joins = field.chain(p, s, other, rnd)
        if joins is not None:
            field.cost += field.exchange(joins, first, other)
            if rnd.random() < 0.5:
                # undone, as the annealing undoes a move it refuses
                field.cost += field.exchange(joins, first, other)
        relayed = [(s, r) for r, row in enumerate(table_set) for s in row if row.count(s) > 1]
        if relayed:
            field.cost += field.turn_relay(*rnd.choice(relayed))
        # every pair plays once a round, each set side as often as the set has tables
        assert all(sorted(row) == list(range(rounds)) for row in field.round_of)
        for r, row in enumerate(table_set):
            for s in set(row):
                assert [len(held) for held in field.holders[s][r]] == [row.count(s)] * 2
        # the meetings kept move by move are those of the tables as they stand
        assert field.cost == _twice(field.holders)


def _twice(holders: list[list[tuple[list[int], list[int]]]]) -> int:
    """Meetings beyond the first, counted afresh from who holds which side at each table."""
    met = Counter(
        frozenset(pair)
        for row in holders
        for north, east in row
        for pair in zip(north, east, strict=True)
    )
    return sum(n - 1 for n in met.values())


def test_every_stored_double_howell_reaches_the_bound() -> None:
    doubles = [(size, entry) for size, entry in FOUND if entry["origin"] == "double"]
    assert {(10, 10), (12, 12), (14, 14)} <= {size for size, _ in doubles}
    for (tables, rounds), entry in doubles:
        if rounds >= tables:
            assert entry["index"] == pytest.approx(index_bound(tables, rounds), abs=1e-4)


@pytest.mark.parametrize(("tables", "rounds"), [(6, 5), (8, 8)])
def test_a_double_howell_keeps_the_rules_with_or_without_relays(tables: int, rounds: int) -> None:
    found = howell_double_search.seat(tables, rounds, 0)
    assert found is not None
    movement = reseated.movement_of(tables, *found, 2, "double")
    _rules(movement)
    assert bool(movement.shared) == (rounds < tables)
    if rounds >= tables:
        assert balance(movement).index == pytest.approx(index_bound(tables, rounds))


@pytest.mark.slow
def test_the_double_search_finds_again_what_is_stored_for_10_tables_10_rounds() -> None:
    stored = reseated.stored_sizes()["10 10"]
    found = howell_double_search.seat(10, 10, stored["seed"])
    assert found is not None
    seats, sets = found
    assert [[p + 1 for p in row] for row in seats] == stored["seats"]
    assert [[s + 1 for s in row] for row in sets] == stored["sets"]


LEVEL_SEARCHES = sorted(
    json.loads(reseated.STORED.read_text(encoding="utf-8")).get("level_searches", {}).items()
)


def test_the_sizes_level_with_a_published_movement_were_searched_again() -> None:
    assert len(LEVEL_SEARCHES) >= 20, "run tools/howell_level_search.py at the level sizes"


@pytest.mark.parametrize(("key", "record"), LEVEL_SEARCHES, ids=[k for k, _ in LEVEL_SEARCHES])
def test_a_level_search_records_its_command_and_best_builds_what_it_found(
    key: str, record: dict[str, object]
) -> None:
    tables, rounds = map(int, key.split())
    assert record["command"] == (
        f"tools/howell_level_search.py --tables {tables} --rounds {rounds} "
        f"--seed {record['seed']} --moves {record['moves']}"
    )
    found = float(str(record["found_index"]))
    bound = index_bound(tables, rounds)
    assert bound is None or found <= bound + 1e-4
    # what the search found better than ours is stored, so `--balance best` reaches it
    assert balance(_best(tables, rounds)).index >= found - 1e-4
    entry = reseated.stored_sizes().get(key, {})
    if entry.get("command") == record["command"]:
        assert entry["index"] == found


@pytest.mark.slow
def test_a_level_search_finds_again_what_it_recorded_for_4_tables_4_rounds(
    tmp_path: Path,
) -> None:
    recorded = dict(LEVEL_SEARCHES)["4 4"]
    copy = tmp_path / "reseated.json"
    copy.write_text(reseated.STORED.read_text(encoding="utf-8"), encoding="utf-8")
    again = howell_level_search.record(
        4, 4, int(str(recorded["seed"])), int(str(recorded["moves"])), copy
    )
    assert {k: v for k, v in again.items() if k != "seconds"} == {
        k: v for k, v in recorded.items() if k != "seconds"
    }
