"""Event files: created, upgraded from an older schema with a backup copy beside them, and
refused untouched when they are not events, come from a newer program, or are damaged."""

from __future__ import annotations

import hashlib
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from director.store.engine import create_database, head_revision
from director.store.paths import DATA_ENV, default_event_file
from director.store.services import (
    EventStore,
    IrregularityKind,
    ResultEntry,
    StoreError,
)
from director.store.values import DamagedEventError, NotAnEventError
from schedules.types import Movement


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file in the folder with a hash of its bytes."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_create_refuses_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "event.whist"
    EventStore.create(path, "Club").close()
    with pytest.raises(StoreError, match="already exists"):
        EventStore.create(path, "Club")


def test_a_new_file_is_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club") as store, store._unit() as db:
        assert db.connection().exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    with closing(sqlite3.connect(path)) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(NotAnEventError, match="no event file"):
        EventStore.open(tmp_path / "nothing.whist")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"name,club\nAmes,Elm\n", "not an SQLite database"),
        (b"", "not an SQLite database"),
    ],
)
def test_foreign_files_are_refused_untouched(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "roster.whist"
    path.write_bytes(content)
    before = fingerprint(tmp_path)
    with pytest.raises(NotAnEventError, match=message):
        EventStore.open(path)
    assert fingerprint(tmp_path) == before


def test_another_programs_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(path)) as other, other:
        other.execute("CREATE TABLE notes (text TEXT)")
    before = fingerprint(tmp_path)
    with pytest.raises(NotAnEventError, match="not an event file"):
        EventStore.open(path)
    assert fingerprint(tmp_path) == before


def test_a_newer_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "event.whist"
    EventStore.create(path, "Club").close()
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute("UPDATE alembic_version SET version_num = '9999'")
    before = fingerprint(tmp_path)
    with pytest.raises(NotAnEventError, match="newer version of Whist Director"):
        EventStore.open(path)
    assert fingerprint(tmp_path) == before


def test_a_damaged_file_is_refused_untouched(tmp_path: Path, movement: Movement) -> None:
    path = tmp_path / "event.whist"
    with EventStore.create(path, "Club") as store:
        store.choose_movement(movement)
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        raw.execute("PRAGMA journal_mode=DELETE")
        page_size = raw.execute("PRAGMA page_size").fetchone()[0]
        root = raw.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'seating_places'"
        ).fetchone()[0]
    data = bytearray(path.read_bytes())
    start = (root - 1) * page_size
    data[start + 8 : start + page_size] = b"\xa5" * (page_size - 8)
    path.write_bytes(bytes(data))
    before = fingerprint(tmp_path)
    with pytest.raises(DamagedEventError, match=r"damaged.*left as is"):
        EventStore.open(path)
    assert fingerprint(tmp_path) == before


def test_an_older_file_is_upgraded_after_a_backup_copy(tmp_path: Path, movement: Movement) -> None:
    """A file written at the first revision (before irregularities were stored) opens, keeps
    its data, gains the new table, and leaves a copy of itself as it was."""
    path = tmp_path / "event.whist"
    old = create_database(path, revision="0001")
    old.close()
    with closing(sqlite3.connect(path)) as raw, raw:
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
        assert "irregularities" not in tables
        raw.execute(
            "INSERT INTO event (name, method, scale, rounding)"
            " VALUES ('Old', 'plusminus', '2-1', 'exact')"
        )
        raw.execute("INSERT INTO sessions (number, name) VALUES (1, 'Session 1')")
        raw.execute("INSERT INTO sections (session_id, name) VALUES (1, 'A')")
    with closing(sqlite3.connect(path)) as raw:
        original = list(raw.iterdump())
    with EventStore.open(path) as store:
        assert store.info().name == "Old"
        assert store.info().schema_revision == head_revision() != "0001"
        store.choose_movement(movement)
        store.record_result(ResultEntry(1, 2, 3, 1, 7))
        irregular = store.record_irregularity(
            round=2, table=3, tray=1, kind=IrregularityKind.SHORT_HAND
        )
        assert store.irregularities() == (irregular,)
    copies = list(tmp_path.glob("event.before-upgrade-0001.*.whist"))
    assert len(copies) == 1
    with closing(sqlite3.connect(copies[0])) as raw:
        assert list(raw.iterdump()) == original
    with EventStore.open(path) as again:
        assert len(again.results()) == 1
    assert len(list(tmp_path.glob("event.before-upgrade-*"))) == 1


def test_default_event_file_lives_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    assert default_event_file() == tmp_path / "data" / "event.whist"
    assert (tmp_path / "data").is_dir()
    monkeypatch.delenv(DATA_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_event_file() == tmp_path / "xdg" / "whist-director" / "event.whist"


def test_the_migrations_build_exactly_the_models_schema(target: str | Path) -> None:
    """Nothing in `schema.py` is missing from the migrations (or the other way round)."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from director.store.schema import Base

    database = create_database(target)
    try:
        with database.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
    finally:
        database.close()


def test_the_revision_written_is_the_newest_migration() -> None:
    """The program knows its schema revision without loading alembic; it must be alembic's."""
    from alembic.script import ScriptDirectory

    from director.store.engine import alembic_config

    assert head_revision() == ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_opening_an_up_to_date_event_does_not_load_alembic(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "club.whist"
    create_database(path).close()
    code = (
        "import sys; from director.store.services import EventStore;"
        f"EventStore.open({str(path)!r}, read_only=True).close();"
        "print('alembic' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"
