"""A whole whist drive through the services: twelve full tables and two players sitting out,
two halves of twelve hands, a late arrival after hand 5 and a player leaving at half time,
under each moving rule. The standings and prizes are counted again here, from the entered
hands alone, by the rules of docs/drive.md."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from director.store.services import EventStore, Gender
from schedules.progressive import DriveSettings, MovingRule, Side
from tests.drive_recount import Played, expected_prizes, recount, total

pytestmark = pytest.mark.slow

LADIES = [f"Mrs L{n:02}" for n in range(25)]
GENTLEMEN = [f"Mr G{n:02}" for n in range(25)]
LATE = "Mrs Late"
LEAVER = "Mr G07"
HANDS, HALF = 24, 12
PENALTY = 3


def _play(store: EventStore, rnd: random.Random) -> list[Played]:
    played = []
    for hand in range(1, HANDS + 1):
        seating = store.drive_seating(hand)
        entries = {
            table: (rnd.choice((Side.NS, Side.EW)), rnd.randint(7, 13))
            for table in seating.playing_tables(False)
        }
        for table, (winners, tricks) in entries.items():
            store.enter_drive_hand(
                hand, table, winners, tricks, method=rnd.choice(("keyboard", "phone", "card"))
            )
        revokes = {2: rnd.choice((Side.NS, Side.EW))} if hand % 7 == 0 and 2 in entries else {}
        for table, offenders in revokes.items():
            store.record_drive_penalty(hand, table, offenders, "revoke in spades")
        if hand == 5:
            store.drive_arrival(LATE, 6)
        if hand == HALF:
            store.drive_leaver(LEAVER, HALF + 1)
        played.append((seating, entries, revokes))
    return played


@pytest.mark.parametrize("rule", list(MovingRule))
def test_a_drive_of_two_halves_counts_as_a_recount_from_the_entries(
    rule: MovingRule, tmp_path: Path
) -> None:
    with EventStore.create(tmp_path / "drive.whist", name="Harvest drive") as store:
        for name in [*LADIES, LATE]:
            store.add_player(name, gender=Gender.LADY)
        for name in GENTLEMEN:
            store.add_player(name, gender=Gender.GENTLEMAN)
        settings = DriveSettings(tables=13, rule=rule, hands=HANDS, halves=2)
        store.start_drive(settings, seed=2026, absent=(LATE,))
        played = _play(store, random.Random(rule.value))
        standings = store.drive_standings()
        half_time = store.drive_standings(HALF)
        prizes = {p.title: p.player for p in store.drive_prizes()}

    first = played[0][0]
    assert len(first.players()) == 50
    assert len(first.playing_tables(False)) == 12
    assert LATE not in played[4][0].players()
    assert LATE in played[5][0].players()
    assert LEAVER in played[HALF - 1][0].players()
    assert LEAVER not in played[HALF][0].players()

    cards = recount(played, HANDS, PENALTY)
    assert {s.player: s.total for s in standings} == {p: total(c) for p, c in cards.items()}
    assert {s.player: tuple(s.by_hand) for s in standings} == {
        p: tuple(c) for p, c in cards.items()
    }
    first_half = {p: c[:HALF] for p, c in cards.items() if any(s is not None for s in c[:HALF])}
    assert {s.player: s.total for s in half_time} == {p: total(c) for p, c in first_half.items()}
    assert prizes == expected_prizes(cards, played, HALF)
