"""The drive's moving rules (docs/drive.md#the-moving-rules): properties over random fields and
results, and a hand-by-hand replay of each rule on a worked example."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schedules.progressive import (
    DriveError,
    DriveSettings,
    Field,
    Mover,
    MovingRule,
    Place,
    Role,
    Seat,
    Seating,
    Side,
    TableResult,
    arrive,
    card_number,
    card_place,
    draw_seating,
    leave,
    move_words,
    next_seating,
    seating_from_cards,
)
from schedules.progressive.seating import Player, role_of, side_of
from schedules.progressive.settings import Layout, Trumps

NS, EW = Side.NS, Side.EW


def partner(seating: Seating, player: Player) -> Player | None:
    """The player across the table from `player`."""
    place = seating.place_of(player)
    assert place is not None
    return seating.at(Place(place.table, Seat((place.seat + 2) % 4)))


def results(seating: Seating, data: st.DataObject, dummy: bool) -> tuple[TableResult, ...]:
    """A random result for every table that plays."""
    return tuple(
        TableResult(t, data.draw(st.sampled_from(Side)), data.draw(st.integers(7, 13)))
        for t in seating.playing_tables(dummy)
    )


drives = st.builds(
    DriveSettings,
    tables=st.integers(1, 6),
    rule=st.sampled_from(MovingRule),
    field=st.sampled_from(Field),
    partner_mover=st.sampled_from(Mover),
    dummy=st.booleans(),
)


@st.composite
def drive_and_seating(draw: st.DrawFn) -> tuple[DriveSettings, Seating]:
    settings = draw(drives)
    if settings.field is Field.BY_SEAT:
        players = [f"p{i}" for i in range(draw(st.integers(0, 4 * settings.tables)))]
        ladies: list[str] = []
    else:
        ladies = [f"lady{i}" for i in range(draw(st.integers(0, 2 * settings.tables)))]
        players = ladies + [f"gent{i}" for i in range(draw(st.integers(0, 2 * settings.tables)))]
    return settings, draw_seating(settings, players, draw(st.integers(0, 99)), ladies)


@given(drive_and_seating(), st.data())
def test_every_hand_keeps_everyone_seated_once_in_their_part(
    drive: tuple[DriveSettings, Seating], data: st.DataObject
) -> None:
    settings, seating = drive
    for _ in range(4):
        after = next_seating(settings, seating, results(seating, data, settings.dummy))
        assert after.players() == seating.players()
        everyone = [p for table in after.tables for p in table if p is not None]
        assert len(everyone) == len(set(everyone))
        assert len(after.tables) == settings.tables
        for place, player in seating.places():
            moved = after.place_of(player)
            assert moved is not None
            assert role_of(moved.seat) is role_of(place.seat)
        for t in range(1, settings.tables + 1):
            empty = len(after.empty_seats(t))
            seated = {p for p in after.tables[t - 1] if p is not None}
            assert (
                empty == 0
                or (settings.dummy and empty == 1)
                or seated <= after.sitting_out(settings.dummy)
            )
        seating = after


@given(drive_and_seating(), st.data())
def test_each_rule_changes_partners_as_it_says(
    drive: tuple[DriveSettings, Seating], data: st.DataObject
) -> None:
    settings, seating = drive
    hand = results(seating, data, settings.dummy)
    after = next_seating(settings, seating, hand)
    winners = {
        player: place
        for place, player in seating.places()
        if any(r.table == place.table and r.winners is side_of(place.seat) for r in hand)
    }
    played = {r.table for r in hand}
    # with two tables in use the losers of one both go to the other; if it sat out, nobody
    # there crosses and they meet again (docs/drive.md#sitting-out)
    in_use = {place.table for place, _ in seating.places()}
    crossing = len(in_use) >= 3 or in_use <= played
    for place, player in seating.places():
        before, now = partner(seating, player), partner(after, player)
        if settings.rule is MovingRule.PARTNER:
            assert now == before
        elif settings.rule is MovingRule.SEMI_PARTNER and player in winners:
            assert after.place_of(player) == place
            assert now == before
        elif settings.rule is MovingRule.PROGRESSIVE and place.table in played and crossing:
            assert before is None or now != before


@given(drive_and_seating(), st.data())
def test_the_empty_seats_stay_gathered_so_every_hand_has_as_many_full_tables_as_can_be(
    drive: tuple[DriveSettings, Seating], data: st.DataObject
) -> None:
    settings, seating = drive
    ladies = sum(1 for place, _ in seating.places() if role_of(place.seat) is Role.LADY)
    gentlemen = len(seating.players()) - ladies
    if settings.field is Field.BY_SEAT:
        most = len(seating.players()) // 4
    else:
        most = min(ladies, gentlemen) // 2
    for _ in range(4):
        full = [t for t in range(1, settings.tables + 1) if not seating.empty_seats(t)]
        assert len(full) == most
        short = [
            t
            for t in range(1, settings.tables + 1)
            if 0 < len(seating.tables[t - 1]) - len(seating.empty_seats(t)) < 4
        ]
        if settings.field is Field.BY_SEAT:
            # the spare players are at one table, never spread over two
            assert len(short) <= 1
            assert len(seating.sitting_out(settings.dummy)) < 4
        seating = next_seating(settings, seating, results(seating, data, settings.dummy))


@given(st.integers(1, 6), st.integers(1, 23), st.data())
def test_a_leaver_by_seat_leaves_as_many_full_tables_as_the_others_can_make(
    tables: int, count: int, data: st.DataObject
) -> None:
    settings = DriveSettings(tables, field=Field.BY_SEAT)
    players = [f"p{i}" for i in range(min(count, 4 * tables))]
    seating = draw_seating(settings, players, data.draw(st.integers(0, 99)))
    for _ in range(min(3, len(players))):
        seating = leave(
            seating, data.draw(st.sampled_from(sorted(seating.players()))), settings.field
        )
        in_play = len(seating.players())
        full = [t for t in range(1, tables + 1) if not seating.empty_seats(t)]
        assert len(full) == in_play // 4
        seating = next_seating(settings, seating, results(seating, data, False))
        assert len(seating.playing_tables(dummy=False)) == in_play // 4


@given(st.integers(1, 13), st.sampled_from(MovingRule), st.integers(0, 99), st.data())
def test_a_field_of_four_per_table_fills_every_table_but_the_spare_ones_every_hand(
    full: int, rule: MovingRule, seed: int, data: st.DataObject
) -> None:
    settings = DriveSettings(full + 1, rule=rule)
    ladies = [f"Mrs {i}" for i in range(2 * full)]
    players = ladies + [f"Mr {i}" for i in range(2 * full)]
    seating = draw_seating(settings, players, seed, ladies)
    for _ in range(6):
        assert seating.playing_tables(dummy=False) == tuple(range(1, full + 1))
        seating = next_seating(settings, seating, results(seating, data, False))


@given(st.integers(2, 8), st.sampled_from(MovingRule), st.data())
def test_an_empty_pair_stays_at_its_table_and_two_new_players_sit_out(
    tables: int, rule: MovingRule, data: st.DataObject
) -> None:
    settings = DriveSettings(tables, rule=rule, field=Field.BY_SEAT)
    players = [f"p{i}" for i in range(4 * tables - 2)]
    seating = draw_seating(settings, players, data.draw(st.integers(0, 99)))
    seen_out: list[frozenset[Player]] = []
    for _ in range(3):
        assert seating.tables[-1][Seat.E] is None
        assert seating.tables[-1][Seat.W] is None
        assert len(seating.sitting_out(dummy=False)) == 2
        seen_out.append(seating.sitting_out(dummy=False))
        seating = next_seating(settings, seating, results(seating, data, False))
    assert seen_out[0] != seen_out[1]


# The worked example: three tables, ladies A-F and gentlemen a-f, seats North, East, South, West.
FIRST = Seating((("A", "B", "a", "b"), ("C", "D", "c", "d"), ("E", "F", "e", "f")))
HAND_1 = (TableResult(1, NS, 8), TableResult(2, EW, 7), TableResult(3, NS, 9))
HAND_2 = (TableResult(1, EW, 10), TableResult(2, NS, 7), TableResult(3, EW, 8))


@pytest.mark.parametrize(
    ("rule", "mover", "after_1", "after_2"),
    [
        (
            # losing ladies B, C, F go up; losing gentlemen b, c, f go down; winners stay
            MovingRule.SEMI_PARTNER,
            Mover.WINNERS,
            (("A", "F", "a", "c"), ("B", "D", "f", "d"), ("E", "C", "e", "b")),
            (("E", "F", "d", "c"), ("B", "A", "f", "e"), ("D", "C", "a", "b")),
        ),
        (
            # as semi-partner, then the winning gentleman crosses: a to West at table 1
            MovingRule.PROGRESSIVE,
            Mover.WINNERS,
            (("A", "F", "c", "a"), ("B", "D", "d", "f"), ("E", "C", "b", "e")),
            (("E", "F", "a", "f"), ("B", "A", "b", "d"), ("D", "C", "e", "c")),
        ),
        (
            # the winning pairs A-a, D-d, E-e move up a table together
            MovingRule.PARTNER,
            Mover.WINNERS,
            (("E", "B", "e", "b"), ("C", "A", "c", "a"), ("D", "F", "d", "f")),
            (("E", "F", "e", "f"), ("B", "A", "b", "a"), ("D", "C", "d", "c")),
        ),
        (
            # the losing pairs B-b, C-c, F-f move up a table together
            MovingRule.PARTNER,
            Mover.LOSERS,
            (("A", "F", "a", "f"), ("B", "D", "b", "d"), ("E", "C", "e", "c")),
            (("E", "F", "e", "f"), ("B", "A", "b", "a"), ("D", "C", "d", "c")),
        ),
    ],
)
def test_each_rule_replayed_hand_by_hand(
    rule: MovingRule, mover: Mover, after_1: tuple[object, ...], after_2: tuple[object, ...]
) -> None:
    settings = DriveSettings(3, rule=rule, partner_mover=mover)
    second = next_seating(settings, FIRST, HAND_1)
    assert second.tables == after_1
    assert next_seating(settings, second, HAND_2).tables == after_2


def test_a_table_of_two_sits_out_and_its_players_move_on() -> None:
    settings = DriveSettings(2, rule=MovingRule.SEMI_PARTNER, field=Field.BY_SEAT)
    seating = Seating((("p1", "p2", "p3", "p4"), ("p5", None, "p6", None)))
    assert seating.sitting_out(dummy=False) == {"p5", "p6"}
    after = next_seating(settings, seating, (TableResult(1, NS, 9),))
    assert after.tables == (("p1", "p5", "p3", "p6"), ("p2", None, "p4", None))


def test_a_table_of_three_plays_with_a_dummy_when_the_drive_says_so() -> None:
    seating = Seating((("p1", "p2", "p3", "p4"), ("p5", "p7", "p6", None)))
    assert seating.sitting_out(dummy=True) == frozenset()
    settings = DriveSettings(2, field=Field.BY_SEAT, dummy=True)
    with pytest.raises(DriveError, match="No result yet from table 2"):
        next_seating(settings, seating, (TableResult(1, NS, 9),))


def test_results_are_checked_against_the_tables_that_play() -> None:
    settings = DriveSettings(3)
    with pytest.raises(DriveError, match="two results"):
        next_seating(settings, FIRST, (*HAND_1, TableResult(1, EW, 7)))
    with pytest.raises(DriveError, match="winners take 7 to 13 tricks, not 6"):
        TableResult(1, NS, 6)
    lone = Seating((("A", "B", "a", "b"), ("C", "D", "c", "d"), ("E", None, None, None)))
    with pytest.raises(DriveError, match="Table 3 sat out"):
        next_seating(settings, lone, HAND_1)


def test_the_draw_is_repeatable_and_seats_ladies_north_and_east() -> None:
    settings = DriveSettings(13)
    ladies = [f"Mrs {i}" for i in range(25)]
    gentlemen = [f"Mr {i}" for i in range(25)]
    seating = draw_seating(settings, ladies + gentlemen, 7, ladies)
    assert seating == draw_seating(settings, ladies + gentlemen, 7, ladies)
    assert seating != draw_seating(settings, ladies + gentlemen, 8, ladies)
    for place, player in seating.places():
        assert (player in ladies) == (role_of(place.seat) is Role.LADY)
    assert len(seating.sitting_out(dummy=False)) == 2
    with pytest.raises(DriveError, match="25 ladies need 13 tables; the drive has 12"):
        draw_seating(DriveSettings(12), ladies + gentlemen, 7, ladies)


def test_numbered_cards_seat_the_players_and_clashes_are_refused() -> None:
    settings = DriveSettings(2)
    cards = {"A": Place(1, Seat.N), "a": Place(1, Seat.S), "B": Place(2, Seat.E)}
    seating = seating_from_cards(settings, cards)
    assert seating.tables == (("A", None, "a", None), (None, "B", None, None))
    with pytest.raises(DriveError, match="A and C hold the same card"):
        seating_from_cards(settings, {"A": Place(1, Seat.N), "C": Place(1, Seat.N)})
    with pytest.raises(DriveError, match="table 3; the drive has tables 1 to 2"):
        seating_from_cards(settings, {"A": Place(3, Seat.N)})


@given(st.integers(1, 800))
def test_a_cards_number_says_one_place_and_the_place_gives_the_number_back(number: int) -> None:
    place = card_place(number)
    assert card_number(place) == number
    assert (place.table - 1) * 4 < number <= place.table * 4  # four cards a table


def test_the_cards_run_in_seat_order_from_table_one_north() -> None:
    assert [card_place(n) for n in (1, 2, 3, 4, 5)] == [
        Place(1, Seat.N),
        Place(1, Seat.E),
        Place(1, Seat.S),
        Place(1, Seat.W),
        Place(2, Seat.N),
    ]
    with pytest.raises(DriveError, match="no card number 0: the cards start at 1"):
        card_place(0)


def test_a_late_arrival_fills_the_shortest_table_and_a_leaver_empties_a_seat() -> None:
    seating = Seating((("A", None, "a", None), ("B", "C", "b", None)))
    late = arrive(seating, "c", Role.GENTLEMAN)
    assert late.tables[1] == ("B", "C", "b", "c")
    # a from the short table 1 takes b's seat, so table 2 still plays and A sits out alone
    assert leave(late, "b", Field.LADIES_GENTLEMEN).tables == (
        ("A", None, None, None),
        ("B", "C", "a", "c"),
    )
    full = arrive(late, "D", Role.LADY)
    assert full.tables[0] == ("A", "D", "a", None)
    with pytest.raises(DriveError, match="There is no seat for G: every lady's seat is taken"):
        arrive(full, "G", Role.LADY)
    with pytest.raises(DriveError, match="D is already seated"):
        arrive(full, "D", Role.LADY)


def test_a_move_is_said_in_words_with_the_far_end_of_a_line() -> None:
    line = DriveSettings(4, layout=Layout.LINE)
    assert move_words(line, Place(4, Seat.E), Place(1, Seat.N)) == (
        "Go to table 1, at the start of the line, North seat."
    )
    assert move_words(line, Place(2, Seat.S), Place(2, Seat.W)) == (
        "Stay at table 2 and move to the West seat."
    )
    circle = DriveSettings(4, layout=Layout.CIRCLE)
    assert move_words(circle, Place(4, Seat.E), Place(1, Seat.N)) == "Go to table 1, North seat."


def test_trumps_are_called_in_rotation_or_turned() -> None:
    called = DriveSettings(2)
    assert [called.trump(h) for h in range(1, 6)] == [
        "hearts",
        "clubs",
        "diamonds",
        "spades",
        "hearts",
    ]
    assert DriveSettings(2, trumps=Trumps.TURNED).trump(1) is None


def test_settings_that_cannot_work_are_refused_in_words() -> None:
    with pytest.raises(DriveError, match="25 hands do not split into 2 equal halves"):
        DriveSettings(3, hands=25)
    with pytest.raises(DriveError, match="at least one table"):
        DriveSettings(0)
    with pytest.raises(DriveError, match="The seating has 3 tables but the drive has 4"):
        next_seating(DriveSettings(4), FIRST, HAND_1)
    assert DriveSettings(3, hands=24, halves=2).hands_per_half == 12
