"""The Bridgewebs results CSV, read by a reader that follows the published format and a club
tool's reader of these files (`tests.exchange.bridgewebs_reader`): the option lines, a scores
block per ranking with a place and a score for every pair, the board format and a traveller
line per table, each figure the scorer's; names guarded against spreadsheets and never split;
one section per file; individual events refused."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from director.cli import main
from director.errors import DirectorError
from director.exchange.bridgewebs import SCORE_COLUMNS, TRAVELLER_COLUMNS, results_bridgewebs
from director.exchange.export import export_event, sections_of
from director.exchange.results import cell
from director.exchange.usebio import figure, pair_number
from director.scoring.model import Method
from director.store.services import EventStore
from director.store.values import EventSettings
from schedules.catalog import Request
from tests.exchange.bridgewebs_reader import UnreadableError, read_upload
from tests.exchange.evening import ACCENTED, QUOTED, rich_evening
from tests.publish.conftest import make_event

FORMULA = "=1+2; Smith"
"""A player's name a spreadsheet would run, holding the file's separator too."""


@pytest.fixture(scope="module", params=[Method.PLUS_MINUS, Method.MATCHPOINTS])
def event(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[EventStore]:
    """The published evening (one deal not played), dated, scored each way."""
    store = make_event(tmp_path_factory.mktemp("bridgewebs") / "event.sqlite")
    store.update_event(held_on=date(2026, 3, 4), settings=EventSettings(method=request.param))
    first = min(store.players(), key=lambda p: p.id)
    store.edit_player(replace(first, name=FORMULA))
    yield store
    store.close()


def _blocks(text: str) -> dict[str, list[list[str]]]:
    """The file's lines by block: option values by name, and each `#Scores`, `#Travellers`
    and `#Board` block's lines (a repeated block gets a "+")."""
    separator = read_upload(text).separator
    blocks: dict[str, list[list[str]]] = {}
    current = ""
    for row in (line.split(separator) for line in text.split("\r\n") if line):
        if row[0].startswith("#"):
            name = row[0][1:]
            if name in ("Scores", "Travellers", "Board"):
                current = name + "".join(f" {v}" for v in row[1:])
                while current in blocks:
                    current += "+"
                blocks[current] = []
            else:
                blocks[name] = [row[1:]]
        else:
            blocks[current].append(row)
    return blocks


def test_the_options_name_the_event_and_how_it_is_scored(event: EventStore) -> None:
    text = export_event(event, "bridgewebs")
    assert text.startswith("#Version,std1\r\n")
    blocks = _blocks(text)
    result = event.standings()
    assert blocks["Title"] == [[event.info().name]]
    assert blocks["Date"] == [["04/03/2026"]]
    assert blocks["Boards"] == [[str(len(result.deals))]]
    assert blocks["Winners"] == [["2"]]  # a Mitchell ranks N-S and E-W apart
    assert ("Aggregate" in blocks) is (result.method is Method.PLUS_MINUS)


def test_each_ranking_is_a_scores_block_with_the_scorers_figures(event: EventStore) -> None:
    blocks = _blocks(export_event(event, "bridgewebs"))
    result = event.standings()
    names = {p.id: p.name for p in event.players()}
    players = {p.label: [names[i] for i in p.players] for p in event.partnerships()}
    matchpoints = result.method is Method.MATCHPOINTS
    for block, ranking in (("Scores", "N-S"), ("Scores+", "E-W")):
        heading, *lines = blocks[block]
        assert tuple(heading) == SCORE_COLUMNS
        standings = result.standings[ranking]
        assert len(lines) == len(standings)
        for line, st in zip(lines, standings, strict=True):
            score = st.matchpoints if matchpoints else st.plus_minus
            assert line[:2] == [st.place.rstrip("="), pair_number(st.label)]
            assert line[2:4] == [cell(name) for name in players[st.label]]
            assert line[4] == figure(score)
            if matchpoints:
                assert line[5] == figure(st.percent)


def test_each_table_is_a_traveller_line_with_the_scorers_figures(event: EventStore) -> None:
    blocks = _blocks(export_event(event, "bridgewebs"))
    result = event.standings()
    assert tuple(blocks["Travellers"][0]) == TRAVELLER_COLUMNS
    assert tuple(blocks["BoardFormat"][0]) == TRAVELLER_COLUMNS
    matchpoints = result.method is Method.MATCHPOINTS
    averages = 0
    for deal in result.deals:
        lines = blocks[f"Board {deal.tray}"]
        assert len(lines) == len(deal.tables)
        for line, t in zip(lines, deal.tables, strict=True):
            ns, ew = (t.mp_ns, t.mp_ew) if matchpoints else (t.pm_ns, t.pm_ew)
            assert line[:2] == [pair_number(t.ns[0]), pair_number(t.ew[0])]
            assert line[4:6] == [figure(ns), figure(ew)]
            if t.made_ns is None:
                averages += 1
                assert line[2:4] == ["A50", "A50"]
                assert line[6] == ""
            else:
                assert line[2:4] == [figure(t.final_ns), figure(t.final_ew)]
                assert line[6] == str(t.made_ns)
    assert averages == 1  # tray 2's first table was not played


