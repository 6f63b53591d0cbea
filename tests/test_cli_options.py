"""The movement options mean the same in `movement`, `event movement` and `print`."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.cli import main


def test_time_available_sets_trays_everywhere(tmp_path: Path, capsys) -> None:
    # 5 tables, 5 rounds, 120 minutes at 8 minutes a tray: 3 trays a round.
    timing = ["--tables", "5", "--minutes", "120", "--minutes-per-tray", "8"]
    assert main(["movement", "mitchell", *timing]) == 0
    assert "15 trays" in capsys.readouterr().out
    event = tmp_path / "club.whist"
    assert main(["event", "new", str(event), "--name", "Club"]) == 0
    assert main(["event", "movement", str(event), "--family", "mitchell", *timing]) == 0
    assert "15 trays" in capsys.readouterr().out
    out = tmp_path / "slips.pdf"
    assert main(["print", "slips", "--movement", "mitchell", *timing, "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    "command",
    [
        ["movement", "mitchell"],
        ["print", "indicators", "--movement", "mitchell", "--out", "never.pdf"],
    ],
)
def test_bad_arrow_switch_is_one_line_and_exit_2(command: list[str], capsys) -> None:
    assert main([*command, "--tables", "5", "--arrow-switch", "two"]) == 2
    err = capsys.readouterr().err
    assert "--arrow-switch takes round numbers" in err
    assert len(err.strip().splitlines()) == 1
