"""Team movements: two teams of four, Howell's and Gilman's systems."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from schedules import team
from schedules.catalog import Request
from schedules.findings import ImpossibleMovementError, Law
from schedules.mnemonic import make_mnemonic
from schedules.promises.teams import complete_matches
from schedules.types import Competitors, Movement, Seating
from schedules.verify import verify


def laws(movement: Movement) -> set[Law]:
    return {f.law for f in verify(movement)}


@given(
    teams=st.integers(1, 8).map(lambda k: 2 * k + 1),
    variant=st.sampled_from(["howell", "gilman"]),
    per=st.integers(1, 4),
)
def test_odd_teams_keep_the_team_promise(teams: int, variant: str, per: int) -> None:
    m = team.build(Request("team", teams=teams, variant=variant, trays_per_round=per))
    assert verify(m) == []
    assert verify(make_mnemonic(m)) == []
    assert m.competitors is Competitors.TEAMS
    assert set(complete_matches(m).values()) == {per}
    for name, pairs in m.teams.items():
        assert pairs == (f"{name}.1", f"{name}.2")


@pytest.mark.parametrize(("variant", "sets"), [(None, 6), ("six-sets", 6), ("league", 3)])
def test_two_teams_of_four_play_fosters_sets(variant: str | None, sets: int) -> None:
    m = team.build(Request("team", teams=2, variant=variant, trays_per_round=2))
    assert verify(m) == []
    assert m.rounds == sets
    assert complete_matches(m) == {("1", "2"): len(m.trays)}
    first = next(s for s in m.seatings if s.round == 1 and s.table == 1)
    assert (m.attributes[first.ns], m.attributes[first.ew]) == ("players A-B", "players W-X")


def test_team_pairs_holding_the_same_hands_are_rejected() -> None:
    m = team.build(Request("team", teams=5))
    broken = replace(
        m,
        seatings=tuple(
            replace(s, switched=True) if (s.round, s.table) == (1, 1) else s for s in m.seatings
        ),
    )
    assert Law.TEAM_SAME_HANDS in laws(broken)


def test_a_team_meeting_itself_is_rejected() -> None:
    m = team.build(Request("team", teams=3))
    own = tuple(
        Seating.pair(s.round, s.table, s.trays, "1.1", "1.2") if (s.round, s.table) == (1, 1) else s
        for s in m.seatings
        if not ((s.round == 1) and {"1.1", "1.2"} & set(s.places) and s.table != 1)
    )
    assert Law.TEAM_MEETS_ITSELF in laws(replace(m, seatings=own))


def test_teams_without_a_complete_match_are_rejected() -> None:
    m = team.build(Request("team", teams=5))
    # Tell the verifier that pairs 1.2 and 2.2 swapped teams: team 1's pairs no longer match.
    teams = dict(m.teams) | {"1": ("1.1", "2.2"), "2": ("2.1", "1.2")}
    assert Law.TEAM_PAIRING_WRONG in laws(replace(m, teams=teams))


@pytest.mark.parametrize("teams", [0, 1, 4, 6])
def test_impossible_team_counts_are_refused(teams: int) -> None:
    with pytest.raises(ImpossibleMovementError, match="teams"):
        team.build(Request("team", teams=teams))


def test_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "team", "--teams", "5", "--format", "text"]) == 0
    assert "Verified: yes" in capsys.readouterr().out
    assert main(["movement", "team", "--teams", "5", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["teams"]["3"] == ["3.1", "3.2"]
    assert doc["competitors"] == "teams"


@pytest.mark.parametrize(
    "args",
    [["--teams", "4"], ["--teams", "2", "--variant", "howell"], ["--teams", "5", "--rounds", "2"]],
)
def test_cli_refusals_exit_2(args: list[str]) -> None:
    assert main(["movement", "team", *args]) == 2
