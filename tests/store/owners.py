"""Harness for two programs on one event file: a holder process that keeps the event open (the
window's process, as `EventContext` holds an `EventStore`, or `director serve`'s), driven line by
line from the test, and killed with SIGKILL at the end.

The holder answers each command only once it is done, so an entry it answered is an entry the
program acknowledged; the test then reads the file in other processes (`director event log`)
and every acknowledged entry must be there.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from director.store.services import EventStore, ResultEntry
from schedules.types import Movement

Play = tuple[int, int, int]
"""(round, table, tray)."""

WINDOW = "window"
SERVE = "serve"
HOLDERS = (WINDOW, SERVE)
"""The processes that hold an event open: the window's, and `director serve`'s."""


def _print(path: Path, folder: Path) -> int:
    from director.cli import main

    out = folder / "results.pdf"
    return main(["print", "results", "--event", str(path), "--out", str(out), "--force"])


def _publish(path: Path, folder: Path) -> int:
    from director.cli import main

    return main(["publish", str(path), "--out", str(folder / "site")])


def _export(path: Path, folder: Path) -> int:
    from director.cli import main

    out = folder / "results.json"
    return main(["export", str(path), "--format", "json", "--out", str(out), "--force"])


def _standings(path: Path, _folder: Path) -> int:
    from director.cli import main

    return main(["event", "standings", str(path)])


def _backup(path: Path, folder: Path) -> int:
    from director.store.backup import BackupPolicy, Backups

    Backups(path, BackupPolicy(folder=folder / "backups")).write()
    return 0


def _read_only_view(path: Path, _folder: Path) -> int:
    with EventStore.open(path, read_only=True) as view:
        view.standings()
    return 0


SECOND_OPENS: dict[str, Callable[[Path, Path], int]] = {
    "print": _print,
    "publish": _publish,
    "export": _export,
    "standings": _standings,
    "backup": _backup,
    "read-only view": _read_only_view,
}
"""What opens the event a second time inside the holder's process (0: it worked)."""


def plays_in_table_order(movement: Movement) -> list[Play]:
    """Every play, table by table and round by round: the order in which each table's page
    accepts its entries."""
    plays = [(s.round, s.table, t) for s in movement.seatings for t in s.trays]
    return sorted(plays, key=lambda p: (p[1], p[0], p[2]))


def tricks(play: Play) -> int:
    """The N/S tricks entered for a play (any figure in range, fixed by the play)."""
    return sum(play) % 14


