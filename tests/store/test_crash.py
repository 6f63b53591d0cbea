"""Crash test: results entered by a child process survive SIGKILL at random moments."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.crash import crash_run
from director.store.services import EventStore
from schedules.jsonio import load_movement
from tests.conftest import MOVEMENTS

KILLS = 12


@pytest.mark.slow
def test_every_returned_entry_survives_sigkill(tmp_path: Path) -> None:
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Crash") as store:
        store.choose_movement(load_movement(str(MOVEMENTS / "howellcards-mitchell10x3.json")))
    report = crash_run(path, kills=KILLS, seed=13, max_delay=0.3)
    print(f"crash test: {report.kills} kills survived, {report.confirmed} confirmed entries")
    assert report.kills == KILLS
    assert report.integrity == "ok"
    assert report.lost == ()
    assert report.confirmed > 0
