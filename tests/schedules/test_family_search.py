"""Z-cyclic whist first rounds from a seated difference family and a resolution
(tools/family_search.py), and the ones stored in schedules/data/whist/family.json."""

from __future__ import annotations

import json

import pytest

from schedules.designs.whist import develop, starter_defects
from schedules.designs.whist_sizes import (
    SEATED_FAMILIES,
    construction,
    family_starters,
    whist_rounds,
)
from tests.schedules.test_holed_whist import is_whist
from tools import family_search

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("players", [21, 29, 44])  # sit-outs over Z_21, Z_29; Z_43 + infinity
def test_the_search_finds_a_whist_first_round(players: int) -> None:
    starter, entry = family_search.search(players, seed=1)
    assert starter.players == players
    assert starter.rotational == (players % 4 == 0)
    assert starter_defects(starter) == 0
    assert is_whist(develop(starter), players)
    assert entry["command"] == f"tools/family_search.py {players} --seed 1"


def test_a_seed_gives_the_same_round() -> None:
    first = family_search.search(29, seed=3)[1]
    again = family_search.search(29, seed=3)[1]
    assert first["games"] == again["games"]
    assert first["families"] == again["families"]


def test_the_search_refuses_a_count_with_no_whist_tournament() -> None:
    with pytest.raises(SystemExit, match="0 or 1"):
        family_search.search(62, seed=1)


@pytest.mark.parametrize("players", sorted(family_starters()))
def test_every_stored_family_round_is_proved(players: int) -> None:
    starter = family_starters()[players]
    assert starter.players == players
    assert starter_defects(starter) == 0
    assert "difference family" in (construction(players) or "")
    assert is_whist(whist_rounds(players), players)


STORED = json.loads(SEATED_FAMILIES.read_text(encoding="utf-8"))["sizes"]


def test_the_stored_commands_name_their_sizes() -> None:
    for key, entry in STORED.items():
        assert entry["command"].startswith(f"tools/family_search.py {key} --seed {entry['seed']}")


@pytest.mark.parametrize(
    "players", [key for key, entry in STORED.items() if float(entry["seconds"]) < 10]
)
def test_a_stored_command_finds_its_round_again(players: str) -> None:
    entry = STORED[players]
    args = family_search.command_line().parse_args(entry["command"].split()[1:])
    again = family_search.search(
        args.players, args.seed, args.steps, args.cover_nodes, args.temperature
    )[1]
    assert again["games"] == entry["games"]
    assert again["families"] == entry["families"]
