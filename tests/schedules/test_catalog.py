"""The catalog's front door: families load when asked for, and a movement is verified once."""

from __future__ import annotations

import subprocess
import sys

import pytest

import schedules.verify
from director.cli import main
from schedules import catalog
from schedules.findings import Finding
from schedules.types import Movement


def test_each_listed_name_is_the_name_its_module_gives_its_family() -> None:
    assert [fam.name for fam in catalog.families().values()] == list(catalog.families())


def test_an_unknown_family_lists_the_known_ones() -> None:
    with pytest.raises(catalog.ImpossibleMovementError, match="howell, safford"):
        catalog.family("hovell")


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_small_howell_from_the_command_line_loads_no_other_family_and_no_schema(
    fmt: str,
) -> None:
    others = ("mitchell", "ladies_gentlemen", "safford", "individual", "team", "snow", "classic")
    others += ("designs.whist_sizes", "designs.safford_search")  # their data, too
    unwanted = ", ".join(repr(m) for m in (*(f"schedules.{m}" for m in others), "pydantic"))
    script = (
        "import sys, contextlib, io\n"
        "from director.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main(['movement', 'howell', '--tables', '5', '--format', '{fmt}'])\n"
        f"print(status, sorted(m for m in ({unwanted}) if m in sys.modules))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "0 []"


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_the_command_line_verifies_a_movement_once(
    fmt: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    checked: list[str] = []
    check = schedules.verify.check_promise

    def counting(name: str, movement: Movement) -> list[Finding]:
        checked.append(name)
        return check(name, movement)

    monkeypatch.setattr(schedules.verify, "check_promise", counting)
    assert main(["movement", "howell", "--tables", "5", "--format", fmt]) == 0
    assert capsys.readouterr().out
    assert len(checked) == 1
