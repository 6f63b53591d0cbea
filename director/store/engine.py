"""Opening the database: an SQLite event file, or a PostgreSQL server given by URL.

Before anything writes to a file, it is examined read-only: a file that is not SQLite, not an
event, from a newer program or damaged is refused with a message and left exactly as it was.
An event file from an older version is copied beside itself and then upgraded by Alembic.
A file that cannot be written (read-only file, folder or disk) is refused for writing; opened
read-only, it is read without leaving -wal or -shm files beside it.

A file is opened once per process (`director.store.held` says why): a second open of a file
the process already holds shares its engine, and is neither examined again nor read by any
other means.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from director.store import held
from director.store.backup import copy_sqlite
from director.store.files import (
    SQLITE_HEADER,
    is_url,
    read_header,
    read_only_uri,
    write_problem,
)
from director.store.held import Holding
from director.store.schema import Base
from director.store.values import (
    DamagedEventError,
    DiskFullError,
    NotAnEventError,
    ReadOnlyEventError,
    StoreError,
)

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).parent / "migrations"
DAMAGE_SIGNS = ("Could not decode", "malformed", "no such table", "no such column")
"""What SQLite says when a file's content or schema is not what was written."""
EVENT_TABLE = "event"
READ_ONLY = "whist_read_only"
"""The execution option of a read-only view of a writable engine: its transactions run with
SQLite's `PRAGMA query_only`, so that every change is refused as on a read-only file."""


class EventDatabase:
    """One open of an event database at the current schema revision.

    Every open of the same file in this process shares one engine (`director.store.held`);
    `close` gives this open up, and the last one closes the engine.
    """

    def __init__(self, holding: Holding, read_only: bool = False) -> None:
        self._holding = holding
        self.read_only = read_only
        """Opened for reading only: every write is refused."""
        self._closed = False

    @property
    def engine(self) -> Engine:
        """The engine to work through; for a read-only open of a file this process also has
        open for writing, a view of the shared engine that refuses every change."""
        return self._holding.view if self.read_only else self._holding.engine

    @property
    def path(self) -> Path | None:
        """The event file (None for a server database)."""
        return self._holding.path

    @property
    def revision(self) -> str:
        """The schema revision the database is at."""
        return self._holding.revision

    @property
    def damaged(self) -> str | None:
        """Why the program called the file damaged since it was opened (None: it has not)."""
        return self._holding.damaged

    def mark_damaged(self, why: str) -> None:
        """The file is damaged: from now on every open of it in this process refuses changes."""
        self._holding.damaged = why

    def close(self) -> None:
        """Give this open up (once; a second call does nothing)."""
        if not self._closed:
            self._closed = True
            held.release(self._holding)


HEAD_REVISION = "0006"
"""The schema revision this program writes: the newest migration's (a test holds the two
equal). Known without alembic, so opening an up-to-date event never loads it (a third of a
command's start-up)."""


