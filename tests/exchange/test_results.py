"""Results exported as JSON and CSV: the JSON reads back as the same event (scored the
same), the CSV holds every standing and result and no cell a spreadsheet would run, and a
malformed JSON file is refused with the line at fault."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from director.errors import DirectorError
from director.exchange.export import export_event
from director.exchange.results import cell, read_results_json
from director.scoring import score_section
from director.scoring.session_json import result_to_json
from director.scoring.text import figure
from director.store.services import EventStore
from tests.publish.conftest import make_event

FORMULA = '=HYPERLINK("http://x","y")'


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EventStore]:
    """The published evening, one player's name written as a spreadsheet formula."""
    store = make_event(tmp_path_factory.mktemp("export") / "event.sqlite", leave_out=2)
    first = min(store.players(), key=lambda p: p.id)
    store.edit_player(replace(first, name=FORMULA))
    yield store
    store.close()


def test_json_reads_back_as_the_same_event_and_scores_the_same(
    event: EventStore, tmp_path: Path
) -> None:
    path = tmp_path / "results.json"
    path.write_text(export_event(event, "json"), encoding="utf-8")
    [(number, section, play)] = read_results_json(path)
    assert (number, section) == (1, "A")
    entered = event.scoring_input()
    assert play == entered
    assert play.names == entered.names
    assert result_to_json(score_section(play)) == result_to_json(event.standings())
    scored = json.loads(path.read_text("utf-8"))["sections"][0]["scored"]
    assert scored == json.loads(json.dumps(result_to_json(event.standings())))


def _rows(text: str) -> list[dict[str, str]]:
    """The CSV's rows as a spreadsheet reads a UTF-8 file with its byte-order mark."""
    return list(csv.DictReader(io.StringIO(text.encode("utf-8").decode("utf-8-sig"))))


def test_csv_holds_every_standing_and_result(event: EventStore) -> None:
    rows = _rows(export_event(event, "csv"))
    result = event.standings()
    standings = [r for r in rows if r["record"] == "standing"]
    assert len(standings) == sum(len(v) for v in result.standings.values())
    for row, st_ in zip(standings, (s for v in result.standings.values() for s in v), strict=True):
        assert (row["place"], row["label"]) == (st_.place, st_.label)
        assert float(row["plus_minus"]) == pytest.approx(float(st_.plus_minus), abs=5e-5)
    results = [r for r in rows if r["record"] == "result"]
    tables = [t for d in result.deals for t in d.tables]
    assert len(results) == len(tables)
    for row, t in zip(results, tables, strict=True):
        assert (int(row["tray"]), int(row["round"]), int(row["table"])) == (
            t.tray,
            t.round,
            t.table,
        )
        assert figure(t.pm_ns) == figure(type(t.pm_ns)(row["plus_minus_ns"]))


def test_no_csv_cell_starts_a_formula(event: EventStore) -> None:
    text = export_event(event, "csv")
    cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
    assert any(c.startswith(f"'{FORMULA} & ") for c in cells)
    for c in cells:
        if c[:1] in ("=", "+", "@", "\t", "\r"):
            pytest.fail(f"cell {c!r} would run as a formula")
        if c.startswith("-"):
            float(c)  # only negative figures start with a minus


@given(st.text())
def test_a_text_cell_never_starts_a_formula(text: str) -> None:
    written = cell(text)
    assert written.endswith(text)
    if written[:1] in ("=", "+", "@", "\t", "\r", "-"):
        assert written[:1] == "-"
        float(written)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{\n "format": "whist-director results",\n "sections": [\n  {,\n', "line 4, column 4"),
        ("[1, 2]\n", "line 1: not a Whist Director results export"),
        ('{"format": "whist-director results",\n "sections": 3}', "no list of sections"),
        (
            '{"format": "whist-director results",\n "sections": [\n'
            ' {"session": 1, "section": "A", "entered": {"movement": 5}}]}',
            "section 1 (line 3): movement",
        ),
    ],
)
def test_a_malformed_json_file_is_refused_with_the_line(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DirectorError, match=re.escape(message)):
        read_results_json(path)


@given(st.binary(max_size=200))
def test_any_bytes_are_read_or_refused_in_one_line(data: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.json"
        path.write_bytes(data)
        try:
            read_results_json(path)
        except DirectorError as exc:
            message = str(exc)
        else:
            message = ""
    assert "\n" not in message


def test_the_command_writes_and_never_overwrites(
    event: EventStore, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert event.path is not None
    out = tmp_path / "r.csv"
    assert main(["export", str(event.path), "--format", "csv", "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"\xef\xbb\xbfrecord,session,section")
    assert main(["export", str(event.path), "--format", "csv", "--out", str(out)]) == 2
    assert "exists" in capsys.readouterr().err
    assert main(["export", str(event.path), "--format", "json", "--out", str(event.path)]) == 2
    assert "event file" in capsys.readouterr().err


def test_a_spreadsheet_reads_the_names_as_typed_and_the_marks_unguarded(tmp_path: Path) -> None:
    from tests.exchange.evening import ACCENTED, rich_evening

    with rich_evening(tmp_path / "e.whist") as store:
        text = export_event(store, "csv")
        names = store.scoring_input().names
    data = text.encode("utf-8")
    # Excel on Windows takes a file without a byte-order mark for its ANSI code page.
    assert data.startswith(b"\xef\xbb\xbf"), "no byte-order mark: Excel reads cp1252"
    assert ACCENTED not in data[3:].decode("cp1252")
    rows = _rows(text)
    assert {r["name"] for r in rows if r["record"] == "standing"} >= {
        cell(n) for n in names.values() if ACCENTED in n
    }
    marks = [r["marks"] for r in rows if r["marks"]]
    assert marks, "the evening has a revoke"
    assert all(m in ("N-S -R, E-W +R", "N-S +R, E-W -R", "N-S -R, E-W -R") for m in marks)
    assert all(m == cell(m) for m in marks)  # no apostrophe: nothing a spreadsheet runs
