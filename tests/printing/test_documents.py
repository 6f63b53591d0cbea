"""Table cards, score cards, slips, travellers and the recap, read back from the PDF."""

from __future__ import annotations

import importlib
import math
import re
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4, LETTER

from director.printing import fit, scorecards, slips, table_cards, travellers
from director.printing.base import Header, footer_text
from director.printing.contents import (
    competitor_name,
    positions,
    score_cards,
    seat_name,
    trays_text,
)
from director.printing.contents import slips as slip_contents
from director.printing.contents import table_cards as table_card_contents
from director.printing.contents import travellers as traveller_contents
from director.printing.documents import MOVEMENT_DOCUMENTS, print_movement_document
from director.printing.tray_words import passed_to, received_from, trays_with_sharing
from schedules import catalog
from schedules.jsonio import load_movement
from schedules.routes import itineraries, tray_ways
from schedules.types import Movement
from tests.conftest import MOVEMENTS
from tests.printing.movements import round_robin, with_long_names
from tests.printing.pdf import ink_fraction, lines, page_size, pages, to_png

MITCHELL = "howellcards-mitchell9x3.json"
HOWELL = "howellcards-howell-09pairs.json"
INDIVIDUAL = "bridgescorer-Individual3Tables.json"


def load(name: str) -> Movement:
    return load_movement(str(MOVEMENTS / name))


def body(pdf: bytes, header: Header) -> list[str]:
    """The lines of a document without its running header and footer."""
    furniture = {header.title, header.subtitle, *footer_text(header)}
    return [
        line
        for line in lines(pdf)
        if line not in furniture and not re.match(r"^page \d+ of \d+$", line)
    ]


@pytest.mark.parametrize("name", [MITCHELL, HOWELL, INDIVIDUAL])
def test_table_cards_say_who_sits_there_and_where_the_trays_come_from_and_go(name: str) -> None:
    movement = load(name)
    pdf = table_cards.render(table_card_contents(movement), Header("Table cards"), "a4")
    printed = pages(pdf)
    assert len(printed) == len(movement.table_numbers)
    ways = tray_ways(movement)
    at = {(s.round, s.table): s for s in movement.seatings}
    for text, table in zip(printed, movement.table_numbers, strict=True):
        got = " ".join(line.strip() for line in text.splitlines())
        assert f"Table {table} " in got
        start = got.index("Passed to") + len("Passed to ")
        expected: list[str] = []
        for way in ways[table]:
            seating = at[(way.round, table)]
            names = [competitor_name(movement, seating.at(s)) for s in positions(movement)]
            expected += [str(way.round), *names, trays_with_sharing(way, seating.switched)]
            expected += [received_from(way), passed_to(way)]
        assert got[start:].startswith(" ".join(expected))


def test_table_cards_print_the_movements_plain_notes_and_leave_the_proof_out() -> None:
    from dataclasses import replace

    note = "Tables 1 and 9 share (relay) their trays every round."
    proof = "Room square from a starter and adder over Z_9"
    movement = replace(load(MITCHELL), notes=(note, proof))
    pdf = table_cards.render(table_card_contents(movement), Header("Table cards"), "a4")
    assert all(note in text.replace("\n", " ") for text in pages(pdf))
    assert not any(proof in text.replace("\n", " ") for text in pages(pdf))


@pytest.mark.parametrize("name", [MITCHELL, HOWELL, INDIVIDUAL])
def test_score_cards_list_every_round_of_every_competitor_and_no_trump(name: str) -> None:
    movement = load(name)
    cards = score_cards(movement)
    header = Header("Score cards", "test")
    pdf = scorecards.render(cards, header, "a4")
    assert not any("trump" in line.lower() for line in lines(pdf))
    individual = len(positions(movement)) == 4
    expected: list[str] = []
    for who, stops in itineraries(movement).items():
        expected += [competitor_name(movement, who), scorecards.NAME_LINE]
        expected += ["Round", "Table", "Place", *(["Partner"] if individual else [])]
        expected += ["Opponents", "Trays and tricks", "Revoke,", "note", "Total so", "far"]
        for stop in stops:
            if stop.table is None or stop.seat is None:
                expected += [str(stop.round), "—", "rest"]
                continue
            expected += [str(stop.round), str(stop.table), seat_name(movement, stop.seat)]
            if individual:
                expected += [competitor_name(movement, p) for p in stop.partners]
            expected.append(", ".join(competitor_name(movement, o) for o in stop.opponents))
            expected += [str(t) for t in stop.trays]
        expected.append(scorecards.GRAND_TOTAL)
    assert body(pdf, header) == expected
    per_page = 2 if max(len(c.rows) for c in cards) <= scorecards.TWO_PER_PAGE_UP_TO else 1
    assert len(pages(pdf)) == math.ceil(len(movement.field) / per_page)


