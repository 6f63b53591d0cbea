"""A whole whist drive through the services: twelve full tables and two players sitting out,
two halves of twelve hands, a late arrival after hand 5 and a player leaving at half time,
under each moving rule. The standings and prizes are counted again here, from the entered
hands alone, by the rules of docs/drive.md."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from director.store.services import EventStore, Gender
from schedules.progressive import DriveSettings, MovingRule, Seating, Side

pytestmark = pytest.mark.slow

LADIES = [f"Mrs L{n:02}" for n in range(25)]
GENTLEMEN = [f"Mr G{n:02}" for n in range(25)]
LATE = "Mrs Late"
LEAVER = "Mr G07"
HANDS, HALF = 24, 12
PENALTY = 3

Card = list[Fraction | None]
"""One player's score on each hand (None: not there)."""


def _recount(
    hands: Sequence[tuple[Seating, dict[int, tuple[Side, int]], dict[int, Side]]],
) -> dict[str, Card]:
    """Each player's card from each hand's seating, entries and revokes."""
    cards: dict[str, Card] = {}
    for number, (seating, entries, revokes) in enumerate(hands):
        scores: dict[str, Fraction] = {}
        for table, (winners, tricks) in entries.items():
            ns = tricks if winners is Side.NS else 13 - tricks
            ew = 13 - ns
            if table in revokes:
                if revokes[table] is Side.NS:
                    given = min(PENALTY, ns)
                    ns, ew = ns - given, ew + given
                else:
                    given = min(PENALTY, ew)
                    ns, ew = ns + given, ew - given
            north, east, south, west = seating.tables[table - 1]
            for player, score in ((north, ns), (south, ns), (east, ew), (west, ew)):
                assert player is not None
                scores[player] = Fraction(score)
        average = sum(scores.values(), Fraction(0)) / len(scores)
        for player in seating.players() - scores.keys():
            scores[player] = average
        for player, won in scores.items():
            cards.setdefault(player, [None] * HANDS)[number] = won
    return cards


def _total(card: Card) -> Fraction:
    return sum((s for s in card if s is not None), Fraction(0))


def _last_hand(card: Card) -> tuple[Fraction, ...]:
    return tuple(Fraction(-1) if s is None else s for s in reversed(card))


def _best(cards: dict[str, Card], players: Sequence[str], count: int) -> list[str]:
    """The first `count` of `players` by total, then the last hand, then the hand before."""
    order = sorted(players, key=lambda p: (_total(cards[p]), _last_hand(cards[p])), reverse=True)
    return order[:count]


def _play(
    store: EventStore, rnd: random.Random
) -> list[tuple[Seating, dict[int, tuple[Side, int]], dict[int, Side]]]:
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

    cards = _recount(played)
    assert {s.player: s.total for s in standings} == {p: _total(c) for p, c in cards.items()}
    assert {s.player: tuple(s.by_hand) for s in standings} == {
        p: tuple(c) for p, c in cards.items()
    }
    first_half = {p: c[:HALF] for p, c in cards.items() if any(s is not None for s in c[:HALF])}
    assert {s.player: s.total for s in half_time} == {p: _total(c) for p, c in first_half.items()}

    ladies = [p for p in cards if p.startswith("Mrs")]
    gentlemen = [p for p in cards if p.startswith("Mr ")]
    placed = _best(cards, ladies, 3) + _best(cards, gentlemen, 3)
    assert [prizes[f"{place} lady"] for place in ("top", "second", "third")] == placed[:3]
    assert [prizes[f"{place} gentleman"] for place in ("top", "second", "third")] == placed[3:]
    assert prizes["half-time"] == _best(first_half, list(first_half), 1)[0]
    rest = [p for p in cards if p not in placed]
    booby = min(rest, key=lambda p: (_total(cards[p]), _last_hand(cards[p])))
    assert prizes["booby"] == booby
    big = {
        p: sum(
            1
            for n, s in enumerate(c)
            if s is not None and s >= 10 and p not in played[n][0].sitting_out(False)
        )
        for p, c in cards.items()
    }
    most = max(big.values())
    tied = [p for p in cards if big[p] == most]
    assert prizes["most hands of 10 or more tricks"] == max(
        tied, key=lambda p: _last_hand(cards[p])
    )
