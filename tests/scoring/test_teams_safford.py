"""Teams of four (W6-W8) and Safford married couples (tricks lost, subtotals, couples)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from director.scoring import score_section
from director.scoring.model import Settings, TableResult, TeamMethod
from director.scoring.safford import default_couples
from schedules.types import Competitors, Movement, Seating, infer_trays
from tests.scoring.builders import session


def _teams(matches: list[tuple[str, str]], deals: int = 2) -> Movement:
    """Each match between teams X and Y: X1 N/S v Y2 at one table, Y1 N/S v X2 at another."""
    seats = []
    teams: dict[str, tuple[str, str]] = {}
    for r, (x, y) in enumerate(matches, start=1):
        trays = range((r - 1) * deals + 1, r * deals + 1)
        table = 2 * (r - 1) + 1
        seats += [
            Seating.pair(r, table, trays, f"{x}1", f"{y}2"),
            Seating.pair(r, table + 1, trays, f"{y}1", f"{x}2"),
        ]
        teams |= {x: (f"{x}1", f"{x}2"), y: (f"{y}1", f"{y}2")}
    field = tuple(p for pairs in teams.values() for p in pairs)
    return Movement(
        "team", Competitors.TEAMS, 2 * len(matches), len(matches), infer_trays(seats),
        tuple(seats), field, teams=teams,
    )  # fmt: skip


def test_two_team_match_is_won_by_the_excess_over_half_the_total() -> None:
    mv = _teams([("A", "B")], deals=3)
    tricks = {(1, 1): 8, (1, 2): 6, (1, 3): 7, (2, 1): 4, (2, 2): 6, (2, 3): 9}
    results = [TableResult(1, t, tray, tricks[(t, tray)]) for t, tray in tricks]
    res = score_section(session(mv, results))
    a = 8 + 6 + 7 + (13 - 4) + (13 - 6) + (13 - 9)
    rows = {t.team: t for t in res.teams}
    assert rows["A"].tricks == a
    assert rows["A"].margin == a - 13 * 3
    assert rows["B"].margin == -(a - 13 * 3)


def _round_robin(method: TeamMethod):
    mv = _teams([("A", "B"), ("A", "C"), ("B", "C")], deals=1)
    ns = {1: 8, 2: 5, 3: 7, 4: 7, 5: 6, 6: 8}  # table -> N/S tricks
    results = [TableResult(s.round, s.table, s.trays[0], ns[s.table]) for s in mv.seatings]
    return score_section(session(mv, results, Settings(team_method=method)))


def test_round_robin_counts_matches_won_with_halves_for_ties() -> None:
    rows = {t.team: t for t in _round_robin(TeamMethod.MATCHES_WON).teams}
    # A v B: A 8 + (13-5) = 16 v 10: A wins. A v C: 7 + 6 = 13 v 13: tie. B v C: 6 + 5 = 11 v 15.
    assert rows["A"].matches_won == Fraction(3, 2)
    assert rows["C"].matches_won == Fraction(3, 2)
    assert rows["B"].matches_won == 0
    # ties in matches won go to tricks: A net +3, C net +2
    assert (rows["A"].place, rows["C"].place, rows["B"].place) == ("1", "2", "3")
    assert _round_robin(TeamMethod.MATCHES_WON).winners[0].labels == ("A",)


def test_several_teams_against_the_average_aggregate() -> None:
    res = _round_robin(TeamMethod.AGGREGATE)
    assert sum(t.margin for t in res.teams) == 0
    rows = {t.team: t for t in res.teams}
    assert rows["A"].tricks == 8 + 8 + 7 + 6


def test_odd_pair_is_balanced_with_the_average_of_the_opposite_positions() -> None:
    mv = _teams([("A", "B")], deals=1)
    # Team A fields a third pair at N/S of a third table against nobody's E/W... modelled as
    # A3 holding N/S at table 3 against a B pair not in any team list.
    extra = Seating.pair(1, 3, (1,), "A3", "X")
    mv = replace(
        mv,
        seatings=(*mv.seatings, extra),
        field=(*mv.field, "A3", "X"),
        teams={"A": ("A1", "A2", "A3"), "B": ("B1", "B2")},
    )
    results = [TableResult(1, 1, 1, 8), TableResult(1, 2, 1, 6), TableResult(1, 3, 1, 7)]
    res = score_section(session(mv, results))
    rows = {t.team: t for t in res.teams}
    ew_pairs = [13 - 8, 13 - 6]  # A2 and B2 sit E/W: A's odd pair sits N/S
    assert rows["A"].tricks == 8 + (13 - 6) + 7 + Fraction(sum(ew_pairs), 2)


def _safford() -> Movement:
    # Lady a and her husband 1 hold the same North hand of tray 1 at different tables. Players
    # a, b and 2 hold trays 1-4 in both rounds: mnemonic, so that both plays count (W15).
    seats = (
        Seating.individual(1, 1, (1, 2, 3, 4), "a", "2", "b", "3"),
        Seating.individual(2, 2, (1, 2, 3, 4), "1", "b", "2", "a"),
    )
    return Movement(
        "safford", Competitors.INDIVIDUALS, 2, 2, infer_trays(seats), seats,
        ("a", "b", "1", "2", "3"), winners=("safford",), mnemonic=True,
    )  # fmt: skip


def test_safford_tricks_lost_subtotals_and_husband_against_wife() -> None:
    mv = _safford()
    ns1 = {1: 9, 2: 4, 3: 7, 4: 7}
    ns2 = {1: 6, 2: 8, 3: 7, 4: 3}
    results = [TableResult(1, 1, t, v) for t, v in ns1.items()]
    results += [TableResult(2, 2, t, v) for t, v in ns2.items()]
    res = score_section(session(mv, results))
    lost_a = sum(13 - v for v in ns1.values()) + sum(ns2.values())  # N/S, then E/W (west)
    subtotal = {s.label: s.lost for s in res.subtotals}
    assert subtotal["a"] == (sum(13 - v for v in ns1.values()), lost_a)
    assert res.winners[0].figure == min(13 * s.deals - s.raw for s in res.standings["overall"])
    couple = next(c for c in res.couples if c.couple == "a-1")
    assert couple.deals == 4  # a held North in round 1, 1 held North in round 2
    assert couple.wife_lost == sum(13 - v for v in ns1.values())
    assert couple.husband_lost == sum(13 - v for v in ns2.values())


def test_default_couples_pair_letters_with_numbers() -> None:
    assert default_couples(("c", "a", "1", "3", "2"), {}) == (("a", "1"), ("c", "3"))
