"""A movement whose seating names someone outside its field converts in one line of refusal
where the format cannot say who that is (bridgescorer numbers the field), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from director.cli import main
from schedules.catalog import Request, build
from schedules.jsonio import movement_document


@pytest.fixture
def stranger(tmp_path: Path) -> Path:
    """A 3-table Mitchell whose first seating names NS9, a pair of no field."""
    document = movement_document(build(Request("mitchell", tables=3)))
    document["seatings"][0]["ns"] = "NS9"
    path = tmp_path / "movement.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_bridgescorer_refuses_a_seating_outside_the_field(
    stranger: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = stranger.with_suffix(".yaml")
    assert main(["export", str(stranger), "--format", "yaml", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "round 1, table 1: NS9 is not in the movement's field (NS1, NS2, NS3, EW1" in err
    assert not out.exists()


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_formats_that_carry_the_label_write_it_with_the_verifiers_finding(
    stranger: Path, fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = stranger.with_name(f"out.{fmt}")
    assert main(["export", str(stranger), "--format", fmt, "--out", str(out)]) == 1
    said = capsys.readouterr().out
    assert "[unknown-competitor] round 1, table 1: NS9 is not in the field" in said
    assert "NS9" in out.read_text(encoding="utf-8")
