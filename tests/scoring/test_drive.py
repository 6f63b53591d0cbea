"""A whist drive's scores, standings and prizes (docs/drive.md#scoring), on a worked example
counted by hand and as properties over random drives."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from director.scoring.drive import Hand, Penalty, hand_scores, penalty_notes, standings
from director.scoring.drive_prizes import PrizeSettings, TieRule, prizes
from schedules.progressive import (
    DriveError,
    DriveSettings,
    Field,
    MovingRule,
    Role,
    Seating,
    Side,
    SitOut,
    TableResult,
    arrive,
    draw_seating,
    leave,
    next_seating,
)
from schedules.progressive.seating import role_of

NS, EW = Side.NS, Side.EW
DRIVE = DriveSettings(3, hands=2, halves=2)
FIRST = Seating((("A", "B", "a", "b"), ("C", "D", "c", "d"), ("E", "F", "e", "f")))
SECOND = Seating((("A", "F", "c", "a"), ("B", "D", "d", "f"), ("E", "C", "b", "e")))
HANDS = (
    Hand(1, FIRST, (TableResult(1, NS, 8), TableResult(2, EW, 7), TableResult(3, NS, 9))),
    Hand(2, SECOND, (TableResult(1, EW, 10), TableResult(2, NS, 7), TableResult(3, EW, 8))),
)
ROLES = {p: Role.LADY if p.isupper() else Role.GENTLEMAN for p in "ABCDEFabcdef"}
# counted by hand from the two hands above
TOTALS = {"A": 11, "B": 12, "C": 14, "D": 13, "E": 14, "F": 14}
TOTALS |= {"a": 18, "b": 10, "c": 9, "d": 14, "e": 17, "f": 10}


def test_the_worked_example_is_the_seating_the_progressive_rule_gives() -> None:
    assert next_seating(DRIVE, FIRST, HANDS[0].results) == SECOND


def test_totals_and_running_totals_equal_the_count_by_hand() -> None:
    table = standings(DRIVE, HANDS)
    assert {s.player: s.total for s in table} == TOTALS
    assert [s.player for s in table][:2] == ["a", "e"]
    a = table[0]
    assert a.running == (Fraction(8), Fraction(18))
    assert a.after(1).total == 8
    assert a.after(1).hands_won == 1
    assert (a.hands_won, a.big_hands) == (2, 1)


def test_prizes_by_role_with_ties_broken_by_the_last_hand() -> None:
    words = [p.words for p in prizes(DRIVE, PrizeSettings(), HANDS, ROLES)]
    assert words[:6] == [
        "top lady: F, 14 tricks; tie with C, E broken by the last hand",
        "second lady: C, 14 tricks; tie with F, E broken by the last hand",
        "third lady: E, 14 tricks; tie with F, C broken by the last hand",
        "top gentleman: a, 18 tricks",
        "second gentleman: e, 17 tricks",
        "third gentleman: d, 14 tricks",
    ]
    # half-time after hand 1: E and e both 9, equal on the last hand too, so lots decide
    assert re.fullmatch(
        r"half-time: (E|e), 9 tricks; tie with (E|e) broken by the last hand, then lots drawn "
        r"by the program \((E|e) drew 1, (E|e) drew 2\)",
        words[6],
    )
    assert words[7:] == [
        "booby: c, 9 tricks",
        "most hands of 10 or more tricks: a, 1 hand; tie with F broken by the last hand",
    ]


def test_lots_are_drawn_the_same_from_the_same_seed_and_shown() -> None:
    rules = PrizeSettings(by_role=False, places=1, tie_rule=TieRule.LOTS, seed=5)
    first = prizes(DRIVE, rules, HANDS, ROLES)
    assert first == prizes(DRIVE, rules, HANDS, ROLES)
    assert first[0].words == "top score: a, 18 tricks"
    assert "lots drawn by the program (" in first[1].tie


def test_most_hands_won_breaks_a_tie_and_lots_decide_the_rest() -> None:
    rules = PrizeSettings(by_role=False, places=5, tie_rule=TieRule.MOST_WON)
    third, fourth = prizes(DRIVE, rules, HANDS, ROLES)[2:4]
    # C, E, F and d on 14: only d won both hands; the other three won one each
    assert third.words.startswith("third score: d, 14 tricks; tie with")
    assert re.fullmatch(
        r"tie with .* broken by most hands won, then lots drawn by the program "
        r"\(\w drew 1, \w drew 2, \w drew 3, \w drew 4\)",
        fourth.tie,
    )


def test_a_revoke_gives_the_house_penalty_to_the_other_side_and_is_recorded() -> None:
    revoked = Hand(1, FIRST, HANDS[0].results, (Penalty(1, NS, "revoke in spades"),))
    scores = hand_scores(DRIVE, revoked).tricks
    assert (scores["A"], scores["B"]) == (5, 8)
    assert penalty_notes(DRIVE, [revoked]) == (
        "Hand 1, table 1: North-South gave 3 tricks to East-West (revoke in spades).",
    )
    nothing_left = Hand(1, FIRST, (TableResult(1, NS, 13), *HANDS[0].results[1:]))
    nothing_left = Hand(1, FIRST, nothing_left.results, (Penalty(1, EW, "revoke"),))
    assert hand_scores(DRIVE, nothing_left).tricks["B"] == 0
    with pytest.raises(DriveError, match="a penalty at table 4, which did not play"):
        hand_scores(DRIVE, Hand(1, FIRST, HANDS[0].results, (Penalty(4, NS, "revoke"),)))


SHORT = Seating((("p1", "p2", "p3", "p4"), ("p5", "p7", "p6", None), ("s1", None, "s2", None)))
SHORT_HAND = Hand(1, SHORT, (TableResult(1, NS, 9), TableResult(2, EW, 8)))


def test_a_player_sitting_out_scores_the_hands_average_exactly() -> None:
    drive = DriveSettings(3, field=Field.BY_SEAT, dummy=True)
    scores = hand_scores(drive, SHORT_HAND)
    # seven played: 9, 9, 4, 4 at table 1; 8 for East (with the dummy), 5, 5 at table 2
    assert scores.tricks["s1"] == Fraction(44, 7)
    assert scores.sat_out == {"s1", "s2"}
    assert scores.tricks["p7"] == 8


def test_a_player_sitting_out_scores_the_set_figure_when_the_drive_says_so() -> None:
    drive = DriveSettings(3, field=Field.BY_SEAT, dummy=True, sit_out=SitOut.SET_FIGURE)
    assert hand_scores(drive, SHORT_HAND).tricks["s2"] == 7


@st.composite
def random_drive(draw: st.DrawFn) -> tuple[DriveSettings, list[Hand]]:
    """A drive of four hands by seat, with random results, revokes, a late arrival and a
    player leaving."""
    tables = draw(st.integers(1, 5))
    drive = DriveSettings(
        tables, rule=draw(st.sampled_from(MovingRule)), field=Field.BY_SEAT, hands=4
    )
    players = [f"p{i}" for i in range(draw(st.integers(0, 4 * tables)))]
    seating = draw_seating(drive, players, draw(st.integers(0, 9)))
    hands = []
    for number in range(1, drive.hands + 1):
        results = tuple(
            TableResult(t, draw(st.sampled_from(Side)), draw(st.integers(7, 13)))
            for t in seating.playing_tables(dummy=False)
        )
        penalties = tuple(
            Penalty(r.table, draw(st.sampled_from(Side)), "revoke")
            for r in results
            if draw(st.booleans())
        )
        hands.append(Hand(number, seating, results, penalties))
        seating = next_seating(drive, seating, results)
        leaver = draw(st.sampled_from(sorted(seating.players()) or [""]))
        leaving, arriving = draw(st.booleans()), draw(st.booleans())
        if leaver and leaving:
            seating = leave(seating, leaver, drive.field)
        free = {role_of(s) for t in range(1, tables + 1) for s in seating.empty_seats(t)}
        if free and arriving:
            role = draw(st.sampled_from(sorted(free, key=lambda r: r.value)))
            seating = arrive(seating, f"late{number}", role)
    return drive, hands


@given(random_drive())
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_the_average_card_gains_six_and_a_half_a_hand(
    drive_hands: tuple[DriveSettings, list[Hand]],
) -> None:
    # each full table's four cards share 26 tricks, revokes only move tricks between sides,
    # and whoever sits out scores the average of those who played
    drive, hands = drive_hands
    table = standings(drive, hands)
    present = sum(1 for s in table for tricks in s.by_hand if tricks is not None)
    assert sum(s.total for s in table) == Fraction(13, 2) * present
    assert [s.total for s in table] == sorted((s.total for s in table), reverse=True)
    for standing in table:
        assert standing.running[-1] == standing.total


@given(random_drive(), st.sampled_from(TieRule), st.integers(0, 9))
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_placings_go_to_different_players_in_order_and_ties_are_explained(
    drive_hands: tuple[DriveSettings, list[Hand]], rule: TieRule, seed: int
) -> None:
    drive, hands = drive_hands
    rules = PrizeSettings(by_role=False, places=3, tie_rule=rule, seed=seed)
    won = prizes(drive, rules, hands, {})
    assert won == prizes(drive, rules, hands, {})
    # a late arrival's or a leaver's short card is neither placed nor the booby
    totals = {s.player: s.total for s in standings(drive, hands) if s.whole}
    placings = [p for p in won if p.title.endswith(" score")]
    assert len({p.player for p in placings}) == len(placings) == min(3, len(totals))
    assert [totals[p.player] for p in placings] == sorted(totals.values(), reverse=True)[:3]
    for prize in placings:
        tied = sorted(p for p, total in totals.items() if total == totals[prize.player])
        assert bool(prize.tie) == (len(tied) > 1)
        assert all(p in prize.tie for p in tied if p != prize.player)
    booby = [p for p in won if p.title == "booby"]
    assert bool(booby) == (len(totals) > 3)
    if booby:
        assert booby[0].player not in {p.player for p in placings}
        assert totals[booby[0].player] == min(totals.values())


def test_prizes_by_role_need_everyones_role() -> None:
    with pytest.raises(DriveError, match="say which a, b are, or give prizes overall"):
        prizes(DRIVE, PrizeSettings(), HANDS, {p: ROLES[p] for p in "ABCDEFcdef"})
    with pytest.raises(DriveError, match="1 to 5 places, not 6"):
        PrizeSettings(places=6)
