"""Shortened Howells: the stored balance search (schedules/data/howell/shortened.json) keeps every
rule, reproduces its recorded figures, beats the published movements, and stays under its
bound; the three-quarter and in-time variants choose their rounds."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schedules import howell_layouts as layouts
from schedules.balance import balance
from schedules.balance_table import index_bound
from schedules.catalog import Request, build
from schedules.designs.bordered import find_bordered
from schedules.designs.difference_sets import BaseSet, base_sets
from schedules.designs.groups import Group, additive, cyclic, product
from schedules.designs.starters import find_starter
from schedules.findings import ImpossibleMovementError
from schedules.howell import layout_for, reachable, to_movement
from schedules.jsonio import load_movement
from schedules.tally import opponent_counts

STORED = json.loads(layouts.TURNED.read_text(encoding="utf-8"))["sizes"]
FIXTURES = Path(__file__).resolve().parent.parent / "data" / "movements"
SIZES = sorted(tuple(map(int, key.split())) for key in STORED)
MOST_PLAYED = [(t, r) for t, r in SIZES if t <= 14]


def _entry(tables: int, rounds: int) -> dict:
    return STORED[f"{tables} {rounds}"]


def _check_size(tables: int, rounds: int) -> None:
    """Both fields build, verify (catalog.build does), and balance as recorded."""
    entry = _entry(tables, rounds)
    for field, pairs in (("even", 2 * tables), ("odd", 2 * tables - 1)):
        movement = build(Request("howell", pairs=pairs, rounds=rounds))
        report = balance(movement)
        assert report.ss == Fraction(entry[field]["ss"]), (tables, rounds, field)
        assert round(report.index, 2) == entry[field]["index"]
        assert entry[field]["index"] >= entry[field]["before_index"]
        assert max(opponent_counts(movement).values()) == 1  # nobody meets twice
        bound = index_bound(tables, rounds)
        if field == "even" and bound is not None:
            assert report.index <= bound + 1e-9


def test_every_size_we_build_from_half_the_rounds_is_stored() -> None:
    wanted = {
        (t, r) for t in range(3, 31) for r in range((t + 1) // 2, 2 * t - 1) if reachable(t, r)
    }
    assert wanted == set(SIZES)


@pytest.mark.parametrize(("tables", "rounds"), MOST_PLAYED)
def test_stored_size_verifies_and_meets_its_recorded_balance(tables: int, rounds: int) -> None:
    _check_size(tables, rounds)


@pytest.mark.slow
@pytest.mark.parametrize(("tables", "rounds"), [s for s in SIZES if s not in MOST_PLAYED])
def test_large_stored_size_verifies_and_meets_its_recorded_balance(
    tables: int, rounds: int
) -> None:
    _check_size(tables, rounds)


@pytest.mark.parametrize(
    ("tables", "rounds", "published"),
    [(7, 7, 90.0), (13, 13, 95.44), (5, 7, 89.82), (6, 6, 88.91), (6, 5, 87.98), (4, 6, 93.51)],
)
def test_at_least_as_balanced_as_the_published_movement(
    tables: int, rounds: int, published: float
) -> None:
    # 7x7 and 13x13: published figures quoted in docs/balance-table.md; the others are the
    # fixtures' (tichu-10-pair-2-hands, tichu-12-pair-3-hands-6-rounds, ...-5-rounds,
    # tichu-8-pair-2-hands-6-rounds), computed by tools/balance_table.py
    index = balance(build(Request("howell", tables=tables, rounds=rounds))).index
    assert round(index, 2) >= published  # the published figures are given to two places


def _published_shortened() -> list[tuple[str, int, int, float]]:
    """Every published shortened Howell among the fixtures with every pair present: name,
    tables, rounds, index."""
    found = []
    for path in sorted(FIXTURES.glob("*.json")):
        if json.loads(path.read_text(encoding="utf-8")).get("expect") != "howell":
            continue
        movement = load_movement(path)
        if len(movement.field) == 2 * movement.tables and not movement.sitouts:
            found.append((path.stem, movement.tables, movement.rounds, balance(movement).index))
    return found


@pytest.mark.parametrize(
    ("name", "tables", "rounds", "published"), _published_shortened(), ids=lambda x: str(x)
)
def test_best_is_at_least_as_balanced_as_every_published_fixture(
    name: str, tables: int, rounds: int, published: float
) -> None:
    # `--balance best`: the shortened, interwoven or reseated Howell, whichever is best
    ours = balance(build(Request("howell", tables=tables, rounds=rounds, balance="best")))
    assert round(ours.index, 2) >= round(published, 2), name


@given(st.data())
def test_turning_tables_keeps_meetings_and_tray_sets(data: st.DataObject) -> None:
    tables, rounds = data.draw(st.sampled_from([(t, r) for t, r in SIZES if t <= 8]))
    base = layout_for(tables, rounds)
    cells = sum(len(row) for row in base.rounds)
    bits = data.draw(st.lists(st.integers(0, 1), min_size=cells, max_size=cells))
    turned = layouts.turn(base, bits)
    assert [[({a, b}, s) for a, b, s in row] for row in turned.rounds] == [
        [({a, b}, s) for a, b, s in row] for row in base.rounds
    ]
    assert layouts.unpack(layouts.pack(bits), cells) == bits
    # the bound holds for every orientation, not only the searched one
    bound = index_bound(tables, rounds)
    if bound is not None:
        assert balance(to_movement(turned, 2 * tables, 1, "howell")).index <= bound + 1e-9


def test_stored_bits_for_another_construction_are_not_applied() -> None:
    base = layout_for(7, 7)
    fewer = layouts.Layout(base.points, base.sets, base.rounds[:6], base.phantom, base.origin)
    assert layouts.balanced(fewer, 7, 7, odd=False) is fewer
    assert layouts.balanced(base, 7, 7, odd=False) != base


def test_three_quarter_howell_plays_three_quarters_of_the_rounds() -> None:
    rounds = {
        t: build(Request("howell", tables=t, variant="three-quarter")).rounds for t in (5, 7, 8)
    }
    assert rounds == {5: 7, 7: 10, 8: 11}


def test_three_quarter_howell_takes_the_nearest_length_that_exists() -> None:
    # 4 tables: three quarters of 7 rounds is 5, and no Howell design H(5,8) exists
    assert not reachable(4, 5)
    assert build(Request("howell", tables=4, variant="three-quarter")).rounds == 4
    assert build(Request("howell", pairs=7, variant="three-quarter")).rounds == 4


def test_in_time_howell_fits_the_time() -> None:
    m = build(Request("howell", tables=9, variant="in-time", minutes=Fraction(150)))
    per_round = Counter(len(s.trays) for s in m.seatings)
    assert m.rounds == 10  # 150 minutes at 7 a tray: 10 rounds of 2 trays (11 would need 154)
    assert per_round == {2: 9 * 10}
    wide = build(Request("howell", tables=9, variant="in-time", minutes=Fraction(600)))
    assert wide.rounds == 17  # the complete Howell fits, with more trays a round
    with pytest.raises(ImpossibleMovementError, match="needs the time available"):
        build(Request("howell", tables=9, variant="in-time"))
    # 40 minutes: 2 rounds, as `--rounds 2 --balance best` builds them
    short = build(Request("howell", tables=9, variant="in-time", minutes=Fraction(40)))
    assert short == build(Request("howell", tables=9, rounds=2, balance="best"))
    with pytest.raises(ImpossibleMovementError, match="allow more time"):
        build(Request("howell", tables=9, variant="in-time", minutes=Fraction(13)))
    with pytest.raises(ImpossibleMovementError, match="chooses its own rounds"):
        build(Request("howell", tables=9, variant="three-quarter", rounds=8))


SEARCHES = json.loads(layouts.SEARCHES.read_text(encoding="utf-8"))["searches"]


def _group(name: str) -> Group:
    """Z_s, Z_2 x Z_k or GF(q)+, by the name `Group.name` gives it."""
    if name.startswith("GF("):
        return additive(int(name[3:].split(")")[0]))
    moduli = [int(part.strip()[2:]) for part in name.split(" x ")]
    return cyclic(moduli[0]) if len(moduli) == 1 else product(*map(cyclic, moduli))


@pytest.mark.parametrize("key", sorted(SEARCHES, key=lambda k: SEARCHES[k]["seconds"])[:4])
def test_stored_search_is_what_the_search_finds(key: str) -> None:
    # the quickest four here; every one of them in the slow test below
    _same_as_search(key)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(SEARCHES))
def test_every_stored_search_is_what_the_search_finds(key: str) -> None:
    _same_as_search(key)


def _same_as_search(key: str) -> None:
    kind, rest = key.split(" ", 1)
    if kind == "bordered":
        m, fixed = rest.split()
        assert layouts.searched_bordered(int(m), fixed == "True") == find_bordered(
            int(m), fixed == "True"
        )
    elif kind == "balanced":
        name, elements = rest.rsplit(" ", 1)
        base = BaseSet(_group(name), frozenset(map(int, elements.split(","))), "stored")
        assert layouts.balanced_starter(base) == layouts.find_balanced_starter(base)
    elif kind == "base":
        v = int(rest.removeprefix("sets Z_"))
        assert list(layouts.candidate_sets(v)) == list(base_sets(v))
    else:
        name, singles = rest.rsplit(" ", 1)
        group = _group(name)
        assert group.name == name
        assert layouts.searched_starter(group, int(singles)) == find_starter(group, int(singles))


def test_a_size_may_start_from_a_longer_design() -> None:
    # 12 tables, 6 rounds: the first 6 rounds of H(13, 24) balance better than those of H(12, 24)
    assert _entry(12, 6)["base"] == 13
    movement = build(Request("howell", tables=12, rounds=6))
    assert "the first 6 rounds of Howell design H(13,24)" in movement.notes[0]
    assert balance(movement).index > _entry(12, 6)["even"]["before_index"] + 5
