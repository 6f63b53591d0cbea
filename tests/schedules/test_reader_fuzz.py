"""The movement reader on thousands of damaged files: a movement, or one line saying what is
wrong (a `ScheduleError`); never another exception, never a hang."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings

from schedules.balance import balance
from schedules.findings import ScheduleError
from schedules.jsonio import load_movement, movement_to_json
from schedules.render import report
from schedules.verify import verify
from tests.conftest import MOVEMENTS
from tests.json_mutations import damaged_bytes
from tests.reader_cases import EXAMPLES, assert_read_or_refused

DOCUMENTS = [
    json.loads((MOVEMENTS / f"{name}.json").read_text(encoding="utf-8"))
    for name in (
        "bridgescorer-Howell07T3B21",
        "bridgescorer-Individual2Tables14Boards",
        "bridgescorer-Mitchell3Table",
        "tichu-9-pair-2-hands",
    )
] + [
    json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))["movement"]
    for name in ("ladies-gentlemen", "teams-round-robin", "mnemonic-mitchell")
]


def verify_file(path: Path) -> None:
    """What `director movement verify` does with a file: read, verify, report."""
    movement = load_movement(str(path))
    report(movement, verify(movement), balance(movement))
    movement_to_json(movement)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(damaged_bytes(DOCUMENTS))
def test_verify_never_crashes_on_a_damaged_file(data: bytes) -> None:
    assert_read_or_refused(verify_file, data, (ScheduleError,))
