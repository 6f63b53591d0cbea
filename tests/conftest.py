"""Shared test set-up: Hypothesis profiles and paths to the test data."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

DATA = Path(__file__).parent / "data"
MOVEMENTS = DATA / "movements"

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")
