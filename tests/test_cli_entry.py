"""The `director` program's entry: the command's exit status, and nothing left for the
interpreter's last collection to walk."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from director.cli import entry


def test_the_program_exits_with_the_commands_status() -> None:
    program = [sys.executable, "-c", "import director.cli; director.cli.entry()"]
    done = subprocess.run([*program, "movement", "howell", "--tables", "5"], capture_output=True)
    assert (done.returncode, done.stderr) == (0, b"")
    assert b"Verified: yes" in done.stdout
    refused = subprocess.run([*program, "movement", "howell", "--tables", "0"], capture_output=True)
    assert refused.returncode == 2
    assert refused.stderr.decode().count("\n") == 1  # one line, no traceback


def test_what_the_command_loaded_is_frozen_before_the_exit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["director", "movement", "howell", "--tables", "4"])
    try:
        with pytest.raises(SystemExit) as exited:
            entry()
        assert exited.value.code == 0
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()  # this process goes on: its objects go back to the collector
    assert "Verified: yes" in capsys.readouterr().out