def test_a_name_a_spreadsheet_would_run_is_guarded_and_kept_whole(event: EventStore) -> None:
    text = export_event(event, "bridgewebs")
    upload = read_upload(text)
    assert upload.separator == ","
    cells = [c for line in text.split("\r\n") for c in line.split(upload.separator)]
    assert f"'{FORMULA}" in cells
    for c in cells:
        if c[:1] in ("=", "+", "@", "\t", "\r", "-"):
            assert c[:1] == "-", f"cell {c!r} would run as a formula"
            float(c)


def test_one_section_per_file_and_pairs_events_only(event: EventStore, tmp_path: Path) -> None:
    with pytest.raises(DirectorError, match=r"session 1 section B has no movement.*section A"):
        export_event(event, "bridgewebs", section="B")
    store = EventStore.create(tmp_path / "solo.sqlite", "Individuals")
    try:
        store.build_movement(Request("individual", players=8))
        (only,) = sections_of(store)
        with pytest.raises(DirectorError, match="pairs events only"):
            results_bridgewebs(store.info(), only, {})
    finally:
        store.close()


def test_the_command_writes_the_upload(
    event: EventStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert event.path is not None
    out = tmp_path / "upload.csv"
    args = ["export", str(event.path), "--format", "bridgewebs", "--out", str(out)]
    assert main(args) == 0
    assert out.read_bytes().decode("utf-8") == export_event(event, "bridgewebs")
    assert main([*args[:-2], "--section", "C", "--out", str(tmp_path / "c.csv")]) == 2
    assert "section C has no movement" in capsys.readouterr().err


@pytest.mark.parametrize("method", [Method.PLUS_MINUS, Method.MATCHPOINTS])
def test_the_club_tools_reader_takes_every_pair_with_a_place_and_a_score(
    method: Method, tmp_path: Path
) -> None:
    with rich_evening(tmp_path / "e.whist", method) as store:
        text = export_event(store, "bridgewebs")
        result = store.standings()
        names = {p.id: p.name for p in store.players()}
        players = {p.label: [names[i] for i in p.players] for p in store.partnerships()}
    upload = read_upload(text)  # before the #BoardFormat line: "Unexpected tag TRAVELLERS"
    assert upload.held_on == date(2026, 3, 4)
    assert (upload.boards, upload.winners) == (len(result.deals), 2)
    rows = [st for ranking in ("N-S", "E-W") for st in result.standings[ranking]]
    assert len(upload.pairs) == len(rows)
    for pair, st in zip(upload.pairs, rows, strict=True):
        assert pair.direction == st.field.replace("-", "")
        assert pair.place == int(st.place.rstrip("="))  # a tie "4=" is place 4, not none
        assert pair.score is not None  # Percent: filled under plus/minus too
        assert pair.number == pair_number(st.label)
        expected = [cell(n).replace('"', "'") for n in players[st.label]]
        assert pair.names == expected
    if method is Method.PLUS_MINUS:
        assert any(st.place.endswith("=") for st in rows), "the evening has a tie to read"
    for ranking in ("N-S", "E-W"):
        scores = [p.score for p in upload.pairs if p.direction == ranking.replace("-", "")]
        assert scores == sorted(scores, reverse=True)  # the order of the ranking
    assert upload.board_columns == [c.upper() for c in TRAVELLER_COLUMNS]
    assert sorted(upload.travellers, key=int) == [str(d.tray) for d in result.deals]
    for deal in result.deals:
        lines = upload.travellers[str(deal.tray)]
        assert len(lines) == len(deal.tables)
        assert all(len(line) == len(TRAVELLER_COLUMNS) for line in lines)


def test_under_plus_minus_percent_is_the_equated_share_of_the_tricks(tmp_path: Path) -> None:
    with make_event(tmp_path / "e.whist") as event:
        upload = read_upload(export_event(event, "bridgewebs"))
        result = event.standings()
    rows = [st for ranking in ("N-S", "E-W") for st in result.standings[ranking]]
    for pair, st in zip(upload.pairs, rows, strict=True):
        assert st.equated is not None
        all_tricks = 13 * max(s.deals for s in rows)
        assert pair.score == pytest.approx(float(100 * st.equated / all_tricks), abs=0.005)


def test_a_name_with_a_comma_moves_the_file_to_semicolons(tmp_path: Path) -> None:
    with rich_evening(tmp_path / "e.whist") as store:
        first = min(store.players(), key=lambda p: p.id)
        store.edit_player(replace(first, name="Smith, Ann\tB."))
        text = export_event(store, "bridgewebs")
    upload = read_upload(text)
    assert upload.separator == ";"
    assert "Smith, Ann B." in [n for p in upload.pairs for n in p.names]
    assert QUOTED.replace('"', "'") in [n for p in upload.pairs for n in p.names]
    assert ACCENTED in [n for p in upload.pairs for n in p.names]


def test_the_reader_stops_where_the_club_tool_does() -> None:
    with pytest.raises(UnreadableError, match="Unexpected tag TRAVELLERS found"):
        read_upload("#Version;std1\r\n#Scores\r\nPosition;Pair\r\n1;1\r\n#Travellers\r\n")
    with pytest.raises(UnreadableError, match="Column headers do not match score data"):
        read_upload("#Version,std1\r\n#Scores\r\nPosition,Pair\r\n1,1,x\r\n")
    with pytest.raises(UnreadableError, match="required lines"):
        read_upload("#Version,std1\r\n#Scores\r\nPosition,Pair\r\n1,1")