def test_safford_score_cards_have_a_subtotal_after_each_four_hands() -> None:
    from dataclasses import replace

    movement = replace(load(INDIVIDUAL), family="safford")
    cards = score_cards(movement)
    pdf = scorecards.render(cards, Header("Score cards"), "a4")
    hands = sum(len(r.trays) for r in cards[0].rows)  # 11 rounds of 2 trays
    first_card = pages(pdf)[0]
    subtotals = re.findall(r"Subtotal, hands (\d+)-(\d+)", first_card)
    assert [(int(a), int(b)) for a, b in subtotals] == [
        (k, min(k + 3, hands)) for k in range(1, hands + 1, 4)
    ]


def test_ladies_and_gentlemen_are_named_by_letter_and_number() -> None:
    from dataclasses import replace

    movement = load(MITCHELL)
    kinds = {w: ("lady" if w.startswith("NS") else "gentleman") for w in movement.field}
    movement = replace(movement, attributes=kinds)
    pdf = print_movement_document(movement, "scorecards")
    assert "Lady NS1" in lines(pdf)
    assert "Gentleman EW1" in lines(pdf)


@pytest.mark.parametrize("name", [MITCHELL, INDIVIDUAL])
def test_one_slip_per_tray_with_dealer_and_original_play_eighteen_to_a_page(name: str) -> None:
    movement = load(name)
    header = Header("Trump slips", "test")
    pdf = slips.render(slip_contents(movement), header, "a4")
    text = body(pdf, header)
    assert len(pages(pdf)) == math.ceil(len(movement.trays) / 18)
    assert text.count("Trump card:") == len(movement.trays)
    cursor = 0
    for tray in movement.trays:
        cursor = text.index(str(tray.number), cursor)
        assert text[cursor + 1] == f"Dealer: {tray.dealer.word}"
        where = f"Original play: table {tray.original_table}, round {tray.original_round}"
        assert text[cursor + 2] == where


@pytest.mark.parametrize("name", [MITCHELL, HOWELL, INDIVIDUAL])
def test_travellers_list_the_tables_in_playing_order_and_carry_no_trump(name: str) -> None:
    movement = load(name)
    header = Header("Tray travellers", "test")
    pdf = travellers.render(traveller_contents(movement), header, "a4")
    text = body(pdf, header)
    assert not any("trump" in line.lower() for line in text)
    plays = sorted((s.round, s.table, t, s.places) for s in movement.seatings for t in s.trays)
    headings = ["Round", "Table", *[seat_name(movement, s) for s in positions(movement)]]
    headings += ["N-S", "tricks", "E-W", "tricks", "Revoke", "Note"]
    for tray in movement.trays:
        start = next(i for i, line in enumerate(text) if line.startswith(f"Tray {tray.number} —"))
        assert text[start + 1 : start + 1 + len(headings)] == headings
        mine = [(r, t, places) for r, t, n, places in plays if n == tray.number]
        cells = text[start + 1 + len(headings) :]
        width = 2 + len(positions(movement))
        for i, (r, t, places) in enumerate(mine):
            assert cells[i * width : (i + 1) * width] == [str(r), str(t), *places]


def test_the_recap_shows_every_seating_and_trays() -> None:
    movement = load(HOWELL)
    pdf = print_movement_document(movement, "movement")
    text = " ".join(lines(pdf))
    for s in movement.seatings:
        assert f"{s.ns} v {s.ew} [{trays_text(s.trays)}]" in text
    assert page_size(pdf)[0] > page_size(pdf)[1]  # landscape


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("document", list(MOVEMENT_DOCUMENTS))
def test_every_document_prints_on_both_papers_and_is_not_blank(
    document: str, paper: str, tmp_path: Path
) -> None:
    pdf = print_movement_document(load(MITCHELL), document, paper)
    expected = {"a4": A4, "letter": LETTER}[paper]
    assert sorted(page_size(pdf)) == pytest.approx(sorted(expected), abs=1)
    (png,) = to_png(pdf, tmp_path)
    assert ink_fraction(png) > 0.005


