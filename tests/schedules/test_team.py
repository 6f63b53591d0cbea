"""Team movements: two teams of four, a round robin, Howell's and Gilman's systems, clubs."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from director.scoring import score_section
from director.scoring.model import TableResult
from schedules import team
from schedules.catalog import Request
from schedules.findings import ImpossibleMovementError, Law
from schedules.mnemonic import make_mnemonic
from schedules.promises.teams import complete_matches
from schedules.types import Competitors, Direction, Movement, Seating
from schedules.verify import verify
from tests.scoring.builders import session


def laws(movement: Movement) -> set[Law]:
    return {f.law for f in verify(movement)}


def seated_twice(m: Movement) -> list[tuple[int, str]]:
    """(round, competitor) for anyone seated at two tables in one round."""
    seen: dict[tuple[int, str], int] = {}
    for s in m.seatings:
        for who in s.places:
            seen[(s.round, who)] = seen.get((s.round, who), 0) + 1
    return [key for key, n in seen.items() if n > 1]


@pytest.mark.slow
@given(teams=st.integers(2, 12).map(lambda k: 2 * k), per=st.integers(1, 3))
def test_even_teams_play_a_round_robin_of_two_table_matches(teams: int, per: int) -> None:
    m = team.build(Request("team", teams=teams, trays_per_round=per))
    assert m.variant == "round-robin"
    assert verify(m) == []
    assert verify(make_mnemonic(m)) == []
    assert (m.tables, m.rounds) == (teams, teams - 1)
    assert seated_twice(m) == []
    # Every team meets every other in one match, both tray groups of it complete.
    assert len(complete_matches(m)) == teams * (teams - 1) // 2
    assert set(complete_matches(m).values()) == {2 * per}
    # Every tray is played by both halves of one match: two tables, one round, same two teams.
    where: dict[int, list[Seating]] = {}
    for s in m.seatings:
        for tray in s.trays:
            where.setdefault(tray, []).append(s)
    for tray, seats in where.items():
        assert len(seats) == 2, tray
        assert seats[0].round == seats[1].round, tray
        teams_at = [{m.team_of(p) for p in s.places} for s in seats]
        assert teams_at[0] == teams_at[1], tray
        assert len(teams_at[0]) == 2, tray
        dealt_at = m.tray(tray).original_table
        assert dealt_at in {s.table for s in seats}


@given(tables=st.integers(2, 15), per=st.integers(1, 3))
def test_club_against_club_balances_every_tray_as_near_as_possible(tables: int, per: int) -> None:
    m = team.build(Request("team", tables=tables, variant="club", trays_per_round=per))
    assert verify(m) == []
    assert seated_twice(m) == []
    assert [len(pairs) for pairs in m.teams.values()] == [tables, tables]
    for tray in m.tray_numbers:
        held = [s.hands_of(p) for s in m.seatings if tray in s.trays for p in s.places]
        assert len(held) == 2 * tables  # every pair of both clubs plays it once
        club_1 = [s.hands_of(p) for s in m.seatings if tray in s.trays for p in s.places[:2]
                  if m.team_of(p) == "1"]  # fmt: skip
        assert club_1.count(Direction.NS) - club_1.count(Direction.EW) == tables % 2


def test_an_odd_pair_holding_one_side_twice_more_is_rejected() -> None:
    m = team.build(Request("team", tables=3, variant="club", trays_per_round=1))
    assert verify(m) == []
    # Table 2 arrow-switched in set 1: club 1 holds the N-S hands of tray 2 at all three tables.
    broken = replace(
        m,
        seatings=tuple(
            replace(s, switched=True) if (s.round, s.table) == (1, 2) else s for s in m.seatings
        ),
    )
    assert Law.TEAM_SAME_HANDS in laws(broken)


def test_round_robin_and_club_events_score_by_team() -> None:
    m = team.build(Request("team", teams=6, trays_per_round=1))
    results = [TableResult(s.round, s.table, t, (s.table * 5 + t) % 14) for s in m.seatings
               for t in s.trays]  # fmt: skip
    rows = score_section(session(m, results)).teams
    assert sum(r.matches_won for r in rows if r.matches_won is not None) == 15  # 6 choose 2
    club = team.build(Request("team", tables=3, variant="club", trays_per_round=1))
    results = [TableResult(s.round, s.table, t, 7) for s in club.seatings for t in s.trays]
    rows = score_section(session(club, results)).teams
    # Each club: 3 scores a tray plus the odd pair's credit; with N-S 7 everywhere the clubs
    # differ only by the sides they held, and the credits balance them to 2 N-S + 2 E-W.
    assert {r.team: r.tricks for r in rows} == {"1": 3 * (7 + 7 + 6 + 6), "2": 3 * (6 + 6 + 7 + 7)}


@pytest.mark.slow
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


@pytest.mark.parametrize("teams", [0, 1, 61])
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
    [
        ["--teams", "4", "--variant", "howell"],
        ["--teams", "2", "--variant", "howell"],
        ["--teams", "5", "--rounds", "2"],
        ["--teams", "3", "--variant", "club"],
        ["--variant", "club"],
        ["--tables", "1", "--variant", "club"],
    ],
)
def test_cli_refusals_exit_2(args: list[str]) -> None:
    assert main(["movement", "team", *args]) == 2


@pytest.mark.parametrize("variant", ["six-sets", "league"])
@pytest.mark.parametrize("teams", [4, 6, 10])
def test_a_round_robin_plays_each_match_in_fosters_sets(teams: int, variant: str) -> None:
    """Every two teams of four meet once, in all six sets (or the 1st, 3rd and 5th), each
    team's four players in a new partnership every second set, as Foster's two-team match."""
    sets = 3 if variant == "league" else 6
    m = team.build(Request("team", teams=teams, trays_per_round=1, variant=variant))
    assert verify(m) == []
    assert (m.tables, m.rounds) == (teams, (teams - 1) * sets)
    assert seated_twice(m) == []
    # every two teams meet in one match of `sets` sets: 2 trays a set, complete
    assert len(complete_matches(m)) == teams * (teams - 1) // 2
    assert set(complete_matches(m).values()) == {2 * sets}
    # within each match a team fields the partnerships of Foster's sets, in his order
    two = team.build(Request("team", teams=2, trays_per_round=1, variant=variant))
    foster = [sorted(s.places) for s in sorted(two.seatings, key=lambda s: (s.round, s.table))]
    for x in m.teams:
        mine = [s for s in m.seatings if x in {m.team_of(p) for p in s.places}]
        partnerships = [p for s in mine for p in s.places if m.team_of(p) == x]
        assert len(set(partnerships)) == len({p for s in foster for p in s}) // 2
        assert len(partnerships) == 2 * (teams - 1) * sets
    results = [TableResult(s.round, s.table, t, (s.table * 5 + t) % 14) for s in m.seatings
               for t in s.trays]  # fmt: skip
    scored = score_section(session(m, results))
    assert len(scored.teams) == teams