def alembic_config() -> Config:
    """Alembic's configuration for our migrations (no alembic.ini needed)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    """The schema revision this program writes."""
    return HEAD_REVISION


def make_engine(target: str | Path, read_only: bool = False) -> Engine:
    """An engine for a file or URL, SQLite connections set up as the store needs them."""
    if not is_url(target):
        if read_only:
            return _read_only_engine(Path(target))
        engine = create_engine(f"sqlite:///{Path(target)}", connect_args={"timeout": 30})
        _set_up_sqlite(engine)
        return engine
    url = make_url(str(target))
    if url.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"timeout": 30})
        _set_up_sqlite(engine)
        return engine
    options = {"postgresql_readonly": True} if read_only else {}
    return create_engine(url, pool_pre_ping=True, execution_options=options)


def _read_only_engine(path: Path) -> Engine:
    """An engine that can only read the file. Each use opens a fresh connection (no pool), so
    that whether to read through the -wal file is decided anew each time."""

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(read_only_uri(path), uri=True, timeout=30, check_same_thread=False)

    # The URL only names the file (the store shows it); `connect` makes every connection.
    return create_engine(f"sqlite:///{path}", creator=connect, poolclass=NullPool)


def _set_up_sqlite(engine: Engine) -> None:
    """Foreign keys on every connection; WAL once, since it is a lasting property of the file
    and switching it needs the database to itself (Home Assistant's recorder does the same).
    A transaction of a read-only view (`READ_ONLY`) can only read: SQLite refuses its changes
    as it refuses them on a read-only file."""
    state = {"wal": False}

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        if not state["wal"]:
            cursor.execute("PRAGMA journal_mode=WAL")
            state["wal"] = True
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        wanted = bool(connection.get_execution_options().get(READ_ONLY, False))
        pooled = connection.connection
        if pooled.info.get(READ_ONLY, False) != wanted:
            cursor = pooled.cursor()
            cursor.execute(f"PRAGMA query_only={int(wanted)}")
            cursor.close()
            pooled.info[READ_ONLY] = wanted


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run the migrations up to `revision` on the engine's database.

    They run on a connection of their own, closed afterwards: the migrations switch SQLite's
    foreign keys off, and that connection must never go back to the pool.
    """
    from alembic import command

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
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def explain_database_error(exc: DBAPIError, where: str) -> StoreError | None:
    """What a database's refusal means for the director (None: nothing more precise to say).

    `where` names the event (its file, or its URL). The database's own text never reaches the
    director: it may quote SQL.
    """
    code = getattr(exc.orig, "sqlite_errorcode", None)
    primary = None if code is None else code & 0xFF  # extended codes keep the primary below
    state = getattr(exc.orig, "sqlstate", None)
    text = str(exc.orig)
    if primary == sqlite3.SQLITE_FULL or state == "53100":
        return DiskFullError(
            f"the disk holding {where} is full; the last entry was not saved (everything"
            " before it is kept); free some space and enter it again"
        )
    if primary == sqlite3.SQLITE_READONLY or state == "25006":
        return ReadOnlyEventError(
            f"{where} is open read-only: nothing can be changed; copy it to a folder you can"
            " write to and open the copy"
        )
    if primary == sqlite3.SQLITE_BUSY:
        return StoreError(
            f"{where} is busy: another program kept it locked for too long; try again"
        )
    damaged = primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or any(
        sign in text for sign in DAMAGE_SIGNS
    )
    if damaged:
        first = text.splitlines()[0] if text else type(exc.orig).__name__
        return DamagedEventError(
            f"{where} is damaged: a value or table in it cannot be read ({first[:120]}); it was"
            " left as is: open the latest backup copy instead"
        )
    return None


def create_database(target: str | Path, revision: str = "head") -> EventDatabase:
    """A new event database: a file that must not exist yet, or an empty server database."""
    path = None if is_url(target) else Path(target)
    if path is None:
        engine = make_engine(target)
        if EVENT_TABLE in inspect(engine).get_table_names():
            engine.dispose()
            raise StoreError(f"{target} already holds an event; open it instead")
        upgrade(engine, revision)
        return EventDatabase(_server_holding(engine, current_revision(engine) or "", False))
    if path.exists():
        raise StoreError(f"{path} already exists; open it, or choose another file name")
    if not path.parent.is_dir():
        raise StoreError(f"folder {path.parent} does not exist; create it first")
    problem = write_problem(path)
    if problem:
        raise ReadOnlyEventError(
            f"cannot create {path}: {problem}; choose a folder you can write to"
        )
    with held.registry():
        engine = make_engine(path)
        upgrade(engine, revision)
        holding = _writable_holding(path, engine, current_revision(engine) or "")
        held.register(path, holding)
    return EventDatabase(holding)


def open_database(target: str | Path, read_only: bool = False) -> EventDatabase:
    """Open an event database, upgrading an older one; refuse anything else untouched.

    Opening a file for writing that cannot be written raises `ReadOnlyEventError`. With
    `read_only`, nothing is ever written (an older file that would need upgrading is refused).
    A file this process has open already is shared (`director.store.held`).
    """
    if is_url(target):
        engine = make_engine(target, read_only)
        revision = _check_server(engine, str(target), read_only)
        return EventDatabase(_server_holding(engine, revision, read_only), read_only)
    path = Path(target)
    with held.registry():
        holding = held.find(path)
        if holding is None:
            holding = _first_open(path, read_only)
            held.register(path, holding)
        elif read_only or holding.writable:
            holding.users += 1
        else:
            _open_for_writing(path, holding)
    return EventDatabase(holding, read_only)


def _first_open(path: Path, read_only: bool) -> Holding:
    """The holding of a file this process does not have open yet, examined first."""
    revision = examine_file(path)
    head = head_revision()
    if read_only:
        if revision != head:
            _refuse_upgrade(str(path))
        engine = make_engine(path, read_only=True)
        return Holding(path, engine, engine, head, writable=False)
    _check_writable(path)
    if revision != head:
        copy = path.with_name(f"{path.stem}.before-upgrade-{revision}.{_stamp()}{path.suffix}")
        copy_sqlite(path, copy)
    engine = make_engine(path)
    if revision != head:
        upgrade(engine)
    return _writable_holding(path, engine, head)


def _open_for_writing(path: Path, holding: Holding) -> None:
    """A file this process has open read-only only is opened for writing: it gets a writable
    engine, which the read-only opens go on through as a view (they can still only read)."""
    _check_writable(path)
    reader = holding.engine
    writable = _writable_holding(path, make_engine(path), holding.revision)
    holding.engine, holding.view, holding.writable = writable.engine, writable.view, True
    holding.users += 1
    reader.dispose()


def _writable_holding(path: Path, engine: Engine, revision: str) -> Holding:
    return Holding(path, engine, engine.execution_options(**{READ_ONLY: True}), revision, True)


def _server_holding(engine: Engine, revision: str, read_only: bool) -> Holding:
    """A server database's engine, for one open (a server's own connections need no sharing:
    no lock of it lives in this process)."""
    return Holding(None, engine, engine, revision, writable=not read_only)


def _check_writable(path: Path) -> None:
    problem = write_problem(path)
    if problem:
        raise ReadOnlyEventError(
            f"{path} cannot be changed: {problem}. Open it read-only to see the standings and"
            " print, or copy it to a folder you can write to and open the copy."
        )


def _check_server(engine: Engine, target: str, read_only: bool) -> str:
    revision = current_revision(engine)
    if revision is None:
        engine.dispose()
        raise NotAnEventError(f"{target} holds no event; create one with `director event new`")
    _check_known(revision, target)
    if revision != head_revision():
        if read_only:
            engine.dispose()
            _refuse_upgrade(target)
        upgrade(engine)
    return head_revision()


def _refuse_upgrade(where: str) -> None:
    raise ReadOnlyEventError(
        f"{where} was written by an older version of Whist Director and must be upgraded"
        " before it can be read, which needs writing: open it once for writing, or copy it"
        " to a folder you can write to and open the copy"
    )


def examine_file(path: Path) -> str:
    """The schema revision of an event file, read without changing it.

    Raises `NotAnEventError` (missing, not SQLite, not an event, newer program) or
    `DamagedEventError` (fails `PRAGMA integrity_check`, or lacks a table or column).
    """
    if not path.is_file():
        raise NotAnEventError(f"no event file at {path}; create one with `director event new`")
    try:
        header = read_header(path)
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror}") from None
    if header != SQLITE_HEADER:
        raise NotAnEventError(f"{path} is not an event file (not an SQLite database); left as is")
    try:
        connection = sqlite3.connect(read_only_uri(path), uri=True)
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
        if row is not None and row[0] == head_revision():
            _check_structure(connection, path)
    except sqlite3.DatabaseError as exc:
        if exc.sqlite_errorcode == sqlite3.SQLITE_CANTOPEN:
            raise _cannot_open(path, exc) from exc
        raise DamagedEventError(f"{path} is damaged ({exc}); it was left as is") from exc
    finally:
        connection.close()
    if row is None:
        raise NotAnEventError(f"{path} has no schema version; it is not an event file")
    _check_known(row[0], str(path))
    return str(row[0])


