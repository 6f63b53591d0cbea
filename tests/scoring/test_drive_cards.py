"""The paper route: a drive rebuilt from its players' cards, and each slip on them flagged
(docs/drive.md#the-paper-route), on a worked example and as properties over random drives."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from director.scoring.drive import Hand, hand_scores
from director.scoring.drive_cards import (
    Card,
    CardCheck,
    Slip,
    card_line,
    check_cards,
    check_totals,
)
from schedules.progressive import (
    DriveSettings,
    Field,
    MovingRule,
    Seating,
    Side,
    TableResult,
    draw_seating,
    next_seating,
)

NS, EW = Side.NS, Side.EW


def _cards(drive: DriveSettings, hands: list[Hand]) -> dict[str, Card]:
    """Each player's card written without a slip: their score hand by hand, and the sum."""
    scored = [hand_scores(drive, hand).tricks for hand in hands]
    players = {p for tricks in scored for p in tricks}
    cards = {}
    for player in players:
        row = tuple(None if player not in t else Fraction(t[player]) for t in scored)
        cards[player] = Card(player, row, sum((f for f in row if f is not None), Fraction(0)))
    return cards


def _check(drive: DriveSettings, hands: list[Hand], cards: dict[str, Card]) -> CardCheck:
    def advance(_: int, seating: Seating, results: tuple[TableResult, ...]) -> Seating:
        return next_seating(drive, seating, results)

    return check_cards(hands[0].seating, drive.hands, drive.dummy, cards.values(), advance)


DRIVE = DriveSettings(2, hands=2, halves=1, field=Field.BY_SEAT)
FIRST = Seating((("A", "B", "C", "D"), ("E", "F", "G", "H")))
RESULTS = ((TableResult(1, NS, 8), TableResult(2, EW, 9)),)


def _example() -> tuple[list[Hand], dict[str, Card]]:
    second = next_seating(DRIVE, FIRST, RESULTS[0])
    hands = [
        Hand(1, FIRST, RESULTS[0]),
        Hand(2, second, (TableResult(1, NS, 7), TableResult(2, NS, 10))),
    ]
    return hands, _cards(DRIVE, hands)


def test_cards_written_without_a_slip_give_every_table_result_and_no_flag() -> None:
    hands, cards = _example()
    check = _check(DRIVE, hands, cards)
    assert check.flags == ()
    assert check.stopped is None
    assert check.seated == 2
    assert {(r.hand, r.result) for r in check.results} == {
        (h.number, r) for h in hands for r in h.results
    }


def test_partners_disagreeing_are_named_with_the_hand_the_table_and_the_likely_right_card() -> None:
    hands, cards = _example()
    cards["C"] = Card("C", (Fraction(9), cards["C"].hands[1]), cards["C"].total)
    check = _check(DRIVE, hands, cards)
    words = [f.words for f in check.flags]
    # counted by hand: C took 8 with A in hand 1, then crossed to West at table 1 and took 6
    assert words == [
        "C's card: the hands add up to 15, but the total written is 14.",
        "Hand 1, table 1: A's card says 8 but partner C's says 9. The other side's 5 fits"
        " A's card.",
    ]
    # both cards say North-South won, so hand 2 is still seated and checked
    assert check.seated == 2
    assert check.stopped is None
    assert (1, 1) not in {(r.hand, r.result.table) for r in check.results}
    assert len(check.results) == 3


def test_sides_not_making_thirteen_and_a_ruling_taking_one_card() -> None:
    hands, cards = _example()
    for player in ("B", "D"):
        cards[player] = Card(player, (Fraction(6), cards[player].hands[1]), None)
    check = _check(DRIVE, hands, cards)
    assert [f.words for f in check.flags] == [
        "Hand 1, table 1: North-South (A and C) wrote 8 and East-West (B and D) wrote 6,"
        " which make 14 tricks, not 13."
    ]

    def advance(_: int, seating: Seating, results: tuple[TableResult, ...]) -> Seating:
        return next_seating(DRIVE, seating, results)

    ruled = check_cards(FIRST, 2, False, cards.values(), advance, rulings={(1, 1): "B"})
    taken = next(r for r in ruled.results if (r.hand, r.result.table) == (1, 1))
    assert taken.ruled == "B"
    assert taken.result == TableResult(1, NS, 7)


def test_cards_not_agreeing_who_won_stop_the_seating_until_a_ruling() -> None:
    hands, cards = _example()
    cards["A"] = Card("A", (Fraction(6), cards["A"].hands[1]), cards["A"].total)
    check = _check(DRIVE, hands, cards)
    assert check.seated == 1
    assert check.stopped == (
        "Hand 1, table 1: the cards do not agree who won, so the seating from hand 2 on waits"
        " for your ruling."
    )


