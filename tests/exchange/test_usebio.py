"""USEBIO XML: well-formed, laid out as USEBIO 1.2/1.3 readers take it (which element holds
which, in order, the values' shapes, every traveller's pairs among the participants), every
standing and table result with the figures the scorer computed, names as text, individual
events refused."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from director.errors import DirectorError
from director.exchange.export import export_event, sections_of
from director.exchange.usebio import figure, pair_number, results_usebio
from director.scoring.model import Method
from director.store.services import EventStore
from director.store.values import EventSettings
from schedules.catalog import Request
from tests.publish.conftest import EVIL, make_event


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EventStore]:
    store = make_event(tmp_path_factory.mktemp("usebio") / "event.sqlite")
    yield store
    store.close()


def _root(text: str) -> ET.Element:
    head, doctype, body = text.split("\n", 2)
    assert head == '<?xml version="1.0" encoding="UTF-8"?>'
    assert doctype.startswith("<!DOCTYPE USEBIO SYSTEM")
    return ET.fromstring(body)


def test_the_document_names_the_event_and_its_format(event: EventStore) -> None:
    root = _root(export_event(event, "usebio"))
    info = event.info()
    assert (root.tag, root.get("Version")) == ("USEBIO", "1.3")
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == info.name
    assert root.find("EVENT").get("EVENT_TYPE") == "PAIRS"
    assert root.findtext("EVENT/BOARD_SCORING_METHOD") == "AGGREGATE"
    assert root.findtext("EVENT/WINNER_TYPE") == "2"  # a Mitchell ranks N-S and E-W apart
    assert [s.get("SESSION_ID") for s in root.iter("SESSION")] == ["1"]


def test_every_standing_is_a_pair_with_its_place_score_and_players(event: EventStore) -> None:
    root = _root(export_event(event, "usebio"))
    result = event.standings()
    pairs = root.findall(".//PARTICIPANTS/PAIR")
    rows = [(d, st) for d in ("N-S", "E-W") for st in result.standings[d]]
    assert len(pairs) == len(rows)
    names = {p.id: p.name for p in event.players()}
    players = {p.label: [names[i] for i in p.players] for p in event.partnerships()}
    for element, (direction, st) in zip(pairs, rows, strict=True):
        assert element.findtext("PAIR_NUMBER") == pair_number(st.label)
        assert element.findtext("DIRECTION") == direction.replace("-", "")
        assert element.findtext("PLACE") == st.place
        assert element.findtext("TOTAL_SCORE") == figure(st.plus_minus)
        assert [p.findtext("PLAYER_NAME") for p in element.iter("PLAYER")] == players[st.label]
    assert EVIL in [p.text for p in root.iter("PLAYER_NAME")]


def test_every_table_result_is_a_traveller_line(event: EventStore) -> None:
    root = _root(export_event(event, "usebio"))
    result = event.standings()
    boards = root.findall(".//BOARD")
    assert [int(b.findtext("BOARD_NUMBER")) for b in boards] == [d.tray for d in result.deals]
    for board, deal in zip(boards, result.deals, strict=True):
        lines = board.findall("TRAVELLER_LINE")
        assert len(lines) == len(deal.tables)
        for line, t in zip(lines, deal.tables, strict=True):
            assert line.findtext("NS_PAIR_NUMBER") == pair_number(t.ns[0])
            assert line.findtext("EW_PAIR_NUMBER") == pair_number(t.ew[0])
            if t.made_ns is None:
                assert line.find("TRICKS") is None
                assert line.findtext("SCORE") == "A5050"
            else:
                assert line.findtext("TRICKS") == str(t.made_ns)
                assert line.findtext("SCORE") == figure(t.final_ns)
            assert line.findtext("NS_MATCH_POINTS") == figure(t.pm_ns)
            assert line.find("CONTRACT") is None  # whist has none


def test_an_individual_event_is_refused(tmp_path: Path) -> None:
    store = EventStore.create(tmp_path / "solo.sqlite", "Individuals")
    try:
        store.build_movement(Request("individual", players=8))
        with pytest.raises(DirectorError, match="pairs and teams events only"):
            results_usebio(store.info(), sections_of(store), {})
    finally:
        store.close()


# What each element holds, in order, as USEBIO 1.2/1.3 lay it out for the elements written
# here: a regular expression over the child elements' names (each followed by a space).
CONTENT = {
    "USEBIO": r"CLUB EVENT ",
    "CLUB": r"CLUB_NAME CLUB_ID_NUMBER ",
    "EVENT": r"PROGRAM_NAME PROGRAM_VERSION EVENT_DESCRIPTION (DATE )?BOARD_SCORING_METHOD"
    r" WINNER_TYPE SESSION_COUNT (SESSION )+",
    "SESSION": r"(SECTION )+",
    "SECTION": r"PARTICIPANTS (BOARD )+",
    "PARTICIPANTS": r"(PAIR )+",
    "PAIR": r"PAIR_NUMBER (DIRECTION )?PLACE TOTAL_SCORE (PERCENTAGE )?PLAYER PLAYER ",
    "PLAYER": r"PLAYER_NAME ",
    "BOARD": r"BOARD_NUMBER (TRAVELLER_LINE )+",
    "TRAVELLER_LINE": r"NS_PAIR_NUMBER EW_PAIR_NUMBER (TRICKS )?SCORE"
    r"( NS_MATCH_POINTS EW_MATCH_POINTS)? ",
}
MAY_BE_EMPTY = {"CLUB_ID_NUMBER", "PLAYER_NAME"}
"""Whist clubs have no federation number; a pair may have no second player named."""
ATTRIBUTES = {"USEBIO": {"Version"}, "EVENT": {"EVENT_TYPE"}, "SESSION": {"SESSION_ID"},
              "SECTION": {"SECTION_ID"}}  # fmt: skip
NUMBER = r"-?\d+(\.\d+)?"
VALUES = {
    "DATE": r"\d\d/\d\d/\d{4}",
    "BOARD_SCORING_METHOD": r"MATCH_POINTS|AGGREGATE",
    "WINNER_TYPE": r"[12]",
    "SESSION_COUNT": r"\d+",
    "DIRECTION": r"NS|EW",
    "PLACE": r"\d+=?",
    "TOTAL_SCORE": NUMBER,
    "PERCENTAGE": NUMBER,
    "BOARD_NUMBER": r"\d+",
    "TRICKS": r"\d|1[0-3]",
    "SCORE": rf"{NUMBER}|A\d\d\d\d",
    "NS_MATCH_POINTS": NUMBER,
    "EW_MATCH_POINTS": NUMBER,
}


def _shape_faults(root: ET.Element) -> list[str]:
    """Where the document departs from the layout above (empty when it keeps to it)."""
    faults = []
    for element in root.iter():
        children = "".join(f"{child.tag} " for child in element)
        if element.tag in CONTENT:
            if not re.fullmatch(CONTENT[element.tag], children):
                faults.append(f"{element.tag} holds {children!r}")
        elif children or not ((element.text or "").strip() or element.tag in MAY_BE_EMPTY):
            faults.append(f"{element.tag} should hold text alone")
        elif element.tag in VALUES and not re.fullmatch(VALUES[element.tag], element.text or ""):
            faults.append(f"{element.tag} = {element.text!r}")
        if set(element.attrib) != ATTRIBUTES.get(element.tag, set()):
            faults.append(f"{element.tag} has attributes {sorted(element.attrib)}")
    for section in root.iter("SECTION"):
        pairs = {(p.findtext("DIRECTION"), p.findtext("PAIR_NUMBER")) for p in section.iter("PAIR")}
        for line in section.iter("TRAVELLER_LINE"):
            for side, tag in (("NS", "NS_PAIR_NUMBER"), ("EW", "EW_PAIR_NUMBER")):
                number = line.findtext(tag)
                if (side, number) not in pairs and (None, number) not in pairs:
                    faults.append(f"{tag} {number} is no participant of its section")
    return faults


@pytest.mark.parametrize("method", [Method.PLUS_MINUS, Method.MATCHPOINTS])
def test_every_file_keeps_to_the_usebio_layout(method: Method, tmp_path: Path) -> None:
    store = make_event(tmp_path / "event.sqlite", leave_out=2)
    try:
        store.update_event(
            held_on=date(2026, 3, 4), venue="Riverside", settings=EventSettings(method=method)
        )
        root = _root(export_event(store, "usebio"))
    finally:
        store.close()
    assert _shape_faults(root) == []
    assert root.findtext("EVENT/DATE") == "04/03/2026"
    assert root.findtext("CLUB/CLUB_NAME") == "Riverside"


def test_the_layout_check_finds_a_departure(event: EventStore) -> None:
    root = _root(export_event(event, "usebio"))
    line = root.find(".//TRAVELLER_LINE")
    assert line is not None
    line.remove(line.find("SCORE"))
    ET.SubElement(line, "CONTRACT").text = "4S"
    line.find("NS_PAIR_NUMBER").text = "99"
    faults = _shape_faults(root)
    assert any(f.startswith("TRAVELLER_LINE holds") for f in faults)
    assert "NS_PAIR_NUMBER 99 is no participant of its section" in faults


@pytest.mark.parametrize("method", [Method.PLUS_MINUS, Method.MATCHPOINTS])
def test_two_independent_readers_take_the_file(method: Method, tmp_path: Path) -> None:
    from tests.exchange.evening import rich_evening
    from tests.exchange.usebio_readers import read_like_the_club_tool, read_like_the_stratifier

    with rich_evening(tmp_path / "e.whist", method) as store:
        data = export_event(store, "usebio").encode("utf-8")
        result = store.standings()
        info = store.info()
    assert _shape_faults(_root(data.decode("utf-8"))) == []
    stratified = read_like_the_stratifier(data)  # without CLUB: AttributeError on None
    assert stratified.club == info.venue
    assert stratified.held_on == "04/03/2026"
    assert stratified.winners == 2
    rows = [st for ranking in ("N-S", "E-W") for st in result.standings[ranking]]
    assert [(n, d) for n, d, *_ in stratified.pairs] == [
        (int(pair_number(st.label)), st.field.replace("-", "")) for st in rows
    ]
    assert sorted(stratified.boards) == [d.tray for d in result.deals]
    for deal in result.deals:
        lines = stratified.boards[deal.tray]
        assert len(lines) == len(deal.tables)
        for line, t in zip(lines, deal.tables, strict=True):
            ns, ew = (t.mp_ns, t.mp_ew) if method is Method.MATCHPOINTS else (t.pm_ns, t.pm_ew)
            assert (line.ns_points, line.ew_points) == (float(figure(ns)), float(figure(ew)))
    held_on, participants = read_like_the_club_tool(data)
    assert held_on == info.held_on
    assert [p.place for p in participants] == [int(st.place.rstrip("=")) for st in rows]
    assert all(p.score is not None for p in participants)
