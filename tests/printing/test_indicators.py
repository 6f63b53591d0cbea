"""Indicator cards: every card names its table and place, and every row says who sits there and
where they go next, as schedules.routes has it."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import replace

import pytest

from director.printing import indicators
from director.printing.base import Header
from director.printing.contents import (
    competitor_name,
    indicator_cards,
    positions,
    seat_name,
    trays_text,
    trays_then,
)
from schedules.catalog import Request, build
from schedules.jsonio import load_movement
from schedules.routes import TrayWay, itinerary, next_stop, tray_ways
from schedules.types import Movement
from tests.conftest import MOVEMENTS
from tests.printing.movements import round_robin
from tests.printing.pdf import lines

SEVERAL = (
    "howellcards-howell-09pairs.json",  # pairs, with a sit-out every round
    "howellcards-mitchell9x3.json",  # Mitchell with N-S and E-W pairs
    "bridgescorer-Individual3Tables.json",  # individuals: four seats
    "bridgescorer-Howell14T7B26.json",  # 13 rounds: one card to a page
)
HEADINGS = ["Round", "Sitting here", "Trays", "Trays then go to", "Next table", "Next place"]


def expected_lines(movement: Movement) -> list[str]:
    """What the cards must say, derived from schedules.routes alone (a card of more rounds
    than a page holds continues on the next, under its heading again)."""
    at = {(s.round, s.table): s for s in movement.seatings}
    # the halves of a round split by an arrow switch are one row: their trays go on together
    halves: dict[tuple[int, int], list[TrayWay]] = defaultdict(list)
    for way in (w for ws in tray_ways(movement).values() for w in ws):
        halves[way.round, way.table].append(way)
    then = {
        place: trays_then(replace(ways[0], goes=tuple(g for w in ways for g in w.goes)))
        for place, ways in halves.items()
    }
    out: list[str] = []
    for table in movement.table_numbers:
        for seat in positions(movement):
            rows: list[list[str]] = []
            for r in range(1, movement.rounds + 1):
                seating = at.get((r, table))
                if seating is None:
                    rows.append([str(r), "—", "no play this round"])
                    continue
                who = seating.at(seat)
                stop = itinerary(movement, who)[r - 1]
                trays = trays_text(stop.trays)
                if stop.switched:
                    trays += " (switched)"
                elif stop.switched_trays:
                    trays += f" ({trays_text(stop.switched_trays)} switched)"
                rows.append(
                    [
                        str(r),
                        competitor_name(movement, who),
                        trays,
                        then[r, table],
                        *next_words(movement, who, r),
                    ]
                )
            heading = ["TABLE", str(table), "PLACE", seat_name(movement, seat), *HEADINGS]
            out += _pieces(heading, rows)
    if movement.sitouts:  # the rest card: whoever rests reads where they go next
        rows = [
            [str(r), competitor_name(movement, who), "—", *next_words(movement, who, r)]
            for r, resting in sorted(movement.sitouts.items())
            for who in resting
        ]
        out += _pieces(["REST", "WHILE YOU REST", "read where you go next", *HEADINGS], rows)
    return out


def _pieces(heading: list[str], rows: list[list[str]]) -> list[str]:
    """A card's lines: more rows than a page holds are cut into equal pieces, each under the
    heading."""
    count = -(-len(rows) // indicators.MAX_ROWS)
    size = -(-len(rows) // count)
    return [
        line
        for start in range(0, len(rows), size)
        for line in [*heading, *(word for row in rows[start : start + size] for word in row)]
    ]


def next_words(movement: Movement, who: str, r: int) -> list[str]:
    """Where `who` goes after round r, as the "next" columns print it."""
    stop = next_stop(movement, who, r)
    if stop is None:
        return ["last round"]
    if stop.table is None or stop.seat is None:
        return [rest_words(movement, who, r)]
    return ["→", str(stop.table), seat_name(movement, stop.seat)]


def rest_words(movement: Movement, who: str, r: int) -> str:
    """Where `who` plays after resting from round r + 1, read off the itinerary."""
    later = [s for s in itinerary(movement, who)[r:] if s.table is not None]
    if not later:
        return "rest to the end"
    back = later[0]
    assert back.seat is not None
    return f"rest, then round {back.round}: table {back.table}, {seat_name(movement, back.seat)}"


def without_footers(text: list[str]) -> list[str]:
    return [line for line in text if not line.startswith(("Indicator cards", "page "))]


@pytest.mark.parametrize("name", SEVERAL)
def test_every_card_shows_its_place_and_the_next_stop_of_whoever_sits_there(name: str) -> None:
    movement = load_movement(str(MOVEMENTS / name))
    pdf = indicators.render(indicator_cards(movement), Header("Indicator cards"), "a4")
    # Compared as running text: a cell that wraps prints as several lines.
    assert " ".join(without_footers(lines(pdf))) == " ".join(expected_lines(movement))


@pytest.mark.parametrize("name", SEVERAL)
def test_page_count_is_one_card_per_place_two_to_a_page_for_short_movements(name: str) -> None:
    movement = load_movement(str(MOVEMENTS / name))
    cards = len(movement.table_numbers) * len(positions(movement)) + bool(movement.sitouts)
    per_page = 2 if movement.rounds <= indicators.TWO_PER_PAGE_UP_TO else 1
    pdf = indicators.render(indicator_cards(movement), Header("Indicator cards"), "letter")
    footer = [line for line in lines(pdf) if line.startswith("page ")]
    assert footer[-1] == f"page {math.ceil(cards / per_page)} of {math.ceil(cards / per_page)}"


def test_a_card_with_more_rounds_than_a_page_holds_continues_on_the_next() -> None:
    movement = round_robin(16)  # 31 rounds
    cards = indicator_cards(movement)
    pieces = indicators.split(cards[0])
    assert [len(p.rows) for p in pieces] == [16, 15]
    assert tuple(row for p in pieces for row in p.rows) == cards[0].rows
    assert {(p.table, p.seat) for p in pieces} == {(cards[0].table, cards[0].seat)}


def test_progress_reports_every_card_up_to_the_total() -> None:
    movement = load_movement(str(MOVEMENTS / SEVERAL[0]))
    seen: list[tuple[int, int]] = []
    cards = indicator_cards(movement)
    indicators.render(cards, Header("Indicator cards"), "a4", lambda d, t: seen.append((d, t)))
    assert seen == [(i, len(cards)) for i in range(1, len(cards) + 1)]


def test_an_indicator_says_which_trays_are_arrow_switched() -> None:
    # the half-round trick: the second half of every round switched at table 5
    m = build(Request("howell", tables=5, variant="half-rounds"))
    switched = {
        (card.seat, row.round): row.trays
        for card in indicator_cards(m)
        if card.table == 5
        for row in card.rows
    }
    halves = {s.round: s.trays for s in m.seatings if s.table == 5 and s.switched}
    assert halves
    for (_, r), trays in switched.items():
        assert trays.endswith(f" ({trays_text(halves[r])} switched)"), trays
    others = [row.trays for card in indicator_cards(m) if card.table != 5 for row in card.rows]
    assert not any("switched" in trays for trays in others)
