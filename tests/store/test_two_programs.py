"""Two programs on one event file stay safe: the window's process and `director serve` (or a
`director event` command) at once, whatever order they open, print, publish and close in.

Each scenario ends with SIGKILL of whatever still runs; every entry any program acknowledged
must then be in the file (`director event log`), and the file whole.
"""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from director.store.services import EventStore
from schedules.catalog import Request, build
from tests.store.owners import (
    SERVE,
    WINDOW,
    Holder,
    Play,
    director,
    free_port,
    holding,
    logged_results,
    plays_in_table_order,
    post_result,
    table_tokens,
    tricks,
    wait_for_port,
)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """A 4-table Mitchell, every table's link issued."""
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club") as store:
        store.choose_movement(build(Request("mitchell", tables=4, trays_per_round=2)))
    table_tokens(path)
    return path


@dataclass
class Served:
    """`director serve` in a process of its own, and the port its phones reach."""

    process: subprocess.Popen[bytes]
    port: int

    def stop(self) -> None:
        """Ctrl+C: `director serve` closes the event as it stops."""
        self.process.send_signal(signal.SIGINT)
        assert self.process.wait(timeout=60) == 0

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()


@contextmanager
def served(path: Path) -> Iterator[Served]:
    """`director serve FILE` running; killed at the end if still running."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "director", "serve", str(path), "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    server = Served(process, port)
    try:
        wait_for_port(port)
        yield server
    finally:
        server.kill()


class Entries:
    """Each table's plays in the order its page takes them, entered by one program or
    another, and those acknowledged."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with EventStore.open(path, read_only=True) as store:
            plays = plays_in_table_order(store.movement())
        self.tokens = table_tokens(path)
        self.left = {t: [p for p in plays if p[1] == t] for t in sorted({p[1] for p in plays})}
        self.acknowledged: set[Play] = set()

    def phone(self, port: int, table: int) -> None:
        """The table's phone enters its next result through the table server."""
        play = self.left[table].pop(0)
        post_result(port, self.tokens[table], play)
        self.acknowledged.add(play)

    def window(self, window: Holder, table: int) -> None:
        """The director enters the table's next result at the window's grid."""
        play = self.left[table].pop(0)
        assert window.enter(play)
        self.acknowledged.add(play)

    def command_line(self, table: int) -> None:
        """`director event result`: a program that opens the event, enters and closes."""
        play = self.left[table].pop(0)
        round_no, _, tray = play
        director(
            "event", "result", self.path, "--round", round_no, "--table", table,
            "--tray", tray, "--ns-tricks", tricks(play),
        )  # fmt: skip
        self.acknowledged.add(play)

    def check(self) -> None:
        """Every acknowledged entry is in the file, and the file is whole."""
        assert self.acknowledged <= logged_results(self.path)
        with closing(sqlite3.connect(f"{self.path.as_uri()}?mode=ro", uri=True)) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_window_first_serve_stops_while_the_window_goes_on(event: Path) -> None:
    entries = Entries(event)
    with holding(WINDOW, event, event.parent) as window:
        entries.window(window, 1)
        with served(event) as serve:
            entries.phone(serve.port, 2)
            assert window.open_again("print") == 0
            entries.phone(serve.port, 3)
            serve.stop()  # the server closes the event cleanly; the window still has it
        entries.window(window, 1)
        entries.window(window, 4)
        entries.command_line(4)
        assert window.open_again("publish") == 0
        entries.window(window, 1)
        window.kill()
    entries.check()


def test_serve_first_the_window_opens_prints_and_closes(event: Path) -> None:
    entries = Entries(event)
    with served(event) as serve:
        entries.phone(serve.port, 1)
        with holding(WINDOW, event, event.parent) as window:
            entries.window(window, 2)
            assert window.open_again("read-only view") == 0
            entries.phone(serve.port, 1)
            assert window.open_again("export") == 0
            window.close()  # the director closes the event; the server goes on
            entries.phone(serve.port, 3)
            entries.command_line(4)
            entries.phone(serve.port, 1)
            window.kill()
        entries.phone(serve.port, 3)
        serve.kill()
    entries.check()


def test_both_print_and_publish_in_their_own_processes(event: Path) -> None:
    entries = Entries(event)
    with (
        holding(SERVE, event, event.parent) as serve,
        holding(WINDOW, event, event.parent) as window,
    ):
        for how in ("publish", "print", "backup", "standings"):
            entries.phone(serve.port, 1)
            entries.window(window, 2)
            assert serve.open_again(how) == 0
            assert window.open_again(how) == 0
            entries.command_line(3)
            out = event.parent / "results.pdf"
            director("print", "results", "--event", event, "--out", out, "--force")
        window.kill()
        entries.phone(serve.port, 4)
        serve.kill()
    entries.check()
