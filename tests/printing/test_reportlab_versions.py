"""The printing writes some PDF operators itself, through pieces reportlab keeps private
(`director/printing/pdf_operators.py`). Every paper printed with the oldest reportlab that
`pyproject.toml` allows reads the same as with the version the lock file installs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import reportlab
from packaging.version import Version

from director.printing.documents import MOVEMENT_DOCUMENTS
from tests.conftest import MOVEMENTS

ROOT = Path(__file__).resolve().parents[2]
HOWELL = MOVEMENTS / "howellcards-howell-09pairs.json"

pytestmark = pytest.mark.slow


def oldest_allowed() -> str:
    """The lowest reportlab version the project's dependencies admit."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (wanted,) = [d for d in project["project"]["dependencies"] if d.startswith("reportlab")]
    found = re.fullmatch(r"reportlab>=([0-9.]+)", wanted)
    assert found, f"expected a lower bound only, got {wanted!r}"
    return found[1]


def print_all(out: Path, event: Path, pythonpath: list[Path]) -> dict[str, str]:
    """Every movement document and the results, printed by `director print` in a process of
    its own; each document's text as pdftotext lays it out."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, pythonpath))}
    out.mkdir()
    texts = {}
    jobs = [(d, ["--movement-file", str(HOWELL)]) for d in MOVEMENT_DOCUMENTS]
    jobs.append(("results", ["--event", str(event)]))
    for document, source in jobs:
        pdf = out / f"{document}.pdf"
        argv = ["print", document, *source, "--out", str(pdf)]
        command = [sys.executable, "-c", "import sys; from director.cli import entry; entry()"]
        done = subprocess.run([*command, *argv], env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{document}: {done.stderr}"
        texts[document] = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
    return texts


@pytest.fixture
def scored_event(tmp_path: Path) -> Path:
    """A small event with every result in."""
    from director.store.services import EventStore
    from director.store.values import ResultEntry
    from tests.scoring.builders import mitchell, random_results

    path = tmp_path / "club.whist"
    movement = mitchell(5, 2)
    with EventStore.create(path, "Club night") as store:
        store.choose_movement(movement)
        for r in random_results(movement, 7):
            store.record_result(ResultEntry(1, r.round, r.table, r.tray, r.ns_tricks))
    return path


def test_the_oldest_reportlab_allowed_prints_every_paper_the_same(
    tmp_path: Path, scored_event: Path
) -> None:
    oldest = oldest_allowed()
    assert Version(oldest) != Version(reportlab.Version), "the lock installs the oldest: no test"
    packages = tmp_path / "oldest"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(packages),
            f"reportlab=={oldest}",
        ],
        check=True,
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, (packages, ROOT)))}
    version = [sys.executable, "-c", "import reportlab; print(reportlab.Version)"]
    used = subprocess.run(version, env=env, capture_output=True, text=True, check=True)
    assert Version(used.stdout.strip()) == Version(oldest)
    locked = print_all(tmp_path / "locked", scored_event, [ROOT])
    old = print_all(tmp_path / "old", scored_event, [packages, ROOT])
    assert old.keys() == locked.keys()
    assert "Club night" in locked["results"]
    for document, text in locked.items():
        assert text.strip(), f"{document} printed no text"
        assert old[document] == text, f"{document} reads differently with reportlab {oldest}"
