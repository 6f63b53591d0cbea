"""Opening the database: an SQLite event file, or a PostgreSQL server given by URL.

Before anything writes to a file, it is examined read-only: a file that is not SQLite, not an
event, from a newer program or damaged is refused with a message and left exactly as it was.
An event file from an older version is copied beside itself and then upgraded by Alembic.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from director.store.backup import copy_sqlite
from director.store.values import DamagedEventError, NotAnEventError, StoreError

MIGRATIONS = Path(__file__).parent / "migrations"
SQLITE_HEADER = b"SQLite format 3\x00"
EVENT_TABLE = "event"


@dataclass(frozen=True)
class EventDatabase:
    """An engine on an event database at the current schema revision."""

    engine: Engine
    path: Path | None
    """The event file (None for a server database)."""
    revision: str


def is_url(target: str | Path) -> bool:
    """A database URL ("postgresql+psycopg://...") rather than a file path."""
    return isinstance(target, str) and "://" in target


def alembic_config() -> Config:
    """Alembic's configuration for our migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    """The schema revision this program writes."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "the migrations folder holds no revision"
    return head


def make_engine(target: str | Path) -> Engine:
    """An engine for a file or URL, SQLite connections set up as the store needs them."""
    if not is_url(target):
        engine = create_engine(f"sqlite:///{Path(target)}", connect_args={"timeout": 30})
        _set_up_sqlite(engine)
        return engine
    url = make_url(str(target))
    if url.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"timeout": 30})
        _set_up_sqlite(engine)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _set_up_sqlite(engine: Engine) -> None:
    """Foreign keys on every connection; WAL once, since it is a lasting property of the file
    and switching it needs the database to itself (Home Assistant's recorder does the same)."""
    state = {"wal": False}

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        if not state["wal"]:
            cursor.execute("PRAGMA journal_mode=WAL")
            state["wal"] = True
        cursor.close()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run the migrations up to `revision` on the engine's database.

    They run on a connection of their own, closed afterwards: the migrations switch SQLite's
    foreign keys off, and that connection must never go back to the pool.
    """
    config = alembic_config()
    migrator = create_engine(engine.url, poolclass=NullPool)
    try:
        with migrator.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        migrator.dispose()


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None when it has no version table)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def create_database(target: str | Path, revision: str = "head") -> EventDatabase:
    """A new event database: a file that must not exist yet, or an empty server database."""
    path = None if is_url(target) else Path(target)
    if path is not None:
        if path.exists():
            raise StoreError(f"{path} already exists; open it, or choose another file name")
        if not path.parent.is_dir():
            raise StoreError(f"folder {path.parent} does not exist; create it first")
    engine = make_engine(target)
    if path is None and EVENT_TABLE in inspect(engine).get_table_names():
        engine.dispose()
        raise StoreError(f"{target} already holds an event; open it instead")
    upgrade(engine, revision)
    return EventDatabase(engine, path, current_revision(engine) or "")


def open_database(target: str | Path) -> EventDatabase:
    """Open an event database, upgrading an older one; refuse anything else untouched."""
    if is_url(target):
        engine = make_engine(target)
        revision = _check_server(engine, str(target))
        return EventDatabase(engine, None, revision)
    path = Path(target)
    revision = examine_file(path)
    head = head_revision()
    if revision != head:
        copy = path.with_name(f"{path.stem}.before-upgrade-{revision}.{_stamp()}{path.suffix}")
        copy_sqlite(path, copy)
    engine = make_engine(path)
    if revision != head:
        upgrade(engine)
    return EventDatabase(engine, path, head)


def _check_server(engine: Engine, target: str) -> str:
    revision = current_revision(engine)
    if revision is None:
        engine.dispose()
        raise NotAnEventError(f"{target} holds no event; create one with `director event new`")
    _check_known(revision, target)
    if revision != head_revision():
        upgrade(engine)
    return head_revision()


def examine_file(path: Path) -> str:
    """The schema revision of an event file, read without changing it.

    Raises `NotAnEventError` (missing, not SQLite, not an event, newer program) or
    `DamagedEventError` (fails `PRAGMA integrity_check`).
    """
    if not path.is_file():
        raise NotAnEventError(f"no event file at {path}; create one with `director event new`")
    with path.open("rb") as fh:
        header = fh.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        raise NotAnEventError(f"{path} is not an event file (not an SQLite database); left as is")
    # Read-only is not enough to leave the folder as it was: SQLite creates -wal and -shm
    # files beside a WAL database it opens. Without a -wal file there is nothing to replay,
    # so read the file as immutable; with one, it must be read through it.
    wal = path.with_name(path.name + "-wal")
    mode = "ro" if wal.exists() and wal.stat().st_size else "ro&immutable=1"
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True)
    except sqlite3.Error as exc:
        raise DamagedEventError(f"{path} cannot be read ({exc}); left as is") from exc
    try:
        report = "\n".join(row[0] for row in connection.execute("PRAGMA integrity_check"))
        if report != "ok":
            problems = [line for line in report.splitlines() if not line.startswith("***")]
            raise DamagedEventError(
                f"{path} is damaged ({len(problems)} problems, the first: {problems[0]});"
                " it was left as is: open the latest backup copy instead"
            )
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        if EVENT_TABLE not in tables or "alembic_version" not in tables:
            raise NotAnEventError(f"{path} is an SQLite database but not an event file; left as is")
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError as exc:
        raise DamagedEventError(f"{path} is damaged ({exc}); it was left as is") from exc
    finally:
        connection.close()
    if row is None:
        raise NotAnEventError(f"{path} has no schema version; it is not an event file")
    _check_known(row[0], str(path))
    return str(row[0])


def _check_known(revision: str, where: str) -> None:
    script = ScriptDirectory.from_config(alembic_config())
    try:
        known = script.get_revision(revision)
    except Exception:  # alembic raises several kinds for an unknown revision
        known = None
    if known is None:
        raise NotAnEventError(
            f"{where} was written by a newer version of Whist Director (schema {revision});"
            " update the program to open it. The file was left as is."
        )


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
