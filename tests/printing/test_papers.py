"""Papers for the room: every tray's way named, the skip flagged, pages that stand alone, no
text below the legible floor, names wherever they are stored, and the new documents."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from director.printing import fit, tents
from director.printing.contents import indicator_cards, table_cards
from director.printing.documents import MOVEMENT_DOCUMENTS, print_movement_document
from director.printing.printed import Printed
from director.printing.setup import shared_lines
from director.printing.tray_words import FINISHED, numbers_text, setup_rows
from director.store.services import EventStore
from director.store.values import ResultEntry
from schedules import catalog
from schedules.routes import Hop, itineraries, tray_ways
from schedules.types import Movement, Share
from tests.printing.event_files import print_event_file
from tests.printing.pdf import font_sizes, lines, pages

ROOM = {
    "5-table Howell, 3 trays a round": catalog.Request(
        family="howell", tables=5, trays_per_round=3
    ),
    "7-table Mitchell": catalog.Request(family="mitchell", tables=7),
    "8-table ladies and gentlemen": catalog.Request(family="ladies-gentlemen", tables=8),
    "8-couple Safford": catalog.Request(family="safford", couples=8),
    "20-player individual": catalog.Request(family="individual", players=20),
    "30-table Howell": catalog.Request(family="howell", tables=30),
}
"""The movements the issue names: every document of each is printed on both papers."""
SMALL = [name for name in ROOM if name != "30-table Howell"]


@cache
def built(name: str) -> Movement:
    return catalog.build(ROOM[name])


@pytest.mark.parametrize("name", list(ROOM))
def test_every_tray_is_followed_from_play_to_play_and_no_way_is_blank(name: str) -> None:
    movement = built(name)
    plays = {(s.round, s.table, t) for s in movement.seatings for t in s.trays}
    for ways in tray_ways(movement).values():
        for way in ways:
            for tray, leg in way.goes:
                if leg.hop is Hop.DONE:
                    assert not any(r > way.round and t == tray for r, _, t in plays)
                    continue
                assert all((leg.round, other, tray) in plays for other in leg.tables)
                if leg.hop is Hop.STAND:
                    assert leg.round is not None
                    assert leg.round > way.round + 1
                    assert leg.stand == leg.tables[0]
                    between = range(way.round + 1, leg.round)
                    assert not any(r in between and t == tray for r, _, t in plays)
    for card in table_cards(movement):
        assert card.rows
        for row in card.rows:
            assert row.received_from not in ("", "—")
            assert row.passed_to not in ("", "—")


def test_a_howell_names_the_stand_and_the_table_that_takes_the_trays_from_it() -> None:
    movement = built("5-table Howell, 3 trays a round")
    waits = [
        (way, leg)
        for ways in tray_ways(movement).values()
        for way in ways
        for _, leg in way.goes
        if leg.hop is Hop.STAND
    ]
    assert waits  # 9 tray sets, 5 in play: some wait every round
    cards = {c.table: c for c in table_cards(movement)}
    for way, leg in waits:
        row = cards[way.table].rows[way.round - 1]
        assert f"stand by table {leg.stand} (round {leg.round})" in row.passed_to
        taker = cards[leg.tables[0]].rows[leg.round - 1]
        assert f"the stand (table {way.table}, round {way.round})" in taker.received_from


def test_safford_trays_pass_tray_by_tray_and_the_last_goes_back_to_the_director() -> None:
    movement = built("8-couple Safford")
    first = table_cards(movement)[0].rows[0]
    seating = next(s for s in movement.seatings if (s.round, s.table) == (1, 1))
    # the order they are played in, and the tables they are passed between in the round
    relay = sorted({s.table for s in movement.seatings if s.round == 1} - {1})
    start, *then = seating.trays
    assert first.trays == f"start with {start}, then {', '.join(map(str, then))}" + (
        f", sharing with tables {numbers_text(relay)}"
    )
    assert "pass to table" in first.passed_to
    assert FINISHED in first.passed_to


def test_shared_trays_name_the_tables_sharing_them_on_cards_and_sheet(tmp_path: Path) -> None:
    movement = built("20-player individual")
    (share, *_) = movement.shared
    others = [t for t in share.tables if t != share.tables[0]]
    row = table_cards(movement)[0].rows[share.round - 1]
    assert row.trays.endswith(f"sharing with tables {numbers_text(others)}")
    setup = " ".join(lines(print_movement_document(movement, "setup")))
    assert "Trays shared in a round" in setup
    # the five tables share in every round: one line, not a list of every round
    assert (
        f"Tables {numbers_text(share.tables)} play the same trays in every round, each its "
        "own copy, dealt alike: see the table cards." in setup
    )
    assert f"round {share.round} trays {numbers_text(share.trays)}" not in setup
    assert len(pages(print_movement_document(movement, "setup", paper="letter"))) == 1


def test_trays_shared_in_some_rounds_only_are_listed_round_by_round() -> None:
    shares = (Share(2, (5, 6), (1, 3)), Share(4, (7, 8), (1, 3)), Share(1, (1,), (2, 4)))
    assert shared_lines(shares, rounds=4) == [
        "Tables 1, 3 play the same trays, each in its own order: round 2 trays 5-6; "
        "round 4 trays 7-8.",
        "Tables 2, 4 play the same tray, taking turns with it: round 1 tray 1.",
    ]
    every = tuple(Share(r, (r,), (1, 2)) for r in (1, 2, 3))
    assert shared_lines(every, rounds=3) == [
        "Tables 1-2 play the same tray in every round, taking turns with it: see the table cards."
    ]


def test_a_single_tray_shared_or_dealt_at_a_table_is_said_as_one_tray() -> None:
    """One tray a round: the cards say "deal it here" and "your copy", the set-up sheet
    "6 copies, dealt alike" and "round 2 tray 2", never "them", "trays 1" or "of each"."""
    howell = catalog.build(
        catalog.Request("howell", tables=6, variant="interwoven", trays_per_round=1)
    )
    first = table_cards(howell)[0].rows[0]
    assert first.received_from == "your copy (dealt alike for tables 1-6)"
    rows = setup_rows(howell, tray_ways(howell))
    assert rows[0].start == "tables 1-6: 6 copies, dealt alike"
    sheet = " ".join(lines(print_movement_document(howell, "setup")))
    assert "Tables 1-6 play the same tray, each its own copy, dealt alike: round 1 tray 1." in (
        sheet
    )
    assert "1 deal starts at the tables for round 1; 4 wait on stands" in sheet
    for wrong in ("copies of each", "trays 1.", "same trays"):
        assert wrong not in sheet
    mitchell = catalog.build(catalog.Request("mitchell", tables=4, trays_per_round=1))
    words = [
        text
        for card in table_cards(mitchell)
        for row in card.rows
        for text in (row.received_from, row.passed_to)
    ]
    assert "deal it here" in words
    assert not [w for w in words if "them" in w]
    relay = built("20-player individual")  # two trays a round, shared: still "them"
    assert "your copies" in table_cards(relay)[1].rows[0].received_from


def test_trays_played_at_several_tables_at_once_call_for_copies_dealt_alike() -> None:
    """Five tables playing the same two trays in a round each need their own copy: the set-up
    sheet says how many, and each table card says the table plays its copy."""
    movement = built("20-player individual")
    ways = tray_ways(movement)
    together = {
        (way.round, tray): leg.tables
        for table_ways in ways.values()
        for way in table_ways
        for tray, leg in way.came
        if leg.hop is Hop.NEW and len(leg.tables) > 1
    }
    assert together
    # counted at every play, not only the first: the most tables holding the tray at once
    at_once: Counter[tuple[int, int, int]] = Counter(
        (tray, s.round, order) for s in movement.seatings for order, tray in enumerate(s.trays)
    )
    rows = setup_rows(movement, ways)
    for row in rows:
        trays = [t for t in movement.tray_numbers if numbers_text([t]) in row.trays.split("-")]
        most = max(n for (tray, _, _), n in at_once.items() if tray in trays)
        assert row.copies == most
        assert f"{most} copies of each, dealt alike" in row.start
    sheet = " ".join(lines(print_movement_document(movement, "setup")))
    assert "need a copy for each of those tables" in sheet
    first = table_cards(movement)[1].rows[0]
    assert "your copies" in first.received_from
    mitchell = built("7-table Mitchell")
    assert all(r.copies == 1 for r in setup_rows(mitchell, tray_ways(mitchell)))


@pytest.mark.parametrize("name", ["7-table Mitchell", "5-table Howell, 3 trays a round"])
def test_the_setup_sheet_puts_every_tray_somewhere_and_names_its_dealer(name: str) -> None:
    movement = built(name)
    rows = setup_rows(movement, tray_ways(movement))
    listed = [
        int(x) for r in rows for x in re.findall(r"(\d+) (?:North|East|South|West)", r.dealers)
    ]
    assert sorted(listed) == sorted(movement.tray_numbers)
    for r in rows:
        for tray in re.findall(r"(\d+) (North|East|South|West)", r.dealers):
            t = movement.tray(int(tray[0]))
            assert tray[1] == t.dealer.word
            assert r.first_play.startswith(f"round {t.original_round}, ")
            assert (r.stand is None) == (t.original_round == 1)


def test_the_skip_is_flagged_on_each_movers_card_in_the_round_it_happens() -> None:
    movement = built("8-table ladies and gentlemen")
    trips = itineraries(movement)
    flagged = [(card, row) for card in indicator_cards(movement) for row in card.rows if row.skip]
    assert flagged
    for _card, row in flagged:
        assert row.who.startswith("Gentleman")  # the ladies sit still
        assert row.next_table is not None
        usual = (row.next_table - 2) % movement.tables + 1  # one table up, not two
        assert row.skip == f"skip: go to table {row.next_table}, not {usual}"
    rounds = {row.round for _, row in flagged}
    assert len(rounds) == 1  # every mover skips at the same change of round
    (skip_round,) = rounds
    movers = {w for w in movement.field if trips[w][0].table != trips[w][1].table}
    assert len(flagged) == len(movers)
    pdf = print_movement_document(movement, "indicators")
    assert sum(line.startswith("skip: go to table") for line in lines(pdf)) == len(movers)
    table_notes = " ".join(" ".join(c.notes) for c in table_cards(movement))
    assert f"After round {skip_round}" in table_notes
    assert "seed" not in table_notes


@pytest.mark.parametrize("name", SMALL)
def test_the_cards_name_no_file_of_ours(name: str) -> None:
    """A player reads the cards: no document path or section mark of our own docs."""
    movement = built(name)
    for document in ("table-cards", "indicators", "movement"):
        text = " ".join(lines(print_movement_document(movement, document)))
        assert not re.search(r"docs/|\.md\b|#[a-z]+-[a-z-]+", text), (name, document)


def test_a_thirty_table_recap_splits_evenly_and_every_page_names_its_tables() -> None:
    movement = catalog.build(catalog.Request("howell", tables=30))
    printed = pages(print_movement_document(movement, "movement"))
    titles = [
        re.search(r"tables (\d+)-(\d+)( \(continued\))?$", line)
        for text in printed
        for line in text.splitlines()[:4]
        if "trays: tables" in line
    ]
    assert len(titles) == len(printed)  # every page says which tables it holds
    widths = {int(m[2]) - int(m[1]) + 1 for m in titles if m}
    assert max(widths) - min(widths) <= 1  # 8, 8, 7, 7 across, never 8, 8, 8, 6
    assert "Movement notes and proof" in printed[0]  # not alone on a last page


@pytest.mark.parametrize(
    ("name", "proof"),
    [
        ("5-table Howell, 3 trays a round", "Room square"),
        # the verifier's checks and the same-cards counts follow their heading, indented
        ("8-couple Safford", "Proof (checked by the verifier)"),
        ("8-couple Safford", "husband and wife are never partners: holds"),
        ("8-couple Safford", "Same cards (rounds holding"),
    ],
)
def test_the_recap_leaves_the_proof_to_its_own_document(name: str, proof: str) -> None:
    movement = built(name)
    recap = " ".join(lines(print_movement_document(movement, "movement")))
    assert proof not in recap
    assert "Movement notes and proof" in recap
    notes = " ".join(lines(print_movement_document(movement, "movement-notes")))
    assert proof in notes
    assert "found nothing wrong" in notes
    cards = " ".join(lines(print_movement_document(movement, "table-cards")))
    assert proof not in cards


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_continuation_page_carries_its_table_and_its_tray(paper: str) -> None:
    movement = built("30-table Howell")
    cards = print_movement_document(movement, "table-cards", paper)
    printed = pages(cards)
    assert len(printed) == 2 * movement.tables  # 59 rounds: two balanced pages a table
    for n, text in enumerate(printed):
        table = n // 2 + 1
        assert re.search(rf"^Table {table} — rounds \d+-\d+ \(page {n % 2 + 1} of 2\)$", text, re.M)
        rows = [line for line in text.splitlines() if re.fullmatch(r"\d+", line.split(" ")[0])]
        assert len(rows) >= 25  # no page holds only a row or two
    # every traveller fits its page, with the pairs' names too (two lines a name would not)
    names = Printed({who: f"Mrs Grant-{who} & Mr Grant-{who}" for who in movement.field})
    travellers = pages(print_movement_document(movement, "travellers", paper, printed=names))
    assert len(travellers) == len(movement.trays)
    for text, tray in zip(travellers, movement.trays, strict=True):
        assert f"Tray {tray.number} — dealer" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", SMALL)
def test_no_glyph_is_printed_below_the_legible_floor(name: str, paper: str) -> None:
    movement = built(name)
    for document in MOVEMENT_DOCUMENTS:
        with fit.recording() as measured:
            pdf = print_movement_document(movement, document, paper)
        assert min(font_sizes(pdf)) >= fit.FLOOR_SIZE, document
        assert [m for m in measured if m.overflows or m.cut] == [], document


def test_a_long_name_wraps_or_is_cut_short_but_never_shrinks_below_the_floor() -> None:
    movement = built("8-table ladies and gentlemen")
    names = dict.fromkeys(movement.field, "Mrs Featherstonehaugh-Cholmondeley of Little Snoring")
    for document in ("indicators", "table-cards", "scorecards", "travellers", "personal-cards"):
        with fit.recording() as measured:
            pdf = print_movement_document(movement, document, "letter", printed=Printed(names))
        assert min(font_sizes(pdf)) >= fit.FLOOR_SIZE, document
        assert [m for m in measured if m.overflows] == [], document
        assert all("Featherstonehaugh" in m.text for m in measured if m.cut), document


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_table_card_columns_are_as_wide_as_what_they_hold(paper: str) -> None:
    """Four named players and the shared trays' ways: each column gets room for its text, so a
    19-round individual's card stays on one page, its names wrapped in two lines at most."""
    movement = built("20-player individual")
    names = {who: f"Pat Jones-{who}" for who in movement.field}
    with fit.recording() as measured:
        pdf = print_movement_document(movement, "table-cards", paper, printed=Printed(names))
    assert len(pages(pdf)) == movement.tables
    for m in measured:
        if "Pat Jones" in m.text:
            assert m.tallest <= 2 * fit.LEADING * 13 + 0.01, m.text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_word_that_just_fills_its_column_is_not_broken(paper: str) -> None:
    """A Safford's "Gentleman" sets the width of the place columns on its cards."""
    movement = built("8-couple Safford")
    names = {who: f"Mr Fox-{who}" for who in movement.field}
    pdf = print_movement_document(movement, "table-cards", paper, printed=Printed(names))
    assert not [line for line in lines(pdf) if line.endswith("Gentlema")]
    assert any(line.startswith("Gentleman") for line in lines(pdf))


