"""Whist first rounds with a hole, and the multiplier search that finds them."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedules.designs.holed_whist import (
    HoledStarter,
    develop_holed,
    hole_rounds,
    holed_defects,
)
from schedules.designs.multiplier_whist import Problem, parse_multiplier
from schedules.designs.whist import (
    Game,
    Spread,
    Starter,
    as_game,
    develop,
    field_spread,
    group,
    holed_product_rounds,
    starter_defects,
)
from schedules.designs.whist_sizes import (
    MULTIPLIER,
    construction,
    holed_product_plan,
    multiplier_starters,
    whist_rounds,
)
from tools import multiplier_search

pytestmark = pytest.mark.slow


def is_whist(rounds: list[list[Game]], players: int) -> bool:
    """Brute force: every two players partners once and opponents twice, nobody twice in a
    round, and everyone out at most once."""
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    out: Counter[int] = Counter()
    for games in rounds:
        seated = [x for game in games for x in game]
        if len(seated) != len(set(seated)):
            return False
        out.update(set(range(players)) - set(seated))
        for a, b, c, d in games:
            partners.update([frozenset((a, c)), frozenset((b, d))])
            opponents.update(frozenset(p) for p in ((a, b), (a, d), (c, b), (c, d)))
    pairs = [frozenset(p) for p in combinations(range(players), 2)]
    return (
        all(partners[p] == 1 and opponents[p] == 2 for p in pairs)
        and max(out.values(), default=0) <= 1
    )


# Small holed first rounds, found by the search without a multiplier (alpha = 1):
# v = 17 over Z_16 with infinity and the hole <4>; v = 20 over Z_2 x Z_8 with four fixed players
# (H the elements of order 2); v = 24 over Z_4 x Z_5 with four fixed players and H = Z_4 x 0.
SMALL = {
    17: ("16", "1"),
    20: ("2,8", "1,1"),
    24: ("4,5", "1,1"),
}


@pytest.fixture(scope="module")
def small() -> dict[int, HoledStarter]:
    found = {}
    for players, (moduli, multiplier) in SMALL.items():
        starter, _ = multiplier_search.search(
            players, tuple(int(m) for m in moduli.split(",")), multiplier, seed=1
        )
        assert isinstance(starter, HoledStarter)
        found[players] = starter
    return found


@pytest.mark.parametrize("players", sorted(SMALL))
def test_small_holed_rounds_develop_into_whist_tournaments(
    small: dict[int, HoledStarter], players: int
) -> None:
    starter = small[players]
    assert starter.players == players
    assert holed_defects(starter) == 0
    rounds = develop_holed(starter)
    assert len(rounds) == (players - 1 if players % 4 == 0 else players)
    assert is_whist(rounds, players)


def test_hole_rounds_keep_every_coset_together(small: dict[int, HoledStarter]) -> None:
    starter = small[20]
    add = group(starter.moduli).add_table
    cosets = {frozenset(add[x][h] for h in starter.hole) for x in range(starter.order)}
    for games in hole_rounds(starter):
        assert frozenset(range(16, 20)) in {frozenset(game) for game in games}
        assert {frozenset(game) for game in games} - {frozenset(range(16, 20))} == cosets


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_defects_are_zero_exactly_when_the_rounds_make_a_whist_tournament(
    small: dict[int, HoledStarter], data: st.DataObject
) -> None:
    starter = small[data.draw(st.sampled_from(sorted(SMALL)))]
    seats = [x for game in starter.games for x in game]
    i = data.draw(st.integers(0, len(seats) - 1))
    j = data.draw(st.integers(0, len(seats) - 1))
    seats[i], seats[j] = seats[j], seats[i]
    games = tuple(as_game(seats[k : k + 4]) for k in range(0, len(seats), 4))
    moved = HoledStarter(starter.moduli, games, starter.hole, starter.points, "moved")
    assert (holed_defects(moved) == 0) == is_whist(develop_holed(moved), starter.players)


def test_four_fixed_players_take_a_cyclic_hole_when_g_has_one_involution(
    small: dict[int, HoledStarter],
) -> None:
    starter = small[24]
    assert starter.hole == (0, 1, 2, 3)  # (1, 0) of order 4 in Z_4 x Z_5
    assert is_whist(develop_holed(starter), 24)
    not_a_subgroup = HoledStarter(starter.moduli, starter.games, (0, 1, 2, 4), 4, "bent")
    assert holed_defects(not_a_subgroup) > 0


def test_a_hole_that_is_not_a_subgroup_is_a_defect(small: dict[int, HoledStarter]) -> None:
    starter = small[17]
    assert starter.hole == (0, 4, 8, 12)
    bent = HoledStarter(starter.moduli, starter.games, (0, 4, 8, 13), 1, "bent")
    assert holed_defects(bent) > 0


def test_two_fixed_players_at_one_game_is_a_defect(small: dict[int, HoledStarter]) -> None:
    starter = small[20]
    games = [list(game) for game in starter.games]
    # put fixed player 17 (game 1, North) in game 0's East seat and that element in its place
    games[0][1], games[1][0] = games[1][0], games[0][1]
    crowded = HoledStarter(
        starter.moduli, tuple(as_game(g) for g in games), starter.hole, 4, "crowded"
    )
    assert holed_defects(crowded) > 0


@pytest.mark.parametrize("players", sorted(multiplier_starters()))
def test_every_stored_multiplier_round_is_proved(players: int) -> None:
    starter = multiplier_starters()[players]
    assert starter.players == players
    if isinstance(starter, Starter):
        assert starter_defects(starter) == 0
    else:
        assert holed_defects(starter) == 0
    rounds = develop(starter) if isinstance(starter, Starter) else develop_holed(starter)
    assert is_whist(rounds, players)


def test_the_catalog_builds_its_sizes_from_the_stored_rounds() -> None:
    # 20, 24 and 36 are stored as fibres of the holed product; the catalog has closed forms
    used = {v for v in multiplier_starters() if "multiplier" in (construction(v) or "")}
    assert used == set(multiplier_starters()) - {20, 24, 36}
    for players in used:
        assert is_whist(whist_rounds(players), players)


def test_the_holed_product_makes_a_whist_tournament(small: dict[int, HoledStarter]) -> None:
    # Wh(5) over GF(16), every fibre of 16 filled by the Wh(20) with four fixed players
    fibre = develop_holed(small[20])
    rounds = holed_product_rounds(whist_rounds(5), 5, fibre, field_spread(5, [16]))
    assert len(rounds) == 83
    assert is_whist(rounds, 84)
    # the fixed players 80 .. 83 play their Wh(4) in the three closing rounds
    assert all(tuple(range(80, 84)) in map(tuple, map(sorted, games)) for games in rounds[-3:])


def test_the_holed_product_needs_a_difference_matrix(small: dict[int, HoledStarter]) -> None:
    spread = field_spread(5, [16])
    row = list(spread.rows[2])
    row[1], row[2] = row[2], row[1]
    broken = Spread(spread.moduli, (*spread.rows[:2], tuple(row), *spread.rows[3:]), "broken")
    rounds = holed_product_rounds(whist_rounds(5), 5, develop_holed(small[20]), broken)
    assert not is_whist(rounds, 84)


def test_the_holed_product_refuses_a_fibre_of_the_wrong_size(
    small: dict[int, HoledStarter],
) -> None:
    with pytest.raises(ValueError, match="needs 35 rounds"):
        holed_product_rounds(whist_rounds(5), 5, develop_holed(small[20]), field_spread(5, [32]))


@pytest.mark.parametrize("players", [84, 164])
def test_the_catalog_builds_the_holed_products(players: int) -> None:
    plan = holed_product_plan(players)
    assert plan is not None
    assert "with a hole" in (construction(players) or "")
    assert is_whist(whist_rounds(players), players)


@pytest.mark.parametrize("players", [88, 52])  # 1-rotational; four fixed players, three turned
def test_the_search_reproduces_a_stored_round_from_its_seed(players: int) -> None:
    entry = json.loads(MULTIPLIER.read_text(encoding="utf-8"))["sizes"][str(players)]
    _, found = multiplier_search.search(
        players, tuple(entry["moduli"]), entry["multiplier"], entry["seed"]
    )
    assert found["games"] == entry["games"]
    assert found["command"] == entry["command"]


@pytest.mark.parametrize(
    ("players", "moduli", "multiplier", "why"),
    [
        (68, (4, 4, 4), "w,1", "order 2 must lie in the hole"),
        (36, (2, 2, 8), "1,1,1", "G needs one or three"),
        (40, (2, 6, 3), "1,1,2", "odd order"),
        (60, (59,), "4", "whole games"),
    ],
)
def test_the_search_refuses_forms_that_cannot_work(
    players: int, moduli: tuple[int, ...], multiplier: str, why: str
) -> None:
    with pytest.raises(ValueError, match=why):
        Problem(players, moduli, parse_multiplier(multiplier))
