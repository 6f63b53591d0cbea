"""Files that used to crash `director movement verify` or keep it busy: each is refused with
one line naming the place in the file, or read when its encoding is one the reader accepts."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from director.cli import main
from schedules.findings import ScheduleError
from schedules.jsonio import load_movement
from tests.conftest import MOVEMENTS

SOURCE = MOVEMENTS / "bridgescorer-Howell07T3B21.json"


def _doc() -> dict[str, Any]:
    return json.loads(SOURCE.read_text(encoding="utf-8"))


def _with(change: Callable[[dict[str, Any]], object]) -> bytes:
    doc = _doc()
    change(doc)
    return json.dumps(doc).encode()


def _raw(key: str, text: str) -> bytes:
    """The document with `key`'s value replaced by raw JSON text."""
    doc = _doc()
    doc[key] = "@@"
    return json.dumps(doc).replace('"@@"', text).encode()


def _tray_raw(text: str) -> bytes:
    return json.dumps(_doc()).replace('"trays": [10,', f'"trays": [{text},', 1).encode()


REFUSED = [
    ("latin-1", json.dumps(_doc() | {"family": "Howell à 7"}, ensure_ascii=False).encode("latin-1"),
     "is not UTF-8 text (byte 0xe0"),
    ("utf-16 without mark", json.dumps(_doc()).encode("utf-16-le"), "UTF-16 without a byte-order"),
    ("utf-32", json.dumps(_doc()).encode("utf-32"), "UTF-32 text; save it as UTF-8"),
    ("deep nesting", _raw("notes", "[" * 100_000 + "]" * 100_000), "is not JSON: recursion"),
    ("top-level list", b"[1, 2]", "the document: must be an object"),
    ("winners a number", _with(lambda d: d.update(winners=5)), "winners: must be a list"),
    ("winners numbers", _with(lambda d: d.update(winners=[1])), "winners[0]: must be text"),
    ("attributes a number", _with(lambda d: d.update(attributes=5)), "attributes: must be an obj"),
    ("attribute a number", _with(lambda d: d.update(attributes={"1": 5})), "attributes.1: must be"),
    ("tray 1e308", _tray_raw("1e308"), "seatings[0].trays[0]: must be a whole number, not 1e+308"),
    ("5,000 digits", _tray_raw("1" * 5000), "is not JSON: number out of range"),
    ("huge tray", _tray_raw("1" * 40), "seatings[0].trays[0]: must be at most 50000, not a number"),
    ("promise -1", _with(lambda d: d.update(promise=-1)), "promise: must be text in quotes"),
    ("unknown promise", _with(lambda d: d.update(promise="best")), "'best' is not a promise"),
    ("rounds 1000005", _with(lambda d: d.update(rounds=1_000_005)), "rounds: must be at most 1000"),
    ("tables 501", _with(lambda d: d.update(tables=501)), "tables: must be at most 500"),
    ("tray 50001", _with(lambda d: d["trays"].append(50_001)), "trays[21].tray: must be at most"),
    ("field too large", _with(lambda d: d.update(field=[str(i) for i in range(5001)])),
     "field: is too long (at most 5000 items)"),
    ("mixed trays", _with(lambda d: d["trays"].append(2.5)), "trays[21]: must be a tray number"),
    ("dealer a number", _with(lambda d: d.update(trays=[{"tray": 1, "dealer": 0}])),
     "trays[0].dealer: must be N, E, S or W"),
    ("seating without ew", _with(lambda d: d["seatings"][2].pop("ew")), "seatings[2]: a table"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "message"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_bad_file_is_refused_with_one_line(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "movement.json"
    path.write_bytes(data)
    start = time.perf_counter()
    with pytest.raises(ScheduleError) as refused:
        load_movement(path)
    assert time.perf_counter() - start < 1
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16"])
def test_accepted_encodings(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "movement.json"
    text = json.dumps(_doc() | {"family": "Howell à 7"}, ensure_ascii=False)
    path.write_bytes(text.encode(encoding))
    assert load_movement(path) == replace(load_movement(SOURCE), family="Howell à 7")


def test_cli_refuses_with_exit_2_and_the_place(tmp_path: Path, capsys) -> None:
    path = tmp_path / "movement.json"
    path.write_bytes(_tray_raw("1e308"))
    assert main(["movement", "verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"{path}: seatings[0].trays[0]: must be a whole number" in err
