"""Tonight's papers read back as a player reads them: for every family at an odd size or with
shared trays, every competitor's every round (rests included) is on the indicator cards,
every tray's every move is on the table cards, and no place nobody fills is printed as a
competitor."""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import cache

import pytest

from director.printing.base import Header
from director.printing.contents import indicator_cards, table_cards
from director.printing.documents import MOVEMENT_DOCUMENTS, print_movement_document
from director.printing.indicators import render as render_indicators
from director.printing.tray_words import passed_to, received_from, trays_with_sharing
from schedules.catalog import Request, build
from schedules.rests import rest
from schedules.routes import itineraries, tray_ways
from schedules.types import Movement
from tests.printing.test_indicators import expected_lines

FAMILIES = {
    # a movement for 14 pairs seating 13: the empty place is a rest, not "Pair 17"
    "13 pairs, interwoven Howell": (Request("howell", tables=7, variant="interwoven"), 13),
    "13 pairs, Mitchell": (Request("mitchell", pairs=13), None),
    "25 pairs, Mitchell": (Request("mitchell", pairs=25), None),
    "25 pairs, interwoven Howell": (Request("howell", tables=13, variant="interwoven"), 25),
    "8-table relay Mitchell": (Request("mitchell", tables=8, variant="relay"), None),
    "8-table interwoven Howell": (Request("howell", tables=8, variant="interwoven"), None),
    "13-player individual": (Request("individual", players=13), None),
    "16-player individual": (Request("individual", players=16), None),
    "4 teams": (Request("team", teams=4), None),
    # stored odd fields: three tables relaying a set of two trays (copies dealt alike), and
    # the second half of the trays switched at some tables
    "11 pairs in 2 rounds, a relay of three": (
        Request("howell", pairs=11, rounds=2, balance="best"),
        None,
    ),
    "9 pairs in 3 rounds, switched halves": (
        Request("howell", pairs=9, rounds=3, balance="best"),
        None,
    ),
    # stored odd individual fields: every table full, two or three players resting in turn
    "14-player individual, resting in turn": (
        Request("individual", players=14, variant="phantom"),
        None,
    ),
    "11-player whist drive": (Request("individual", players=11, variant="drive"), None),
}
PHANTOM = re.compile(r"\b(?:Pair|Player|Lady|Gentleman) ([A-Za-z]*\d[\w.]*)")


@cache
def movement_of(name: str) -> Movement:
    request, seated = FAMILIES[name]
    movement = build(request)
    if seated is not None:
        movement = rest(movement, movement.field[seated:])
    return movement


