"""Every importer fed damaged files, as a director's disk would hand them over: random bytes,
and good files with bytes changed, cut or inserted. Each file is read or refused in one line
that names the file and, when the fault has a place, its line; never a traceback."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from director.errors import DirectorError
from director.exchange.movement_files import movement_text, read_movement_file
from director.exchange.pbn import deal_trays, read_pbn, write_pbn
from director.exchange.results import read_results_json
from schedules import catalog
from schedules.catalog import Request
from schedules.findings import ScheduleError
from schedules.json_input import UnreadableFileError, read_text

MOVEMENT = catalog.build(Request("mitchell", tables=3, trays_per_round=2))


def _read_pbn(path: Path) -> object:
    """As `director export DEALS.pbn` reads a file of deals."""
    try:
        text = read_text(path)
    except UnreadableFileError as exc:
        raise DirectorError(str(exc)) from None
    return read_pbn(text, str(path))


IMPORTERS: dict[str, tuple[str, Callable[[Path], object]]] = {
    "yaml": (movement_text(MOVEMENT, "yaml"), read_movement_file),
    "csv": (movement_text(MOVEMENT, "csv"), read_movement_file),
    "pbn": (write_pbn(deal_trays(7, MOVEMENT.trays), "Club"), _read_pbn),
}
WHOLE_FILE = re.compile(
    r"no tables in it|no deals in it|empty; expected|no hands: list|is \d+ MB|UTF-32 text"
    r"|nested too deeply"
)
"""Refusals of a file as a whole, which have no line to name."""


def _check(suffix: str, data: bytes) -> None:
    read = IMPORTERS[suffix][1]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"damaged.{suffix}"
        path.write_bytes(data)
        try:
            read(path)
        except (DirectorError, ScheduleError) as exc:
            message = str(exc)
        else:
            return
    assert "\n" not in message, message
    assert message.startswith(str(path)), message
    assert re.search(r"\bline \d+", message) or WHOLE_FILE.search(message), message


@pytest.mark.parametrize("suffix", list(IMPORTERS))
@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300))
def test_random_bytes_are_refused_in_one_line(suffix: str, data: bytes) -> None:
    _check(suffix, data)


@st.composite
def damaged(draw: st.DrawFn, text: str) -> bytes:
    """`text` as UTF-8 with a few bytes changed, cut or inserted."""
    raw = bytearray(text.encode("utf-8"))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(raw) - 1))
        kind = draw(st.sampled_from(["change", "cut", "insert"]))
        if kind == "change":
            raw[at] = draw(st.integers(0, 255))
        elif kind == "cut":
            del raw[at : at + draw(st.integers(1, 30))]
        else:
            raw[at:at] = draw(st.binary(min_size=1, max_size=6))
        if not raw:
            break
    return bytes(raw)


@pytest.mark.slow
@pytest.mark.parametrize("suffix", list(IMPORTERS))
@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_damaged_file_is_read_or_refused_at_its_line(suffix: str, data: st.DataObject) -> None:
    _check(suffix, data.draw(damaged(IMPORTERS[suffix][0])))


@pytest.mark.parametrize(
    ("suffix", "raw", "line"),
    [
        ("csv", b"round,table,ns,ew,trays\n1,1,1,2,1 2\n1,2,3,4,3 \xe9\n", 3),
        ("yaml", b"name: x\nhands:\n- {table: 1, round: 1, ns: 1, ew: 2, boards: [1]}\n\xff\n", 4),
        ("pbn", b'[Board "1"]\n[Deal "N:\x00"]\n', 2),
    ],
)
def test_a_byte_that_is_not_text_is_found_on_its_line(suffix: str, raw: bytes, line: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"bad.{suffix}"
        path.write_bytes(raw)
        with pytest.raises(DirectorError, match=rf"\bline {line}\b"):
            IMPORTERS[suffix][1](path)


@settings(max_examples=150)
@given(data=st.binary(max_size=300))
def test_random_bytes_as_a_results_export_are_refused_in_one_line(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "results.json"
        path.write_bytes(data)
        with pytest.raises(DirectorError) as refused:
            read_results_json(path)
    assert "\n" not in str(refused.value)
    assert str(refused.value).startswith(str(path))