def test_a_held_entry_seats_the_next_hand_and_a_card_disagreeing_with_it_is_flagged() -> None:
    _hands, cards = _example()
    first = {c.player: c for c in cards.values() if c.player in "ABCDEFGH"}

    def advance(_: int, seating: Seating, results: tuple[TableResult, ...]) -> Seating:
        return next_seating(DRIVE, seating, results)

    held = {(1, 1): TableResult(1, NS, 9)}
    check = check_cards(FIRST, 2, False, first.values(), advance, held=held)
    assert [f.slip for f in check.flags] == [Slip.ENTERED]
    assert check.flags[0].words.endswith(
        "the cards say North-South took 8 tricks, but the result already entered is North-South 9."
    )
    assert (1, 1) not in {(r.hand, r.result.table) for r in check.results}


def test_missing_cards_wait_and_blank_or_odd_figures_are_flagged() -> None:
    hands, cards = _example()
    del cards["H"]
    cards["E"] = Card("E", (None, cards["E"].hands[1]), None)
    cards["F"] = Card("F", (Fraction(13, 2), cards["F"].hands[1]), None)
    check = _check(DRIVE, hands, cards)
    assert "H" in check.missing
    assert [f.words for f in check.flags] == [
        "Hand 1, table 2: E's card has nothing written for this hand.",
        "Hand 1, table 2: F's card says 6.5, but a hand played is a whole number of tricks"
        " from 0 to 13.",
    ]


def test_the_short_form_compares_each_total_with_the_programs() -> None:
    cards = [Card("A", (), Fraction(15)), Card("B", (), Fraction(11)), Card("Z", (), None)]
    cards.append(Card("Q", (), Fraction(3)))
    flags = check_totals(cards, {"A": 15, "B": Fraction(21, 2)}, 2)
    assert [f.words for f in flags] == [
        "B's card says 11 tricks; the hands entered give 10.5 tricks after hand 2.",
        "Q's card says 3 tricks, but no hand of theirs is entered.",
    ]
    assert card_line(Card("A", (Fraction(8), None), Fraction(8))) == "A: 8 -, total 8"


@st.composite
def drive_with_cards(draw: st.DrawFn) -> tuple[DriveSettings, list[Hand], dict[str, Card]]:
    """A random drive of up to four tables by seat, and every player's card written right."""
    tables = draw(st.integers(1, 4))
    drive = DriveSettings(
        tables, rule=draw(st.sampled_from(MovingRule)), field=Field.BY_SEAT, hands=4
    )
    players = [f"p{i}" for i in range(draw(st.integers(4, 4 * tables)))]
    seating = draw_seating(drive, players, draw(st.integers(0, 99)))
    hands = []
    for number in range(1, drive.hands + 1):
        results = tuple(
            TableResult(t, draw(st.sampled_from(Side)), draw(st.integers(7, 13)))
            for t in seating.playing_tables(dummy=False)
        )
        hands.append(Hand(number, seating, results))
        seating = next_seating(drive, seating, results)
    return drive, hands, _cards(drive, hands)


@given(drive_with_cards())
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_cards_derived_from_a_drive_rebuild_every_result_without_a_flag(
    drive: tuple[DriveSettings, list[Hand], dict[str, Card]],
) -> None:
    settings_, hands, cards = drive
    check = _check(settings_, hands, cards)
    assert check.flags == ()
    assert check.missing == frozenset()
    assert sorted((r.hand, r.result.table, r.result) for r in check.results) == sorted(
        (h.number, r.table, r) for h in hands for r in h.results
    )


@given(drive_with_cards(), st.data())
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_one_figure_changed_is_flagged_naming_exactly_its_player_hand_and_table(
    drive: tuple[DriveSettings, list[Hand], dict[str, Card]], data: st.DataObject
) -> None:
    settings_, hands, cards = drive
    played = [
        (hand, place, player)
        for hand in hands
        for place, player in hand.seating.places()
        if hand.seating.plays(place.table, False)
    ]
    hand, place, player = data.draw(st.sampled_from(played))
    card = cards[player]
    old = card.hands[hand.number - 1]
    new = data.draw(st.integers(0, 13).filter(lambda f: f != old))
    row = list(card.hands)
    row[hand.number - 1] = Fraction(new)
    cards[player] = Card(player, tuple(row), card.total)
    check = _check(settings_, hands, cards)
    assert {f.slip for f in check.flags} == {Slip.PARTNERS, Slip.TOTAL}
    for flag in check.flags:
        assert player in flag.players
        assert (flag.hand, flag.table) in {(hand.number, place.table), (None, None)}
    assert (hand.number, place.table) not in {(r.hand, r.result.table) for r in check.results}


@given(drive_with_cards(), st.data())
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_one_total_miswritten_is_the_only_flag_and_names_its_card(
    drive: tuple[DriveSettings, list[Hand], dict[str, Card]], data: st.DataObject
) -> None:
    settings_, hands, cards = drive
    player = data.draw(st.sampled_from(sorted(cards)))
    card = cards[player]
    slip = data.draw(st.integers(-20, 20).filter(bool))
    cards[player] = Card(player, card.hands, (card.total or Fraction(0)) + slip)
    check = _check(settings_, hands, cards)
    assert [(f.slip, f.players) for f in check.flags] == [(Slip.TOTAL, (player,))]