def _cannot_open(path: Path, exc: sqlite3.Error) -> StoreError:
    """Why SQLite could not open a file it can read. Most often: its -wal holds changes, which
    SQLite reads only by making a -shm file beside it, and a read-only folder or disk does not
    allow that (a copy taken from a machine that crashed)."""
    wal = path.with_name(path.name + "-wal")
    if not (wal.exists() and wal.stat().st_size):
        return StoreError(f"{path} cannot be opened ({exc}); check that its folder can be read")
    return ReadOnlyEventError(
        f"{path} has changes in {wal.name} that can only be read where files can be written"
        f" beside it: copy {path.name} and {wal.name} together to a folder you can write to,"
        " and open the copy"
    )


def _check_structure(connection: sqlite3.Connection, path: Path) -> None:
    """Every table and column this program writes is there (integrity_check does not look)."""
    for table in Base.metadata.sorted_tables:
        have = {row[1] for row in connection.execute(f'PRAGMA table_info("{table.name}")')}
        if not have:
            raise DamagedEventError(
                f"{path} is damaged: its {table.name} table is missing; it was left as is:"
                " open the latest backup copy instead"
            )
        missing = [column.name for column in table.columns if column.name not in have]
        if missing:
            raise DamagedEventError(
                f"{path} is damaged: its {table.name} table lacks {', '.join(missing)}; it was"
                " left as is: open the latest backup copy instead"
            )


def _check_known(revision: str, where: str) -> None:
    if revision == HEAD_REVISION:
        return
    from alembic.script import ScriptDirectory

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
