"""Patterned whist first rounds (partners x and -x) and the exact cover that finds them."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedules.designs.exact_cover import exact_cover
from schedules.designs.patterned_whist import (
    Pairing,
    class_of,
    obstructed,
    pair_differences,
    patterned_starter,
    search_pairing,
)
from schedules.designs.whist import starter_defects
from schedules.designs.whist_sizes import PATTERNED, construction, patterned_pairing
from schedules.package_data import stored_entries

pytestmark = pytest.mark.slow


def test_exact_cover_finds_the_only_cover() -> None:
    options = [("a", "b"), ("a",), ("b", "c"), ("c",), ("b",)]
    cover = exact_cover(options)
    assert cover.chosen is not None
    assert sorted(x for k in cover.chosen for x in options[k]) == ["a", "b", "c"]


def test_exact_cover_reports_an_exhausted_search() -> None:
    cover = exact_cover([("a", "b"), ("b", "c"), ("a", "c")])
    assert cover.chosen is None
    assert cover.exhausted


def test_exact_cover_reports_running_out_of_nodes() -> None:
    # 12 items in pairs: many covers, but one node is not enough to reach one
    options = list(combinations(range(12), 2))
    cover = exact_cover(options, node_limit=1)
    assert cover.chosen is None
    assert not cover.exhausted


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9), st.integers(0, 10_000), st.data())
def test_exact_cover_recovers_a_planted_partition(
    parts: int, seed: int, data: st.DataObject
) -> None:
    items = list(range(3 * parts))
    planted = [tuple(items[3 * i : 3 * i + 3]) for i in range(parts)]
    noise = data.draw(st.lists(st.lists(st.sampled_from(items), min_size=1, max_size=4)))
    options = planted + [tuple(dict.fromkeys(o)) for o in noise]
    cover = exact_cover(options, seed)
    assert cover.chosen is not None
    covered = sorted(x for k in cover.chosen for x in options[k])
    assert covered == items


@pytest.mark.parametrize("players", [13, 17, 28, 29, 37, 40, 49, 76, 77])
def test_search_finds_a_pairing_that_develops_into_a_whist_tournament(players: int) -> None:
    pairing, _ = search_pairing(players)
    assert pairing is not None
    n = pairing.order
    seats = [x for pair in pairing.pairs for x in pair]
    diffs = [d for pair in pairing.pairs for d in pair_differences(pair, n)]
    if pairing.special is not None:
        seats.append(pairing.special)
        diffs.append(pairing.special)
    everyone = list(range(1, (n - 1) // 2 + 1))
    assert sorted(seats) == everyone
    assert sorted(diffs) == everyone
    assert starter_defects(patterned_starter(pairing, "test")) == 0


@pytest.mark.parametrize("players", [12, 20, 21, 24, 33, 44])
def test_obstructed_sizes_have_no_pairing_exhaustively(players: int) -> None:
    assert obstructed(players)
    pairing, _ = search_pairing(players, node_limit=10**7)
    assert pairing is None


def test_obstruction_rules_out_every_prime_one_rotational_size() -> None:
    primes = [p for p in range(7, 200, 4) if all(p % d for d in range(2, p))]
    assert all(obstructed(p + 1) for p in primes)
    assert not obstructed(76)  # Z_75: c = 5 has c^2 = 25 = the sum of squares


def test_a_broken_pairing_is_caught_by_the_starter_check() -> None:
    pairing, _ = search_pairing(29)
    assert pairing is not None
    (a, b), rest = pairing.pairs[0], pairing.pairs[1:]
    broken = Pairing(pairing.order, ((a, class_of(b + 1, 29)), *rest), None)
    assert starter_defects(patterned_starter(broken, "broken")) > 0


def test_stored_pairings_are_reproduced_by_their_seed() -> None:
    stored = json.loads(PATTERNED.read_text(encoding="utf-8"))["sizes"]
    for key in ("76", "77"):
        entry = stored[key]
        pairing, nodes = search_pairing(int(key), entry["seed"])
        assert pairing is not None
        assert [list(p) for p in pairing.pairs] == entry["pairs"]
        assert pairing.special == entry["special"]
        assert nodes == entry["nodes"]


@pytest.mark.parametrize("players", sorted(stored_entries(PATTERNED)))
def test_every_stored_pairing_is_a_patterned_whist_first_round(players: int) -> None:
    found = patterned_pairing(players)
    assert found is not None
    pairing, origin = found
    assert pairing.players == players
    assert starter_defects(patterned_starter(pairing, origin)) == 0
    assert construction(players) == origin
