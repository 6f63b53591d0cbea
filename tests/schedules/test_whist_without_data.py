"""The whist tournaments still build when the stored first rounds and pairings are missing:
the engine reruns each recorded search and gets the very same round (issue 45)."""

from __future__ import annotations

import shlex
from collections.abc import Iterator

import pytest

from schedules import catalog, individual
from schedules.designs import whist_sizes
from schedules.designs.whist_sizes import (
    PAIRING_NODES,
    PATTERNED,
    SEARCHED_PAIRINGS,
    SEARCHED_STARTERS,
    searched_starter,
    stored_starters,
)
from schedules.package_data import stored_entries


def _clear_caches() -> None:
    individual._is_built.cache_clear()
    for value in vars(whist_sizes).values():
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


@pytest.fixture
def without_stored_data(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every stored whist design file reads as empty, as if the data folder were missing."""
    _clear_caches()
    monkeypatch.setattr(whist_sizes, "stored_entries", lambda _file: {})
    yield
    monkeypatch.undo()
    _clear_caches()


@pytest.mark.parametrize("players", sorted(SEARCHED_STARTERS))
def test_the_rerun_recipe_is_the_stored_command(players: int) -> None:
    moduli, seed, origin = SEARCHED_STARTERS[players]
    entry = stored_entries(whist_sizes.STARTERS)[players]
    words = shlex.split(entry["command"])
    assert words[:2] == ["tools/starter_search.py", str(players)]
    assert int(words[words.index("--seed") + 1]) == seed
    assert tuple(entry["moduli"]) == moduli
    assert entry["origin"] == origin


@pytest.mark.parametrize("players", sorted(SEARCHED_PAIRINGS))
def test_the_rerun_pairing_search_is_the_stored_command(players: int) -> None:
    entry = stored_entries(PATTERNED)[players]
    assert entry["command"] == f"tools/patterned_search.py {players} --nodes {PAIRING_NODES}"
    assert entry["seed"] == 0
    assert entry["seconds"] == SEARCHED_PAIRINGS[players]


@pytest.mark.slow
def test_without_the_stored_file_the_same_first_rounds_are_built(
    without_stored_data: None,
) -> None:
    with_file = {}
    for players in SEARCHED_STARTERS:
        _clear_caches()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(whist_sizes, "stored_entries", stored_entries)
            with_file[players] = stored_starters()[players]
    _clear_caches()
    assert stored_starters() == {}
    for players, stored in with_file.items():
        assert searched_starter(players) == stored


@pytest.mark.slow
@pytest.mark.parametrize("players", sorted(SEARCHED_STARTERS.keys() | SEARCHED_PAIRINGS.keys()))
def test_without_the_stored_files_the_tournament_builds_and_verifies(
    without_stored_data: None, players: int
) -> None:
    # catalog.build verifies the movement under its promise and refuses a failing one.
    request = catalog.Request("individual", players=players)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(whist_sizes, "stored_entries", stored_entries)
        with_file = catalog.build(request)
    _clear_caches()
    without_file = catalog.build(request)
    assert len(without_file.field) == players
    assert without_file == with_file