def test_a_traveller_prints_every_name_alike_on_one_line() -> None:
    """Short and long names at one size (not each shrunk on its own), each on one line."""
    movement = built("5-table Howell, 3 trays a round")
    names = {
        who: "Ames & Bell" if int(who) % 2 else f"Mrs Grant-{who} & Mr Grant-{who}"
        for who in movement.field
    }
    with fit.recording() as measured:
        print_movement_document(movement, "travellers", "letter", printed=Printed(names))
    heights = {m.tallest for m in measured if "&" in m.text}
    assert len(heights) == 1
    assert heights.pop() <= 11 * fit.LEADING + 0.01  # one line, at most the usual size


def test_tent_cards_print_each_table_number_large_on_both_faces() -> None:
    movement = built("7-table Mitchell")
    pdf = print_movement_document(movement, "table-numbers")
    printed = pages(pdf)
    assert len(printed) == movement.tables
    for table, text in zip(movement.table_numbers, printed, strict=True):
        assert [line for line in text.splitlines() if line == str(table)] == [str(table)] * 2
        # both halves face the room: nothing on them but the word and the number
        assert sorted(line for line in text.splitlines() if line.strip()) == sorted(
            ["TABLE", "TABLE", str(table), str(table)]
        )
    assert max(font_sizes(pdf)) >= tents.NUMBER_SIZE * 0.6


