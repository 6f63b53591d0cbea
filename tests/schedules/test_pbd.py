"""Whist tournaments from pairwise balanced designs (schedules.designs.pbd), the designs
tools/pbd_search.py finds, and the ones stored in schedules/data/whist/pbd.json."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schedules.designs.pbd import closure_rounds, pbd_defects
from schedules.designs.whist_sizes import DESIGNS, construction, stored_designs, whist_rounds
from tests.schedules.test_holed_whist import is_whist
from tools import pbd_search

pytestmark = pytest.mark.slow

STORED = json.loads(DESIGNS.read_text(encoding="utf-8"))["sizes"]


def affine_plane(q: int) -> list[tuple[int, ...]]:
    """The lines of AG(2, q), q prime: a PBD(q^2, {q}); point (x, y) is x q + y."""
    lines = [tuple(x * q + (m * x + c) % q for x in range(q)) for m in range(q) for c in range(q)]
    return lines + [tuple(x * q + y for y in range(q)) for x in range(q)]


@pytest.mark.parametrize("q", [5, 13])
def test_the_closure_of_an_affine_plane_is_a_whist_tournament(q: int) -> None:
    lines = affine_plane(q)
    assert pbd_defects(q * q, lines) == 0
    assert is_whist(closure_rounds(q * q, lines, whist_rounds), q * q)


def test_a_design_missing_a_block_is_caught_and_carries_no_tournament() -> None:
    lines = affine_plane(5)[1:]
    assert pbd_defects(25, lines) == 10
    assert not is_whist(closure_rounds(25, lines, whist_rounds), 25)


def test_a_block_of_four_is_refused() -> None:
    with pytest.raises(ValueError, match="a block of 4"):
        closure_rounds(4, [(0, 1, 2, 3)], whist_rounds)


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(25)))
def test_the_closure_does_not_depend_on_how_the_points_are_named(order: list[int]) -> None:
    lines = [tuple(order[x] for x in line) for line in affine_plane(5)]
    assert is_whist(closure_rounds(25, lines, whist_rounds), 25)


@pytest.mark.parametrize(("n", "subgroup"), [(24, 4)])  # 0.2 s; larger ones take seconds
def test_the_search_finds_a_rotational_design(n: int, subgroup: int) -> None:
    design, entry = pbd_search.search(n, subgroup, 5, seed=1)
    assert pbd_defects(design.points, design.blocks()) == 0
    assert is_whist(closure_rounds(design.points, design.blocks(), whist_rounds), n + 1)
    assert entry["command"] == f"tools/pbd_search.py {n} --subgroup {subgroup} --block 5 --seed 1"
    again = pbd_search.search(n, subgroup, 5, seed=1)[1]
    assert again["base"] == entry["base"]


@pytest.mark.parametrize(
    ("n", "subgroup", "why"),
    [(128, 7, "must divide"), (40, 8, "multiple of 20"), (128, 1, "must divide")],
)
def test_the_search_refuses_a_form_that_cannot_work(n: int, subgroup: int, why: str) -> None:
    with pytest.raises(SystemExit, match=why):
        pbd_search.search(n, subgroup, 5, seed=1)


@pytest.mark.parametrize("players", sorted(stored_designs()))
def test_every_stored_design_is_proved(players: int) -> None:
    design = stored_designs()[players]
    assert pbd_defects(players, design.blocks()) == 0
    assert set(design.block_sizes) == {len(b) for b in design.blocks()}
    assert "Wilson's closure" in (construction(players) or "")
    assert is_whist(whist_rounds(players), players)


def test_the_stored_commands_name_their_designs() -> None:
    for key, entry in STORED.items():
        n = entry["modulus"]
        assert int(key) == n + 1
        assert entry["command"].startswith(
            f"tools/pbd_search.py {n} --subgroup {entry['subgroup']} --block 5 "
            f"--seed {entry['seed']}"
        )