def free_port() -> int:
    """A TCP port on loopback nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve_in_thread(path: Path, port: int) -> None:
    """`director serve FILE --port N` as its own process runs it, in a thread of this one."""
    from director.cli import main

    def run() -> None:
        with open(os.devnull, "w") as quiet, redirect_stdout(quiet):
            main(["serve", str(path), "--port", str(port)])

    threading.Thread(target=run, name="director serve", daemon=True).start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError("director serve did not start")


def _holder_main(
    kind: str, path: Path, folder: Path, port: int, commands: int, replies: int
) -> None:
    """The holder: open the event as `kind` does, then do what each command line says."""
    try:
        store = EventStore.open(path) if kind == WINDOW else None
        if kind == SERVE:
            _serve_in_thread(path, port)
        os.write(replies, b"ready\n")
        with os.fdopen(commands, "r") as lines:
            for line in lines:
                verb, _, rest = line.strip().partition(" ")
                if verb == "enter" and store is not None:
                    round_no, table, tray = (int(x) for x in rest.split())
                    play = (round_no, table, tray)
                    store.record_result(ResultEntry(1, *play, tricks(play)))
                    os.write(replies, b"ok\n")
                elif verb == "again":
                    code = SECOND_OPENS[rest](path, folder)
                    os.write(replies, f"ok {code}\n".encode())
                else:
                    os.write(replies, f"unknown {line}".encode())
    except BaseException as exc:  # reported to the test, which fails on it
        os.write(replies, f"failed {type(exc).__name__}: {exc}\n".encode())
    os._exit(0)


@dataclass
class Holder:
    """A holder process and the pipes that drive it."""

    kind: str
    path: Path
    port: int
    process: multiprocessing.process.BaseProcess
    commands: int
    replies: int
    tokens: dict[int, str]
    _buffer: bytes = b""

    def _reply(self, timeout: float = 120.0) -> str:
        while b"\n" not in self._buffer:
            readable, _, _ = select.select([self.replies], [], [], timeout)
            chunk = os.read(self.replies, 4096) if readable else b""
            if not chunk:
                raise RuntimeError(f"the {self.kind} holder went away without answering")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode()

    def _ask(self, command: str) -> str:
        os.write(self.commands, f"{command}\n".encode())
        reply = self._reply()
        if not reply.startswith("ok"):
            raise RuntimeError(f"the {self.kind} holder, asked to {command}: {reply}")
        return reply

    def enter(self, play: Play) -> None:
        """Enter one result as the holder's users do (the director at the grid, or a table's
        phone); returns once it is acknowledged."""
        if self.kind == WINDOW:
            self._ask("enter {} {} {}".format(*play))
            return
        post_result(self.port, self.tokens[play[1]], play)

    def open_again(self, how: str) -> int:
        """Open the event a second time inside the holder, as `how` does; its exit status."""
        return int(self._ask(f"again {how}").split()[1])

    def kill(self) -> None:
        """SIGKILL: nothing the holder does on its way out runs."""
        if self.process.pid is not None and self.process.is_alive():
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.join()


def post_result(port: int, token: str, play: Play, timeout: float = 60.0) -> None:
    """A table's phone enters a result; returns once the server answered 200."""
    round_no, table, tray = play
    body = json.dumps({"round": round_no, "tray": tray, "ns": tricks(play)}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/table/{table}/{token}/results",
        data=body,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        if answer.status != 200:
            raise RuntimeError(f"the table server answered {answer.status}")


def table_tokens(path: Path) -> dict[int, str]:
    """Every table's link token in session 1 section A (issued if missing)."""
    with EventStore.open(path) as store:
        return {t.table: t.token for t in store.issue_table_links()}


@contextmanager
def holding(kind: str, path: Path, folder: Path) -> Iterator[Holder]:
    """A holder process of `kind` with the event at `path` open; killed at the end."""
    tokens = table_tokens(path) if kind == SERVE else {}
    port = free_port()
    commands_read, commands_write = os.pipe()
    replies_read, replies_write = os.pipe()
    process = multiprocessing.get_context("fork").Process(
        target=_holder_main, args=(kind, path, folder, port, commands_read, replies_write)
    )
    process.start()
    os.close(commands_read)
    os.close(replies_write)
    holder = Holder(kind, path, port, process, commands_write, replies_read, tokens)
    try:
        ready = holder._reply()
        if ready != "ready":
            raise RuntimeError(f"the {kind} holder did not start: {ready}")
        yield holder
    finally:
        holder.kill()
        os.close(commands_write)
        os.close(replies_read)


def director(*argv: str | Path, check: bool = True) -> str:
    """Run `director ARGV` as a program of its own; its standard output."""
    done = subprocess.run(
        [sys.executable, "-m", "director", *(str(a) for a in argv)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    if check and done.returncode != 0:
        raise RuntimeError(f"director {' '.join(map(str, argv))}: {done.stderr.strip()}")
    return done.stdout


def logged_results(path: Path) -> set[Play]:
    """The results `director event log` lists as entered and not undone."""
    found: set[Play] = set()
    lines = director("event", "log", path).splitlines()
    for heading, summary in zip(lines[::2], lines[1::2], strict=True):
        if heading.endswith(": record result"):
            words = summary.split()
            found.add((int(words[1]), int(words[3]), int(words[5].rstrip(":"))))
    return found