@pytest.mark.slow
@pytest.mark.parametrize("document", list(MOVEMENT_DOCUMENTS))
def test_no_text_overflows_its_box_at_thirty_tables_with_long_names(document: str) -> None:
    movement = with_long_names(round_robin(30, trays_per_round=1))
    with fit.recording() as measured:
        print_movement_document(movement, document)
    assert measured
    assert [m for m in measured if m.overflows] == []
    assert all("Featherstonehaugh" in m.text for m in measured if m.cut)
    unnamed = ("slips", "setup", "table-numbers", "movement-notes")
    assert any("Featherstonehaugh" in m.text for m in measured) or document in unnamed


def test_catalog_mitchell_with_the_skip_tells_each_table_whose_mover_skips() -> None:
    movement = catalog.build(catalog.Request(family="mitchell", tables=8))
    assert any("skip" in note for note in movement.notes)
    printed = pages(print_movement_document(movement, "table-cards"))
    assert len(printed) == 8
    for text in printed:
        flat = " ".join(text.split())
        assert re.search(r"After round \d+, Pair EW\d+ goes to table \d+, not \d+", flat)
        assert "seed" not in flat


def test_safford_cards_name_ladies_by_letter_and_gentlemen_by_number() -> None:
    movement = catalog.build(catalog.Request(family="safford", couples=8))
    header = Header("Score cards", "Safford")
    pdf = scorecards.render(score_cards(movement), header, "a4")
    text = body(pdf, header)
    assert "Lady a" in text
    assert "Gentleman 1" in text
    assert "Trays and tricks lost" in text
    assert not any("trump" in line.lower() for line in text)
    # Every card: a subtotal after each round of four hands (7 rounds), and a grand total.
    assert sum(line.startswith("Subtotal, hands ") for line in text) == 7 * len(movement.field)
    assert text.count(scorecards.GRAND_TOTAL) == len(movement.field)


@pytest.mark.slow
def test_only_mitchell_table_cards_carry_the_notes() -> None:
    movement = catalog.build(catalog.Request(family="safford", couples=8))
    pdf = print_movement_document(movement, "table-cards")
    assert len(pages(pdf)) == movement.tables
    assert not any(note in lines(pdf) for note in movement.notes)


def test_an_arrow_switched_pair_is_written_in_the_column_of_the_hands_it_holds() -> None:
    movement = catalog.build(catalog.Request(family="mitchell", tables=5, mnemonic=True))
    (tray_one,) = [t for t in traveller_contents(movement) if t.slip.tray == 1]
    seatings = {(s.round, s.table): s for s in movement.seatings}
    assert any(seatings[(r.round, r.table)].switched for r in tray_one.rows)
    for row in tray_one.rows:
        s = seatings[(row.round, row.table)]
        assert row.places == ((s.ew, s.ns) if s.switched else (s.ns, s.ew))


def test_a_round_split_at_a_table_prints_both_halves_on_every_paper() -> None:
    """The half-round trick splits each round at one table, the second half played the other
    way round: the cards show both halves, and only the second as switched."""
    from director.printing.contents import indicator_cards, recap

    movement = catalog.build(
        catalog.Request("howell", tables=5, trays_per_round=2, variant="half-rounds")
    )
    halves = [s for s in movement.seatings if s.switched]
    assert halves  # the split seatings under test
    for card in score_cards(movement):
        for row in card.rows:
            played = [
                t for s in movement.seatings if card.who in s.places and s.round == row.round
                for t in s.trays
            ]  # fmt: skip
            assert list(row.trays) == played, (card.who, row.round)
    switched = {(s.round, s.table, trays_text(s.trays)) for s in halves}
    for card in table_card_contents(movement):
        marked = {
            (row.round, card.table, row.trays.split(" (")[0])
            for row in card.rows
            if "(switched)" in row.trays
        }
        assert marked == {m for m in switched if m[1] == card.table}
    for card in indicator_cards(movement):
        for row in card.rows:
            at = [s for s in movement.seatings if (s.round, s.table) == (row.round, card.table)]
            here = trays_text(tuple(t for s in at for t in s.trays))
            # a split round says which of its trays are switched
            marked = [f"{trays_text(s.trays)} switched" for s in at if s.switched]
            expected = f"{here} ({marked[0]})" if marked and len(at) > 1 else here
            assert row.trays == expected, (card.table, row.round)
    cells = recap(movement).cells
    for s in halves:
        assert cells[(s.round, s.table)].trays.endswith(f"{trays_text(s.trays)} sw")


