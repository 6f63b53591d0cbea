"""Installing as a director would: Qt's xcb platform plugin finds every system library it
loads, and the built wheel, installed in a clean virtual environment, works from any folder
(every resource is package data)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import PySide6
import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
QT = Path(PySide6.__file__).resolve().parent / "Qt"
XCB_LIBRARIES = (
    QT / "plugins" / "platforms" / "libqxcb.so",
    QT / "lib" / "libQt6XcbQpa.so.6",
    *sorted((QT / "plugins" / "xcbglintegrations").glob("*.so")),
)
"""The xcb platform plugin, its Qt library and the OpenGL integrations it loads at start."""
NOT_PACKAGED = shutil.ignore_patterns(
    ".*", "build", "dist", "*.egg-info", "__pycache__", "tests", "benchmarks", "screenshots"
)
"""What the wheel is not built from: the copy holds the product's sources only, so no stale
build folder of the checkout can slip a file into the wheel."""


@pytest.mark.parametrize("library", XCB_LIBRARIES, ids=lambda path: path.name)
def test_the_xcb_platform_plugin_finds_every_system_library(library: Path) -> None:
    assert library.is_file(), f"{library} is missing: reinstall PySide6-Essentials"
    done = subprocess.run(["ldd", str(library)], capture_output=True, text=True)
    missing = sorted({line.split()[0] for line in done.stdout.splitlines() if "not found" in line})
    assert not missing, f"{library.name} cannot load {', '.join(missing)}: run tools/system-deps"
    assert done.returncode == 0, f"ldd {library}: {done.stderr}"


def run(folder: Path, env: dict[str, str], *command: str | Path) -> str:
    """Run `command` in `folder`; its output, or a failure showing what it printed."""
    done = subprocess.run(
        [str(part) for part in command], cwd=folder, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, f"{command} exited {done.returncode}:\n{done.stdout}{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment holding only the wheel built from this checkout (and the
    dependencies pip fetches for it); its bin folder."""
    work = tmp_path_factory.mktemp("install")
    shutil.copytree(ROOT, work / "source", ignore=NOT_PACKAGED)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run(
        work,
        env,
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "-q",
        "--no-deps",
        "-w",
        "wheel",
        "./source",
    )
    (wheel,) = (work / "wheel").glob("whist_director-*.whl")
    run(work, env, sys.executable, "-m", "venv", "venv")
    run(work, env, work / "venv" / "bin" / "python", "-m", "pip", "install", "-q", wheel)
    return work / "venv" / "bin"


@pytest.fixture
def elsewhere(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder outside the checkout to work in, and an environment that cannot reach the
    checkout's sources (no PYTHONPATH; event files and settings in the folder)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env |= {
        "WHIST_DIRECTOR_DATA": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "QT_QPA_PLATFORM": "offscreen",
    }
    return tmp_path, env


@pytest.mark.slow
def test_the_installed_program_is_the_wheel_not_the_checkout(
    installed: Path, elsewhere: tuple[Path, dict[str, str]]
) -> None:
    folder, env = elsewhere
    script = "import director, schedules; print(director.__file__); print(schedules.__file__)"
    for module in run(folder, env, installed / "python", "-c", script).split():
        assert Path(module).is_relative_to(installed.parent)
        assert not Path(module).is_relative_to(ROOT)


@pytest.mark.slow
def test_the_installed_program_builds_a_152_player_individual(
    installed: Path, elsewhere: tuple[Path, dict[str, str]]
) -> None:
    folder, env = elsewhere
    players = 152
    director = installed / "director"
    out = run(folder, env, director, "movement", "individual", "--players", str(players),
              "--format", "json")  # fmt: skip
    movement = json.loads(out)
    assert (movement["verified"], movement["problems"]) == (True, [])
    # a whist tournament: everyone at a table every round, everyone partnered once
    assert (len(movement["field"]), movement["tables"]) == (players, players // 4)
    assert movement["rounds"] == players - 1
    # built from the whist frame stored as package data (schedules/data/whist/frame.json)
    assert "whist frame" in " ".join(movement["notes"])
    (folder / "individual.json").write_text(out, encoding="utf-8")
    run(folder, env, director, "movement", "verify", "individual.json",
        "--promise", "individual-wh")  # fmt: skip


@pytest.mark.slow
def test_the_installed_program_builds_an_8_couple_safford(
    installed: Path, elsewhere: tuple[Path, dict[str, str]]
) -> None:
    folder, env = elsewhere
    out = run(folder, env, installed / "director", "movement", "safford", "--couples", "8",
              "--format", "json")  # fmt: skip
    movement = json.loads(out)
    assert (movement["verified"], movement["problems"]) == (True, [])
    # the stored seating with every property: promise "safford", 16 players at 4 tables
    assert (movement["promise"], len(movement["field"]), movement["tables"]) == ("safford", 16, 4)


@pytest.mark.slow
def test_the_installed_program_prints_indicators_for_an_event(
    installed: Path, elsewhere: tuple[Path, dict[str, str]]
) -> None:
    folder, env = elsewhere
    director = installed / "director"
    run(folder, env, director, "event", "new", "club.whist", "--name", "Install evening")
    run(folder, env, director, "event", "movement", "club.whist", "--family", "safford",
        "--couples", "8")  # fmt: skip
    run(folder, env, director, "print", "indicators", "--event", "club.whist", "--out", "ind.pdf")
    pages = PdfReader(folder / "ind.pdf").pages
    text = "".join(page.extract_text() for page in pages)
    # one indicator per place: 4 tables of 4 individuals
    assert text.count("PLACE") == 4 * 4
    fonts = {
        str(font["/BaseFont"]) for page in pages for font in page["/Resources"]["/Font"].values()
    }
    # the suit-symbol font is read from the installed package
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= {name.split("+")[-1] for name in fonts}


LAWS_SCRIPT = """
import json
from PySide6.QtWidgets import QApplication
from director.gui import laws
app = QApplication([])
panel = laws.LawsPanel()
print(json.dumps({
    "file": str(laws.LAWS_FILE),
    "listed": panel.hits.count(),
    "sections": len(laws.sections()),
    "shown": panel.text.toPlainText(),
    "revoke": laws.cited("Law VII Sec.1").text,
}))
"""


@pytest.mark.slow
def test_the_installed_program_opens_the_laws(
    installed: Path, elsewhere: tuple[Path, dict[str, str]]
) -> None:
    folder, env = elsewhere
    opened = json.loads(run(folder, env, installed / "python", "-c", LAWS_SCRIPT))
    assert Path(opened["file"]).is_relative_to(installed.parent)
    assert opened["listed"] == opened["sections"] > 50
    assert "The Laws of Duplicate Whist" in opened["shown"]
    assert opened["revoke"].startswith("Sec.1.")
