"""The Snow system (our reconstruction): every tray twice, each way, other opponents, far apart."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from schedules import snow
from schedules.catalog import Request, family
from schedules.findings import ImpossibleMovementError, Law
from schedules.jsonio import movement_to_json
from schedules.tally import plays_by_competitor
from schedules.types import Movement
from schedules.verify import verify


def laws(m: Movement) -> set[Law]:
    return {f.law for f in verify(m)}


@pytest.mark.slow
@given(tables=st.integers(2, 25), per=st.integers(1, 3))
def test_every_size_keeps_the_promise(tables: int, per: int) -> None:
    m = snow.snow(tables, per)
    assert m.mnemonic
    assert verify(m) == []
    plays = plays_by_competitor(m)
    assert len(plays) == len(m.field) * len(m.trays)
    assert min(p[1].round - p[0].round for p in plays.values()) == tables - 1
    # Each pass brings every tray to every pair once, one way round in each pass.
    for p in plays.values():
        assert p[0].round <= tables < p[1].round
        assert p[0].hands is not p[1].hands


@given(tables=st.integers(1, 12).map(lambda k: 2 * k))
def test_an_even_number_of_tables_skips_once_and_ends_on_a_revenge_round(tables: int) -> None:
    m = snow.snow(tables, 1)
    at = {(s.round, s.ew): s.table for s in m.seatings}
    for pair in (s.ew for s in m.seatings if s.round == 1):
        moves = [(at[(r + 1, pair)] - at[(r, pair)]) % tables for r in range(1, tables)]
        assert moves == [(2 if r == tables // 2 else 1) % tables for r in range(1, tables)]
        assert at[(tables, pair)] == at[(1, pair)]


def test_a_replay_made_the_same_way_round_is_rejected() -> None:
    m = snow.snow(5, 1)
    broken = replace(
        m, seatings=tuple(replace(s, switched=False) if s.round == 7 else s for s in m.seatings)
    )
    assert Law.MNEMONIC_SAME_WAY in laws(broken)


def test_a_replay_against_the_same_opponents_is_rejected() -> None:
    m = snow.snow(5, 1)
    first = {(s.table, s.trays): s for s in m.seatings if s.round <= 5}
    again = tuple(
        replace(s, places=first[(s.table, s.trays)].places) if s.round > 5 else s
        for s in m.seatings
    )
    found = laws(replace(m, seatings=again))
    assert Law.REPLAY_SAME_OPPONENTS in found


def test_a_replay_too_soon_is_rejected() -> None:
    m = snow.snow(5, 1)
    # Play the second pass in reverse order: some trays come back after one round.
    again = tuple(replace(s, round=16 - s.round) if s.round > 5 else s for s in m.seatings)
    assert Law.REPLAY_TOO_CLOSE in laws(replace(m, seatings=again))


def test_a_snow_movement_that_does_not_say_mnemonic_keeps_the_snow_promise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Snow movement written elsewhere: the promise, not a flag, says trays are replayed."""
    doc = movement_to_json(snow.snow(4, 1))
    del doc["mnemonic"], doc["promise"]
    path = tmp_path / "snow.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["movement", "verify", str(path), "--promise", "snow"]) == 0
    assert "Verified: yes (promise 'snow' and the universal rules)" in capsys.readouterr().out
    # under no promise the replays are what they would be in any other movement
    assert main(["movement", "verify", str(path)]) == 1
    assert "plays tray 1 again" in capsys.readouterr().out


def test_the_snow_promise_still_holds_each_replay_to_the_other_way_round() -> None:
    m = snow.snow(5, 1)
    broken = replace(
        m,
        mnemonic=False,
        seatings=tuple(replace(s, switched=False) if s.round == 7 else s for s in m.seatings),
    )
    assert Law.MNEMONIC_SAME_WAY in {f.law for f in verify(broken, "snow")}


@pytest.mark.parametrize("tables", [-1, 0, 1, 61])
def test_impossible_sizes_are_refused_with_the_reason(tables: int) -> None:
    with pytest.raises(ImpossibleMovementError, match="2 to 60 tables"):
        snow.snow(tables, 1)


def test_help_says_it_is_a_reconstruction() -> None:
    assert "RECONSTRUCTION" in family("snow").help


def test_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "snow", "--tables", "5"]) == 0
    out = capsys.readouterr().out
    assert "Verified: yes" in out
    assert "reconstruction" in out
    assert main(["movement", "snow", "--tables", "6", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["mnemonic"] is True
    assert doc["rounds"] == 12


@pytest.mark.parametrize(
    "args", [["--tables", "1"], ["--tables", "5", "--mnemonic"], ["--tables", "4", "--rounds", "3"]]
)
def test_cli_refusals_exit_2(args: list[str]) -> None:
    assert main(["movement", "snow", *args]) == 2


def test_request_defaults_to_one_tray_a_round() -> None:
    m = snow.build(Request("snow", tables=3))
    assert len(m.trays) == 3
