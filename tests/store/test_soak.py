"""Soak: every program on one event file at once, killed at random, for a couple of minutes.

The service process (an event held open as the window holds it) enters the director's results
and prints, publishes, exports and copies from the event in its own process; `director serve`
takes the phones' entries (simulated phones: HTTP to each table's entry API); `director event
result` commands enter others; `director print` and `director publish` read meanwhile. Every
few seconds the service process or the table server is killed with SIGKILL and started again.
At the end every entry any program acknowledged must be in the file, and the file whole.

`WHIST_SOAK_SECONDS` sets how long it runs (120 s by default).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
import urllib.error
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from director.store.services import EventStore
from schedules.catalog import Request, build
from tests.store.owners import (
    SECOND_OPENS,
    WINDOW,
    Holder,
    Play,
    director,
    free_port,
    logged_results,
    plays_in_table_order,
    post_result,
    start_holder,
    table_tokens,
    tricks,
    wait_for_port,
)
from tests.store.test_two_programs import Served

SECONDS = float(os.environ.get("WHIST_SOAK_SECONDS", "120"))
PHONE_TABLES = range(1, 6)
WINDOW_TABLES = range(6, 10)
COMMAND_LINE_TABLES = range(10, 13)


@dataclass
class Soak:
    """What the soak's programs did, shared by their threads."""

    path: Path
    end: float
    acknowledged: dict[str, set[Play]] = field(default_factory=dict)
    kills: Counter[str] = field(default_factory=Counter)
    reads: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def acknowledge(self, who: str, play: Play) -> None:
        with self.lock:
            self.acknowledged.setdefault(who, set()).add(play)

    def read(self, what: str) -> None:
        with self.lock:
            self.reads[what] += 1

    def running(self) -> bool:
        return time.monotonic() < self.end and not self.failures


class Restartable:
    """A program the soak kills and starts again: the service process or the table server."""

    def __init__(self, soak: Soak, name: str) -> None:
        self.soak = soak
        self.name = name
        self.lock = threading.Lock()
        self.generation = 0

    def start(self) -> None:
        raise NotImplementedError

    def kill(self) -> None:
        raise NotImplementedError

    def kill_and_restart(self) -> None:
        with self.lock:
            self.kill()
            self.soak.kills[self.name] += 1
            self.start()
            self.generation += 1


class Service(Restartable):
    """The service process: the event held open, as the window holds it."""

    def __init__(self, soak: Soak) -> None:
        super().__init__(soak, "service process")
        self.holder: Holder | None = None
        self.start()

    def start(self) -> None:
        self.holder = start_holder(WINDOW, self.soak.path, self.soak.path.parent)

    def kill(self) -> None:
        if self.holder is not None:
            self.holder.kill()

    def current(self) -> tuple[Holder, int]:
        with self.lock:
            assert self.holder is not None
            return self.holder, self.generation


