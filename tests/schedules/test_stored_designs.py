"""The designs found by search and kept as data (schedules/data/): one shape for every file,
each entry naming how it was found, and the bordered Howell designs proved entry by entry (the
whist designs are proved in test_whist.py, test_patterned_whist.py, test_holed_whist.py,
test_family_search.py, test_pbd.py and test_frame_search.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from schedules.designs.bordered import BORDERED, STORED_BORDERED, Bordered, develop_bordered
from schedules.package_data import data_file, stored_entries
from tools import starter_search

STORED_FILES = sorted(
    [("whist", file.name) for file in data_file("schedules", "whist").iterdir()]
    + [("howell", "bordered.json"), ("howell", "designs.json")]
)


@pytest.mark.parametrize(("folder", "name"), [f for f in STORED_FILES if f[1].endswith(".json")])
def test_every_stored_design_names_how_it_was_found(folder: str, name: str) -> None:
    entries = stored_entries(data_file("schedules", folder, name))
    assert entries
    for entry in entries.values():
        assert entry["command"].strip()


STARTERS = stored_entries(data_file("schedules", "whist", "starters.json"))
SEARCHED = sorted(
    (players, entry["command"])
    for players, entry in STARTERS.items()
    if entry["command"].startswith("tools/starter_search.py")
)
"""The first rounds the shuffled depth-first search found, with the command that finds each."""


def _rerun(command: str) -> dict[str, object]:
    """The entry `tools/starter_search.py` stores when run with `command`'s arguments."""
    words = command.split()
    if "--best" in words:
        return starter_search.entry(int(words[1]), 0, None, best=True)
    seed = int(words[words.index("--seed") + 1])
    moduli = (
        tuple(int(w) for w in words[words.index("--moduli") + 1 : words.index("--seed")])
        if "--moduli" in words
        else None
    )
    return starter_search.entry(int(words[1]), seed, moduli)


def test_every_stored_first_round_records_a_command_that_finds_it() -> None:
    assert [players for players, _ in SEARCHED] == [12, 13, 17, 20, 21, 24, 28]
    assert [e for e in STARTERS.values() if not e["command"].startswith("tools/")] == []


@pytest.mark.parametrize("players", [12, 13])
def test_the_recorded_command_finds_the_stored_first_round(players: int) -> None:
    assert _rerun(STARTERS[players]["command"]) == STARTERS[players]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "command"), SEARCHED, ids=[str(p) for p, _ in SEARCHED])
def test_every_recorded_command_finds_its_stored_first_round(players: int, command: str) -> None:
    assert _rerun(command) == STARTERS[players]


def bordered_defects(design: Bordered) -> int:
    """Rounds or tray sets that do not seat every point once, plus pairs that meet twice."""
    rounds = develop_bordered(design)
    points = 2 * design.m + (2 if design.fixed else 0)
    defects = 0
    columns: dict[int, list[int]] = {}
    met: Counter[tuple[int, int]] = Counter()
    for row in rounds:
        seated = [x for ns, ew, _ in row for x in (ns, ew)]
        defects += sorted(seated) != list(range(points))
        for ns, ew, column in row:
            columns.setdefault(column, []).extend((ns, ew))
            met[min(ns, ew), max(ns, ew)] += 1
    defects += sum(sorted(seated) != list(range(points)) for seated in columns.values())
    return defects + sum(n - 1 for n in met.values() if n > 1)


@pytest.mark.parametrize("key", sorted(STORED_BORDERED))
def test_stored_bordered_designs_load_and_hold(key: tuple[int, bool]) -> None:
    """Every entry of schedules/data/howell/bordered.json is a bordered design: each round and
    each tray set seats every point once, and no two points meet twice."""
    design = STORED_BORDERED[key]
    assert (design.m, design.fixed) == key
    assert bordered_defects(design) == 0
    pair = design.pairs[0]
    broken = Bordered(
        design.m, design.fixed, design.p0, design.q0, design.singles, (pair, *design.pairs)
    )
    assert bordered_defects(broken) > 0
    assert len(stored_entries(BORDERED)) == len(STORED_BORDERED)
