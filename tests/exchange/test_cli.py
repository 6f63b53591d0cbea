"""`director export` for movements and deals: a bridgescorer file becomes ours and back,
the verifier's verdict decides the exit status, deals print as hand records, and a format
that does not apply to the file is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from director.cli import main
from director.exchange.movement_files import load_movement_file
from director.exchange.movement_rows import held_rows
from tests.exchange.test_movements import SMALL_YAML


def _export(*args: str | Path) -> int:
    return main(["export", *map(str, args)])


def test_a_movement_goes_round_every_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "small.yaml"
    source.write_text(SMALL_YAML, encoding="utf-8")
    as_json, as_csv, again = tmp_path / "m.json", tmp_path / "m.csv", tmp_path / "again.yaml"
    assert _export(source, "--format", "json", "--out", as_json) == 0
    assert "verified" in capsys.readouterr().out
    assert _export(as_json, "--format", "csv", "--out", as_csv) == 0
    assert _export(as_csv, "--format", "yaml", "--out", again) == 0
    rows = [held_rows(load_movement_file(p)) for p in (source, as_json, as_csv, again)]
    assert all(r == rows[0] for r in rows)


def test_a_movement_the_verifier_refuses_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "twice.csv"
    source.write_text("round,table,ns,ew,trays\n1,1,1,2,1 2\n2,1,1,2,1 2\n", encoding="utf-8")
    assert _export(source, "--format", "json", "--out", tmp_path / "t.json") == 1
    out = capsys.readouterr().out
    assert "the verifier found" in out
    assert "again" in out  # pair 1 plays tray 1 again


def test_deals_are_dealt_and_printed(tmp_path: Path) -> None:
    source = tmp_path / "small.yaml"
    source.write_text(SMALL_YAML, encoding="utf-8")
    deals, hands = tmp_path / "deals.pbn", tmp_path / "hands.pdf"
    assert _export(source, "--format", "pbn", "--seed", "9", "--out", deals) == 0
    assert deals.read_text("utf-8").count("[Deal ") == 8
    assert _export(deals, "--format", "pdf", "--paper", "letter", "--out", hands) == 0
    assert "Tray 8" in PdfReader(hands).pages[-1].extract_text()


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("d.pbn", ["--format", "csv"], "--format csv does not apply to a PBN file"),
        ("m.yaml", ["--format", "usebio"], "--format usebio does not apply to a movement"),
        ("m.yaml", ["--format", "pbn"], "give --seed N"),
    ],
)
def test_a_format_that_does_not_apply_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, args: list[str], message: str
) -> None:
    (tmp_path / name).write_text(SMALL_YAML, encoding="utf-8")
    assert _export(tmp_path / name, *args, "--out", tmp_path / "out") == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1
