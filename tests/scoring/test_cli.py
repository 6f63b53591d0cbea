"""`director score`: the example files, json output, explanations and refused input."""

from __future__ import annotations

import contextlib
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.cli import main
from director.scoring import score_section
from director.scoring.errors import ScoringError
from director.scoring.session_json import load_play, play_from_json

EXAMPLES = Path(__file__).parents[2] / "director" / "data" / "examples"
FILES = sorted(EXAMPLES.glob("*.json"))


def test_there_are_examples() -> None:
    assert {f.stem for f in FILES} >= {"irregular-evening", "mitchell-plusminus"}


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_every_example_scores(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Winners")
    assert "Deals" in out


def test_json_output_gives_exact_values_and_decimals(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / "irregular-evening.json"
    assert main(["score", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = score_section(load_play(path))
    first = expected.standings["overall"][0]
    row = data["standings"]["overall"][0]
    assert row["label"] == first.label
    assert Fraction(row["plus_minus"]["exact"]) == first.plus_minus
    assert row["plus_minus"]["decimal"] == pytest.approx(float(first.plus_minus))
    assert {d["tray"]: d["version"] for d in data["deals"]}[4] == 2


def test_the_evening_holds_every_irregularity() -> None:
    play = load_play(EXAMPLES / "irregular-evening.json")
    kinds = {r.irregularity.kind.name for r in play.results if r.irregularity}
    assert kinds == {
        "WRONG_TRUMP_CORRECTED", "WRONG_TRUMP_OVERPLAY", "SLIP_MISRECORDED",
        "SLIP_FOUND_AT_NEXT_TABLE", "WRONG_CARDS", "SHORT_HAND", "MISDEAL", "NOT_PLAYED",
    }  # fmt: skip
    assert any(len(r.revokes) == 2 for r in play.results)
    assert any(rv.failed_calls for r in play.results for rv in r.revokes)
    assert any(r.ew_record is not None for r in play.results)


def test_method_option_overrides_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / "mitchell-plusminus.json"
    assert main(["score", str(path), "--method", "matchpoints", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["method"] == "matchpoints"


def test_explain_names_the_law(capsys: pytest.CaptureFixture[str]) -> None:
    path = EXAMPLES / "irregular-evening.json"
    assert main(["score", str(path), "--explain", "NS1", "--tray", "6"]) == 0
    out = capsys.readouterr().out
    assert "Law VII Sec.4" in out
    assert "Law V Sec.2" in out


def _refused(tmp_path: Path, capsys, change) -> str:
    data = json.loads((EXAMPLES / "mitchell-plusminus.json").read_text())
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["score", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


def test_tricks_outside_the_range_are_refused(tmp_path: Path, capsys) -> None:
    def change(data):
        data["results"][0]["ns"] = 14

    err = _refused(tmp_path, capsys, change)
    assert "tray 1, table 1, round 1: field ns is 14" in err


def test_a_table_that_did_not_play_the_tray_is_refused(tmp_path: Path, capsys) -> None:
    def change(data):
        data["results"][0]["table"] = 3

    assert "per the movement this table plays" in _refused(tmp_path, capsys, change)


def test_malformed_fields_are_refused(tmp_path: Path, capsys) -> None:
    def change(data):
        data["results"][2]["revokes"] = [{"side": "up", "count": 1, "tricks_after": 0}]

    assert "field revokes.side 'up'" in _refused(tmp_path, capsys, change)


def test_a_file_without_a_movement_is_refused() -> None:
    from director.scoring.errors import InputFormatError

    with pytest.raises(InputFormatError, match="movement"):
        play_from_json({"results": []})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
MITCHELL = json.loads((EXAMPLES / "mitchell-plusminus.json").read_text())
row_fields = st.sampled_from(
    [
        "round",
        "table",
        "tray",
        "ns",
        "ew",
        "version",
        "revokes",
        "irregularity",
        "awards",
        "prevails",
    ]
)


@given(st.lists(st.dictionaries(row_fields, json_values, max_size=6), max_size=3))
def test_malformed_results_are_refused_never_crash(rows: list) -> None:
    data = dict(MITCHELL, results=rows)
    with contextlib.suppress(ScoringError):  # anything else is a crash
        score_section(play_from_json(data))


def test_an_unknown_competitor_in_the_file_is_refused(tmp_path: Path, capsys) -> None:
    def change(data):
        data["competitors"]["NS9"] = "Mr Nobody"

    assert "competitors: 'NS9' is not in the movement's field" in _refused(tmp_path, capsys, change)


def test_standings_before_every_result_is_in_name_those_leading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads((EXAMPLES / "mitchell-plusminus.json").read_text(encoding="utf-8"))
    data["results"] = data["results"][:-3]
    path = tmp_path / "half-way.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Provisional: 47 of 50 results entered")
    assert "\nLeading\n" in out
    assert "Winners" not in out
