"""Whist first rounds with a hole, and the multiplier search that finds them."""

from __future__ import annotations

import json
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedules.designs.holed_whist import (
    HoledStarter,
    develop_holed,
    hole_rounds,
    holed_defects,
)
from schedules.designs.whist import Game, Starter, group, starter_defects
from schedules.individual import MULTIPLIER, construction, multiplier_starters, whist_rounds

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import multiplier_search


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
# v = 17 over Z_16 with infinity and the hole <4>; v = 20 over Z_2 x Z_8 with four fixed players.
SMALL = {
    17: ("16", "1"),
    20: ("2,8", "1,1"),
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
    games = tuple(tuple(seats[k : k + 4]) for k in range(0, len(seats), 4))
    moved = HoledStarter(starter.moduli, games, starter.hole, starter.points, "moved")  # type: ignore[arg-type]
    assert (holed_defects(moved) == 0) == is_whist(develop_holed(moved), starter.players)


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
        starter.moduli,
        tuple(tuple(g) for g in games),
        starter.hole,
        4,
        "crowded",  # type: ignore[misc]
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
    assert "multiplier" in (construction(players) or "")
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
        (40, (2, 6, 3), "1,1,2", "odd order"),
        (60, (59,), "4", "whole games"),
    ],
)
def test_the_search_refuses_forms_that_cannot_work(
    players: int, moduli: tuple[int, ...], multiplier: str, why: str
) -> None:
    with pytest.raises(SystemExit, match=why):
        multiplier_search.Problem(players, moduli, multiplier_search.parse_multiplier(multiplier))
