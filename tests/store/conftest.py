"""Store test set-up: every store test runs against an SQLite file and a PostgreSQL server.

The PostgreSQL server is a throwaway one: `initdb` into a temporary folder, started with
`pg_ctl` on a free port of 127.0.0.1, one fresh database per test, stopped at the end. initdb
refuses to run as root, so as root the server runs as the `postgres` system user. Where no
server can be started (no binaries, no such user) the PostgreSQL runs skip, saying why.
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from director.store.services import EventStore
from schedules.jsonio import load_movement
from schedules.types import Movement
from tests.conftest import MOVEMENTS

SMALL_MOVEMENT = MOVEMENTS / "bridgescorer-Mitchell3Table.json"


@dataclass
class PostgresServer:
    """A running throwaway server; `database()` makes a fresh database and returns its URL."""

    port: int
    _names: Iterator[int]

    def database(self) -> str:
        """A new empty database's URL."""
        import psycopg

        name = f"event_{next(self._names)}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"


def _bin_dir() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    return versions[-1].parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server_user(command: list[str]) -> list[str]:
    """As root, run the server's tools as the `postgres` user (initdb refuses root)."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """Start a throwaway PostgreSQL server for the whole test session."""
    bin_dir = _bin_dir()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (no pg_ctl); run tools/system-deps")
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        pytest.skip("running as root without runuser: cannot start PostgreSQL as 'postgres'")
    folder = Path(tempfile.mkdtemp(prefix="director-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        try:
            shutil.chown(folder, user="postgres")
        except LookupError:
            shutil.rmtree(folder)
            pytest.skip("running as root and there is no 'postgres' user to run the server")
    port = _free_port()
    steps = [
        [str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8"],
        [
            str(bin_dir / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(folder / "server.log"),
            "-w",
            "-o",
            f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off",
            "start",
        ],
    ]
    for step in steps:
        done = subprocess.run(_as_server_user(step), capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = (folder / "server.log").read_text() if (folder / "server.log").exists() else ""
            shutil.rmtree(folder, ignore_errors=True)
            pytest.skip(f"cannot start PostgreSQL: {done.stderr.strip()[-300:]} {log[-300:]}")
    try:
        yield PostgresServer(port, itertools.count(1))
    finally:
        # Without waiting: pg_ctl's own wait can hang for its full minute where the server's
        # orphaned process is not reaped at once (containers); its pid file going is enough.
        stop = [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-W", "stop"]
        subprocess.run(_as_server_user(stop), capture_output=True, check=False)
        deadline = time.monotonic() + 10
        while (data / "postmaster.pid").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> str:
    """The database the test runs against."""
    return str(request.param)


@pytest.fixture
def target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str | Path:
    """Where a new event goes: a file path, or a fresh PostgreSQL database's URL."""
    if backend == "sqlite":
        return tmp_path / "event.whist"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.database()


@pytest.fixture
def movement() -> Movement:
    """A published 3-table Mitchell (6 pairs, 3 rounds)."""
    return load_movement(str(SMALL_MOVEMENT))


@pytest.fixture
def store(target: str | Path, movement: Movement) -> Iterator[EventStore]:
    """A new event with the small Mitchell chosen for session 1, section A."""
    with EventStore.create(target, name="Test event") as opened:
        opened.choose_movement(movement)
        yield opened


@pytest.fixture
def reopen(target: str | Path) -> Iterator[Callable[[], EventStore]]:
    """Open the same event again (as a second station, or after closing)."""
    opened: list[EventStore] = []

    def _open() -> EventStore:
        opened.append(EventStore.open(target))
        return opened[-1]

    yield _open
    for s in opened:
        s.close()
