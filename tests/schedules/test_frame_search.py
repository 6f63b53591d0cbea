"""Whist frames over Z_m x Z_m (tools/frame_search.py), the one stored in
schedules/data/whist/frame.json, and the Wh(v) a frame and a hole make
(schedules.designs.whist.frame_rounds)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from schedules.designs.whist import (
    OPPONENT_SEATS,
    PARTNER_SEATS,
    Frame,
    frame_rounds,
    group,
    product_rounds,
)
from schedules.designs.whist_sizes import (
    FRAMES,
    construction,
    spread_for,
    stored_frames,
    whist_rounds,
)
from tests.schedules.test_holed_whist import is_whist
from tools import frame_search

pytestmark = pytest.mark.slow


def frame_defects(frame: Frame) -> int:
    """How far the first round is from a frame: elements seated other than once outside H,
    and partner and opponent counts of the classes outside H off 1 and 2 (those inside, 0)."""
    g = group(frame.moduli)
    seated = Counter(x for game in frame.games for x in game)
    defects = sum(abs(seated[x] - (1 if frame.group_of(x) else 0)) for x in range(g.order))
    partners: Counter[int] = Counter()
    opponents: Counter[int] = Counter()
    for game in frame.games:
        for seats, counts in ((PARTNER_SEATS, partners), (OPPONENT_SEATS, opponents)):
            for i, j in seats:
                counts[g.sub(game[i], game[j])] += 1
                counts[g.sub(game[j], game[i])] += 1
    for d in range(1, g.order):
        outside = frame.group_of(d) != 0
        defects += abs(partners[d] - (1 if outside else 0))
        defects += abs(opponents[d] - (2 if outside else 0))
    return defects


def _fill(frame: Frame) -> list[list[tuple[int, int, int, int]]]:
    return product_rounds(whist_rounds(4), 4, whist_rounds(frame.hole), spread_for(4, frame.hole))


def test_the_search_finds_a_frame_for_152() -> None:
    games, entry = frame_search.search(152, side=12, groups=6, seed=2)
    frame = Frame((12, 12), games, 6, 8, "test")
    assert frame_defects(frame) == 0
    assert len(games) == 30
    assert entry["command"] == "tools/frame_search.py 152 --side 12 --groups 6 --seed 2"


def test_a_seed_gives_the_same_frame() -> None:
    first = frame_search.search(152, side=12, groups=6, seed=4)[1]
    again = frame_search.search(152, side=12, groups=6, seed=4)[1]
    assert first["games"] == again["games"]
    assert first["families"] == again["families"]


@pytest.mark.parametrize(("players", "side", "groups"), [(150, 12, 6), (152, 12, 4), (40, 6, 3)])
def test_the_search_refuses_a_hole_that_does_not_fit(players: int, side: int, groups: int) -> None:
    with pytest.raises(SystemExit, match="a third of a group"):
        frame_search.search(players, side=side, groups=groups, seed=1)


STORED = json.loads(FRAMES.read_text(encoding="utf-8"))["sizes"]


@pytest.mark.parametrize("players", sorted(STORED))
def test_a_stored_command_finds_its_frame_again(players: str) -> None:
    entry = STORED[players]
    assert entry["command"].startswith(f"tools/frame_search.py {players} ")
    args = frame_search.command_line().parse_args(entry["command"].split()[1:])
    again = frame_search.search(**vars(args))[1]
    assert again["games"] == entry["games"]


@pytest.mark.parametrize("players", sorted(stored_frames()))
def test_every_stored_frame_fills_to_a_whist_tournament(players: int) -> None:
    frame = stored_frames()[players]
    assert frame_defects(frame) == 0
    assert frame.players == players
    rounds = frame_rounds(frame, _fill(frame))
    assert len(rounds) == players - 1
    assert is_whist(rounds, players)
    assert "whist frame" in (construction(players) or "")
    assert whist_rounds(players) == rounds


def test_a_broken_frame_is_seen() -> None:
    frame = stored_frames()[152]
    (a, b, c, d), *rest = frame.games
    assert frame_defects(replace(frame, games=((a, c, b, d), *rest))) > 0


def test_the_fill_must_have_a_round_for_every_missed_group_and_the_hole() -> None:
    frame = stored_frames()[152]
    with pytest.raises(ValueError, match="needs 31 rounds, not 30"):
        frame_rounds(frame, _fill(frame)[:-1])


def test_the_fill_must_keep_the_hole_apart_in_its_last_rounds() -> None:
    frame = stored_frames()[152]
    fill = _fill(frame)
    # the product's first round mixes the hole with the rest: as a hole round it is refused
    with pytest.raises(ValueError, match="keep the hole apart"):
        frame_rounds(frame, [*fill[:24], fill[0], *fill[25:]])