def test_the_letter_trump_box_is_as_large_as_the_a4_one() -> None:
    """A Letter page is shorter: its slips close up the lines above the box, not the box."""
    from director.printing.cards import slots

    a4, letter = (slips.trump_box(slots(page, *slips.GRID)[0]) for page in (A4, LETTER))
    assert letter[2] >= a4[2]
    assert letter[3] >= a4[3]
    for page in (A4, LETTER):
        slot = slots(page, *slips.GRID)[0]
        x, y, width, height = slips.trump_box(slot)
        assert slot.x < x
        assert x + width < slot.x + slot.width
        assert slot.y < y
        assert y + height < slot.y + slot.height


@pytest.mark.slow
def test_a_card_over_two_pages_carries_its_total_and_totals_once() -> None:
    """Thirty tables: each card goes on over the page. The first part carries its total to
    the next, the next brings it; only the last part has the grand total."""
    movement = round_robin(30, trays_per_round=1)
    cards = score_cards(movement)
    header = Header("Score cards", "test")
    text = lines(scorecards.render(cards, header, "letter"))
    assert text.count(scorecards.GRAND_TOTAL) == len(cards)
    parts = [part for card in cards for part in scorecards.pages_of(card)]
    assert len(parts) > len(cards)
    assert text.count(scorecards.CARRIED) == len(parts) - len(cards)
    assert text.count(scorecards.BROUGHT) == len(parts) - len(cards)
    for card in cards:
        first, *rest = scorecards.pages_of(card)
        assert first.hands_before == 0
        assert first.goes_on == bool(rest)
        played = sum(len(row.trays) for row in first.card.rows)
        for part in rest:
            assert part.hands_before == played
            played += sum(len(row.trays) for row in part.card.rows)
        assert played == sum(len(row.trays) for row in card.rows)


@pytest.mark.parametrize("document", list(MOVEMENT_DOCUMENTS))
def test_each_document_is_listed_under_its_own_modules_name_and_title(document: str) -> None:
    # The list names each document's module, imported only when it prints: they must agree.
    listed = MOVEMENT_DOCUMENTS[document]
    module = importlib.import_module(f"director.printing.{listed.module}")
    assert module.identifier == document
    assert listed.verbose_name == module.verbose_name


SURNAMES = (
    "Featherstonehaugh-Wolstenholme",
    "Cholmondeley",
    "Vandenberghe-Oosterhuis",
    "Featherstonehaugh",
)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_an_individuals_score_card_keeps_long_surnames_whole(paper: str) -> None:
    """16 players with long names: the partner and opponents columns name each by number and
    surname, nothing is cut short, every surname is printed whole (a double-barrelled one may
    break at its hyphen), and a partner with a long single surname takes one line."""
    movement = catalog.build(catalog.Request(family="individual", players=16))
    names = {
        who: f"Mrs {chr(65 + i)}lexandra {SURNAMES[i % 4]}" for i, who in enumerate(movement.field)
    }
    cards = score_cards(movement, names)
    others = [other for row in cards[0].rows for other in (row.partner, *row.opponents.split(", "))]
    for other in others:
        number, surname = other.split()  # at a no-break space: never parted on paper
        assert other == f"{number}\u00a0{surname}"
        assert names[number].endswith(f" {surname}")
    with fit.recording() as measured:
        pdf = scorecards.render(cards[:1], Header("Score cards"), paper)
    assert [m.text for m in measured if m.cut or m.overflows] == []
    partners = {row.partner for row in cards[0].rows}
    single = [m for m in measured if m.text in partners and "-" not in m.text]
    assert single
    # one line at up to 12 pt is shorter than two of the smallest type (8 pt)
    wrapped = [m.text for m in single if m.tallest >= 2 * fit.FLOOR_SIZE]
    assert wrapped == []
    text = " ".join(" ".join(page.split()) for page in pages(pdf)).replace("- ", "-")
    for other in others:
        assert " ".join(other.split()) in text