class Server(Restartable):
    """`director serve` on a port the phones keep."""

    def __init__(self, soak: Soak) -> None:
        super().__init__(soak, "table server")
        self.port = free_port()
        self.served: Served | None = None
        self.start()

    def start(self) -> None:
        command = ["serve", str(self.soak.path), "--port", str(self.port)]
        process = subprocess.Popen(
            [sys.executable, "-m", "director", *command],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.served = Served(process, self.port)
        wait_for_port(self.port)

    def kill(self) -> None:
        if self.served is not None:
            self.served.kill()


def pause(rng: random.Random, most: float = 0.3) -> None:
    time.sleep(rng.uniform(0.0, most))


def service_enters(soak: Soak, service: Service, plays: list[Play], seed: int) -> None:
    """The director's entries in the service process, and its own prints and publishes."""
    rng = random.Random(seed)
    while plays and soak.running():
        holder, generation = service.current()
        try:
            if rng.random() < 0.15:
                how = rng.choice(list(SECOND_OPENS))
                if holder.open_again(how) != 0:
                    soak.failures.append(f"the service process could not {how}")
                soak.read(f"{how} in the service process")
            elif holder.enter(plays[0]):
                soak.acknowledge("the service process", plays.pop(0))
            else:
                plays.pop(0)  # entered before a kill, unacknowledged
        except RuntimeError:
            # killed under it: wait for the new one
            while service.current()[1] == generation and soak.running():
                time.sleep(0.05)
        pause(rng, 1.0)


def phone_enters(soak: Soak, server: Server, token: str, plays: list[Play], seed: int) -> None:
    """A table's phone: each result in turn, again until the server answers."""
    rng = random.Random(seed)
    while plays and soak.running():
        try:
            post_result(server.port, token, plays[0], timeout=30)
        except urllib.error.HTTPError as refused:
            if refused.code != 409:  # 503 while the event is busy: again
                time.sleep(0.2)
                continue
            # entered before the server was killed, its answer lost: the page goes on
            plays.pop(0)
        except (OSError, urllib.error.URLError):
            time.sleep(0.2)  # the server is down: again once it is back
            continue
        else:
            soak.acknowledge("phones", plays.pop(0))
        pause(rng, 4.0)  # a table takes a few minutes a tray: spread over the soak


def command_line_enters(soak: Soak, plays: list[Play], seed: int) -> None:
    """`director event result`, one process an entry."""
    rng = random.Random(seed)
    while plays and soak.running():
        round_no, table, tray = play = plays[0]
        done = subprocess.run(
            [
                *(sys.executable, "-m", "director", "event", "result", str(soak.path)),
                *("--round", str(round_no), "--table", str(table), "--tray", str(tray)),
                *("--ns-tricks", str(tricks(play))),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode == 0:
            soak.acknowledge("the command line", plays.pop(0))
        elif "already" in done.stderr:
            plays.pop(0)
        elif "busy" not in done.stderr:
            soak.failures.append(f"director event result: {done.stderr.strip()}")
        pause(rng)


def others_read(soak: Soak, seed: int) -> None:
    """`director print` and `director publish`: programs that read while the others write."""
    rng = random.Random(seed)
    folder = soak.path.parent
    while soak.running():
        if rng.random() < 0.5:
            out = folder / "results.pdf"
            director("print", "results", "--event", soak.path, "--out", out, "--force")
            soak.read("director print")
        else:
            director("publish", soak.path, "--out", folder / "site")
            soak.read("director publish")
        pause(rng, 2.0)


@pytest.mark.slow
def test_soak_every_program_at_once_with_random_kills(tmp_path: Path) -> None:
    path = tmp_path / "club.whist"
    with EventStore.create(path, "Soak") as store:
        store.choose_movement(build(Request("mitchell", tables=12, trays_per_round=2)))
        plays = plays_in_table_order(store.movement())
    tokens = table_tokens(path)
    soak = Soak(path, time.monotonic() + SECONDS)
    rng = random.Random(1910)
    service, server = Service(soak), Server(soak)
    mine = {t: [p for p in plays if p[1] == t] for t in range(1, 13)}
    workers = [
        threading.Thread(
            target=service_enters,
            args=(soak, service, [p for t in WINDOW_TABLES for p in mine[t]], 1),
        ),
        threading.Thread(
            target=command_line_enters,
            args=(soak, [p for t in COMMAND_LINE_TABLES for p in mine[t]], 2),
        ),
        threading.Thread(target=others_read, args=(soak, 3)),
        *(
            threading.Thread(target=phone_enters, args=(soak, server, tokens[t], mine[t], 10 + t))
            for t in PHONE_TABLES
        ),
    ]
    for worker in workers:
        worker.start()
    try:
        while soak.running() and any(w.is_alive() for w in workers):
            time.sleep(rng.uniform(3.0, 10.0))
            if soak.running():
                rng.choice((service, server)).kill_and_restart()
    finally:
        soak.end = 0.0
        for worker in workers:
            worker.join(120)
        service.kill()
        server.kill()
    found = logged_results(path)
    acknowledged = set().union(*soak.acknowledged.values())
    lost = sorted(acknowledged - found)
    with EventStore.open(path, read_only=True) as check:
        stored = len(check.results())
    print(
        f"soak: {SECONDS:.0f} s, {len(acknowledged)} entries acknowledged ("
        + ", ".join(f"{who} {len(p)}" for who, p in sorted(soak.acknowledged.items()))
        + f"), {len(found)} found in the log ({stored} results in the file),"
        f" {sum(soak.kills.values())} kills ("
        + ", ".join(f"{who} {n}" for who, n in sorted(soak.kills.items()))
        + f"), {sum(soak.reads.values())} prints, publishes and copies meanwhile,"
        f" {len(lost)} lost"
    )
    assert soak.failures == []
    assert lost == []
    assert sum(soak.kills.values()) > 0
    assert all(soak.acknowledged.get(who) for who in ("phones", "the service process"))
    done = subprocess.run(
        [sys.executable, "-c", INTEGRITY, str(path)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "ok"


INTEGRITY = """
import sqlite3, sys
raw = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
print(raw.execute("PRAGMA integrity_check").fetchone()[0])
"""
