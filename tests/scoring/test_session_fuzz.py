"""The session reader on thousands of damaged files: a scored session, or one line saying
what is wrong (a `ScoringError`); never another exception, never a hang."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings

from director.scoring import score_section
from director.scoring.errors import ScoringError
from director.scoring.session_json import load_play
from director.scoring.text import Rounding, report
from tests.json_mutations import damaged_bytes
from tests.reader_cases import EXAMPLES, assert_read_or_refused

DOCUMENTS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))]


def score_file(path: Path) -> None:
    """What `director score` does with a file: read, score, report."""
    play = load_play(path)
    report(score_section(play), play.names, Rounding.named("exact"))


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(damaged_bytes(DOCUMENTS))
def test_score_never_crashes_on_a_damaged_file(data: bytes) -> None:
    assert_read_or_refused(score_file, data, (ScoringError,))
