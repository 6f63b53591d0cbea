"""USEBIO XML: well-formed, the elements the format names, every standing and table result
with the figures the scorer computed, names as text, individual events refused."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from director.errors import DirectorError
from director.exchange.export import export_event, sections_of
from director.exchange.usebio import figure, pair_number, results_usebio
from director.store.services import EventStore
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