def read_back(pdf: bytes) -> list[str]:
    """The text of every page as pdftotext reads it (poppler-utils: tools/system-deps)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not found: install poppler-utils (tools/system-deps)")
    done = subprocess.run(
        ["pdftotext", "-raw", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return done.stdout.decode().split("\f")


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", FAMILIES)
def test_every_competitors_every_round_is_on_the_indicator_cards(name: str, paper: str) -> None:
    movement = movement_of(name)
    title = "Indicator cards"
    pdf = render_indicators(indicator_cards(movement), Header(title), paper)
    body = [
        line
        for page in read_back(pdf)
        for line in page.splitlines()
        if line.strip() and not line.startswith((title, "page "))
    ]
    # the cards, the rest card last, say exactly what the routes say of everyone
    assert words(" ".join(body)) == words(" ".join(expected_lines(movement)))
    resting = {(who, r) for r, out in movement.sitouts.items() for who in out}
    rest_rows = {(row.who, row.round) for c in indicator_cards(movement) if c.table is None
                 for row in c.rows}  # fmt: skip
    assert {(f"{'Player' if len(movement.seatings[0].places) == 4 else 'Pair'} {who}", r)
            for who, r in resting} == rest_rows  # fmt: skip
    trips = itineraries(movement)
    assert set(trips) == set(movement.field)
    assert all(len(stops) == movement.rounds for stops in trips.values())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", FAMILIES)
def test_every_trays_every_move_is_on_its_table_card(name: str, paper: str) -> None:
    movement = movement_of(name)
    pages = read_back(print_movement_document(movement, "table-cards", paper))
    by_table: dict[int, str] = {}
    for page in pages:
        found = re.search(r"^Table (\d+)", page, re.MULTILINE)
        if found:
            table = int(found.group(1))
            by_table[table] = by_table.get(table, "") + " " + words(page)
    assert set(by_table) == set(movement.table_numbers)
    # a switched half round is a way of its own: its trays are the switched ones
    switched = {(s.round, s.table, s.trays) for s in movement.seatings if s.switched}
    for table, ways in tray_ways(movement).items():
        for way in ways:
            for said in (
                trays_with_sharing(way, (way.round, table, way.trays) in switched),
                received_from(way),
                passed_to(way),
            ):
                assert words(said) in by_table[table], (table, way.round, said)
    # a round in which the table does not play says so, rather than leaving the round out
    for card in table_cards(movement):
        assert next(row.round for row in card.rows) == 1
        assert {row.round for row in card.rows} == set(range(1, movement.rounds + 1))


@pytest.mark.parametrize("name", FAMILIES)
def test_no_paper_prints_a_place_nobody_fills_as_a_competitor(name: str) -> None:
    movement = movement_of(name)
    request, seated = FAMILIES[name]
    field = set(build(request).field[:seated])  # those who came, not the places built for
    for document in ("indicators", "table-cards", "scorecards", "sign-in", "personal-cards"):
        text = words(" ".join(read_back(print_movement_document(movement, document))))
        printed = set(PHANTOM.findall(text))
        assert printed, document  # the competitors are named
        assert printed <= field, (document, sorted(printed - field))


PRINTER_EDGE_MM = 6.0
"""Most office printers cannot print the outer 4-6 mm of a sheet."""
_WORD = re.compile(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">')
_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)"')


def nearest_edge_mm(pdf: bytes) -> float:
    """How close any word of the document comes to an edge of its page, in millimetres."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not found: install poppler-utils (tools/system-deps)")
    boxes = subprocess.run(
        ["pdftotext", "-bbox", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    nearest = float("inf")
    width = height = 0.0
    for line in boxes.splitlines():
        page = _PAGE.search(line)
        if page:
            width, height = map(float, page.groups())
        word = _WORD.search(line)
        if word:
            x0, y0, x1, y1 = map(float, word.groups())
            nearest = min(nearest, x0, y0, width - x1, height - y1)
    return nearest / 72 * 25.4


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("document", sorted(MOVEMENT_DOCUMENTS))
@pytest.mark.parametrize("name", FAMILIES)
def test_nothing_is_printed_where_a_printer_cannot_print(
    name: str, document: str, paper: str
) -> None:
    pdf = print_movement_document(movement_of(name), document, paper)
    assert nearest_edge_mm(pdf) >= PRINTER_EDGE_MM


def test_score_cards_name_the_opponents_and_the_rests() -> None:
    from director.printing.contents import score_cards

    movement = movement_of("13 pairs, interwoven Howell")
    names = {c: f"Ames{c} & Bell{c}" for c in movement.field}
    trips = itineraries(movement)
    for card in score_cards(movement, names):
        for row, stop in zip(card.rows, trips[card.who], strict=True):
            if stop.table is None:
                assert row.seat == "rest"
                continue
            for other in stop.opponents:
                assert f"Pair {other}: {names[other]}" in row.opponents


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_pair_names_keep_both_surnames_on_the_indicators(paper: str) -> None:
    from director.printing.printed import Printed

    movement = movement_of("13 pairs, interwoven Howell")
    names = {c: f"Dr Featherstonehaugh{c} & Mrs Postlethwaite{c}" for c in movement.field}
    pdf = print_movement_document(movement, "indicators", paper, printed=Printed(names))
    text = words(" ".join(read_back(pdf)))
    assert "…" not in text  # nothing cut short
    for c in movement.field:
        assert f"Featherstonehaugh{c}" in text
        assert f"Postlethwaite{c}" in text


def numbers_in(text: str) -> set[int]:
    """The numbers a printed list names: "1-4, 7" -> {1, 2, 3, 4, 7}."""
    found: set[int] = set()
    for low, high in re.findall(r"(\d+)(?:-(\d+))?", text):
        found.update(range(int(low), int(high or low) + 1))
    return found


@pytest.mark.parametrize("name", FAMILIES)
def test_the_setup_sheet_and_the_slips_agree_on_where_each_tray_is_dealt(name: str) -> None:
    from director.printing.contents import slips
    from director.printing.tray_words import setup_rows

    movement = movement_of(name)
    dealt: dict[int, tuple[int, set[int]]] = {}
    for row in setup_rows(movement, tray_ways(movement)):
        where = re.fullmatch(r"round (\d+), tables? ([\d, -]+)", row.first_play)
        assert where, row.first_play
        for tray in numbers_in(row.trays):
            dealt[tray] = (int(where.group(1)), numbers_in(where.group(2)))
    assert set(dealt) == set(movement.tray_numbers)
    for slip in slips(movement):
        r, tables = dealt[slip.tray]
        assert slip.original_round == r
        assert slip.original_table in tables, slip


@pytest.mark.parametrize("name", FAMILIES)
def test_the_entry_list_tells_whoever_rests_first_where_they_start(name: str) -> None:
    movement = movement_of(name)
    text = words(" ".join(read_back(print_movement_document(movement, "sign-in"))))
    for who, stops in itineraries(movement).items():
        first = next(s for s in stops if s.table is not None and s.seat is not None)
        place = f"table {first.table}, "
        if first.round > 1:
            assert f"rest, then round {first.round}: {place}" in text, who
        else:
            assert place in text, who
