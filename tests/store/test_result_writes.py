"""How a correction reaches the database: one UPDATE that quotes the version its author saw,
so another station's change landing in between is refused, not overwritten."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Engine, event, update
from sqlalchemy.orm import Session as Db

from director.store.repository import results as repository
from director.store.schema import ResultRow
from director.store.services import ConflictError, EventStore, ResultEntry


def entry(ns_tricks: int) -> ResultEntry:
    return ResultEntry(session=1, section="A", round=1, table=1, tray=1, ns_tricks=ns_tricks)


@pytest.fixture
def statements() -> Iterator[list[str]]:
    """The SQL each engine runs while the test does."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, sql: str, *_rest: Any) -> None:
        seen.append(" ".join(sql.split()))

    event.listen(Engine, "before_cursor_execute", note)
    yield seen
    event.remove(Engine, "before_cursor_execute", note)


def test_a_correction_is_one_update_and_keeps_its_audit_values(
    store: EventStore, statements: list[str]
) -> None:
    first = store.record_result(entry(7))
    statements.clear()
    corrected = store.correct_result(first.id, first.version, ns_tricks=8, who="TD")
    writes = [s for s in statements if s.upper().startswith("UPDATE RESULTS")]
    assert len(writes) == 1, writes
    assert "row_version" in writes[0].split("WHERE", 1)[1]
    assert (corrected.ns_tricks, corrected.version, corrected.entered_by) == (8, 2, "TD")
    change = store.audit_log(1)[0].changes[0]
    assert change.old is not None
    assert change.new is not None
    assert (change.old["ns_tricks"], change.old["row_version"]) == (7, 1)
    assert (change.new["ns_tricks"], change.new["row_version"]) == (8, 2)


@pytest.fixture
def another_station_between_read_and_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another station's correction commits after the row is read and before it is written
    (the session keeps the row as it read it)."""
    read = repository._locked_result

    def read_then_changed(db: Db, result_id: int, expected_version: int) -> ResultRow:
        row = read(db, result_id, expected_version)
        db.execute(
            update(ResultRow)
            .where(ResultRow.id == result_id)
            .values(ns_tricks=10, ew_tricks=3, row_version=expected_version + 1)
            .execution_options(synchronize_session=False)
        )
        return row

    monkeypatch.setattr(repository, "_locked_result", read_then_changed)


@pytest.mark.usefixtures("another_station_between_read_and_write")
def test_a_correction_crossing_another_stations_is_refused(store: EventStore) -> None:
    first = store.record_result(entry(7))
    with pytest.raises(ConflictError, match="changed by another station just now"):
        store.correct_result(first.id, first.version, ns_tricks=8)
    assert store.result(first.id).ns_tricks == 7  # the refused step kept nothing
    assert store.audit_log(1)[0].action == "record result"


@pytest.mark.usefixtures("another_station_between_read_and_write")
def test_a_deletion_crossing_another_stations_change_is_refused(store: EventStore) -> None:
    first = store.record_result(entry(7))
    with pytest.raises(ConflictError, match="changed by another station just now"):
        store.delete_result(first.id, first.version)
    assert [r.id for r in store.results()] == [first.id]
