"""The Bridgewebs results CSV: the option lines, a scores block per ranking and a traveller
line per table, each figure the scorer's; names guarded against spreadsheets and quoted when
they hold the separator; one section per file; individual events refused."""

from __future__ import annotations

import csv
import io
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
    """The file read as Bridgewebs reads it: option values by name, and each `#Scores`,
    `#Travellers` and `#Board` block's lines (a repeated block gets a number)."""
    blocks: dict[str, list[list[str]]] = {}
    current = ""
    for row in csv.reader(io.StringIO(text), delimiter=";"):
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
    assert text.startswith("#Version;std1\r\n")
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
            percent = figure(st.percent) if matchpoints and st.percent is not None else ""
            assert line[:2] == [st.place, pair_number(st.label)]
            assert line[2:4] == [cell(name) for name in players[st.label]]
            assert line[4:] == [figure(score), percent]


def test_each_table_is_a_traveller_line_with_the_scorers_figures(event: EventStore) -> None:
    blocks = _blocks(export_event(event, "bridgewebs"))
    result = event.standings()
    assert tuple(blocks["Travellers"][0]) == TRAVELLER_COLUMNS
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
    cells = [c for row in csv.reader(io.StringIO(text), delimiter=";") for c in row]
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
