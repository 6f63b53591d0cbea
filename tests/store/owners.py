"""Harness for programs on one event file: a holder process that keeps the event open (the
window's process, as `EventContext` holds an `EventStore`, or `director serve`'s), driven line by
line from the test (`python -m tests.store.owners KIND FILE FOLDER PORT`), and killed with
SIGKILL at the end.

The holder answers each command only once it is done, so an entry it answered is an entry the
program acknowledged; the test then reads the file in other processes (`director event log`)
and every acknowledged entry must be there.
"""

from __future__ import annotations

import json
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
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from director.store.services import EventStore, ResultEntry
from schedules.types import Movement

ROOT = Path(__file__).parents[2]
"""The repository: the holder processes import the tests from it."""
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
        main(["serve", str(path), "--port", str(port)])

    threading.Thread(target=run, name="director serve", daemon=True).start()
    wait_for_port(port)


def wait_for_port(port: int, seconds: float = 60.0) -> None:
    """Return once something listens on `port` of loopback."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


def holder_main(kind: str, path: Path, folder: Path, port: int) -> None:
    """The holder process: open the event as `kind` does, then do what each line on standard
    input says, answering each on standard output once it is done."""
    from director.store.values import ConflictError

    replies = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # what the commands print goes nowhere
    store = EventStore.open(path) if kind == WINDOW else None
    if kind == SERVE:
        _serve_in_thread(path, port)
    replies.write(b"ready\n")
    for line in sys.stdin:
        verb, _, rest = line.strip().partition(" ")
        try:
            if verb == "enter" and store is not None:
                round_no, table, tray = (int(x) for x in rest.split())
                play = (round_no, table, tray)
                store.record_result(ResultEntry(1, *play, tricks(play)))
                reply = "ok"
            elif verb == "again":
                reply = f"ok {SECOND_OPENS[rest](path, folder)}"
            elif verb == "close" and store is not None:
                store.close()
                reply = "ok"
            else:
                reply = f"unknown {line.strip()}"
        except ConflictError as exc:
            reply = f"exists {exc}"  # entered before a kill, unacknowledged
        except Exception as exc:  # reported to the test, which fails on it
            reply = f"failed {type(exc).__name__}: {exc}"
        replies.write(reply.replace("\n", " ").encode() + b"\n")


@dataclass
class Holder:
    """A holder process and the pipes that drive it."""

    kind: str
    path: Path
    port: int
    process: subprocess.Popen[bytes]
    tokens: dict[int, str]
    _buffer: bytes = b""

    def _reply(self, timeout: float = 120.0) -> str:
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while b"\n" not in self._buffer:
            readable, _, _ = select.select([fd], [], [], timeout)
            chunk = os.read(fd, 4096) if readable else b""
            if not chunk:
                raise RuntimeError(f"the {self.kind} holder went away without answering")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode()

    def ask(self, command: str) -> str:
        """Send one command; its answer ("ok ...", "exists ..." or a failure, raised)."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{command}\n".encode())
        self.process.stdin.flush()
        reply = self._reply()
        if not reply.startswith(("ok", "exists")):
            raise RuntimeError(f"the {self.kind} holder, asked to {command}: {reply}")
        return reply

    def enter(self, play: Play) -> bool:
        """Enter one result as the holder's users do (the director at the grid, or a table's
        phone); True once it is acknowledged, False if it was there already."""
        if self.kind == WINDOW:
            return self.ask("enter {} {} {}".format(*play)) == "ok"
        post_result(self.port, self.tokens[play[1]], play)
        return True

    def open_again(self, how: str) -> int:
        """Open the event a second time inside the holder, as `how` does; its exit status."""
        return int(self.ask(f"again {how}").split()[1])

    def close(self) -> None:
        """The window closes its event (the process goes on)."""
        self.ask("close")

    def kill(self) -> None:
        """SIGKILL: nothing the holder does on its way out runs."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()


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


def start_holder(kind: str, path: Path, folder: Path) -> Holder:
    """A holder process of `kind` with the event at `path` open, ready."""
    tokens = table_tokens(path) if kind == SERVE else {}
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.store.owners", kind, str(path), str(folder), str(port)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
    )
    holder = Holder(kind, path, port, process, tokens)
    ready = holder._reply()
    if ready != "ready":
        holder.kill()
        raise RuntimeError(f"the {kind} holder did not start: {ready}")
    return holder


@contextmanager
def holding(kind: str, path: Path, folder: Path) -> Iterator[Holder]:
    """A holder process of `kind` with the event at `path` open; killed at the end."""
    holder = start_holder(kind, path, folder)
    try:
        yield holder
    finally:
        holder.kill()


def director(*argv: str | Path | int, check: bool = True) -> str:
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


if __name__ == "__main__":
    holder_main(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]))