@pytest.fixture(scope="module")
def named_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 7-table Mitchell whose pairs all have names, half its results in."""
    path = tmp_path_factory.mktemp("event") / "club.whist"
    movement = built("7-table Mitchell")
    with EventStore.create(path, "Club night", venue="The Assembly Rooms") as store:
        store.choose_movement(movement)
        for n, label in enumerate(movement.field):
            a = store.add_player(f"Mrs Ames{n}").id
            b = store.add_player(f"Mr Bell{n}").id
            store.form_partnership(label, (a, b))
        plays = [(s, t) for s in movement.seatings for t in s.trays]
        store.record_round(
            [ResultEntry(1, s.round, s.table, t, (s.table + t) % 14) for s, t in plays[::2]]
        )
    return path


@pytest.mark.parametrize(
    "document",
    ["indicators", "table-cards", "travellers", "scorecards", "sign-in", "personal-cards"],
)
def test_names_are_printed_wherever_they_are_stored(named_event: Path, document: str) -> None:
    text = " ".join(lines(print_event_file(named_event, document)))
    for n in range(14):
        assert f"Mrs Ames{n} & Mr Bell{n}" in text, document
    assert "The Assembly Rooms" in text


def test_results_are_provisional_until_every_result_is_in(named_event: Path) -> None:
    text = lines(print_event_file(named_event, "results", parts=("standings",)))
    movement = built("7-table Mitchell")
    plays = sum(len(s.trays) for s in movement.seatings)
    assert f"PROVISIONAL: {(plays + 1) // 2} OF {plays} RESULTS ENTERED" in text
    assert "Results (provisional)" in text
    assert "Mrs Ames0 & Mr Bell0" in " ".join(text)


def test_a_deal_with_no_result_yet_says_so_instead_of_an_empty_average(
    named_event: Path,
) -> None:
    text = " ".join(lines(print_event_file(named_event, "results", parts=("deals",))))
    assert "over 0 tables" not in text
    assert "N-S -, E-W -" not in text
    assert "No result counts yet: the average comes with the first one." in text


def test_trays_dealt_after_the_first_round_name_the_stand_they_wait_on() -> None:
    """A tray first played in round 2 or later waits on the stand by the first table that
    plays it then, as the set-up sheet puts it; the table card says which stand."""
    from director.printing.tray_words import came_text
    from schedules.catalog import Request, build
    from schedules.routes import Hop, tray_ways

    movement = build(Request("howell", tables=30))
    firsts: dict[int, tuple[int, int]] = {}
    for s in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        for tray in s.trays:
            firsts.setdefault(tray, (s.round, s.table))
    late = 0
    for table, ways in tray_ways(movement).items():
        for way in ways:
            for tray, leg in way.came:
                if leg.hop is Hop.NEW and way.round > 1:
                    late += 1
                    stand = firsts[tray][1]
                    assert came_text(leg, table, way.round) == (
                        f"deal them: stand by table {stand}"
                    )
    assert late
